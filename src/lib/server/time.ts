/** Town-local time. The town runs on America/New_York: instants are stored in UTC, days are local. */
import { DateTime } from 'luxon';
import { TOWN_TIME_ZONE } from './config.ts';

export function isoDate(dt: DateTime): string {
  return dt.toISODate() as string;
}

let lastDay: { day: string; from: number; until: number } | undefined;

/** The town-local calendar day of an instant (today by default), YYYY-MM-DD. */
export function townToday(now: Date = new Date()): string {
  // Asked on every public request: remember the day with its bounds rather than build a zoned DateTime.
  const t = now.getTime();
  if (lastDay && t >= lastDay.from && t < lastDay.until) return lastDay.day;
  const local = DateTime.fromMillis(t, { zone: TOWN_TIME_ZONE });
  const start = local.startOf('day');
  lastDay = { day: isoDate(local), from: start.toMillis(), until: start.plus({ days: 1 }).toMillis() };
  return lastDay.day;
}

/** A local date and time in the town → the UTC instant. */
export function townInstant(date: string, time = '00:00'): Date {
  return DateTime.fromISO(`${date}T${time}`, { zone: TOWN_TIME_ZONE }).toJSDate();
}
