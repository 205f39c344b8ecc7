/**
 * What the operator does with a request made to them (ordinance L(4)): offer the records for inspection,
 * provide copies (uploaded here, or mailed, emailed or handed over) with an itemised bill at the requester's
 * expense, record the payment, and mark an inspection done. The requester may withdraw. A daily job tells
 * the officer and the requester when five business days pass unanswered. Ownership (an operator acts only on
 * requests for their own projects) is checked by the caller with `operatorMayAct` before anything here runs.
 */
import { and, eq, isNull, lt } from 'drizzle-orm';
import {
  operatorRequestCharges,
  operatorRequestFiles,
  operatorRequests,
  parties,
  projects,
  type CopiesHow,
  type PaymentMethod,
} from '#db/schema.ts';
import { asClause, formatAppointment, formatDay, formatMoney } from '#lib/shared/format.ts';
import { isProjectMember, usersWithRole } from '#lib/server/accounts/users.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import type { StoredFileInfo } from '#lib/server/platform/files/downloads.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { townDeadlineWindow } from '#lib/server/platform/time/calendar.ts';
import { townInstant, townToday } from '#lib/server/platform/time/town-time.ts';
import { feeScheduleOn } from '#lib/server/records-requests/fee-schedules.ts';
import { checkBill, countedFromFiles, explainOperatorAnswer, type ChargeLine } from './request.rules.ts';
import {
  addOperatorEventAsync,
  getOperatorRequestAsync,
  operatorTrackingLink,
  updateOperatorRequestAsync,
  type OperatorRequestRow,
} from './store.ts';
import { fail, failFields, type Result } from '#lib/server/platform/result.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';

/** An operator may act on a request only for a project they file for; staff (officer, clerk, admin) may always look. */
export async function operatorMayAct(
  db: Db,
  userId: number,
  requestId: number,
): Promise<OperatorRequestRow | undefined> {
  const r = await getOperatorRequestAsync(db, requestId);
  return r && (await isProjectMember(db, userId, r.projectId)) ? r : undefined;
}

async function projectName(tx: Pick<Db, 'select'>, projectId: number): Promise<string> {
  const [row] = await tx.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
  return row?.name ?? 'the project';
}

/** Tell the requester what the operator did (the same sentences as the tracking page). */
async function mailRequester(tx: Db, r: OperatorRequestRow, baseUrl: string, lead: string, today: string) {
  if (!r.requesterEmail) return;
  const phone = await publicOperatorPhone(tx, r.projectId);
  const { kindWord } = await townAsync(tx);
  const name = await projectName(tx, r.projectId);
  const lines = [lead, ...explainOperatorAnswer(explainFacts(r, phone), today, kindWord).filter((l) => l !== lead)];
  await enqueueMailAsync(tx, {
    kind: 'operator-request-update',
    to: r.requesterEmail,
    data: {
      number: r.number,
      projectName: name,
      name: r.requesterName,
      trackUrl: await operatorTrackingLink(tx, r, baseUrl),
      lines,
    },
  });
}

/** The facts explainOperatorAnswer reads, from a row. */
export function explainFacts(r: OperatorRequestRow, operatorPhone: string | null = null) {
  return { ...r, inspectionWhen: r.inspectionAt ? formatAppointment(r.inspectionAt) : null, operatorPhone };
}

/** The operator's business phone, only where the project's public page already shows it (a published project). */
export async function publicOperatorPhone(db: Pick<Db, 'select'>, projectId: number): Promise<string | null> {
  const [row] = await db
    .select({ phone: parties.phone, published: projects.published })
    .from(parties)
    .innerJoin(projects, eq(projects.id, parties.projectId))
    .where(and(eq(parties.projectId, projectId), eq(parties.role, 'owner_operator')))
    .limit(1);
  return row?.published && row.phone?.trim() ? row.phone.trim() : null;
}

/** The first day records were made available: an earlier availability is never moved later. */
function firstAvailable(
  r: OperatorRequestRow,
  today: string,
  availableOn: string,
): Pick<OperatorRequestRow, 'answeredOn' | 'availableOn'> {
  return {
    answeredOn: r.answeredOn ?? today,
    availableOn: r.availableOn == null || availableOn < r.availableOn ? availableOn : r.availableOn,
  };
}

export interface InspectionOffer {
  place: string;
  /** Local day and time offered. */
  on: string;
  time: string;
}

/**
 * Offer the records for inspection at a place and time (the day may not be in the past). Each of the operator's
 * steps reads the request in the transaction that changes it, so the requester's withdrawal and the operator's
 * answer, or two answers, cannot both pass a check made on the status the other is changing.
 */
export function offerInspection(
  db: Db,
  actor: Actor & { userId: number },
  id: number,
  o: InspectionOffer,
  baseUrl: string,
  now = new Date(),
): Promise<Result> {
  const today = townToday(now);
  return db.transaction(async (tx): Promise<Result> => {
    const r = await getOperatorRequestAsync(tx, id);
    if (!r) return fail('That request no longer exists.');
    if (r.status !== 'received' && r.status !== 'inspection_offered')
      return fail('This request is already answered with copies, or withdrawn: nothing to offer.');
    if (!o.place.trim())
      return fail('Enter where the records can be inspected, such as the site trailer’s address.', 'place');
    if (o.on < today) return fail('The day offered cannot be in the past.', 'on');
    if (!/^\d{2}:\d{2}$/.test(o.time)) return fail('Enter the time, like 10:00.', 'time');
    const at = townInstant(o.on, o.time);
    const after = await updateOperatorRequestAsync(
      tx,
      r,
      {
        status: 'inspection_offered',
        inspectionPlace: o.place.trim(),
        inspectionAt: at,
        ...firstAvailable(r, today, o.on),
      },
      now,
    );
    const late =
      o.on > r.dueOn ? ` That day is after the due date (${formatDay(r.dueOn)}), so the answer is late.` : '';
    await addOperatorEventAsync(tx, id, {
      kind: 'answer',
      actorUserId: actor.userId,
      body: `The operator offered the records for inspection at ${asClause(o.place)} on ${formatAppointment(at)}.${late}`,
    });
    await auditAsync(tx, actor, {
      action: 'operator_request.offer_inspection',
      entityType: 'operator_request',
      entityId: id,
      before: { status: r.status },
      after: {
        status: after.status,
        inspectionPlace: after.inspectionPlace,
        inspectionAt: at,
        availableOn: after.availableOn,
      },
    });
    await mailRequester(
      tx,
      after,
      baseUrl,
      `The operator offered the records for inspection at ${asClause(o.place)} on ${formatAppointment(at)}.`,
      today,
    );
    return { ok: true };
  });
}

export interface CopiesInput {
  how: CopiesHow;
  /** Files already stored (uploaded copies), with the page facts read from each PDF. */
  files: Array<StoredFileInfo & { pdf?: { pageCount: number; largeFormatPages: number } }>;
  /** The bill, if the operator charges for copying. */
  lines: ChargeLine[];
  actualCostStatement?: string;
  /** Whom the requester pays and how (required on a bill that charges anything). */
  payee?: string;
  howToPay?: string;
}

/**
 * Provide copies, with the bill for copying if any (at the requester's expense: L(4)). Uploaded copies are
 * released on the tracking page when there is no bill or once it is paid. A bill is checked against what the
 * Town's schedule allows for the same copies (checkBill).
 */
export function provideCopies(
  db: Db,
  actor: Actor & { userId: number },
  id: number,
  c: CopiesInput,
  baseUrl: string,
  now = new Date(),
): Promise<Result> {
  const today = townToday(now);
  // Like with like: the Town's schedule for the delivery the requester asked for, pages counted from the files.
  const counted = countedFromFiles(c.files);
  return db.transaction(async (tx): Promise<Result> => {
    const r = await getOperatorRequestAsync(tx, id);
    if (!r) return fail('That request no longer exists.');
    if (r.status !== 'received' && r.status !== 'inspection_offered')
      return fail('Copies were already provided for this request, or it was withdrawn.');
    if (c.how === 'uploaded' && !c.files.length)
      return fail('Choose the PDF copies to upload, or say how else you provided them.', 'files');
    const bill = c.lines.length
      ? checkBill(
          c.lines,
          await feeScheduleOn(tx, today),
          {
            delivery: r.delivery,
            counted,
            actualCostStatement: c.actualCostStatement,
            payee: c.payee,
            howToPay: c.howToPay,
          },
          (await townAsync(tx)).kindWord,
        )
      : undefined;
    if (bill && Object.keys(bill.problems).length) return failFields(bill.problems);
    if (c.files.length)
      await tx.insert(operatorRequestFiles).values(
        c.files.map((f) => ({
          requestId: id,
          sha256: f.sha256,
          fileName: f.filename,
          mimeType: f.mimeType,
          sizeBytes: f.sizeBytes,
          uploadedByUserId: actor.userId,
          uploadedAt: now,
        })),
      );
    if (bill?.lines.length)
      await tx.insert(operatorRequestCharges).values(
        bill.lines.map((l) => ({
          requestId: id,
          code: l.code,
          description: l.description.trim(),
          quantity: l.quantity,
          unitCents: l.unitCents,
          amountCents: l.amountCents,
        })),
      );
    const after = await updateOperatorRequestAsync(
      tx,
      r,
      {
        status: bill ? 'awaiting_payment' : 'fulfilled',
        copiesOn: today,
        copiesHow: c.how,
        ...firstAvailable(r, today, today),
        ...(bill
          ? {
              billIssuedAt: now,
              billTotalCents: bill.totalCents,
              townLimitCents: bill.townLimitCents,
              actualCostStatement: c.actualCostStatement?.trim() || null,
              billPayee: bill.totalCents > 0 ? c.payee?.trim() || null : null,
              billHowToPay: bill.totalCents > 0 ? c.howToPay?.trim() || null : null,
              billPagesCounted: counted?.pages ?? null,
              billSheetsCounted: counted?.largeFormatSheets ?? null,
            }
          : { fulfilledOn: today }),
      },
      now,
    );
    const what =
      c.how === 'uploaded'
        ? `uploaded ${c.files.length === 1 ? 'a copy' : `${c.files.length} copies`}`
        : c.how === 'mailed'
          ? 'mailed the copies'
          : c.how === 'emailed'
            ? 'emailed the copies'
            : 'handed over the copies';
    await addOperatorEventAsync(tx, id, {
      kind: 'answer',
      actorUserId: actor.userId,
      body: `The operator ${what}${bill ? ` and billed ${formatMoney(bill.totalCents)} for copying` : ''}.`,
    });
    await auditAsync(tx, actor, {
      action: 'operator_request.provide_copies',
      entityType: 'operator_request',
      entityId: id,
      before: { status: r.status },
      after: { status: after.status, copiesHow: c.how, files: c.files.length, availableOn: after.availableOn },
    });
    if (bill) {
      await auditAsync(tx, actor, {
        action: 'operator_request.bill',
        entityType: 'operator_request',
        entityId: id,
        after: {
          totalCents: bill.totalCents,
          townLimitCents: bill.townLimitCents,
          lines: bill.lines.length,
          actualCostStatement: !!c.actualCostStatement?.trim(),
          counted,
          payee: c.payee?.trim() || null,
        },
      });
    }
    await mailRequester(
      tx,
      after,
      baseUrl,
      bill
        ? `The operator has the copies ready and billed ${formatMoney(bill.totalCents)} for copying.`
        : 'The operator provided the copies.',
      today,
    );
    return { ok: true };
  });
}

/** Record the requester's payment: the copies are released. */
export function recordOperatorPayment(
  db: Db,
  actor: Actor & { userId: number },
  id: number,
  p: { paidOn: string; method: PaymentMethod; reference?: string },
  baseUrl: string,
  now = new Date(),
): Promise<Result> {
  const today = townToday(now);
  return db.transaction(async (tx): Promise<Result> => {
    const r = await getOperatorRequestAsync(tx, id);
    if (!r) return fail('That request no longer exists.');
    if (r.status !== 'awaiting_payment') return fail('This request is not waiting for a payment.');
    if (p.paidOn > today) return fail('The payment day cannot be in the future.', 'paidOn');
    if (r.billIssuedAt && p.paidOn < townToday(r.billIssuedAt))
      return fail('The payment day cannot be before the bill.', 'paidOn');
    const after = await updateOperatorRequestAsync(
      tx,
      r,
      {
        status: 'fulfilled',
        paidOn: p.paidOn,
        paymentMethod: p.method,
        paymentReference: p.reference?.trim() || null,
        fulfilledOn: today,
      },
      now,
    );
    await addOperatorEventAsync(tx, id, {
      kind: 'billing',
      actorUserId: actor.userId,
      body:
        !r.copiesHow || r.copiesHow === 'uploaded'
          ? `Payment of ${formatMoney(r.billTotalCents)} received on ${formatDay(p.paidOn)}; the copies are released.`
          : `Payment of ${formatMoney(r.billTotalCents)} received on ${formatDay(p.paidOn)}.`,
    });
    await auditAsync(tx, actor, {
      action: 'operator_request.record_payment',
      entityType: 'operator_request',
      entityId: id,
      before: { status: r.status },
      after: { status: 'fulfilled', paidOn: p.paidOn, method: p.method },
    });
    await mailRequester(
      tx,
      after,
      baseUrl,
      // Only copies on the tracking page are held for the payment; mailed or handed-over ones already reached the requester.
      !r.copiesHow || r.copiesHow === 'uploaded'
        ? `The operator recorded your payment of ${formatMoney(r.billTotalCents)}; the copies are released on your tracking page.`
        : `The operator recorded your payment of ${formatMoney(r.billTotalCents)}.`,
      today,
    );
    return { ok: true };
  });
}

/** After the inspection: the request is complete. */
export function markInspected(
  db: Db,
  actor: Actor & { userId: number },
  id: number,
  baseUrl: string,
  now = new Date(),
): Promise<Result> {
  const today = townToday(now);
  return db.transaction(async (tx): Promise<Result> => {
    const r = await getOperatorRequestAsync(tx, id);
    if (!r) return fail('That request no longer exists.');
    if (r.status !== 'inspection_offered')
      return fail('Only a request with an inspection offered can be marked inspected.');
    const after = await updateOperatorRequestAsync(tx, r, { status: 'fulfilled', fulfilledOn: today }, now);
    await addOperatorEventAsync(tx, id, {
      kind: 'status',
      actorUserId: actor.userId,
      body: 'The operator recorded that the records were made available for inspection as offered.',
    });
    await auditAsync(tx, actor, {
      action: 'operator_request.fulfil',
      entityType: 'operator_request',
      entityId: id,
      before: { status: r.status },
      after: { status: 'fulfilled' },
    });
    await mailRequester(tx, after, baseUrl, 'The operator recorded the inspection as done.', today);
    return { ok: true };
  });
}

/** The requester withdraws (by the tracking link). */
export function withdrawOperatorRequest(db: Db, actor: Actor, id: number, now = new Date()): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const r = await getOperatorRequestAsync(tx, id);
    if (!r) return fail('That request no longer exists.');
    if (r.status === 'fulfilled' || r.status === 'withdrawn') return fail('This request is already closed.');
    await updateOperatorRequestAsync(tx, r, { status: 'withdrawn', withdrawnOn: townToday(now) }, now);
    await addOperatorEventAsync(tx, id, {
      kind: 'status',
      body: `The requester withdrew the request on ${formatDay(townToday(now))}.`,
    });
    await auditAsync(tx, actor, {
      action: 'operator_request.withdraw',
      entityType: 'operator_request',
      entityId: id,
      before: { status: r.status },
      after: { status: 'withdrawn' },
    });
    return { ok: true };
  });
}

/**
 * The daily check: requests still waiting for the operator after close of business on the fifth business day
 * become findings (computed, see view.ts) and are mailed once to the officers and the requester. Each is read
 * again in the transaction that records the notice, so one answered a moment ago is not called missed.
 */
export async function noticeMissedOperatorRequests(db: Db, baseUrl: string, now = new Date()): Promise<number> {
  const window = await townDeadlineWindow(db, now);
  const missedAndUntold = and(
    eq(operatorRequests.status, 'received'),
    lt(operatorRequests.dueOn, window.overdueBefore),
    isNull(operatorRequests.missedNoticeAt),
  );
  const candidates = await db.select({ id: operatorRequests.id }).from(operatorRequests).where(missedAndUntold);
  let told = 0;
  for (const { id } of candidates) {
    const noticed = await db.transaction(async (tx) => {
      const [r] = await tx
        .select()
        .from(operatorRequests)
        .where(and(eq(operatorRequests.id, id), missedAndUntold));
      if (!r) return false;
      await updateOperatorRequestAsync(tx, r, { missedNoticeAt: now }, now);
      const [project] = await tx.select({ name: projects.name }).from(projects).where(eq(projects.id, r.projectId));
      const common = {
        number: r.number,
        projectName: project?.name ?? 'the project',
        dueText: formatDay(r.dueOn),
        receivedText: formatDay(townToday(r.receivedAt)),
      };
      for (const o of await usersWithRole(tx, 'officer'))
        await enqueueMailAsync(tx, {
          kind: 'operator-request-missed',
          to: o.email,
          data: { ...common, name: o.name, url: `${baseUrl}/staff/operator-requests/${r.id}`, forOfficer: true },
        });
      if (r.requesterEmail)
        await enqueueMailAsync(tx, {
          kind: 'operator-request-missed',
          to: r.requesterEmail,
          data: {
            ...common,
            name: r.requesterName,
            url: await operatorTrackingLink(tx, r, baseUrl),
            forOfficer: false,
          },
        });
      await addOperatorEventAsync(tx, r.id, {
        kind: 'status',
        body: `Five business days passed on ${formatDay(r.dueOn)} without the records being made available: a finding under Subsection L(4) on the project’s public page.`,
      });
      await auditAsync(
        tx,
        { label: 'system' },
        {
          action: 'operator_request.missed',
          entityType: 'operator_request',
          entityId: r.id,
          after: { dueOn: r.dueOn },
        },
      );
      return true;
    });
    if (noticed) told++;
  }
  return told;
}
