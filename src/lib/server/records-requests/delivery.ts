/**
 * Delivery of a records request, the loaders and services beside delivery.rules.ts:
 * - which requestable documents the portal already serves (published, on a published project), for the
 *   form's "free — download now" and its note before sending a request for only such documents;
 * - the clerk's record that paper copies were picked up at Town Hall or mailed on a date, which fulfils
 *   the request (audited; the requester is mailed when the copies are mailed).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { documents, projects } from '#db/schema.ts';
import { formatDay } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { closeOfBusinessAsync, loadCalendarAsync } from '#lib/server/platform/time/calendar.ts';
import { deadlineWindow } from '#lib/server/platform/time/deadlines.rules.ts';
import { claimedDayText, clockDay, townDeadline } from './request.rules.ts';
import { checkHandover, handoverEventText, onlyOnlineDocuments, type HandoverInput } from './delivery.rules.ts';
import { mailLinkAsync } from './links.ts';
import { rangeDocuments } from './records.ts';
import { addEventAsync, auditView, getRequestAsync, updateRequestAsync } from './store.ts';
import type { CheckedSelection } from './submit.ts';
import type { DeliveryMethod } from '#db/schema.ts';
import { fail, failFields, type Result } from '#lib/server/platform/result.ts';

/** The public address of a published document (the project page links the same). */
export const documentHref = (id: number) => `/documents/${id}`;

/** Of these document ids, those the portal serves to anyone (public, on a published project). */
export async function onlineDocumentIds(db: Pick<Db, 'select'>, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  return new Set(
    (
      await db
        .select({ id: documents.id })
        .from(documents)
        .innerJoin(projects, eq(projects.id, documents.projectId))
        .where(and(inArray(documents.id, ids), eq(documents.public, true), eq(projects.published, true)))
    ).map((d) => d.id),
  );
}

export interface OnlineDocument {
  id: number;
  title: string;
  href: string;
}

/**
 * When a request asks, electronically, only for documents anyone can download now: those documents with
 * their links (the form's note before sending). Undefined otherwise.
 */
export async function onlineOnlyDocuments(
  db: Db,
  sel: CheckedSelection,
  delivery: DeliveryMethod,
): Promise<OnlineDocument[] | undefined> {
  if (delivery !== 'electronic' || sel.freeText || !sel.project) return undefined;
  const project = sel.project;
  // The range is read as the invoice's items read it (resolveItems).
  const inRange = sel.reports
    ? await rangeDocuments(db, project.id, 'inspection_report', sel.reports.from, sel.reports.to)
    : [];
  const picked = [
    ...sel.documents.map((d) => ({ id: d.id, title: d.title })),
    ...inRange.map((d) => ({ id: d.id, title: d.title })),
  ];
  const online = await onlineDocumentIds(
    db,
    picked.map((d) => d.id),
  );
  const only = onlyOnlineDocuments({
    delivery,
    documents: picked.map((d) => ({ online: online.has(d.id) })),
    freeText: false,
    emptyRange: Boolean(sel.reports) && picked.length === sel.documents.length,
  });
  return only ? picked.map((d) => ({ ...d, href: documentHref(d.id) })) : undefined;
}

/**
 * The clerk records that the copies were picked up at Town Hall, or mailed on a date: the request is fulfilled.
 * The request is read in the transaction that records it, so the handover is recorded once.
 */
export function recordHandover(
  db: Db,
  actor: Actor,
  id: number,
  input: HandoverInput,
  baseUrl: string,
  now = new Date(),
): Promise<Result> {
  const today = townToday(now);
  return db.transaction(async (tx): Promise<Result> => {
    const r = await getRequestAsync(tx, id);
    if (!r) return fail('No such request.');
    const problems = checkHandover(input, r, today);
    if (Object.keys(problems).length) return failFields(problems);
    const { overdueBefore } = deadlineWindow(now, await loadCalendarAsync(tx), await closeOfBusinessAsync(tx));
    const words = await townAsync(tx);
    // Mailing answers the request the day it is mailed (decision 0030); entered once the deadline has passed, a
    // mailing dated on or before it counts from the day it was recorded, the stated day kept as a claim (0064).
    const deadline = townDeadline(r);
    const clock =
      input.how === 'mail' ? clockDay(input.on, today, deadline, overdueBefore) : { on: input.on, claimedOn: null };
    const link = await mailLinkAsync(tx, r, baseUrl);
    const after = await updateRequestAsync(
      tx,
      r,
      {
        status: 'fulfilled',
        fulfilledOn: clock.on,
        ...(input.how === 'pickup' ? { pickedUpOn: input.on } : { mailedOn: input.on }),
      },
      now,
    );
    const claim = clock.claimedOn ? ` ${claimedDayText(clock.claimedOn, today, deadline, words.kindWord)}` : '';
    await addEventAsync(tx, r.id, {
      kind: 'status',
      visible: true,
      actorUserId: 'userId' in actor ? actor.userId : null,
      at: now,
      body: handoverEventText(input.how, input.on, words.hall) + claim,
    });
    await auditAsync(tx, actor, {
      action: input.how === 'pickup' ? 'records_request.picked_up' : 'records_request.mailed',
      entityType: 'records_request',
      entityId: r.id,
      before: auditView(r),
      after: { ...auditView(after), [input.how === 'pickup' ? 'pickedUpOn' : 'mailedOn']: input.on },
    });
    if (input.how === 'mail' && r.requesterEmail) {
      await enqueueMailAsync(tx, {
        kind: 'request-copies-mailed',
        to: r.requesterEmail,
        data: { number: r.number, name: r.requesterName, trackUrl: link, mailedText: formatDay(input.on) },
      });
    }
    return { ok: true };
  });
}
