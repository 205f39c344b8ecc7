/**
 * Periods counted in calendar days ("within 30 days of receipt", "within seven days of such notification").
 *
 * General Construction Law §20: a period "from" a day excludes that day, so day 1 is the day after.
 * §25-a: when the last day falls on a Saturday, Sunday or public holiday, the period runs to the next
 * business day. Pure: the caller passes the town's BusinessCalendar (closures are data).
 */
import { DateTime } from 'luxon';
import { TOWN_TIME_ZONE } from './config.ts';
import type { BusinessCalendar } from './deadlines.ts';
import { isoDate } from './time.ts';

export interface Period {
  /** The day the period is counted from (not itself counted). */
  from: string;
  days: number;
  /** Day `days` after `from`. */
  lastDay: string;
  /** The day it is due: lastDay, or the next business day when lastDay is a closed day. */
  dueOn: string;
  /** Why dueOn differs from lastDay ("Saturday", "Columbus Day"). */
  rolledBecause?: string;
}

export function addDays(date: string, n: number): string {
  return isoDate(DateTime.fromISO(date, { zone: TOWN_TIME_ZONE }).plus({ days: n }));
}

/** Calendar days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  const x = DateTime.fromISO(a, { zone: 'UTC' });
  const y = DateTime.fromISO(b, { zone: 'UTC' });
  return Math.round(y.diff(x, 'days').days);
}

export function calendarDayPeriod(from: string, days: number, calendar: BusinessCalendar): Period {
  const lastDay = addDays(from, days);
  const info = calendar.day(lastDay);
  if (info.kind === 'business') return { from, days, lastDay, dueOn: lastDay };
  return { from, days, lastDay, dueOn: calendar.onOrAfter(lastDay), rolledBecause: info.reason };
}

/** "3 days left", "due today", "2 days overdue". */
export function daysLeftWords(daysLeft: number): string {
  if (daysLeft === 0) return 'due today';
  if (daysLeft === 1) return '1 day left';
  if (daysLeft > 1) return `${daysLeft} days left`;
  return daysLeft === -1 ? '1 day past due' : `${-daysLeft} days past due`;
}

/** YYYY-MM-DD validity (a real calendar day). */
export function isIsoDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return DateTime.fromISO(value, { zone: 'UTC' }).isValid;
}
