/**
 * The officer's review of what operators file: inspection reports, monthly summaries and uploaded
 * documents. Each is accepted or returned with a comment the operator sees; the officer decides which
 * documents are public. Every decision is audited and the operator is told by email (outbox).
 */
import { DOCUMENT_TYPE_LABEL, INSPECTION_TYPE_LABEL, OPERATOR_UPLOAD_TYPES } from '#lib/shared/labels.ts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  documents,
  inspections,
  monthlySummaries,
  monthlySummaryDocuments,
  projectMembers,
  projects,
  users,
  type DocumentType,
} from '#db/schema.ts';
import { formatDay, formatMonth, withoutAsides } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import { townAsync, townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { publishInspectionPhotos } from '#lib/server/filings/inspection-photos.ts';
import { type Refusal, type Result } from '#lib/server/platform/result.ts';

/** Uploads that wait for the officer (inspection report and summary PDFs are decided with their filing). */
const REVIEWED_UPLOADS = [...OPERATOR_UPLOAD_TYPES, 'other'] as DocumentType[];

/** What waits for the officer: the queue and the dashboard's count read the same three conditions. */
const WAITING = {
  inspections: and(eq(inspections.reviewStatus, 'filed'), isNull(inspections.supersededAt)),
  summaries: and(
    eq(monthlySummaries.reviewStatus, 'filed'),
    isNull(monthlySummaries.supersededAt),
    sql`${monthlySummaries.submittedAt} is not null`,
  ),
  documents: and(
    eq(documents.reviewStatus, 'filed'),
    isNull(documents.reviewedAt),
    inArray(documents.type, REVIEWED_UPLOADS),
  ),
};

export async function reviewQueue(db: Db) {
  const inspectionRows = await db
    .select({
      id: inspections.id,
      inspectedAt: inspections.inspectedAt,
      type: inspections.type,
      inspectorName: inspections.inspectorName,
      filedAt: inspections.filedAt,
      supersedesId: inspections.supersedesId,
      slug: projects.slug,
      projectName: projects.name,
    })
    .from(inspections)
    .innerJoin(projects, eq(projects.id, inspections.projectId))
    .where(WAITING.inspections)
    .orderBy(asc(inspections.filedAt), asc(inspections.id));
  const summaryRows = await db
    .select({
      id: monthlySummaries.id,
      month: monthlySummaries.month,
      version: monthlySummaries.version,
      submittedAt: monthlySummaries.submittedAt,
      slug: projects.slug,
      projectName: projects.name,
    })
    .from(monthlySummaries)
    .innerJoin(projects, eq(projects.id, monthlySummaries.projectId))
    .where(WAITING.summaries)
    .orderBy(asc(monthlySummaries.submittedAt), asc(monthlySummaries.id));
  const documentRows = await db
    .select({
      id: documents.id,
      type: documents.type,
      title: documents.title,
      uploadedAt: documents.uploadedAt,
      publicProposed: documents.publicProposed,
      pageCount: documents.pageCount,
      sheetSize: documents.sheetSize,
      slug: projects.slug,
      projectName: projects.name,
    })
    .from(documents)
    .innerJoin(projects, eq(projects.id, documents.projectId))
    .where(WAITING.documents)
    .orderBy(asc(documents.uploadedAt), asc(documents.id));
  return {
    inspections: inspectionRows,
    summaries: summaryRows,
    documents: documentRows,
    total: inspectionRows.length + summaryRows.length + documentRows.length,
  };
}

/** How many filings wait for the officer (for the dashboard). */
export async function reviewQueueCount(db: Db): Promise<number> {
  const counts = await Promise.all([
    db
      .select({ n: sql<number>`count(*)` })
      .from(inspections)
      .where(WAITING.inspections),
    db
      .select({ n: sql<number>`count(*)` })
      .from(monthlySummaries)
      .where(WAITING.summaries),
    db
      .select({ n: sql<number>`count(*)` })
      .from(documents)
      .where(WAITING.documents),
  ]);
  return counts.reduce((sum, [row]) => sum + (row?.n ?? 0), 0);
}

// ---------------------------------------------------------------------------------------------

/** Whom a review is mailed to: the filer, or every operator on the project when the filer is gone. */
async function recipients(
  tx: Pick<Db, 'select'>,
  projectId: number,
  filerId: number | null,
): Promise<Array<{ email: string; name: string }>> {
  const active = (rows: Array<{ email: string; name: string; disabled: boolean }>) =>
    rows.filter((r) => !r.disabled).map(({ email, name }) => ({ email, name }));
  if (filerId) {
    const filer = active(
      await tx
        .select({ email: users.email, name: users.name, disabled: users.disabled })
        .from(users)
        .where(eq(users.id, filerId)),
    );
    if (filer.length) return filer;
  }
  // Filed before accounts existed (or the filer left): tell every operator on the project.
  return active(
    await tx
      .select({ email: users.email, name: users.name, disabled: users.disabled })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(eq(projectMembers.projectId, projectId)),
  );
}

async function workspaceUrl(tx: Pick<Db, 'select'>, slug: string): Promise<string> {
  return `${await townPublicUrlAsync(tx)}/operator/projects/${slug}`;
}

export type Decision = 'accept' | 'return';

export type DecisionResult = Result<object, Refusal>;

/** Accept or return an inspection report; decide whether its PDF is public. */
export function decideInspection(
  db: Db,
  actor: Actor & { userId: number },
  input: { id: number; decision: Decision; comment: string; reportPublic: boolean },
  now: Date = new Date(),
): Promise<DecisionResult> {
  return db.transaction(async (tx): Promise<DecisionResult> => {
    const [row] = await tx
      .select({ i: inspections, slug: projects.slug, projectName: projects.name })
      .from(inspections)
      .innerJoin(projects, eq(projects.id, inspections.projectId))
      .where(eq(inspections.id, input.id))
      .limit(1);
    if (!row) return { ok: false, message: 'That report no longer exists.' };
    if (row.i.supersededAt)
      return { ok: false, message: 'This report was replaced by a corrected one; review that one instead.' };
    const status = input.decision === 'accept' ? 'accepted' : 'returned';
    const before = { reviewStatus: row.i.reviewStatus, reviewComment: row.i.reviewComment };
    await tx
      .update(inspections)
      .set({
        reviewStatus: status,
        reviewComment: input.comment || null,
        reviewedByUserId: actor.userId,
        reviewedAt: now,
      })
      .where(eq(inspections.id, input.id));
    let docBefore: unknown;
    if (row.i.reportDocumentId) {
      [docBefore] = await tx
        .select({ public: documents.public, reviewStatus: documents.reviewStatus })
        .from(documents)
        .where(eq(documents.id, row.i.reportDocumentId))
        .limit(1);
      await tx
        .update(documents)
        .set({
          reviewStatus: status,
          public: input.reportPublic,
          reviewComment: input.comment || null,
          reviewedByUserId: actor.userId,
          reviewedAt: now,
          updatedAt: now,
        })
        .where(eq(documents.id, row.i.reportDocumentId));
    }
    await publishInspectionPhotos(tx, input.id, input.reportPublic, now);
    await auditAsync(tx, actor, {
      action: `inspection.${status === 'accepted' ? 'accept' : 'return'}`,
      entityType: 'inspection',
      entityId: input.id,
      before: { ...before, document: docBefore },
      after: { reviewStatus: status, reviewComment: input.comment || null, reportPublic: input.reportPublic },
    });
    const what = `the inspection report of ${formatDay(townToday(row.i.inspectedAt))} (${withoutAsides(INSPECTION_TYPE_LABEL[row.i.type]).toLowerCase()})`;
    const to = await recipients(tx, row.i.projectId, row.i.filedByUserId);
    const url = await workspaceUrl(tx, row.slug);
    for (const person of to) {
      await enqueueMailAsync(tx, {
        kind: 'filing-reviewed',
        to: person.email,
        data: {
          name: person.name,
          projectName: row.projectName,
          what,
          decision: status,
          comment: input.comment || null,
          publicNote: input.reportPublic
            ? 'The report is published on the project page.'
            : 'The report PDF is not published on the project page.',
          url,
        },
      });
    }
    return { ok: true };
  });
}

/** Accept or return a monthly summary; decide which attachments are public (the summary itself always is). */
export function decideSummary(
  db: Db,
  actor: Actor & { userId: number },
  input: { id: number; decision: Decision; comment: string; publicAttachmentIds: number[] },
  now: Date = new Date(),
): Promise<DecisionResult> {
  return db.transaction(async (tx): Promise<DecisionResult> => {
    const [row] = await tx
      .select({ s: monthlySummaries, slug: projects.slug, projectName: projects.name })
      .from(monthlySummaries)
      .innerJoin(projects, eq(projects.id, monthlySummaries.projectId))
      .where(eq(monthlySummaries.id, input.id))
      .limit(1);
    if (!row) return { ok: false, message: 'That summary no longer exists.' };
    if (row.s.supersededAt)
      return { ok: false, message: 'This summary was replaced by a corrected version; review that one instead.' };
    const status = input.decision === 'accept' ? 'accepted' : 'returned';
    await tx
      .update(monthlySummaries)
      .set({
        reviewStatus: status,
        reviewComment: input.comment || null,
        reviewedByUserId: actor.userId,
        reviewedAt: now,
      })
      .where(eq(monthlySummaries.id, input.id));
    if (row.s.documentId) {
      await tx
        .update(documents)
        .set({ reviewStatus: status, reviewedByUserId: actor.userId, reviewedAt: now, updatedAt: now })
        .where(eq(documents.id, row.s.documentId));
    }
    const attachments = await tx
      .select({ id: documents.id, public: documents.public })
      .from(monthlySummaryDocuments)
      .innerJoin(documents, eq(documents.id, monthlySummaryDocuments.documentId))
      .where(eq(monthlySummaryDocuments.summaryId, input.id));
    for (const a of attachments) {
      await tx
        .update(documents)
        .set({
          public: input.publicAttachmentIds.includes(a.id),
          reviewStatus: status,
          reviewComment: input.comment || null,
          reviewedByUserId: actor.userId,
          reviewedAt: now,
          updatedAt: now,
        })
        .where(eq(documents.id, a.id));
    }
    await auditAsync(tx, actor, {
      action: `monthly_summary.${status === 'accepted' ? 'accept' : 'return'}`,
      entityType: 'monthly_summary',
      entityId: input.id,
      before: { reviewStatus: row.s.reviewStatus, attachments },
      after: {
        reviewStatus: status,
        reviewComment: input.comment || null,
        publicAttachments: input.publicAttachmentIds.filter((id) => attachments.some((a) => a.id === id)),
      },
    });
    const what = `the monthly summary for ${formatMonth(row.s.month)}${row.s.version > 1 ? ` (version ${row.s.version})` : ''}`;
    const to = await recipients(tx, row.s.projectId, row.s.submittedByUserId);
    const url = await workspaceUrl(tx, row.slug);
    for (const person of to) {
      await enqueueMailAsync(tx, {
        kind: 'filing-reviewed',
        to: person.email,
        data: {
          name: person.name,
          projectName: row.projectName,
          what,
          decision: status,
          comment: input.comment || null,
          url,
        },
      });
    }
    return { ok: true };
  });
}

/**
 * Decide an uploaded document: whether it is public, and (except SWPPP amendments, which the SWPPP review
 * approves or disapproves) accept or return it.
 */
export function decideDocument(
  db: Db,
  actor: Actor & { userId: number },
  input: { id: number; decision?: Decision; comment: string; public: boolean },
  now: Date = new Date(),
): Promise<DecisionResult> {
  return db.transaction(async (tx): Promise<DecisionResult> => {
    const [row] = await tx
      .select({ d: documents, slug: projects.slug, projectName: projects.name })
      .from(documents)
      .innerJoin(projects, eq(projects.id, documents.projectId))
      .where(and(eq(documents.id, input.id), inArray(documents.type, REVIEWED_UPLOADS)));
    if (!row) return { ok: false, message: 'That document cannot be reviewed here.' };
    const amendment = row.d.type === 'swppp_amendment';
    if (!amendment && !input.decision)
      return { ok: false, message: 'Choose whether to accept the document or return it.' };
    const status = amendment ? row.d.reviewStatus : input.decision === 'accept' ? 'accepted' : 'returned';
    await tx
      .update(documents)
      .set({
        public: input.public,
        reviewStatus: status,
        reviewComment: input.comment || null,
        reviewedByUserId: actor.userId,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(eq(documents.id, input.id));
    await auditAsync(tx, actor, {
      action: amendment ? 'document.publish_decision' : `document.${status === 'accepted' ? 'accept' : 'return'}`,
      entityType: 'document',
      entityId: input.id,
      before: { public: row.d.public, publicProposed: row.d.publicProposed, reviewStatus: row.d.reviewStatus },
      after: { public: input.public, reviewStatus: status, reviewComment: input.comment || null },
    });
    const to = await recipients(tx, row.d.projectId, row.d.uploadedByUserId);
    const url = await workspaceUrl(tx, row.slug);
    const { kind } = (await townAsync(tx)).profile;
    for (const person of to) {
      await enqueueMailAsync(tx, {
        kind: 'filing-reviewed',
        to: person.email,
        data: {
          name: person.name,
          projectName: row.projectName,
          what: `the ${DOCUMENT_TYPE_LABEL[row.d.type].toLowerCase()} “${row.d.title}”`,
          decision: amendment ? 'decided' : (status as 'accepted' | 'returned'),
          comment: input.comment || null,
          publicNote: input.public
            ? 'It is published on the project page.'
            : `It is kept in the ${kind}’s records but not published on the project page.`,
          url,
        },
      });
    }
    return { ok: true };
  });
}

/** A filing to review, with its project (for the officer's pages). */
export async function inspectionForReview(db: Db, id: number) {
  const [row] = await db
    .select({ projectId: inspections.projectId, slug: projects.slug, projectName: projects.name })
    .from(inspections)
    .innerJoin(projects, eq(projects.id, inspections.projectId))
    .where(eq(inspections.id, id));
  return row;
}

export async function summaryForReview(db: Db, id: number) {
  const [row] = await db
    .select({ s: monthlySummaries, slug: projects.slug, projectName: projects.name })
    .from(monthlySummaries)
    .innerJoin(projects, eq(projects.id, monthlySummaries.projectId))
    .where(eq(monthlySummaries.id, id));
  if (!row) return undefined;
  const attachments = await db
    .select({
      id: documents.id,
      title: documents.title,
      filename: documents.filename,
      mimeType: documents.mimeType,
      public: documents.public,
      publicProposed: documents.publicProposed,
      sizeBytes: documents.sizeBytes,
    })
    .from(monthlySummaryDocuments)
    .innerJoin(documents, eq(documents.id, monthlySummaryDocuments.documentId))
    .where(eq(monthlySummaryDocuments.summaryId, id));
  return { ...row, attachments };
}

export async function documentForReview(db: Db, id: number) {
  const [row] = await db
    .select({ d: documents, slug: projects.slug, projectName: projects.name })
    .from(documents)
    .innerJoin(projects, eq(projects.id, documents.projectId))
    .where(and(eq(documents.id, id), inArray(documents.type, REVIEWED_UPLOADS)));
  return row;
}

/** Any document's file facts, for the officer's download. */
export async function documentFile(db: Db, id: number) {
  const [row] = await db
    .select({
      sha256: documents.sha256,
      filename: documents.filename,
      mimeType: documents.mimeType,
      sizeBytes: documents.sizeBytes,
    })
    .from(documents)
    .where(eq(documents.id, id));
  return row;
}
