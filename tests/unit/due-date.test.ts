/**
 * The records-request due date, as a table: every GCL §24 holiday, Sunday observance, Saturday holidays
 * (not moved), after-hours and weekend receipt (counted from the day of receipt, decision 0066), DST changes, clerk closures and reopenings, year
 * boundaries; then the 20-business-day rule and the queue's overdue / due-today / due-soon flags.
 * Expected dates are worked out by hand from the law, not by the code under test.
 */
import { describe, expect, it } from 'vitest';
import {
  BusinessCalendar,
  computeDueDate,
  deadlineFlag,
  deadlineWindow,
  explainDueDate,
  latestPromiseWithoutReason,
  promiseNeedsWrittenReason,
  statutoryHolidays,
  type ClosureRow,
} from '#lib/server/platform/time/deadlines.rules.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';

const cal = new BusinessCalendar();
const due = (localDate: string, time: string, calendar = cal, closeOfBusiness?: string) =>
  computeDueDate(townInstant(localDate, time), calendar, { closeOfBusiness }).dueOn;

describe('statutory holidays (GCL §24)', () => {
  it('lists the 2026 closures, with no Saturday-to-Friday move and no Flag Day', () => {
    expect([...statutoryHolidays(2026).keys()]).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-12',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-04',
      '2026-09-07',
      '2026-10-12',
      '2026-11-03',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
    // July 4, 2026 is a Saturday: not moved to Friday the 3rd.
    expect(cal.isBusinessDay('2026-07-03')).toBe(true);
    // Flag Day (2nd Sunday of June) is never a closure; June 15, 2026 is an ordinary Monday.
    expect(cal.isBusinessDay('2026-06-15')).toBe(true);
  });

  it('observes a Sunday holiday on the Monday after', () => {
    // July 4, 2027 is a Sunday.
    expect(cal.day('2027-07-05')).toMatchObject({ kind: 'holiday', reason: 'Independence Day (observed)' });
  });

  it.each([
    // date, name: every holiday that closes the town on a weekday, 2026 to 2028 (observed Mondays included)
    ['2026-01-01', "New Year's Day"],
    ['2026-01-19', 'Martin Luther King Jr. Day'],
    ['2026-02-12', "Lincoln's Birthday"],
    ['2026-02-16', "Washington's Birthday"],
    ['2026-05-25', 'Memorial Day'],
    ['2026-06-19', 'Juneteenth'],
    ['2026-09-07', 'Labor Day'],
    ['2026-10-12', 'Columbus Day'],
    ['2026-11-03', 'Election Day'],
    ['2026-11-11', 'Veterans Day'],
    ['2026-11-26', 'Thanksgiving Day'],
    ['2026-12-25', 'Christmas Day'],
    ['2027-01-01', "New Year's Day"],
    ['2027-01-18', 'Martin Luther King Jr. Day'],
    ['2027-02-12', "Lincoln's Birthday"],
    ['2027-02-15', "Washington's Birthday"],
    ['2027-05-31', 'Memorial Day'],
    ['2027-07-05', 'Independence Day (observed)'],
    ['2027-09-06', 'Labor Day'],
    ['2027-10-11', 'Columbus Day'],
    ['2027-11-02', 'Election Day'],
    ['2027-11-11', 'Veterans Day'],
    ['2027-11-25', 'Thanksgiving Day'],
    ['2028-01-17', 'Martin Luther King Jr. Day'],
    ['2028-02-21', "Washington's Birthday"],
    ['2028-05-29', 'Memorial Day'],
    ['2028-06-19', 'Juneteenth'],
    ['2028-07-04', 'Independence Day'],
    ['2028-09-04', 'Labor Day'],
    ['2028-10-09', 'Columbus Day'],
    ['2028-11-07', 'Election Day'],
    ['2028-11-23', 'Thanksgiving Day'],
    ['2028-12-25', 'Christmas Day'],
    // Sunday holidays observed on Monday
    ['2022-06-20', 'Juneteenth (observed)'],
    ['2022-12-26', 'Christmas Day (observed)'],
    ['2023-01-02', "New Year's Day (observed)"],
    ['2023-02-13', "Lincoln's Birthday (observed)"],
    ['2029-11-12', 'Veterans Day (observed)'],
  ])('%s is closed for %s', (date, name) => {
    expect(cal.day(date)).toEqual({ date, kind: 'holiday', reason: name });
  });

  it.each([
    // Saturday holidays stay on Saturday: the Friday before is a business day.
    ['2026-07-03', 'July 4, 2026 is a Saturday'],
    ['2027-06-18', 'Juneteenth 2027 is a Saturday'],
    ['2027-12-24', 'Christmas 2027 is a Saturday'],
    ['2027-12-31', "New Year's Day 2028 is a Saturday"],
    ['2028-02-11', "Lincoln's Birthday 2028 is a Saturday"],
    ['2028-11-10', 'Veterans Day 2028 is a Saturday'],
    // Flag Day is the 2nd Sunday of June and never closes anything, not even the Monday after.
    ['2026-06-15', 'the Monday after Flag Day 2026'],
    ['2027-06-14', 'the Monday after Flag Day 2027'],
  ])('%s is a business day (%s)', (date) => {
    expect(cal.isBusinessDay(date)).toBe(true);
  });
});

describe('records request due date: five business days after the day of receipt', () => {
  it.each([
    // [case, received (local date), time, expected due]
    ['plain Monday morning', '2026-11-30', '09:00', '2026-12-07'],
    ['just before close of business', '2026-11-30', '16:29', '2026-12-07'],
    ['at close of business still counts from the day of receipt', '2026-11-30', '16:30', '2026-12-07'],
    ['a minute after midnight on a Monday', '2026-11-30', '00:01', '2026-12-07'],
    // Every 2026 holiday falls inside a count.
    ["New Year's Day 2026 (Thursday)", '2025-12-31', '10:00', '2026-01-08'],
    ['Martin Luther King Jr. Day', '2026-01-16', '10:00', '2026-01-26'],
    ["Lincoln's and Washington's Birthdays in one count", '2026-02-11', '10:00', '2026-02-20'],
    ['Memorial Day', '2026-05-22', '10:00', '2026-06-01'],
    ['Juneteenth (Friday)', '2026-06-18', '10:00', '2026-06-26'],
    ['Independence Day on a Saturday: Friday the 3rd is counted', '2026-07-02', '10:00', '2026-07-09'],
    ['Labor Day', '2026-09-04', '10:00', '2026-09-14'],
    ['Columbus Day', '2026-10-09', '10:00', '2026-10-19'],
    ['Election Day is skipped', '2026-10-29', '10:00', '2026-11-06'],
    ['Veterans Day (Wednesday)', '2026-11-10', '10:00', '2026-11-18'],
    ['Thanksgiving', '2026-11-25', '10:00', '2026-12-03'],
    ['across Christmas', '2026-12-23', '10:00', '2026-12-31'],
    // Sunday holidays are observed on Monday.
    ['Independence Day 2027 on a Sunday: Monday the 5th is skipped', '2027-07-02', '10:00', '2027-07-12'],
    ['Christmas 2022 and New Year 2023 both on Sundays: both Mondays skipped', '2022-12-23', '10:00', '2023-01-03'],
    ["Lincoln's Birthday 2023 on a Sunday, then Washington's Birthday", '2023-02-10', '10:00', '2023-02-21'],
    ['Juneteenth 2022 on a Sunday', '2022-06-17', '10:00', '2022-06-27'],
    ['Flag Day is not a closure: only Juneteenth is skipped', '2026-06-12', '10:00', '2026-06-22'],
    // Saturday holidays are not moved to Friday.
    ['Christmas 2027 on a Saturday: Friday the 24th is counted', '2027-12-22', '10:00', '2027-12-29'],
    ["New Year's Day 2028 on a Saturday: Friday, December 31 is counted", '2027-12-30', '10:00', '2028-01-06'],
    ['Veterans Day 2028 on a Saturday: Friday the 10th is counted', '2028-11-09', '10:00', '2028-11-16'],
    // After hours and weekends: GCL §20 excludes the day of receipt and nothing more (decision 0066).
    ['Friday after close: Monday is business day 1', '2026-11-20', '17:00', '2026-11-30'],
    ['Saturday: Monday is business day 1', '2026-11-28', '10:00', '2026-12-04'],
    ['Sunday just before midnight: Monday is business day 1', '2026-11-29', '23:59', '2026-12-04'],
    ['Wednesday evening before Thanksgiving: Friday is business day 1', '2026-11-25', '17:00', '2026-12-03'],
    ['Thanksgiving itself: Friday is business day 1', '2026-11-26', '10:00', '2026-12-03'],
    ['at close of business the day before Election Day', '2026-11-02', '16:30', '2026-11-10'],
    // Year boundaries.
    ["across the year boundary and New Year's Day", '2026-12-28', '10:00', '2027-01-05'],
    ["New Year's Eve after close: the holiday and the weekend are not counted", '2026-12-31', '17:00', '2027-01-08'],
    ["on New Year's Day 2028, a Saturday", '2028-01-01', '10:00', '2028-01-07'],
  ])('%s', (_name, date, time, expected) => {
    expect(due(date, time)).toBe(expected);
  });

  it.each([
    // [case, UTC instant, expected]: the same clock time means different things either side of a DST change.
    ['the Friday before spring forward, 4:15 p.m. EST: before close', '2026-03-06T21:15:00Z', '2026-03-13'],
    [
      'the Monday after spring forward, 4:45 p.m. EDT: after close, counted from Monday',
      '2026-03-09T20:45:00Z',
      '2026-03-16',
    ],
    [
      'the Friday before fall back, 4:45 p.m. EDT: after close, counted from Friday',
      '2026-10-30T20:45:00Z',
      '2026-11-09',
    ],
    ['the Monday after fall back, 4:29 p.m. EST: before close', '2026-11-02T21:29:00Z', '2026-11-10'],
    ['during the repeated hour of fall back (a Sunday; Election Day skipped)', '2026-11-01T06:30:00Z', '2026-11-09'],
  ])('DST: %s', (_name, instant, expected) => {
    expect(computeDueDate(new Date(instant), cal).dueOn).toBe(expected);
  });

  it('a configured close of business changes the note, never the count', () => {
    expect(due('2026-11-30', '16:45', cal, '17:00')).toBe('2026-12-07');
    expect(due('2026-11-30', '16:45')).toBe('2026-12-07');
    expect(
      computeDueDate(townInstant('2026-11-30', '16:45'), cal, { closeOfBusiness: '17:00' }).receiptNote,
    ).toBeUndefined();
    expect(computeDueDate(townInstant('2026-11-30', '16:45'), cal).receiptNote).toContain('close of business (16:30)');
  });

  it.each<[string, ClosureRow[], string, string, string]>([
    [
      'a snow day inside the count pushes the due date',
      [{ date: '2026-12-02', name: 'Snow day', active: true }],
      '2026-11-30',
      '09:00',
      '2026-12-08',
    ],
    [
      'arriving on a snow day still counts from that day',
      [{ date: '2026-11-30', name: 'Snow day', active: true }],
      '2026-11-30',
      '09:00',
      '2026-12-07',
    ],
    [
      'after hours before a snow day: the snow day is not counted',
      [{ date: '2026-11-23', name: 'Snow day', active: true }],
      '2026-11-20',
      '17:00',
      '2026-12-01',
    ],
    [
      'two closures',
      [
        { date: '2026-12-01', name: 'Snow day', active: true },
        { date: '2026-12-03', name: 'Water main break', active: true },
      ],
      '2026-11-30',
      '09:00',
      '2026-12-09',
    ],
    [
      'a stored reopening of a holiday does not pull the due date back (decision 0070)',
      [{ date: '2026-11-26', name: 'Thanksgiving Day', active: false }],
      '2026-11-25',
      '10:00',
      '2026-12-03',
    ],
    [
      'a cancelled closure is a business day again',
      [{ date: '2026-12-02', name: 'Snow day', active: false }],
      '2026-11-30',
      '09:00',
      '2026-12-07',
    ],
  ])('clerk closures: %s', (_name, rows, date, time, expected) => {
    expect(due(date, time, new BusinessCalendar(rows))).toBe(expected);
  });

  it('explains which days were skipped and why', () => {
    const result = computeDueDate(townInstant('2026-11-25', '17:00'), cal);
    expect(result.countsAsReceivedOn).toBe('2026-11-25');
    const text = explainDueDate(result).join(' ');
    expect(text).toContain('Thursday, November 26, 2026 (Thanksgiving Day)');
    expect(text).toContain('Saturday, November 28, 2026 (Saturday)');
    expect(text).toContain('Thursday, December 3, 2026');
  });

  it('names a clerk closure in the explanation', () => {
    const snow = new BusinessCalendar([{ date: '2026-12-02', name: 'Snow day', active: true }]);
    const text = explainDueDate(computeDueDate(townInstant('2026-11-30', '09:00'), snow)).join(' ');
    expect(text).toContain('Wednesday, December 2, 2026 (Snow day)');
    expect(text).toContain('Business day 5 is Tuesday, December 8, 2026');
  });
});

describe('acknowledgment: a promised date more than 20 business days out needs a written reason (POL §89(3)(a))', () => {
  it.each([
    // [acknowledged on, promised on, needs a reason]
    ['2026-11-30', '2026-12-29', false], // business day 20 is Dec 29 (Christmas skipped)
    ['2026-11-30', '2026-12-30', true],
    ['2026-11-02', '2026-12-02', false], // Election Day, Veterans Day and Thanksgiving skipped: day 20 is Dec 3
    ['2026-11-02', '2026-12-03', false],
    ['2026-11-02', '2026-12-04', true],
    ['2026-11-30', '2026-12-01', false],
  ])('acknowledged %s, promised %s: reason needed = %s', (ack, promised, needed) => {
    expect(promiseNeedsWrittenReason(ack, promised, cal)).toBe(needed);
  });

  it('gives the last date that needs no reason', () => {
    expect(latestPromiseWithoutReason('2026-11-30', cal)).toBe('2026-12-29');
  });
});

describe('queue flags: overdue, due today, due soon (two business days)', () => {
  const at = (date: string, time: string) => deadlineWindow(townInstant(date, time), cal);
  it.each([
    // [now date, time, deadline, flag]
    ['2026-12-02', '10:00', '2026-12-01', 'overdue'],
    ['2026-12-02', '10:00', '2026-12-02', 'due_today'],
    ['2026-12-02', '16:30', '2026-12-02', 'overdue'],
    ['2026-12-02', '10:00', '2026-12-03', 'due_soon'],
    ['2026-12-02', '10:00', '2026-12-04', 'due_soon'],
    ['2026-12-02', '10:00', '2026-12-07', undefined],
    // Over a weekend: Friday's two business days are Monday and Tuesday.
    ['2026-12-04', '10:00', '2026-12-08', 'due_soon'],
    ['2026-12-04', '10:00', '2026-12-09', undefined],
    // Before Thanksgiving: Wednesday's two business days are Friday and Monday.
    ['2026-11-25', '10:00', '2026-11-30', 'due_soon'],
    ['2026-11-25', '10:00', '2026-12-01', undefined],
    // On a Saturday nothing is due today; Friday's deadline has passed.
    ['2026-12-05', '10:00', '2026-12-04', 'overdue'],
    ['2026-12-05', '10:00', '2026-12-08', 'due_soon'],
  ])('on %s at %s a deadline of %s is %s', (date, time, deadline, flag) => {
    expect(deadlineFlag(deadline, at(date, time))).toBe(flag);
  });

  it('has nothing to flag without a deadline (waiting for the requester)', () => {
    expect(deadlineFlag(null, at('2026-12-02', '10:00'))).toBeUndefined();
  });
});
