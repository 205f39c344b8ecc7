/**
 * On-time rates, side by side: each site operator (the project's owner/operator company on the NOI record)
 * answering requests under ordinance L(4), and the Town answering its own under FOIL. Both have five
 * business days; both are counted the same way (answered on time as a share of the requests answered or
 * left unanswered past their due date, so those count against the rate; a request left unanswered past its
 * due date, or answered after it, was not answered in time). Aggregates only: never a
 * requester, never what was asked.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { operatorRequests, parties, projects } from '#db/schema.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { townDeadlineWindow } from '#lib/server/platform/time/calendar.ts';
import { onTimeRate, recordsRequestStats } from '#lib/server/records-requests/statistics.ts';
import { timeliness, type AnswerFacts } from './request.rules.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';

export interface OnTimeRow {
  /** "The Town" or the operator company's name. */
  who: string;
  kind: 'town' | 'operator';
  received: number;
  answered: number;
  answeredOnTime: number;
  /** Whole percent answered on time of those answered or missed (onTimeRate); null when there are none. */
  onTimePercent: number | null;
  /** Answered after the due date, or not answered by it (still open, or withdrawn after it). */
  notAnsweredInTime: number;
  /** Waiting for an answer, due date not yet passed. */
  open: number;
  withdrawn: number;
}

/** The name used when the NOI record names no owner/operator company. */
export const UNNAMED_OPERATOR = 'Operator not named on the NOI';

/** One row per operator company, most requests first (then by name), from each request's facts. */
export function operatorOnTimeRows(
  rows: Array<AnswerFacts & { operator: string | null }>,
  overdueBefore: string,
): OnTimeRow[] {
  const by = new Map<string, OnTimeRow>();
  for (const r of rows) {
    const who = r.operator?.trim() || UNNAMED_OPERATOR;
    const row = by.get(who) ?? {
      who,
      kind: 'operator' as const,
      received: 0,
      answered: 0,
      answeredOnTime: 0,
      onTimePercent: null,
      notAnsweredInTime: 0,
      open: 0,
      withdrawn: 0,
    };
    by.set(who, row);
    row.received++;
    const t = timeliness(r, overdueBefore);
    if (t === 'on_time' || t === 'late') row.answered++;
    if (t === 'on_time') row.answeredOnTime++;
    if (t === 'late' || t === 'missed') row.notAnsweredInTime++;
    if (t === 'pending') row.open++;
    if (t === 'withdrawn') row.withdrawn++;
  }
  return (
    [...by.values()]
      // A request missed and never answered is in notAnsweredInTime but not in answered: it counts against the rate.
      .map((r) => ({ ...r, onTimePercent: onTimeRate(r.answeredOnTime, r.answeredOnTime + r.notAnsweredInTime) }))
      .sort((a, b) => b.received - a.received || a.who.localeCompare(b.who))
  );
}

/** The facts of each request to an operator of a published project (of the given projects, if any are given). */
export function operatorRequestFacts(
  db: Db,
  projectIds?: number[],
): Promise<Array<AnswerFacts & { projectId: number }>> {
  return (
    db
      .select({
        projectId: operatorRequests.projectId,
        status: operatorRequests.status,
        dueOn: operatorRequests.dueOn,
        answeredOn: operatorRequests.answeredOn,
        availableOn: operatorRequests.availableOn,
        withdrawnOn: operatorRequests.withdrawnOn,
      })
      .from(operatorRequests)
      // Only published projects: an unpublished one's operator is not named in public.
      .innerJoin(projects, and(eq(projects.id, operatorRequests.projectId), eq(projects.published, true)))
      .where(projectIds ? inArray(operatorRequests.projectId, projectIds) : undefined)
  );
}

/** The Town first, then each operator. */
export function onTimeStatistics(db: Db, now = new Date()): Promise<OnTimeRow[]> {
  return readSnapshotAsync(db, () => readOnTime(db, now));
}

async function readOnTime(db: Db, now: Date): Promise<OnTimeRow[]> {
  const { overdueBefore } = await townDeadlineWindow(db, now);
  const foil = (await recordsRequestStats(db, now)).total;
  const owners = new Map(
    (
      await db
        .select({ projectId: parties.projectId, company: parties.companyName })
        .from(parties)
        .where(eq(parties.role, 'owner_operator'))
    ).map((p) => [p.projectId, p.company] as const),
  );
  const rows = await operatorRequestFacts(db);
  const townRow: OnTimeRow = {
    who: `The ${(await townAsync(db)).kindWord}`,
    kind: 'town',
    received: foil.received,
    answered: foil.answered,
    answeredOnTime: foil.answeredOnTime,
    onTimePercent: foil.onTimePercent,
    notAnsweredInTime: foil.notAnsweredInTime,
    open: foil.open - foil.overdue,
    withdrawn: foil.withdrawn,
  };
  return [
    townRow,
    ...operatorOnTimeRows(
      rows.map((r) => ({ ...r, operator: owners.get(r.projectId) ?? null })),
      overdueBefore,
    ),
  ];
}

export const ON_TIME_FIELDS = [
  {
    name: 'who',
    description:
      'Who answers: the municipality (named by its kind, like The Village; its own copies, under the Freedom of Information Law) or a site operator, by the owner/operator company named on the project’s notice of intent (ordinance Subsection L(4)).',
  },
  { name: 'kind', description: '"town" or "operator".' },
  { name: 'received', description: 'Requests received, all time.' },
  {
    name: 'answered',
    description:
      'Requests answered: for the municipality, records provided or denied in writing; for an operator, records made available (copies provided or an inspection offered).',
  },
  {
    name: 'answered_on_time',
    description:
      'Answered by close of business on the fifth business day after receipt. For an operator, an inspection offered for a later day is not on time.',
  },
  {
    name: 'on_time_percent',
    description:
      'answered_on_time as a whole percent of answered_on_time plus not_answered_in_time: a request left unanswered past its due date counts against it; empty when there are none.',
  },
  {
    name: 'not_answered_in_time',
    description: 'Not answered within the five business days: answered late, or still unanswered after the due date.',
  },
  { name: 'open', description: 'Waiting for an answer, with the due date not yet passed.' },
  { name: 'withdrawn', description: 'Withdrawn by the requester before an answer was due.' },
] as const;

export function onTimeRow(r: OnTimeRow) {
  return {
    who: r.who,
    kind: r.kind,
    received: r.received,
    answered: r.answered,
    answered_on_time: r.answeredOnTime,
    on_time_percent: r.onTimePercent,
    not_answered_in_time: r.notAnsweredInTime,
    open: r.open,
    withdrawn: r.withdrawn,
  };
}
