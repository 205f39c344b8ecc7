/**
 * Reference data every town needs before the first request arrives: closures (GCL §24 holidays and a
 * clerk-added snow day), the copy-fee schedule (POL §87 limits), the statutory grounds for withholding and settings. Idempotent: run it as
 * often as you like, existing rows are left alone.
 */
import { DateTime } from 'luxon';
import type { DB } from '#lib/server/platform/db.ts';
import { schema } from '#lib/server/platform/db.ts';
import { TOWN_TIME_ZONE } from '#lib/server/platform/config.ts';
import { DEFAULT_CLOSE_OF_BUSINESS, statutoryHolidays } from '#lib/server/platform/time/deadlines.rules.ts';
import { isoWeekday } from '#lib/shared/days.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { ensureStatutoryGrounds } from '#lib/server/records-requests/grounds.ts';

export const DEFAULT_FEE_SCHEDULE = {
  effectiveFrom: '2020-01-01',
  /** POL §87(1)(b)(iii): at most 25 cents a page up to 9x14 in. */
  perPageCents: 25,
  /** Actual cost of reproducing a 24x36 in. plan sheet (a nearby town charges $5). */
  largeFormatSheetCents: 500,
  electronicCents: 0,
  cdCents: 100,
  usbCents: 500,
  /** Hourly rate of the lowest-paid employee able to do the work; only when it takes 2 hours or more. */
  staffHourlyCents: 1850,
  notes:
    'Copies up to 9x14 in.: $0.25 a page. Plan sheets larger than 9x14 in.: $5.00 a sheet (actual cost of reproduction). Electronic copies by e-mail or download: free. CD $1.00, USB drive $5.00. Postage at cost when records are mailed. Staff time only when preparing copies takes two hours or more, never for search, review or redaction.',
} as const;

export const DEFAULT_SETTINGS: Record<string, string> = {
  close_of_business: DEFAULT_CLOSE_OF_BUSINESS,
  monthly_summary_due_day: '10',
};

/** The snow day the clerk added last winter: the first Tuesday of February that is a business day. */
export function lastWinterSnowDay(now: Date): string {
  const today = DateTime.fromJSDate(now, { zone: TOWN_TIME_ZONE });
  // "Last winter" is the most recent February that has already passed.
  const year = today.month > 2 ? today.year : today.year - 1;
  let d = DateTime.fromObject({ year, month: 2, day: 2 }, { zone: TOWN_TIME_ZONE });
  while (d.weekday !== 2 || statutoryHolidays(year).has(d.toISODate() as string)) d = d.plus({ days: 1 });
  return d.toISODate() as string;
}

/** `hall` names the building the demo snow day closed ("Village Hall"); a town's by default. */
export async function seedReferenceData(db: DB, opts: { now?: Date; hall?: string } = {}): Promise<void> {
  const now = opts.now ?? new Date();
  const year = DateTime.fromJSDate(now, { zone: TOWN_TIME_ZONE }).year;
  const holidays: Array<typeof schema.closures.$inferInsert> = [];
  for (let y = year - 2; y <= year + 5; y++) {
    for (const [date, name] of statutoryHolidays(y)) {
      // A Sunday holiday is observed on Monday (already in the list); weekends close anyway.
      if (isoWeekday(date) >= 6) continue;
      holidays.push({ date, name, kind: 'holiday', active: true, createdAt: now, updatedAt: now });
    }
  }
  const snowDay = lastWinterSnowDay(now);
  db.transaction((tx) => {
    for (const row of holidays) tx.insert(schema.closures).values(row).onConflictDoNothing().run();
    tx.insert(schema.closures)
      .values({
        date: snowDay,
        name: `Snow day - ${opts.hall ?? 'Town Hall'} closed`,
        kind: 'closure',
        active: true,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .run();
    const existing = tx.select({ id: schema.feeSchedules.id }).from(schema.feeSchedules).all();
    if (existing.length === 0)
      tx.insert(schema.feeSchedules)
        .values({ ...DEFAULT_FEE_SCHEDULE, createdAt: now })
        .run();
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
      tx.insert(schema.settings).values({ key, value, updatedAt: now }).onConflictDoNothing().run();
    }
  });
  // The statutory grounds for withholding records (POL §87(2)), which a decision on an item cites.
  await asyncOf(db).transaction((tx) => ensureStatutoryGrounds(tx, now));
}

// The loaders live with the application; re-exported for the seeds.
export { loadCalendar } from '#lib/server/platform/time/calendar.ts';
export { feeScheduleOn } from '#lib/server/records-requests/fee-schedules.ts';
