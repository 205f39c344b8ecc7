/**
 * The clerk closes a request as a duplicate of another (by its number). The two are linked
 * both ways on the clerk's pages; the requester reads "closed as a duplicate of R-…" with the clerk's note on
 * the tracking page and by mail. Closed in time, it is not a missed deadline (request.rules.ts missedDeadline).
 */
import { eq } from 'drizzle-orm';
import { recordsRequests } from '#db/schema.ts';
import { formatDay } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { currentInvoice } from './billing.ts';
import { mailLinkAsync } from './links.ts';
import { isOpen } from './request.rules.ts';
import { addEventAsync, auditView, getRequestAsync, updateRequestAsync } from './store.ts';
import { fail, type Result } from '#lib/server/platform/result.ts';

/** The request this one was closed into, and the ones closed into it, for the clerk's page. */
export async function duplicateLinks(db: Pick<Db, 'select'>, r: { id: number; duplicateOfRequestId: number | null }) {
  const [of] = r.duplicateOfRequestId
    ? await db
        .select({ id: recordsRequests.id, number: recordsRequests.number })
        .from(recordsRequests)
        .where(eq(recordsRequests.id, r.duplicateOfRequestId))
        .limit(1)
    : [];
  const closedInto = await db
    .select({ id: recordsRequests.id, number: recordsRequests.number, on: recordsRequests.duplicateClosedOn })
    .from(recordsRequests)
    .where(eq(recordsRequests.duplicateOfRequestId, r.id));
  return { of, closedInto };
}

/**
 * Close a request as a duplicate of another. Both requests and the invoice are read in the transaction that
 * closes it, so two requests cannot be closed into each other at once, nor one closed into a request being
 * closed itself.
 */
export function closeAsDuplicate(
  db: Db,
  actor: Actor & { userId: number },
  id: number,
  input: { otherNumber: string; note: string },
  baseUrl: string,
  now = new Date(),
): Promise<Result> {
  const number = input.otherNumber.trim().toUpperCase();
  const note = input.note.trim();
  const today = townToday(now);
  return db.transaction(async (tx): Promise<Result> => {
    const r = await getRequestAsync(tx, id);
    if (!r) return fail('No such request.');
    if (!isOpen(r.status)) return fail('This request is already closed.');
    if (!number) return fail('Enter the number of the request this one duplicates, like R-2026-0042.', 'otherNumber');
    const [other] = await tx.select().from(recordsRequests).where(eq(recordsRequests.number, number));
    if (!other)
      return fail(`There is no request ${number}. Enter the number as it is shown, like R-2026-0042.`, 'otherNumber');
    if (other.id === r.id) return fail('A request cannot be a duplicate of itself.', 'otherNumber');
    if (other.status === 'closed_duplicate')
      return fail(
        `${other.number} is itself closed as a duplicate. Enter the request it was closed into.`,
        'otherNumber',
      );
    if (!note) return fail('Write a note for the requester: they read it with the other request’s number.', 'note');
    const inv = await currentInvoice(tx, r.id);
    if (inv) return fail(`This request has invoice ${inv.number}: cancel it (or refund and cancel it) first.`);
    const link = await mailLinkAsync(tx, r, baseUrl);
    const after = await updateRequestAsync(
      tx,
      r,
      {
        status: 'closed_duplicate',
        duplicateOfRequestId: other.id,
        duplicateClosedOn: today,
        duplicateNote: note,
        statusBeforeClarification: null,
      },
      now,
    );
    await addEventAsync(tx, r.id, {
      kind: 'status',
      visible: true,
      actorUserId: actor.userId,
      at: now,
      body: `Closed as a duplicate of request ${other.number} on ${formatDay(today)}. The clerk's note: ${note}`,
    });
    await addEventAsync(tx, other.id, {
      kind: 'internal_note',
      visible: false,
      actorUserId: actor.userId,
      at: now,
      body: `Request ${r.number} was closed as a duplicate of this one.`,
    });
    await auditAsync(tx, actor, {
      action: 'records_request.close_duplicate',
      entityType: 'records_request',
      entityId: r.id,
      before: auditView(r),
      after: { ...auditView(after), duplicateOf: other.number, note },
    });
    if (r.requesterEmail) {
      await enqueueMailAsync(tx, {
        kind: 'request-closed-duplicate',
        to: r.requesterEmail,
        data: {
          number: r.number,
          name: r.requesterName,
          trackUrl: link,
          otherNumber: other.number,
          note,
          sameRequester:
            other.requesterEmail != null && other.requesterEmail.toLowerCase() === r.requesterEmail.toLowerCase(),
        },
      });
    }
    return { ok: true };
  });
}
