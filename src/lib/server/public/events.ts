/**
 * Public events, in words: a monthly summary posted, an enforcement action issued, a new project.
 * The Atom feeds list them; the alert dispatcher (alerts/dispatch.ts) announces new ones by email.
 * Only published projects, submitted summaries and public enforcement actions are read.
 */
import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { enforcementActions, monthlySummaries, projects, type AlertEventKind } from '#db/schema.ts';
import { ENFORCEMENT_TYPE_LABEL } from '#lib/shared/labels.ts';
import { formatDay, formatMonth, formatCitation } from '#lib/shared/format.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';

export interface PublicEvent {
  kind: AlertEventKind;
  /** The summary, enforcement action or project id. */
  entityId: number;
  projectId: number;
  projectSlug: string;
  projectName: string;
  /** When it became public. */
  occurredAt: Date;
  title: string;
  summary: string;
  /** Site-relative link. */
  path: string;
}

const clip = (s: string, n = 400) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

type SummaryRow = { id: number; projectId: number; month: string; version: number; narrative: string; inspectionsDone: number; inspectionsRequired: number; correctiveOpen: number; at: Date | null; slug: string; name: string };
type ActionRow = { id: number; projectId: number; type: (typeof enforcementActions.$inferSelect)['type']; issuedOn: string; summary: string; complyBy: string | null; citedSection: string | null; createdAt: Date; slug: string; name: string };
type ProjectRow = { id: number; slug: string; name: string; description: string; siteAddress: string; publishedAt: Date | null; createdAt: Date };

export function summaryEvent(r: SummaryRow): PublicEvent {
  return {
    kind: 'summary',
    entityId: r.id,
    projectId: r.projectId,
    projectSlug: r.slug,
    projectName: r.name,
    occurredAt: r.at ?? new Date(0),
    title: `${r.version > 1 ? 'Corrected monthly' : 'Monthly'} inspection summary for ${formatMonth(r.month)}: ${r.name}`,
    summary: clip(`${r.narrative} Inspections: ${r.inspectionsDone} done of ${r.inspectionsRequired} required; corrective actions still open: ${r.correctiveOpen}.`.trim()),
    path: `/projects/${r.slug}#summary-${r.id}`,
  };
}

export function enforcementEvent(r: ActionRow): PublicEvent {
  const label = ENFORCEMENT_TYPE_LABEL[r.type];
  const extra = [r.citedSection ? `Cites the ${formatCitation(r.citedSection)}.` : '', r.complyBy ? `Must comply by ${formatDay(r.complyBy)}.` : ''].filter(Boolean).join(' ');
  return {
    kind: 'enforcement',
    entityId: r.id,
    projectId: r.projectId,
    projectSlug: r.slug,
    projectName: r.name,
    // Ordered by when it was recorded; the words say the day it was issued.
    occurredAt: r.createdAt ?? townInstant(r.issuedOn, '12:00'),
    title: `${label} issued ${formatDay(r.issuedOn)}: ${r.name}`,
    summary: clip(`${r.summary} ${extra}`.trim()),
    path: `/projects/${r.slug}#enforcement-history`,
  };
}

export function projectEvent(r: ProjectRow): PublicEvent {
  return {
    kind: 'project',
    entityId: r.id,
    projectId: r.id,
    projectSlug: r.slug,
    projectName: r.name,
    occurredAt: r.publishedAt ?? r.createdAt,
    title: `New project: ${r.name}`,
    summary: clip(`${r.siteAddress}. ${r.description}`),
    path: `/projects/${r.slug}`,
  };
}

export interface EventQuery {
  projectIds?: number[];
  /** Only items that became public (or, for enforcement, changed) at or after this instant. */
  since?: Date;
  /** Enforcement: only actions recorded at or after this instant (so old actions that change are not "new"). */
  createdSince?: Date;
  limit?: number;
}

export function querySummaries(db: DB, q: EventQuery): PublicEvent[] {
  const where: SQL[] = [eq(projects.published, true), isNotNull(monthlySummaries.submittedAt)];
  if (q.projectIds) where.push(inArray(monthlySummaries.projectId, q.projectIds.length ? q.projectIds : [-1]));
  if (q.since) where.push(sql`${monthlySummaries.submittedAt} >= ${q.since.getTime()}`);
  return db
    .select({
      id: monthlySummaries.id,
      projectId: monthlySummaries.projectId,
      month: monthlySummaries.month,
      version: monthlySummaries.version,
      narrative: monthlySummaries.narrative,
      inspectionsDone: monthlySummaries.inspectionsDone,
      inspectionsRequired: monthlySummaries.inspectionsRequired,
      correctiveOpen: monthlySummaries.correctiveOpen,
      at: monthlySummaries.submittedAt,
      slug: projects.slug,
      name: projects.name,
    })
    .from(monthlySummaries)
    .innerJoin(projects, eq(projects.id, monthlySummaries.projectId))
    .where(and(...where))
    .orderBy(desc(monthlySummaries.submittedAt), desc(monthlySummaries.id))
    .limit(q.limit ?? 1000)
    .all()
    .map(summaryEvent);
}

export function queryEnforcement(db: DB, q: EventQuery): PublicEvent[] {
  const where: SQL[] = [eq(projects.published, true), eq(enforcementActions.public, true)];
  if (q.projectIds) where.push(inArray(enforcementActions.projectId, q.projectIds.length ? q.projectIds : [-1]));
  // updated_at, not created_at: an action made public after it was recorded counts from then.
  if (q.since) where.push(sql`${enforcementActions.updatedAt} >= ${q.since.getTime()}`);
  if (q.createdSince) where.push(sql`${enforcementActions.createdAt} >= ${q.createdSince.getTime()}`);
  return db
    .select({
      id: enforcementActions.id,
      projectId: enforcementActions.projectId,
      type: enforcementActions.type,
      issuedOn: enforcementActions.issuedOn,
      summary: enforcementActions.summary,
      complyBy: enforcementActions.complyBy,
      citedSection: enforcementActions.citedSection,
      createdAt: enforcementActions.createdAt,
      slug: projects.slug,
      name: projects.name,
    })
    .from(enforcementActions)
    .innerJoin(projects, eq(projects.id, enforcementActions.projectId))
    .where(and(...where))
    .orderBy(desc(enforcementActions.createdAt), desc(enforcementActions.id))
    .limit(q.limit ?? 1000)
    .all()
    .map(enforcementEvent);
}

export function queryNewProjects(db: DB, q: EventQuery): PublicEvent[] {
  const where: SQL[] = [eq(projects.published, true)];
  if (q.projectIds) where.push(inArray(projects.id, q.projectIds.length ? q.projectIds : [-1]));
  const when = sql`coalesce(${projects.publishedAt}, ${projects.createdAt})`;
  if (q.since) where.push(sql`${when} >= ${q.since.getTime()}`);
  return db
    .select({
      id: projects.id,
      slug: projects.slug,
      name: projects.name,
      description: projects.description,
      siteAddress: projects.siteAddress,
      publishedAt: projects.publishedAt,
      createdAt: projects.createdAt,
    })
    .from(projects)
    .where(and(...where))
    .orderBy(desc(when), desc(projects.id))
    .limit(q.limit ?? 1000)
    .all()
    .map(projectEvent);
}

/** The latest public events, newest first (for feeds). */
export function latestPublicEvents(db: DB, q: { projectIds?: number[]; limit?: number } = {}): PublicEvent[] {
  const limit = q.limit ?? 50;
  return [...querySummaries(db, { ...q, limit }), ...queryEnforcement(db, { ...q, limit }), ...queryNewProjects(db, { ...q, limit })]
    .sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime() || b.entityId - a.entityId)
    .slice(0, limit);
}
