/**
 * Subsection L(5): the operator posts a summary of the site inspection activities at the site every month.
 * The day the municipality wants its own copy filed is its setting, not the ordinance's, and the findings say
 * so (decision 0073).
 */
import { addDays, daysBetween, lastDayOfMonth, monthOf, nextMonth } from '#lib/shared/days.ts';
import { plural } from '#lib/shared/format.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import type { ComplianceContext, ConstructionPeriod, Prepared } from './facts.rules.ts';
import { cite, dutyKey, fmtDay, fmtMonth, muni, SECTIONS, type Finding, type Obligation } from './findings.rules.ts';

/**
 * Where a summary finding comes from: the posting at the site each month is the ordinance's (the town's own
 * citation when it has one), the day the municipality wants its copy filed is its setting.
 */
export function summarySection(dueDay: number, citation: string = SECTIONS.summary, municipality = 'Town'): string {
  return `${citation}; a copy filed with the ${municipality} by day ${dueDay} of the following month is the ${municipality}'s setting, not a date in the ordinance`;
}

/** The due date of a month's summary: the configured day of the following month (moved off closed days if asked). */
export function summaryDueOn(month: string, ctx: Pick<ComplianceContext, 'settings' | 'onOrAfterBusinessDay'>): string {
  const following = nextMonth(month);
  const day = Math.min(
    Math.max(1, Math.round(ctx.settings.summaryDueDay)),
    Number(lastDayOfMonth(following).slice(8, 10)),
  );
  const date = `${following}-${String(day).padStart(2, '0')}`;
  return ctx.onOrAfterBusinessDay ? ctx.onOrAfterBusinessDay(date) : date;
}

/** The months a summary is owed for: every month the site was under construction. */
export function summaryMonths(period: ConstructionPeriod, today: string): string[] {
  const months: string[] = [];
  const last = monthOf(period.end ?? today);
  for (let m = monthOf(period.start); m <= last; m = nextMonth(m)) months.push(m);
  return months;
}

/** What L(5) itself requires, said apart from the municipality's filing date. */
function summaryDuty(municipality: string): string {
  return `The ordinance (Subsection L(5)) requires the operator to post a summary of the site inspection activities at the site, in a publicly accessible location, every month; the filing date is the ${municipality}’s own.`;
}

export function monthlySummaries(x: Prepared): { findings: Finding[]; due: Obligation[] } {
  const findings: Finding[] = [];
  const due: Obligation[] = [];
  const firstFiled = new Map<string, Date>();
  for (const sm of x.data.summaries) {
    if (!sm.submittedAt) continue;
    const seen = firstFiled.get(sm.month);
    // Stryker disable next-line EqualityOperator: `<=` is the same, an equal instant replaces the first with its twin
    if (!seen || sm.submittedAt < seen) firstFiled.set(sm.month, sm.submittedAt);
  }
  for (const month of summaryMonths(x.period, x.today)) {
    const dueOn = summaryDueOn(month, x.ctx);
    const filed = firstFiled.get(month);
    if (filed) {
      const filedOn = townToday(filed);
      if (filedOn > dueOn) {
        const late = daysBetween(dueOn, filedOn);
        findings.push({
          rule: 'summary-late',
          key: `summary-late:${month}`,
          severity: 'low',
          status: 'resolved',
          section: summarySection(x.s.summaryDueDay, cite(x.s, 'summary'), muni(x.s)),
          source: 'ordinance-and-town-setting',
          title: `${fmtMonth(month)} summary filed late`,
          text: `The monthly summary for ${fmtMonth(month)} was filed with the ${muni(x.s)} on ${fmtDay(filedOn)}, ${plural(late, 'day')} after the date the ${muni(x.s)} set for its copy (${fmtDay(dueOn)}). ${summaryDuty(muni(x.s))}`,
          from: addDays(dueOn, 1),
          dueOn,
          resolvedOn: filedOn,
        });
      }
      continue;
    }
    if (x.today > dueOn) {
      findings.push({
        rule: 'summary-missing',
        key: `summary-missing:${month}`,
        severity: 'medium',
        status: 'open',
        section: summarySection(x.s.summaryDueDay, cite(x.s, 'summary'), muni(x.s)),
        source: 'ordinance-and-town-setting',
        title: `${fmtMonth(month)} summary not filed with the ${muni(x.s)}`,
        text: `The monthly summary for ${fmtMonth(month)} has not been filed with the ${muni(x.s)}, which set ${fmtDay(dueOn)} as the date for its copy. ${summaryDuty(muni(x.s))}`,
        from: addDays(dueOn, 1),
        dueOn,
      });
    } else {
      due.push({
        kind: 'monthly-summary',
        dueOn,
        duty: dutyKey('monthly-summary', month),
        text: `Monthly summary for ${fmtMonth(month)}, due by ${fmtDay(dueOn)}.`,
      });
    }
  }
  return { findings, due };
}
