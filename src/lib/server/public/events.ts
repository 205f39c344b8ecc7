/**
 * Public events, in words: a monthly summary posted, an enforcement action issued, a new project, an
 * inspection report filed, a SWPPP amendment made public, a serious compliance finding, a resident's
 * report about a published project (decision 0032).
 * The Atom feeds list them; the alert dispatcher (alerts/dispatch.ts) announces new ones by email.
 * Only published projects, submitted summaries, public enforcement actions and public documents are
 * read; findings come from the compliance rules over published projects (public/findings.ts).
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  documents,
  enforcementActions,
  inspections,
  monthlySummaries,
  practiceInspections,
  projects,
  stormwaterPractices,
  type AlertEventKind,
} from '#db/schema.ts';
import {
  ENFORCEMENT_TYPE_LABEL,
  INSPECTION_TYPE_LABEL,
  SMP_CONDITION_LABEL,
  SMP_CONDITION_MEANING,
} from '#lib/shared/labels.ts';
import {
  endSentence,
  formatDay,
  formatInstant,
  formatMonth,
  formatCitation,
  withoutAsides,
} from '#lib/shared/format.ts';
import type { Finding } from '#lib/server/compliance/compliance.rules.ts';
import { addDays } from '#lib/shared/days.ts';
import { findingsOfProjects, townFindings, type FindingProject, type TownFinding } from './findings.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { queryReports } from './site-reports.ts';

export interface PublicEvent {
  kind: AlertEventKind;
  /** The summary, enforcement action, project, inspection or document id; for a finding, findingEntityId. */
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

type SummaryRow = {
  id: number;
  projectId: number;
  month: string;
  version: number;
  narrative: string;
  inspectionsDone: number;
  inspectionsRequired: number;
  correctiveOpen: number;
  at: Date | null;
  slug: string;
  name: string;
};
type ActionRow = {
  id: number;
  projectId: number;
  type: (typeof enforcementActions.$inferSelect)['type'];
  issuedOn: string;
  summary: string;
  complyBy: string | null;
  citedSection: string | null;
  createdAt: Date;
  slug: string;
  name: string;
};
type ProjectRow = {
  id: number;
  slug: string;
  name: string;
  description: string;
  siteAddress: string;
  publishedAt: Date | null;
  createdAt: Date;
};

export function summaryEvent(r: SummaryRow): PublicEvent {
  return {
    kind: 'summary',
    entityId: r.id,
    projectId: r.projectId,
    projectSlug: r.slug,
    projectName: r.name,
    occurredAt: r.at ?? new Date(0),
    title: `${r.version > 1 ? 'Corrected monthly' : 'Monthly'} inspection summary for ${formatMonth(r.month)}: ${r.name}`,
    summary: clip(
      `${r.narrative} Inspections: ${r.inspectionsDone} done of ${r.inspectionsRequired} required; corrective actions still open: ${r.correctiveOpen}.`.trim(),
    ),
    path: `/projects/${r.slug}#summary-${r.id}`,
  };
}

export function enforcementEvent(r: ActionRow): PublicEvent {
  const label = ENFORCEMENT_TYPE_LABEL[r.type];
  const extra = [
    r.citedSection ? `Cites the ${formatCitation(r.citedSection)}.` : '',
    r.complyBy ? `Must comply by ${formatDay(r.complyBy)}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
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
    summary: clip(`${endSentence(r.siteAddress)} ${r.description}`),
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

export async function querySummaries(db: Db, q: EventQuery): Promise<PublicEvent[]> {
  const where: SQL[] = [eq(projects.published, true), isNotNull(monthlySummaries.submittedAt)];
  if (q.projectIds) where.push(inArray(monthlySummaries.projectId, q.projectIds.length ? q.projectIds : [-1]));
  if (q.since) where.push(sql`${monthlySummaries.submittedAt} >= ${q.since.getTime()}`);
  const rows = await db
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
    .limit(q.limit ?? 1000);
  return rows.map(summaryEvent);
}

export async function queryEnforcement(db: Db, q: EventQuery): Promise<PublicEvent[]> {
  const where: SQL[] = [eq(projects.published, true), eq(enforcementActions.public, true)];
  if (q.projectIds) where.push(inArray(enforcementActions.projectId, q.projectIds.length ? q.projectIds : [-1]));
  // updated_at, not created_at: an action made public after it was recorded counts from then.
  if (q.since) where.push(sql`${enforcementActions.updatedAt} >= ${q.since.getTime()}`);
  if (q.createdSince) where.push(sql`${enforcementActions.createdAt} >= ${q.createdSince.getTime()}`);
  const rows = await db
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
    .limit(q.limit ?? 1000);
  return rows.map(enforcementEvent);
}

export async function queryNewProjects(db: Db, q: EventQuery): Promise<PublicEvent[]> {
  const where: SQL[] = [eq(projects.published, true)];
  if (q.projectIds) where.push(inArray(projects.id, q.projectIds.length ? q.projectIds : [-1]));
  const when = sql`coalesce(${projects.publishedAt}, ${projects.createdAt})`;
  if (q.since) where.push(sql`${when} >= ${q.since.getTime()}`);
  const rows = await db
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
    .limit(q.limit ?? 1000);
  return rows.map(projectEvent);
}

type InspectionRow = {
  id: number;
  projectId: number;
  inspectedAt: Date;
  type: (typeof inspections.$inferSelect)['type'];
  filedAt: Date;
  reportDocumentId: number | null;
  reportPublic: boolean | null;
  slug: string;
  name: string;
};
type AmendmentRow = {
  id: number;
  projectId: number;
  title: string;
  version: number;
  documentDate: string | null;
  uploadedAt: Date;
  updatedAt: Date;
  slug: string;
  name: string;
};

/** `kind` names the municipality the report was filed with ("village"). */
export function inspectionReportEvent(r: InspectionRow, kind = 'town'): PublicEvent {
  return {
    kind: 'inspection_report',
    entityId: r.id,
    projectId: r.projectId,
    projectSlug: r.slug,
    projectName: r.name,
    occurredAt: r.filedAt,
    title: `Inspection report filed (${withoutAsides(INSPECTION_TYPE_LABEL[r.type] ?? r.type).toLowerCase()}, ${formatInstant(r.inspectedAt)}): ${r.name}`,
    summary: clip(
      `The qualified inspector's report of the ${(INSPECTION_TYPE_LABEL[r.type] ?? r.type).toLowerCase()} on ${formatInstant(r.inspectedAt)} was filed with the ${kind}.${r.reportPublic ? ' The report is public.' : ''}`,
    ),
    path:
      r.reportPublic && r.reportDocumentId != null
        ? `/documents/${r.reportDocumentId}`
        : `/projects/${r.slug}#documents`,
  };
}

/** `kind` names the municipality that reviews the amendment ("village"). */
export function swpppAmendmentEvent(r: AmendmentRow, kind = 'town'): PublicEvent {
  return {
    kind: 'swppp_amendment',
    entityId: r.id,
    projectId: r.projectId,
    projectSlug: r.slug,
    projectName: r.name,
    occurredAt: r.updatedAt,
    title: `SWPPP amendment${r.version > 1 ? ` (version ${r.version})` : ''}: ${r.name}`,
    summary: clip(
      `${r.title}${r.documentDate ? `, dated ${formatDay(r.documentDate)}` : ''}. A change to the stormwater pollution prevention plan; the ${kind} reviews it like the original plan.`,
    ),
    path: `/documents/${r.id}`,
  };
}

/**
 * A finding's id among events (alert_events keeps one row per kind and id): the first 48 bits of the
 * SHA-256 of the project id and the finding's key, which stays the same as data is added.
 */
export function findingEntityId(projectId: number, key: string): number {
  return Number.parseInt(createHash('sha256').update(`${projectId}/${key}`).digest('hex').slice(0, 12), 16);
}

/** When a finding became a fact: its exact deadline, or the start of the day the lapse began. */
function findingOccurredAt(f: Finding): Date {
  return f.dueAt ?? townInstant(f.from, '00:00');
}

export function findingEvent(project: FindingProject, f: Finding): PublicEvent {
  return {
    kind: 'finding',
    entityId: findingEntityId(project.id, f.key),
    projectId: project.id,
    projectSlug: project.slug,
    projectName: project.name,
    occurredAt: findingOccurredAt(f),
    title: `Serious compliance finding: ${f.title}: ${project.name}`,
    summary: clip(`${f.text} Law: ${f.section}.`),
    path: `/projects/${project.slug}#inspection-record`,
  };
}

export async function queryInspectionReports(db: Db, q: EventQuery): Promise<PublicEvent[]> {
  const where: SQL[] = [eq(projects.published, true)];
  if (q.projectIds) where.push(inArray(inspections.projectId, q.projectIds.length ? q.projectIds : [-1]));
  if (q.since) where.push(sql`${inspections.filedAt} >= ${q.since.getTime()}`);
  const rows = await db
    .select({
      id: inspections.id,
      projectId: inspections.projectId,
      inspectedAt: inspections.inspectedAt,
      type: inspections.type,
      filedAt: inspections.filedAt,
      reportDocumentId: inspections.reportDocumentId,
      reportPublic: documents.public,
      slug: projects.slug,
      name: projects.name,
    })
    .from(inspections)
    .innerJoin(projects, eq(projects.id, inspections.projectId))
    .leftJoin(documents, eq(documents.id, inspections.reportDocumentId))
    .where(and(...where))
    .orderBy(desc(inspections.filedAt), desc(inspections.id))
    .limit(q.limit ?? 1000);
  const { kind } = (await townAsync(db)).profile;
  return rows.map((r) => inspectionReportEvent(r, kind));
}

export async function querySwpppAmendments(db: Db, q: EventQuery): Promise<PublicEvent[]> {
  const where: SQL[] = [
    eq(projects.published, true),
    eq(documents.public, true),
    eq(documents.type, 'swppp_amendment'),
  ];
  if (q.projectIds) where.push(inArray(documents.projectId, q.projectIds.length ? q.projectIds : [-1]));
  // updated_at: an amendment made public after it was uploaded counts from then.
  if (q.since) where.push(sql`${documents.updatedAt} >= ${q.since.getTime()}`);
  if (q.createdSince) where.push(sql`${documents.uploadedAt} >= ${q.createdSince.getTime()}`);
  const rows = await db
    .select({
      id: documents.id,
      projectId: documents.projectId,
      title: documents.title,
      version: documents.version,
      documentDate: documents.documentDate,
      uploadedAt: documents.uploadedAt,
      updatedAt: documents.updatedAt,
      slug: projects.slug,
      name: projects.name,
    })
    .from(documents)
    .innerJoin(projects, eq(projects.id, documents.projectId))
    .where(and(...where))
    .orderBy(desc(documents.updatedAt), desc(documents.id))
    .limit(q.limit ?? 1000);
  const { kind } = (await townAsync(db)).profile;
  return rows.map((r) => swpppAmendmentEvent(r, kind));
}

/** Residents' reports about published projects, as events; one per report (its latest public step). */
export async function querySiteReportEvents(db: Db, q: EventQuery): Promise<PublicEvent[]> {
  const reports = await queryReports(db, {
    projectIds: q.projectIds,
    since: q.since ?? q.createdSince,
    limit: q.limit ?? 1000,
  });
  return reports
    .filter((r) => r.project != null)
    .map((r) => ({
      kind: 'site_report' as const,
      entityId: r.id,
      projectId: r.project!.id,
      projectSlug: r.project!.slug,
      projectName: r.project!.name,
      occurredAt: r.statusChangedAt,
      title: `Resident’s report (${r.category.toLowerCase()}), ${r.statusLabel.toLowerCase()}: ${r.project!.name}`,
      summary: clip(
        `${r.statusMeaning}${r.publicReason?.trim() ? ` ${endSentence(r.publicReason)}` : ''} ${r.description}`,
      ),
      path: r.path,
    }));
}

/** Few enough projects to evaluate them on their own rather than read the town-wide findings. */
const FEW_PROJECTS = 200;

/** Serious (high-severity) findings at published projects, newest first. */
export async function seriousFindingEvents(
  db: Db,
  q: { projectIds?: number[]; limit?: number; now?: Date },
): Promise<PublicEvent[]> {
  const now = q.now ?? new Date();
  let found: TownFinding[];
  if (q.projectIds && q.projectIds.length <= FEW_PROJECTS) found = await findingsOfProjects(db, q.projectIds, now);
  else {
    const wanted = q.projectIds ? new Set(q.projectIds) : undefined;
    found = await townFindings(db, now, { projectIds: wanted, severities: ['high'] });
  }
  // Newest lapse first already; a finding's event time is at most a day after its first day (a post-storm
  // deadline), so only those up to a day older than the limit-th can be among the newest events.
  const limit = q.limit ?? 1000;
  const high = found.filter((t) => t.finding.severity === 'high');
  let cut = high.length;
  if (high.length > limit) {
    const edge = addDays(high[limit - 1].finding.from, -1);
    const past = high.findIndex((t) => t.finding.from < edge);
    if (past >= 0) cut = past;
  }
  return high
    .slice(0, cut)
    .map((t) => findingEvent(t.project, t.finding))
    .sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime() || b.entityId - a.entityId)
    .slice(0, limit);
}

/**
 * The Town's inspections of permanent practices built under published projects (a practice entered
 * directly has no project to subscribe to or to place an area alert by), from the day they were recorded.
 */
export async function queryPracticeInspections(db: Db, q: EventQuery): Promise<PublicEvent[]> {
  const where: SQL[] = [eq(projects.published, true)];
  if (q.projectIds) where.push(inArray(stormwaterPractices.projectId, q.projectIds.length ? q.projectIds : [-1]));
  if (q.since) where.push(sql`${practiceInspections.createdAt} >= ${q.since.getTime()}`);
  const { kindWord } = await townAsync(db);
  const rows = await db
    .select({
      id: practiceInspections.id,
      inspectedOn: practiceInspections.inspectedOn,
      condition: practiceInspections.condition,
      findings: practiceInspections.findings,
      createdAt: practiceInspections.createdAt,
      practiceId: stormwaterPractices.id,
      practiceName: stormwaterPractices.name,
      projectId: projects.id,
      slug: projects.slug,
      name: projects.name,
    })
    .from(practiceInspections)
    .innerJoin(stormwaterPractices, eq(stormwaterPractices.id, practiceInspections.practiceId))
    .innerJoin(projects, eq(projects.id, stormwaterPractices.projectId))
    .where(and(...where))
    .orderBy(desc(practiceInspections.createdAt), desc(practiceInspections.id))
    .limit(q.limit ?? 1000);
  return rows.map((r) => ({
    kind: 'practice_inspection' as const,
    entityId: r.id,
    projectId: r.projectId,
    projectSlug: r.slug,
    projectName: r.name,
    occurredAt: r.createdAt,
    title: `${kindWord} inspection of ${r.practiceName}, ${formatDay(r.inspectedOn)}: ${SMP_CONDITION_LABEL[r.condition].toLowerCase()}`,
    summary: clip(r.findings || SMP_CONDITION_MEANING[r.condition]),
    path: `/practices/${r.practiceId}`,
  }));
}

/**
 * The latest public events, newest first (for feeds). Inspection reports are filed every week at every
 * site: they are in a project's or an area's feed, not the town's, where they would crowd out the rest.
 */
export async function latestPublicEvents(
  db: Db,
  q: { projectIds?: number[]; limit?: number; now?: Date } = {},
): Promise<PublicEvent[]> {
  const limit = q.limit ?? 50;
  const scoped = { projectIds: q.projectIds, limit };
  // One snapshot: every list in the feed reads the same moment of the database.
  const events = await readSnapshotAsync(db, async () => [
    ...(await querySummaries(db, scoped)),
    ...(await queryEnforcement(db, scoped)),
    ...(await queryNewProjects(db, scoped)),
    ...(await querySwpppAmendments(db, scoped)),
    ...(await querySiteReportEvents(db, scoped)),
    ...(q.projectIds ? await queryInspectionReports(db, scoped) : []),
    ...(q.projectIds ? await queryPracticeInspections(db, scoped) : []),
    ...(await seriousFindingEvents(db, { ...scoped, now: q.now })),
  ]);
  return events
    .sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime() || b.entityId - a.entityId)
    .slice(0, limit);
}
