/**
 * Subsection L(3)(f): deficiencies found at an inspection are corrected; the state permit has the work begin
 * within one business day unless a later date is justified in writing (decision 0021).
 */
import { addDays, isoWeekday } from '#lib/shared/days.ts';
import { asClause } from '#lib/shared/format.ts';
import type { ComplianceContext, Prepared } from './facts.rules.ts';
import { cite, dutyKey, fmtDay, type Finding, type Obligation } from './findings.rules.ts';

/** The next business day after `day` (the town's calendar when given, else weekends skipped). */
export function nextBusinessDay(day: string, ctx: Pick<ComplianceContext, 'onOrAfterBusinessDay'>): string {
  let d = addDays(day, 1);
  if (ctx.onOrAfterBusinessDay) return ctx.onOrAfterBusinessDay(d);
  while (isoWeekday(d) >= 6) d = addDays(d, 1);
  return d;
}

/**
 * The latest due date the law allows for a corrective action found on `openedOn`: the state permit's one
 * business day to begin, unless a later date is justified in writing (decision 0021).
 */
export function correctiveDueLimit(openedOn: string, ctx: Pick<ComplianceContext, 'onOrAfterBusinessDay'>): string {
  return nextBusinessDay(openedOn, ctx);
}

export function correctiveActions(x: Prepared): { findings: Finding[]; due: Obligation[] } {
  const findings: Finding[] = [];
  const due: Obligation[] = [];
  for (const ca of x.data.corrective) {
    const who = ca.responsibleParty ? ` (responsible: ${ca.responsibleParty})` : '';
    const limit = correctiveDueLimit(ca.openedOn, x.ctx);
    // Without a date, or with a later one not justified in writing, the law's date applies.
    // Stryker disable next-line EqualityOperator: `<` is the same, a date equal to the limit is the limit
    const dueOn = ca.dueOn && (ca.dueOn <= limit || ca.dueReason?.trim()) ? ca.dueOn : limit;
    const lawsDate = dueOn !== ca.dueOn;
    if (!ca.dueOn) {
      findings.push({
        rule: 'corrective-no-date',
        key: `corrective-no-date:${ca.id}`,
        severity: 'low',
        status: ca.closedOn ? 'resolved' : 'open',
        section: cite(x.s, 'correctiveDate'),
        source: 'state-permit',
        title: 'Corrective action recorded without a due date',
        text: `“${ca.description}”${who}, found on ${fmtDay(ca.openedOn)}, was recorded without a date it must be done by. The state permit requires the work to begin within one business day (by ${fmtDay(limit)}).`,
        from: ca.openedOn,
        dueOn: limit,
        resolvedOn: ca.closedOn ?? undefined,
      });
    }
    const which = lawsDate
      ? ca.dueOn
        ? ` (the date set, ${fmtDay(ca.dueOn)}, is later than the law allows and no reason was given in writing)`
        : ''
      : '';
    // The state permit's one business day is the source when its date applies; otherwise the date recorded.
    const from = lawsDate
      ? {
          section: cite(x.s, 'correctiveDate'),
          source: 'state-permit' as const,
          due: `was due to begin by ${fmtDay(dueOn)} under the state permit${which}`,
        }
      : { section: cite(x.s, 'corrective'), source: 'ordinance' as const, due: `was due by ${fmtDay(dueOn)}` };
    if (ca.closedOn) {
      if (ca.closedOn > dueOn) {
        findings.push({
          rule: 'corrective-overdue',
          key: `corrective-overdue:${ca.id}`,
          severity: 'low',
          status: 'resolved',
          section: from.section,
          source: from.source,
          title: 'Corrective action finished late',
          text: `“${ca.description}”${who}, found on ${fmtDay(ca.openedOn)}, ${from.due} and finished on ${fmtDay(ca.closedOn)}.`,
          from: addDays(dueOn, 1),
          dueOn,
          resolvedOn: ca.closedOn,
        });
      }
      continue;
    }
    if (x.today > dueOn) {
      findings.push({
        rule: 'corrective-overdue',
        key: `corrective-overdue:${ca.id}`,
        severity: 'medium',
        status: 'open',
        section: from.section,
        source: from.source,
        title: 'Corrective action past due',
        text: `“${ca.description}”${who}, found on ${fmtDay(ca.openedOn)}, ${from.due} and is not yet reported done.`,
        from: addDays(dueOn, 1),
        dueOn,
      });
    } else {
      due.push({
        kind: 'corrective-action',
        dueOn,
        duty: dutyKey('corrective-action', ca.id),
        text: `Corrective action due by ${fmtDay(dueOn)}: ${asClause(ca.description)}${who}.`,
      });
    }
  }
  return { findings, due };
}
