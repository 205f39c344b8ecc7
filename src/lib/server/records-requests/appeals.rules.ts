/**
 * Appeals of a records request (pure rules). POL §89(4)(a): a person denied access (in writing, in part,
 * or by the agency's failure to answer in time) may appeal in writing within 30 days to the head of the
 * agency or the person it names (the appeals officer in settings), who answers within 10 business days.
 *
 * - The 30 days are calendar days counted from the day after the denial (GCL §20); a last day on a
 *   weekend, holiday or town closure runs to the next business day (GCL §25-a). A missed deadline is a
 *   denial on its due date. When there are several denials (missed deadline, then a written denial), the
 *   latest one counts: the requester keeps the longest window (decision record 0017).
 * - The 10 business days are counted like the request's five: from the day after the appeal was received,
 *   whatever the hour (the same module, deadlines.rules.ts; decision 0066).
 * - One appeal per request: after the officer's answer, the next step is a court (CPLR Article 78).
 */
import { computeDueDate, type BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { calendarDayPeriod } from '#lib/server/platform/time/periods.rules.ts';
import { formatDay } from '#lib/shared/format.ts';

export const APPEAL_WINDOW_DAYS = 30;
export const APPEAL_ANSWER_BUSINESS_DAYS = 10;

export type AppealKind = 'written_denial' | 'partial_denial' | 'missed_deadline';
export type AppealOutcome = 'pending' | 'granted' | 'granted_in_part' | 'denied';

export interface DenialFacts {
  /** The whole request denied in writing on this day. */
  deniedOn: string | null;
  /** The latest day an item was denied or granted in part, if any. */
  itemsWithheldOn: string | null;
  /** The due date, when the five business days ran out unanswered. */
  missedDeadlineOn: string | null;
}

export interface Appealable {
  kind: AppealKind;
  /** The day of the denial the 30 days count from. */
  deniedOn: string;
  /** The last day to appeal (after GCL §25-a). */
  lastDay: string;
}

/** What the requester may appeal, and until when; null when nothing was denied. */
export function appealable(f: DenialFacts, calendar: BusinessCalendar): Appealable | null {
  const denials: Array<{ kind: AppealKind; on: string }> = [];
  if (f.missedDeadlineOn) denials.push({ kind: 'missed_deadline', on: f.missedDeadlineOn });
  if (f.itemsWithheldOn) denials.push({ kind: 'partial_denial', on: f.itemsWithheldOn });
  if (f.deniedOn) denials.push({ kind: 'written_denial', on: f.deniedOn });
  if (!denials.length) return null;
  // The latest denial counts (on a tie, the written one: it carries the reasons).
  const latest = denials.reduce((a, b) => (b.on >= a.on ? b : a));
  return {
    kind: latest.kind,
    deniedOn: latest.on,
    lastDay: calendarDayPeriod(latest.on, APPEAL_WINDOW_DAYS, calendar).dueOn,
  };
}

/** Whether an appeal made on `today` is in time. */
export function appealInTime(a: Appealable, today: string): boolean {
  return today <= a.lastDay;
}

/** The appeals officer's answer is due on the 10th business day after the appeal counts as received. */
export function appealDueDate(
  receivedAt: Date,
  calendar: BusinessCalendar,
  closeOfBusiness: string,
): { countsFromOn: string; dueOn: string } {
  const due = computeDueDate(receivedAt, calendar, { closeOfBusiness, businessDays: APPEAL_ANSWER_BUSINESS_DAYS });
  return { countsFromOn: due.countsAsReceivedOn, dueOn: due.dueOn };
}

/** Answered after its due date (or still unanswered once it passed, given `overdueBefore`: see deadlineWindow). */
export function appealAnsweredLate(a: { dueOn: string; decidedOn: string | null }, overdueBefore: string): boolean {
  return a.decidedOn != null ? a.decidedOn > a.dueOn : a.dueOn < overdueBefore;
}

/**
 * POL §89(4)(a): within the 10 business days the appeals officer either explains a further denial or
 * provides access. A grant (in whole or part) therefore owes the records by the appeal's own due date; a
 * grant on or after that day owes them by the next business day (decision 0065).
 */
export function accessDueOn(appealDueOn: string, decidedOn: string, calendar: BusinessCalendar): string {
  return decidedOn < appealDueOn ? appealDueOn : calendar.addBusinessDays(decidedOn, 1).date;
}

/** The requester's line about their right to appeal, with the last day. */
export function appealRightsText(a: Appealable, officer: string): string {
  const what =
    a.kind === 'missed_deadline'
      ? 'this request not being answered in time (a denial under POL §89(4)(a))'
      : a.kind === 'partial_denial'
        ? 'the records withheld'
        : 'this denial';
  return `You may appeal ${what} in writing by ${formatDay(a.lastDay)} (30 days) to ${officer}, on this page or by letter or e-mail. The appeals officer must answer within 10 business days (Public Officers Law §89(4)(a)).`;
}

/** Field messages for an appeal the requester sends, or none. */
export function checkAppeal(
  input: { body: string },
  a: Appealable | null,
  today: string,
  existing: 'pending' | 'decided' | null,
): Record<string, string> {
  if (!a) return { form: 'Nothing on this request was denied, so there is nothing to appeal.' };
  if (existing === 'pending') return { form: 'Your appeal is already with the appeals officer.' };
  if (existing === 'decided')
    return { form: 'The appeals officer has answered your appeal; the next step is a court (CPLR Article 78).' };
  if (!appealInTime(a, today)) return { form: `The 30 days to appeal ended on ${formatDay(a.lastDay)}.` };
  if (!input.body.trim()) return { body: 'Say what you are appealing and why, in a sentence or two.' };
  return {};
}
