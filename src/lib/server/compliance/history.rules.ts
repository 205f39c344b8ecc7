/**
 * A site's compliance history, month by month over several years, the way EPA's ECHO shows a facility's
 * record: in each month, the inspection reports the operator's qualified inspector filed (Subsection
 * L(3)), whether the monthly summary was filed and when (Subsection L(5)), the compliance findings open
 * at some time in the month, the town's own inspections and the enforcement actions issued. Dated facts,
 * not a single "compliance status". Pure: facts and `today` in, months out.
 */
import { lastDayOfMonth, monthOf, nextMonth } from '#lib/shared/days.ts';
import type { MonthSummaryState } from '#lib/shared/labels.ts';
import {
  constructionPeriod,
  summaryDueOn,
  summaryMonths,
  type ComplianceContext,
  type Finding,
  type ProjectComplianceData,
} from './compliance.rules.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';

export interface HistoryMonth {
  /** YYYY-MM */
  month: string;
  /** False for months before the history starts or after the current month: nothing to show. */
  inRange: boolean;
  inspectionReports: number;
  summary: MonthSummaryState;
  /** The day the month's summary was first filed, if it was. */
  summaryFiledOn?: string;
  /** Findings open on at least one day of the month, and how many of them were serious. */
  openFindings: number;
  seriousFindings: number;
  townInspections: number;
  enforcementActions: number;
}

export interface HistoryYear {
  year: string;
  /** January to December. */
  months: HistoryMonth[];
}

export interface HistoryFacts {
  data: ProjectComplianceData;
  findings: Finding[];
  ctx: Pick<ComplianceContext, 'now' | 'settings' | 'onOrAfterBusinessDay'>;
  /** Days the town inspected the site. */
  townInspectionDays: string[];
  /** Days public enforcement actions were issued. */
  enforcementDays: string[];
  /** At most this many calendar years, the latest last (default 5). */
  years?: number;
}

/** The years with anything to show, oldest first; empty when nothing has happened yet. */
export function complianceHistory(facts: HistoryFacts): HistoryYear[] {
  const today = townToday(facts.ctx.now);
  const thisMonth = monthOf(today);
  const period = constructionPeriod(facts.data);
  const inspectionDays = facts.data.inspections
    .filter((i) => i.inspectedAt.getTime() <= facts.ctx.now.getTime())
    .map((i) => townToday(i.inspectedAt));
  const starts = [
    period?.start,
    ...inspectionDays,
    ...facts.townInspectionDays,
    ...facts.enforcementDays,
    ...facts.data.summaries.map((s) => `${s.month}-01`),
  ]
    .filter((d): d is string => Boolean(d) && d! <= today)
    .sort();
  if (!starts.length) return [];
  const maxYears = facts.years ?? 5;
  const firstYear = Math.max(Number(starts[0].slice(0, 4)), Number(today.slice(0, 4)) - maxYears + 1);
  const firstMonth = monthOf(starts[0]);

  const count = (days: string[]) => {
    const byMonth = new Map<string, number>();
    for (const d of days) byMonth.set(monthOf(d), (byMonth.get(monthOf(d)) ?? 0) + 1);
    return byMonth;
  };
  const reports = count(inspectionDays);
  const town = count(facts.townInspectionDays);
  const actions = count(facts.enforcementDays);
  const owed = new Set(period && period.start <= today ? summaryMonths(period, today) : []);
  const filed = new Map<string, string>();
  for (const s of facts.data.summaries) {
    if (!s.submittedAt) continue;
    const on = townToday(s.submittedAt);
    const seen = filed.get(s.month);
    if (!seen || on < seen) filed.set(s.month, on);
  }

  const years: HistoryYear[] = [];
  for (let y = firstYear; y <= Number(today.slice(0, 4)); y++) {
    const months: HistoryMonth[] = [];
    for (let m = `${y}-01`; m.startsWith(String(y)); m = nextMonth(m)) {
      const inRange = m >= firstMonth && m <= thisMonth;
      const first = `${m}-01`;
      const last = lastDayOfMonth(m);
      const open = inRange
        ? facts.findings.filter(
            (f) => f.from <= last && f.from <= today && (f.status === 'open' || (f.resolvedOn ?? f.from) >= first),
          )
        : [];
      const filedOn = filed.get(m);
      months.push({
        month: m,
        inRange,
        inspectionReports: reports.get(m) ?? 0,
        summary: summaryState(m, filedOn, owed.has(m), today, facts.ctx),
        summaryFiledOn: filedOn,
        openFindings: open.length,
        seriousFindings: open.filter((f) => f.severity === 'high').length,
        townInspections: town.get(m) ?? 0,
        enforcementActions: actions.get(m) ?? 0,
      });
    }
    years.push({ year: String(y), months });
  }
  return years;
}

function summaryState(
  month: string,
  filedOn: string | undefined,
  owed: boolean,
  today: string,
  ctx: HistoryFacts['ctx'],
): MonthSummaryState {
  if (!owed) return filedOn ? 'on_time' : 'not_required';
  const dueOn = summaryDueOn(month, ctx);
  if (filedOn) return filedOn > dueOn ? 'late' : 'on_time';
  return today > dueOn ? 'missing' : 'not_due_yet';
}
