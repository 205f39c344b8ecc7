/**
 * Operator companies in public: each company named as owner/operator on a published project's NOI record, with
 * its sites, its findings (the compliance engine's, as on each project page), late monthly summaries,
 * enforcement and its answers to records requests under L(4) (operator-companies.rules.ts says what counts).
 * Read from public data only; kept until the public data changes.
 */
import { and, eq } from 'drizzle-orm';
import { ENFORCEMENT_TYPES, type EnforcementType, type ProjectStatus } from '#db/enums.ts';
import { SITE_WORK_STATUSES } from '#lib/server/compliance/compliance.ts';
import { parties, projects } from '#db/schema.ts';
import { publicActionsOfProjects, type TownActionRow } from '#lib/server/enforcement/actions.ts';
import { isInForce } from '#lib/server/enforcement/in-force.rules.ts';
import type { AnswerFacts } from '#lib/server/operator-requests/request.rules.ts';
import { operatorOnTimeRows, operatorRequestFacts, type OnTimeRow } from '#lib/server/operator-requests/statistics.ts';
import { memoUntilPublicChangeAsync } from '#lib/server/platform/db.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { townDeadlineWindow } from '#lib/server/platform/time/calendar.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { findingsOfProjects, townFindings, type TownFinding } from './findings.ts';
import {
  companyKey,
  companySlug,
  companyTotals,
  displayName,
  findingsByMonth,
  LATE_FILING_RULES,
  type CompanyTotals,
  type MonthCount,
} from './operator-companies.rules.ts';

/** A site still being built or stabilized: the compliance engine's definition. */
const underWay = (status: ProjectStatus) => (SITE_WORK_STATUSES as readonly ProjectStatus[]).includes(status);

export interface CompanySite {
  id: number;
  slug: string;
  name: string;
  status: ProjectStatus;
  siteAddress: string;
  /** The company's name as this project's NOI record writes it. */
  namedAs: string;
}

interface Company {
  slug: string;
  name: string;
  /** Every spelling the NOI records use, when there is more than one. */
  spellings: string[];
  sites: CompanySite[];
}

/** Every operator company of the published projects, by slug. */
async function companies(db: Db): Promise<Map<string, Company>> {
  return (await companyIndex(db)).bySlug;
}

/** The companies by slug, and each project's company slug (a project page asks for its own in one lookup). */
function companyIndex(db: Db): Promise<{ bySlug: Map<string, Company>; byProject: Map<number, string> }> {
  return memoUntilPublicChangeAsync(db, 'operatorCompanies', async () => {
    const rows = (
      await db
        .select({
          id: projects.id,
          slug: projects.slug,
          name: projects.name,
          status: projects.status,
          siteAddress: projects.siteAddress,
          namedAs: parties.companyName,
        })
        .from(parties)
        .innerJoin(projects, and(eq(projects.id, parties.projectId), eq(projects.published, true)))
        .where(eq(parties.role, 'owner_operator'))
    ).filter((r) => companyKey(r.namedAs) !== '');
    const byKey = new Map<string, CompanySite[]>();
    for (const r of rows) {
      const key = companyKey(r.namedAs);
      byKey.set(key, [...(byKey.get(key) ?? []), r]);
    }
    const out = new Map<string, Company>();
    for (const sites of byKey.values()) {
      const spellings = [...new Set(sites.map((s) => s.namedAs.trim()))].sort();
      const name = displayName(sites.map((s) => s.namedAs));
      let slug = companySlug(name);
      // Two keys that make one slug (rare: "A & B" and "A and B" are one key already) keep apart.
      for (let n = 2; out.has(slug); n++) slug = `${companySlug(name)}-${n}`;
      out.set(slug, { slug, name, spellings, sites: sites.sort((a, b) => (a.name < b.name ? -1 : 1)) });
    }
    const byProject = new Map<number, string>();
    for (const c of out.values()) for (const site of c.sites) byProject.set(site.id, c.slug);
    return { bySlug: out, byProject };
  });
}

/** The address of every company page (the sitemap). */
export async function operatorCompanyPaths(db: Db): Promise<string[]> {
  return [...(await companies(db)).keys()].map((slug) => `/operators/${slug}`);
}

/** The company page's address for the company a project's NOI record names (undefined if it names none). */
export async function companyPageOf(db: Db, projectId: number): Promise<string | undefined> {
  const slug = (await companyIndex(db)).byProject.get(projectId);
  return slug === undefined ? undefined : `/operators/${slug}`;
}

function findingFacts(findings: TownFinding[]) {
  return findings.map((f) => ({ rule: f.finding.rule, status: f.finding.status, from: f.finding.from }));
}

export interface CompanyListRow {
  slug: string;
  name: string;
  totals: CompanyTotals;
}

/** Every company, most sites under way first, then by name. */
export async function listOperatorCompanies(db: Db, now = new Date()): Promise<CompanyListRow[]> {
  const today = townToday(now);
  // The companies and their actions from one snapshot.
  const { all, actions } = await readSnapshotAsync(db, async () => ({
    all: [...(await companies(db)).values()],
    actions: await publicActionsOfProjects(db),
  }));
  // The town's findings are held in memory (decision 0059): one pass over them, not a compliance run per site.
  const findingsBySite = Map.groupBy(await townFindings(db, now), (f) => f.project.id);
  const actionsBySite = Map.groupBy(actions, (a) => a.projectSlug);
  return all
    .map((c) => ({
      slug: c.slug,
      name: c.name,
      totals: companyTotals(
        c.sites.map((s) => ({ underWay: underWay(s.status) })),
        findingFacts(c.sites.flatMap((s) => findingsBySite.get(s.id) ?? [])),
        actionFacts(c.sites.flatMap((s) => actionsBySite.get(s.slug) ?? [])),
        today,
      ),
    }))
    .sort((a, b) => b.totals.sitesUnderWay - a.totals.sitesUnderWay || (a.name < b.name ? -1 : 1));
}

function actionFacts(actions: TownActionRow[]) {
  return actions.map((a) => ({ inForce: isInForce(a) }));
}

export interface CompanyPage {
  slug: string;
  name: string;
  spellings: string[];
  sites: Array<CompanySite & { underWay: boolean; openFindings: number; enforcementInForce: number }>;
  totals: CompanyTotals;
  /** Open findings, newest lapse first. */
  openFindings: TownFinding[];
  lateFilings: TownFinding[];
  enforcement: TownActionRow[];
  /** Its answers to written requests for records under L(4), counted as on /open-data/records-requests. */
  requests: OnTimeRow | undefined;
  trend: MonthCount[];
  today: string;
}

/** One company's page, or undefined for an unknown slug. */
export function operatorCompanyPage(db: Db, slug: string, now = new Date()): Promise<CompanyPage | undefined> {
  return readSnapshotAsync(db, async () => {
    const c = (await companies(db)).get(slug);
    if (!c) return undefined;
    const ids = c.sites.map((s) => s.id);
    const enforcement = await publicActionsOfProjects(db, ids);
    const requestFacts = await operatorRequestFacts(db, ids);
    const { overdueBefore } = await townDeadlineWindow(db, now);
    const findings = await findingsOfProjects(db, ids, now);
    const today = townToday(now);
    return {
      slug: c.slug,
      name: c.name,
      spellings: c.spellings,
      sites: c.sites.map((s) => ({
        ...s,
        underWay: underWay(s.status),
        openFindings: findings.filter((f) => f.project.id === s.id && f.finding.status === 'open').length,
        enforcementInForce: enforcement.filter((a) => a.projectSlug === s.slug && isInForce(a)).length,
      })),
      ...companyFigures(c, findings, enforcement, requestFacts, today, overdueBefore),
      openFindings: findings.filter((f) => f.finding.status === 'open'),
      lateFilings: findings.filter((f) => LATE_FILING_RULES.has(f.finding.rule)),
      enforcement,
      today,
    };
  });
}

/**
 * A company's numbers, from its sites' findings, public enforcement actions and L(4) requests: the one
 * reckoning its page and the open data (operator-company-data.ts) both show.
 */
function companyFigures(
  c: Company,
  findings: TownFinding[],
  enforcement: TownActionRow[],
  requestFacts: AnswerFacts[],
  today: string,
  overdueBefore: string,
): Pick<CompanyPage, 'totals' | 'requests' | 'trend'> {
  const facts = findingFacts(findings);
  const [requests] = operatorOnTimeRows(
    requestFacts.map((r) => ({ ...r, operator: c.name })),
    overdueBefore,
  );
  return {
    totals: companyTotals(
      c.sites.map((s) => ({ underWay: underWay(s.status) })),
      facts,
      actionFacts(enforcement),
      today,
    ),
    requests,
    trend: findingsByMonth(facts, today),
  };
}

export interface CompanyRecord extends Pick<CompanyPage, 'slug' | 'name' | 'totals' | 'requests' | 'trend'> {
  /** Its public enforcement actions, all time, by type. */
  enforcementByType: Record<EnforcementType, number>;
}

/**
 * Every company's numbers as its page shows them (companyFigures), for the open data: the town's findings as
 * held in memory (decision 0059, as listOperatorCompanies), its public actions and L(4) requests read once for
 * all companies, not once per company. Sorted by slug, so the records keep their order as numbers change.
 */
export async function operatorCompanyRecords(db: Db, now = new Date()): Promise<CompanyRecord[]> {
  const today = townToday(now);
  const { all, actions, requestFacts, overdueBefore } = await readSnapshotAsync(db, async () => ({
    all: [...(await companies(db)).values()],
    actions: await publicActionsOfProjects(db),
    requestFacts: await operatorRequestFacts(db),
    ...(await townDeadlineWindow(db, now)),
  }));
  const findingsBySite = Map.groupBy(await townFindings(db, now), (f) => f.project.id);
  const actionsBySite = Map.groupBy(actions, (a) => a.projectSlug);
  const requestsBySite = Map.groupBy(requestFacts, (r) => r.projectId);
  return all
    .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
    .map((c) => {
      const enforcement = c.sites.flatMap((s) => actionsBySite.get(s.slug) ?? []);
      const enforcementByType = Object.fromEntries(ENFORCEMENT_TYPES.map((t) => [t, 0])) as Record<
        EnforcementType,
        number
      >;
      for (const a of enforcement) enforcementByType[a.type]++;
      return {
        slug: c.slug,
        name: c.name,
        ...companyFigures(
          c,
          c.sites.flatMap((s) => findingsBySite.get(s.id) ?? []),
          enforcement,
          c.sites.flatMap((s) => requestsBySite.get(s.id) ?? []),
          today,
          overdueBefore,
        ),
        enforcementByType,
      };
    });
}
