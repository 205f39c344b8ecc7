/**
 * Shared writes for requests to the operator: OR- numbers from a per-year sequence, timeline events,
 * updates, and the private tracking link (the same HMAC links as the Town's requests: records-requests/links.ts).
 */
import { eq } from 'drizzle-orm';
import { operatorRequestEvents, operatorRequests } from '#db/schema.ts';
import type { Tx } from '#lib/server/platform/audit.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import { hashToken, looksLikeToken } from '#lib/server/platform/tokens.ts';
import { trackingToken, trackUrl } from '#lib/server/records-requests/links.ts';
import { nextInSequence, nextInSequenceAsync } from '#lib/server/platform/sequences.ts';

export type OperatorRequestRow = typeof operatorRequests.$inferSelect;

/** The next OR-YYYY-NNNN (platform/sequences.ts, as the Town's R- and INV- numbers). */
export function nextOperatorNumber(tx: Tx, year: string): string {
  return nextInSequence(
    tx,
    { table: operatorRequests, id: operatorRequests.id, number: operatorRequests.number },
    'OR',
    year,
  );
}

/** `nextOperatorNumber` on the asynchronous face (decision 0080), in the caller's transaction. */
export function nextOperatorNumberAsync(tx: Db, year: string): Promise<string> {
  return nextInSequenceAsync(
    tx,
    { table: operatorRequests, id: operatorRequests.id, number: operatorRequests.number },
    'OR',
    year,
  );
}

export type OperatorEventKind = 'status' | 'answer' | 'billing' | 'note';

export interface NewOperatorEvent {
  kind: OperatorEventKind;
  body: string;
  visible?: boolean;
  actorUserId?: number | null;
  at?: Date;
}

function eventRow(requestId: number, e: NewOperatorEvent): typeof operatorRequestEvents.$inferInsert {
  return {
    requestId,
    kind: e.kind,
    body: e.body,
    visibleToRequester: e.visible ?? true,
    actorUserId: e.actorUserId ?? null,
    at: e.at ?? new Date(),
  };
}

export function addOperatorEvent(tx: Tx, requestId: number, e: NewOperatorEvent): void {
  tx.insert(operatorRequestEvents).values(eventRow(requestId, e)).run();
}

/** `addOperatorEvent` on the asynchronous face (decision 0080), in the caller's transaction. */
export async function addOperatorEventAsync(tx: Db, requestId: number, e: NewOperatorEvent): Promise<void> {
  await tx.insert(operatorRequestEvents).values(eventRow(requestId, e));
}

export function getOperatorRequest(tx: Pick<Tx, 'select'>, id: number): OperatorRequestRow | undefined {
  return tx.select().from(operatorRequests).where(eq(operatorRequests.id, id)).get();
}

export async function getOperatorRequestAsync(tx: Db, id: number): Promise<OperatorRequestRow | undefined> {
  const [r] = await tx.select().from(operatorRequests).where(eq(operatorRequests.id, id));
  return r;
}

/** `updateOperatorRequest` on the asynchronous face (decision 0080), in the caller's transaction. */
export async function updateOperatorRequestAsync(
  tx: Db,
  before: OperatorRequestRow,
  patch: Partial<OperatorRequestRow>,
  now = new Date(),
): Promise<OperatorRequestRow> {
  const after = { ...before, ...patch, updatedAt: now };
  const { id, ...rest } = after;
  await tx.update(operatorRequests).set(rest).where(eq(operatorRequests.id, id));
  return after;
}

export function updateOperatorRequest(
  tx: Tx,
  before: OperatorRequestRow,
  patch: Partial<OperatorRequestRow>,
  now = new Date(),
): OperatorRequestRow {
  const after = { ...before, ...patch, updatedAt: now };
  const { id, ...rest } = after;
  tx.update(operatorRequests).set(rest).where(eq(operatorRequests.id, id)).run();
  return after;
}

/** The operator request behind a tracking token, or undefined. */
export async function operatorRequestIdForToken(
  db: Pick<Db, 'select'>,
  token: string | undefined,
): Promise<number | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const [row] = await db
    .select({ id: operatorRequests.id })
    .from(operatorRequests)
    .where(eq(operatorRequests.trackingTokenHash, hashToken(token)));
  return row?.id;
}

/** The tracking URL for mail about a request (a seeded row whose hash is not the derived one gets a fresh version). */
export async function operatorTrackingLink(tx: Db, r: OperatorRequestRow, baseUrl: string): Promise<string> {
  let token = trackingToken(r.number, r.trackingLinkVersion);
  if (hashToken(token) !== r.trackingTokenHash) {
    const version = r.trackingLinkVersion + 1;
    token = trackingToken(r.number, version);
    await tx
      .update(operatorRequests)
      .set({ trackingLinkVersion: version, trackingTokenHash: hashToken(token) })
      .where(eq(operatorRequests.id, r.id));
    r.trackingLinkVersion = version;
    r.trackingTokenHash = hashToken(token);
  }
  return trackUrl(baseUrl, token);
}
