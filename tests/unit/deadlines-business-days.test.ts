/**
 * The business-day calendar and the due-date explanation (`deadlines.rules.ts`), at the edges the due-date
 * table does not reach: what kind of day each date is and why, counting business days between two dates,
 * what the clerk's closures do to a holiday or a weekend, the receipt notes word for word, the numbered
 * days, a configured number of business days, and the explanation read the same whatever the server's
 * time zone. Law: the ordinance's five business days; GCL §20 (the day of receipt is not counted), §24
 * (holidays; a Sunday holiday observed on Monday), §25-a (a period ending on a closed day runs on).
 */
import { Settings } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BusinessCalendar,
  computeDueDate,
  explainDueDate,
  statutoryHolidays,
  type DayInfo,
} from '#lib/server/platform/time/deadlines.rules.ts';

const cal = new BusinessCalendar();

describe('what kind of day a date is, and why', () => {
  it.each<[string, DayInfo]>([
    ['2026-12-02', { date: '2026-12-02', kind: 'business' }],
    ['2026-12-05', { date: '2026-12-05', kind: 'weekend', reason: 'Saturday' }],
    ['2026-12-06', { date: '2026-12-06', kind: 'weekend', reason: 'Sunday' }],
    ['2026-12-07', { date: '2026-12-07', kind: 'business' }], // a Monday
    ['2026-12-04', { date: '2026-12-04', kind: 'business' }], // a Friday
    ['2026-11-26', { date: '2026-11-26', kind: 'holiday', reason: 'Thanksgiving Day' }],
    ['2027-07-04', { date: '2027-07-04', kind: 'weekend', reason: 'Sunday' }], // the holiday itself is a Sunday
    ['2027-07-05', { date: '2027-07-05', kind: 'holiday', reason: 'Independence Day (observed)' }],
    ['2026-07-04', { date: '2026-07-04', kind: 'weekend', reason: 'Saturday' }], // a Saturday holiday stays a Saturday
  ])('%s', (date, info) => {
    expect(cal.day(date)).toEqual(info);
    expect(cal.isBusinessDay(date)).toBe(info.kind === 'business');
  });

  it('names the Sunday holiday once and its Monday as observed, in the year list', () => {
    const y2027 = statutoryHolidays(2027);
    expect(y2027.get('2027-07-04')).toBe('Independence Day');
    expect(y2027.get('2027-07-05')).toBe('Independence Day (observed)');
    expect(statutoryHolidays(2022).get('2022-12-26')).toBe('Christmas Day (observed)');
    expect(statutoryHolidays(2022).get('2022-12-25')).toBe('Christmas Day');
  });

  it('gives the same answers on a second asking (the calendar remembers days, the year list is kept)', () => {
    const fresh = new BusinessCalendar();
    const first = ['2026-11-26', '2026-12-05', '2026-12-02'].map((d) => fresh.day(d));
    expect(['2026-11-26', '2026-12-05', '2026-12-02'].map((d) => fresh.day(d))).toEqual(first);
    expect([...statutoryHolidays(2026).keys()]).toEqual([...statutoryHolidays(2026).keys()]);
  });
});

describe("the clerk's closures and reopenings", () => {
  it.each<[string, ConstructorParameters<typeof BusinessCalendar>[0], string, DayInfo]>([
    [
      'a snow day closes a business day',
      [{ date: '2026-12-02', name: 'Snow day', active: true }],
      '2026-12-02',
      { date: '2026-12-02', kind: 'closure', reason: 'Snow day' },
    ],
    [
      'a closure on a holiday keeps it a holiday, named as the clerk named it',
      [{ date: '2026-11-26', name: 'Thanksgiving (Town Hall closed)', active: true }],
      '2026-11-26',
      { date: '2026-11-26', kind: 'holiday', reason: 'Thanksgiving (Town Hall closed)' },
    ],
    [
      'a holiday cannot be reopened (decision 0070)',
      [{ date: '2026-11-26', name: 'Thanksgiving Day', active: false }],
      '2026-11-26',
      { date: '2026-11-26', kind: 'holiday', reason: 'Thanksgiving Day' },
    ],
    [
      'a cancelled snow day is a business day',
      [{ date: '2026-12-02', name: 'Snow day', active: false }],
      '2026-12-02',
      { date: '2026-12-02', kind: 'business' },
    ],
    [
      'a weekend cannot be reopened',
      [{ date: '2026-12-05', name: 'Saturday hours', active: false }],
      '2026-12-05',
      { date: '2026-12-05', kind: 'weekend', reason: 'Saturday' },
    ],
    [
      'a closure on a Sunday is still just a Sunday',
      [{ date: '2026-12-06', name: 'Snow day', active: true }],
      '2026-12-06',
      { date: '2026-12-06', kind: 'weekend', reason: 'Sunday' },
    ],
    [
      'a closure elsewhere leaves the day open',
      [{ date: '2026-12-03', name: 'Snow day', active: true }],
      '2026-12-02',
      { date: '2026-12-02', kind: 'business' },
    ],
  ])('%s', (_name, rows, date, info) => {
    expect(new BusinessCalendar(rows).day(date)).toEqual(info);
  });

  it('a calendar with no closures given is the statutory calendar', () => {
    expect(new BusinessCalendar().day('2026-12-02')).toEqual({ date: '2026-12-02', kind: 'business' });
    expect(new BusinessCalendar([]).day('2026-11-26')).toEqual({
      date: '2026-11-26',
      kind: 'holiday',
      reason: 'Thanksgiving Day',
    });
  });
});

describe('counting business days', () => {
  it.each([
    // [from (exclusive), to (inclusive), business days]
    ['2026-12-02', '2026-12-02', 0],
    ['2026-12-02', '2026-12-03', 1],
    ['2026-12-04', '2026-12-07', 1], // Friday to Monday: the weekend does not count
    ['2026-12-04', '2026-12-06', 0], // Friday to Sunday
    ['2026-11-25', '2026-11-30', 2], // Thanksgiving and the weekend skipped: Friday and Monday
    ['2026-11-30', '2026-12-07', 5],
    ['2026-12-07', '2026-11-30', -5], // backwards is negative
    ['2026-12-03', '2026-12-02', -1],
    ['2026-12-07', '2026-12-04', -1], // Monday back to Friday: Monday counts, the weekend does not
    ['2026-12-07', '2026-12-05', -1],
    ['2026-12-08', '2026-12-04', -2],
    ['2026-12-31', '2027-01-05', 2], // New Year's Day and the weekend skipped
  ])('from %s to %s: %i', (from, to, n) => {
    expect(cal.businessDaysBetween(from, to)).toBe(n);
  });

  it('is zero, not minus zero, for the same day', () => {
    expect(Object.is(cal.businessDaysBetween('2026-12-05', '2026-12-05'), 0)).toBe(true);
  });

  it.each([
    ['2026-12-02', '2026-12-02'],
    ['2026-12-05', '2026-12-07'],
    ['2026-11-26', '2026-11-27'],
    ['2026-12-31', '2026-12-31'],
    ['2027-01-01', '2027-01-04'],
    ['2027-07-03', '2027-07-06'], // Saturday, Sunday holiday, Monday observed
  ])('the first business day on or after %s is %s', (date, expected) => {
    expect(cal.onOrAfter(date)).toBe(expected);
  });

  it('lists every day passed over on the way to the n-th business day', () => {
    expect(cal.addBusinessDays('2026-11-25', 2)).toEqual({
      date: '2026-11-30',
      passed: [
        { date: '2026-11-26', kind: 'holiday', reason: 'Thanksgiving Day' },
        { date: '2026-11-27', kind: 'business' },
        { date: '2026-11-28', kind: 'weekend', reason: 'Saturday' },
        { date: '2026-11-29', kind: 'weekend', reason: 'Sunday' },
        { date: '2026-11-30', kind: 'business' },
      ],
    });
    expect(cal.addBusinessDays('2026-12-02', 0)).toEqual({ date: '2026-12-02', passed: [] });
  });
});

describe('computeDueDate: the receipt note, the numbered days, the arrival time', () => {
  it('after close of business before Thanksgiving: counts from the Wednesday, skips the holiday, numbers the business days', () => {
    const due = computeDueDate(new Date('2026-11-25T22:00:00Z'), cal); // Wednesday 17:00 EST
    expect(due).toEqual({
      dueOn: '2026-12-03',
      businessDays: 5,
      receivedLocal: '2026-11-25T17:00',
      countsAsReceivedOn: '2026-11-25',
      receiptNote: 'It arrived at or after close of business (16:30); the law still counts from the day of receipt.',
      days: [
        { date: '2026-11-26', kind: 'holiday', reason: 'Thanksgiving Day' },
        { date: '2026-11-27', kind: 'business', count: 1 },
        { date: '2026-11-28', kind: 'weekend', reason: 'Saturday' },
        { date: '2026-11-29', kind: 'weekend', reason: 'Sunday' },
        { date: '2026-11-30', kind: 'business', count: 2 },
        { date: '2026-12-01', kind: 'business', count: 3 },
        { date: '2026-12-02', kind: 'business', count: 4 },
        { date: '2026-12-03', kind: 'business', count: 5 },
      ],
    });
  });

  it('after close of business on the Friday before a Monday holiday: counted from the Friday, the holiday skipped', () => {
    const due = computeDueDate(new Date('2026-01-16T22:00:00Z'), cal); // Friday 17:00 EST; Monday is Martin Luther King Jr. Day
    expect(due.countsAsReceivedOn).toBe('2026-01-16');
    expect(due.receiptNote).toBe(
      'It arrived at or after close of business (16:30); the law still counts from the day of receipt.',
    );
    expect(due.dueOn).toBe('2026-01-26');
  });

  it('after close of business with an open day next: counted from the day of receipt', () => {
    const due = computeDueDate(new Date('2026-11-30T22:00:00Z'), cal); // Monday 17:00 EST
    expect(due.countsAsReceivedOn).toBe('2026-11-30');
    expect(due.dueOn).toBe('2026-12-07');
  });

  it('after a configured close of business: the note gives that time', () => {
    const due = computeDueDate(new Date('2026-11-30T22:15:00Z'), cal, { closeOfBusiness: '17:15' }); // Monday 17:15 EST
    expect(due.receiptNote).toBe(
      'It arrived at or after close of business (17:15); the law still counts from the day of receipt.',
    );
    expect(
      computeDueDate(new Date('2026-11-30T22:14:00Z'), cal, { closeOfBusiness: '17:15' }).receiptNote,
    ).toBeUndefined();
  });

  it('on a Saturday: the note says the town was closed and why, and the count starts after the Saturday', () => {
    const due = computeDueDate(new Date('2026-11-28T15:00:00Z'), cal); // Saturday 10:00 EST
    expect(due.countsAsReceivedOn).toBe('2026-11-28');
    expect(due.receiptNote).toBe(
      'It arrived on a day the town is closed (Saturday); the law still counts from the day of receipt.',
    );
  });

  it('on a snow day: the note names the closure', () => {
    const snow = new BusinessCalendar([{ date: '2026-12-02', name: 'Snow day', active: true }]);
    const due = computeDueDate(new Date('2026-12-02T15:00:00Z'), snow);
    expect(due.receiptNote).toBe(
      'It arrived on a day the town is closed (Snow day); the law still counts from the day of receipt.',
    );
    expect(due.countsAsReceivedOn).toBe('2026-12-02');
    expect(due.dueOn).toBe('2026-12-09');
  });

  it('in business hours: no note, counted from the day of arrival', () => {
    const due = computeDueDate(new Date('2026-12-04T14:00:00Z'), cal); // Friday 09:00 EST
    expect(due).toMatchObject({
      countsAsReceivedOn: '2026-12-04',
      receivedLocal: '2026-12-04T09:00',
      dueOn: '2026-12-11',
    });
    expect(due.receiptNote).toBeUndefined();
    expect(due.days.map((d) => d.count)).toEqual([undefined, undefined, 1, 2, 3, 4, 5]); // Saturday and Sunday are not numbered
  });

  it('counts a configured number of business days', () => {
    const due = computeDueDate(new Date('2026-12-04T14:00:00Z'), cal, { businessDays: 10 });
    expect(due.dueOn).toBe('2026-12-18');
    expect(due.days.filter((d) => d.count).map((d) => d.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it.each([
    // [case, UTC instant, the day of receipt]: the town's local day, whatever the hour or the season (decision 0066).
    ['16:00 EST', '2026-12-02T21:00:00Z', '2026-12-02'],
    ['16:00 EDT', '2026-07-01T20:00:00Z', '2026-07-01'],
    ['15:45 EST', '2026-12-02T20:45:00Z', '2026-12-02'],
    ['20:30 EST (the next day in UTC)', '2026-12-03T01:30:00Z', '2026-12-02'],
    ['23:30 EDT on a Friday (Saturday in UTC)', '2026-07-11T03:30:00Z', '2026-07-10'],
  ])('arriving at %s', (_name, instant, expected) => {
    expect(computeDueDate(new Date(instant), cal).countsAsReceivedOn).toBe(expected);
  });
});

describe('explainDueDate: the due date in plain words', () => {
  it('after hours before Thanksgiving: the arrival, the note, the days skipped, the due date', () => {
    expect(explainDueDate(computeDueDate(new Date('2026-11-25T22:00:00Z'), cal))).toEqual([
      'Your request arrived Wednesday, November 25, 2026 at 5:00 PM.',
      'It arrived at or after close of business (16:30); the law still counts from the day of receipt.',
      'The day of receipt is not counted; we count 5 business days after it.',
      'Not counted: Thursday, November 26, 2026 (Thanksgiving Day); Saturday, November 28, 2026 (Saturday); Sunday, November 29, 2026 (Sunday).',
      'Business day 5 is Thursday, December 3, 2026: the records are due by close of business that day.',
    ]);
  });

  it.each([
    ['2026-12-01T05:05:00Z', 'Tuesday, December 1, 2026 at 12:05 AM'],
    ['2026-12-01T17:00:00Z', 'Tuesday, December 1, 2026 at 12:00 PM'],
    ['2026-12-01T17:59:00Z', 'Tuesday, December 1, 2026 at 12:59 PM'],
    ['2026-12-01T23:30:00Z', 'Tuesday, December 1, 2026 at 6:30 PM'],
    ['2026-07-01T03:59:00Z', 'Tuesday, June 30, 2026 at 11:59 PM'],
  ])('the arrival at %s reads "%s" (midnight and noon on a 12-hour clock, town time)', (at, words) => {
    expect(explainDueDate(computeDueDate(new Date(at), cal))[0]).toBe(`Your request arrived ${words}.`);
  });

  it('a Monday morning request counted over three business days, nothing skipped: three lines', () => {
    const options = { businessDays: 3 };
    expect(explainDueDate(computeDueDate(new Date('2026-11-30T14:00:00Z'), cal, options), options)).toEqual([
      'Your request arrived Monday, November 30, 2026 at 9:00 AM.',
      'The day of receipt is not counted; we count 3 business days after it.',
      'Business day 3 is Thursday, December 3, 2026: the records are due by close of business that day.',
    ]);
  });

  it('a configured number of business days is named in the words', () => {
    const options = { businessDays: 10 };
    const lines = explainDueDate(computeDueDate(new Date('2026-12-04T14:00:00Z'), cal, options), options);
    expect(lines).toContain('The day of receipt is not counted; we count 10 business days after it.');
    expect(lines).toContain(
      'Business day 10 is Friday, December 18, 2026: the records are due by close of business that day.',
    );
  });
});

describe('the due date and its explanation do not depend on the time zone the server runs in', () => {
  const original = Settings.defaultZone;
  afterEach(() => {
    Settings.defaultZone = original;
  });

  // 01:30 EDT on Sunday, March 29, 2026 is an hour that does not exist in London (clocks jump 01:00 → 02:00).
  const instants = [
    '2026-11-25T22:00:00Z',
    '2026-12-02T21:00:00Z',
    '2026-12-03T01:30:00Z',
    '2026-03-29T05:30:00Z',
    '2026-11-01T06:30:00Z',
  ];
  it.each(['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Europe/London', 'Pacific/Kiritimati'])(
    'the machine in %s',
    (zone) => {
      const expected = instants.map((i) => ({
        due: computeDueDate(new Date(i), cal),
        text: explainDueDate(computeDueDate(new Date(i), cal)),
      }));
      Settings.defaultZone = zone;
      const actual = instants.map((i) => ({
        due: computeDueDate(new Date(i), cal),
        text: explainDueDate(computeDueDate(new Date(i), cal)),
      }));
      expect(actual).toEqual(expected);
      expect(actual[3].text[0]).toBe('Your request arrived Sunday, March 29, 2026 at 1:30 AM.');
      expect(actual[2].due.receivedLocal).toBe('2026-12-02T20:30');
    },
  );
});
