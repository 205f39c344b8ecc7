/**
 * 48-hour inspection notices (given by operators, or taken by the officer over the phone: who gave it and
 * who recorded it are kept apart), the town's own inspections (scheduled ahead, then recorded with their
 * outcomes), and the violations they find.
 */
import { MILESTONE_LABEL } from '#lib/shared/labels.ts';
import type { Result } from '#lib/server/platform/result.ts';
import { and, asc, desc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import {
  enforcementActions,
  enforcementViolations,
  inspectionNotices,
  projects,
  scheduledInspections,
  townInspectionChecks,
  townInspections,
  users,
  violations,
} from '#db/schema.ts';
import { formatDay, formatInstant } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import {
  noticeFinding,
  noticeGivenWords,
  noticeProblem,
  noticeTiming,
  scheduleProblem,
  type Milestone,
  type TownInspectionOutcome,
} from './inspection-notice.rules.ts';
import {
  CHECK_ANSWER_LABEL,
  CHECKLIST,
  checkAnswers,
  checklistCountWords,
  type CheckAnswer,
} from './inspection-checklist.rules.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { usersWithRole } from '#lib/server/accounts/users.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';

export interface NoticeInput {
  milestone: Milestone;
  scheduledFor: Date;
  notes: string | null;
  /** When the notice was given; now for operators, the phone call's time when the officer records it. */
  givenAt: Date;
  /** Who gave it: the operator's own name, or the caller the officer took it from ("Dale Ferris (phone)"). */
  givenByName: string;
}

export function giveNotice(
  db: Db,
  actor: Actor,
  projectId: number,
  input: NoticeInput,
  baseUrl: string,
  now = new Date(),
): Promise<Result<{ id: number; late: boolean }>> {
  const timing = noticeTiming(input.givenAt, input.scheduledFor);
  const givenByUserId = 'userId' in actor ? actor.userId : null;
  return db.transaction(async (tx): Promise<Result<{ id: number; late: boolean }>> => {
    const [project] = await tx
      .select({ name: projects.name, slug: projects.slug })
      .from(projects)
      .where(eq(projects.id, projectId));
    if (!project) return { ok: false, message: 'No such project.' };
    if (input.givenAt.getTime() > now.getTime() + 60_000)
      return { ok: false, fields: { givenDate: 'The notice cannot have been given in the future.' } };
    const problem = noticeProblem(input.givenAt, input.scheduledFor);
    if (problem) return { ok: false, fields: { [problem.field]: problem.message } };
    const [row] = await tx
      .insert(inspectionNotices)
      .values({
        projectId,
        milestone: input.milestone,
        scheduledFor: input.scheduledFor,
        givenAt: input.givenAt,
        givenByUserId,
        givenByName: input.givenByName,
        notes: input.notes,
      })
      .returning();
    await auditAsync(tx, actor, {
      action: 'inspection_notice.give',
      entityType: 'inspection_notice',
      entityId: row!.id,
      after: { ...row, late: timing.late },
    });
    for (const officer of await usersWithRole(tx, 'officer')) {
      await enqueueMailAsync(tx, {
        kind: 'inspection-notice',
        to: officer.email,
        data: {
          projectName: project.name,
          milestone: MILESTONE_LABEL[input.milestone],
          when: formatInstant(input.scheduledFor),
          timing: timing.words,
          late: timing.late,
          givenBy: input.givenByName,
          notes: input.notes,
          url: `${baseUrl}/staff/projects/${project.slug}/inspections`,
        },
      });
    }
    return { ok: true, id: row!.id, late: timing.late };
  });
}

/** A project's 48-hour notices, each with the inspection that answered it, read in one snapshot. */
export function noticesForProject(db: Db, projectId: number) {
  return readSnapshotAsync(db, () => readNotices(db, projectId));
}

async function readNotices(db: Db, projectId: number) {
  const rows = await db
    .select({ notice: inspectionNotices, recordedByName: users.name })
    .from(inspectionNotices)
    .leftJoin(users, eq(users.id, inspectionNotices.givenByUserId))
    .where(eq(inspectionNotices.projectId, projectId))
    .orderBy(desc(inspectionNotices.scheduledFor));
  const inspected = new Map(
    (
      await db
        .select({
          noticeId: townInspections.noticeId,
          inspectedOn: townInspections.inspectedOn,
          outcome: townInspections.outcome,
        })
        .from(townInspections)
        .where(eq(townInspections.projectId, projectId))
    )
      .filter((t) => t.noticeId != null)
      .map((t) => [t.noticeId as number, t]),
  );
  return rows.map((r) => ({
    ...r.notice,
    recordedByName: r.recordedByName,
    /** "given by Dale Ferris (phone); recorded by Sam Okafor" */
    givenWords: noticeGivenWords(r.notice.givenByName, r.recordedByName),
    timing: noticeTiming(r.notice.givenAt, r.notice.scheduledFor),
    /** A late notice, or one after the milestone, is a finding (decision 0027). */
    finding: noticeFinding(
      { ...r.notice, milestone: MILESTONE_LABEL[r.notice.milestone].toLowerCase() },
      formatInstant,
    ),
    inspection: inspected.get(r.notice.id),
  }));
}

export interface TownInspectionInput {
  /** The scheduled inspection this records, if it was scheduled ahead. */
  scheduledId?: number | null;
  noticeId: number | null;
  milestone: Milestone | null;
  inspectedOn: string;
  outcome: TownInspectionOutcome;
  findings: string | null;
  violation: { description: string; section: string | null } | null;
  /** The checklist's answers as posted, by field; those of the inspection's milestone are kept. */
  checks?: Readonly<Record<string, unknown>>;
}

/**
 * Record a town inspection (and the violation it found). The scheduled inspection and the notice it answers are
 * read in the transaction that records it, so an inspection cancelled or recorded a moment ago is not used twice.
 */
export function recordTownInspection(
  db: Db,
  actor: Actor,
  projectId: number,
  input: TownInspectionInput,
  today: string,
): Promise<Result<{ id: number; late: boolean }>> {
  if (input.inspectedOn > today)
    return Promise.resolve({
      ok: false,
      fields: { inspectedOn: 'Record an inspection once it has happened: the date cannot be in the future.' },
    });
  const inspectorUserId = 'userId' in actor ? actor.userId : null;
  return db.transaction(async (tx): Promise<Result<{ id: number; late: boolean }>> => {
    let milestone = input.milestone;
    let noticeId = input.noticeId;
    const [scheduled] = input.scheduledId
      ? await tx
          .select()
          .from(scheduledInspections)
          .where(
            and(
              eq(scheduledInspections.id, input.scheduledId),
              eq(scheduledInspections.projectId, projectId),
              isNull(scheduledInspections.townInspectionId),
              isNull(scheduledInspections.cancelledAt),
            ),
          )
      : [];
    if (input.scheduledId && !scheduled)
      return {
        ok: false,
        fields: { scheduledId: 'Choose a scheduled inspection of this project that is not recorded yet.' },
      };
    if (scheduled) {
      noticeId ??= scheduled.noticeId;
      milestone ??= scheduled.milestone;
    }
    if (noticeId) {
      const [notice] = await tx
        .select()
        .from(inspectionNotices)
        .where(and(eq(inspectionNotices.id, noticeId), eq(inspectionNotices.projectId, projectId)));
      if (!notice) return { ok: false, fields: { noticeId: 'Choose a notice for this project.' } };
      milestone = notice.milestone;
    }
    if (input.outcome === 'deficient' && !input.violation)
      return {
        ok: false,
        fields: { violationDescription: 'Describe the violation found; it is what enforcement actions cite.' },
      };
    const checks = checkAnswers(milestone, input.checks ?? {});
    const [row] = await tx
      .insert(townInspections)
      .values({
        projectId,
        noticeId,
        milestone,
        inspectedOn: input.inspectedOn,
        inspectorUserId,
        outcome: input.outcome,
        findings: input.findings,
      })
      .returning();
    if (checks.length)
      await tx.insert(townInspectionChecks).values(checks.map((c) => ({ townInspectionId: row!.id, ...c })));
    await auditAsync(tx, actor, {
      action: 'town_inspection.record',
      entityType: 'town_inspection',
      entityId: row!.id,
      after: { ...row, scheduledId: scheduled?.id ?? null, checks },
    });
    if (scheduled)
      await tx
        .update(scheduledInspections)
        .set({ townInspectionId: row!.id })
        .where(eq(scheduledInspections.id, scheduled.id));
    if (input.violation) {
      const [v] = await tx
        .insert(violations)
        .values({
          projectId,
          observedOn: input.inspectedOn,
          description: input.violation.description,
          ordinanceSection: input.violation.section,
          townInspectionId: row!.id,
        })
        .returning();
      await auditAsync(tx, actor, { action: 'violation.record', entityType: 'violation', entityId: v!.id, after: v });
    }
    return { ok: true, id: row!.id, late: false };
  });
}

export async function townInspectionsForProject(db: Db, projectId: number) {
  const rows = await db
    .select({ inspection: townInspections, inspectorName: users.name })
    .from(townInspections)
    .leftJoin(users, eq(users.id, townInspections.inspectorUserId))
    .where(eq(townInspections.projectId, projectId))
    .orderBy(desc(townInspections.inspectedOn), desc(townInspections.id));
  return rows.map((r) => ({ ...r.inspection, inspectorName: r.inspectorName }));
}

/** Each inspection's checklist answers, in the checklist's order: the question and the answer in words. */
export async function townInspectionChecklists(db: Db, inspectionIds: number[]) {
  const out = new Map<
    number,
    { items: Array<{ question: string; answer: CheckAnswer; answerWords: string }>; countWords: string }
  >();
  if (inspectionIds.length === 0) return out;
  const rows = await db
    .select()
    .from(townInspectionChecks)
    .where(inArray(townInspectionChecks.townInspectionId, inspectionIds));
  for (const id of inspectionIds) {
    const mine = new Map(rows.filter((r) => r.townInspectionId === id).map((r) => [r.item, r.answer as CheckAnswer]));
    const answered = CHECKLIST.flatMap((item) => {
      const answer = mine.get(item.key);
      return answer ? [{ question: item.question, answer, answerWords: CHECK_ANSWER_LABEL[answer] }] : [];
    });
    if (answered.length)
      out.set(id, { items: answered, countWords: checklistCountWords(answered.map((a) => a.answer)) });
  }
  return out;
}

/** A project's violations with the actions that cite them, read in one snapshot. */
export function violationsForProject(db: Db, projectId: number) {
  return readSnapshotAsync(db, () => readViolations(db, projectId));
}

async function readViolations(db: Db, projectId: number) {
  const rows = await db
    .select()
    .from(violations)
    .where(eq(violations.projectId, projectId))
    .orderBy(desc(violations.observedOn), desc(violations.id));
  const links = rows.length
    ? await db
        .select({
          violationId: enforcementViolations.violationId,
          actionId: enforcementActions.id,
          type: enforcementActions.type,
          issuedOn: enforcementActions.issuedOn,
        })
        .from(enforcementViolations)
        .innerJoin(enforcementActions, eq(enforcementActions.id, enforcementViolations.enforcementActionId))
        .where(
          inArray(
            enforcementViolations.violationId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((v) => ({ ...v, actions: links.filter((l) => l.violationId === v.id) }));
}

export async function recordViolation(
  db: Db,
  actor: Actor,
  projectId: number,
  input: { observedOn: string; description: string; section: string | null },
  today: string,
): Promise<Result<{ id: number; late: boolean }>> {
  if (input.observedOn > today) return { ok: false, fields: { observedOn: 'The date cannot be in the future.' } };
  const id = await db.transaction(async (tx) => {
    const [v] = await tx
      .insert(violations)
      .values({
        projectId,
        observedOn: input.observedOn,
        description: input.description,
        ordinanceSection: input.section,
      })
      .returning();
    await auditAsync(tx, actor, { action: 'violation.record', entityType: 'violation', entityId: v!.id, after: v });
    return v!.id;
  });
  return { ok: true, id, late: false };
}

/** The officer records a violation corrected; read where it is recorded, so it is recorded once. */
export function markViolationCorrected(
  db: Db,
  actor: Actor,
  violationId: number,
  on: string,
  today: string,
): Promise<Result<{ id: number; late: boolean }>> {
  return db.transaction(async (tx): Promise<Result<{ id: number; late: boolean }>> => {
    const [before] = await tx.select().from(violations).where(eq(violations.id, violationId));
    if (!before) return { ok: false, message: 'No such violation.' };
    if (before.correctedOn)
      return { ok: false, message: `Already recorded as corrected on ${formatDay(before.correctedOn)}.` };
    if (on > today) return { ok: false, fields: { on: 'The date cannot be in the future.' } };
    if (on < before.observedOn)
      return { ok: false, fields: { on: 'The correction comes after the violation was observed.' } };
    const [after] = await tx
      .update(violations)
      .set({ correctedOn: on })
      .where(eq(violations.id, violationId))
      .returning();
    await auditAsync(tx, actor, {
      action: 'violation.corrected',
      entityType: 'violation',
      entityId: violationId,
      before,
      after,
    });
    return { ok: true, id: violationId, late: false };
  });
}

export async function violationProjectId(db: Db, violationId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ projectId: violations.projectId })
    .from(violations)
    .where(eq(violations.id, violationId));
  return row?.projectId;
}

/** Notices scheduled in [from, to) across town, with their project, for the calendar. */
export async function noticesBetween(db: Db, from: Date, to: Date) {
  const rows = await db
    .select({ notice: inspectionNotices, slug: projects.slug, name: projects.name, siteAddress: projects.siteAddress })
    .from(inspectionNotices)
    .innerJoin(projects, eq(projects.id, inspectionNotices.projectId))
    .where(and(gte(inspectionNotices.scheduledFor, from), lt(inspectionNotices.scheduledFor, to)))
    .orderBy(asc(inspectionNotices.scheduledFor));
  return rows.map((r) => ({
    ...r.notice,
    projectSlug: r.slug,
    projectName: r.name,
    siteAddress: r.siteAddress,
    timing: noticeTiming(r.notice.givenAt, r.notice.scheduledFor),
  }));
}

export async function townInspectionsBetween(db: Db, fromDay: string, toDay: string) {
  const rows = await db
    .select({ inspection: townInspections, slug: projects.slug, name: projects.name })
    .from(townInspections)
    .innerJoin(projects, eq(projects.id, townInspections.projectId))
    .where(and(gte(townInspections.inspectedOn, fromDay), lt(townInspections.inspectedOn, toDay)))
    .orderBy(asc(townInspections.inspectedOn));
  return rows.map((r) => ({ ...r.inspection, projectSlug: r.slug, projectName: r.name }));
}

// ---------------------------------------------------------------------------------------------
// Inspections scheduled ahead

export interface ScheduleInput {
  noticeId: number | null;
  milestone: Milestone | null;
  scheduledFor: Date;
  notes: string | null;
}

/**
 * The officer plans a town inspection: it is on the calendar and the desk until its outcome is recorded. The
 * project and the notice are read in the transaction that schedules it.
 */
export function scheduleInspection(
  db: Db,
  actor: Actor,
  projectId: number,
  input: ScheduleInput,
  now = new Date(),
): Promise<Result<{ id: number }>> {
  const scheduledByUserId = 'userId' in actor ? actor.userId : null;
  return db.transaction(async (tx): Promise<Result<{ id: number }>> => {
    const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
    if (!project) return { ok: false, message: 'No such project.' };
    const problem = scheduleProblem(input.scheduledFor, now, (await townAsync(tx)).profile.kind);
    if (problem) return { ok: false, fields: { [problem.field]: problem.message } };
    let milestone = input.milestone;
    if (input.noticeId) {
      const [notice] = await tx
        .select()
        .from(inspectionNotices)
        .where(and(eq(inspectionNotices.id, input.noticeId), eq(inspectionNotices.projectId, projectId)));
      if (!notice) return { ok: false, fields: { noticeId: 'Choose a notice for this project.' } };
      milestone = notice.milestone;
    }
    const [row] = await tx
      .insert(scheduledInspections)
      .values({
        projectId,
        noticeId: input.noticeId,
        milestone,
        scheduledFor: input.scheduledFor,
        scheduledByUserId,
        notes: input.notes,
      })
      .returning();
    await auditAsync(tx, actor, {
      action: 'town_inspection.schedule',
      entityType: 'scheduled_inspection',
      entityId: row!.id,
      after: row,
    });
    return { ok: true, id: row!.id };
  });
}

/** Take a scheduled inspection off the calendar (it will not happen, or was scheduled in error). */
export function cancelScheduledInspection(
  db: Db,
  actor: Actor,
  scheduledId: number,
  now = new Date(),
): Promise<Result<{ id: number; projectId: number }>> {
  return db.transaction(async (tx): Promise<Result<{ id: number; projectId: number }>> => {
    // Read where it is cancelled: an inspection recorded a moment ago is not cancelled under it.
    const [before] = await tx.select().from(scheduledInspections).where(eq(scheduledInspections.id, scheduledId));
    if (!before) return { ok: false, message: 'No such scheduled inspection.' };
    if (before.townInspectionId)
      return { ok: false, message: 'This inspection has been recorded: it cannot be cancelled.' };
    if (before.cancelledAt) return { ok: true, id: scheduledId, projectId: before.projectId };
    const [after] = await tx
      .update(scheduledInspections)
      .set({ cancelledAt: now })
      .where(eq(scheduledInspections.id, scheduledId))
      .returning();
    await auditAsync(tx, actor, {
      action: 'town_inspection.cancel',
      entityType: 'scheduled_inspection',
      entityId: scheduledId,
      before,
      after,
    });
    return { ok: true, id: scheduledId, projectId: before.projectId };
  });
}

/** A project's scheduled inspections still to be recorded, soonest first, with who scheduled them. */
export async function scheduledForProject(db: Db, projectId: number) {
  const rows = await db
    .select({ s: scheduledInspections, scheduledByName: users.name })
    .from(scheduledInspections)
    .leftJoin(users, eq(users.id, scheduledInspections.scheduledByUserId))
    .where(
      and(
        eq(scheduledInspections.projectId, projectId),
        isNull(scheduledInspections.townInspectionId),
        isNull(scheduledInspections.cancelledAt),
      ),
    )
    .orderBy(asc(scheduledInspections.scheduledFor), asc(scheduledInspections.id));
  return rows.map((r) => ({ ...r.s, scheduledByName: r.scheduledByName }));
}

/** Scheduled inspections not yet recorded or cancelled, in [from, to), across town: the calendar and the desk. */
export async function scheduledBetween(db: Db, from: Date, to: Date) {
  const rows = await db
    .select({ s: scheduledInspections, slug: projects.slug, name: projects.name, siteAddress: projects.siteAddress })
    .from(scheduledInspections)
    .innerJoin(projects, eq(projects.id, scheduledInspections.projectId))
    .where(
      and(
        gte(scheduledInspections.scheduledFor, from),
        lt(scheduledInspections.scheduledFor, to),
        isNull(scheduledInspections.townInspectionId),
        isNull(scheduledInspections.cancelledAt),
      ),
    )
    .orderBy(asc(scheduledInspections.scheduledFor), asc(scheduledInspections.id));
  return rows.map((r) => ({ ...r.s, projectSlug: r.slug, projectName: r.name, siteAddress: r.siteAddress }));
}
