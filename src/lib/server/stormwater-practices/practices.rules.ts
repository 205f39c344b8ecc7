/**
 * Rules for the permanent stormwater management practices (SMPs). The ordinance makes the Stormwater
 * Management Officer responsible for inspecting them, and lets inspection programs be established "on any
 * reasonable basis, including … routine inspections; random inspections; inspections based upon
 * complaints …; and joint inspections with other agencies". How often a routine inspection falls due, when
 * maintenance is overdue and when an owner's annual report is late are the town's policy, not the
 * ordinance's (decision 0035). Pure: facts and today in, plain words out. Each condition has its
 * TypeScript and SQL forms side by side.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { SmpCondition, SmpType } from '#db/enums.ts';
import { addDays, daysBetween } from '#lib/shared/days.ts';
import { formatDay, plural } from '#lib/shared/format.ts';
import { SMP_CONDITION_MEANING } from '#lib/shared/labels.ts';

/** Days between routine inspections, by family: the town's defaults (settings may change them). */
export const DEFAULT_ROUTINE_INTERVAL_DAYS: Record<SmpType, number> = {
  pond: 365,
  wetland: 365,
  infiltration: 182,
  filtering: 365,
  open_channel: 730,
  green_infrastructure: 365,
  proprietary_device: 182,
};
export type RoutineIntervals = Record<SmpType, number>;

/** Days an owner has to do the maintenance an inspection requires, unless the officer sets another date. */
export const DEFAULT_MAINTENANCE_DAYS = 30;

// ---------------------------------------------------------------------------------------------
// Routine inspections: due one interval after the last inspection (or after the practice entered service)

export interface ScheduleFacts {
  type: SmpType;
  inServiceOn: string;
  removedOn: string | null;
  lastInspectedOn: string | null;
}

export function nextRoutineDue(
  p: ScheduleFacts,
  intervals: RoutineIntervals = DEFAULT_ROUTINE_INTERVAL_DAYS,
): string | null {
  if (p.removedOn) return null;
  return addDays(p.lastInspectedOn ?? p.inServiceOn, intervals[p.type]);
}

/** Overdue: still in operation and the routine inspection's due day has passed. */
export function isInspectionOverdue(
  p: ScheduleFacts,
  today: string,
  intervals: RoutineIntervals = DEFAULT_ROUTINE_INTERVAL_DAYS,
): boolean {
  const due = nextRoutineDue(p, intervals);
  return due != null && due < today;
}

/**
 * The day of a practice's latest inspection, as a correlated subquery over `stormwater_practices`. The outer
 * column is written out: drizzle writes a column of a one-table select unqualified ("id"), which inside the
 * subquery would mean the inspection's own id (the desk once showed another practice's date that way).
 */
export const lastInspectedOnSql = sql<
  string | null
>`(select max(pi.inspected_on) from practice_inspections pi where pi.practice_id = stormwater_practices.id)`;

/** The same condition in SQL, over `stormwater_practices` (aliased as written) and its inspections. */
export function inspectionOverdueSql(today: string, intervals: RoutineIntervals = DEFAULT_ROUTINE_INTERVAL_DAYS): SQL {
  const cases = sql.join(
    Object.entries(intervals).map(([type, days]) => sql`when ${type} then ${Math.trunc(days)}`),
    sql` `,
  );
  return sql`(stormwater_practices.removed_on is null and date(coalesce(${lastInspectedOnSql}, stormwater_practices.in_service_on), '+' || (case stormwater_practices.type ${cases} else 365 end) || ' days') < ${today})`;
}

// ---------------------------------------------------------------------------------------------
// Required maintenance: overdue once its due day has passed and no inspection has closed it

export interface MaintenanceFacts {
  dueOn: string;
  closedOn: string | null;
}

export function isMaintenanceOverdue(m: MaintenanceFacts, today: string): boolean {
  return m.closedOn == null && m.dueOn < today;
}

/** The same condition in SQL, over `practice_maintenance_items`. */
export function maintenanceOverdueSql(today: string): SQL {
  return sql`(practice_maintenance_items.closed_on is null and practice_maintenance_items.due_on < ${today})`;
}

/** `kindWord` names the municipality that inspects ("Village"). */
export function maintenanceWords(
  m: MaintenanceFacts & { reportedDoneOn: string | null },
  today: string,
  kindWord = 'Town',
): string {
  if (m.closedOn) return `Done: confirmed by the ${kindWord}’s inspection of ${formatDay(m.closedOn)}.`;
  const reported = m.reportedDoneOn
    ? ` The owner reported it done on ${formatDay(m.reportedDoneOn)}; a re-inspection will confirm it.`
    : '';
  if (isMaintenanceOverdue(m, today))
    return `Overdue: it was due by ${formatDay(m.dueOn)} (${plural(daysBetween(m.dueOn, today), 'day')} ago).${reported}`;
  return `Due by ${formatDay(m.dueOn)}.${reported}`;
}

// ---------------------------------------------------------------------------------------------
// The owner's annual maintenance report (privately maintained practices; decision 0036)

/** A report covers a calendar year and is due by January 31 of the next. */
export function annualReportDueOn(year: number): string {
  return `${year + 1}-01-31`;
}

export interface ReportFacts {
  ownerKind: 'public' | 'private';
  inServiceOn: string;
  removedOn: string | null;
  /** Year → the day the report for it was filed (the earliest, when filed twice). */
  filed: ReadonlyMap<number, string>;
}

export type ReportStanding = {
  year: number;
  dueOn: string;
  state: 'on_time' | 'late' | 'missing';
  filedOn: string | null;
};

/**
 * Every year whose report has fallen due: the years the practice was in service, privately maintained,
 * whose January 31 has passed. Public practices are the town's own records: no report is asked.
 */
export function annualReports(p: ReportFacts, today: string): ReportStanding[] {
  return reportsOwed(p, today)
    .filter((r) => r.dueOn < today)
    .map(({ year, dueOn }) => {
      const filedOn = p.filed.get(year) ?? null;
      return { year, dueOn, filedOn, state: filedOn == null ? 'missing' : filedOn > dueOn ? 'late' : 'on_time' };
    });
}

/**
 * The reports still to come: not yet filed, due today or later (what an owner is reminded of before January 31,
 * decision 0106). The same years and dates as `annualReports`: a year filed, or past its date, is not here.
 */
export function annualReportsComing(p: ReportFacts, today: string): Array<{ year: number; dueOn: string }> {
  return reportsOwed(p, today).filter((r) => r.dueOn >= today && !p.filed.has(r.year));
}

/** The years a privately maintained practice owes a report for, to this year (or the year it was removed). */
function reportsOwed(p: ReportFacts, today: string): Array<{ year: number; dueOn: string }> {
  if (p.ownerKind !== 'private') return [];
  const first = Number(p.inServiceOn.slice(0, 4));
  const last = Math.min(Number(today.slice(0, 4)), p.removedOn ? Number(p.removedOn.slice(0, 4)) : Infinity);
  const out: Array<{ year: number; dueOn: string }> = [];
  for (let year = first; year <= last; year++) out.push({ year, dueOn: annualReportDueOn(year) });
  return out;
}

/** The years a report may cover: from the year in service to this year (or the year the practice was removed). */
function reportYears(
  p: Pick<ReportFacts, 'inServiceOn' | 'removedOn'>,
  today: string,
): { first: number; last: number } {
  const first = Number(p.inServiceOn.slice(0, 4));
  const last = Math.max(
    first,
    Math.min(Number(today.slice(0, 4)), p.removedOn ? Number(p.removedOn.slice(0, 4)) : Infinity),
  );
  return { first, last };
}

/**
 * The year the owner's report form offers: the oldest year not yet filed (this year when every earlier one is),
 * so a missing report is filed first and a year already filed is never offered; null when every year to this
 * one is filed.
 */
export function reportYearToFile(
  p: Pick<ReportFacts, 'inServiceOn' | 'removedOn' | 'filed'>,
  today: string,
): number | null {
  const { first, last } = reportYears(p, today);
  for (let year = first; year <= last; year++) if (!p.filed.has(year)) return year;
  return null;
}

/** The form's words about the years: one report a year, which are filed, and when none is left to file. */
export function reportYearsHint(p: Pick<ReportFacts, 'inServiceOn' | 'removedOn' | 'filed'>, today: string): string {
  const years = [...p.filed.keys()].sort((a, b) => a - b);
  if (!years.length) return 'One report a year.';
  if (reportYearToFile(p, today) == null)
    return `One report a year. Every year to ${reportYears(p, today).last} is filed.`;
  return `One report a year. Filed: ${years.join(', ')}.`;
}

/** Why a year cannot take the report: outside the practice's years, or already filed (one report a year). */
export function reportYearProblem(
  year: number,
  p: Pick<ReportFacts, 'inServiceOn' | 'removedOn' | 'filed'>,
  today: string,
): string | undefined {
  const { first, last } = reportYears(p, today);
  if (!Number.isInteger(year) || year < first || year > last)
    return `Choose the year the report covers, from ${first} to ${last}.`;
  const filedOn = p.filed.get(year);
  if (filedOn == null) return undefined;
  const next = reportYearToFile(p, today);
  return `The report for ${year} was already filed on ${formatDay(filedOn)}. ${
    next == null ? `Every year to ${last} is filed.` : `The oldest year not yet filed is ${next}.`
  }`;
}

/** A finding: a report that is late or missing. */
export function lateReportWords(r: ReportStanding): string | null {
  if (r.state === 'missing')
    return `The owner’s maintenance report for ${r.year} was due by ${formatDay(r.dueOn)} and has not been filed.`;
  if (r.state === 'late')
    return `The owner’s maintenance report for ${r.year} was filed late, on ${formatDay(r.filedOn)} (due by ${formatDay(r.dueOn)}).`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// What residents read

export function conditionWords(
  last: { inspectedOn: string; condition: SmpCondition } | null,
  removedOn: string | null,
  kindWord = 'Town',
): string {
  if (removedOn) return `Removed from operation on ${formatDay(removedOn)}.`;
  if (!last) return `Not inspected by the ${kindWord} yet.`;
  return `${SMP_CONDITION_MEANING[last.condition]} (${kindWord} inspection of ${formatDay(last.inspectedOn)}.)`;
}

// ---------------------------------------------------------------------------------------------
// Random inspections: a draw anyone can repeat from its recorded seed and pool

/** Orders the pool by SHA-256 of seed and id and takes the first `count`: the same seed and pool give the same practices. */
export function drawPractices(poolIds: readonly number[], seed: string, count: number): number[] {
  const key = (id: number) => createHash('sha256').update(`${seed}:${id}`).digest('hex');
  return [...poolIds]
    .map((id) => ({ id, k: key(id) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.id - b.id))
    .slice(0, Math.max(0, Math.min(count, poolIds.length)))
    .map((x) => x.id);
}

/** The routine inspection interval the officer may set, in days (a month to ten years), and its message. */
export const ROUTINE_INTERVAL_RANGE = {
  min: 30,
  max: 3650,
  message: 'Enter a whole number of days from 30 to 3,650.',
} as const;

/** Whether a value is a routine interval the officer may set. */
export function isRoutineInterval(v: unknown): v is number {
  return (
    typeof v === 'number' && Number.isInteger(v) && v >= ROUTINE_INTERVAL_RANGE.min && v <= ROUTINE_INTERVAL_RANGE.max
  );
}

/** Parses the settings value for routine intervals, falling back to the defaults for anything missing or wrong. */
export function routineIntervalsFrom(json: string | null | undefined): RoutineIntervals {
  const out = { ...DEFAULT_ROUTINE_INTERVAL_DAYS };
  if (!json) return out;
  try {
    const parsed = JSON.parse(json) as Record<string, unknown>;
    for (const k of Object.keys(out) as SmpType[]) {
      const v = parsed[k];
      if (isRoutineInterval(v)) out[k] = v;
    }
  } catch {
    // A damaged setting falls back to the defaults.
  }
  return out;
}
