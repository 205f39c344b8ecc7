/**
 * SWPPP reviews as the officer records them: completeness, deficiencies, a revised plan, the decision,
 * and extensions agreed with the applicant. The clocks themselves are the pure swppp-review module.
 * `planReceived` is the one way a plan (an original SWPPP, an amendment, or a revised plan after a
 * deficiency notice) enters review, whoever uploads it (ordinance E; amendments, R(2); decision 0024).
 */
import type { Result } from '#lib/server/platform/result.ts';
import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { documents, projects, swpppReviewComments, swpppReviews } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import { loadCalendarAsync } from '#lib/server/platform/time/calendar.ts';
import type { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { commentPlace, type PlanComment } from './plan-comments.rules.ts';
import { answeringRevision, awaitsRevisedPlan, reviewClock, type SwpppDecision } from './swppp-review.rules.ts';
import { loadLocalLawAsync } from '#lib/server/platform/local-law.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';

function dateProblem(on: string, after: string, today: string, what: string): string | undefined {
  if (on > today) return `The ${what} cannot be in the future.`;
  if (on < after) return `The ${what} cannot be before the plan was received.`;
  return undefined;
}

/** What a review's clock is counted by: the town's calendar, its local law, and its word for itself. */
async function lawOfReviews(db: Db, calendar?: BusinessCalendar) {
  return {
    days: calendar ?? (await loadCalendarAsync(db)),
    law: await loadLocalLawAsync(db),
    kindWord: (await townAsync(db)).kindWord,
  };
}

export async function reviewsForProject(db: Db, projectId: number, today: string, calendar?: BusinessCalendar) {
  const rows = await db
    .select({
      review: swpppReviews,
      docTitle: documents.title,
      docType: documents.type,
      docVersion: documents.version,
      docPublic: documents.public,
    })
    .from(swpppReviews)
    .leftJoin(documents, eq(documents.id, swpppReviews.documentId))
    .where(eq(swpppReviews.projectId, projectId))
    .orderBy(desc(swpppReviews.receivedOn), desc(swpppReviews.id));
  const { days, law, kindWord } = await lawOfReviews(db, calendar);
  return rows.map((r) => ({
    ...r.review,
    docTitle: r.docTitle,
    docType: r.docType,
    docVersion: r.docVersion,
    docPublic: r.docPublic,
    clock: reviewClock({ ...r.review, amendment: r.docType === 'swppp_amendment' }, today, days, law, kindWord),
  }));
}

/** Every undecided review in town with its clock, most urgent first (the officer's dashboard). */
export async function openReviews(db: Db, today: string, calendar?: BusinessCalendar) {
  const rows = await db
    .select({ review: swpppReviews, slug: projects.slug, name: projects.name, docType: documents.type })
    .from(swpppReviews)
    .innerJoin(projects, eq(projects.id, swpppReviews.projectId))
    .leftJoin(documents, eq(documents.id, swpppReviews.documentId))
    .where(isNull(swpppReviews.decidedOn))
    .orderBy(asc(swpppReviews.receivedOn));
  const { days, law, kindWord } = await lawOfReviews(db, calendar);
  return rows
    .map((r) => ({
      id: r.review.id,
      projectSlug: r.slug,
      projectName: r.name,
      amendment: r.docType === 'swppp_amendment',
      receivedOn: r.review.receivedOn,
      clock: reviewClock({ ...r.review, amendment: r.docType === 'swppp_amendment' }, today, days, law, kindWord),
    }))
    .sort((a, b) => (a.clock.clock?.daysLeft ?? 9999) - (b.clock.clock?.daysLeft ?? 9999));
}

/** How many pages the plan under review has (its PDF's count), when the review names its document. */
export async function planPageCount(db: Db, reviewId: number): Promise<number | null> {
  const [row] = await db
    .select({ pages: documents.pageCount })
    .from(swpppReviews)
    .innerJoin(documents, eq(documents.id, swpppReviews.documentId))
    .where(eq(swpppReviews.id, reviewId))
    .limit(1);
  return row?.pages ?? null;
}

/** The review as it stands inside the transaction that changes it: two officers' clicks cannot both pass a check. */
async function loadIn(tx: Db, reviewId: number) {
  const [row] = await tx.select().from(swpppReviews).where(eq(swpppReviews.id, reviewId)).limit(1);
  return row;
}

export function markComplete(db: Db, actor: Actor, reviewId: number, on: string, today: string): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const before = await loadIn(tx, reviewId);
    if (!before) return { ok: false, message: 'No such review.' };
    if (before.decidedOn) return { ok: false, message: 'This review is already decided.' };
    if (before.completeOn) return { ok: false, message: `Already found complete on ${before.completeOn}.` };
    // The decision clock runs from the day the complete plan arrived (decision 0023): after a deficiency
    // notice, that is the revised plan's receipt, which must be on record first.
    if (before.deficienciesNotifiedOn && !answeringRevision(before))
      return {
        ok: false,
        fields: {
          on: 'The plan was found incomplete: record the day the revised plan with the missing information arrived first.',
        },
      };
    const problem = dateProblem(on, before.resubmittedOn ?? before.receivedOn, today, 'completeness date');
    if (problem) return { ok: false, fields: { on: problem } };
    const [after] = await tx
      .update(swpppReviews)
      .set({ completeOn: on, updatedAt: new Date() })
      .where(eq(swpppReviews.id, reviewId))
      .returning();
    await auditAsync(tx, actor, {
      action: 'swppp_review.complete',
      entityType: 'swppp_review',
      entityId: reviewId,
      before,
      after,
    });
    return { ok: true };
  });
}

export function notifyDeficiencies(
  db: Db,
  actor: Actor,
  reviewId: number,
  input: { on: string; deficiencies: string; comments?: PlanComment[] },
  today: string,
): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const before = await loadIn(tx, reviewId);
    if (!before) return { ok: false, message: 'No such review.' };
    if (before.decidedOn || before.completeOn)
      return {
        ok: false,
        message: 'The plan was already found complete; a deficient plan is disapproved with reasons instead.',
      };
    const problem = dateProblem(input.on, before.resubmittedOn ?? before.receivedOn, today, 'notice date');
    if (problem) return { ok: false, fields: { on: problem } };
    // A second deficiency notice (on a revised plan) replaces the first; the audit keeps both.
    const [after] = await tx
      .update(swpppReviews)
      .set({
        deficienciesNotifiedOn: input.on,
        deficiencies: input.deficiencies,
        resubmittedOn: null,
        updatedAt: new Date(),
      })
      .where(eq(swpppReviews.id, reviewId))
      .returning();
    const comments = input.comments ?? [];
    // A second notice on the same day replaces the first's comments, as it replaces its text.
    await tx
      .delete(swpppReviewComments)
      .where(and(eq(swpppReviewComments.reviewId, reviewId), eq(swpppReviewComments.noticeOn, input.on)));
    if (comments.length)
      await tx.insert(swpppReviewComments).values(comments.map((c) => ({ reviewId, noticeOn: input.on, ...c })));
    await auditAsync(tx, actor, {
      action: 'swppp_review.deficiencies',
      entityType: 'swppp_review',
      entityId: reviewId,
      before,
      after: { ...after, comments },
    });
    return { ok: true };
  });
}

export function recordResubmission(db: Db, actor: Actor, reviewId: number, on: string, today: string): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const before = await loadIn(tx, reviewId);
    if (!before) return { ok: false, message: 'No such review.' };
    if (!before.deficienciesNotifiedOn || before.completeOn || before.decidedOn)
      return { ok: false, message: 'Only a plan found incomplete waits for a revised plan.' };
    if (on < before.deficienciesNotifiedOn)
      return { ok: false, fields: { on: 'The revised plan comes after the deficiency notice.' } };
    if (on > today) return { ok: false, fields: { on: 'The date cannot be in the future.' } };
    const [after] = await tx
      .update(swpppReviews)
      .set({ resubmittedOn: on, updatedAt: new Date() })
      .where(eq(swpppReviews.id, reviewId))
      .returning();
    await auditAsync(tx, actor, {
      action: 'swppp_review.resubmitted',
      entityType: 'swppp_review',
      entityId: reviewId,
      before,
      after,
    });
    return { ok: true };
  });
}

export interface DecisionInput {
  decision: SwpppDecision;
  on: string;
  conditions: string | null;
  reasons: string | null;
  townPermitNo: string | null;
}

export function decide(db: Db, actor: Actor, reviewId: number, input: DecisionInput, today: string): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const before = await loadIn(tx, reviewId);
    if (!before) return { ok: false, message: 'No such review.' };
    if (before.decidedOn) return { ok: false, message: 'This review is already decided.' };
    if (!before.completeOn) return { ok: false, message: 'Record that the plan is complete before deciding on it.' };
    const fields: Record<string, string> = {};
    if (input.on > today) fields.on = 'The decision date cannot be in the future.';
    else if (input.on < before.completeOn) fields.on = 'The decision comes after the plan was found complete.';
    if (input.decision === 'approved_with_conditions' && !input.conditions)
      fields.conditions = 'List the conditions of the approval.';
    if (input.decision === 'disapproved' && !input.reasons)
      fields.reasons = 'Give the reasons, and how to submit a revised plan.';
    if (Object.keys(fields).length) return { ok: false, fields };
    const decidedByUserId = 'userId' in actor ? actor.userId : null;
    const [after] = await tx
      .update(swpppReviews)
      .set({
        decision: input.decision,
        decidedOn: input.on,
        conditions: input.decision === 'approved_with_conditions' ? input.conditions : null,
        reasons: input.decision === 'disapproved' ? input.reasons : null,
        decidedByUserId,
        updatedAt: new Date(),
      })
      .where(eq(swpppReviews.id, reviewId))
      .returning();
    await auditAsync(tx, actor, {
      action: `swppp_review.${input.decision}`,
      entityType: 'swppp_review',
      entityId: reviewId,
      before,
      after,
    });
    if (before.documentId) {
      await tx
        .update(documents)
        .set({ reviewStatus: input.decision === 'disapproved' ? 'returned' : 'accepted', updatedAt: new Date() })
        .where(eq(documents.id, before.documentId));
    }
    // Approving the original plan issues the permit: the project moves from review to approved.
    const [project] = await tx
      .select({ status: projects.status, townPermitNo: projects.townPermitNo })
      .from(projects)
      .where(eq(projects.id, before.projectId))
      .limit(1);
    if (
      project &&
      input.decision !== 'disapproved' &&
      (project.status === 'swppp_review' || (input.townPermitNo && input.townPermitNo !== project.townPermitNo))
    ) {
      const patch = {
        ...(project.status === 'swppp_review' ? { status: 'approved' as const } : {}),
        ...(input.townPermitNo ? { townPermitNo: input.townPermitNo } : {}),
      };
      await tx
        .update(projects)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(projects.id, before.projectId));
      await auditAsync(tx, actor, {
        action: 'project.update',
        entityType: 'project',
        entityId: before.projectId,
        before: { projectId: before.projectId, status: project.status, townPermitNo: project.townPermitNo },
        after: {
          projectId: before.projectId,
          status: patch.status ?? project.status,
          townPermitNo: patch.townPermitNo ?? project.townPermitNo,
        },
      });
    }
    return { ok: true };
  });
}

export function extendByAgreement(
  db: Db,
  actor: Actor,
  reviewId: number,
  input: { until: string; note: string },
  today: string,
  calendar?: BusinessCalendar,
): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const before = await loadIn(tx, reviewId);
    if (!before) return { ok: false, message: 'No such review.' };
    if (before.decidedOn) return { ok: false, message: 'This review is already decided.' };
    const law = await loadLocalLawAsync(tx);
    const kindWord = (await townAsync(tx)).kindWord;
    const days = calendar ?? (await loadCalendarAsync(tx));
    const clock = reviewClock(before, today, days, law, kindWord);
    if (!clock.clock) return { ok: false, message: 'No clock is running on this review.' };
    if (clock.stage === 'authorized_as_filed')
      return {
        ok: false,
        message:
          'The time has already run out: the applicant is authorized to proceed as filed. An extension must be agreed before the deadline.',
      };
    if (clock.clock.daysLeft < 0)
      return {
        ok: false,
        message: `The ${law.swpppReviewDays} days have already run out: decide whether the plan is complete now. An extension must be agreed before the deadline.`,
      };
    if (input.until <= clock.clock.deadline)
      return {
        ok: false,
        fields: { until: `An extension must run past the current deadline, ${clock.clock.deadline}.` },
      };
    const [after] = await tx
      .update(swpppReviews)
      .set({ extendedUntil: input.until, extensionNote: input.note, updatedAt: new Date() })
      .where(eq(swpppReviews.id, reviewId))
      .returning();
    await auditAsync(tx, actor, {
      action: 'swppp_review.extended',
      entityType: 'swppp_review',
      entityId: reviewId,
      before,
      after,
    });
    return { ok: true };
  });
}

/**
 * The project's review that waits for a revised plan after a deficiency notice, with the kind of plan it reviews
 * (an original SWPPP or an amendment): the next plan the project sends answers it.
 */
export async function reviewAwaitingRevision(tx: Pick<Db, 'select'>, projectId: number) {
  const rows = await tx
    .select({ review: swpppReviews, docType: documents.type })
    .from(swpppReviews)
    .leftJoin(documents, eq(documents.id, swpppReviews.documentId))
    .where(and(eq(swpppReviews.projectId, projectId), isNull(swpppReviews.completeOn), isNull(swpppReviews.decidedOn)))
    .orderBy(desc(swpppReviews.receivedOn), desc(swpppReviews.id));
  const row = rows.find((r) => awaitsRevisedPlan(r.review));
  return row ? { ...row.review, docType: row.docType } : undefined;
}

export interface PlanReceipt {
  projectId: number;
  documentId: number;
  /** The day the town received it. */
  receivedOn: string;
}

/**
 * A plan arrives (an original SWPPP, an amendment, or a revised plan): one behaviour for the officer's
 * upload and the operator's. When a review of this project waits for a revised plan after a deficiency
 * notice, this is that revised plan: the waiting review resumes with a new 30-day completeness clock
 * (for an amendment, the answer R(2) asks for within seven days). Otherwise a new review opens.
 * Call inside the upload's transaction.
 */
export async function planReceived(
  tx: Db,
  actor: Actor,
  input: PlanReceipt,
): Promise<{ reviewId: number; resubmission: boolean }> {
  const waiting = await reviewAwaitingRevision(tx, input.projectId);
  if (waiting) {
    const { docType: _kind, ...before } = waiting;
    const [after] = await tx
      .update(swpppReviews)
      .set({ resubmittedOn: input.receivedOn, documentId: input.documentId, updatedAt: new Date() })
      .where(eq(swpppReviews.id, waiting.id))
      .returning();
    await auditAsync(tx, actor, {
      action: 'swppp_review.resubmitted',
      entityType: 'swppp_review',
      entityId: waiting.id,
      before,
      after,
    });
    return { reviewId: waiting.id, resubmission: true };
  }
  const [review] = await tx
    .insert(swpppReviews)
    .values({ projectId: input.projectId, documentId: input.documentId, receivedOn: input.receivedOn })
    .returning();
  await auditAsync(tx, actor, {
    action: 'swppp_review.received',
    entityType: 'swppp_review',
    entityId: review!.id,
    after: review,
  });
  return { reviewId: review!.id, resubmission: false };
}

/**
 * The comments of each review's latest deficiency notice, in the order given, each with its place in words: what
 * the revised plan must answer (the officer's review page and the operator's project page).
 */
export async function latestPlanComments(
  db: Db,
  reviews: Array<{ id: number; deficienciesNotifiedOn: string | null }>,
) {
  const out = new Map<number, Array<PlanComment & { place: string }>>();
  const noticed = reviews.filter((r) => r.deficienciesNotifiedOn);
  if (!noticed.length) return out;
  const rows = await db
    .select()
    .from(swpppReviewComments)
    .where(
      inArray(
        swpppReviewComments.reviewId,
        noticed.map((r) => r.id),
      ),
    )
    .orderBy(asc(swpppReviewComments.id));
  for (const r of noticed) {
    const mine = rows
      .filter((c) => c.reviewId === r.id && c.noticeOn === r.deficienciesNotifiedOn)
      .map((c) => ({ section: c.section, page: c.page, comment: c.comment, place: commentPlace(c) }));
    if (mine.length) out.set(r.id, mine);
  }
  return out;
}

/**
 * The project's plans the officer found incomplete and waiting for the revised plan: the notice and its comments,
 * for the applicant (the operator's project page), who answers them by uploading the revised plan.
 */
export async function plansAwaitingRevision(db: Db, projectId: number) {
  const read = await db
    .select({ review: swpppReviews, docTitle: documents.title, docType: documents.type })
    .from(swpppReviews)
    .leftJoin(documents, eq(documents.id, swpppReviews.documentId))
    .where(
      and(
        eq(swpppReviews.projectId, projectId),
        isNotNull(swpppReviews.deficienciesNotifiedOn),
        isNull(swpppReviews.completeOn),
        isNull(swpppReviews.decidedOn),
      ),
    )
    .orderBy(asc(swpppReviews.id));
  const rows = read.filter((r) => awaitsRevisedPlan(r.review));
  const comments = await latestPlanComments(
    db,
    rows.map((r) => r.review),
  );
  return rows.map(({ review: r, docTitle, docType }) => ({
    reviewId: r.id,
    // The document's own title names it ("SWPPP Amendment No. 1"); the kind only when it has none.
    plan: docTitle ?? (docType === 'swppp_amendment' ? 'SWPPP amendment' : 'SWPPP'),
    noticeOn: r.deficienciesNotifiedOn!,
    deficiencies: r.deficiencies ?? '',
    comments: comments.get(r.id) ?? [],
  }));
}
