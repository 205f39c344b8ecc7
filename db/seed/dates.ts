/**
 * Town-local calendar helpers for the seed. Calendar days are `YYYY-MM-DD` in America/New_York;
 * instants are built from local wall-clock times (so a 9:00 inspection is 9:00 in Rotterdam, EST or EDT).
 * Day arithmetic is the portal's own (`#lib/shared/days.ts`), the local day of an instant is `townToday`
 * (platform/time/town-time.ts), and days and months are worded by `#lib/shared/format.ts`: one definition each.
 */
import { DateTime } from 'luxon';
import { TOWN_TIME_ZONE } from '#lib/server/platform/config.ts';
import { DAY_MS, dayNumber } from '#lib/shared/days.ts';

const hourFormat = new Intl.DateTimeFormat('en-US', { timeZone: TOWN_TIME_ZONE, hour: 'numeric', hourCycle: 'h23' });
/** Local hour (0-23) of an instant. */
export function localHour(instant: Date): number {
  return Number(hourFormat.format(instant));
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
  return new Date(dayNumber(date) * DAY_MS + (hour * 60 + minute - offset) * 60_000);
}

/** Plus hours, as an instant. */
export function plusHours(instant: Date, hours: number): Date {
  return new Date(instant.getTime() + Math.round(hours * 3_600_000));
}

/** "3/4/2025 9:15 AM" in town time. */
export function localDateTime(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: TOWN_TIME_ZONE }).toFormat('LLLL d, yyyy h:mm a');
}
