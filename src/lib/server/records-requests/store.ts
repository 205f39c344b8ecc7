/**
 * Shared writes for records requests: numbers from per-year sequences, timeline events, and updates that
 * keep `respond_by` in step with the status. Everything runs inside the caller's transaction.
 */
import { eq } from 'drizzle-orm';
import { invoices, recordsRequests, requestEvents } from '#db/schema.ts';
import type { Tx } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { insertRow, insertRowAsync } from '#lib/server/platform/insert-row.ts';
import { nextInSequence, nextInSequenceAsync } from '#lib/server/platform/sequences.ts';
import { respondBy } from './request.rules.ts';

export type RequestRow = typeof recordsRequests.$inferSelect;
export type EventKind = 'status' | 'note_to_requester' | 'internal_note' | 'due_date' | 'billing';

/** The next R-YYYY-NNNN / INV-YYYY-NNNN (platform/sequences.ts). */
export function nextNumber(tx: Tx, prefix: 'R' | 'INV', year: string): string {
  const table = prefix === 'R' ? recordsRequests : invoices;
  return nextInSequence(tx, { table, id: table.id, number: table.number }, prefix, year);
}

export interface NewEvent {
  kind: EventKind;
  body: string;
  visible: boolean;
  actorUserId?: number | null;
  at?: Date;
}

function eventRow(requestId: number, e: NewEvent): typeof requestEvents.$inferInsert {
  return {
    requestId,
    kind: e.kind,
    body: e.body,
    visibleToRequester: e.visible,
    actorUserId: e.actorUserId ?? null,
    at: e.at ?? new Date(),
  };
}

/** `nextNumber` on the asynchronous face (decision 0080), in the caller's transaction. */
export function nextNumberAsync(tx: Db, prefix: 'R' | 'INV', year: string): Promise<string> {
  const table = prefix === 'R' ? recordsRequests : invoices;
  return nextInSequenceAsync(tx, { table, id: table.id, number: table.number }, prefix, year);
}

export function addEvent(tx: Tx, requestId: number, e: NewEvent): void {
  insertRow(tx, requestEvents, eventRow(requestId, e));
}

/** `addEvent` on the asynchronous face (decision 0080), in the caller's transaction. */
export async function addEventAsync(tx: Db, requestId: number, e: NewEvent): Promise<void> {
  await insertRowAsync(tx, requestEvents, eventRow(requestId, e));
}

export function getRequest(tx: Pick<Tx, 'select'>, id: number): RequestRow | undefined {
  return tx.select().from(recordsRequests).where(eq(recordsRequests.id, id)).get();
}

export async function getRequestAsync(tx: Db, id: number): Promise<RequestRow | undefined> {
  const [r] = await tx.select().from(recordsRequests).where(eq(recordsRequests.id, id));
  return r;
}

/** Change a request; `respond_by` follows from the result, so no caller can forget it. */
export function updateRequest(tx: Tx, before: RequestRow, patch: Partial<RequestRow>, now = new Date()): RequestRow {
  const after = requestAfter(before, patch, now);
  const { id, ...rest } = after;
  tx.update(recordsRequests).set(rest).where(eq(recordsRequests.id, id)).run();
  return after;
}

/** `updateRequest` on the asynchronous face (decision 0080), in the caller's transaction. */
export async function updateRequestAsync(
  tx: Db,
  before: RequestRow,
  patch: Partial<RequestRow>,
  now = new Date(),
): Promise<RequestRow> {
  const after = requestAfter(before, patch, now);
  const { id, ...rest } = after;
  await tx.update(recordsRequests).set(rest).where(eq(recordsRequests.id, id));
  return after;
}

/** The row a change leaves: the rules every update keeps, whichever face writes it. */
function requestAfter(before: RequestRow, patch: Partial<RequestRow>, now: Date): RequestRow {
  const after = { ...before, ...patch, updatedAt: now };
  // A requester's answer puts the request at the top of the queue until the Town next acts on it (any change; 0029).
  if (!('clarificationAnsweredOn' in patch)) after.clarificationAnsweredOn = null;
  // Reopened by a granted appeal and answered again: the first answer stays the answer the five days and the
  // promised date were measured by (decision 0065); the later release is on the timeline.
  if (before.accessDueOn != null) {
    for (const k of ['fulfilledOn', 'copiesReadyOn', 'billedOn'] as const)
      if (before[k] != null && after[k] != null && after[k] > before[k]) after[k] = before[k];
  }
  after.respondBy = respondBy(after);
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
    accessDueOn: r.accessDueOn,
  };
}
