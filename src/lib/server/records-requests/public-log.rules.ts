/**
 * The public log of records requests (pure rules): what each request asked for, by document title only,
 * how each item ended, the business days taken, and whether the answer came on time.
 *
 * Never anything the requester typed or who they are: no name, email, phone, address, free-text
 * description or the clerk's reasons (which may quote them). A record described in the requester's own
 * words is listed as such, without the words. On time and late have one definition each: answeredOnTime
 * below (which statistics.ts counts too) and the missed five business days (missedDeadline,
 * request.rules.ts): POL §89(3)(a), §89(4)(a).
 */
import type { DeliveryMethod, DocumentType } from '#db/schema.ts';
import { formatDay } from '#lib/shared/format.ts';
import type { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { isNoRecord, requestable, type ItemDecision } from './item-decisions.rules.ts';
import { duePassed, missedDeadline, type AnswerFacts } from './request.rules.ts';
import { madeAvailableOn } from './delivery.rules.ts';

export const LOG_ITEM_OUTCOMES = [
  'released',
  'released_in_part',
  'granted_in_part',
  'denied',
  'not_held',
  'not_found',
  'withdrawn',
  'duplicate',
  'pending',
] as const;
export type LogItemOutcome = (typeof LOG_ITEM_OUTCOMES)[number];

export const LOG_TIMELINESS = ['on_time', 'late', 'not_yet_due', 'overdue', 'withdrawn', 'duplicate'] as const;
export type LogTimeliness = (typeof LOG_TIMELINESS)[number];

/** What answers a request: the answer in writing, and for paper copies the day they were made available. */
export interface AnsweredFacts {
  status: string;
  fulfilledOn: string | null;
  deniedOn: string | null;
  delivery?: DeliveryMethod;
  copiesReadyOn?: string | null;
}

/**
 * The day a request was answered: records provided (fulfilled) or denied in writing; copies to pick up answer it
 * the day they wait at Town Hall, not the day of the visit (decision 0030). Null while open, withdrawn or closed
 * as a duplicate. One definition for the public log and the statistics (statistics.ts).
 */
export function answeredOn(r: AnsweredFacts): string | null {
  if (r.status === 'denied') return r.deniedOn;
  if (r.status !== 'fulfilled' && r.status !== 'copies_ready') return null;
  const available = r.delivery ? madeAvailableOn({ delivery: r.delivery, copiesReadyOn: r.copiesReadyOn }) : null;
  return available ?? (r.status === 'fulfilled' ? r.fulfilledOn : null);
}

/** Answered on or before the statutory due date (POL §89(3)(a)); null while not answered. */
export function answeredOnTime(r: AnsweredFacts & { dueOn: string }): boolean | null {
  const on = answeredOn(r);
  return on == null ? null : on <= r.dueOn;
}

/** What the log says a requester typed in their own words: that they did, never what. */
export const OWN_WORDS_TITLE = 'Other records, described in the requester’s own words (not shown)';
/** A document the portal does not publish and the law does not make public: its title is not shown. */
export const UNLISTED_DOCUMENT_TITLE = 'A document not published on the portal';

export interface LogItemFacts {
  documentId: number | null;
  document: { title: string; type: DocumentType; public: boolean; documentDate: string | null } | null;
  documentType: DocumentType | null;
  dateFrom: string | null;
  dateTo: string | null;
  decision: ItemDecision | null;
  ground: { citation: string; label: string } | null;
}

/** What the log reads of a request: the facts that say whether and when it was answered, and a whole-request denial's ground. */
export type LogRequestFacts = AnswerFacts & { ground: { citation: string; label: string } | null };

/** The title the log shows for an item: a requestable document's title, a generated range description, or "own words". */
export function logItemTitle(i: LogItemFacts): string {
  if (i.documentId != null) {
    if (!i.document || !requestable(i.document)) return UNLISTED_DOCUMENT_TITLE;
    return i.document.documentDate ? `${i.document.title} (${formatDay(i.document.documentDate)})` : i.document.title;
  }
  if (i.documentType && i.dateFrom && i.dateTo) {
    const what = i.documentType === 'monthly_summary' ? 'Monthly inspection summaries' : 'Inspection reports';
    return `${what}, ${formatDay(i.dateFrom)} to ${formatDay(i.dateTo)}`;
  }
  return OWN_WORDS_TITLE;
}

/**
 * How an item ended: the clerk's written decision on it first (denied, granted in part), then the answer to
 * the whole request (denied, withdrawn, fulfilled = released); anything else is still pending.
 */
export function logItemOutcome(
  i: Pick<LogItemFacts, 'decision' | 'ground'>,
  r: LogRequestFacts,
): { outcome: LogItemOutcome; ground: { citation: string; label: string } | null } {
  if (i.decision === 'denied') return { outcome: 'denied', ground: i.ground };
  // A certification that there is no record is the item's answer whatever became of the rest (POL §89(3)(a)).
  if (isNoRecord(i.decision)) return { outcome: i.decision, ground: null };
  if (r.status === 'denied') return { outcome: 'denied', ground: i.ground ?? r.ground };
  if (r.status === 'withdrawn') return { outcome: 'withdrawn', ground: null };
  if (r.status === 'closed_duplicate') return { outcome: 'duplicate', ground: null };
  if (i.decision === 'granted_in_part')
    return {
      outcome: r.status === 'fulfilled' || r.status === 'copies_ready' ? 'released_in_part' : 'granted_in_part',
      ground: i.ground,
    };
  // Paper copies waiting at Town Hall or to be mailed are released too (decision 0030).
  if (r.status === 'fulfilled' || r.status === 'copies_ready') return { outcome: 'released', ground: null };
  return { outcome: 'pending', ground: null };
}

/** Whether the answer came by the due date (answeredOnTime, as the statistics count it), or, while open, whether the due date has passed. */
export function logTimeliness(r: LogRequestFacts, overdueBefore: string): LogTimeliness {
  const onTime = answeredOnTime(r);
  if (onTime != null) return onTime ? 'on_time' : 'late';
  if (r.status === 'withdrawn') return 'withdrawn';
  if (r.status === 'closed_duplicate') return 'duplicate';
  return duePassed(r.dueOn, overdueBefore) ? 'overdue' : 'not_yet_due';
}

/** The day the clock stopped: answered, withdrawn, or (still open) today. */
export function logEndDay(r: LogRequestFacts, today: string): string {
  return (
    answeredOn(r) ??
    (r.status === 'withdrawn'
      ? (r.withdrawnOn ?? today)
      : r.status === 'closed_duplicate'
        ? (r.duplicateClosedOn ?? today)
        : today)
  );
}

/** Business days from the day received to the day answered (or withdrawn, or so far); never negative. */
export function businessDaysTaken(
  receivedOn: string,
  r: LogRequestFacts,
  today: string,
  calendar: BusinessCalendar,
): number {
  return Math.max(0, calendar.businessDaysBetween(receivedOn, logEndDay(r, today)));
}

/** The five business days ran out without a first answer (request.rules.ts, POL §89(4)(a)). */
export function notAnsweredInTime(r: LogRequestFacts, overdueBefore: string): boolean {
  return missedDeadline(r, overdueBefore);
}
