/**
 * The construction schedule's milestones, as the operator plans them, so the 48-hour notice of Subsection L(1)
 * can be reminded of before it is due (decision 0106): the plans a project has, saving them (audited), and the
 * notice duties they make for the reminder digest. The rule of a duty is reminders.rules.ts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { inspectionNotices, milestonePlans, projects } from '#db/schema.ts';
import { INSPECTION_MILESTONES, type Milestone } from '#db/enums.ts';
import { addDays, daysBetween } from '#lib/shared/days.ts';
import { formatDay } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import type { Result } from '#lib/server/platform/result.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import {
  milestoneNoticeDuty,
  plannedMilestones,
  type Duty,
  type PlannedMilestone,
} from '#lib/server/reminders/reminders.rules.ts';

/** How far ahead a milestone may be planned (a schedule beyond three years is a guess, not a plan). */
export const PLAN_AHEAD_DAYS = 3 * 366;

/** The milestones recorded for a project, by milestone. */
export async function milestonePlansOf(db: Db, projectId: number): Promise<Map<Milestone, string>> {
  const rows = await db
    .select({ milestone: milestonePlans.milestone, plannedOn: milestonePlans.plannedOn })
    .from(milestonePlans)
    .where(eq(milestonePlans.projectId, projectId));
  return new Map(rows.map((r) => [r.milestone, r.plannedOn]));
}

/** Each milestone's planned day, or null to clear it. */
export type MilestonePlanInput = Partial<Record<Milestone, string | null>>;

/**
 * Record the schedule's milestones: each day given is kept (moved if it was planned before), each cleared one is
 * removed. A day more than a year past or three years ahead is refused as a slip of the keyboard.
 */
export function saveMilestonePlans(
  db: Db,
  actor: Actor,
  projectId: number,
  input: MilestonePlanInput,
  now = new Date(),
): Promise<Result<{ changed: number }>> {
  const today = townToday(now);
  const fields: Record<string, string> = {};
  for (const m of INSPECTION_MILESTONES) {
    const day = input[m];
    if (!day) continue;
    const ahead = daysBetween(today, day);
    if (ahead > PLAN_AHEAD_DAYS || ahead < -366)
      fields[m] =
        `Enter a day from ${formatDay(addDays(today, -366))} to ${formatDay(addDays(today, PLAN_AHEAD_DAYS))}.`;
  }
  if (Object.keys(fields).length)
    return Promise.resolve({ ok: false, message: 'Some planned days could not be kept.', fields });
  const after: Record<string, string> = {};
  for (const m of INSPECTION_MILESTONES) {
    const day = input[m];
    if (day) after[m] = day;
  }
  const by = 'userId' in actor ? actor.userId : null;
  // The plans in force are read where they are changed, so two saves at once each change what the other left.
  return db.transaction(async (tx): Promise<Result<{ changed: number }>> => {
    const before: Record<string, string> = Object.fromEntries(await milestonePlansOf(tx, projectId));
    const changed = INSPECTION_MILESTONES.filter((m) => (before[m] ?? null) !== (after[m] ?? null));
    if (changed.length === 0) return { ok: true, changed: 0 };
    for (const m of changed) {
      const day = after[m];
      if (day)
        await tx
          .insert(milestonePlans)
          .values({ projectId, milestone: m, plannedOn: day, recordedByUserId: by, recordedAt: now })
          .onConflictDoUpdate({
            target: [milestonePlans.projectId, milestonePlans.milestone],
            set: { plannedOn: day, recordedByUserId: by, recordedAt: now },
          });
      else
        await tx
          .delete(milestonePlans)
          .where(and(eq(milestonePlans.projectId, projectId), eq(milestonePlans.milestone, m)));
    }
    await auditAsync(tx, actor, {
      action: 'milestones.plan',
      entityType: 'project',
      entityId: projectId,
      before,
      after,
    });
    return { ok: true, changed: changed.length };
  });
}

/**
 * The 48-hour notice duties of these projects: one per milestone their schedules show (recorded plans, and the
 * NOI's planned start until construction begins), whose planned day is not past, each met or not by the
 * notices given.
 */
export async function milestoneNoticeDuties(
  db: Db,
  projectIds: readonly number[],
  today: string,
): Promise<Array<Duty & { projectId: number }>> {
  if (projectIds.length === 0) return [];
  const plans = new Map<number, PlannedMilestone[]>();
  for (const r of await db
    .select({
      projectId: milestonePlans.projectId,
      milestone: milestonePlans.milestone,
      plannedOn: milestonePlans.plannedOn,
    })
    .from(milestonePlans)
    .where(inArray(milestonePlans.projectId, [...projectIds])))
    plans.set(r.projectId, [...(plans.get(r.projectId) ?? []), { milestone: r.milestone, plannedOn: r.plannedOn }]);
  const notices = new Map<number, Array<{ milestone: Milestone; workOn: string }>>();
  for (const n of await db
    .select({
      projectId: inspectionNotices.projectId,
      milestone: inspectionNotices.milestone,
      scheduledFor: inspectionNotices.scheduledFor,
    })
    .from(inspectionNotices)
    .where(inArray(inspectionNotices.projectId, [...projectIds])))
    notices.set(n.projectId, [
      ...(notices.get(n.projectId) ?? []),
      { milestone: n.milestone, workOn: townToday(n.scheduledFor) },
    ]);
  const out: Array<Duty & { projectId: number }> = [];
  for (const p of await db
    .select({
      id: projects.id,
      status: projects.status,
      plannedStartOn: projects.plannedStartOn,
      actualStartOn: projects.actualStartOn,
    })
    .from(projects)
    .where(inArray(projects.id, [...projectIds]))) {
    // A finished project has no milestone left to notify of.
    if (p.status === 'complete') continue;
    for (const plan of plannedMilestones(p, plans.get(p.id) ?? [])) {
      if (plan.plannedOn < today) continue;
      out.push({ ...milestoneNoticeDuty(p.id, plan, notices.get(p.id) ?? []), projectId: p.id });
    }
  }
  return out;
}

/** A project's schedule as the officer sees it: each planned milestone, soonest first, and whether notice came. */
export async function plannedScheduleOf(
  db: Db,
  project: { id: number; plannedStartOn: string | null; actualStartOn: string | null },
): Promise<Array<PlannedMilestone & { fromNoi: boolean; noticeGiven: boolean }>> {
  const recorded = [...(await milestonePlansOf(db, project.id))].map(([milestone, plannedOn]) => ({
    milestone,
    plannedOn,
  }));
  const given = (
    await db
      .select({ milestone: inspectionNotices.milestone, scheduledFor: inspectionNotices.scheduledFor })
      .from(inspectionNotices)
      .where(eq(inspectionNotices.projectId, project.id))
  ).map((n) => ({ milestone: n.milestone, workOn: townToday(n.scheduledFor) }));
  return plannedMilestones(project, recorded)
    .map((plan) => ({
      ...plan,
      fromNoi: !recorded.some((r) => r.milestone === plan.milestone),
      noticeGiven: milestoneNoticeDuty(project.id, plan, given).met,
    }))
    .sort((a, b) => (a.plannedOn < b.plannedOn ? -1 : a.plannedOn > b.plannedOn ? 1 : 0));
}
