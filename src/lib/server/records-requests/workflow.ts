/**
 * What a clerk does with a records request, each step audited and shown on the timeline:
 * acknowledge with a date (POL §89(3)(a)), extend with a reason (a date more than 20 business days after
 * the acknowledgment needs one in writing), attach the project's documents or uploaded files, notes to
 * the requester or internal, deny with the reason and appeal rights, mark fulfilled, withdraw, and replace
 * a lost tracking link. Each reads the request it checks in the transaction that changes it, so two clerks'
 * clicks (or a clerk's and the requester's) cannot both pass a check made on what the other changed.
 */
import { REQUEST_STATUS_LABEL } from '#lib/shared/labels.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { documents, invoices, requestItems } from '#db/schema.ts';
import { endSentence, formatDay } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { loadCalendarAsync, closeOfBusinessAsync } from '#lib/server/platform/time/calendar.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import {
  deadlineWindow,
  latestPromiseWithoutReason,
  promiseNeedsWrittenReason,
} from '#lib/server/platform/time/deadlines.rules.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { currentInvoice, releaseFiles } from './billing.ts';
import { mailLinkAsync, rotateTrackingLink } from './links.ts';
import { acknowledgedLate, claimedDayText, clockDay, duePassed, isOpen } from './request.rules.ts';
import { appealRightsFor } from './appeals.ts';
import { activeGround, groundText } from './grounds.ts';
import { addEventAsync, auditView, getRequestAsync, updateRequestAsync, type RequestRow } from './store.ts';
import { fail, ok, type Failure, type Result } from '#lib/server/platform/result.ts';
import { defineUpload, type PostedUpload } from '#lib/server/platform/forms/define-upload.ts';

function actorId(actor: Actor): number | null {
  return 'userId' in actor ? actor.userId : null;
}

async function openRequest(tx: Db, id: number): Promise<RequestRow | Failure> {
  const r = await getRequestAsync(tx, id);
  if (!r) return fail('No such request.');
  if (!isOpen(r.status))
    return fail(
      `This request is closed (${REQUEST_STATUS_LABEL[r.status].toLowerCase()}). For more records, enter a new request.`,
    );
  return r;
}

/** The business calendar and the hour the Town's day ends, read in the caller's transaction. */
async function clock(tx: Db) {
  return { calendar: await loadCalendarAsync(tx), close: await closeOfBusinessAsync(tx) };
}

/** A request that ends (denied, withdrawn) takes its unpaid invoice with it, so no balance is left owing. */
async function cancelUnpaidInvoice(tx: Db, requestId: number, why: string, now: Date): Promise<string | undefined> {
  const inv = await currentInvoice(tx, requestId);
  if (!inv || inv.paidCents > 0) return undefined;
  await tx.update(invoices).set({ status: 'void', voidedAt: now, voidReason: why }).where(eq(invoices.id, inv.id));
  return inv.number;
}

const isFail = (x: unknown): x is Failure =>
  typeof x === 'object' && x !== null && 'ok' in x && (x as { ok: boolean }).ok === false;

export interface AcknowledgeInput {
  acknowledgedOn: string;
  promisedOn: string;
  reason?: string;
}

/** Acknowledge in writing with the approximate date the records will be ready. */
export function acknowledge(
  db: Db,
  actor: Actor,
  id: number,
  input: AcknowledgeInput,
  baseUrl: string,
  now = new Date(),
): Promise<Result> {
  const today = townToday(now);
  const reason = input.reason?.trim() || null;
  return db.transaction(async (tx): Promise<Result> => {
    const r = await openRequest(tx, id);
    if (isFail(r)) return r;
    if (r.acknowledgedOn) return fail('This request is already acknowledged. Use "Extend" to give a new date.');
    const received = townToday(r.receivedAt);
    if (input.acknowledgedOn > today) return fail('The acknowledgment date cannot be in the future.', 'acknowledgedOn');
    if (input.acknowledgedOn < received)
      return fail(
        `The acknowledgment cannot be before the request arrived (${formatDay(received)}).`,
        'acknowledgedOn',
      );
    if (input.promisedOn < input.acknowledgedOn)
      return fail('The expected date must be on or after the acknowledgment.', 'promisedOn');
    const { calendar, close } = await clock(tx);
    // Recorded after the due date passed, an acknowledgment dated on or before it counts from the day it was
    // recorded; the stated day stays on the timeline as the Town's claim (decision 0064).
    const { on: acknowledgedOn, claimedOn } = clockDay(
      input.acknowledgedOn,
      today,
      r.dueOn,
      deadlineWindow(now, calendar, close).overdueBefore,
    );
    if (promiseNeedsWrittenReason(acknowledgedOn, input.promisedOn, calendar) && !reason) {
      return fail(
        `That date is more than 20 business days after the acknowledgment (the last date without a reason is ${formatDay(latestPromiseWithoutReason(acknowledgedOn, calendar))}). The law requires the reason in writing: give it.`,
        'reason',
      );
    }
    const link = await mailLinkAsync(tx, r, baseUrl);
    const after = await updateRequestAsync(
      tx,
      r,
      {
        status: r.status === 'received' ? 'acknowledged' : r.status,
        acknowledgedOn,
        promisedOn: input.promisedOn,
        extensionReason: reason,
      },
      now,
    );
    // POL §89(4)(a): an acknowledgment after the due date is recorded as late; the missed deadline stands.
    const late = acknowledgedLate(after);
    const { kindWord } = await townAsync(tx);
    await addEventAsync(tx, r.id, {
      kind: 'status',
      visible: true,
      actorUserId: actorId(actor),
      at: now,
      body: `Acknowledged in writing on ${formatDay(acknowledgedOn)}.${claimedOn ? ` ${claimedDayText(claimedOn, today, r.dueOn, kindWord)}` : ''} The ${kindWord} expects to have the records ready by ${formatDay(input.promisedOn)}.${reason ? ` Reason: ${reason}` : ''}${late ? ` This acknowledgment is late: the request was due by ${formatDay(r.dueOn)}, and not answering in time counts as a denial you may appeal.` : ''}`,
    });
    await auditAsync(tx, actor, {
      action: 'records_request.acknowledge',
      entityType: 'records_request',
      entityId: r.id,
      before: auditView(r),
      after: { ...auditView(after), late, claimedOn },
    });
    if (r.requesterEmail) {
      await enqueueMailAsync(tx, {
        kind: 'request-acknowledged',
        to: r.requesterEmail,
        data: {
          number: r.number,
          name: r.requesterName,
          trackUrl: link,
          acknowledgedText: formatDay(acknowledgedOn),
          promisedText: formatDay(input.promisedOn),
          reason,
          extended: false,
          lateDueText: late ? formatDay(r.dueOn) : null,
          appealRights: late ? await appealRightsFor(tx, after, now) : undefined,
        },
      });
    }
    return { ok: true };
  });
}

export interface ExtendInput {
  promisedOn: string;
  reason: string;
}

/** A new expected date, always with a reason (shown to the requester and mailed). */
export function extend(
  db: Db,
  actor: Actor,
  id: number,
  input: ExtendInput,
  baseUrl: string,
  now = new Date(),
): Promise<Result> {
  const today = townToday(now);
  const reason = input.reason.trim();
  return db.transaction(async (tx): Promise<Result> => {
    const r = await openRequest(tx, id);
    if (isFail(r)) return r;
    if (!reason) return fail('Give the reason for the new date.', 'reason');
    if (input.promisedOn < today) return fail('The new date cannot be in the past.', 'promisedOn');
    if (r.promisedOn && input.promisedOn === r.promisedOn) return fail('That is the date already given.', 'promisedOn');
    const { calendar, close } = await clock(tx);
    // A date given is a time limit (decision 0063): once it has passed unanswered the denial has happened, and a
    // new date would hide it. The Town answers now (grant or deny), and the requester may appeal meanwhile.
    if (r.promisedOn && duePassed(r.promisedOn, deadlineWindow(now, calendar, close).overdueBefore)) {
      return fail(
        `The date given, ${formatDay(r.promisedOn)}, has passed: it cannot be extended. Grant or deny the request now.`,
        'promisedOn',
      );
    }
    // Not yet acknowledged: this extension is the written acknowledgment.
    const acknowledgedOn = r.acknowledgedOn ?? today;
    const beyond20 = promiseNeedsWrittenReason(acknowledgedOn, input.promisedOn, calendar);
    const link = await mailLinkAsync(tx, r, baseUrl);
    const after = await updateRequestAsync(
      tx,
      r,
      {
        status: r.status === 'received' ? 'acknowledged' : r.status,
        acknowledgedOn,
        promisedOn: input.promisedOn,
        extensionReason: reason,
      },
      now,
    );
    const late = !r.acknowledgedOn && acknowledgedLate(after);
    const { kindWord } = await townAsync(tx);
    await addEventAsync(tx, r.id, {
      kind: 'status',
      visible: true,
      actorUserId: actorId(actor),
      at: now,
      body: `New expected date: ${formatDay(input.promisedOn)}${r.promisedOn ? ` (was ${formatDay(r.promisedOn)})` : ''}. Reason: ${reason}${beyond20 ? ` (This is more than 20 business days after the acknowledgment; the reason above is the ${kindWord}'s written explanation.)` : ''}${late ? ` This acknowledgment is late: the request was due by ${formatDay(r.dueOn)}, and not answering in time counts as a denial you may appeal.` : ''}`,
    });
    await auditAsync(tx, actor, {
      action: 'records_request.extend',
      entityType: 'records_request',
      entityId: r.id,
      before: auditView(r),
      after: { ...auditView(after), beyond20BusinessDays: beyond20 },
    });
    if (r.requesterEmail) {
      await enqueueMailAsync(tx, {
        kind: 'request-acknowledged',
        to: r.requesterEmail,
        data: {
          number: r.number,
          name: r.requesterName,
          trackUrl: link,
          acknowledgedText: formatDay(acknowledgedOn),
          promisedText: formatDay(input.promisedOn),
          reason,
          extended: true,
          lateDueText: late ? formatDay(r.dueOn) : null,
          appealRights: late ? await appealRightsFor(tx, after, now) : undefined,
        },
      });
    }
    return { ok: true };
  });
}

/** Attach documents of the request's project (the clerk decides what the records are, public or not). */
export function attachDocuments(
  db: Db,
  actor: Actor,
  id: number,
  documentIds: number[],
  now = new Date(),
): Promise<Result<{ added: number }>> {
  const ids = [...new Set(documentIds)];
  return db.transaction(async (tx): Promise<Result<{ added: number }>> => {
    const r = await openRequest(tx, id);
    if (isFail(r)) return r;
    if (r.projectId == null) return fail('This request is not about one project: upload the files instead.');
    if (!ids.length) return fail('Tick at least one document to attach.', 'documentIds');
    const docs = await tx
      .select({ id: documents.id, title: documents.title, documentDate: documents.documentDate })
      .from(documents)
      .where(and(eq(documents.projectId, r.projectId), inArray(documents.id, ids)));
    if (docs.length !== ids.length) return fail('One of the documents is not part of this project.', 'documentIds');
    const already = new Set(
      (await tx.select({ d: requestItems.documentId }).from(requestItems).where(eq(requestItems.requestId, r.id))).map(
        (x) => x.d,
      ),
    );
    const fresh = docs.filter((d) => !already.has(d.id));
    if (!fresh.length) return fail('Those documents are already on this request.', 'documentIds');
    await tx.insert(requestItems).values(
      fresh.map((d) => ({
        requestId: r.id,
        documentId: d.id,
        description: d.title + (d.documentDate ? ` (${formatDay(d.documentDate)})` : ''),
        addedByUserId: actorId(actor),
      })),
    );
    await updateRequestAsync(tx, r, {}, now);
    await addEventAsync(tx, r.id, {
      kind: 'internal_note',
      visible: false,
      actorUserId: actorId(actor),
      at: now,
      body: `Attached ${fresh.map((d) => d.title).join('; ')}.`,
    });
    await auditAsync(tx, actor, {
      action: 'records_request.attach_documents',
      entityType: 'records_request',
      entityId: r.id,
      after: { documentIds: fresh.map((d) => d.id) },
    });
    return { ok: true, added: fresh.length };
  });
}

export interface UploadedFile {
  sha256: string;
  filename: string;
  mimeType: string;
  sizeBytes: number;
  pages: number | null;
  largeFormatSheets: number | null;
  description?: string;
}

/** Attach uploaded files (scans of paper records, files not on the portal). */
export function attachUploads(
  db: Db,
  actor: Actor,
  id: number,
  files: UploadedFile[],
  now = new Date(),
): Promise<Result<{ added: number }>> {
  return db.transaction(async (tx): Promise<Result<{ added: number }>> => {
    const r = await openRequest(tx, id);
    if (isFail(r)) return r;
    if (!files.length) return fail('Choose at least one file to upload.', 'file');
    await tx.insert(requestItems).values(
      files.map((f) => ({
        requestId: r.id,
        description: f.description?.trim() || f.filename,
        fileSha256: f.sha256,
        fileName: f.filename,
        fileMimeType: f.mimeType,
        fileSizeBytes: f.sizeBytes,
        pages: f.pages,
        largeFormatSheets: f.largeFormatSheets,
        addedByUserId: actorId(actor),
      })),
    );
    await updateRequestAsync(tx, r, {}, now);
    await addEventAsync(tx, r.id, {
      kind: 'internal_note',
      visible: false,
      actorUserId: actorId(actor),
      at: now,
      body: `Uploaded ${files.map((f) => f.filename).join('; ')}.`,
    });
    await auditAsync(tx, actor, {
      action: 'records_request.upload',
      entityType: 'records_request',
      entityId: r.id,
      after: { files: files.map((f) => ({ name: f.filename, sha256: f.sha256, sizeBytes: f.sizeBytes })) },
    });
    return { ok: true, added: files.length };
  });
}

/**
 * The clerk's upload form, read: what the files are (optional). A file refused by its content refuses
 * the whole upload, said once on top (each file's own message is beside the input).
 */
export function parseRequestUpload({ values, form }: Pick<PostedUpload, 'values' | 'form'>): Result<{
  value: { description: string };
}> {
  if (Object.keys(form.errors).some((k) => k !== '_form'))
    return fail('Some files were not accepted. Nothing was attached.');
  return ok({ value: { description: (values.description ?? '').slice(0, 500) } });
}

/** The clerk's upload to a request: up to ten files (scans of paper records, files not on the portal). */
export const requestFilesUpload = defineUpload({
  accept: ['pdf', 'jpeg', 'png'],
  maxFiles: 10,
  fileField: 'file',
  required: 'Choose at least one file to upload.',
  chooseAgain: 'the files',
  parse: (posted, _c: { actor: Actor; requestId: number }) => parseRequestUpload(posted),
  handle: ({ description }, files, c, { dbAsync }) =>
    attachUploads(
      dbAsync,
      c.actor,
      c.requestId,
      files.map((f) => ({
        sha256: f.sha256,
        filename: f.filename,
        mimeType: f.mimeType,
        sizeBytes: f.sizeBytes,
        pages: f.pdf ? f.pdf.pageCount - f.pdf.largeFormatPages : 1,
        largeFormatSheets: f.pdf ? f.pdf.largeFormatPages : 0,
        description: files.length === 1 ? description : description ? `${description}: ${f.filename}` : undefined,
      })),
    ),
});

/** Take back an item the clerk attached by mistake (not once it is billed or released). */
export function removeItem(db: Db, actor: Actor, id: number, itemId: number, now = new Date()): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const r = await openRequest(tx, id);
    if (isFail(r)) return r;
    const [item] = await tx
      .select()
      .from(requestItems)
      .where(and(eq(requestItems.id, itemId), eq(requestItems.requestId, r.id)));
    if (!item) return fail('No such item on this request.');
    if (item.addedByUserId == null)
      return fail('What the requester asked for stays on the request; add a note instead.');
    if (item.releasedAt) return fail('This file is already released to the requester.');
    if (await currentInvoice(tx, r.id)) return fail('The request is billed; void the invoice first.');
    await tx.delete(requestItems).where(eq(requestItems.id, item.id));
    await updateRequestAsync(tx, r, {}, now);
    await addEventAsync(tx, r.id, {
      kind: 'internal_note',
      visible: false,
      actorUserId: actorId(actor),
      at: now,
      body: `Removed ${endSentence(item.description ?? item.fileName ?? 'an item')}`,
    });
    await auditAsync(tx, actor, {
      action: 'records_request.remove_item',
      entityType: 'records_request',
      entityId: r.id,
      before: { itemId: item.id, documentId: item.documentId, file: item.fileName },
    });
    return { ok: true };
  });
}

/** A note on the timeline: to the requester (shown and mailed) or internal (staff only). */
export function addNote(
  db: Db,
  actor: Actor & { name?: string },
  id: number,
  input: { body: string; toRequester: boolean },
  baseUrl: string,
  now = new Date(),
): Promise<Result> {
  const body = input.body.trim();
  return db.transaction(async (tx): Promise<Result> => {
    const r = await getRequestAsync(tx, id);
    if (!r) return fail('No such request.');
    if (!body) return fail('Write the note.', 'body');
    const link = input.toRequester ? await mailLinkAsync(tx, r, baseUrl) : '';
    await addEventAsync(tx, r.id, {
      kind: input.toRequester ? 'note_to_requester' : 'internal_note',
      visible: input.toRequester,
      actorUserId: actorId(actor),
      at: now,
      body,
    });
    await updateRequestAsync(tx, r, {}, now);
    await auditAsync(tx, actor, {
      action: input.toRequester ? 'records_request.note_to_requester' : 'records_request.internal_note',
      entityType: 'records_request',
      entityId: r.id,
      after: { body },
    });
    if (input.toRequester && r.requesterEmail) {
      await enqueueMailAsync(tx, {
        kind: 'request-note',
        to: r.requesterEmail,
        data: {
          number: r.number,
          name: r.requesterName,
          trackUrl: link,
          body,
          from: `The ${(await townAsync(tx)).clerk}`,
        },
      });
    }
    return { ok: true };
  });
}

/** Deny in writing on a ground of POL §87(2) from the admin's list, with the reason and the right to appeal (POL §89(4)(a)). */
export function deny(
  db: Db,
  actor: Actor,
  id: number,
  input: { groundId: number | null; reason: string },
  baseUrl: string,
  now = new Date(),
): Promise<Result> {
  const words = input.reason.trim();
  const today = townToday(now);
  return db.transaction(async (tx): Promise<Result> => {
    const r = await openRequest(tx, id);
    if (isFail(r)) return r;
    const ground = await activeGround(tx, input.groundId);
    const inv = await currentInvoice(tx, r.id);
    if (!ground) return fail('Choose the ground in Public Officers Law §87(2) the request is denied on.', 'groundId');
    if (!words) return fail('Say in words why the request is denied: the requester reads it.', 'reason');
    const reason = `${groundText(ground)}. ${words}`;
    if (inv && inv.paidCents > 0)
      return fail('Payments are recorded on this request: refund and void them before denying.');
    const link = await mailLinkAsync(tx, r, baseUrl);
    const after = await updateRequestAsync(
      tx,
      r,
      { status: 'denied', deniedOn: today, denialReason: reason, denialGroundId: ground.id },
      now,
    );
    const cancelled = await cancelUnpaidInvoice(tx, r.id, 'Request denied', now);
    const rights = await appealRightsFor(tx, after, now);
    await addEventAsync(tx, r.id, {
      kind: 'status',
      visible: true,
      actorUserId: actorId(actor),
      at: now,
      body: `Denied in writing. Reason: ${reason} ${rights}${cancelled ? ` Invoice ${cancelled} is cancelled: nothing is owed.` : ''}`,
    });
    await auditAsync(tx, actor, {
      action: 'records_request.deny',
      entityType: 'records_request',
      entityId: r.id,
      before: auditView(r),
      after: { ...auditView(after), denialGroundId: ground.id },
    });
    if (r.requesterEmail) {
      await enqueueMailAsync(tx, {
        kind: 'request-denied',
        to: r.requesterEmail,
        data: {
          number: r.number,
          name: r.requesterName,
          trackUrl: link,
          deniedText: formatDay(today),
          reason,
          appealRights: rights,
        },
      });
    }
    return { ok: true };
  });
}

/** Mark fulfilled (records inspected, handed over or mailed). Not while money is owed. */
export function fulfill(db: Db, actor: Actor, id: number, note: string | undefined, now = new Date()): Promise<Result> {
  const today = townToday(now);
  return db.transaction(async (tx): Promise<Result> => {
    const r = await openRequest(tx, id);
    if (isFail(r)) return r;
    // Ready paper copies are fulfilled by recording that they were picked up or mailed, with the date (0030).
    if (r.status === 'copies_ready')
      return fail('The copies are ready: record that they were picked up or mailed (with the date) instead.');
    const inv = await currentInvoice(tx, r.id);
    if (inv && inv.status === 'draft') return fail("The cost is waiting for the requester's approval.");
    if (inv && inv.balanceCents > 0)
      return fail('The invoice is not paid yet. Record the payment first (or void the invoice).');
    // Nothing is owed, so any files on the request go to the requester too.
    await releaseFiles(tx, r, now);
    const after = await updateRequestAsync(tx, r, { status: 'fulfilled', fulfilledOn: today }, now);
    await addEventAsync(tx, r.id, {
      kind: 'status',
      visible: true,
      actorUserId: actorId(actor),
      at: now,
      body: `Fulfilled on ${formatDay(today)}.${note?.trim() ? ` ${note.trim()}` : ''}`,
    });
    await auditAsync(tx, actor, {
      action: 'records_request.fulfill',
      entityType: 'records_request',
      entityId: r.id,
      before: auditView(r),
      after: auditView(after),
    });
    return { ok: true };
  });
}

/** Withdraw: by the clerk (the requester said so) or by the requester on the tracking page. */
export function withdraw(
  db: Db,
  actor: Actor,
  id: number,
  reasonText: string | undefined,
  baseUrl: string,
  now = new Date(),
): Promise<Result> {
  const byRequester = !('userId' in actor);
  const today = townToday(now);
  const reason = reasonText?.trim();
  return db.transaction(async (tx): Promise<Result> => {
    const r = await openRequest(tx, id);
    if (isFail(r)) return r;
    const inv = await currentInvoice(tx, r.id);
    if (inv && inv.paidCents > 0) return fail('Payments are recorded on this request; it cannot be withdrawn now.');
    const link = await mailLinkAsync(tx, r, baseUrl);
    const after = await updateRequestAsync(tx, r, { status: 'withdrawn', withdrawnOn: today }, now);
    const cancelled = await cancelUnpaidInvoice(tx, r.id, 'Request withdrawn', now);
    await addEventAsync(tx, r.id, {
      kind: 'status',
      visible: true,
      actorUserId: actorId(actor),
      at: now,
      body: `${byRequester ? 'You withdrew the request.' : "Withdrawn at the requester's request."}${reason ? ` ${reason}` : ''}${cancelled ? ` Invoice ${cancelled} is cancelled: nothing is owed.` : ''}`,
    });
    await auditAsync(tx, actor, {
      action: 'records_request.withdraw',
      entityType: 'records_request',
      entityId: r.id,
      before: auditView(r),
      after: { ...auditView(after), reason: reason ?? null },
    });
    // The clerk's note goes with the withdrawal mail, so the requester reads why.
    if (r.requesterEmail)
      await enqueueMailAsync(tx, {
        kind: 'request-withdrawn',
        to: r.requesterEmail,
        data: {
          number: r.number,
          name: r.requesterName,
          trackUrl: link,
          byRequester,
          note: byRequester ? null : (reason ?? null),
        },
      });
    return { ok: true };
  });
}

/** A new private link (the old one stops working); mailed when there is an address. */
export function newTrackingLink(
  db: Db,
  actor: Actor,
  id: number,
  baseUrl: string,
  now = new Date(),
): Promise<Result<{ token: string; mailed: boolean }>> {
  return db.transaction(async (tx): Promise<Result<{ token: string; mailed: boolean }>> => {
    const r = await getRequestAsync(tx, id);
    if (!r) return fail('No such request.');
    const { token, url } = await rotateTrackingLink(tx, r, baseUrl);
    await addEventAsync(tx, r.id, {
      kind: 'internal_note',
      visible: false,
      actorUserId: actorId(actor),
      at: now,
      body: `A new tracking link was issued${r.requesterEmail ? ' and emailed to the requester' : ''}; the old one no longer works.`,
    });
    await auditAsync(tx, actor, {
      action: 'records_request.new_tracking_link',
      entityType: 'records_request',
      entityId: r.id,
      after: { version: r.trackingLinkVersion },
    });
    if (r.requesterEmail)
      await enqueueMailAsync(tx, {
        kind: 'request-tracking-link',
        to: r.requesterEmail,
        data: { number: r.number, name: r.requesterName, trackUrl: url },
      });
    return { ok: true, token, mailed: Boolean(r.requesterEmail) };
  });
}
