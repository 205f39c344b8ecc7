/**
 * The duplicate guard's reads (rules in near-duplicates.rules.ts): the earlier request a new one from the
 * form would repeat, and the queue's "possible duplicate of R-…" marks for a page of requests. Both read
 * one address's recent requests through records_requests_email_idx and their items in one query.
 */
import { and, desc, eq, gte, inArray, isNull, lte, ne } from 'drizzle-orm';
import { recordsRequests, requestItems } from '#db/schema.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import {
  NEAR_DUPLICATE_MINUTES,
  duplicateWarning,
  isNearDuplicate,
  minutesAgo,
  type DuplicateCandidate,
  type RequestedRecords,
} from './near-duplicates.rules.ts';
import { submissionKeyHash } from './request.rules.ts';

const WINDOW_MS = NEAR_DUPLICATE_MINUTES * 60_000;

type Reader = Pick<Db, 'select'>;

/** What each request asked for (its items, not what the clerk attached). */
async function recordsOf(db: Reader, ids: number[]): Promise<Map<number, RequestedRecords>> {
  const out = new Map<number, RequestedRecords>(ids.map((id) => [id, { documentIds: [], ranges: [], freeText: null }]));
  if (!ids.length) return out;
  const items = await db
    .select({
      requestId: requestItems.requestId,
      documentId: requestItems.documentId,
      documentType: requestItems.documentType,
      dateFrom: requestItems.dateFrom,
      dateTo: requestItems.dateTo,
      description: requestItems.description,
    })
    .from(requestItems)
    .where(and(inArray(requestItems.requestId, ids), isNull(requestItems.addedByUserId)));
  for (const i of items) {
    const r = out.get(i.requestId)!;
    if (i.documentId != null) r.documentIds.push(i.documentId);
    else if (i.documentType && i.dateFrom && i.dateTo)
      r.ranges.push({ type: i.documentType, from: i.dateFrom, to: i.dateTo });
    else if (i.description) r.freeText = i.description;
  }
  return out;
}

/**
 * The newest earlier request from the same address that this one would repeat, or undefined. A request
 * sent with the same one-time form key (a double click) is the same submission, not a duplicate; a
 * withdrawn request is not repeated by asking again.
 */
export async function findNearDuplicate(
  db: Reader,
  c: DuplicateCandidate,
  opts: { sameSubmissionKeyHash?: string | null } = {},
): Promise<{ number: string; minutes: number } | undefined> {
  if (!c.email) return undefined;
  const email = c.email.trim().toLowerCase();
  const earlier = (
    await db
      .select({
        id: recordsRequests.id,
        number: recordsRequests.number,
        projectId: recordsRequests.projectId,
        receivedAt: recordsRequests.receivedAt,
        keyHash: recordsRequests.submissionKeyHash,
      })
      .from(recordsRequests)
      .where(
        and(
          eq(recordsRequests.requesterEmail, email),
          gte(recordsRequests.receivedAt, new Date(c.receivedAt.getTime() - WINDOW_MS)),
          lte(recordsRequests.receivedAt, c.receivedAt),
          ne(recordsRequests.status, 'withdrawn'),
        ),
      )
      .orderBy(desc(recordsRequests.receivedAt))
  ).filter((r) => !(opts.sameSubmissionKeyHash && r.keyHash === opts.sameSubmissionKeyHash));
  const records = await recordsOf(
    db,
    earlier.map((r) => r.id),
  );
  const match = earlier.find((r) =>
    isNearDuplicate(
      { email, projectId: r.projectId, receivedAt: r.receivedAt, ...records.get(r.id)! },
      { ...c, email },
    ),
  );
  return match ? { number: match.number, minutes: minutesAgo(match.receivedAt, c.receivedAt) } : undefined;
}

/** For the queue: request id → the number of the earlier request it may repeat (same address, within minutes, overlapping records). */
export async function possibleDuplicates(db: Reader, ids: number[]): Promise<Map<number, string>> {
  const marks = new Map<number, string>();
  if (!ids.length) return marks;
  const rows = (
    await db
      .select({
        id: recordsRequests.id,
        email: recordsRequests.requesterEmail,
        projectId: recordsRequests.projectId,
        receivedAt: recordsRequests.receivedAt,
      })
      .from(recordsRequests)
      .where(inArray(recordsRequests.id, ids))
  ).filter((r) => r.email);
  if (!rows.length) return marks;
  const times = rows.map((r) => r.receivedAt.getTime());
  const candidates = await db
    .select({
      id: recordsRequests.id,
      number: recordsRequests.number,
      email: recordsRequests.requesterEmail,
      projectId: recordsRequests.projectId,
      receivedAt: recordsRequests.receivedAt,
    })
    .from(recordsRequests)
    .where(
      and(
        inArray(recordsRequests.requesterEmail, [...new Set(rows.map((r) => r.email!))]),
        gte(recordsRequests.receivedAt, new Date(Math.min(...times) - WINDOW_MS)),
        lte(recordsRequests.receivedAt, new Date(Math.max(...times))),
        ne(recordsRequests.status, 'withdrawn'),
      ),
    )
    .orderBy(desc(recordsRequests.receivedAt), desc(recordsRequests.id));
  const records = await recordsOf(db, [...new Set([...rows.map((r) => r.id), ...candidates.map((c) => c.id)])]);
  for (const r of rows) {
    const later = { ...r, ...records.get(r.id)! };
    // The newest earlier one (ties on the instant: the lower id came first).
    const match = candidates.find(
      (c) =>
        c.id !== r.id &&
        (c.receivedAt < r.receivedAt || (c.receivedAt.getTime() === r.receivedAt.getTime() && c.id < r.id)) &&
        isNearDuplicate({ ...c, ...records.get(c.id)! }, later),
    );
    if (match) marks.set(r.id, match.number);
  }
  return marks;
}

/**
 * The public form's check before sending: the warning to show beside "Send it anyway", or undefined.
 * `formKey` is the form's one-time key: a double click of the same form is answered by submit.ts, not warned.
 */
export async function nearDuplicateWarning(
  db: Reader,
  v: {
    email: string | undefined;
    selection: {
      project: { id: number } | null;
      documents: Array<{ id: number }>;
      reports?: { from: string; to: string };
      freeText?: string;
    };
    formKey: string;
  },
  now = new Date(),
): Promise<string | undefined> {
  const s = v.selection;
  const earlier = await findNearDuplicate(
    db,
    {
      email: v.email ?? null,
      projectId: s.project?.id ?? null,
      receivedAt: now,
      documentIds: s.documents.map((d) => d.id),
      ranges: s.reports ? [{ type: 'inspection_report', ...s.reports }] : [],
      freeText: s.freeText ?? null,
    },
    { sameSubmissionKeyHash: submissionKeyHash(v.formKey) },
  );
  return earlier ? duplicateWarning(earlier.number, earlier.minutes) : undefined;
}
