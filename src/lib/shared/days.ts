/**
 * Calendar-day arithmetic on local dates (YYYY-MM-DD): the one addDays and daysBetween. A local date
 * names a day, not an instant, so no time zone is involved (UTC midnights). Memoised: the compliance
 * engine and the officer's desk compute hundreds of thousands of these at 10,000 projects.
 */

export const DAY_MS = 86_400_000;

/** Remembers a pure function's answers (cleared past 100,000 keys). */
export function memo<K, V>(fn: (key: K) => V): (key: K) => V {
  const cache = new Map<K, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      if (cache.size > 100_000) cache.clear();
      cache.set(key, (value = fn(key)));
    }
    return value;
  };
}

/** Days since 1970-01-01 of a local date. */
export const dayNumber = memo(
  (date: string): number =>
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS,
);
const fromDayNumber = memo((n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10));

/** The local date `days` calendar days after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** Whole calendar days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

/** ISO weekday of a local date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const d = new Date(dayNumber(date) * DAY_MS).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The month (YYYY-MM) of a local date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The month after `month` (YYYY-MM). */
export function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The last local date of `month` (YYYY-MM). */
export function lastDayOfMonth(month: string): string {
  return addDays(`${nextMonth(month)}-01`, -1);
}

/** The earlier of two local dates. */
export function minDay(a: string, b: string): string {
  // Stryker disable next-line EqualityOperator: `<=` is the same, equal dates give the same date
  return a < b ? a : b;
}

/** The later of two local dates. */
export function maxDay(a: string, b: string): string {
  // Stryker disable next-line EqualityOperator: `>=` is the same, equal dates give the same date
  return a > b ? a : b;
}

/** YYYY-MM-DD validity (a real calendar day). */
export function isIsoDay(value: string | null | undefined): value is string {
  // Date also reads six-digit years and gives "+010000-01" back unchanged: the pattern keeps a year to four digits.
  // Stryker disable next-line Regex: without `^` or `$` it still refuses "+010000-01" (the round trip refuses the rest)
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
