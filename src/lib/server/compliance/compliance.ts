/**
 * Loading what the compliance rules engine (compliance.rules.ts and its rule families) needs from the
 * database, for one project or for the whole town in a few bulk queries, and the town's compliance settings.
 *
 * Other modules (the officer's dashboard, the operator workspace, the public project page) call
 * `complianceFor(db, …)` and get findings and obligations per project.
 */
import { and, asc, eq, inArray, isNotNull, isNull, like, or, sql, type Column, type SQL } from 'drizzle-orm';
import { localRulesFrom, type LocalRuleValues } from './local-rules.rules.ts';
import {
  correctiveActions,
  documents,
  inspectionInactiveAreas,
  inspectionNotices,
  inspectionPractices,
  inspections,
  monthlySummaries,
  operatorRequests,
  PROJECT_STATUSES,
  projects,
  receivingWaters,
  settings,
  stormEvents,
  swpppReviews,
  type ProjectStatus,
} from '#db/schema.ts';
import { membersWhere } from '#lib/shared/closed-lists.ts';
import { reviewClock } from '#lib/server/reviews/swppp-review.rules.ts';
import type { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import {
  DEFAULT_COMPLIANCE_SETTINGS,
  evaluateCompliance,
  type ComplianceContext,
  type ComplianceInspection,
  type ComplianceResult,
  type ComplianceSettings,
  type ComplianceStorm,
  type ProjectComplianceData,
} from './compliance.rules.ts';
import { memoUntilPublicChangeAsync, preparedOnce } from '#lib/server/platform/db.ts';
import { boundList, inList } from '#lib/server/platform/db/sql.ts';
import { closeOfBusinessAsync, loadCalendarAsync } from '#lib/server/platform/time/calendar.ts';
import { overdueBefore, overdueBeforeMovesAt } from '#lib/server/platform/time/deadlines.rules.ts';
import type { ReviewLaw } from '#lib/server/reviews/swppp-review.rules.ts';
import { loadLocalLawAsync } from '#lib/server/platform/local-law.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';

// ---------------------------------------------------------------------------------------------
// Settings

/** The settings a town may change, with their keys in the `settings` table. */
export const COMPLIANCE_SETTING_KEYS = {
  summaryDueDay: 'monthly_summary_due_day',
  twiceWeeklyOverAcres: 'compliance_twice_weekly_over_acres',
  twiceWeeklyImpaired: 'compliance_twice_weekly_impaired_waters',
  winterMaxDays: 'compliance_winter_max_days',
} as const satisfies Partial<Record<keyof ComplianceSettings, string>>;

export type EditableComplianceSettings = Pick<ComplianceSettings, keyof typeof COMPLIANCE_SETTING_KEYS>;

export async function loadComplianceSettings(db: Pick<Db, 'select'>): Promise<ComplianceSettings> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, Object.values(COMPLIANCE_SETTING_KEYS)));
  const value = new Map(rows.map((r) => [r.key, r.value]));
  const num = (key: string, fallback: number) => {
    const n = Number(value.get(key));
    return value.has(key) && Number.isFinite(n) && n > 0 ? n : fallback;
  };
  const d = DEFAULT_COMPLIANCE_SETTINGS;
  const impaired = value.get(COMPLIANCE_SETTING_KEYS.twiceWeeklyImpaired);
  return {
    ...d,
    summaryDueDay: num(COMPLIANCE_SETTING_KEYS.summaryDueDay, d.summaryDueDay),
    twiceWeeklyOverAcres: num(COMPLIANCE_SETTING_KEYS.twiceWeeklyOverAcres, d.twiceWeeklyOverAcres),
    twiceWeeklyImpaired: impaired === undefined ? d.twiceWeeklyImpaired : impaired === 'true',
    winterMaxDays: num(COMPLIANCE_SETTING_KEYS.winterMaxDays, d.winterMaxDays),
    // Subsection E's days to act come from the local law's settings (decision 0044): findings say the same number.
    swpppReviewDays: (await loadLocalLawAsync(db)).swpppReviewDays,
    ...(await loadLocalRules(db)),
    municipality: (await townAsync(db)).kindWord,
  };
}

/** The local law's numbers and citations (local-rules.rules.ts), as stored. */
export async function loadLocalRules(db: Pick<Db, 'select'>): Promise<LocalRuleValues> {
  const rows = await db
    .select()
    .from(settings)
    .where(or(like(settings.key, 'local_rule.%'), like(settings.key, 'local_citation.%')));
  return localRulesFrom(new Map(rows.map((r) => [r.key, r.value])));
}

export async function saveComplianceSettings(db: Db, actor: Actor, next: EditableComplianceSettings): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const before = await loadComplianceSettings(tx);
    for (const [field, key] of Object.entries(COMPLIANCE_SETTING_KEYS) as Array<
      [keyof EditableComplianceSettings, string]
    >) {
      const value = String(next[field]);
      await tx
        .insert(settings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
    }
    const pick = (s: ComplianceSettings) =>
      Object.fromEntries(Object.keys(COMPLIANCE_SETTING_KEYS).map((k) => [k, s[k as keyof ComplianceSettings]]));
    await auditAsync(tx, actor, {
      action: 'compliance.settings',
      entityType: 'settings',
      entityId: 'compliance',
      before: pick(before),
      after: next,
    });
  });
  invalidateCompliance();
}

// ---------------------------------------------------------------------------------------------
// Data

export interface ComplianceScope {
  /** Only these projects. */
  projectIds?: number[];
  /** Only projects in these statuses. */
  statuses?: ProjectStatus[];
}

function loadStorms(db: Db): Promise<ComplianceStorm[]> {
  return db
    .select({ id: stormEvents.id, endedAt: stormEvents.endedAt, inches: stormEvents.inches, gauge: stormEvents.gauge })
    .from(stormEvents)
    .orderBy(asc(stormEvents.endedAt));
}

/** The town's calendar as a due-date mover (GCL §25-a), memoized: luxon is slow in loops. */
async function businessDayMover(db: Db): Promise<(date: string) => string> {
  const calendar = await loadCalendarAsync(db);
  const memo = new Map<string, string>();
  return (date) => {
    let out = memo.get(date);
    if (out === undefined) memo.set(date, (out = calendar.onOrAfter(date)));
    return out;
  };
}

/** What the rules read besides a project's facts: the settings, the storms, the calendar and the clock. */
export async function complianceContext(db: Db, now: Date = new Date()): Promise<ComplianceContext> {
  // Settings, storms and the calendar change a few times a day; reuse them until the database changes.
  return contextAt(await memoUntilPublicChangeAsync(db, CONTEXT_MEMO, () => referenceData(db)), now);
}

const CONTEXT_MEMO = 'compliance.context';

/** Read in one snapshot: the settings, storms and calendar of one moment. */
function referenceData(db: Db) {
  return readSnapshotAsync(db, async () => ({
    settings: await loadComplianceSettings(db),
    storms: await loadStorms(db),
    onOrAfterBusinessDay: await businessDayMover(db),
    cob: await closeOfBusinessAsync(db),
  }));
}

function contextAt(
  { settings, storms, onOrAfterBusinessDay, cob }: Awaited<ReturnType<typeof referenceData>>,
  now: Date,
): ComplianceContext {
  return {
    now,
    settings,
    storms,
    onOrAfterBusinessDay,
    overdueBefore: overdueBefore(now, cob),
    overdueBeforeMovesAt: overdueBeforeMovesAt(now, cob),
  };
}

/**
 * Which projects a query covers, as SQL with placeholders (`ids`, `statuses`: lists bound at run time,
 * `boundList`), so each query shape is prepared once and reused.
 */
function projectFilter(shape: ScopeShape, column: Column): SQL | undefined {
  const parts: SQL[] = [];
  if (shape.ids) parts.push(inList(column, sql.placeholder('ids')));
  if (shape.statuses)
    parts.push(sql`${column} in (select id from projects where ${inList(sql`status`, sql.placeholder('statuses'))})`);
  return parts.length ? and(...parts) : undefined;
}

interface ScopeShape {
  ids: boolean;
  statuses: boolean;
}

/**
 * The queries that load compliance inputs, prepared once per connection, face and scope shape: everything the
 * rules need for the projects in scope, in a fixed number of queries.
 */
function complianceStatements(db: Db, shape: ScopeShape) {
  return preparedOnce(db, `compliance.load:${shape.ids ? 'ids' : ''}:${shape.statuses ? 'statuses' : ''}`, () => {
    const live = and(isNull(inspections.supersededAt), projectFilter(shape, inspections.projectId));
    return {
      projects: db
        .select({
          id: projects.id,
          slug: projects.slug,
          name: projects.name,
          status: projects.status,
          actualStartOn: projects.actualStartOn,
          finalStabilizationOn: projects.finalStabilizationOn,
          notFiledOn: projects.notFiledOn,
          maxDisturbedAtOnceAcres: projects.maxDisturbedAtOnceAcres,
          decFiveAcreApproval: projects.decFiveAcreApproval,
          decFiveAcreApprovalOn: projects.decFiveAcreApprovalOn,
          winterShutdownFrom: projects.winterShutdownFrom,
          winterShutdownTo: projects.winterShutdownTo,
          exemption: projects.exemption,
          preConstructionAssessmentOn: projects.preConstructionAssessmentOn,
          disturbedAcres: projects.disturbedAcres,
          totalSiteAcres: projects.totalSiteAcres,
          natureOfActivity: projects.natureOfActivity,
          phaseCount: projects.phaseCount,
          phasing: projects.phasing,
        })
        .from(projects)
        .where(projectFilter(shape, projects.id))
        .orderBy(asc(projects.id))
        .prepare(),
      impaired: db
        .selectDistinct({ projectId: receivingWaters.projectId })
        .from(receivingWaters)
        .where(and(eq(receivingWaters.impaired, true), projectFilter(shape, receivingWaters.projectId)))
        .prepare(),
      inspections: db
        .select({
          id: inspections.id,
          projectId: inspections.projectId,
          inspectedAt: inspections.inspectedAt,
          type: inspections.type,
          stormEventId: inspections.stormEventId,
          disturbedAcresActive: inspections.disturbedAcresActive,
          disturbedAcresInactive: inspections.disturbedAcresInactive,
          tempStabilizedAcres: inspections.tempStabilizedAcres,
          finalStabilizedAcres: inspections.finalStabilizedAcres,
          snowCover: inspections.snowCover,
        })
        .from(inspections)
        .where(live)
        .orderBy(asc(inspections.projectId), asc(inspections.inspectedAt))
        .prepare(),
      // Only practices with a sediment reading matter to the rules.
      practices: db
        .select({
          inspectionId: inspectionPractices.inspectionId,
          practice: inspectionPractices.practice,
          practiceType: inspectionPractices.practiceType,
          sedimentAccumulationPct: inspectionPractices.sedimentAccumulationPct,
        })
        .from(inspectionPractices)
        .innerJoin(inspections, eq(inspections.id, inspectionPractices.inspectionId))
        .where(and(isNotNull(inspectionPractices.sedimentAccumulationPct), live))
        .prepare(),
      inactiveAreas: db
        .select({
          inspectionId: inspectionInactiveAreas.inspectionId,
          area: inspectionInactiveAreas.area,
          acres: inspectionInactiveAreas.acres,
          workStoppedOn: inspectionInactiveAreas.workStoppedOn,
          stabilizationBegunOn: inspectionInactiveAreas.stabilizationBegunOn,
          resumesOn: inspectionInactiveAreas.resumesOn,
        })
        .from(inspectionInactiveAreas)
        .innerJoin(inspections, eq(inspections.id, inspectionInactiveAreas.inspectionId))
        .where(live)
        .prepare(),
      // The SWPPP's own reviews (not amendments): when the applicant could proceed (Subsection E).
      reviews: db
        .select({
          projectId: swpppReviews.projectId,
          receivedOn: swpppReviews.receivedOn,
          completeOn: swpppReviews.completeOn,
          deficienciesNotifiedOn: swpppReviews.deficienciesNotifiedOn,
          resubmittedOn: swpppReviews.resubmittedOn,
          decision: swpppReviews.decision,
          decidedOn: swpppReviews.decidedOn,
          extendedUntil: swpppReviews.extendedUntil,
        })
        .from(swpppReviews)
        .innerJoin(documents, eq(documents.id, swpppReviews.documentId))
        .where(and(eq(documents.type, 'swppp'), projectFilter(shape, swpppReviews.projectId)))
        .orderBy(asc(swpppReviews.projectId), asc(swpppReviews.receivedOn))
        .prepare(),
      summaries: db
        .select({
          projectId: monthlySummaries.projectId,
          month: monthlySummaries.month,
          version: monthlySummaries.version,
          submittedAt: monthlySummaries.submittedAt,
        })
        .from(monthlySummaries)
        .where(projectFilter(shape, monthlySummaries.projectId))
        .prepare(),
      corrective: db
        .select({
          id: correctiveActions.id,
          projectId: correctiveActions.projectId,
          description: correctiveActions.description,
          responsibleParty: correctiveActions.responsibleParty,
          openedIn: correctiveActions.openedInInspectionId,
          createdAt: correctiveActions.createdAt,
          dueOn: correctiveActions.dueOn,
          dueReason: correctiveActions.dueReason,
          closedOn: correctiveActions.closedOn,
        })
        .from(correctiveActions)
        .where(projectFilter(shape, correctiveActions.projectId))
        .prepare(),
      // 48-hour notices (Subsection L(1)): a late one is a finding (the engine's `lateNotices`).
      notices: db
        .select({
          id: inspectionNotices.id,
          projectId: inspectionNotices.projectId,
          milestone: inspectionNotices.milestone,
          givenAt: inspectionNotices.givenAt,
          scheduledFor: inspectionNotices.scheduledFor,
        })
        .from(inspectionNotices)
        .where(projectFilter(shape, inspectionNotices.projectId))
        .orderBy(asc(inspectionNotices.projectId), asc(inspectionNotices.scheduledFor))
        .prepare(),
      // Requests to the operator (Subsection L(4)): one not answered in five business days is a finding.
      operatorRequests: db
        .select({
          projectId: operatorRequests.projectId,
          number: operatorRequests.number,
          status: operatorRequests.status,
          receivedAt: operatorRequests.receivedAt,
          dueOn: operatorRequests.dueOn,
          answeredOn: operatorRequests.answeredOn,
          availableOn: operatorRequests.availableOn,
          withdrawnOn: operatorRequests.withdrawnOn,
        })
        .from(operatorRequests)
        .where(projectFilter(shape, operatorRequests.projectId))
        .prepare(),
    };
  });
}

/**
 * The first day the applicant could proceed under Subsection E: the SWPPP approved (with or without
 * conditions), or the Town's 30 days on a complete plan run out; undefined when neither has happened.
 */
export function authorizedToProceedOn(
  reviews: Parameters<typeof reviewClock>[0][],
  today: string,
  calendar: BusinessCalendar,
  law?: ReviewLaw,
): string | undefined {
  const days: string[] = [];
  for (const r of reviews) {
    if ((r.decision === 'approved' || r.decision === 'approved_with_conditions') && r.decidedOn) days.push(r.decidedOn);
    const clock = reviewClock(r, today, calendar, law);
    if (clock.authorizedOn) days.push(clock.authorizedOn);
  }
  return days.sort()[0];
}

type Statements = ReturnType<typeof complianceStatements>;
/** What the queries return. */
type ComplianceRows = { [K in keyof Statements]: Awaited<ReturnType<Statements[K]['all']>> };

function scopeOf(scope: ComplianceScope): { shape: ScopeShape; params: Record<string, unknown> } | undefined {
  if (scope.projectIds?.length === 0 || scope.statuses?.length === 0) return undefined;
  return {
    shape: { ids: Boolean(scope.projectIds), statuses: Boolean(scope.statuses) },
    params: { ids: boundList(scope.projectIds ?? []), statuses: boundList(scope.statuses ?? []) },
  };
}

/** Everything the rules need for the projects in scope, read in one snapshot. */
export async function loadComplianceData(
  db: Db,
  scope: ComplianceScope = {},
  today: string = townToday(new Date()),
): Promise<ProjectComplianceData[]> {
  const s = scopeOf(scope);
  if (!s) return [];
  const q = complianceStatements(db, s.shape);
  return readSnapshotAsync(db, async () => {
    const projects = await q.projects.all(s.params);
    if (projects.length === 0) return [];
    const rows = { projects } as ComplianceRows;
    for (const key of Object.keys(q) as Array<keyof Statements>)
      if (key !== 'projects') rows[key] = (await q[key].all(s.params)) as never;
    return assembleComplianceData(rows, today, rows.reviews.length ? await reviewLaw(db) : undefined);
  });
}

/** What a SWPPP review's clock needs (Subsection E): the business calendar and the local law's days. */
async function reviewLaw(db: Db): Promise<{ calendar: BusinessCalendar; law: ReviewLaw }> {
  return { calendar: await loadCalendarAsync(db), law: await loadLocalLawAsync(db) };
}

function assembleComplianceData(
  q: ComplianceRows,
  today: string,
  review: Awaited<ReturnType<typeof reviewLaw>> | undefined,
): ProjectComplianceData[] {
  const byId = new Map<number, ProjectComplianceData>();
  for (const p of q.projects)
    byId.set(p.id, {
      project: { ...p, drainsToImpairedWaters: false },
      inspections: [],
      summaries: [],
      corrective: [],
      notices: [],
      operatorRequests: [],
    });

  const reviewsByProject = new Map<number, Array<Parameters<typeof reviewClock>[0]>>();
  for (const { projectId, ...r } of q.reviews) {
    if (!byId.get(projectId)?.project.actualStartOn) continue;
    const list = reviewsByProject.get(projectId) ?? [];
    list.push(r);
    reviewsByProject.set(projectId, list);
  }
  if (reviewsByProject.size && review) {
    for (const [projectId, list] of reviewsByProject) {
      const p = byId.get(projectId)!.project;
      p.authorizationKnown = true;
      p.authorizedOn = authorizedToProceedOn(list, today, review.calendar, review.law) ?? null;
    }
  }

  for (const r of q.impaired) {
    const d = byId.get(r.projectId);
    if (d) d.project.drainsToImpairedWaters = true;
  }

  const inspectionById = new Map<number, ComplianceInspection>();
  const inspectedOn = new Map<number, string>();
  for (const { projectId, ...row } of q.inspections) {
    const d = byId.get(projectId);
    if (!d) continue;
    const ins: ComplianceInspection = { ...row, practices: [], inactiveAreas: [] };
    d.inspections.push(ins);
    inspectionById.set(ins.id, ins);
    inspectedOn.set(ins.id, townToday(ins.inspectedAt));
  }
  for (const p of q.practices) inspectionById.get(p.inspectionId)?.practices.push(p);
  for (const { inspectionId, ...area } of q.inactiveAreas) inspectionById.get(inspectionId)?.inactiveAreas.push(area);
  for (const s of q.summaries) byId.get(s.projectId)?.summaries.push(s);
  for (const { projectId, ...n } of q.notices) byId.get(projectId)?.notices?.push(n);
  for (const { projectId, receivedAt, ...r } of q.operatorRequests)
    byId.get(projectId)?.operatorRequests?.push({ ...r, receivedOn: townToday(receivedAt) });
  for (const c of q.corrective) {
    const d = byId.get(c.projectId);
    if (!d) continue;
    const openedOn = (c.openedIn != null ? inspectedOn.get(c.openedIn) : undefined) ?? townToday(c.createdAt);
    d.corrective.push({
      id: c.id,
      description: c.description,
      responsibleParty: c.responsibleParty,
      openedOn,
      dueOn: c.dueOn,
      dueReason: c.dueReason,
      closedOn: c.closedOn,
    });
  }
  return [...byId.values()];
}

export interface ProjectCompliance extends ComplianceResult {
  project: ProjectComplianceData['project'];
}

/** Findings and obligations for the projects in scope, as of `now`. */
export async function complianceFor(
  db: Db,
  scope: ComplianceScope = {},
  now: Date = new Date(),
  ctx?: ComplianceContext,
): Promise<ProjectCompliance[]> {
  const context = ctx ?? (await complianceContext(db, now));
  return evaluated(await loadComplianceData(db, scope, townToday(context.now)), context);
}

function evaluated(data: ProjectComplianceData[], context: ComplianceContext): ProjectCompliance[] {
  return data.map((d) => ({ ...evaluateCompliance(d, context), project: d.project }));
}

/**
 * The statuses in which a site is still being built or stabilized: where open findings matter today. Every
 * project status is placed (decision 0088).
 */
export const SITE_WORK_STATUSES = membersWhere(PROJECT_STATUSES, {
  swppp_review: false,
  approved: false,
  active: true,
  stop_work: true,
  final_stabilization: true,
  complete: false,
} as const satisfies Record<ProjectStatus, boolean>);

export interface SiteFindings {
  project: ProjectComplianceData['project'];
  open: ProjectCompliance['findings'];
  high: number;
}

/**
 * The town-wide list costs about a second at 10,000 projects, so the dashboard reuses it for a minute;
 * filings, storms and settings changed here clear it at once (other changes show within the minute).
 */
let siteCache: { db: Db; at: number; value: SiteFindings[] } | undefined;
const SITE_CACHE_MS = 60_000;

export function invalidateCompliance(): void {
  siteCache = undefined;
}

/**
 * Open findings at every site still being built or stabilized, most serious sites first: what the
 * officer's dashboard lists. Without `now` it is the current list (cached briefly).
 */
export async function openFindingsBySite(db: Db, now?: Date): Promise<SiteFindings[]> {
  if (!now) {
    const t = Date.now();
    if (siteCache && siteCache.db === db && t - siteCache.at < SITE_CACHE_MS && t >= siteCache.at)
      return siteCache.value;
    const value = await computeOpenFindingsBySite(db, new Date(t));
    siteCache = { db, at: t, value };
    return value;
  }
  return computeOpenFindingsBySite(db, now);
}

async function computeOpenFindingsBySite(db: Db, now: Date): Promise<SiteFindings[]> {
  return (await complianceFor(db, { statuses: SITE_WORK_STATUSES }, now))
    .map((c) => {
      const open = c.findings.filter((f) => f.status === 'open');
      return { project: c.project, open, high: open.filter((f) => f.severity === 'high').length };
    })
    .filter((s) => s.open.length > 0)
    .sort((a, b) => b.high - a.high || b.open.length - a.open.length || a.project.name.localeCompare(b.project.name));
}
