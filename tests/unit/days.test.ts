/**
 * Calendar-day arithmetic on local dates (`#lib/shared/days.ts`): the one addDays, daysBetween and
 * isoWeekday. A local date names a day, so the answers never depend on the machine's time zone; expected
 * values are read off a calendar, not computed with the code under test.
 */
import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, daysBetween, isoWeekday, memo } from '#lib/shared/days.ts';

describe('dayNumber: days since 1970-01-01', () => {
  it.each([
    ['1970-01-01', 0],
    ['1970-01-02', 1],
    ['1970-02-01', 31], // the month counts from zero: January has 31 days
    ['1969-12-31', -1],
    ['2000-03-01', 11_017], // 2000 is a leap year (divisible by 400)
    ['2026-12-01', 20_788],
  ])('%s is day %i', (date, n) => {
    expect(dayNumber(date)).toBe(n);
  });
});

describe('addDays: the local date n calendar days later (earlier when negative)', () => {
  it.each([
    ['2026-12-01', 0, '2026-12-01'],
    ['2026-12-01', 1, '2026-12-02'],
    ['2026-12-31', 1, '2027-01-01'], // year boundary
    ['2027-01-01', -1, '2026-12-31'],
    ['2028-02-28', 1, '2028-02-29'], // leap day
    ['2027-02-28', 1, '2027-03-01'], // no leap day
    ['2100-02-28', 1, '2100-03-01'], // a century that is not a leap year
    ['2026-03-07', 1, '2026-03-08'], // spring forward in New York: a 23-hour day is still one day
    ['2026-03-08', 1, '2026-03-09'],
    ['2026-10-31', 2, '2026-11-02'], // fall back: a 25-hour day is still one day
    ['2026-11-30', 30, '2026-12-30'],
    ['2026-11-30', -30, '2026-10-31'],
    ['2026-01-31', 365, '2027-01-31'],
  ])('%s plus %i days is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });
});

describe('daysBetween: whole calendar days from a to b', () => {
  it.each([
    ['2026-12-01', '2026-12-01', 0],
    ['2026-12-01', '2026-12-02', 1],
    ['2026-12-02', '2026-12-01', -1], // negative when b is earlier
    ['2026-03-01', '2026-03-31', 30], // across spring forward
    ['2026-11-01', '2026-11-08', 7], // across fall back
    ['2028-02-01', '2028-03-01', 29],
    ['2026-12-31', '2027-01-01', 1],
  ])('from %s to %s is %i days', (a, b, n) => {
    expect(daysBetween(a, b)).toBe(n);
  });
});

describe('isoWeekday: 1 = Monday … 7 = Sunday', () => {
  it.each([
    ['2026-11-30', 1], // Monday
    ['2026-12-01', 2],
    ['2026-12-04', 5], // Friday
    ['2026-12-05', 6], // Saturday
    ['2026-12-06', 7], // Sunday is 7, not 0
    ['1970-01-01', 4], // Thursday
    ['2027-01-03', 7],
  ])('%s is weekday %i', (date, weekday) => {
    expect(isoWeekday(date)).toBe(weekday);
  });
});

describe('memo: remembers a pure function, forgetting everything past 100,000 keys', () => {
  it('asks the function once per key', () => {
    const asked: number[] = [];
    const twice = memo((n: number) => (asked.push(n), n * 2));
    expect([twice(1), twice(2), twice(1), twice(2), twice(1)]).toEqual([2, 4, 2, 4, 2]);
    expect(asked).toEqual([1, 2]);
  });

  it('keeps 100,001 keys, and clears them all when the next new key arrives', () => {
    let calls = 0;
    const id = memo((n: number) => (calls++, n));
    for (let n = 0; n <= 100_000; n++) id(n); // 100,001 keys: still under the limit
    expect(calls).toBe(100_001);
    id(0);
    expect(calls).toBe(100_001); // key 0 still remembered
    id(100_001); // past the limit: the cache is cleared, then this key is stored
    expect(calls).toBe(100_002);
    id(100_001);
    expect(calls).toBe(100_002);
    id(0); // forgotten: asked again
    expect(calls).toBe(100_003);
  });

  it('addDays and daysBetween stay right across 110,000 consecutive days (their own caches clear and refill)', () => {
    let date = '1800-01-01';
    let wrong = 0;
    for (let n = 1; n <= 110_000; n++) {
      const next = addDays(date, 1);
      if (daysBetween(date, next) !== 1 || next <= date) wrong++;
      date = next;
    }
    expect(wrong).toBe(0);
    expect(date).toBe('2101-03-04'); // 110,000 days after January 1, 1800
  });
});
