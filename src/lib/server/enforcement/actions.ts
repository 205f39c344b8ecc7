/**
 * Enforcement actions as the officer issues and resolves them: the notice (PDF, stored and served),
 * linked violations and evidence, the state machine (actions.rules.ts), fines and their payments,
 * and the project's public status while a stop-work order is in force.
 *
 * File work (rendering and storing the notice PDF) happens before the synchronous transaction.
 */
import { townAsync } from '#lib/server/platform/town-profile.ts';
import type { Result } from '#lib/server/platform/result.ts';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  documents,
  enforcementActions,
  enforcementDocuments,
  photoFacts,
  enforcementViolations,
  finePayments,
  parties,
  projects,
  users,
  violations,
  type EnforcementType,
  type ProjectStatus,
} from '#db/schema.ts';
import { formatDay } from '#lib/shared/format.ts';
import { keepPhotoFacts, photoTakenWords } from '#lib/server/platform/files/photo-facts.ts';
import { ENFORCEMENT_TYPE_LABEL, enforcementTypeMeaning } from '#lib/shared/labels.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { insertDocument } from '#lib/server/projects/documents.ts';
import { loadCalendarAsync } from '#lib/server/platform/time/calendar.ts';
import { preparedOnce } from '#lib/server/platform/db.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { boundList, inList } from '#lib/server/platform/db/sql.ts';
import { describeAction, inForceSql, isInForce } from './in-force.rules.ts';
import { stopWorkOrdersInForce } from './in-force.ts';
import {
  ENFORCEMENT_TYPE_RULES,
  citationFor,
  applyFinePayment,
  checkConviction,
  availableEvents,
  projectStatusAfterStopWork,
  swpppCorrectionDeadline,
  transition,
  type EnforcementEvent,
  type FineStatus,
} from './actions.rules.ts';
import { storeFile } from '#lib/server/platform/files/store.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { enforcementNoticePdf, type NoticeData } from './notice-pdf.ts';
import { projectOperatorEmails } from '#lib/server/accounts/users.ts';
import type { ReceivedFile } from '#lib/server/platform/files/uploads.ts';
import { loadLocalLawAsync } from '#lib/server/platform/local-law.ts';

export interface IssueInput {
  type: EnforcementType;
  issuedOn: string;
  citedSection: string | null;
  summary: string;
  requiredMeasures: string | null;
  complyBy: string | null;
  public: boolean;
  violationIds: number[];
  newViolation: { description: string; section: string | null; observedOn: string } | null;
  escalatesId: number | null;
  /**
   * A fine is a court penalty ("upon conviction", R(3)): issuing one records the referral to court. The
   * court imposes the fine; the officer records it later with recordConviction (decision 0025).
   */
  court: { name: string | null; docketNumber: string | null } | null;
}

export interface Issuer {
  userId: number;
  name: string;
  title: string | null;
  ip?: string | null;
}

async function ownerOf(db: Pick<Db, 'select'>, projectId: number) {
  const [owner] = await db
    .select({
      companyName: parties.companyName,
      contactName: parties.contactName,
      contactTitle: parties.contactTitle,
      phone: parties.phone,
      email: parties.email,
    })
    .from(parties)
    .where(and(eq(parties.projectId, projectId), eq(parties.role, 'owner_operator')))
    .orderBy(asc(parties.id))
    .limit(1);
  return owner;
}

/** Check an issue request against the rules; returns the fields to store or the problems. */
async function validateIssue(db: Db, projectId: number, input: IssueInput, today: string) {
  const fields: Record<string, string> = {};
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) return { ok: false as const, message: 'No such project.' };
  const rule = ENFORCEMENT_TYPE_RULES[input.type];
  if (input.issuedOn > today) fields.issuedOn = 'The issue date cannot be in the future.';
  let complyBy = input.complyBy;
  let correctionExplanation: string | undefined;
  if (input.type === 'swppp_deficiency_notice') {
    // Seven days to amend and certify, unless the officer set another date ("or as otherwise provided").
    const deadline = swpppCorrectionDeadline(
      input.issuedOn,
      await loadCalendarAsync(db),
      input.complyBy,
      await loadLocalLawAsync(db),
      (await townAsync(db)).profile.kind,
    );
    complyBy = deadline.dueOn;
    correctionExplanation = deadline.explanation;
  }
  if (rule.needsComplyBy && !complyBy) fields.complyBy = 'Give the date by which the corrective measures must be done.';
  if (complyBy && complyBy < input.issuedOn) fields.complyBy = 'The comply-by date cannot be before the issue date.';
  if (rule.needsMeasures && !input.requiredMeasures)
    fields.requiredMeasures =
      input.type === 'stop_work_order'
        ? 'Say what must be done before the order can be lifted.'
        : 'List the measures required.';
  if (input.type === 'stop_work_order' && project.status === 'complete')
    fields.type = 'The project is complete (NOT filed): there is no work to stop.';
  // A fine is the court's to impose: the officer records the referral (the court, and its docket number if known).
  const fine = null as { days: number; dailyRateCents: number; assessedCents: number; dueOn: string | null } | null;
  const court =
    input.type === 'fine'
      ? { name: input.court?.name?.trim() || null, docketNumber: input.court?.docketNumber?.trim() || null }
      : null;
  if (input.type === 'fine' && !court?.name)
    fields.courtName = `Name the court the case is referred to, like “${(await townAsync(db)).kindWord} Justice Court”.`;
  const violationRows = input.violationIds.length
    ? await db
        .select()
        .from(violations)
        .where(and(eq(violations.projectId, projectId), inArray(violations.id, input.violationIds)))
    : [];
  if (violationRows.length !== new Set(input.violationIds).size)
    fields.violationIds = 'Choose violations recorded on this project.';
  if (input.newViolation && input.newViolation.observedOn > today)
    fields.newViolationObservedOn = 'The date cannot be in the future.';
  let escalates: typeof enforcementActions.$inferSelect | undefined;
  if (input.escalatesId) {
    [escalates] = await db
      .select()
      .from(enforcementActions)
      .where(and(eq(enforcementActions.id, input.escalatesId), eq(enforcementActions.projectId, projectId)));
    if (!escalates) fields.escalatesId = 'Choose an action on this project.';
    else if (!isInForce(escalates)) fields.escalatesId = 'Only an action still in effect can be escalated.';
  }
  const citedSection = citationFor(input.type, input.citedSection, [
    ...violationRows.map((r) => r.ordinanceSection),
    input.newViolation?.section,
  ]);
  if (!citedSection)
    fields.citedSection =
      'Cite the section of the ordinance that was violated (for example “Subsection J(11)” for unstabilized stockpiles), or link the violations this notice is issued for.';
  if (Object.keys(fields).length) return { ok: false as const, fields };
  return {
    ok: true as const,
    project,
    rule,
    complyBy,
    correctionExplanation,
    fine,
    court,
    violationRows,
    escalates,
    citedSection: citedSection!,
  };
}

/** Issue an action: store its notice, link violations, escalate the earlier action, stop work if it is a stop-work order. */
export async function issueAction(
  db: Db,
  issuer: Issuer,
  projectId: number,
  input: IssueInput,
  today: string,
  publicUrl: string,
): Promise<Result<{ actionId: number }>> {
  const v = await validateIssue(db, projectId, input, today);
  if (!v.ok) return v;
  const { project, rule, complyBy, fine, court, violationRows, escalates, citedSection } = v;
  const issuedByName = issuer.title ? `${issuer.name}, ${issuer.title}` : issuer.name;
  // A stop-work order changes the public status, so it is always public.
  const isPublic = input.type === 'stop_work_order' ? true : input.public;
  const allViolations = [
    ...violationRows.map((r) => ({
      observedOn: r.observedOn,
      description: r.description,
      ordinanceSection: r.ordinanceSection,
    })),
  ];
  if (input.newViolation)
    allViolations.push({
      observedOn: input.newViolation.observedOn,
      description: input.newViolation.description,
      ordinanceSection: input.newViolation.section,
    });

  const noticeData: NoticeData = {
    project,
    recipient: await ownerOf(db, projectId),
    action: {
      // The number is the row id, not known until the insert: the stored notice goes without it.
      id: null,
      type: input.type,
      status: 'issued',
      issuedOn: input.issuedOn,
      issuedByName,
      citedSection,
      summary: input.summary,
      requiredMeasures: input.requiredMeasures,
      complyBy,
      liftedOn: null,
      closedOn: null,
      fineDays: fine?.days ?? null,
      fineDailyRateCents: fine?.dailyRateCents ?? null,
      fineAssessedCents: fine?.assessedCents ?? null,
      finePaidCents: 0,
      fineDueOn: fine?.dueOn ?? null,
    },
    violations: allViolations,
    evidence: [],
    correctionExplanation: v.correctionExplanation,
    publicUrl,
    town: await townAsync(db),
    law: await loadLocalLawAsync(db),
  };
  const pdf = await enforcementNoticePdf(noticeData);
  const stored = await storeFile(pdf.bytes);
  const file: ReceivedFile = {
    field: 'notice',
    filename: `${input.type.replace(/_/g, '-')}-${input.issuedOn}.pdf`,
    sha256: stored.sha256,
    sizeBytes: stored.sizeBytes,
    mimeType: 'application/pdf',
    kind: 'pdf',
    pdf: pdf.facts,
  };
  const actor: Actor = { userId: issuer.userId, ip: issuer.ip };

  // The notice is rendered and stored before the transaction, which holds the connection only for the database.
  return db.transaction(async (tx): Promise<Result<{ actionId: number }>> => {
    // Read again where it is changed: another officer may have escalated or closed it since the form was checked.
    const stillInForce = escalates ? await actionRow(tx, escalates.id) : undefined;
    if (escalates && (!stillInForce || !isInForce(stillInForce) || stillInForce.escalatedToId != null))
      return { ok: false, fields: { escalatesId: 'Only an action still in effect can be escalated.' } };
    const doc = await insertDocument(tx, projectId, file, {
      type: 'enforcement_notice',
      title: `${ENFORCEMENT_TYPE_LABEL[input.type]}, ${formatDay(input.issuedOn)}`,
      documentDate: input.issuedOn,
      public: isPublic,
      uploadedByUserId: issuer.userId,
    });
    await auditAsync(tx, actor, {
      action: 'document.upload',
      entityType: 'document',
      entityId: doc.id,
      after: { projectId, ...doc, sha256: file.sha256 },
    });
    const ids = violationRows.map((r) => r.id);
    if (input.newViolation) {
      const [nv] = await tx
        .insert(violations)
        .values({
          projectId,
          observedOn: input.newViolation.observedOn,
          description: input.newViolation.description,
          ordinanceSection: input.newViolation.section,
        })
        .returning();
      await auditAsync(tx, actor, { action: 'violation.record', entityType: 'violation', entityId: nv!.id, after: nv });
      ids.push(nv!.id);
    }
    const [current] = await tx.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId));
    let statusBefore: ProjectStatus | null = null;
    if (input.type === 'stop_work_order') {
      if (current!.status !== 'stop_work') statusBefore = current!.status;
      else {
        // Already stopped by another order: remember what the first one remembered.
        const [first] = await tx
          .select({ s: enforcementActions.projectStatusBefore })
          .from(enforcementActions)
          .where(
            and(
              eq(enforcementActions.projectId, projectId),
              eq(enforcementActions.type, 'stop_work_order'),
              isNull(enforcementActions.liftedOn),
              isNotNull(enforcementActions.projectStatusBefore),
            ),
          )
          .orderBy(desc(enforcementActions.id))
          .limit(1);
        statusBefore = first?.s ?? null;
      }
    }
    const [row] = await tx
      .insert(enforcementActions)
      .values({
        projectId,
        type: input.type,
        category: rule.category,
        status: 'issued',
        issuedOn: input.issuedOn,
        issuedByUserId: issuer.userId,
        issuedByName,
        citedSection,
        summary: input.summary,
        requiredMeasures: input.requiredMeasures,
        complyBy,
        fineDailyRateCents: fine?.dailyRateCents ?? null,
        fineDays: fine?.days ?? null,
        fineAssessedCents: fine?.assessedCents ?? null,
        finePaidCents: 0,
        fineDueOn: fine?.dueOn ?? null,
        fineStatus: fine ? 'assessed' : null,
        courtName: court?.name ?? null,
        docketNumber: court?.docketNumber ?? null,
        noticeDocumentId: doc.id,
        public: isPublic,
        projectStatusBefore: statusBefore,
      })
      .returning();
    if (ids.length)
      await tx
        .insert(enforcementViolations)
        .values(ids.map((violationId) => ({ enforcementActionId: row!.id, violationId })));
    await auditAsync(tx, actor, {
      action: `enforcement.issue`,
      entityType: 'enforcement_action',
      entityId: row!.id,
      after: { ...row, violationIds: ids },
    });
    if (escalates) {
      const [after] = await tx
        .update(enforcementActions)
        .set({ status: 'escalated', escalatedToId: row!.id, updatedAt: new Date() })
        .where(eq(enforcementActions.id, escalates.id))
        .returning();
      await auditAsync(tx, actor, {
        action: 'enforcement.escalate',
        entityType: 'enforcement_action',
        entityId: escalates.id,
        before: stillInForce,
        after,
      });
    }
    if (input.type === 'stop_work_order' && current!.status !== 'stop_work') {
      await tx.update(projects).set({ status: 'stop_work', updatedAt: new Date() }).where(eq(projects.id, projectId));
      await auditAsync(tx, actor, {
        action: 'project.status_by_stop_work',
        entityType: 'project',
        entityId: projectId,
        before: { projectId, status: current!.status },
        after: { projectId, status: 'stop_work', stopWorkOrderId: row!.id },
      });
    } else {
      await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, projectId));
    }
    const operators = await projectOperatorEmails(tx, projectId);
    const kind = (await townAsync(tx)).profile.kind;
    for (const op of operators) {
      await enqueueMailAsync(tx, {
        kind: 'enforcement-issued',
        to: op.email,
        data: {
          projectName: project.name,
          typeLabel: ENFORCEMENT_TYPE_LABEL[input.type],
          issuedOn: formatDay(input.issuedOn),
          meaning: enforcementTypeMeaning(kind)[input.type],
          summary: input.summary,
          requiredMeasures: input.requiredMeasures,
          complyBy: complyBy ? formatDay(complyBy) : null,
          url: `${publicUrl}/projects/${project.slug}`,
        },
      });
    }
    return { ok: true, actionId: row!.id };
  });
}

export interface TransitionInput {
  event: EnforcementEvent;
  on: string;
  liftedOn: string | null;
  note: string | null;
}

/**
 * Move an action through its states; lifting a stop-work order gives the project back its status. The action is
 * read in the transaction that moves it, as in each of the officer's steps below, so two clicks at once (two
 * officers, or a double click) are checked against each other: one lift, one payment, one conviction.
 */
export function transitionAction(
  db: Db,
  actor: Actor,
  actionId: number,
  input: TransitionInput,
  today: string,
  publicUrl: string,
): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const before = await actionRow(tx, actionId);
    if (!before) return { ok: false, message: 'No such enforcement action.' };
    if (input.event === 'escalate')
      return {
        ok: false,
        message: 'To escalate, issue the stronger action from this page; this one is then marked escalated.',
      };
    const words = await townAsync(tx);
    const result = transition(
      { ...before, fineStatus: before.fineStatus as FineStatus | null },
      input.event,
      { on: input.on, liftedOn: input.liftedOn },
      today,
      words.profile.kind,
    );
    if (!result.ok)
      return {
        ok: false,
        fields: {
          [before.type === 'stop_work_order' && input.event === 'close' ? 'liftedOn' : 'on']: result.message,
        },
      };
    const [project] = await tx
      .select({ id: projects.id, name: projects.name, slug: projects.slug })
      .from(projects)
      .where(eq(projects.id, before.projectId));
    const [after] = await tx
      .update(enforcementActions)
      .set({ ...result.patch, updatedAt: new Date() })
      .where(eq(enforcementActions.id, actionId))
      .returning();
    await auditAsync(tx, actor, {
      action: `enforcement.${input.event}`,
      entityType: 'enforcement_action',
      entityId: actionId,
      before,
      after: { ...after, note: input.note },
    });
    if (before.type === 'stop_work_order' && !isInForce(after!))
      await restoreProjectStatus(tx, actor, before.projectId, before.projectStatusBefore, actionId);
    else await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, before.projectId));
    if (!isInForce(after!)) {
      const resolved = describeAction(after!, today, words.profile.kind);
      const operators = await projectOperatorEmails(tx, before.projectId);
      for (const op of operators) {
        await enqueueMailAsync(tx, {
          kind: 'enforcement-resolved',
          to: op.email,
          data: {
            projectName: project!.name,
            typeLabel: ENFORCEMENT_TYPE_LABEL[before.type],
            words: resolved,
            url: `${publicUrl}/projects/${project!.slug}`,
          },
        });
      }
    }
    return { ok: true };
  });
}

async function actionRow(tx: Db, actionId: number) {
  const [row] = await tx.select().from(enforcementActions).where(eq(enforcementActions.id, actionId));
  return row;
}

async function restoreProjectStatus(
  tx: Db,
  actor: Actor,
  projectId: number,
  statusBefore: ProjectStatus | null,
  liftedId: number,
): Promise<void> {
  const [current] = await tx.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId));
  const stillStopped = (await stopWorkOrdersInForce(tx, projectId)) > 0;
  const next = projectStatusAfterStopWork<ProjectStatus>(current!.status, stillStopped, statusBefore, 'active');
  await tx.update(projects).set({ status: next, updatedAt: new Date() }).where(eq(projects.id, projectId));
  if (next !== current!.status) {
    await auditAsync(tx, actor, {
      action: 'project.status_by_stop_work',
      entityType: 'project',
      entityId: projectId,
      before: { projectId, status: current!.status },
      after: { projectId, status: next, liftedStopWorkOrderId: liftedId },
    });
  }
}

export function recordPayment(
  db: Db,
  actor: Actor,
  actionId: number,
  input: {
    receivedOn: string;
    amountCents: number;
    method: 'cash' | 'check' | 'card' | 'money_order' | 'other';
    reference: string | null;
  },
  today: string,
): Promise<Result> {
  const recordedByUserId = 'userId' in actor ? actor.userId : null;
  return db.transaction(async (tx): Promise<Result> => {
    const before = await actionRow(tx, actionId);
    if (!before) return { ok: false, message: 'No such enforcement action.' };
    if (input.receivedOn > today)
      return { ok: false, fields: { receivedOn: 'The payment date cannot be in the future.' } };
    if (input.receivedOn < (before.convictedOn ?? before.issuedOn))
      return { ok: false, fields: { receivedOn: 'The payment cannot be before the court imposed the fine.' } };
    // The balance is the one read here: a payment entered twice at once is checked against the first.
    const r = applyFinePayment(
      {
        assessedCents: before.fineAssessedCents,
        paidCents: before.finePaidCents,
        status: before.fineStatus as FineStatus | null,
      },
      input.amountCents,
    );
    if (!r.ok) return { ok: false, fields: { amount: r.message } };
    const [payment] = await tx
      .insert(finePayments)
      .values({
        enforcementActionId: actionId,
        receivedOn: input.receivedOn,
        amountCents: input.amountCents,
        method: input.method,
        reference: input.reference,
        recordedByUserId,
      })
      .returning();
    const [after] = await tx
      .update(enforcementActions)
      .set({ finePaidCents: r.paidCents, fineStatus: r.status, updatedAt: new Date() })
      .where(eq(enforcementActions.id, actionId))
      .returning();
    await auditAsync(tx, actor, {
      action: 'enforcement.fine_payment',
      entityType: 'enforcement_action',
      entityId: actionId,
      before: { projectId: before.projectId, finePaidCents: before.finePaidCents, fineStatus: before.fineStatus },
      after: {
        projectId: before.projectId,
        finePaidCents: after!.finePaidCents,
        fineStatus: after!.fineStatus,
        payment,
      },
    });
    return { ok: true };
  });
}

export interface ConvictionRecord {
  convictedOn: string;
  docketNumber: string;
  days: number;
  fineCents: number;
  dueOn: string | null;
}

/**
 * The court convicted and imposed a fine (R(3)): the officer records the conviction date, the docket
 * number and the fine, at most $250 for each day of violation. Only then can payments be recorded.
 */
export function recordConviction(
  db: Db,
  actor: Actor,
  actionId: number,
  input: ConvictionRecord,
  today: string,
): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const before = await actionRow(tx, actionId);
    if (!before) return { ok: false, message: 'No such enforcement action.' };
    if (before.type !== 'fine') return { ok: false, message: 'Only a court referral for a fine ends in a conviction.' };
    if (before.convictedOn)
      return { ok: false, message: `The conviction of ${formatDay(before.convictedOn)} is already recorded.` };
    if (!isInForce(before)) return { ok: false, message: 'This referral is already resolved.' };
    const check = checkConviction(
      {
        convictedOn: input.convictedOn,
        referredOn: before.issuedOn,
        docketNumber: input.docketNumber,
        days: input.days,
        fineCents: input.fineCents,
      },
      today,
      await loadLocalLawAsync(tx),
    );
    if (!check.ok) return check;
    if (input.dueOn && input.dueOn < input.convictedOn)
      return { ok: false, fields: { fineDueOn: 'The fine cannot be due before the conviction.' } };
    const [after] = await tx
      .update(enforcementActions)
      .set({
        convictedOn: input.convictedOn,
        docketNumber: input.docketNumber.trim(),
        fineDays: input.days,
        fineDailyRateCents: null,
        fineAssessedCents: input.fineCents,
        fineDueOn: input.dueOn,
        fineStatus: 'assessed',
        updatedAt: new Date(),
      })
      .where(eq(enforcementActions.id, actionId))
      .returning();
    await auditAsync(tx, actor, {
      action: 'enforcement.conviction',
      entityType: 'enforcement_action',
      entityId: actionId,
      before,
      after,
    });
    await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, before.projectId));
    return { ok: true };
  });
}

export function waiveFine(
  db: Db,
  actor: Actor,
  actionId: number,
  input: { on: string; reason: string },
  today: string,
): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const before = await actionRow(tx, actionId);
    if (!before) return { ok: false, message: 'No such enforcement action.' };
    if (before.fineAssessedCents == null) return { ok: false, message: 'This action has no fine to waive.' };
    if (before.fineStatus === 'paid' || before.fineStatus === 'waived')
      return { ok: false, message: `The fine is already ${before.fineStatus}.` };
    if (input.on > today || input.on < before.issuedOn)
      return { ok: false, fields: { on: 'The date must be between the assessment and today.' } };
    const [after] = await tx
      .update(enforcementActions)
      .set({ fineStatus: 'waived', updatedAt: new Date() })
      .where(eq(enforcementActions.id, actionId))
      .returning();
    await auditAsync(tx, actor, {
      action: 'enforcement.fine_waived',
      entityType: 'enforcement_action',
      entityId: actionId,
      before: { projectId: before.projectId, fineStatus: before.fineStatus },
      after: { projectId: before.projectId, fineStatus: after!.fineStatus, waivedOn: input.on, reason: input.reason },
    });
    return { ok: true };
  });
}

export interface DetailsInput {
  citedSection: string | null;
  summary: string;
  requiredMeasures: string | null;
  complyBy: string | null;
  public: boolean;
}

/** Correct an action's words or dates (audited); resolved actions keep what they said. */
export function updateDetails(db: Db, actor: Actor, actionId: number, input: DetailsInput): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const before = await actionRow(tx, actionId);
    if (!before) return { ok: false, message: 'No such enforcement action.' };
    if (!isInForce(before)) return { ok: false, message: 'This action is resolved; its record no longer changes.' };
    if (input.complyBy && input.complyBy < before.issuedOn)
      return { ok: false, fields: { complyBy: 'The comply-by date cannot be before the issue date.' } };
    if (before.type === 'stop_work_order' && !input.public)
      return {
        ok: false,
        fields: { public: 'A stop-work order is always public: it changes the project’s public status.' },
      };
    const [after] = await tx
      .update(enforcementActions)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(enforcementActions.id, actionId))
      .returning();
    if (before.noticeDocumentId && before.public !== input.public)
      await tx
        .update(documents)
        .set({ public: input.public, updatedAt: new Date() })
        .where(eq(documents.id, before.noticeDocumentId));
    await auditAsync(tx, actor, {
      action: 'enforcement.update',
      entityType: 'enforcement_action',
      entityId: actionId,
      before,
      after,
    });
    return { ok: true };
  });
}

/** Evidence filed with an action: the action is read in the transaction that files it. */
export function attachEvidence(
  db: Db,
  actor: Actor,
  actionId: number,
  file: ReceivedFile,
  input: { title: string; documentDate: string; public: boolean },
): Promise<Result<{ documentId: number }>> {
  return db.transaction(async (tx): Promise<Result<{ documentId: number }>> => {
    const [action] = await tx
      .select({ id: enforcementActions.id, projectId: enforcementActions.projectId })
      .from(enforcementActions)
      .where(eq(enforcementActions.id, actionId));
    if (!action) return { ok: false, message: 'No such enforcement action.' };
    const doc = await insertDocument(tx, action.projectId, file, {
      type: 'other',
      title: input.title,
      documentDate: input.documentDate,
      public: input.public,
      uploadedByUserId: 'userId' in actor ? actor.userId : null,
    });
    // When and where the camera says the photo was taken: kept for staff, the stored file has none of it.
    const facts = await keepPhotoFacts(tx, doc.id, file);
    await tx.insert(enforcementDocuments).values({ enforcementActionId: actionId, documentId: doc.id });
    await auditAsync(tx, actor, {
      action: 'enforcement.evidence',
      entityType: 'document',
      entityId: doc.id,
      after: { projectId: action.projectId, enforcementActionId: actionId, ...doc, sha256: file.sha256, ...facts },
    });
    return { ok: true, documentId: doc.id };
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

export function actionsForProject(db: Db, projectId: number) {
  return db
    .select()
    .from(enforcementActions)
    .where(eq(enforcementActions.projectId, projectId))
    .orderBy(desc(enforcementActions.issuedOn), desc(enforcementActions.id));
}

/** One action with everything the officer's page and the printed notice need, read in one snapshot. */
export function getAction(db: Db, actionId: number) {
  return readSnapshotAsync(db, () => readAction(db, actionId));
}

async function readAction(db: Db, actionId: number) {
  const [action] = await db.select().from(enforcementActions).where(eq(enforcementActions.id, actionId));
  if (!action) return undefined;
  const [project] = (await db.select().from(projects).where(eq(projects.id, action.projectId))) as [
    typeof projects.$inferSelect,
  ];
  const linked = await db
    .select({
      id: violations.id,
      observedOn: violations.observedOn,
      description: violations.description,
      ordinanceSection: violations.ordinanceSection,
      correctedOn: violations.correctedOn,
    })
    .from(enforcementViolations)
    .innerJoin(violations, eq(violations.id, enforcementViolations.violationId))
    .where(eq(enforcementViolations.enforcementActionId, actionId))
    .orderBy(asc(violations.observedOn));
  const evidence = await db
    .select({
      id: documents.id,
      title: documents.title,
      mimeType: documents.mimeType,
      public: documents.public,
      documentDate: documents.documentDate,
      sizeBytes: documents.sizeBytes,
      takenAt: photoFacts.takenAt,
      latitude: photoFacts.latitude,
      longitude: photoFacts.longitude,
    })
    .from(enforcementDocuments)
    .innerJoin(documents, eq(documents.id, enforcementDocuments.documentId))
    .leftJoin(photoFacts, eq(photoFacts.documentId, documents.id))
    .where(eq(enforcementDocuments.enforcementActionId, actionId))
    .orderBy(asc(documents.id));
  const payments = (
    await db
      .select({ payment: finePayments, recordedBy: users.name })
      .from(finePayments)
      .leftJoin(users, eq(users.id, finePayments.recordedByUserId))
      .where(eq(finePayments.enforcementActionId, actionId))
      .orderBy(asc(finePayments.receivedOn), asc(finePayments.id))
  ).map((r) => ({ ...r.payment, recordedBy: r.recordedBy }));
  const [escalatedTo] = action.escalatedToId
    ? await db
        .select({ id: enforcementActions.id, type: enforcementActions.type, issuedOn: enforcementActions.issuedOn })
        .from(enforcementActions)
        .where(eq(enforcementActions.id, action.escalatedToId))
    : [];
  const escalatedFrom = await db
    .select({ id: enforcementActions.id, type: enforcementActions.type, issuedOn: enforcementActions.issuedOn })
    .from(enforcementActions)
    .where(eq(enforcementActions.escalatedToId, actionId));
  const owner = await ownerOf(db, action.projectId);
  return {
    action,
    project,
    violations: linked,
    evidence: evidence.map((e) => ({ ...e, takenWords: photoTakenWords(e, project) })),
    payments,
    escalatedTo,
    escalatedFrom,
    owner,
    events: availableEvents({ ...action, fineStatus: action.fineStatus as FineStatus | null }),
  };
}

/** The printable notice as the action stands today (lifted and resolved dates included). */
export async function printableNotice(db: Db, actionId: number, publicUrl: string) {
  const d = await getAction(db, actionId);
  if (!d) return undefined;
  const a = d.action;
  const calendar = await loadCalendarAsync(db);
  const law = await loadLocalLawAsync(db);
  const t = await townAsync(db);
  const correctionExplanation =
    a.type === 'swppp_deficiency_notice'
      ? swpppCorrectionDeadline(a.issuedOn, calendar, a.complyBy, law, t.profile.kind).explanation
      : undefined;
  const pdf = await enforcementNoticePdf({
    project: d.project,
    recipient: d.owner,
    action: a,
    violations: d.violations,
    evidence: d.evidence.map((e) => `${e.title}${e.documentDate ? ` (${formatDay(e.documentDate)})` : ''}`),
    correctionExplanation,
    publicUrl,
    town: t,
    law,
  });
  return { pdf, filename: `${a.type.replace(/_/g, '-')}-E${a.id}-${a.issuedOn}.pdf` };
}

export interface TownActionRow {
  id: number;
  type: EnforcementType;
  status: (typeof enforcementActions.$inferSelect)['status'];
  issuedOn: string;
  closedOn: string | null;
  liftedOn: string | null;
  complyBy: string | null;
  citedSection: string | null;
  summary: string;
  fineAssessedCents: number | null;
  finePaidCents: number;
  updatedAt: Date;
  projectSlug: string;
  projectName: string;
  siteAddress: string;
}

const townColumns = {
  id: enforcementActions.id,
  type: enforcementActions.type,
  status: enforcementActions.status,
  issuedOn: enforcementActions.issuedOn,
  closedOn: enforcementActions.closedOn,
  liftedOn: enforcementActions.liftedOn,
  complyBy: enforcementActions.complyBy,
  citedSection: enforcementActions.citedSection,
  summary: enforcementActions.summary,
  fineAssessedCents: enforcementActions.fineAssessedCents,
  finePaidCents: enforcementActions.finePaidCents,
  updatedAt: enforcementActions.updatedAt,
  projectSlug: projects.slug,
  projectName: projects.name,
  siteAddress: projects.siteAddress,
};

/** An action still in force (the SQL twin of isInForce in enforcement.ts). */

/** What makes an action one residents see: public, at a published project (the public lists below). */
function isPublicAction(where: SQL | undefined): SQL | undefined {
  return and(eq(enforcementActions.public, true), eq(projects.published, true), where);
}

/** Public actions that also meet `where`, in `order`. */
function publicActions(db: Db, where: SQL | undefined, order: SQL[], limit?: number): Promise<TownActionRow[]> {
  const query = db
    .select(townColumns)
    .from(enforcementActions)
    .innerJoin(projects, eq(projects.id, enforcementActions.projectId))
    .where(isPublicAction(where))
    .orderBy(...order);
  return limit === undefined ? query : query.limit(limit);
}

const NEWEST_ISSUED = [desc(enforcementActions.issuedOn), desc(enforcementActions.id)];

/**
 * The town-wide enforcement page and its feed: the public actions in force on published projects, and those
 * resolved (closed, lifted or withdrawn) on or after `sinceDay` (at most `limit`), newest first, in one snapshot.
 */
export function publicEnforcement(
  db: Db,
  sinceDay: string,
  limit = 50,
): Promise<{ inForce: TownActionRow[]; resolved: TownActionRow[] }> {
  return readSnapshotAsync(db, async () => ({
    inForce: await publicActions(db, inForceSql, NEWEST_ISSUED),
    resolved: await publicActions(
      db,
      and(isNotNull(enforcementActions.closedOn), gte(enforcementActions.closedOn, sinceDay)),
      [desc(enforcementActions.closedOn), desc(enforcementActions.id)],
      limit,
    ),
  }));
}

/** Every public action on published projects (those given, else all), in force or not, newest first (operator pages). */
export async function publicActionsOfProjects(db: Db, projectIds?: number[]): Promise<TownActionRow[]> {
  if (projectIds?.length === 0) return [];
  return publicActions(db, projectIds ? inArray(enforcementActions.projectId, projectIds) : undefined, NEWEST_ISSUED);
}

/** Staff list: every action, optionally only those in force. */
export function staffActions(db: Db, opts: { inForceOnly: boolean; type?: EnforcementType }) {
  return db
    .select({
      ...townColumns,
      public: enforcementActions.public,
      fineStatus: enforcementActions.fineStatus,
      published: projects.published,
    })
    .from(enforcementActions)
    .innerJoin(projects, eq(projects.id, enforcementActions.projectId))
    .where(
      and(opts.inForceOnly ? inForceSql : undefined, opts.type ? eq(enforcementActions.type, opts.type) : undefined),
    )
    .orderBy(desc(enforcementActions.issuedOn), desc(enforcementActions.id));
}

/** Public evidence documents of a project's public actions, by action id (for the public timeline). */
export async function publicEvidenceByAction(
  db: Db,
  actionIds: number[],
): Promise<Map<number, Array<{ id: number; title: string }>>> {
  const out = new Map<number, Array<{ id: number; title: string }>>();
  if (!actionIds.length) return out;
  // Prepared once per connection (every project page with enforcement asks): the ids go in as one bound list.
  const q = preparedOnce(db, 'enforcement.publicEvidence', () =>
    db
      .select({ actionId: enforcementDocuments.enforcementActionId, id: documents.id, title: documents.title })
      .from(enforcementDocuments)
      .innerJoin(documents, eq(documents.id, enforcementDocuments.documentId))
      .where(and(inList(enforcementDocuments.enforcementActionId, sql.placeholder('ids')), eq(documents.public, true)))
      .orderBy(asc(documents.id))
      .prepare(),
  );
  const rows = await q.all({ ids: boundList(actionIds) });
  for (const r of rows) {
    const list = out.get(r.actionId) ?? [];
    list.push({ id: r.id, title: r.title });
    out.set(r.actionId, list);
  }
  return out;
}

/** Open violations of a project not yet corrected (to cite when issuing). */
export function openViolations(db: Db, projectId: number) {
  return db
    .select()
    .from(violations)
    .where(and(eq(violations.projectId, projectId), isNull(violations.correctedOn)))
    .orderBy(desc(violations.observedOn));
}
