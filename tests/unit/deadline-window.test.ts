/**
 * The clerk queue's flags (`deadlineWindow`, `deadlineFlag`): overdue, due today, due soon. A records
 * deadline is met by close of business (16:30 Eastern by default) on the due day (POL §89(3)(a); the
 * ordinance's five business days), so from 16:30 that day it is overdue; "due soon" is the next two
 * business days (GCL §24 holidays, Sunday holidays observed Monday, clerk closures skipped).
 *
 * Every "now" is a UTC instant written out by hand, with its Eastern time beside it: the answers must not
 * depend on the machine's time zone, so the last block runs them again with luxon's default zone moved
 * around the world.
 */
import { Settings } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BusinessCalendar,
  deadlineFlag,
  deadlineWindow,
  overdueBefore,
  type DeadlineWindow,
} from '#lib/server/platform/time/deadlines.rules.ts';

const cal = new BusinessCalendar();
const win = (today: string, open: boolean, dueSoonThrough: string, tomorrow: string): DeadlineWindow => ({
  today,
  overdueBefore: open ? today : tomorrow,
  dueToday: open ? today : null,
  dueSoonThrough,
});

// [case, UTC instant, expected window]: before close, overdueBefore = today and dueToday = today;
// at or after close, overdueBefore = tomorrow and nothing is due today.
const WINDOWS: Array<[string, string, DeadlineWindow]> = [
  ['Wednesday 10:00 EST', '2026-12-02T15:00:00Z', win('2026-12-02', true, '2026-12-04', '2026-12-03')],
  [
    'Wednesday 15:30 EST (not yet close of business)',
    '2026-12-02T20:30:00Z',
    win('2026-12-02', true, '2026-12-04', '2026-12-03'),
  ],
  ['Wednesday 16:00 EST', '2026-12-02T21:00:00Z', win('2026-12-02', true, '2026-12-04', '2026-12-03')],
  [
    'Wednesday 16:29 EST, the last open minute',
    '2026-12-02T21:29:00Z',
    win('2026-12-02', true, '2026-12-04', '2026-12-03'),
  ],
  [
    'Wednesday 16:30 EST, close of business',
    '2026-12-02T21:30:00Z',
    win('2026-12-02', false, '2026-12-04', '2026-12-03'),
  ],
  ['Wednesday 18:00 EST', '2026-12-02T23:00:00Z', win('2026-12-02', false, '2026-12-04', '2026-12-03')],
  [
    'Wednesday 20:30 EST (already Thursday in UTC)',
    '2026-12-03T01:30:00Z',
    win('2026-12-02', false, '2026-12-04', '2026-12-03'),
  ],
  ['Wednesday 23:59 EST', '2026-12-03T04:59:00Z', win('2026-12-02', false, '2026-12-04', '2026-12-03')],
  [
    'Thursday 00:00 EST: a new day, open again',
    '2026-12-03T05:00:00Z',
    win('2026-12-03', true, '2026-12-07', '2026-12-04'),
  ],
  ['Thursday 07:00 EST', '2026-12-03T12:00:00Z', win('2026-12-03', true, '2026-12-07', '2026-12-04')],
  // Summer time (EDT, UTC-4); Independence Day 2026 is a Saturday, so Friday the 3rd is a business day.
  ['Wednesday 16:15 EDT', '2026-07-01T20:15:00Z', win('2026-07-01', true, '2026-07-03', '2026-07-02')],
  ['Wednesday 16:45 EDT', '2026-07-01T20:45:00Z', win('2026-07-01', false, '2026-07-03', '2026-07-02')],
  [
    'Wednesday 21:00 EDT (Thursday in UTC)',
    '2026-07-02T01:00:00Z',
    win('2026-07-01', false, '2026-07-03', '2026-07-02'),
  ],
  // The Fridays and Mondays around the DST changes.
  [
    'the Friday before spring forward, 16:15 EST',
    '2026-03-06T21:15:00Z',
    win('2026-03-06', true, '2026-03-10', '2026-03-07'),
  ],
  [
    'the Monday after spring forward, 16:30 EDT',
    '2026-03-09T20:30:00Z',
    win('2026-03-09', false, '2026-03-11', '2026-03-10'),
  ],
  [
    'the Monday after spring forward, 16:00 EDT',
    '2026-03-09T20:00:00Z',
    win('2026-03-09', true, '2026-03-11', '2026-03-10'),
  ],
  // Friday's two business days are Monday and Wednesday: Tuesday, November 3 is Election Day.
  [
    'the Friday before fall back, 16:40 EDT',
    '2026-10-30T20:40:00Z',
    win('2026-10-30', false, '2026-11-04', '2026-10-31'),
  ],
  // Monday after fall back: Tuesday is Election Day, so the two business days are Wednesday and Thursday.
  [
    'the Monday after fall back, 16:29 EST, before Election Day',
    '2026-11-02T21:29:00Z',
    win('2026-11-02', true, '2026-11-05', '2026-11-03'),
  ],
  // Holidays and weekends inside the two business days.
  ['the day before Thanksgiving, noon', '2026-11-25T17:00:00Z', win('2026-11-25', true, '2026-11-30', '2026-11-26')],
  [
    'Friday 17:00 EST: Monday and Tuesday are due soon',
    '2026-12-04T22:00:00Z',
    win('2026-12-04', false, '2026-12-08', '2026-12-05'),
  ],
  ['Saturday 10:00 EST', '2026-12-05T15:00:00Z', win('2026-12-05', true, '2026-12-08', '2026-12-06')],
  [
    'Friday before Independence Day observed on Monday July 5, 2027',
    '2027-07-02T14:00:00Z',
    win('2027-07-02', true, '2027-07-07', '2027-07-03'),
  ],
  [
    "New Year's Eve after close: tomorrow is next year, and Jan 1 and the weekend are skipped",
    '2026-12-31T22:00:00Z',
    win('2026-12-31', false, '2027-01-05', '2027-01-01'),
  ],
];

describe('deadlineWindow: the day boundaries the queue flags use', () => {
  it.each(WINDOWS)('%s', (_name, instant, expected) => {
    expect(deadlineWindow(new Date(instant), cal)).toEqual(expected);
  });

  it('skips a clerk closure (a snow day) inside the two business days', () => {
    const snow = new BusinessCalendar([{ date: '2026-12-03', name: 'Snow day', active: true }]);
    expect(deadlineWindow(new Date('2026-12-02T15:00:00Z'), snow).dueSoonThrough).toBe('2026-12-07');
  });

  it.each([
    // [case, UTC instant, close of business, open]
    ['16:45 with close at 17:00: open', '2026-12-02T21:45:00Z', '17:00', true],
    ['16:59 with close at 17:00: open', '2026-12-02T21:59:00Z', '17:00', true],
    ['17:00 with close at 17:00: closed', '2026-12-02T22:00:00Z', '17:00', false],
    ['16:44 with close at 16:45: open', '2026-12-02T21:44:00Z', '16:45', true],
    ['16:45 with close at 16:45: closed', '2026-12-02T21:45:00Z', '16:45', false],
    ['15:59 with close at 16:00: open', '2026-12-02T20:59:00Z', '16:00', true],
    ['16:00 with close at 16:00: closed', '2026-12-02T21:00:00Z', '16:00', false],
    ['08:59 with close at 09:00: open', '2026-12-02T13:59:00Z', '09:00', true],
  ])('honours a configured close of business: %s', (_name, instant, closeOfBusiness, open) => {
    const w = deadlineWindow(new Date(instant), cal, closeOfBusiness);
    expect(w.dueToday).toBe(open ? '2026-12-02' : null);
    expect(w.overdueBefore).toBe(open ? '2026-12-02' : '2026-12-03');
    // The compliance rules read this bound alone (complianceContext): the same day either way.
    expect(overdueBefore(new Date(instant), closeOfBusiness)).toBe(w.overdueBefore);
  });

  it.each(WINDOWS)("overdueBefore alone gives the window's bound: %s", (_name, instant, expected) => {
    expect(overdueBefore(new Date(instant))).toBe(expected.overdueBefore);
  });
});

describe('deadlineFlag: what the clerk sees beside each deadline', () => {
  it.each([
    // [Eastern time, UTC instant, deadline, flag]
    ['Wed 16:00', '2026-12-02T21:00:00Z', '2026-12-02', 'due_today'],
    ['Wed 16:00', '2026-12-02T21:00:00Z', '2026-12-01', 'overdue'],
    ['Wed 16:00', '2026-12-02T21:00:00Z', '2026-12-03', 'due_soon'],
    ['Wed 16:00', '2026-12-02T21:00:00Z', '2026-12-04', 'due_soon'],
    ['Wed 16:00', '2026-12-02T21:00:00Z', '2026-12-07', undefined],
    ['Wed 16:29', '2026-12-02T21:29:00Z', '2026-12-02', 'due_today'],
    ['Wed 16:30', '2026-12-02T21:30:00Z', '2026-12-02', 'overdue'],
    ['Wed 16:30', '2026-12-02T21:30:00Z', '2026-12-03', 'due_soon'],
    ['Wed 20:30', '2026-12-03T01:30:00Z', '2026-12-02', 'overdue'],
    ['Wed 20:30', '2026-12-03T01:30:00Z', '2026-12-03', 'due_soon'],
    ['Wed 20:30', '2026-12-03T01:30:00Z', '2026-12-04', 'due_soon'],
    ['Wed 20:30', '2026-12-03T01:30:00Z', '2026-12-07', undefined],
    ['Thu 00:00', '2026-12-03T05:00:00Z', '2026-12-03', 'due_today'],
    ['Thu 00:00', '2026-12-03T05:00:00Z', '2026-12-07', 'due_soon'],
    ['Mon after spring forward, 16:15 EDT', '2026-03-09T20:15:00Z', '2026-03-09', 'due_today'],
    ['Mon after spring forward, 16:35 EDT', '2026-03-09T20:35:00Z', '2026-03-09', 'overdue'],
    ['Sat 10:00', '2026-12-05T15:00:00Z', '2026-12-04', 'overdue'],
    ['Sat 10:00', '2026-12-05T15:00:00Z', '2026-12-07', 'due_soon'],
    ['Sat 10:00', '2026-12-05T15:00:00Z', '2026-12-08', 'due_soon'],
    ['Sat 10:00', '2026-12-05T15:00:00Z', '2026-12-09', undefined],
  ])('on %s a deadline of %s is %s', (_local, instant, deadline, flag) => {
    // (the first column is the Eastern time; the instant is what the server sees)
    expect(deadlineFlag(deadline, deadlineWindow(new Date(instant), cal))).toBe(flag);
  });

  it.each([null, undefined, ''])('has nothing to flag without a deadline (%j)', (deadline) => {
    expect(deadlineFlag(deadline, deadlineWindow(new Date('2026-12-02T15:00:00Z'), cal))).toBeUndefined();
  });
});

describe('the flags do not depend on the time zone the server runs in', () => {
  const original = Settings.defaultZone;
  afterEach(() => {
    Settings.defaultZone = original;
  });

  it.each(['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Europe/London'])(
    'the same windows with the machine in %s',
    (zone) => {
      Settings.defaultZone = zone;
      for (const [name, instant, expected] of WINDOWS)
        expect(deadlineWindow(new Date(instant), cal), name).toEqual(expected);
    },
  );
});
