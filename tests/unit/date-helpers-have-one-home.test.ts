/**
 * The month helpers, minDay/maxDay and isIsoDay live once, in `#lib/shared/days.ts` (the compliance rules,
 * the seed, the SWPPP clocks and every form read them there), and the local day of an instant is
 * `townToday` alone. Expected values are read off a calendar, not computed with the code under test.
 */
import { describe, expect, it } from 'vitest';
import { isIsoDay, lastDayOfMonth, maxDay, minDay, monthOf, nextMonth } from '#lib/shared/days.ts';
import { checkLawIdentity } from '#lib/server/platform/ordinance-text.ts';
import * as complianceRules from '#lib/server/compliance/compliance.rules.ts';

describe('months of local dates', () => {
  it.each([
    ['2026-12-05', '2026-12'],
    ['2027-01-01', '2027-01'],
  ])('monthOf(%s) is %s', (date, month) => expect(monthOf(date)).toBe(month));

  it.each([
    ['2026-11', '2026-12'],
    ['2026-12', '2027-01'], // year boundary
    ['2027-09', '2027-10'],
  ])('nextMonth(%s) is %s', (month, next) => expect(nextMonth(month)).toBe(next));

  it.each([
    ['2026-12', '2026-12-31'],
    ['2027-02', '2027-02-28'],
    ['2028-02', '2028-02-29'], // leap year
    ['2100-02', '2100-02-28'], // a century that is not a leap year
    ['2026-04', '2026-04-30'],
  ])('lastDayOfMonth(%s) is %s', (month, last) => expect(lastDayOfMonth(month)).toBe(last));
});

describe('the earlier and the later of two days', () => {
  it.each([
    ['2026-12-05', '2027-01-01', '2026-12-05', '2027-01-01'],
    ['2027-01-01', '2026-12-05', '2026-12-05', '2027-01-01'],
    ['2026-12-05', '2026-12-05', '2026-12-05', '2026-12-05'],
  ])('%s and %s: min %s, max %s', (a, b, min, max) => {
    expect(minDay(a, b)).toBe(min);
    expect(maxDay(a, b)).toBe(max);
  });
});

describe('isIsoDay: a real calendar day written YYYY-MM-DD', () => {
  it.each([
    ['2026-12-05', true],
    ['2028-02-29', true],
    ['2027-02-29', false], // no leap day that year
    ['2026-13-01', false],
    ['2026-12-32', false],
    ['2026-12-5', false],
    ['', false],
    [null, false],
    // Date reads these as the years 10000 and -1 and writes them back the same: not a day written YYYY-MM-DD.
    ['+010000-01', false],
    ['-000001-01', false],
  ])('%s → %s', (value, ok) => expect(isIsoDay(value)).toBe(ok));

  it('an impossible adoption day is a message beside the field, not a thrown error', () => {
    expect(checkLawIdentity('Local Law No. 2 of 2009', '2009-13-45', '2026-12-05')).toEqual({
      adoptedOn: 'Enter the day the law was adopted, like 2009-03-11.',
    });
  });
});

describe('one name for the local day of an instant', () => {
  it('the compliance rules no longer export a second name for townToday', () => {
    expect('localDay' in complianceRules).toBe(false);
  });
});
