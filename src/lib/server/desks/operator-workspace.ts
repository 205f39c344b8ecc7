/**
 * The operator's workspace: for each of their projects, what is due next and what is late (from the
 * compliance rules), what the officer returned, and what they have filed.
 */
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  DOCUMENT_TYPES,
  documents,
  monthlySummaries,
  projectMembers,
  projects,
  type DocumentType,
} from '#db/schema.ts';
import { recentFindings } from '#lib/server/compliance/compliance.rules.ts';
import { complianceFor, type ProjectCompliance } from '#lib/server/compliance/compliance.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import {
  openCorrectiveActions,
  recentInspections,
  returnedInspections,
} from '#lib/server/filings/inspection-reports.ts';
import { summaryMonthChoices } from '#lib/server/filings/monthly-summaries.ts';
import { operatorUploads } from '#lib/server/filings/operator-documents.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { plansAwaitingRevision } from '#lib/server/reviews/swppp-review.ts';
import { membersWhere } from '#lib/shared/closed-lists.ts';

/**
 * Whether a returned document of each type is the operator's to correct from the workspace: the ones they
 * upload themselves. Inspection reports and monthly summaries are returned through their own records (listed
 * before the documents); the Town's own documents are never returned to the operator. Every type is placed
 * (decision 0088): a new one fails the build until it is.
 */
export const RETURNED_TO_THE_OPERATOR = {
  noi: false,
  swppp: false,
  swppp_amendment: true,
  inspection_report: false,
  monthly_summary: false,
  as_built_plans: true,
  notice_of_termination: true,
  enforcement_notice: false,
  other: false,
} as const satisfies Record<DocumentType, boolean>;
const RETURNED_DOCUMENT_TYPES = membersWhere(DOCUMENT_TYPES, RETURNED_TO_THE_OPERATOR);

export function memberProjects(db: Db, userId: number) {
  return db
    .select({
      id: projects.id,
      slug: projects.slug,
      name: projects.name,
      siteAddress: projects.siteAddress,
      status: projects.status,
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, userId))
    .orderBy(asc(projects.name));
}

export interface ReturnedItem {
  kind: 'inspection' | 'summary' | 'document';
  id: number;
  projectId: number;
  slug: string;
  label: string;
  comment: string | null;
  reviewedAt: Date | null;
  /** Where to correct it. */
  href: string;
}

/** Filings the officer returned and the operator has not yet corrected. */
export async function returnedItems(db: Db, projectIds: number[]): Promise<ReturnedItem[]> {
  if (!projectIds.length) return [];
  const items: ReturnedItem[] = (await returnedInspections(db, projectIds)).map((r) => ({
    kind: 'inspection',
    id: r.id,
    projectId: r.projectId,
    slug: r.slug,
    label: `Inspection report of ${townToday(r.inspectedAt)}`,
    comment: r.reviewComment,
    reviewedAt: r.reviewedAt,
    href: `/operator/projects/${r.slug}/inspections/new?from=${r.id}`,
  }));
  for (const s of await db
    .select({
      id: monthlySummaries.id,
      projectId: monthlySummaries.projectId,
      slug: projects.slug,
      month: monthlySummaries.month,
      comment: monthlySummaries.reviewComment,
      reviewedAt: monthlySummaries.reviewedAt,
    })
    .from(monthlySummaries)
    .innerJoin(projects, eq(projects.id, monthlySummaries.projectId))
    .where(
      and(
        inArray(monthlySummaries.projectId, projectIds),
        eq(monthlySummaries.reviewStatus, 'returned'),
        isNull(monthlySummaries.supersededAt),
      ),
    )) {
    items.push({
      kind: 'summary',
      id: s.id,
      projectId: s.projectId,
      slug: s.slug,
      label: `Monthly summary for ${s.month}`,
      comment: s.comment,
      reviewedAt: s.reviewedAt,
      href: `/operator/projects/${s.slug}/summaries/new?correct=${s.id}`,
    });
  }
  for (const d of await db
    .select({
      id: documents.id,
      projectId: documents.projectId,
      slug: projects.slug,
      title: documents.title,
      comment: documents.reviewComment,
      reviewedAt: documents.reviewedAt,
    })
    .from(documents)
    .innerJoin(projects, eq(projects.id, documents.projectId))
    .where(
      and(
        inArray(documents.projectId, projectIds),
        eq(documents.reviewStatus, 'returned'),
        inArray(documents.type, RETURNED_DOCUMENT_TYPES),
      ),
    )
    .orderBy(desc(documents.reviewedAt))
    .limit(20)) {
    items.push({
      kind: 'document',
      id: d.id,
      projectId: d.projectId,
      slug: d.slug,
      label: d.title,
      comment: d.comment,
      reviewedAt: d.reviewedAt,
      href: `/operator/projects/${d.slug}/documents/new`,
    });
  }
  return items;
}

/** The workspace home: each project with its late items and the next things due. */
export async function workspaceOverview(db: Db, userId: number, now: Date = new Date()) {
  const mine = await memberProjects(db, userId);
  const ids = mine.map((p) => p.id);
  const compliance = new Map<number, ProjectCompliance>(
    (await complianceFor(db, { projectIds: ids }, now)).map((c) => [c.projectId, c]),
  );
  const returned = await returnedItems(db, ids);
  return mine.map((p) => {
    const c = compliance.get(p.id);
    return {
      ...p,
      late: c?.findings.filter((f) => f.status === 'open') ?? [],
      due: c?.due ?? [],
      returned: returned.filter((r) => r.projectId === p.id),
    };
  });
}

/** Everything on one project's workspace page. */
export async function projectWorkspace(db: Db, projectId: number, now: Date = new Date()) {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) return undefined;
  const [c] = await complianceFor(db, { projectIds: [projectId] }, now);
  const today = townToday(now);
  const summaries = await db
    .select()
    .from(monthlySummaries)
    .where(eq(monthlySummaries.projectId, projectId))
    .orderBy(desc(monthlySummaries.month), desc(monthlySummaries.version))
    .limit(40);
  return {
    project,
    compliance: c,
    late: c?.findings.filter((f) => f.status === 'open') ?? [],
    past: c ? recentFindings(c.findings, today, 365).filter((f) => f.status === 'resolved') : [],
    due: c?.due ?? [],
    returned: await returnedItems(db, [projectId]),
    plansAwaitingRevision: await plansAwaitingRevision(db, projectId),
    inspections: await recentInspections(db, projectId),
    summaries,
    months: await summaryMonthChoices(db, projectId, now),
    openCorrective: await openCorrectiveActions(db, projectId),
    uploads: await operatorUploads(db, projectId),
  };
}

/** A project's document, for the operator's own download (any review state). */
export async function memberDocument(db: Db, projectId: number, documentId: number) {
  const [doc] = await db
    .select({
      sha256: documents.sha256,
      filename: documents.filename,
      mimeType: documents.mimeType,
      sizeBytes: documents.sizeBytes,
    })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.projectId, projectId)));
  return doc;
}
