/**
 * Shared writes for requests to the operator: OR- numbers from a per-year sequence, timeline events,
 * updates, and the private tracking link (the same HMAC links as the Town's requests: records-requests/links.ts).
 */
import { and, eq, gt, like, lt, sql } from 'drizzle-orm';
import { operatorRequestEvents, operatorRequests, settings } from '#db/schema.ts';
import type { Tx } from '#lib/server/platform/audit.ts';
import { hashToken, looksLikeToken } from '#lib/server/platform/tokens.ts';
import { trackingToken, trackUrl } from '#lib/server/records-requests/links.ts';
import { formatOperatorNumber } from './request.rules.ts';

export type OperatorRequestRow = typeof operatorRequests.$inferSelect;

/** The next OR-YYYY-NNNN; the counter lives in `settings`, and a number that exists is skipped, never reused. */
export function nextOperatorNumber(tx: Tx, year: string): string {
  const key = `seq:OR:${year}`;
  const head = `OR-${year}-`;
  const row = tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).get();
  let n = row
    ? Number(row.value)
    : (tx
        .select({ n: sql<number | null>`max(cast(substr(${operatorRequests.number}, ${head.length + 1}) as integer))` })
        .from(operatorRequests)
        .where(and(like(operatorRequests.number, `${head}%`), gt(operatorRequests.number, head), lt(operatorRequests.number, `${head}~`)))
        .get()?.n ?? 0);
  let candidate: string;
  do {
    n++;
    candidate = formatOperatorNumber(year, n);
  } while (tx.select({ id: operatorRequests.id }).from(operatorRequests).where(eq(operatorRequests.number, candidate)).get());
  tx.insert(settings)
    .values({ key, value: String(n) })
    .onConflictDoUpdate({ target: settings.key, set: { value: String(n), updatedAt: new Date() } })
    .run();
  return candidate;
}

export type OperatorEventKind = 'status' | 'answer' | 'billing' | 'note';

export function addOperatorEvent(tx: Tx, requestId: number, e: { kind: OperatorEventKind; body: string; visible?: boolean; actorUserId?: number | null; at?: Date }): void {
  tx.insert(operatorRequestEvents)
    .values({ requestId, kind: e.kind, body: e.body, visibleToRequester: e.visible ?? true, actorUserId: e.actorUserId ?? null, at: e.at ?? new Date() })
    .run();
}

export function getOperatorRequest(tx: Pick<Tx, 'select'>, id: number): OperatorRequestRow | undefined {
  return tx.select().from(operatorRequests).where(eq(operatorRequests.id, id)).get();
}

export function updateOperatorRequest(tx: Tx, before: OperatorRequestRow, patch: Partial<OperatorRequestRow>, now = new Date()): OperatorRequestRow {
  const after = { ...before, ...patch, updatedAt: now };
  const { id, ...rest } = after;
  tx.update(operatorRequests).set(rest).where(eq(operatorRequests.id, id)).run();
  return after;
}

/** The operator request behind a tracking token, or undefined. */
export function operatorRequestIdForToken(db: Pick<Tx, 'select'>, token: string | undefined): number | undefined {
  if (!looksLikeToken(token)) return undefined;
  return db.select({ id: operatorRequests.id }).from(operatorRequests).where(eq(operatorRequests.trackingTokenHash, hashToken(token))).get()?.id;
}

/** The tracking URL for mail about a request (a seeded row whose hash is not the derived one gets a fresh version). */
export function operatorTrackingLink(tx: Tx, r: OperatorRequestRow, baseUrl: string): string {
  let token = trackingToken(r.number, r.trackingLinkVersion);
  if (hashToken(token) !== r.trackingTokenHash) {
    const version = r.trackingLinkVersion + 1;
    token = trackingToken(r.number, version);
    tx.update(operatorRequests).set({ trackingLinkVersion: version, trackingTokenHash: hashToken(token) }).where(eq(operatorRequests.id, r.id)).run();
    r.trackingLinkVersion = version;
    r.trackingTokenHash = hashToken(token);
  }
  return trackUrl(baseUrl, token);
}
