/**
 * The clerk's queue: open requests ordered by the date the town must next act by (respond_by), flagged
 * overdue / due today / due soon (two business days), with filters, search and a CSV export.
 */
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { CHANNEL_LABEL, deliveryLabel, REQUEST_STATUS_LABEL } from '#lib/shared/labels.ts';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  REQUEST_STATUSES,
  invoiceLines,
  invoices,
  payments,
  projects,
  recordsRequests,
  type RequestStatus,
} from '#db/schema.ts';
import { townDeadlineWindow } from '#lib/server/platform/time/calendar.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { containsText, requestSearch } from '#lib/server/platform/db/sql.ts';
import { deadlineFlag, type DeadlineFlag, type DeadlineWindow } from '#lib/server/platform/time/deadlines.rules.ts';
import { OPEN_STATUSES, type RequestChannel } from './request.rules.ts';
import { possibleDuplicates } from './near-duplicates.ts';

export const QUEUE_FLAGS = {
  overdue: 'Overdue',
  due_today: 'Due today',
  due_soon: 'Due soon (2 business days)',
} as const satisfies Record<DeadlineFlag, string>;
export const QUEUE_STATUS_CHOICES: Record<string, string> = {
  open: 'All open',
  all: 'All, open and closed',
  ...REQUEST_STATUS_LABEL,
};
const CHANNELS = Object.keys(CHANNEL_LABEL) as RequestChannel[];

export interface QueueQuery {
  status: 'open' | 'all' | RequestStatus;
  flag?: DeadlineFlag;
  project?: string;
  channel?: RequestChannel;
  q?: string;
  page: number;
  perPage: number;
}

/** Untrusted query-string values → a valid query (unknown values are dropped). */
export function parseQueueQuery(params: URLSearchParams): QueueQuery {
  const status = params.get('status') ?? 'open';
  const flag = params.get('flag') ?? '';
  const channel = params.get('channel') ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const clean = (v: string | null) => (v ?? '').trim().slice(0, 200) || undefined;
  return {
    status:
      status === 'open' || status === 'all' || (REQUEST_STATUSES as readonly string[]).includes(status)
        ? (status as QueueQuery['status'])
        : 'open',
    flag: flag in QUEUE_FLAGS ? (flag as DeadlineFlag) : undefined,
    channel: (CHANNELS as string[]).includes(channel) ? (channel as RequestChannel) : undefined,
    project: clean(params.get('project')),
    q: clean(params.get('q')),
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 1,
    perPage: 50,
  };
}

function whereFor(q: QueueQuery, w: DeadlineWindow): SQL | undefined {
  const parts: Array<SQL | undefined> = [];
  if (q.status === 'open') parts.push(inArray(recordsRequests.status, [...OPEN_STATUSES]));
  else if (q.status !== 'all') parts.push(eq(recordsRequests.status, q.status));
  if (q.channel) parts.push(eq(recordsRequests.channel, q.channel));
  if (q.flag === 'overdue')
    parts.push(and(isNotNull(recordsRequests.respondBy), lt(recordsRequests.respondBy, w.overdueBefore)));
  if (q.flag === 'due_today') parts.push(w.dueToday ? eq(recordsRequests.respondBy, w.dueToday) : sql`0`);
  if (q.flag === 'due_soon')
    parts.push(and(gt(recordsRequests.respondBy, w.today), lte(recordsRequests.respondBy, w.dueSoonThrough)));
  if (q.project) {
    parts.push(or(containsText(q.project, projects.name), eq(projects.slug, q.project)));
  }
  if (q.q) parts.push(requestSearch(q.q));
  return and(...parts);
}

// The town's next deadline first; requests waiting for the requester (no deadline) after them.
// Matches records_requests_queue_idx, so a page is read in index order without sorting every request.
const ORDER = [
  sql`(respond_by is null)`,
  asc(recordsRequests.respondBy),
  asc(recordsRequests.dueOn),
  asc(recordsRequests.receivedAt),
  asc(recordsRequests.id),
];

/** The ids of the requests the filters match, in queue order (a project filter joins the projects). */
function matchingIds(db: Db, q: QueueQuery, where: SQL | undefined) {
  return (
    q.project
      ? db
          .select({ id: recordsRequests.id })
          .from(recordsRequests)
          .leftJoin(projects, eq(projects.id, recordsRequests.projectId))
      : db.select({ id: recordsRequests.id }).from(recordsRequests)
  )
    .where(where)
    .orderBy(...ORDER);
}

const columns = {
  id: recordsRequests.id,
  number: recordsRequests.number,
  status: recordsRequests.status,
  channel: recordsRequests.channel,
  receivedAt: recordsRequests.receivedAt,
  dueOn: recordsRequests.dueOn,
  respondBy: recordsRequests.respondBy,
  acknowledgedOn: recordsRequests.acknowledgedOn,
  promisedOn: recordsRequests.promisedOn,
  delivery: recordsRequests.delivery,
  requesterName: recordsRequests.requesterName,
  description: recordsRequests.description,
  projectName: projects.name,
  projectSlug: projects.slug,
  /** The requester answered the clerk's question on this day (the request is at the top until the Town acts; 0029). */
  clarificationAnsweredOn: recordsRequests.clarificationAnsweredOn,
  /** An appeal granted: the records are owed by this day (decision 0065). */
  accessDueOn: recordsRequests.accessDueOn,
};

/**
 * Requests reopened by a granted appeal and not yet answered again (the Town's next act is the grant it
 * owes): the clerk's queue lists them first, whatever the filters, soonest owed first.
 */
export async function appealGrantsToCarryOut(db: Db, now = new Date()) {
  const window = await townDeadlineWindow(db, now);
  const rows = await db
    .select(columns)
    .from(recordsRequests)
    .leftJoin(projects, eq(projects.id, recordsRequests.projectId))
    .where(
      and(
        inArray(recordsRequests.status, [...OPEN_STATUSES]),
        isNotNull(recordsRequests.accessDueOn),
        eq(recordsRequests.respondBy, recordsRequests.accessDueOn),
      ),
    )
    .orderBy(asc(recordsRequests.accessDueOn), asc(recordsRequests.id));
  return rows.map((r) => ({ ...r, flag: deadlineFlag(r.respondBy, window) }));
}

/** A page of the queue, read in one snapshot (its total, its rows and the summary's counts agree). */
export function loadQueue(db: Db, q: QueueQuery, now = new Date()) {
  return readSnapshotAsync(db, () => readQueue(db, q, now));
}

async function readQueue(db: Db, q: QueueQuery, now: Date) {
  const window = await townDeadlineWindow(db, now);
  const where = whereFor(q, window);
  const counting = db.select({ n: sql<number>`count(*)` }).from(recordsRequests);
  const [{ n: total }] = (await (
    q.project ? counting.leftJoin(projects, eq(projects.id, recordsRequests.projectId)) : counting
  ).where(where)) as [{ n: number }];
  // Two steps: the page's ids in queue order (from the index, no row payload to sort), then those rows.
  const ids = (
    await matchingIds(db, q, where)
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
  ).map((r) => r.id);
  const byId = new Map(
    (ids.length
      ? await db
          .select(columns)
          .from(recordsRequests)
          .leftJoin(projects, eq(projects.id, recordsRequests.projectId))
          .where(inArray(recordsRequests.id, ids))
      : []
    ).map((r) => [r.id, r]),
  );
  // "Possible duplicate of R-…" (the same address asked for the same records minutes earlier; decision 0031).
  const duplicates = await possibleDuplicates(db, ids);
  const rows = ids
    .map((id) => byId.get(id)!)
    .map((r) => ({ ...r, flag: deadlineFlag(r.respondBy, window), possibleDuplicateOf: duplicates.get(r.id) ?? null }));
  // The flag counts over all open requests, whatever the filters, for the summary line.
  const [counts] = (await db
    .select({
      open: sql<number>`count(*)`,
      overdue: sql<number>`coalesce(sum(${recordsRequests.respondBy} < ${window.overdueBefore}), 0)`,
      dueToday: sql<number>`coalesce(sum(${recordsRequests.respondBy} = ${window.dueToday ?? ''}), 0)`,
      dueSoon: sql<number>`coalesce(sum(${recordsRequests.respondBy} > ${window.today} and ${recordsRequests.respondBy} <= ${window.dueSoonThrough}), 0)`,
      waiting: sql<number>`coalesce(sum(${recordsRequests.respondBy} is null), 0)`,
    })
    .from(recordsRequests)
    .where(inArray(recordsRequests.status, [...OPEN_STATUSES]))) as [
    { open: number; overdue: number; dueToday: number; dueSoon: number; waiting: number },
  ];
  return {
    rows,
    total,
    pages: Math.max(1, Math.ceil(total / q.perPage)),
    counts,
    window,
    appealGrants: await appealGrantsToCarryOut(db, now),
  };
}

export const CSV_HEADER = [
  'Number',
  'Status',
  'Flag',
  'Channel',
  'Received',
  'Due (5 business days)',
  'Acknowledged',
  'Promised',
  'Respond by',
  'Project',
  'Delivery',
  'Requester',
  'Email',
  'Phone',
  'Description',
  'Invoice',
  'Invoice total',
  'Paid',
  'Balance',
  'Fulfilled',
  'Denied',
  'Withdrawn',
];

/**
 * Every request matching the filters (no paging), as CSV rows in chunks, so a large
 * export neither holds every row at once nor blocks the server while it is written. Staff only: it
 * carries contact details.
 */
export async function* queueCsvChunks(
  db: Db,
  q: QueueQuery,
  now = new Date(),
  chunkSize = 1000,
): AsyncGenerator<unknown[][]> {
  const window = await townDeadlineWindow(db, now);
  const delivery = deliveryLabel((await townAsync(db)).hall);
  // Invoice totals in three grouped passes, rather than subqueries per request.
  const current = new Map<number, { id: number; number: string; status: string; discountCents: number }>();
  for (const inv of await db
    .select({
      id: invoices.id,
      requestId: invoices.requestId,
      number: invoices.number,
      status: invoices.status,
      discountCents: invoices.discountCents,
    })
    .from(invoices)
    .where(and(isNull(invoices.voidedAt), ne(invoices.status, 'void')))
    .orderBy(asc(invoices.id))) {
    current.set(inv.requestId, inv);
  }
  const sums = (rows: Array<{ id: number; cents: number | null }>) => new Map(rows.map((r) => [r.id, r.cents ?? 0]));
  const lineTotals = sums(
    await db
      .select({ id: invoiceLines.invoiceId, cents: sql<number | null>`sum(${invoiceLines.amountCents})` })
      .from(invoiceLines)
      .groupBy(invoiceLines.invoiceId),
  );
  const paidTotals = sums(
    await db
      .select({ id: payments.invoiceId, cents: sql<number | null>`sum(${payments.amountCents})` })
      .from(payments)
      .groupBy(payments.invoiceId),
  );
  // The ids in queue order first (from the index), then the rows a chunk at a time: no cursor stays
  // open on the shared connection between chunks.
  const where = whereFor(q, window);
  const ids = (await matchingIds(db, q, where)).map((r) => r.id);
  const fetchRows = async (chunkIds: number[]) => {
    const got = await db
      .select({
        id: recordsRequests.id,
        number: recordsRequests.number,
        status: recordsRequests.status,
        channel: recordsRequests.channel,
        receivedAt: recordsRequests.receivedAt,
        dueOn: recordsRequests.dueOn,
        acknowledgedOn: recordsRequests.acknowledgedOn,
        promisedOn: recordsRequests.promisedOn,
        respondBy: recordsRequests.respondBy,
        projectName: projects.name,
        delivery: recordsRequests.delivery,
        requesterName: recordsRequests.requesterName,
        requesterEmail: recordsRequests.requesterEmail,
        requesterPhone: recordsRequests.requesterPhone,
        description: recordsRequests.description,
        fulfilledOn: recordsRequests.fulfilledOn,
        deniedOn: recordsRequests.deniedOn,
        withdrawnOn: recordsRequests.withdrawnOn,
      })
      .from(recordsRequests)
      .leftJoin(projects, eq(projects.id, recordsRequests.projectId))
      .where(inArray(recordsRequests.id, chunkIds));
    const byId = new Map(got.map((r) => [r.id, r]));
    return chunkIds.map((id) => byId.get(id)!);
  };
  const dollars = (c: number | null | undefined) => (c == null ? '' : (c / 100).toFixed(2));
  for (let k = 0; k < ids.length; k += chunkSize) {
    yield (await fetchRows(ids.slice(k, k + chunkSize))).map((r) => {
      const flag = deadlineFlag(r.respondBy, window);
      const inv = current.get(r.id);
      const total = inv ? Math.max(0, (lineTotals.get(inv.id) ?? 0) - inv.discountCents) : null;
      const paid = inv ? (paidTotals.get(inv.id) ?? 0) : null;
      return [
        r.number,
        REQUEST_STATUS_LABEL[r.status],
        flag ? QUEUE_FLAGS[flag] : '',
        CHANNEL_LABEL[r.channel],
        r.receivedAt.toISOString(),
        r.dueOn,
        r.acknowledgedOn ?? '',
        r.promisedOn ?? '',
        r.respondBy ?? '',
        r.projectName ?? '',
        delivery[r.delivery],
        r.requesterName,
        r.requesterEmail ?? '',
        r.requesterPhone ?? '',
        r.description ?? '',
        inv ? `${inv.number}${inv.status === 'draft' ? ' (draft)' : ''}` : '',
        dollars(total),
        dollars(paid),
        total == null ? '' : dollars(inv!.status === 'issued' ? Math.max(0, total - (paid ?? 0)) : 0),
        r.fulfilledOn ?? '',
        r.deniedOn ?? '',
        r.withdrawnOn ?? '',
      ];
    });
  }
}
