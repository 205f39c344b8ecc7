/**
 * Copy-fee schedules as stored, by effective date (POL §87(1)(b)(iii)). The fee arithmetic is pure
 * (src/lib/shared/fees.ts, shared with the browser's live estimate); this module only reads the data.
 */
import { asc, desc, eq, lte } from 'drizzle-orm';
import { feeSchedules } from '#db/schema.ts';
import type { Tx } from '#lib/server/platform/audit.ts';

export type FeeSchedule = typeof feeSchedules.$inferSelect;

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
