/**
 * What a resident reads about a project's enforcement (in-force.rules.ts), exactly: the headline and its
 * plurals, the order of what is in force (in force now first, then by severity, then newest), and the dated
 * sentence for every way an action ends. Each case pins words a wrong "in effect" or "resolved" would change.
 */
import { describe, expect, it } from 'vitest';
import {
  describeAction,
  isInForce,
  publicStatusWords,
  summarizeEnforcement,
  type EnforcementFacts,
} from '#lib/server/enforcement/in-force.rules.ts';

const base: EnforcementFacts = {
  id: 1,
  type: 'notice_of_violation',
  status: 'issued',
  issuedOn: '2026-05-04',
  closedOn: null,
  liftedOn: null,
  complyBy: null,
  citedSection: null,
  fineAssessedCents: null,
  finePaidCents: 0,
};
const act = (over: Partial<EnforcementFacts>): EnforcementFacts => ({ ...base, ...over });
const TODAY = '2026-06-01';

describe('isInForce: closed, withdrawn or (a stop-work order) lifted ends it; nothing else does', () => {
  it.each([
    ['closed by status alone, with no closing date', act({ status: 'closed' }), false],
    ['withdrawn with no date', act({ status: 'withdrawn' }), false],
    [
      'a notice of violation with a lifted date is still in force (only stop-work orders are lifted)',
      act({ liftedOn: '2026-05-10' }),
      true,
    ],
    ['a stop-work order lifted', act({ type: 'stop_work_order', liftedOn: '2026-05-10' }), false],
    ['complied but not closed', act({ status: 'complied' }), true],
  ] as const)('%s', (_n, a, inForce) => {
    expect(isInForce(a)).toBe(inForce);
  });
});

describe('the headline a resident reads', () => {
  it.each([
    [[], 'clear', 'No enforcement actions on record'],
    [
      [act({ status: 'closed', closedOn: '2026-05-20' })],
      'clear',
      'No enforcement in effect (1 past action, all resolved)',
    ],
    [
      [act({ status: 'closed', closedOn: '2026-05-20' }), act({ id: 2, status: 'withdrawn' })],
      'clear',
      'No enforcement in effect (2 past actions, all resolved)',
    ],
    [[act({})], 'open', '1 open enforcement action'],
    [[act({}), act({ id: 2 })], 'open', '2 open enforcement actions'],
    [
      [act({}), act({ id: 2, type: 'stop_work_order', issuedOn: '2026-05-15' })],
      'stop_work',
      'Stop-work order in effect since May 15, 2026',
    ],
  ] as const)('%j → %s: %s', (actions, level, headline) => {
    const s = summarizeEnforcement([...actions], TODAY);
    expect(s).toMatchObject({ level, headline, total: actions.length });
    if (level === 'clear') expect(s.details).toEqual([]);
  });
});

describe('what is in force is listed: in force now first, then the most serious, then the newest', () => {
  it('an escalated (superseded) action comes after one in force now, even a less serious one', () => {
    const escalatedNov = act({ id: 1, status: 'escalated', issuedOn: '2026-05-01' });
    const warning = act({ id: 2, type: 'written_warning', issuedOn: '2026-05-02' });
    expect(summarizeEnforcement([escalatedNov, warning], TODAY).details.map((d) => d.split(' ')[0])).toEqual([
      'Written',
      'Notice',
    ]);
    expect(summarizeEnforcement([warning, escalatedNov], TODAY).details.map((d) => d.split(' ')[0])).toEqual([
      'Written',
      'Notice',
    ]);
  });
  it('among those in force now, the more serious first, whatever the dates', () => {
    const warning = act({ id: 1, type: 'written_warning', issuedOn: '2026-05-20' });
    const nov = act({ id: 2, issuedOn: '2026-05-01' });
    expect(summarizeEnforcement([warning, nov], TODAY).details.map((d) => d.split(' ')[0])).toEqual([
      'Notice',
      'Written',
    ]);
  });
  it('of the same kind, the newest first', () => {
    const older = act({ id: 1, issuedOn: '2026-05-01' });
    const newer = act({ id: 2, issuedOn: '2026-05-20' });
    expect(summarizeEnforcement([older, newer], TODAY).details).toEqual([
      'Notice of violation in effect since May 20, 2026.',
      'Notice of violation in effect since May 1, 2026.',
    ]);
  });
});

describe('one dated sentence for each way an action stands or ended', () => {
  it.each([
    [
      'in force, complied, not yet closed',
      act({ status: 'complied' }),
      'Notice of violation in effect since May 4, 2026; the operator reports compliance and the town has not yet closed it.',
    ],
    [
      'withdrawn on a day',
      act({ status: 'withdrawn', closedOn: '2026-05-09' }),
      'Notice of violation issued May 4, 2026; withdrawn May 9, 2026.',
    ],
    ['withdrawn, no day recorded', act({ status: 'withdrawn' }), 'Notice of violation issued May 4, 2026; withdrawn.'],
    [
      'a notice with a lifted date, closed: resolved, never "lifted"',
      act({ status: 'closed', closedOn: '2026-05-20', liftedOn: '2026-05-10' }),
      'Notice of violation issued May 4, 2026; resolved May 20, 2026.',
    ],
    [
      'a stop-work order lifted',
      act({ type: 'stop_work_order', status: 'complied', liftedOn: '2026-05-10' }),
      'Stop-work order issued May 4, 2026; lifted May 10, 2026.',
    ],
    [
      'a referral to court withdrawn, no day',
      act({ type: 'fine', status: 'withdrawn' }),
      'Referred to court on May 4, 2026; no fine unless the court convicts; withdrawn.',
    ],
    [
      'a referral to court withdrawn on a day',
      act({ type: 'fine', status: 'withdrawn', closedOn: '2026-05-09' }),
      'Referred to court on May 4, 2026; no fine unless the court convicts; withdrawn May 9, 2026.',
    ],
  ] as const)('%s', (_n, a, words) => {
    expect(describeAction(a, TODAY)).toBe(words);
  });
});

describe('the status beside an action', () => {
  it.each([
    [
      'a notice with a lifted date is not "Lifted" (only a stop-work order is)',
      act({ liftedOn: '2026-05-10' }),
      'In effect',
    ],
    [
      'a stop-work order lifted and closed reads Closed',
      act({ type: 'stop_work_order', status: 'closed', liftedOn: '2026-05-10', closedOn: '2026-05-12' }),
      'Closed',
    ],
  ] as const)('%s', (_n, a, words) => {
    expect(publicStatusWords(a)).toBe(words);
  });
});
