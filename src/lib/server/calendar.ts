/**
 * The town's business calendar and copy-fee schedule as stored: closures (GCL §24 holidays and days a
 * clerk closed or reopened), the close-of-business setting, and fee schedules by effective date.
 * The rules that use them are pure (deadlines.ts, shared/fees.ts); this module only reads the data.
 */
import { asc, desc, eq, lte } from 'drizzle-orm';
import { closures, feeSchedules, settings } from '../../../db/schema.ts';
import type { Tx } from './audit.ts';
import { memoUntilChange, type DB } from './db/index.ts';
import { BusinessCalendar, DEFAULT_CLOSE_OF_BUSINESS } from './deadlines.ts';

export type FeeSchedule = typeof feeSchedules.$inferSelect;

/** The business calendar with every stored closure and reopening applied. */
export function loadCalendar(db: Pick<Tx, 'select'>): BusinessCalendar {
  const read = () => new BusinessCalendar(db.select({ date: closures.date, name: closures.name, active: closures.active }).from(closures).all());
  // Inside a transaction (a Tx, not the connection itself) always read afresh.
  return isConnection(db) ? memoUntilChange(db, 'calendar', read) : read();
}

function isConnection(db: Pick<Tx, 'select'>): db is DB {
  return typeof (db as Partial<DB>).$client?.pragma === 'function';
}

/** Close of business (HH:MM, town time) from settings; requests at or after it count from the next business day. */
export function closeOfBusiness(db: Pick<Tx, 'select'>): string {
  const row = db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'close_of_business')).get();
  return row && /^\d{2}:\d{2}$/.test(row.value) ? row.value : DEFAULT_CLOSE_OF_BUSINESS;
}

/** The fee schedule in force on a date: the latest that took effect on or before it (else the earliest). */
export function feeScheduleOn(db: Pick<Tx, 'select'>, date: string): FeeSchedule {
  const row =
    db.select().from(feeSchedules).where(lte(feeSchedules.effectiveFrom, date)).orderBy(desc(feeSchedules.effectiveFrom), desc(feeSchedules.id)).limit(1).get() ??
    db.select().from(feeSchedules).orderBy(asc(feeSchedules.effectiveFrom)).limit(1).get();
  if (!row) throw new Error('No fee schedule: run seedReferenceData first');
  return row;
}

export function feeScheduleById(db: Pick<Tx, 'select'>, id: number): FeeSchedule | undefined {
  return db.select().from(feeSchedules).where(eq(feeSchedules.id, id)).get();
}
