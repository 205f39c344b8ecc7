/**
 * Compliance findings as open data: what the compliance rules (compliance/compliance.rules.ts) found at
 * published projects — a requirement of the ordinance's inspection and reporting subsections that was
 * not met, with its rule, the ordinance section, severity, the dates and plain words — open ones and
 * those that ended. For the whole town they come from the compliance loader's bulk path (a fixed number
 * of queries for every project), evaluated at most once a minute, and while the public data is unchanged
 * at most every five minutes (for the clock).
 *
 * Nothing unpublished: only published projects are evaluated. Findings are computed from the operator's
 * filings, the 48-hour notices and the rain record; they carry no person's details.
 */
import { eq } from 'drizzle-orm';
import { projects } from '#db/schema.ts';
import { addDays } from '#lib/shared/days.ts';
import { complianceContext, complianceFor } from '#lib/server/compliance/compliance.ts';
import { byCodePoint, type Finding, type RuleId, type Severity } from '#lib/server/compliance/compliance.rules.ts';
import { memoUntilPublicChangeAsync, publicDataVersionAsync } from '#lib/server/platform/db.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { INSTANT_UNIT, LOCAL_DATE_UNIT, type FieldDef } from './fields.ts';
import { HeldFindingsBuilder, type HeldFindings, type HeldFindingsWhere, type HeldOrder } from './held-findings.ts';

export const FINDING_RULES = [
  'routine-gap',
  'twice-weekly',
  'post-storm',
  'summary-missing',
  'summary-late',
  'over-five-acres',
  'over-five-acres-planned',
  'stabilization',
  'sediment-cleanout',
  'corrective-overdue',
  'corrective-no-date',
  'pre-construction-assessment',
  'work-before-authorization',
  'phasing-required',
  'records-request-unanswered',
  'late-48-hour-notice',
] as const satisfies readonly RuleId[];
/** Every rule the engine has is listed above: a rule id missing there fails to compile here. */
const everyRuleListed: Record<Exclude<RuleId, (typeof FINDING_RULES)[number]>, never> = {};
void everyRuleListed;
export const FINDING_SEVERITIES = ['high', 'medium', 'low'] as const satisfies readonly Severity[];
export const FINDING_STATUSES = ['open', 'resolved'] as const;

export const FINDING_FIELDS: FieldDef[] = [
  {
    name: 'id',
    type: 'text',
    description:
      'Stable identifier: the project id and the lapse, e.g. "12/routine-gap:2026-05-04". The same lapse keeps it as data is added.',
  },
  { name: 'project_id', type: 'integer', description: 'The project (see /api/projects/{id}).' },
  { name: 'project_slug', type: 'text', description: 'The project page address.' },
  { name: 'project_name', type: 'text', description: 'Project name.' },
  { name: 'url', type: 'url', description: 'Where the finding is shown on the project page.' },
  { name: 'rule', type: 'text', description: `The requirement checked: ${FINDING_RULES.join(', ')}.` },
  { name: 'severity', type: 'text', description: 'high (serious: sediment can leave the site), medium or low.' },
  { name: 'status', type: 'text', description: 'open (still going on) or resolved (ended on resolved_on).' },
  { name: 'title', type: 'text', description: 'Short statement, e.g. "11 days without an inspection".' },
  { name: 'description', type: 'text', description: 'One or two sentences in plain words, with the dates.' },
  {
    name: 'ordinance_section',
    type: 'text',
    description: 'The subsection of the local law (and the state permit) the requirement comes from.',
  },
  {
    name: 'began_on',
    type: 'date',
    unit: LOCAL_DATE_UNIT,
    description: 'The first day something required was missing.',
  },
  {
    name: 'due_on',
    type: 'date',
    unit: LOCAL_DATE_UNIT,
    nullable: true,
    description: 'When the requirement was due, if it has one date.',
  },
  {
    name: 'due_at',
    type: 'instant',
    unit: INSTANT_UNIT,
    nullable: true,
    description: 'Exact deadline, for rules measured in hours (the post-storm inspection).',
  },
  {
    name: 'resolved_on',
    type: 'date',
    unit: LOCAL_DATE_UNIT,
    nullable: true,
    description: 'The day it ended; empty while open.',
  },
];

export interface FindingProject {
  id: number;
  slug: string;
  name: string;
}

export interface TownFinding {
  project: FindingProject;
  finding: Finding;
}

export function findingRecord(project: FindingProject, f: Finding, baseUrl: string) {
  return {
    id: `${project.id}/${f.key}`,
    project_id: project.id,
    project_slug: project.slug,
    project_name: project.name,
    url: `${baseUrl}/projects/${project.slug}#inspection-record`,
    rule: f.rule,
    severity: f.severity,
    status: f.status,
    title: f.title,
    description: f.text,
    ordinance_section: f.section,
    began_on: f.from,
    due_on: f.dueOn ?? null,
    due_at: f.dueAt ? f.dueAt.toISOString() : null,
    resolved_on: f.resolvedOn ?? null,
  };
}

export type FindingRecord = ReturnType<typeof findingRecord>;

// ---------------------------------------------------------------------------------------------
// The whole town

/**
 * The rules over every project cost seconds at 10,000 projects (like the officer's dashboard, which reuses
 * its list for a minute): the town-wide findings are evaluated at most once a minute (and again on a new
 * town day), whatever changes meanwhile. While no public data has changed since they were evaluated, only
 * the clock can have changed them (a deadline passing within the day), and they are kept for five minutes
 * (decision 0054): the alert dispatch, every minute, then costs a few seconds of a core every five minutes
 * rather than every minute on a quiet day. Which projects are published, and their names, are read at once
 * on every call, so an unpublished project's findings leave the list immediately. Project pages never use
 * this: they evaluate their own project on every render.
 */
const TOWN_CACHE_MS = 60_000;
const TOWN_CACHE_UNCHANGED_MS = 5 * 60_000;
let townCache: { db: Db; at: number; day: string; version: number; value: HeldFindings } | undefined;

async function townCacheFresh(db: Db, now: Date): Promise<boolean> {
  if (townCache === undefined || townCache.db !== db || townCache.day !== townToday(now)) return false;
  const age = Math.abs(now.getTime() - townCache.at);
  return (
    age < TOWN_CACHE_MS || (age < TOWN_CACHE_UNCHANGED_MS && townCache.version === (await publicDataVersionAsync(db)))
  );
}

/** `version`: the public data version read before the evaluation began (a change made during it counts as after). */
function keepTownFindings(
  db: Db,
  now: Date,
  version: number,
  value: HeldFindingsBuilder,
): NonNullable<typeof townCache> {
  townCache = { db, at: now.getTime(), day: townToday(now), version, value: value.build(byNewestLapse) };
  // Megabytes at 10,000 projects: let them go once they are out of date, if nobody asks again.
  const held = townCache;
  setTimeout(() => {
    if (townCache === held) townCache = undefined;
  }, TOWN_CACHE_UNCHANGED_MS).unref();
  return held;
}

/**
 * The town-wide findings as held (evaluated now if none are fresh): the same object for as long as they
 * are kept. Read them with townFindings.
 */
export async function heldTownFindings(db: Db, now = new Date()): Promise<HeldFindings> {
  if ((await townCacheFresh(db, now)) && townCache) return townCache.value;
  const version = await publicDataVersionAsync(db);
  const held = new HeldFindingsBuilder();
  held.addProjects(await complianceFor(db, {}, now));
  return keepTownFindings(db, now, version, held).value;
}

/**
 * Every finding at every published project, newest first; `where` keeps only some (before any finding is
 * made: a reader of the serious ones does not make the other 100,000).
 */
export async function townFindings(db: Db, now = new Date(), where: HeldFindingsWhere = {}): Promise<TownFinding[]> {
  const held = await heldTownFindings(db, now);
  const published = await publishedProjects(db);
  const out: TownFinding[] = [];
  for (const { projectId, finding } of held.select(where)) {
    const project = published.get(projectId);
    if (project) out.push({ project, finding });
  }
  return out;
}

/**
 * Projects evaluated between two yields of warmTownFindings: about 5 ms of rules at a time, so a page
 * that arrives meanwhile waits no longer than that (100 held the thread ~20 ms, the p99 of cache hits).
 */
const WARM_SLICE = 25;

/**
 * Evaluate the town-wide findings into townFindings' cache a slice of projects at a time, yielding to the
 * event loop between slices: a background job (the alert dispatcher, every minute) then never holds the
 * thread that serves pages for the seconds the whole town takes at 10,000 projects (decision 0054).
 * The slices may see changes made meanwhile, as the minute-old cache may. Each slice's findings go into
 * the held columns at once (held-findings.ts), so none of them lives on as an object.
 */
export async function warmTownFindings(db: Db, now = new Date(), slice = WARM_SLICE): Promise<void> {
  if (await townCacheFresh(db, now)) return;
  const version = await publicDataVersionAsync(db);
  const ids = (await db.select({ id: projects.id }).from(projects).orderBy(projects.id)).map((r) => r.id);
  const ctx = await complianceContext(db, now);
  const held = new HeldFindingsBuilder();
  for (let i = 0; i < ids.length; i += slice) {
    held.addProjects(await complianceFor(db, { projectIds: ids.slice(i, i + slice) }, now, ctx));
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!(await townCacheFresh(db, now))) keepTownFindings(db, now, version, held);
}

/** The findings of a few published projects (a project page, a feed): the same bulk path, scoped, evaluated now. */
export function findingsOfProjects(db: Db, ids: number[], now = new Date()): Promise<TownFinding[]> {
  return readSnapshotAsync(db, async () => {
    const published = await publishedProjects(db);
    const wanted = ids.filter((id) => published.has(id));
    if (!wanted.length) return [];
    const value = (await complianceFor(db, { projectIds: wanted }, now)).flatMap((c) =>
      c.findings.map((finding) => ({ projectId: c.projectId, finding })),
    );
    return sortFindings(value).map(({ projectId, finding }) => ({ project: published.get(projectId)!, finding }));
  });
}

/** Published projects by id, read again whenever the public data changes. */
function publishedProjects(db: Db): Promise<Map<number, FindingProject>> {
  return memoUntilPublicChangeAsync(db, 'findings.publishedProjects', async () => {
    const rows = await db
      .select({ id: projects.id, slug: projects.slug, name: projects.name })
      .from(projects)
      .where(eq(projects.published, true));
    return new Map<number, FindingProject>(rows.map((r) => [r.id, r]));
  });
}

/** Newest lapse first, then by project and key: the order of every list of findings. */
const byNewestLapse: HeldOrder = (a, b) =>
  byCodePoint(b.finding.from, a.finding.from) || a.projectId - b.projectId || byCodePoint(a.finding.key, b.finding.key);

function sortFindings<T extends { projectId: number; finding: Finding }>(list: T[]): T[] {
  return list.sort(byNewestLapse);
}

// ---------------------------------------------------------------------------------------------
// Filters (validated by the zod schema in api-schemas.ts)

export interface FindingFilters {
  statuses?: Array<(typeof FINDING_STATUSES)[number]>;
  severities?: Severity[];
  rules?: RuleId[];
  projectId?: number;
  /** Open findings, and those that ended on or after this day (default: a year before today). */
  since?: string;
}

export interface FindingPage {
  page: number;
  perPage: number;
}

export const FINDINGS_PER_PAGE = 1000;
export const FINDINGS_MAX_PER_PAGE = 10_000;

export function filterFindings(all: TownFinding[], filters: FindingFilters, today: string): TownFinding[] {
  const since = filters.since ?? addDays(today, -365);
  return all.filter(({ project, finding: f }) => {
    if (filters.projectId != null && project.id !== filters.projectId) return false;
    if (filters.statuses?.length && !filters.statuses.includes(f.status)) return false;
    if (filters.severities?.length && !filters.severities.includes(f.severity)) return false;
    if (filters.rules?.length && !filters.rules.includes(f.rule)) return false;
    return f.status === 'open' || (f.resolvedOn ?? f.from) >= since;
  });
}

/** One page of the findings the open data lists, as records, with the total that match. */
export async function listFindingRecords(
  db: Db,
  filters: FindingFilters,
  baseUrl: string,
  paging: FindingPage = { page: 1, perPage: FINDINGS_PER_PAGE },
  now = new Date(),
) {
  const all =
    filters.projectId != null
      ? await findingsOfProjects(db, [filters.projectId], now)
      : await townFindings(db, now, {
          statuses: filters.statuses,
          severities: filters.severities,
          rules: filters.rules,
        });
  const matching = filterFindings(all, filters, townToday(now));
  const start = (paging.page - 1) * paging.perPage;
  return {
    total: matching.length,
    page: paging.page,
    perPage: paging.perPage,
    pages: Math.max(1, Math.ceil(matching.length / paging.perPage)),
    records: matching
      .slice(start, start + paging.perPage)
      .map(({ project, finding }) => findingRecord(project, finding, baseUrl)),
  };
}

/** RFC 8288 links to the first, previous, next and last pages, keeping the other parameters. */
export function pageLinks(url: URL, page: number, pages: number): string {
  const at = (n: number) => {
    const u = new URL(url);
    u.searchParams.set('page', String(n));
    return `<${u.pathname}${u.search}>`;
  };
  const links = [`${at(1)}; rel="first"`, `${at(pages)}; rel="last"`];
  if (page > 1) links.push(`${at(Math.min(page - 1, pages))}; rel="prev"`);
  if (page < pages) links.push(`${at(page + 1)}; rel="next"`);
  return links.join(', ');
}

export function findingsCsv(records: FindingRecord[]): { header: string[]; rows: unknown[][] } {
  const header = FINDING_FIELDS.map((f) => f.name);
  return { header, rows: records.map((r) => header.map((h) => (r as Record<string, unknown>)[h])) };
}
