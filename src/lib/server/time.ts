/** Town-local time. The town runs on America/New_York: instants are stored in UTC, days are local. */
import { DateTime } from 'luxon';
import { TOWN_TIME_ZONE } from './config.ts';

export function isoDate(dt: DateTime): string {
  return dt.toISODate() as string;
}

/** The town-local calendar day of an instant (today by default), YYYY-MM-DD. */
export function townToday(now: Date = new Date()): string {
  return isoDate(DateTime.fromJSDate(now, { zone: TOWN_TIME_ZONE }));
}

/** A local date and time in the town → the UTC instant. */
export function townInstant(date: string, time = '00:00'): Date {
  return DateTime.fromISO(`${date}T${time}`, { zone: TOWN_TIME_ZONE }).toJSDate();
}
