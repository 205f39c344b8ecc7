/**
 * A resident's report of a problem at a site: the ordinance provides for "inspections based upon
 * complaints or other notice of possible violations". These are the rules of one report: its public
 * status and the words for it, which step may follow which, when it counts as open (Open311's
 * open/closed, TypeScript and SQL side by side), which project it is about (the nearest active site
 * within the set distance, decision 0033), which reports near each other the officer sees as one, and which
 * open reports near a resident's pin the report form shows before another is filed.
 * Pure: facts in, plain words out.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PROJECT_STATUSES, type ProjectStatus, type SiteReportStatus } from '#db/enums.ts';
import { membersWhere } from '#lib/shared/closed-lists.ts';
import { daysBetween, isIsoDay } from '#lib/shared/days.ts';
import { distanceMiles, isValidPoint, nearest, type Nearby, type Point } from '#lib/shared/geo.ts';

/** Each status in a word or two. */
export const STATUS_LABEL: Record<SiteReportStatus, string> = {
  received: 'Received',
  under_review: 'Under review',
  inspected: 'Inspected',
  violation_found: 'Violation found',
  no_violation: 'No violation found',
  referred: 'Referred elsewhere',
  closed: 'Closed',
};

/** What each status means to the resident who reads it, naming the municipality by its kind ("village"). */
export function statusMeaning(kind: string): Record<SiteReportStatus, string> {
  return {
    received: `The ${kind} has your report and will look at it.`,
    under_review: 'The stormwater officer is looking into it.',
    inspected: `The ${kind} inspected the site.`,
    violation_found: `The ${kind} found a violation of the stormwater law at the site.`,
    no_violation: `The ${kind} looked and found no violation of the stormwater law.`,
    referred: `This is for another office or agency; the ${kind} passed it on.`,
    closed: `The ${kind} has finished with this report.`,
  };
}

/** Which status may follow which. The officer can always close; a closed report stays closed. */
export const NEXT_STATUSES: Record<SiteReportStatus, SiteReportStatus[]> = {
  received: ['under_review', 'inspected', 'violation_found', 'no_violation', 'referred', 'closed'],
  under_review: ['inspected', 'violation_found', 'no_violation', 'referred', 'closed'],
  inspected: ['violation_found', 'no_violation', 'referred', 'closed'],
  violation_found: ['closed'],
  no_violation: ['violation_found', 'closed'],
  referred: ['closed'],
  closed: [],
};

export function canMove(from: SiteReportStatus, to: SiteReportStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

/** Why a move is refused, in words; undefined when it is allowed. */
export function moveProblem(from: SiteReportStatus, to: SiteReportStatus, reason: string | null): string | undefined {
  if (from === to) return `The report is already “${STATUS_LABEL[to].toLowerCase()}”.`;
  if (!canMove(from, to))
    return from === 'closed'
      ? 'This report is closed: nothing more can be recorded on it.'
      : `A report that is “${STATUS_LABEL[from].toLowerCase()}” cannot become “${STATUS_LABEL[to].toLowerCase()}”.`;
  if (!isOpen(to) && !reason?.trim())
    return to === 'closed'
      ? 'Give the public reason for closing it, like “The silt fence was repaired.”'
      : 'Say where it was referred, like “Highway Department (road drain)”.';
  return undefined;
}

/** Open311's open/closed: closed and referred reports are closed; every other status is open. */
const CLOSED: SiteReportStatus[] = ['closed', 'referred'];
export function isOpen(status: SiteReportStatus): boolean {
  return !CLOSED.includes(status);
}
export function isOpenSql(status: SQL | { getSQL(): SQL }): SQL {
  return sql`${status} not in ('closed', 'referred')`;
}

/** Project statuses in which work is on the ground, so a report can be about the site (every status placed: 0088). */
export const MATCHABLE_PROJECT_STATUSES: readonly ProjectStatus[] = membersWhere(PROJECT_STATUSES, {
  swppp_review: false,
  approved: true,
  active: true,
  stop_work: true,
  final_stabilization: true,
  complete: false,
} as const satisfies Record<ProjectStatus, boolean>);
/** How far from a site's point a report may be and still be matched to it (a quarter mile: decision 0033). */
export const MATCH_MILES = 0.25;

export interface MatchCandidate {
  id: number;
  name: string;
  status: ProjectStatus;
  latitude: number | null;
  longitude: number | null;
}

/** The nearest site where work is on the ground, within MATCH_MILES; undefined: "not at a listed site". */
export function matchProject<T extends MatchCandidate>(
  point: Point,
  candidates: T[],
): { project: T; miles: number } | undefined {
  const live = candidates.filter((c) => MATCHABLE_PROJECT_STATUSES.includes(c.status));
  const best = nearest(point, live, MATCH_MILES)[0];
  return best ? { project: best.item, miles: best.miles } : undefined;
}

/** Reports within this distance of each other, of the same category, open and a week apart at most, are shown as one group. */
export const DUPLICATE_MILES = 0.1;
export const DUPLICATE_DAYS = 7;

export interface GroupableReport {
  id: number;
  categoryId: number;
  latitude: number;
  longitude: number;
  observedOn: string;
}

/**
 * Groups of likely duplicates, each in input order (the first a group meets is its head). A report
 * joins the first group whose head is of the same category, near enough and close enough in time.
 */
export function groupDuplicates<T extends GroupableReport>(reports: T[]): T[][] {
  const groups: T[][] = [];
  for (const r of reports) {
    const home = groups.find((g) => {
      const head = g[0];
      return (
        head.categoryId === r.categoryId &&
        distanceMiles(head, r) <= DUPLICATE_MILES + 1e-9 &&
        Math.abs(daysBetween(head.observedOn, r.observedOn)) <= DUPLICATE_DAYS
      );
    });
    if (home) home.push(r);
    else groups.push([r]);
  }
  return groups;
}

/**
 * How far from a resident's pin the report form looks for reports already open ("Is it one of these?"):
 * the quarter mile a report is matched to a site within (decision 0033), so a site's own reports are found
 * from its point.
 */
export const NEARBY_MILES = MATCH_MILES;
/** At most this many: the resident should glance at them, not read a list. */
export const NEARBY_LIMIT = 5;

export interface NearbyCandidate {
  status: SiteReportStatus;
  hidden?: boolean;
  latitude: number;
  longitude: number;
}

/**
 * The reports a resident filing at `origin` may be about to send again: open (not closed or referred),
 * not hidden, within NEARBY_MILES (inclusive at the edge), nearest first, at most `limit`. Give it the
 * points residents see (publicPoint), so the edge of the circle tells no more than the status page does.
 */
export function openReportsNear<T extends NearbyCandidate>(
  origin: Point,
  reports: T[],
  limit = NEARBY_LIMIT,
): Nearby<T>[] {
  if (!isValidPoint(origin)) return [];
  const open = reports.filter((r) => !r.hidden && isOpen(r.status));
  return nearest(origin, open, NEARBY_MILES).slice(0, Math.max(0, limit));
}

/** The point residents see: rounded to about 10 m, so a "use my location" pin does not give a doorstep. */
export function publicPoint(p: Point): Point {
  const round = (n: number) => Math.round(n * 1e4) / 1e4;
  return { latitude: round(p.latitude), longitude: round(p.longitude) };
}

export const MAX_PHOTOS = 5;
export const MAX_DESCRIPTION = 2000;

export interface ReportFacts {
  categoryId: number | null;
  description: string;
  point: Point | null;
  observedOn: string;
  observedTime: string;
  email: string;
  phone: string;
  name: string;
}

/** What is wrong with a report as typed, by field, in plain sentences (none: it can be filed). */
export function reportProblems(f: ReportFacts, today: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.categoryId == null) out.category = 'Choose what is wrong.';
  const d = f.description.trim();
  if (d.length < 10) out.description = 'Say in a sentence or two what you saw (at least 10 characters).';
  else if (d.length > MAX_DESCRIPTION) out.description = `Keep it under ${MAX_DESCRIPTION} characters.`;
  if (!f.point || !isValidPoint(f.point))
    out.where = 'Say where: put a pin on the map, use your location, or type an address.';
  if (!isIsoDay(f.observedOn)) out.observedOn = 'Enter the day you saw it, like 2026-05-03.';
  else if (f.observedOn > today) out.observedOn = 'The day cannot be in the future.';
  if (f.observedTime && !/^([01]\d|2[0-3]):[0-5]\d$/.test(f.observedTime))
    out.observedTime = 'Enter the time like 14:30, or leave it blank.';
  if (f.email && (f.email.length > 200 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email)))
    out.email = 'Enter an email address like name@example.com, or leave it blank.';
  if (f.phone && !/^[0-9 ()+.-]{7,30}$/.test(f.phone))
    out.phone = 'Enter a phone number like 518-555-0100, or leave it blank.';
  if (f.name.length > 200) out.name = 'Keep your name under 200 characters.';
  return out;
}

/**
 * What "still happening" does to a report: one the officer has finished with (closed, referred elsewhere, or no
 * violation found) opens again as received, for triage; an open one keeps its status and gets the step.
 */
export function stillHappeningStatus(status: SiteReportStatus): SiteReportStatus | null {
  return !isOpen(status) || status === 'no_violation' ? 'received' : null;
}
