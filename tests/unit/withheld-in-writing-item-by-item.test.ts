/**
 * Public documents are public (ordinance L(4)) and whatever is withheld is denied in writing, item by item,
 * on a POL §87(2) ground (item-decisions.rules.ts), as tables.
 */
import { describe, expect, it } from 'vitest';
import {
  checkItemDecision,
  PUBLIC_BY_LAW_TYPES,
  releasableDocumentIds,
  requestable,
  requestOutcome,
  STATUTORY_GROUNDS,
  withheldLine,
  type ItemDecisionInput,
} from '#lib/server/records-requests/item-decisions.rules.ts';

describe('a visibility switch cannot hide a public document by law from a requester', () => {
  it.each([
    ['swppp', false, true],
    ['swppp_amendment', false, true],
    ['inspection_report', false, true],
    ['monthly_summary', false, true],
    ['other', false, false],
    ['noi', false, false],
    ['as_built_plans', false, false],
    ['other', true, true],
    ['noi', true, true],
  ] as const)('%s, public switch %s → requestable %s', (type, isPublic, expected) => {
    expect(requestable({ type, public: isPublic })).toBe(expected);
  });
  it('the law-public types are the SWPPP, its amendments, inspection reports and their monthly summaries', () => {
    expect([...PUBLIC_BY_LAW_TYPES].sort()).toEqual([
      'inspection_report',
      'monthly_summary',
      'swppp',
      'swppp_amendment',
    ]);
  });
});

describe('the clerk decides each item in writing, on a ground from the list', () => {
  const input = (p: Partial<ItemDecisionInput>): ItemDecisionInput => ({
    decision: 'granted',
    groundId: null,
    reason: '',
    withheldDocumentIds: [],
    ...p,
  });
  const range = { documentIds: [11, 12, 13], released: false };
  const single = { documentIds: [21], released: false };
  const grounds = [1, 2];
  it.each([
    ['granted: nothing else needed', input({}), range, {}],
    ['granted with a note', input({ reason: 'All of it.' }), range, {}],
    [
      'granted but documents ticked',
      input({ withheldDocumentIds: [11] }),
      range,
      { withheld: 'A granted item withholds nothing: untick the documents, or choose "granted in part".' },
    ],
    [
      'denied without a ground or words',
      input({ decision: 'denied' }),
      range,
      {
        groundId: 'Choose the ground in Public Officers Law §87(2) the records are withheld on.',
        reason: 'Say in words why this item is denied: the requester reads it.',
      },
    ],
    [
      'denied on a ground not offered',
      input({ decision: 'denied', groundId: 9, reason: 'x' }),
      range,
      { groundId: 'That ground is not on the list. Choose one of the grounds offered.' },
    ],
    [
      'denied on a ground, with words',
      input({ decision: 'denied', groundId: 2, reason: 'Private numbers.' }),
      range,
      {},
    ],
    [
      'denied with blank words',
      input({ decision: 'denied', groundId: 2, reason: '   ' }),
      range,
      { reason: 'Say in words why this item is denied: the requester reads it.' },
    ],
    [
      'in part without words',
      input({ decision: 'granted_in_part', groundId: 1, withheldDocumentIds: [12] }),
      range,
      { reason: 'Say in words what is withheld and why: the requester reads it.' },
    ],
    [
      'in part, nothing ticked',
      input({ decision: 'granted_in_part', groundId: 1, reason: 'x' }),
      range,
      { withheld: 'Tick the documents withheld (for a redacted document, tick it and upload the redacted copy).' },
    ],
    [
      'in part, a foreign document',
      input({ decision: 'granted_in_part', groundId: 1, reason: 'x', withheldDocumentIds: [12, 99] }),
      range,
      { withheld: 'One of the ticked documents is not part of this item. Reload the page.' },
    ],
    [
      'in part, every document of a range',
      input({ decision: 'granted_in_part', groundId: 1, reason: 'x', withheldDocumentIds: [11, 12, 13] }),
      range,
      { withheld: 'Every document of this item is ticked: choose "denied" instead.' },
    ],
    [
      'in part, one of three',
      input({ decision: 'granted_in_part', groundId: 1, reason: 'x', withheldDocumentIds: [12] }),
      range,
      {},
    ],
    [
      'in part, a single document (released redacted)',
      input({ decision: 'granted_in_part', groundId: 1, reason: 'Redacted copy attached.', withheldDocumentIds: [21] }),
      single,
      {},
    ],
    [
      'anything withheld once released',
      input({ decision: 'denied', groundId: 1, reason: 'x' }),
      { ...range, released: true },
      { decision: 'This item is already released to the requester; it cannot be withheld now.' },
    ],
    ['granted once released', input({}), { ...range, released: true }, {}],
  ])('%s', (_name, i, item, expected) => {
    expect(checkItemDecision(i, item, grounds)).toEqual(expected);
  });
});

describe('what an item releases under its decision', () => {
  it.each([
    [null, null, [1, 2, 3]],
    ['granted', null, [1, 2, 3]],
    ['granted', [2], [1, 2, 3]],
    ['granted_in_part', [2], [1, 3]],
    ['granted_in_part', null, [1, 2, 3]],
    ['denied', null, []],
    ['denied', [2], []],
  ] as const)('%s withholding %o → %o', (decision, withheld, expected) => {
    expect(releasableDocumentIds([1, 2, 3], decision, withheld as number[] | null)).toEqual(expected);
  });
});

describe('the answer to the whole request, from its items', () => {
  it.each([
    [[], 'granted'],
    [[null, null], 'granted'],
    [['granted', null], 'granted'],
    [['granted', 'granted_in_part'], 'granted_in_part'],
    [['granted', 'denied'], 'granted_in_part'],
    [[null, 'denied'], 'granted_in_part'],
    [['denied', 'denied'], 'denied'],
    [['denied'], 'denied'],
  ] as const)('%o → %s', (decisions, outcome) => {
    expect(requestOutcome([...decisions])).toBe(outcome);
  });
});

describe('the line the requester reads for a withheld item', () => {
  const g = { citation: 'POL §87(2)(b)', label: 'privacy' };
  it.each([
    [
      'Inspection reports',
      'denied',
      g,
      'Home numbers.',
      0,
      'Inspection reports: denied under POL §87(2)(b) (privacy). Home numbers.',
    ],
    [
      'Inspection reports',
      'granted_in_part',
      g,
      ' Two withheld. ',
      2,
      'Inspection reports: granted in part (2 documents withheld) under POL §87(2)(b) (privacy). Two withheld.',
    ],
    [
      'SWPPP',
      'granted_in_part',
      g,
      null,
      1,
      'SWPPP: granted in part (1 document withheld) under POL §87(2)(b) (privacy).',
    ],
    ['SWPPP', 'denied', null, '  ', 1, 'SWPPP: denied.'],
  ] as const)('%s %s', (label, decision, ground, reason, n, line) => {
    expect(withheldLine(label, decision, ground, reason, n)).toBe(line);
  });
});

describe('the statutory grounds seeded for the admin’s list', () => {
  it('are POL §87(2)(a) to (i), each with plain words', () => {
    expect(STATUTORY_GROUNDS.map((g) => g.citation)).toEqual(
      ['a', 'b', 'c', 'd', 'e)(i', 'e)(ii', 'e)(iii', 'e)(iv', 'f', 'g', 'h', 'i'].map((l) => `POL §87(2)(${l})`),
    );
    for (const g of STATUTORY_GROUNDS) expect(g.label.length).toBeGreaterThan(20);
    expect(STATUTORY_GROUNDS[1].label).toContain('personal privacy');
    expect(STATUTORY_GROUNDS[8].label).toContain('life or safety');
  });
});
