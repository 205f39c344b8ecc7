/**
 * How soon the municipality aims to answer a resident's report (decision 0100). The officer sets a number of
 * business days per category, or none; a report filed under it is to be answered by the end of the last of
 * those business days after the day it was filed, in town time, on the municipality's own calendar
 * (weekends, the public holidays and its closures). The day of filing is never counted, whatever the hour,
 * as for a records request (decision 0066). The day is fixed when the report is filed: a later change to
 * the category does not move it.
 *
 * A report is answered by its first public step after the receipt: the officer linking it to a site and
 * looking into it, planning or recording an inspection, recording a violation or an enforcement action,
 * moving its status, referring or closing it. Each of these writes a public step; hiding a report, blocking
 * its sender and approving a photo write none, so they never count. No step after the receipt is ever
 * "received" (nothing moves back to it), which is how the receipt is told apart. TypeScript and SQL side by
 * side. Pure: facts in, plain words out.
 */
import { and, eq, ne, or, isNull, sql, type SQL } from 'drizzle-orm';
import { siteReportEvents } from '#db/schema.ts';
import type { SiteReportStatus } from '#db/enums.ts';
import type { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { formatDay, plural } from '#lib/shared/format.ts';
import { fail, type Refusal, type Result } from '#lib/server/platform/result.ts';

/** The officer's choice: whole business days within these bounds, or blank for no promise. */
export const RESPONSE_DAYS_MIN = 1;
export const RESPONSE_DAYS_MAX = 30;

export const RESPONSE_DAYS_PROBLEM = `Enter a whole number of business days from ${RESPONSE_DAYS_MIN} to ${RESPONSE_DAYS_MAX}, like 5, or leave it blank to promise no time.`;

/** The officer's entry as typed: blank is no promise; anything but a whole number in bounds is refused in words. */
export function parseResponseDays(typed: string): Result<{ days: number | null }, Refusal> {
  const t = typed.trim();
  if (t === '') return { ok: true, days: null };
  const n = /^\d{1,3}$/.test(t) ? Number(t) : NaN;
  if (!(n >= RESPONSE_DAYS_MIN && n <= RESPONSE_DAYS_MAX)) return fail(RESPONSE_DAYS_PROBLEM);
  return { ok: true, days: n };
}

/** The day a report filed on `filedOn` (a town day) is to be answered by; null when its category promises no time. */
export function respondByDay(filedOn: string, days: number | null, calendar: BusinessCalendar): string | null {
  return days == null ? null : calendar.addBusinessDays(filedOn, days).date;
}

/** What the form says under a category: "The village aims to respond within 1 business day." */
export function aimWords(kind: string, days: number | null): string | null {
  return days == null ? null : `The ${kind} aims to respond within ${plural(days, 'business day')}.`;
}

export interface StepFacts {
  at: Date;
  status: SiteReportStatus | null;
  public: boolean;
}

/** Whether a step answers the report: public, and not the receipt. */
export function answersReport(step: StepFacts): boolean {
  return step.public && step.status !== 'received';
}

/** When the report was answered: its first answering step, or null while there is none. */
export function answeredAt(steps: StepFacts[]): Date | null {
  let first: Date | null = null;
  for (const s of steps) if (answersReport(s) && (!first || s.at < first)) first = s.at;
  return first;
}

/** The same in SQL, for a query over reports: the first answering step's instant (ms), null when none. */
export function answeredAtSql(reportId: SQL | { getSQL(): SQL }): SQL<number | null> {
  return sql<number | null>`(select min(${siteReportEvents.at}) from ${siteReportEvents} where ${and(
    eq(siteReportEvents.reportId, reportId),
    eq(siteReportEvents.public, true),
    or(isNull(siteReportEvents.status), ne(siteReportEvents.status, 'received')),
  )})`;
}

/** Answered in time: on or before the day it was to be answered by (town days). */
export function answeredInTime(respondBy: string, answeredOn: string): boolean {
  return answeredOn <= respondBy;
}

export type ResponseStanding =
  | { kind: 'no_promise' }
  /** Not answered yet; `passed` once the day is over. */
  | { kind: 'awaited'; respondBy: string; passed: boolean }
  | { kind: 'in_time' | 'late'; respondBy: string; answeredOn: string };

/** Where a report stands against its promise, from its day to answer by, the day it was answered (if it was), and today. */
export function responseStanding(respondBy: string | null, answeredOn: string | null, today: string): ResponseStanding {
  if (!respondBy) return { kind: 'no_promise' };
  if (!answeredOn) return { kind: 'awaited', respondBy, passed: today > respondBy };
  return { kind: answeredInTime(respondBy, answeredOn) ? 'in_time' : 'late', respondBy, answeredOn };
}

/** The status page's sentence about the promise, naming the municipality by its kind; null without one. */
export function standingWords(s: ResponseStanding, kind: string): string | null {
  switch (s.kind) {
    case 'no_promise':
      return null;
    case 'awaited':
      return s.passed
        ? `Expected response by ${formatDay(s.respondBy, 'weekday')}. That day has passed and the ${kind} has not answered yet.`
        : `Expected response by ${formatDay(s.respondBy, 'weekday')}.`;
    case 'in_time':
      return `Answered on ${formatDay(s.answeredOn, 'weekday')}, within the time the ${kind} aims for (by ${formatDay(s.respondBy, 'weekday')}).`;
    case 'late':
      return `Answered on ${formatDay(s.answeredOn, 'weekday')}, later than the ${kind} aimed for (by ${formatDay(s.respondBy, 'weekday')}).`;
  }
}

export interface ResponseShare {
  /** Answered on or before their day. */
  inTime: number;
  /** Answered after their day. */
  late: number;
  /** Not answered, and their day is over: they count against the share. */
  overdue: number;
  /** Not answered, and their day has not ended: not counted yet. */
  awaited: number;
  /** inTime + late + overdue: the reports whose outcome is known. */
  counted: number;
  /** inTime of counted, rounded to a whole percent; null when nothing is counted yet. */
  percent: number | null;
}

/**
 * The share of reports answered in time: a report never answered by its day counts against it, one whose day
 * has not ended is left out until it is answered or the day is over, a report filed without a promise is not
 * counted at all.
 */
export function responseShare(
  reports: Array<{ respondBy: string | null; answeredOn: string | null }>,
  today: string,
): ResponseShare {
  const share = { inTime: 0, late: 0, overdue: 0, awaited: 0 };
  for (const r of reports) {
    const s = responseStanding(r.respondBy, r.answeredOn, today);
    if (s.kind === 'in_time') share.inTime++;
    else if (s.kind === 'late') share.late++;
    else if (s.kind === 'awaited') share[s.passed ? 'overdue' : 'awaited']++;
  }
  const counted = share.inTime + share.late + share.overdue;
  return { ...share, counted, percent: counted ? Math.round((share.inTime / counted) * 100) : null };
}
