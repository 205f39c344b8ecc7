/**
 * The local-law settings at their edges: short periods in a law's words, the form's dollars, citations with and
 * without an amending local law, what the form trims and refuses (at the limits, not only past them), the state's
 * number never taken from a form, stored settings read defensively, and the rows they are stored as.
 */
import { describe, expect, it } from 'vitest';
import {
  checkLocalLaw,
  daysInWords,
  DEFAULT_LOCAL_LAW,
  lawCitation,
  localLawFormValue,
  localLawFrom,
  localLawRows,
} from '#lib/server/platform/local-law.rules.ts';

describe('a short period in a law’s words', () => {
  it('zero to ten in words, more in digits, one without the plural', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14].map((n) => daysInWords(n))).toEqual([
      'zero days',
      'one day',
      'two days',
      'three days',
      'four days',
      'five days',
      'six days',
      'seven days',
      'eight days',
      'nine days',
      'ten days',
      '11 days',
      '14 days',
    ]);
    expect(daysInWords(1, 'business day')).toBe('one business day');
    expect(daysInWords(5, 'business day')).toBe('five business days');
  });
});

describe('the form’s values and the citations', () => {
  it('money in dollars with cents, days as a whole number', () => {
    expect(localLawFormValue(DEFAULT_LOCAL_LAW, 'maxDailyFineCents')).toBe('250.00');
    expect(localLawFormValue({ ...DEFAULT_LOCAL_LAW, maxDailyFineCents: 12_345 }, 'maxDailyFineCents')).toBe('123.45');
    expect(localLawFormValue(DEFAULT_LOCAL_LAW, 'correctionDays')).toBe('7');
  });

  it('the model law’s citation, the town’s own, and an amendment after either', () => {
    expect(lawCitation({ citations: {} }, 'correctionDays')).toBe('Subsection R(2)');
    expect(lawCitation({ citations: { correctionDays: '§ 12-7(b)' } }, 'correctionDays')).toBe('§ 12-7(b)');
    expect(
      lawCitation(
        {
          citations: {},
          amendments: { correctionDays: { localLaw: 'Local Law No. 2 of 2027', adoptedOn: '2027-03-01' } },
        },
        'correctionDays',
      ),
    ).toBe('Subsection R(2), as amended by Local Law No. 2 of 2027 (adopted March 1, 2027)');
  });
});

describe('the form checked', () => {
  const law = (localLaw: string, adoptedOn = '2027-03-01') => ({
    correctionDays: '10',
    'amendment.correctionDays': localLaw,
    'amendedOn.correctionDays': adoptedOn,
  });

  it('a local law’s name has its control characters made spaces and its ends trimmed; the day is trimmed', () => {
    const { values, errors } = checkLocalLaw(law('  Local Law No. 2\u0007\u0007of 2027 \n', ' 2027-03-01 '));
    expect(errors).toEqual({});
    expect(values.correctionDays).toBe(10);
    expect(values.amendments.correctionDays).toEqual({ localLaw: 'Local Law No. 2 of 2027', adoptedOn: '2027-03-01' });
  });

  it('a local law’s name of 200 characters is taken; 201 are refused, and no amendment is kept', () => {
    expect(checkLocalLaw(law('L'.repeat(200))).errors).toEqual({});
    const { values, errors } = checkLocalLaw(law('L'.repeat(201)));
    expect(errors).toEqual({ 'amendment.correctionDays': 'Use at most 200 characters for the local law.' });
    expect(values.amendments).toEqual({});
  });

  it('a day that is not a date keeps the amendment out, with its own message only', () => {
    const { values, errors } = checkLocalLaw(law('Local Law No. 2 of 2027', 'March 1'));
    expect(errors).toEqual({ 'amendedOn.correctionDays': 'Enter the day as a date, like 2027-03-01.' });
    expect(values.amendments).toEqual({});
  });

  it('a number that is not whole is refused in the form’s words', () => {
    expect(checkLocalLaw({ correctionDays: '7.5' }).errors).toEqual({
      correctionDays: 'Enter a whole number of days, like 7.',
    });
    expect(checkLocalLaw({ correctionDays: '  7 ' }).errors).toEqual({});
  });

  it('the state’s five days: the same number, spaces and all, is no change; another is refused', () => {
    expect(checkLocalLaw({ foilBusinessDays: ' 5 ' }).errors).toEqual({});
    expect(checkLocalLaw({ foilBusinessDays: '4' }).errors.foilBusinessDays).toMatch(
      /^Public Officers Law §89\(3\)\(a\)/,
    );
  });

  it('the state’s citation kept from before unless the form words it', () => {
    const current = { ...DEFAULT_LOCAL_LAW, citations: { foilBusinessDays: 'POL 89' } };
    expect(checkLocalLaw({}, current).values.citations).toEqual({ foilBusinessDays: 'POL 89' });
    expect(checkLocalLaw({ 'lawCitation.foilBusinessDays': '' }, current).values.citations).toEqual({});
  });

  it('a citation of 400 characters is taken, 401 refused; control characters become spaces', () => {
    expect(checkLocalLaw({ 'lawCitation.correctionDays': 'C'.repeat(400) }).values.citations.correctionDays).toBe(
      'C'.repeat(400),
    );
    expect(checkLocalLaw({ 'lawCitation.correctionDays': 'C'.repeat(401) }).errors).toEqual({
      'lawCitation.correctionDays': 'Use at most 400 characters.',
    });
    expect(checkLocalLaw({ 'lawCitation.correctionDays': ' § 12-7\u0000(b) ' }).values.citations.correctionDays).toBe(
      '§ 12-7 (b)',
    );
  });

  it('a field the form does not carry keeps the current value, its citation and its amendment', () => {
    const current = {
      ...DEFAULT_LOCAL_LAW,
      correctionDays: 10,
      citations: { correctionDays: '§ 12-7(b)' },
      amendments: { correctionDays: { localLaw: 'Local Law No. 2 of 2027', adoptedOn: '2027-03-01' } },
    };
    const { values, errors } = checkLocalLaw({ swpppReviewDays: '30' }, current);
    expect(errors).toEqual({});
    expect(values.correctionDays).toBe(10);
    expect(values.citations).toEqual({ correctionDays: '§ 12-7(b)' });
    expect(values.amendments).toEqual(current.amendments);
  });
});

describe('stored settings', () => {
  const stored = (rows: Record<string, string>) => new Map(Object.entries(rows));

  it('a departure with its local law is read; without it, or with a bad day, the ordinance’s number', () => {
    const amended = {
      'local_law.correctionDays': '10',
      'local_law_amendment.correctionDays': 'Local Law No. 2 of 2027',
      'local_law_amended_on.correctionDays': '2027-03-01',
    };
    expect(localLawFrom(stored(amended)).correctionDays).toBe(10);
    expect(localLawFrom(stored({ ...amended, 'local_law_amended_on.correctionDays': 'soon' })).correctionDays).toBe(7);
    expect(localLawFrom(stored({ ...amended, 'local_law_amendment.correctionDays': '' })).correctionDays).toBe(7);
    expect(localLawFrom(stored({ ...amended, 'local_law.correctionDays': '31' })).correctionDays).toBe(7);
    expect(localLawFrom(stored({ ...amended, 'local_law.correctionDays': '4' })).correctionDays).toBe(7);
    expect(localLawFrom(stored({ ...amended, 'local_law.correctionDays': '9.5' })).correctionDays).toBe(7);
  });

  it('a fine read in cents against bounds in dollars', () => {
    const fine = (cents: string) =>
      localLawFrom(
        stored({
          'local_law.maxDailyFineCents': cents,
          'local_law_amendment.maxDailyFineCents': 'Local Law No. 1 of 2027',
          'local_law_amended_on.maxDailyFineCents': '2027-01-05',
        }),
      ).maxDailyFineCents;
    expect(fine('100000')).toBe(100_000);
    expect(fine('100001')).toBe(25_000);
    expect(fine('100')).toBe(100);
    expect(fine('99')).toBe(25_000);
  });

  it('the rows: each settable number with its citation and amendment, and the state’s citation only', () => {
    const rows = localLawRows({
      ...DEFAULT_LOCAL_LAW,
      correctionDays: 10,
      citations: { foilBusinessDays: 'POL 89' },
      amendments: { correctionDays: { localLaw: 'Local Law No. 2 of 2027', adoptedOn: '2027-03-01' } },
    });
    expect(rows).toContainEqual({ key: 'local_law.correctionDays', value: '10' });
    expect(rows).toContainEqual({ key: 'local_law_amendment.correctionDays', value: 'Local Law No. 2 of 2027' });
    expect(rows).toContainEqual({ key: 'local_law_amended_on.correctionDays', value: '2027-03-01' });
    expect(rows).toContainEqual({ key: 'local_law_citation.correctionDays', value: '' });
    expect(rows).toContainEqual({ key: 'local_law_amendment.swpppReviewDays', value: '' });
    expect(rows).toContainEqual({ key: 'local_law_citation.foilBusinessDays', value: 'POL 89' });
    expect(rows.some((r) => r.key === 'local_law.foilBusinessDays')).toBe(false);
    expect(rows).toHaveLength(13);
  });
});
