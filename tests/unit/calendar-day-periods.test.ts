/**
 * Periods counted in calendar days (`platform/time/periods.rules.ts`): GCL §20 (the day counted from is not
 * counted) and §25-a (a period ending on a weekend, holiday or town closure runs to the next business day).
 */
import { describe, expect, it } from 'vitest';
import { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { calendarDayPeriod, daysLeftWords } from '#lib/server/platform/time/periods.rules.ts';
import { isIsoDay } from '#lib/shared/days.ts';

describe('a period of calendar days (GCL §20, §25-a)', () => {
  const calendar = new BusinessCalendar([{ date: '2026-12-08', name: 'Snow day', active: true }]);

  it.each([
    ['ends on a business day: due that day', '2026-06-01', 30, '2026-07-01', '2026-07-01', undefined],
    ['ends on a Saturday: due Monday', '2026-06-06', 7, '2026-06-13', '2026-06-15', 'Saturday'],
    ['ends on a Sunday: due Monday', '2026-06-07', 7, '2026-06-14', '2026-06-15', 'Sunday'],
    ['ends on Labor Day: due Tuesday', '2026-08-31', 7, '2026-09-07', '2026-09-08', 'Labor Day'],
    ['ends on Columbus Day: due Tuesday', '2026-10-05', 7, '2026-10-12', '2026-10-13', 'Columbus Day'],
    ['ends on a snow day the town closed: due the day after', '2026-12-01', 7, '2026-12-08', '2026-12-09', 'Snow day'],
  ])('%s', (_name, from, days, lastDay, dueOn, because) => {
    const p = calendarDayPeriod(from, days, calendar);
    expect(p).toMatchObject({ from, days, lastDay, dueOn });
    expect(p.rolledBecause).toBe(because);
  });

  it('says nothing about rolling when the last day is a business day', () => {
    expect(calendarDayPeriod('2026-06-01', 30, calendar)).toStrictEqual({
      from: '2026-06-01',
      days: 30,
      lastDay: '2026-07-01',
      dueOn: '2026-07-01',
    });
  });

  it('gives the same answer when asked again (the answer is remembered per calendar)', () => {
    expect(calendarDayPeriod('2026-06-06', 7, calendar)).toEqual(calendarDayPeriod('2026-06-06', 7, calendar));
    expect(calendarDayPeriod('2026-12-01', 7, new BusinessCalendar()).dueOn).toBe('2026-12-08');
  });
});

describe('days left, in words', () => {
  it.each([
    [3, '3 days left'],
    [2, '2 days left'],
    [1, '1 day left'],
    [0, 'due today'],
    [-1, '1 day past due'],
    [-2, '2 days past due'],
  ])('%i → %s', (n, words) => {
    expect(daysLeftWords(n)).toBe(words);
  });
});

describe('a real calendar day', () => {
  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    [' 2026-01-01', false],
    ['2026-01-01x', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%s → %s', (value, ok) => {
    expect(isIsoDay(value)).toBe(ok);
  });
});
