/**
 * Periods counted in calendar days ("within 30 days of receipt", "within seven days of such notification").
 *
 * General Construction Law §20: a period "from" a day excludes that day, so day 1 is the day after.
 * §25-a: when the last day falls on a Saturday, Sunday or public holiday, the period runs to the next
 * business day. Pure: the caller passes the town's BusinessCalendar (closures are data).
 */
import { addDays } from '#lib/shared/days.ts';
import type { BusinessCalendar, DayInfo } from './deadlines.rules.ts';

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

// The desk computes hundreds of clocks against one calendar: remember each day's answer per calendar.
const dayCache = new WeakMap<BusinessCalendar, Map<string, { info: DayInfo; next: string }>>();

function lookup(calendar: BusinessCalendar, date: string) {
  let cache = dayCache.get(calendar);
  // Stryker disable next-line ConditionalExpression: a cache; started afresh each time, it gives the same answers
  if (!cache) dayCache.set(calendar, (cache = new Map()));
  let hit = cache.get(date);
  // Stryker disable next-line ConditionalExpression: a cache; a day looked up again gives the same answer
  if (!hit) {
    hit = { info: calendar.day(date), next: calendar.onOrAfter(date) };
    // Stryker disable next-line CallExpression: a cache; a day not remembered is looked up again, the same
    cache.set(date, hit);
  }
  return hit;
}

export function calendarDayPeriod(from: string, days: number, calendar: BusinessCalendar): Period {
  const lastDay = addDays(from, days);
  const { info, next } = lookup(calendar, lastDay);
  if (info.kind === 'business') return { from, days, lastDay, dueOn: lastDay };
  return { from, days, lastDay, dueOn: next, rolledBecause: info.reason };
}

/** "3 days left", "due today", "2 days overdue". */
export function daysLeftWords(daysLeft: number): string {
  if (daysLeft === 0) return 'due today';
  if (daysLeft === 1) return '1 day left';
  // Stryker disable next-line EqualityOperator: `>= 1` is the same, 1 was answered on the line above
  if (daysLeft > 1) return `${daysLeft} days left`;
  return daysLeft === -1 ? '1 day past due' : `${-daysLeft} days past due`;
}
