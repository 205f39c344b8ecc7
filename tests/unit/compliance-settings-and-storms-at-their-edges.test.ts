/**
 * The compliance engine's settings and storms at their edges. The local law's numbers: each as the form names
 * it, blank or not a number refused, at its bounds accepted, one past refused; citations cleaned, at most 400
 * characters, and the model law's words (in the municipality's name) never stored as the town's own; stored
 * values read defensively. A storm of exactly the threshold is a storm; the storm page's duty reads exemptions
 * and the start of work as the findings do; a blank citation is no citation.
 */
import { describe, expect, it } from 'vitest';
import { clockChangesAt, postStormDuty } from '#lib/server/compliance/compliance.rules.ts';
import { cite, dutyOf, modelSection, SECTIONS } from '#lib/server/compliance/findings.rules.ts';
import {
  checkLocalRules,
  DEFAULT_LOCAL_RULES,
  LOCAL_RULES,
  localRulesFrom,
  localRulesRows,
} from '#lib/server/compliance/local-rules.rules.ts';
import { at, ctx, data, hours, inspection } from '../support/compliance-builders.ts';

const lawful = {
  routineMaxDays: '7',
  stormInches: '0.5',
  postStormHours: '24',
  stabilizationDays: '14',
  fiveAcreLimit: '5',
};

describe('the local law’s numbers, as the form asks for them', () => {
  it('each with its words, its citation, its bounds and whether it is whole', () => {
    expect(LOCAL_RULES.map((r) => [r.key, r.label, r.unit, r.section, r.min, r.max, r.integer])).toEqual([
      ['routineMaxDays', 'Routine inspection at least every', 'days', 'routine', 1, 7, true],
      [
        'stormInches',
        'Post-storm inspection after a storm of at least',
        'inches of rain',
        'postStorm',
        0.1,
        0.5,
        false,
      ],
      ['postStormHours', 'Post-storm inspection within', 'hours of the storm’s end', 'postStorm', 1, 24, true],
      ['stabilizationDays', 'Stabilization begun within', 'days after work stops', 'stabilization', 1, 14, true],
      [
        'fiveAcreLimit',
        'Most soil disturbed at one time without DEC’s written approval',
        'acres',
        'fiveAcres',
        0.1,
        5,
        false,
      ],
    ]);
    expect(DEFAULT_LOCAL_RULES).toEqual({
      routineMaxDays: 7,
      stormInches: 0.5,
      postStormHours: 24,
      stabilizationDays: 14,
      fiveAcreLimit: 5,
      citations: {},
    });
  });

  it('blank, not a number, or not whole where it must be: the unit and the law’s number as the example', () => {
    const { errors } = checkLocalRules({ ...lawful, routineMaxDays: ' ', stormInches: 'half', postStormHours: '12.5' });
    expect(errors).toEqual({
      routineMaxDays: 'Enter a whole number of days, like 7.',
      stormInches: 'Enter a number of inches of rain, like 0.5.',
      postStormHours: 'Enter a whole number of hours of the storm’s end, like 24.',
    });
    expect(checkLocalRules({ ...lawful, fiveAcreLimit: undefined }).errors).toEqual({
      fiveAcreLimit: 'Enter a number of acres, like 5.',
    });
  });

  it('accepted at both bounds, trimmed; refused one step below the floor', () => {
    const low = { routineMaxDays: ' 1 ', stormInches: '0.1', postStormHours: '1', stabilizationDays: '1' };
    const ok = checkLocalRules({ ...lawful, ...low, fiveAcreLimit: '0.1' });
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ routineMaxDays: 1, stormInches: 0.1, fiveAcreLimit: 0.1 });
    expect(checkLocalRules(lawful).errors).toEqual({});
    expect(checkLocalRules({ ...lawful, stabilizationDays: '0' }).errors).toEqual({
      stabilizationDays: 'Enter at least 1 days after work stops.',
    });
    expect(checkLocalRules({ ...lawful, stormInches: '0.05' }).errors).toEqual({
      stormInches: 'Enter at least 0.1 inches of rain.',
    });
  });
});

describe('the local law’s citations', () => {
  it('control characters become one space; the text is trimmed and kept', () => {
    const { values } = checkLocalRules({ ...lawful, 'citation.routine': ' Section 5.2\u0007\u0008(a)\n ' });
    expect(values.citations).toEqual({ routine: 'Section 5.2 (a)' });
  });

  it('400 characters are kept, 401 refused', () => {
    expect(checkLocalRules({ ...lawful, 'citation.sediment': 'x'.repeat(400) }).errors).toEqual({});
    expect(checkLocalRules({ ...lawful, 'citation.sediment': 'x'.repeat(401) }).errors).toEqual({
      'citation.sediment': 'Use at most 400 characters.',
    });
  });

  it('the model law’s words, in the municipality’s name, are not stored as its own', () => {
    const townWords = { ...lawful, 'citation.authorization': SECTIONS.authorization };
    expect(checkLocalRules(townWords).values.citations).toEqual({});
    const villageWords = { ...lawful, 'citation.authorization': modelSection('authorization', 'Village') };
    expect(checkLocalRules(villageWords, 'Village').values.citations).toEqual({});
    // The model law's words as a town's are never a rewording, whatever the municipality.
    expect(checkLocalRules(townWords, 'Village').values.citations).toEqual({});
  });
});

describe('stored settings read back', () => {
  it('a number inside the bounds is used, at the bounds too; missing, outside or not a number: the law’s', () => {
    const stored = new Map([
      ['local_rule.routineMaxDays', '1'],
      ['local_rule.stabilizationDays', '14'],
      ['local_rule.postStormHours', '25'],
      ['local_rule.stormInches', 'a lot'],
      ['local_citation.routine', 'Section 5.2'],
      ['local_citation.sediment', ''],
    ]);
    expect(localRulesFrom(stored)).toEqual({
      routineMaxDays: 1,
      stabilizationDays: 14,
      postStormHours: 24,
      stormInches: 0.5,
      fiveAcreLimit: 5,
      citations: { routine: 'Section 5.2' },
    });
    expect(localRulesFrom(new Map([['local_rule.fiveAcreLimit', '0']])).fiveAcreLimit).toBe(5);
  });

  it('every citation has its row, blank when the model law’s words stand', () => {
    const rows = localRulesRows({ ...DEFAULT_LOCAL_RULES, citations: { routine: 'Section 5.2' } });
    expect(rows).toContainEqual({ key: 'local_citation.routine', value: 'Section 5.2' });
    expect(rows).toContainEqual({ key: 'local_citation.sediment', value: '' });
    expect(rows).toContainEqual({ key: 'local_rule.routineMaxDays', value: '7' });
  });
});

describe('storms and citations at their edges', () => {
  const storm = { id: 9, endedAt: at('2026-06-10', '14:00'), inches: 0.5 };

  it('a storm of exactly the threshold changes the page when it ends', () => {
    const before = at('2026-06-10', '09:00');
    expect(clockChangesAt(data(), ctx(before, { storms: [storm] }))).toEqual(storm.endedAt);
    expect(clockChangesAt(data(), ctx(before, { storms: [{ ...storm, inches: 0.49 }] }))).toBeUndefined();
  });

  it('the storm page’s duty: met, due or missed under construction; none for an exempt site or before work starts', () => {
    const after = hours(storm.endedAt, 30);
    const met = postStormDuty(data({ inspections: [inspection('2026-06-11', '09:00')] }), ctx(after), storm);
    expect(met).toMatchObject({ kind: 'met', dueAt: hours(storm.endedAt, 24) });
    expect(postStormDuty(data(), ctx(hours(storm.endedAt, 2)), storm)).toMatchObject({ kind: 'due' });
    expect(postStormDuty(data(), ctx(after), storm)).toMatchObject({ kind: 'missed' });
    expect(postStormDuty(data({ p: { exemption: 'agricultural' } }), ctx(after), storm)).toEqual({ kind: 'none' });
    expect(postStormDuty(data({ p: { actualStartOn: '2026-07-01' } }), ctx(after), storm)).toEqual({ kind: 'none' });
  });

  it('a citation of spaces only, or none for that subsection, is the model law’s', () => {
    expect(cite({ citations: { routine: '   ' } }, 'routine')).toBe(SECTIONS.routine);
    expect(cite({ citations: {} }, 'routine')).toBe(SECTIONS.routine);
    expect(cite({ citations: { routine: ' § 5.2 ' } }, 'routine')).toBe('§ 5.2');
  });

  it('each finding a reminder could have come before names its duty, with the same id', () => {
    const duties = (
      [
        ['routine-gap', 'inspection'],
        ['twice-weekly', 'twice-weekly'],
        ['summary-missing', 'monthly-summary'],
        ['summary-late', 'monthly-summary'],
        ['corrective-overdue', 'corrective-action'],
        ['records-request-unanswered', 'operator-request'],
      ] as const
    ).map(([rule, duty]) => [dutyOf({ rule, key: `${rule}:2026-06` }), `${duty}:2026-06`]);
    for (const [got, want] of duties) expect(got).toBe(want);
    expect(dutyOf({ rule: 'post-storm', key: 'post-storm:4' })).toBeUndefined();
  });
});
