/**
 * Town-local calendar helpers for the seed. Calendar days are `YYYY-MM-DD` in America/New_York;
 * instants are built from local wall-clock times (so a 9:00 inspection is 9:00 in Rotterdam, EST or EDT).
 */
import { DateTime } from 'luxon';
import { TOWN_TIME_ZONE } from '#lib/server/platform/config.ts';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TOWN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export function localDay(instant: Date): string {
  return dayFormat.format(instant);
}

const hourFormat = new Intl.DateTimeFormat('en-US', { timeZone: TOWN_TIME_ZONE, hour: 'numeric', hourCycle: 'h23' });
/** Local hour (0-23) of an instant. */
export function localHour(instant: Date): number {
  return Number(hourFormat.format(instant));
}

// Calendar-day arithmetic needs no time zone: do it on UTC midnights (luxon is slow in tight loops).
function utcMs(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromUtcMs(utcMs(date) + days * 86_400_000);
}

export function addMonths(date: string, months: number): string {
  return DateTime.fromISO(date, { zone: TOWN_TIME_ZONE }).plus({ months }).toISODate() as string;
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcMs(b) - utcMs(a)) / 86_400_000);
}

/** The instant of a local wall-clock time on a local date. */
const offsetCache = new Map<string, number>();
export function atLocal(date: string, hour: number, minute = 0): Date {
  const [y, m, d] = date.split('-').map(Number);
  // DST changes at 2 a.m.: let luxon handle the small hours exactly.
  if (hour < 3)
    return DateTime.fromObject({ year: y, month: m, day: d, hour, minute }, { zone: TOWN_TIME_ZONE }).toJSDate();
  // From 3 a.m. on, a day has one UTC offset: compute it once per day (luxon is slow in loops).
  let offset = offsetCache.get(date);
  if (offset === undefined) {
    offset = DateTime.fromObject({ year: y, month: m, day: d, hour: 12 }, { zone: TOWN_TIME_ZONE }).offset;
    offsetCache.set(date, offset);
  }
  return new Date(utcMs(date) + (hour * 60 + minute - offset) * 60_000);
}

/** Plus hours, as an instant. */
export function plusHours(instant: Date, hours: number): Date {
  return new Date(instant.getTime() + Math.round(hours * 3_600_000));
}

/** 1 = Monday … 7 = Sunday. */
export function weekday(date: string): number {
  return new Date(utcMs(date)).getUTCDay() || 7;
}

/** YYYY-MM of a local date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function firstOfMonth(month: string): string {
  return `${month}-01`;
}

export function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export function lastDayOfMonth(month: string): string {
  return addDays(`${nextMonth(month)}-01`, -1);
}

export function monthName(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** "March 4, 2025" */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export function longDate(date: string): string {
  return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;
}

/** "3/4/2025 9:15 AM" in town time. */
export function localDateTime(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: TOWN_TIME_ZONE }).toFormat('LLLL d, yyyy h:mm a');
}

export function minDate(a: string, b: string): string {
  return a < b ? a : b;
}

export function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}
