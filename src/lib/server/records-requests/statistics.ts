/**
 * Accountability statistics for records requests, per month received: how many came in, how many were
 * answered (fulfilled or denied) by the statutory due date, the median days to answer, how many ran past
 * the five business days unanswered (a denial under POL §89(4)(a)), how many were granted only in part or
 * denied, and the appeals (received, granted, denied, answered late).
 * Aggregates only: no requester, no description, nothing that identifies a request.
 */
import { inArray } from 'drizzle-orm';
import { daysBetween } from '#lib/shared/days.ts';
import { recordsRequests, requestAppeals, requestItems } from '#db/schema.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { townDeadlineWindow } from '#lib/server/platform/time/calendar.ts';
import { appealAnsweredLate, type AppealOutcome } from './appeals.rules.ts';
import { missedDeadline } from './request.rules.ts';
import { NO_RECORD_DECISIONS } from './item-decisions.rules.ts';
import { answeredOn, answeredOnTime } from './public-log.rules.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import type { DeliveryMethod, RequestStatus } from '#db/schema.ts';

export interface RequestFacts {
  receivedAt: Date;
  /** Statutory due date (local day). */
  dueOn: string;
  status: string;
  fulfilledOn: string | null;
  deniedOn: string | null;
  acknowledgedOn?: string | null;
  withdrawnOn?: string | null;
  /** The day the clerk closed it as a duplicate of another request. */
  duplicateClosedOn?: string | null;
  /** Paper copies: picked up answers the day they were ready (public-log.rules.ts answeredOn). */
  delivery?: DeliveryMethod;
  copiesReadyOn?: string | null;
  /** The date given with the acknowledgment, and the day first billed: the promise is a time limit too (decision 0063). */
  promisedOn?: string | null;
  billedOn?: string | null;
  /** Items the clerk withheld in writing (denied or granted in part). */
  withheldItems?: number;
  /** Items certified as records the Town does not have or could not find (POL §89(3)(a)): not denials. */
  noRecordItems?: number;
  appeals?: Array<{ dueOn: string; decidedOn: string | null; outcome: AppealOutcome }>;
}

export interface MonthStats {
  /** YYYY-MM, the month received (town time). */
  month: string;
  received: number;
  answered: number;
  answeredOnTime: number;
  /**
   * The requests the on-time rate counts: every one answered, and every one whose due date passed without an
   * answer (still open, or withdrawn or closed as a duplicate after it). ON_TIME_RATE_DEFINITION says it.
   */
  countedForRate: number;
  /** Whole percent of countedForRate answered by the due date; null while none is counted. */
  onTimePercent: number | null;
  /** Calendar days from the day received to the day answered (median of answered); null when none. */
  medianDaysToAnswer: number | null;
  withdrawn: number;
  /** Closed as a duplicate of another request: answered there. */
  closedAsDuplicate: number;
  /** Not yet answered, withdrawn or closed as a duplicate. */
  open: number;
  /** Open and past the due date as of `today`. */
  overdue: number;
  /** A time limit missed: the five business days unanswered, or the date given with the acknowledgment passed (POL §89(4)(a)). */
  notAnsweredInTime: number;
  /** Fulfilled with something withheld in writing. */
  grantedInPart: number;
  /** Denied in writing as a whole. */
  denied: number;
  /** Requests with an item certified as no record (not held, or not found after a diligent search): apart from denials. */
  certifiedNoRecord: number;
  appeals: number;
  appealsGranted: number;
  appealsDenied: number;
  /** Appeals answered after the 10 business days, or unanswered past them. */
  appealsAnsweredLate: number;
}

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((x, y) => x - y);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * The on-time rate in words, printed beside it. A rate over answered requests alone reads 100% while a
 * request lies unanswered past its due date; the requests never answered in time count against it here.
 */
export const ON_TIME_RATE_DEFINITION =
  'On time: of the requests answered, or whose five business days have run out without an answer, the share answered (records provided or denied in writing) by close of business on the due date. A request still unanswered after its due date, or withdrawn after it, counts against the rate.';

/** answered_on_time as a whole percent of the requests counted; null when none is counted. */
export function onTimeRate(answeredOnTime: number, counted: number): number | null {
  return counted ? Math.round((100 * answeredOnTime) / counted) : null;
}

/** Pure: per-month statistics, newest month first, plus a total over all months. */
export function monthlyRequestStats(
  rows: RequestFacts[],
  today: string,
  overdueBefore = today,
): { months: MonthStats[]; total: MonthStats } {
  const byMonth = new Map<string, { stats: MonthStats; days: number[] }>();
  const blank = (month: string): MonthStats => ({
    month,
    received: 0,
    answered: 0,
    answeredOnTime: 0,
    countedForRate: 0,
    onTimePercent: null,
    medianDaysToAnswer: null,
    withdrawn: 0,
    closedAsDuplicate: 0,
    open: 0,
    overdue: 0,
    notAnsweredInTime: 0,
    grantedInPart: 0,
    denied: 0,
    certifiedNoRecord: 0,
    appeals: 0,
    appealsGranted: 0,
    appealsDenied: 0,
    appealsAnsweredLate: 0,
  });
  const all = { stats: blank('all'), days: [] as number[] };
  for (const r of rows) {
    const receivedOn = townToday(r.receivedAt);
    const month = receivedOn.slice(0, 7);
    let m = byMonth.get(month);
    if (!m) byMonth.set(month, (m = { stats: blank(month), days: [] }));
    for (const t of [m, all]) {
      t.stats.received++;
      const answered = answeredOn(r);
      if (answered) {
        t.stats.answered++;
        if (answeredOnTime(r)) t.stats.answeredOnTime++;
        t.days.push(Math.max(0, daysBetween(receivedOn, answered)));
      } else if (r.status === 'withdrawn') t.stats.withdrawn++;
      else if (r.status === 'closed_duplicate') t.stats.closedAsDuplicate++;
      else {
        t.stats.open++;
        if (r.dueOn < today) t.stats.overdue++;
      }
      const facts = {
        status: r.status as RequestStatus,
        dueOn: r.dueOn,
        acknowledgedOn: r.acknowledgedOn ?? null,
        fulfilledOn: r.fulfilledOn,
        deniedOn: r.deniedOn,
        withdrawnOn: r.withdrawnOn ?? null,
        duplicateClosedOn: r.duplicateClosedOn ?? null,
        delivery: r.delivery,
        copiesReadyOn: r.copiesReadyOn ?? null,
        promisedOn: r.promisedOn ?? null,
        billedOn: r.billedOn ?? null,
      };
      const missed = missedDeadline(facts, overdueBefore);
      if (missed) t.stats.notAnsweredInTime++;
      if (answered || missed) t.stats.countedForRate++;
      if (r.status === 'denied') t.stats.denied++;
      if (r.status === 'fulfilled' && (r.withheldItems ?? 0) > 0) t.stats.grantedInPart++;
      if ((r.noRecordItems ?? 0) > 0) t.stats.certifiedNoRecord++;
      for (const a of r.appeals ?? []) {
        t.stats.appeals++;
        if (a.outcome === 'granted' || a.outcome === 'granted_in_part') t.stats.appealsGranted++;
        if (a.outcome === 'denied') t.stats.appealsDenied++;
        if (appealAnsweredLate(a, overdueBefore)) t.stats.appealsAnsweredLate++;
      }
    }
  }
  const finish = (t: { stats: MonthStats; days: number[] }) => ({
    ...t.stats,
    onTimePercent: onTimeRate(t.stats.answeredOnTime, t.stats.countedForRate),
    medianDaysToAnswer: median(t.days),
  });
  return {
    months: [...byMonth.values()].map(finish).sort((a, b) => b.month.localeCompare(a.month)),
    total: finish(all),
  };
}

/** The statistics over every request, read in one snapshot. */
export function recordsRequestStats(db: Db, now = new Date()) {
  return readSnapshotAsync(db, () => readStats(db, now));
}

async function readStats(db: Db, now: Date) {
  const rows = await db
    .select({
      receivedAt: recordsRequests.receivedAt,
      dueOn: recordsRequests.dueOn,
      status: recordsRequests.status,
      fulfilledOn: recordsRequests.fulfilledOn,
      deniedOn: recordsRequests.deniedOn,
      acknowledgedOn: recordsRequests.acknowledgedOn,
      withdrawnOn: recordsRequests.withdrawnOn,
      duplicateClosedOn: recordsRequests.duplicateClosedOn,
      delivery: recordsRequests.delivery,
      copiesReadyOn: recordsRequests.copiesReadyOn,
      promisedOn: recordsRequests.promisedOn,
      billedOn: recordsRequests.billedOn,
      id: recordsRequests.id,
    })
    .from(recordsRequests);
  const withheld = new Map<number, number>();
  for (const i of await db
    .select({ requestId: requestItems.requestId })
    .from(requestItems)
    .where(inArray(requestItems.decision, ['denied', 'granted_in_part']))) {
    withheld.set(i.requestId, (withheld.get(i.requestId) ?? 0) + 1);
  }
  const noRecord = new Map<number, number>();
  for (const i of await db
    .select({ requestId: requestItems.requestId })
    .from(requestItems)
    .where(inArray(requestItems.decision, [...NO_RECORD_DECISIONS]))) {
    noRecord.set(i.requestId, (noRecord.get(i.requestId) ?? 0) + 1);
  }
  const appeals = new Map<number, NonNullable<RequestFacts['appeals']>>();
  for (const a of await db
    .select({
      requestId: requestAppeals.requestId,
      dueOn: requestAppeals.dueOn,
      decidedOn: requestAppeals.decidedOn,
      outcome: requestAppeals.outcome,
    })
    .from(requestAppeals)) {
    const list = appeals.get(a.requestId) ?? [];
    list.push(a);
    appeals.set(a.requestId, list);
  }
  const { today, overdueBefore } = await townDeadlineWindow(db, now);
  return monthlyRequestStats(
    rows.map((r) => ({
      ...r,
      withheldItems: withheld.get(r.id) ?? 0,
      noRecordItems: noRecord.get(r.id) ?? 0,
      appeals: appeals.get(r.id) ?? [],
    })),
    today,
    overdueBefore,
  );
}

export const STATS_FIELDS = [
  { name: 'month', description: 'Month the requests were received (YYYY-MM, local time, America/New_York).' },
  { name: 'received', description: 'Requests received that month.' },
  { name: 'answered', description: 'Of those, requests answered: records provided (fulfilled) or denied in writing.' },
  {
    name: 'answered_on_time',
    description: 'Answered on or before the statutory due date (five business days after the day of receipt).',
  },
  {
    name: 'counted_for_rate',
    description:
      'Requests the on-time rate counts: all answered, plus those whose due date passed without an answer (still open, or withdrawn or closed as a duplicate after it).',
  },
  {
    name: 'on_time_percent',
    description:
      'answered_on_time as a whole percent of counted_for_rate, so a request left unanswered past its due date counts against it; empty when none is counted.',
  },
  {
    name: 'median_days_to_answer',
    description: 'Median calendar days from the day received to the day answered; empty when none were answered.',
  },
  { name: 'withdrawn', description: 'Withdrawn by the requester before an answer.' },
  {
    name: 'closed_as_duplicate',
    description:
      'Closed by the clerk as a duplicate of another request of the same requester: the records are answered on that request.',
  },
  {
    name: 'open',
    description: 'Not yet answered (acknowledged, awaiting clarification, cost approval or payment, or just received).',
  },
  { name: 'overdue', description: 'Open and past the due date today.' },
  {
    name: 'not_answered_in_time',
    description:
      'Not answered (acknowledged, granted or denied) within the five business days: a denial the requester may appeal (Public Officers Law §89(4)(a)). A later answer does not change it.',
  },
  {
    name: 'granted_in_part',
    description:
      'Fulfilled with some records withheld in writing, item by item, on a ground of Public Officers Law §87(2).',
  },
  { name: 'denied', description: 'Denied in writing as a whole.' },
  {
    name: 'certified_no_record',
    description:
      'Requests with a record the agency certified it does not have, or could not find after a diligent search (Public Officers Law §89(3)(a)). Not a denial, and counted apart from granted_in_part and denied.',
  },
  {
    name: 'appeals',
    description: 'Appeals to the Records Access Appeals Officer on the requests received that month.',
  },
  { name: 'appeals_granted', description: 'Of those, appeals granted in whole or in part.' },
  { name: 'appeals_denied', description: 'Of those, appeals denied.' },
  {
    name: 'appeals_answered_late',
    description: 'Appeals answered after the 10 business days the law gives, or still unanswered after them.',
  },
] as const;

export function statsRow(m: MonthStats) {
  return {
    month: m.month,
    received: m.received,
    answered: m.answered,
    answered_on_time: m.answeredOnTime,
    counted_for_rate: m.countedForRate,
    on_time_percent: m.onTimePercent,
    median_days_to_answer: m.medianDaysToAnswer,
    withdrawn: m.withdrawn,
    closed_as_duplicate: m.closedAsDuplicate,
    open: m.open,
    overdue: m.overdue,
    not_answered_in_time: m.notAnsweredInTime,
    granted_in_part: m.grantedInPart,
    denied: m.denied,
    certified_no_record: m.certifiedNoRecord,
    appeals: m.appeals,
    appeals_granted: m.appealsGranted,
    appeals_denied: m.appealsDenied,
    appeals_answered_late: m.appealsAnsweredLate,
  };
}
