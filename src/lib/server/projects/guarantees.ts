/**
 * Performance guarantees as staff record them (never shown publicly). Rules: guarantees.rules.ts (a
 * construction guarantee is released after an acceptable one-year inspection; a maintenance guarantee once
 * the facilities are removed from operation).
 */
import type { Result } from '#lib/server/platform/result.ts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { performanceGuarantees, projects, type GuaranteeKind, type GuaranteePurpose } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { guaranteeStanding, releaseProblem } from './guarantees.rules.ts';

export interface GuaranteeInput {
  kind: GuaranteeKind;
  purpose: GuaranteePurpose;
  amountCents: number;
  institution: string;
  reference: string | null;
  receivedOn: string | null;
  expiresOn: string | null;
  finalAcceptanceOn: string | null;
  oneYearInspectionOn: string | null;
  /** Whether the one-year inspection found the facilities acceptable (null: not recorded). */
  oneYearInspectionAcceptable: boolean | null;
  /** Maintenance guarantees: the day the facilities were removed from operation. */
  removedFromOperationOn: string | null;
  notes: string | null;
}

export async function saveGuarantee(
  db: Db,
  actor: Actor,
  projectId: number,
  guaranteeId: number | null,
  input: GuaranteeInput,
): Promise<Result<{ id: number }>> {
  if (input.oneYearInspectionOn && !input.finalAcceptanceOn)
    return {
      ok: false,
      fields: { finalAcceptanceOn: 'Enter the date of final acceptance: the one-year inspection is counted from it.' },
    };
  if (input.oneYearInspectionAcceptable != null && !input.oneYearInspectionOn)
    return {
      ok: false,
      fields: { oneYearInspectionOn: 'Enter the date of the one-year inspection whose finding you recorded.' },
    };
  if (input.removedFromOperationOn && input.purpose !== 'maintenance')
    return {
      ok: false,
      fields: {
        removedFromOperationOn:
          'Only a maintenance guarantee runs until the facilities are removed from operation; leave this empty.',
      },
    };
  if (input.expiresOn && input.receivedOn && input.expiresOn < input.receivedOn)
    return { ok: false, fields: { expiresOn: 'It cannot expire before it was received.' } };
  return db.transaction(async (tx): Promise<Result<{ id: number }>> => {
    if (guaranteeId) {
      const [before] = await tx
        .select()
        .from(performanceGuarantees)
        .where(and(eq(performanceGuarantees.id, guaranteeId), eq(performanceGuarantees.projectId, projectId)))
        .limit(1);
      if (!before) return { ok: false, message: 'No such guarantee on this project.' };
      if (before.releasedOn) return { ok: false, message: 'A released guarantee no longer changes.' };
      const [after] = await tx
        .update(performanceGuarantees)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(performanceGuarantees.id, guaranteeId))
        .returning();
      await auditAsync(tx, actor, {
        action: 'guarantee.update',
        entityType: 'performance_guarantee',
        entityId: guaranteeId,
        before,
        after,
      });
      return { ok: true, id: guaranteeId };
    }
    const [row] = await tx
      .insert(performanceGuarantees)
      .values({ ...input, projectId })
      .returning();
    await auditAsync(tx, actor, {
      action: 'guarantee.create',
      entityType: 'performance_guarantee',
      entityId: row!.id,
      after: row,
    });
    return { ok: true, id: row!.id };
  });
}

export function releaseGuarantee(
  db: Db,
  actor: Actor,
  guaranteeId: number,
  on: string,
  today: string,
): Promise<Result<{ id: number }>> {
  return db.transaction(async (tx): Promise<Result<{ id: number }>> => {
    const [before] = await tx
      .select()
      .from(performanceGuarantees)
      .where(eq(performanceGuarantees.id, guaranteeId))
      .limit(1);
    if (!before) return { ok: false, message: 'No such guarantee.' };
    if (on > today) return { ok: false, fields: { on: 'The release date cannot be in the future.' } };
    const problem = releaseProblem(before, on);
    if (problem) return { ok: false, message: problem };
    const [after] = await tx
      .update(performanceGuarantees)
      .set({ releasedOn: on, releasedByUserId: 'userId' in actor ? actor.userId : null, updatedAt: new Date() })
      .where(eq(performanceGuarantees.id, guaranteeId))
      .returning();
    await auditAsync(tx, actor, {
      action: 'guarantee.release',
      entityType: 'performance_guarantee',
      entityId: guaranteeId,
      before,
      after,
    });
    return { ok: true, id: guaranteeId };
  });
}

export async function guaranteesForProject(db: Db, projectId: number, today: string) {
  const rows = await db
    .select()
    .from(performanceGuarantees)
    .where(eq(performanceGuarantees.projectId, projectId))
    .orderBy(asc(performanceGuarantees.id));
  return rows.map((g) => ({ ...g, standing: guaranteeStanding(g, today) }));
}

/** Unreleased guarantees that need attention: expiring, expired, or ready for release. */
export async function guaranteesNeedingAttention(db: Db, today: string) {
  const rows = await db
    .select({ g: performanceGuarantees, slug: projects.slug, name: projects.name })
    .from(performanceGuarantees)
    .innerJoin(projects, eq(projects.id, performanceGuarantees.projectId))
    .where(isNull(performanceGuarantees.releasedOn));
  return rows
    .map((r) => ({ ...r.g, projectSlug: r.slug, projectName: r.name, standing: guaranteeStanding(r.g, today) }))
    .filter((g) => g.standing.standing !== 'held');
}
