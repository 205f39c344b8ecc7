/**
 * Inspections of permanent practices by the Stormwater Management Officer or the designated agent, on the
 * ordinance's "any reasonable basis": routine, random, after complaints or other notice, jointly with other
 * agencies. An inspection that finds the practice needs maintenance or failing lists the maintenance
 * required with a due date; a later inspection closes what it finds done. Random selections are drawn
 * from a recorded seed and pool so the draw can be repeated (and audited).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  practiceInspections,
  practiceMaintenanceItems,
  practiceRandomDraws,
  stormwaterPractices,
  type SmpCondition,
  type SmpInspectionReason,
} from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import type { Result } from '#lib/server/platform/result.ts';
import { drawPractices } from './practices.rules.ts';

export interface InspectionInput {
  practiceId: number;
  inspectedOn: string;
  reason: SmpInspectionReason;
  condition: SmpCondition;
  inspectorName: string;
  jointAgency: string | null;
  complaintSource: string | null;
  randomDrawId: number | null;
  findings: string;
  /** Open maintenance items this inspection found done. */
  closeItemIds: number[];
  /** Maintenance it requires. */
  newItems: Array<{ description: string; dueOn: string }>;
}

/**
 * Which of these maintenance items are the practice's and still open: what an inspection may close and an owner's
 * report may say was done (a stale form or another practice's id is not).
 */
export async function openMaintenanceItems(tx: Pick<Db, 'select'>, practiceId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: practiceMaintenanceItems.id })
    .from(practiceMaintenanceItems)
    .where(
      and(
        eq(practiceMaintenanceItems.practiceId, practiceId),
        isNull(practiceMaintenanceItems.closedOn),
        inArray(practiceMaintenanceItems.id, ids),
      ),
    );
  return rows.map((r) => r.id);
}

export function recordPracticeInspection(
  db: Db,
  actor: Actor,
  input: InspectionInput,
  today: string,
): Promise<Result<{ id: number }>> {
  // What it checks (the practice, the draw, the items it closes) is read in the transaction that records it.
  return db.transaction(async (tx): Promise<Result<{ id: number }>> => {
    const [practice] = await tx.select().from(stormwaterPractices).where(eq(stormwaterPractices.id, input.practiceId));
    if (!practice) return { ok: false, message: 'That practice is not in the inventory.' };
    const fields: Record<string, string> = {};
    if (input.inspectedOn > today)
      fields.inspectedOn = 'Record an inspection once it has taken place: the day cannot be in the future.';
    if (input.inspectedOn < practice.inServiceOn)
      fields.inspectedOn = 'The practice was not in service yet on that day.';
    if (input.reason === 'joint' && !input.jointAgency)
      fields.jointAgency = 'Name the other agency of the joint inspection.';
    if (input.reason === 'complaint' && !input.complaintSource)
      fields.complaintSource = 'Say where the complaint or notice came from (a few words or a link).';
    if (input.condition !== 'functioning' && input.newItems.length === 0)
      fields.item0Description = 'List the maintenance or repair the owner must do, with its due date.';
    input.newItems.forEach((it, i) => {
      if (it.dueOn <= input.inspectedOn) fields[`item${i}DueOn`] = 'The due date comes after the inspection.';
    });
    if (input.randomDrawId != null) {
      const [draw] = await tx.select().from(practiceRandomDraws).where(eq(practiceRandomDraws.id, input.randomDrawId));
      if (!draw || !(JSON.parse(draw.chosenIds) as number[]).includes(practice.id))
        fields.randomDrawId = 'That draw did not choose this practice.';
    }
    if (Object.keys(fields).length) return { ok: false, fields };
    const open = await openMaintenanceItems(tx, practice.id, input.closeItemIds);
    if (open.length !== new Set(input.closeItemIds).size)
      return {
        ok: false,
        message:
          'Some of the maintenance items you ticked are already closed or belong to another practice: reload the page.',
      };
    const { closeItemIds: _c, newItems, ...values } = input;
    const [row] = await tx
      .insert(practiceInspections)
      .values({ ...values, recordedByUserId: 'userId' in actor ? actor.userId : null })
      .returning();
    if (open.length)
      await tx
        .update(practiceMaintenanceItems)
        .set({ closedOn: input.inspectedOn, closedByInspectionId: row!.id })
        .where(inArray(practiceMaintenanceItems.id, open));
    const items = newItems.length
      ? await tx
          .insert(practiceMaintenanceItems)
          .values(newItems.map((it) => ({ ...it, practiceId: practice.id, inspectionId: row!.id })))
          .returning()
      : [];
    await auditAsync(tx, actor, {
      action: 'practice.inspect',
      entityType: 'stormwater_practice',
      entityId: practice.id,
      after: { inspection: row, closedItemIds: open, newItems: items },
    });
    return { ok: true, id: row!.id };
  });
}

/** Draw `count` practices in operation for random inspection; the seed and the pool are recorded. */
export function drawRandomInspections(
  db: Db,
  actor: Actor,
  count: number,
  today: string,
  seed = randomBytes(8).toString('hex'),
): Promise<Result<{ id: number; chosen: number[] }>> {
  // The pool is read in the transaction that records it: the draw is from exactly the practices it names.
  return db.transaction(async (tx): Promise<Result<{ id: number; chosen: number[] }>> => {
    const pool = (
      await tx
        .select({ id: stormwaterPractices.id })
        .from(stormwaterPractices)
        .where(isNull(stormwaterPractices.removedOn))
        .orderBy(stormwaterPractices.id)
    ).map((r) => r.id);
    if (!pool.length) return { ok: false, message: 'No practice is in operation to draw from.' };
    if (count < 1 || count > pool.length)
      return { ok: false, fields: { count: `Draw from 1 to ${pool.length} practices.` } };
    const chosen = drawPractices(pool, seed, count);
    const [row] = await tx
      .insert(practiceRandomDraws)
      .values({
        drawnOn: today,
        seed,
        poolIds: JSON.stringify(pool),
        chosenIds: JSON.stringify(chosen),
        drawnByUserId: 'userId' in actor ? actor.userId : null,
      })
      .returning();
    await auditAsync(tx, actor, {
      action: 'practice.random_draw',
      entityType: 'practice_random_draw',
      entityId: row!.id,
      after: { seed, pool: pool.length, chosen },
    });
    return { ok: true, id: row!.id, chosen };
  });
}

/** The latest draws, with the practices chosen and whether each has had its random inspection (one snapshot). */
export function recentDraws(db: Db, limit = 5) {
  return readSnapshotAsync(db, async () => {
    const draws = await db.select().from(practiceRandomDraws).orderBy(desc(practiceRandomDraws.id)).limit(limit);
    const chosenIds = [...new Set(draws.flatMap((d) => JSON.parse(d.chosenIds) as number[]))];
    const names = new Map(
      chosenIds.length
        ? (
            await db
              .select({ id: stormwaterPractices.id, name: stormwaterPractices.name })
              .from(stormwaterPractices)
              .where(inArray(stormwaterPractices.id, chosenIds))
          ).map((r) => [r.id, r.name])
        : [],
    );
    const done = new Set(
      draws.length
        ? (
            await db
              .select({ drawId: practiceInspections.randomDrawId, practiceId: practiceInspections.practiceId })
              .from(practiceInspections)
              .where(
                inArray(
                  practiceInspections.randomDrawId,
                  draws.map((d) => d.id),
                ),
              )
          ).map((r) => `${r.drawId}:${r.practiceId}`)
        : [],
    );
    return draws.map((d) => ({
      id: d.id,
      drawnOn: d.drawnOn,
      seed: d.seed,
      poolSize: (JSON.parse(d.poolIds) as number[]).length,
      chosen: (JSON.parse(d.chosenIds) as number[]).map((id) => ({
        id,
        name: names.get(id) ?? `Practice ${id}`,
        inspected: done.has(`${d.id}:${id}`),
      })),
    }));
  });
}
