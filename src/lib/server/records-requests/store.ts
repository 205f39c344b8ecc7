/**
 * Shared writes for records requests: numbers from per-year sequences, timeline events, and updates that
 * keep `respond_by` in step with the status. Everything runs inside the caller's transaction.
 */
import { and, eq, gt, like, lt, sql } from 'drizzle-orm';
import { invoices, recordsRequests, requestEvents, settings } from '#db/schema.ts';
import type { Tx } from '#lib/server/platform/audit.ts';
import { formatNumber, respondBy } from './request.rules.ts';

export type RequestRow = typeof recordsRequests.$inferSelect;
export type EventKind = 'status' | 'note_to_requester' | 'internal_note' | 'due_date' | 'billing';

/**
 * The next R-YYYY-NNNN / INV-YYYY-NNNN. The counter lives in `settings`; the first use in a year starts
 * from the highest number already stored, and a number that somehow exists is skipped, never reused.
 */
export function nextNumber(tx: Tx, prefix: 'R' | 'INV', year: string): string {
  const table = prefix === 'R' ? recordsRequests : invoices;
  const key = `seq:${prefix}:${year}`;
  const row = tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).get();
  const head = `${prefix}-${year}-`;
  let n = row
    ? Number(row.value)
    : (tx
        .select({ n: sql<number | null>`max(cast(substr(${table.number}, ${head.length + 1}) as integer))` })
        .from(table)
        .where(and(like(table.number, `${head}%`), gt(table.number, head), lt(table.number, `${head}~`)))
        .get()?.n ?? 0);
  let candidate: string;
  do {
    n++;
    candidate = formatNumber(prefix, year, n);
  } while (tx.select({ id: table.id }).from(table).where(eq(table.number, candidate)).get());
  tx.insert(settings)
    .values({ key, value: String(n) })
    .onConflictDoUpdate({ target: settings.key, set: { value: String(n), updatedAt: new Date() } })
    .run();
  return candidate;
}

export function addEvent(
  tx: Tx,
  requestId: number,
  e: { kind: EventKind; body: string; visible: boolean; actorUserId?: number | null; at?: Date },
): void {
  tx.insert(requestEvents)
    .values({ requestId, kind: e.kind, body: e.body, visibleToRequester: e.visible, actorUserId: e.actorUserId ?? null, at: e.at ?? new Date() })
    .run();
}

export function getRequest(tx: Pick<Tx, 'select'>, id: number): RequestRow | undefined {
  return tx.select().from(recordsRequests).where(eq(recordsRequests.id, id)).get();
}

/** Change a request; `respond_by` follows from the result, so no caller can forget it. */
export function updateRequest(tx: Tx, before: RequestRow, patch: Partial<RequestRow>, now = new Date()): RequestRow {
  const after = { ...before, ...patch, updatedAt: now };
  after.respondBy = respondBy(after);
  const { id, ...rest } = after;
  tx.update(recordsRequests).set(rest).where(eq(recordsRequests.id, id)).run();
  return after;
}

/** The fields worth keeping in the audit log (no contact details beyond what staff already see, no token hash). */
export function auditView(r: RequestRow) {
  return {
    number: r.number,
    status: r.status,
    dueOn: r.dueOn,
    respondBy: r.respondBy,
    acknowledgedOn: r.acknowledgedOn,
    promisedOn: r.promisedOn,
    extensionReason: r.extensionReason,
    deniedOn: r.deniedOn,
    denialReason: r.denialReason,
    fulfilledOn: r.fulfilledOn,
    withdrawnOn: r.withdrawnOn,
    costLimitCents: r.costLimitCents,
    costApprovedCents: r.costApprovedCents,
    delivery: r.delivery,
  };
}
