/**
 * Copy-fee schedules as stored, by effective date (POL §87(1)(b)(iii)). The fee arithmetic is pure
 * (src/lib/shared/fees.ts, shared with the browser's live estimate); the law's limits on a schedule are
 * checked where one is saved (fee-schedule.rules.ts).
 */
import { asc, desc, eq, lte, sql } from 'drizzle-orm';
import { feeSchedules } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { preparedOnce } from '#lib/server/platform/db.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { checkFeeSchedule, type FeeScheduleInput } from './fee-schedule.rules.ts';
import { failFields, type Result } from '#lib/server/platform/result.ts';

export type FeeSchedule = typeof feeSchedules.$inferSelect;

/** What "in force on a date" means: the latest schedule that took effect by then, else the earliest. */
const TOOK_EFFECT_BY = lte(feeSchedules.effectiveFrom, sql.placeholder('date'));
const LATEST = [desc(feeSchedules.effectiveFrom), desc(feeSchedules.id)] as const;
const EARLIEST = asc(feeSchedules.effectiveFrom);
function inForce(row: FeeSchedule | undefined): FeeSchedule {
  if (!row) throw new Error('No fee schedule: run seedReferenceData first');
  return row;
}

/** The fee schedule in force on a date: the latest that took effect on or before it (else the earliest). */
export async function feeScheduleOn(db: Pick<Db, 'select'>, date: string): Promise<FeeSchedule> {
  // Prepared once per connection: every estimate (the request form's previews, each request sent) reads it.
  const row =
    (await preparedOnce(db, 'feeSchedule.on', () =>
      db
        .select()
        .from(feeSchedules)
        .where(TOOK_EFFECT_BY)
        .orderBy(...LATEST)
        .limit(1)
        .prepare(),
    ).get({ date })) ??
    (await preparedOnce(db, 'feeSchedule.earliest', () =>
      db.select().from(feeSchedules).orderBy(EARLIEST).limit(1).prepare(),
    ).get());
  return inForce(row);
}

export async function feeScheduleById(db: Pick<Db, 'select'>, id: number): Promise<FeeSchedule | undefined> {
  const [row] = await db.select().from(feeSchedules).where(eq(feeSchedules.id, id)).limit(1);
  return row;
}

/** Every schedule, newest first (the admin page's history). */
export function allFeeSchedules(db: Pick<Db, 'select'>): Promise<FeeSchedule[]> {
  return db.select().from(feeSchedules).orderBy(desc(feeSchedules.effectiveFrom), desc(feeSchedules.id));
}

export type SaveFeeScheduleResult = Result<{ id: number }>;

/**
 * Save a new schedule (an old one is never edited: invoices keep the schedule they were issued under).
 * The law's limits are checked here, where schedules are saved, not only in the defaults (fee-schedule.rules.ts).
 */
export async function saveFeeSchedule(
  db: Db,
  actor: Actor,
  input: FeeScheduleInput,
  now = new Date(),
): Promise<SaveFeeScheduleResult> {
  const fields = checkFeeSchedule(input, townToday(now));
  if (Object.keys(fields).length) return failFields(fields);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(feeSchedules)
      .values({
        ...input,
        notes: input.notes.trim(),
        createdByUserId: 'userId' in actor ? actor.userId : null,
        createdAt: now,
      })
      .returning();
    await auditAsync(tx, actor, {
      action: 'fee_schedule.create',
      entityType: 'fee_schedule',
      entityId: row!.id,
      after: row,
    });
    return row!.id;
  });
  return { ok: true, id };
}
