/** Town-local time. The town runs on America/New_York: instants are stored in UTC, days are local. */
import { DateTime } from 'luxon';
import { TOWN_TIME_ZONE } from '#lib/server/platform/config.ts';

export function isoDate(dt: DateTime): string {
  return dt.toISODate() as string;
}

const HOUR_MS = 3_600_000;
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TOWN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dayByHour = new Map<number, string>();

/**
 * The town-local calendar day of an instant (today by default), YYYY-MM-DD. Asked on every public request
 * and for every inspection and records request in the statistics: New York's offsets are whole hours and
 * change on the hour, so every instant in one UTC hour has the same local day, and each hour is worked
 * out once.
 */
export function townToday(now: Date = new Date()): string {
  const hour = Math.floor(now.getTime() / HOUR_MS);
  let day = dayByHour.get(hour);
  if (day === undefined) {
    day = dayFormat.format(now);
    if (dayByHour.size > 200_000) dayByHour.clear();
    dayByHour.set(hour, day);
  }
  return day;
}

/** A local date and time in the town → the UTC instant. */
export function townInstant(date: string, time = '00:00'): Date {
  return DateTime.fromISO(`${date}T${time}`, { zone: TOWN_TIME_ZONE }).toJSDate();
}

/**
 * The last second of a town day as ISO 8601 with the town's offset that day: "2026-12-08" →
 * "2026-12-08T23:59:59-05:00". For a promise made by the day, so a reader sees the day itself.
 */
export function townDayEndIso(date: string): string {
  return DateTime.fromISO(`${date}T23:59:59`, { zone: TOWN_TIME_ZONE }).toISO({ suppressMilliseconds: true }) as string;
}
