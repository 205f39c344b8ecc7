/**
 * Accountability statistics for records requests, per month received: how many came in, how many were
 * answered (fulfilled or denied) by the statutory due date, and the median days to answer.
 * Aggregates only: no requester, no description, nothing that identifies a request.
 */
import { daysBetween } from '#lib/shared/days.ts';
import { recordsRequests } from '#db/schema.ts';
import type { DB } from '#lib/server/platform/db.ts';

import { townToday } from '#lib/server/platform/time/town-time.ts';

export interface RequestFacts {
  receivedAt: Date;
  /** Statutory due date (local day). */
  dueOn: string;
  status: string;
  fulfilledOn: string | null;
  deniedOn: string | null;
}

export interface MonthStats {
  /** YYYY-MM, the month received (town time). */
  month: string;
  received: number;
  answered: number;
  answeredOnTime: number;
  /** Whole percent of answered requests answered by the due date; null when none answered. */
  onTimePercent: number | null;
  /** Calendar days from the day received to the day answered (median of answered); null when none. */
  medianDaysToAnswer: number | null;
  withdrawn: number;
  /** Not yet answered or withdrawn. */
  open: number;
  /** Open and past the due date as of `today`. */
  overdue: number;
}

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((x, y) => x - y);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Pure: per-month statistics, newest month first, plus a total over all months. */
export function monthlyRequestStats(rows: RequestFacts[], today: string): { months: MonthStats[]; total: MonthStats } {
  const byMonth = new Map<string, { stats: MonthStats; days: number[] }>();
  const blank = (month: string): MonthStats => ({ month, received: 0, answered: 0, answeredOnTime: 0, onTimePercent: null, medianDaysToAnswer: null, withdrawn: 0, open: 0, overdue: 0 });
  const all = { stats: blank('all'), days: [] as number[] };
  for (const r of rows) {
    const receivedOn = townToday(r.receivedAt);
    const month = receivedOn.slice(0, 7);
    let m = byMonth.get(month);
    if (!m) byMonth.set(month, (m = { stats: blank(month), days: [] }));
    for (const t of [m, all]) {
      t.stats.received++;
      const answeredOn = r.status === 'fulfilled' ? r.fulfilledOn : r.status === 'denied' ? r.deniedOn : null;
      if (answeredOn) {
        t.stats.answered++;
        if (answeredOn <= r.dueOn) t.stats.answeredOnTime++;
        t.days.push(Math.max(0, daysBetween(receivedOn, answeredOn)));
      } else if (r.status === 'withdrawn') t.stats.withdrawn++;
      else {
        t.stats.open++;
        if (r.dueOn < today) t.stats.overdue++;
      }
    }
  }
  const finish = (t: { stats: MonthStats; days: number[] }) => ({
    ...t.stats,
    onTimePercent: t.stats.answered ? Math.round((100 * t.stats.answeredOnTime) / t.stats.answered) : null,
    medianDaysToAnswer: median(t.days),
  });
  return { months: [...byMonth.values()].map(finish).sort((a, b) => b.month.localeCompare(a.month)), total: finish(all) };
}

export function recordsRequestStats(db: DB, now = new Date()) {
  const rows = db
    .select({
      receivedAt: recordsRequests.receivedAt,
      dueOn: recordsRequests.dueOn,
      status: recordsRequests.status,
      fulfilledOn: recordsRequests.fulfilledOn,
      deniedOn: recordsRequests.deniedOn,
    })
    .from(recordsRequests)
    .all();
  return monthlyRequestStats(rows, townToday(now));
}

export const STATS_FIELDS = [
  { name: 'month', description: 'Month the requests were received (YYYY-MM, town time).' },
  { name: 'received', description: 'Requests received that month.' },
  { name: 'answered', description: 'Of those, requests answered: records provided (fulfilled) or denied in writing.' },
  { name: 'answered_on_time', description: 'Answered on or before the statutory due date (five business days after the day of receipt).' },
  { name: 'on_time_percent', description: 'answered_on_time as a whole percent of answered; empty when none were answered.' },
  { name: 'median_days_to_answer', description: 'Median calendar days from the day received to the day answered; empty when none were answered.' },
  { name: 'withdrawn', description: 'Withdrawn by the requester before an answer.' },
  { name: 'open', description: 'Not yet answered (acknowledged, awaiting cost approval or payment, or just received).' },
  { name: 'overdue', description: 'Open and past the due date today.' },
] as const;

export function statsRow(m: MonthStats) {
  return {
    month: m.month,
    received: m.received,
    answered: m.answered,
    answered_on_time: m.answeredOnTime,
    on_time_percent: m.onTimePercent,
    median_days_to_answer: m.medianDaysToAnswer,
    withdrawn: m.withdrawn,
    open: m.open,
    overdue: m.overdue,
  };
}
