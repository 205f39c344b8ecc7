/**
 * Billing a records request: the clerk confirms pages and sheets per item, the invoice's lines come from
 * the fee schedule in force that day (the invoice keeps that schedule, so an old invoice keeps its rates),
 * discounts and waivers carry a reason, payments are recorded with the balance, and electronic copies are
 * released when nothing is owed. A bill above the requester's limit waits for their approval first, and so
 * does any bill that charges staff time, limit or no limit (POL §87(1)(c): told the estimate, they consent
 * before the invoice is issued). Items the clerk withheld in writing are never released or billed, and the
 * mail that releases the rest lists them with the appeal rights.
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { invoiceLines, invoices, payments, requestItems, users, type DeliveryMethod } from '#db/schema.ts';
import { computeBill, needsApprovalBeforeInvoice, staffTimeCents, type Bill } from '#lib/shared/fees.ts';
import { formatDay, formatMoney } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { feeScheduleById, feeScheduleOn } from './fee-schedules.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import type { InvoiceSummary } from '#lib/server/platform/mail/templates/requests.ts';
import { townToday, townInstant } from '#lib/server/platform/time/town-time.ts';
import { copyItems, resolveItems, type ItemRow } from './records.ts';
import { appealRightsFor } from './appeals.ts';
import { withheldLines } from './grounds.ts';
import { howToPay, isOpen, readyText } from './request.rules.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import type { TownWords } from '#lib/shared/town-profile.ts';
import { handoverOf, statusOnRelease } from './delivery.rules.ts';
import { mailLinkAsync } from './links.ts';
import {
  addEventAsync,
  auditView,
  getRequestAsync,
  nextNumberAsync,
  updateRequestAsync,
  type RequestRow,
} from './store.ts';
import { fail, type Result } from '#lib/server/platform/result.ts';

import { PAYMENT_METHOD_LABEL } from '#lib/shared/labels.ts';
export { PAYMENT_METHOD_LABEL };
export type PaymentMethod = keyof typeof PAYMENT_METHOD_LABEL;

type Reader = Pick<Db, 'select'>;

function actorId(actor: Actor): number | null {
  return 'userId' in actor ? actor.userId : null;
}

export function itemRows(tx: Reader, requestId: number): Promise<ItemRow[]> {
  return tx.select().from(requestItems).where(eq(requestItems.requestId, requestId)).orderBy(asc(requestItems.id));
}

export interface InvoiceView {
  id: number;
  number: string;
  status: 'draft' | 'issued' | 'void';
  issuedAt: Date | null;
  createdAt: Date;
  voidedAt: Date | null;
  voidReason: string | null;
  feeScheduleId: number;
  lines: Array<typeof invoiceLines.$inferSelect>;
  subtotalCents: number;
  discountCents: number;
  discountReason: string | null;
  totalCents: number;
  payments: Array<typeof payments.$inferSelect & { recordedBy: string | null }>;
  paidCents: number;
  balanceCents: number;
}

async function invoiceView(tx: Reader, inv: typeof invoices.$inferSelect): Promise<InvoiceView> {
  const lines = await tx
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, inv.id))
    .orderBy(asc(invoiceLines.id));
  const pays = (
    await tx
      .select({ p: payments, recordedBy: users.name })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.recordedByUserId))
      .where(eq(payments.invoiceId, inv.id))
      .orderBy(asc(payments.receivedAt), asc(payments.id))
  ).map((r) => ({ ...r.p, recordedBy: r.recordedBy }));
  const subtotalCents = lines.reduce((n, l) => n + l.amountCents, 0);
  const totalCents = Math.max(0, subtotalCents - inv.discountCents);
  const paidCents = pays.reduce((n, p) => n + p.amountCents, 0);
  return {
    id: inv.id,
    number: inv.number,
    status: inv.status as InvoiceView['status'],
    issuedAt: inv.issuedAt,
    createdAt: inv.createdAt,
    voidedAt: inv.voidedAt,
    voidReason: inv.voidReason,
    feeScheduleId: inv.feeScheduleId,
    lines,
    subtotalCents,
    discountCents: inv.discountCents,
    discountReason: inv.discountReason,
    totalCents,
    payments: pays,
    paidCents,
    balanceCents: inv.status === 'issued' ? Math.max(0, totalCents - paidCents) : 0,
  };
}

/** The request's invoice in force (draft or issued), if any. */
export async function currentInvoice(tx: Reader, requestId: number): Promise<InvoiceView | undefined> {
  const [inv] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.requestId, requestId), isNull(invoices.voidedAt)))
    .orderBy(desc(invoices.id))
    .limit(1);
  return inv && inv.status !== 'void' ? invoiceView(tx, inv) : undefined;
}

/** Every invoice, voided ones included (for the staff timeline). */
export async function allInvoices(tx: Reader, requestId: number): Promise<InvoiceView[]> {
  const rows = await tx.select().from(invoices).where(eq(invoices.requestId, requestId)).orderBy(asc(invoices.id));
  const views: InvoiceView[] = [];
  for (const i of rows) views.push(await invoiceView(tx, i));
  return views;
}

export function invoiceSummary(inv: InvoiceView, url: string, t: TownWords): InvoiceSummary {
  return {
    number: inv.number,
    lines: inv.lines.map((l) => ({ description: l.description, amount: formatMoney(l.amountCents) })),
    discount: inv.discountCents ? { amount: formatMoney(inv.discountCents), reason: inv.discountReason ?? '' } : null,
    total: formatMoney(inv.totalCents),
    paid: formatMoney(inv.paidCents),
    balance: formatMoney(inv.balanceCents),
    howToPay: howToPay(t),
    url,
  };
}

/** Mark every file of the request released (documents it names, ranges it covers, uploads). */
export async function releaseFiles(tx: Db, r: RequestRow, now: Date): Promise<number> {
  const resolved = await resolveItems(tx, r.projectId, await itemRows(tx, r.id));
  let n = 0;
  for (const x of resolved) {
    if (x.item.releasedAt || x.files.length === 0) continue;
    await tx.update(requestItems).set({ releasedAt: now }).where(eq(requestItems.id, x.item.id));
    n += x.files.length;
  }
  return n;
}

/** For the mail that releases records: what was withheld in writing, and the appeal rights (none when nothing was). */
export async function withheldForMail(
  tx: Reader,
  r: RequestRow,
  now: Date,
): Promise<{ withheld?: string[]; appealRights?: string }> {
  const withheld = await withheldLines(tx, await resolveItems(tx, r.projectId, await itemRows(tx, r.id)));
  return withheld.length ? { withheld, appealRights: await appealRightsFor(tx, r, now) } : {};
}

/** "3 hours of staff time at $18.50 an hour ($55.50)" for the consent request. */
function staffTimeText(bill: Bill): string | null {
  const l = bill.lines.find((x) => x.code === 'staff_time');
  return l
    ? `${l.quantity} hours of staff time preparing electronic copies at ${formatMoney(l.unitCents)} an hour (${formatMoney(l.amountCents)})`
    : null;
}

export interface Links {
  trackUrl: (token?: string) => string | undefined;
  invoiceUrl: () => string | undefined;
}

export interface BillInputForm {
  counts: Array<{ itemId: number; pages: number; largeFormatSheets: number }>;
  postageCents?: number;
  staffMinutes?: number;
  discountCents?: number;
  discountReason?: string;
}

/** What the bill would be with these counts, without saving anything (the billing form's preview). */
export async function previewBill(
  tx: Reader,
  r: RequestRow,
  input: BillInputForm,
  today = townToday(),
): Promise<{ bill: Bill; feeScheduleId: number }> {
  const fee = await feeScheduleOn(tx, today);
  const rows = (await itemRows(tx, r.id)).map((i) => {
    const c = input.counts.find((x) => x.itemId === i.id);
    return c ? { ...i, pages: c.pages, largeFormatSheets: c.largeFormatSheets } : i;
  });
  const bill = computeBill(fee, {
    delivery: r.delivery,
    items: copyItems(await resolveItems(tx, r.projectId, rows)),
    postageCents: r.delivery === 'paper_mail' ? (input.postageCents ?? 0) : undefined,
    staffMinutes: input.staffMinutes,
    discountCents: input.discountCents,
  });
  return { bill, feeScheduleId: fee.id };
}

/**
 * Issue the bill. Free (nothing to charge): the files are released at once and the request is fulfilled.
 * Above the requester's limit: a draft waits for their approval. Otherwise an issued invoice awaits payment.
 * The request, its invoice and its items are read in the transaction that bills it, so two clerks cannot
 * both issue an invoice.
 */
export function billRequest(
  db: Db,
  actor: Actor,
  requestId: number,
  input: BillInputForm,
  baseUrl: string,
  now = new Date(),
): Promise<Result<{ invoiceId: number | null; totalCents: number }>> {
  const today = townToday(now);
  return db.transaction(async (tx): Promise<Result<{ invoiceId: number | null; totalCents: number }>> => {
    const r = await getRequestAsync(tx, requestId);
    if (!r) return fail('No such request.');
    if (!isOpen(r.status)) return fail('This request is closed; it cannot be billed.');
    if (r.delivery === 'inspect')
      return fail('Inspection in person is free; mark the request fulfilled after the visit.');
    const billed = await currentInvoice(tx, r.id);
    const rows = await itemRows(tx, r.id);
    if (billed) return fail('This request already has an invoice. Void it first to bill again.');
    if ((input.discountCents ?? 0) > 0 && !input.discountReason?.trim())
      return fail('Give the reason for the discount or waiver.', 'discountReason');
    for (const c of input.counts)
      if (!rows.some((i) => i.id === c.itemId)) return fail('One of the items is not part of this request.');
    const { bill, feeScheduleId } = await previewBill(tx, r, input, today);
    const waiting = needsApprovalBeforeInvoice(bill, r.costLimitCents, r.costApprovedCents);
    const staffText = staffTimeCents(bill) > 0 ? staffTimeText(bill) : null;

    const link = await mailLinkAsync(tx, r, baseUrl);
    for (const c of input.counts) {
      await tx
        .update(requestItems)
        .set({ pages: c.pages, largeFormatSheets: c.largeFormatSheets })
        .where(eq(requestItems.id, c.itemId));
    }
    let id: number | null = null;
    if (bill.subtotalCents > 0) {
      const [row] = await tx
        .insert(invoices)
        .values({
          number: await nextNumberAsync(tx, 'INV', today.slice(0, 4)),
          requestId: r.id,
          feeScheduleId,
          status: waiting ? 'draft' : 'issued',
          discountCents: bill.discountCents,
          discountReason: bill.discountCents ? input.discountReason!.trim() : null,
          issuedAt: waiting ? null : now,
          issuedByUserId: waiting ? null : actorId(actor),
          createdAt: now,
        })
        .returning({ id: invoices.id });
      id = row!.id;
      const invoiceId = id;
      await tx.insert(invoiceLines).values(
        bill.lines.map((l) => ({
          invoiceId,
          code: l.code,
          description: l.description,
          quantity: l.quantity,
          unitCents: l.unitCents,
          amountCents: l.amountCents,
          documentId: l.documentId,
        })),
      );
    }
    const inv = id != null ? await currentInvoice(tx, r.id) : undefined;
    const words = await townAsync(tx);
    let after: RequestRow;
    if (waiting) {
      after = await updateRequestAsync(
        tx,
        r,
        { status: 'awaiting_cost_approval', costApprovalRequestedAt: now, billedOn: r.billedOn ?? today },
        now,
      );
      await addEventAsync(tx, r.id, {
        kind: 'billing',
        visible: true,
        actorUserId: actorId(actor),
        at: now,
        body: staffText
          ? `The estimate is ${formatMoney(bill.totalCents)}, including ${staffText}. Staff time is charged only with your approval (Public Officers Law §87(1)(c)): no invoice is issued until you approve the estimate on this page.`
          : `The copies will cost ${formatMoney(bill.totalCents)}, more than the ${formatMoney(r.costLimitCents ?? 0)} limit you gave. Nothing is copied or charged until you approve the cost on this page.`,
      });
      if (r.requesterEmail) {
        await enqueueMailAsync(tx, {
          kind: 'request-cost-approval',
          to: r.requesterEmail,
          data: {
            number: r.number,
            name: r.requesterName,
            trackUrl: link,
            totalText: formatMoney(bill.totalCents),
            limitText: r.costLimitCents != null ? formatMoney(r.costLimitCents) : null,
            staffTimeText: staffText,
            delivery: r.delivery,
          },
        });
      }
    } else if (bill.totalCents === 0) {
      await releaseFiles(tx, r, now);
      // Paper copies are ready for pickup (or to be mailed), not fulfilled, until handed over (decision 0030).
      after = await updateRequestAsync(tx, r, statusOnRelease(r.delivery, today), now);
      await addEventAsync(tx, r.id, {
        kind: 'status',
        visible: true,
        actorUserId: actorId(actor),
        at: now,
        body: `${inv ? `Invoice ${inv.number}: nothing to pay${bill.discountCents ? ` (waived: ${input.discountReason?.trim()})` : ''}. ` : ''}${readyText(r.delivery, words)}`,
      });
      if (r.requesterEmail) {
        const released = after;
        await enqueueMailAsync(tx, {
          kind: 'request-ready',
          to: r.requesterEmail,
          data: {
            number: r.number,
            name: r.requesterName,
            trackUrl: link,
            readyText: readyText(r.delivery, words),
            invoice: null,
            ...(await withheldForMail(tx, released, now)),
          },
        });
      }
    } else {
      after = await updateRequestAsync(tx, r, { status: 'awaiting_payment', billedOn: r.billedOn ?? today }, now);
      await addEventAsync(tx, r.id, {
        kind: 'billing',
        visible: true,
        actorUserId: actorId(actor),
        at: now,
        body: `Invoice ${inv!.number} issued for ${formatMoney(bill.totalCents)}. The records are ready and are released when it is paid. ${howToPay(words)}`,
      });
      if (r.requesterEmail) {
        const billedRow = after;
        await enqueueMailAsync(tx, {
          kind: 'request-ready',
          to: r.requesterEmail,
          data: {
            number: r.number,
            name: r.requesterName,
            trackUrl: link,
            readyText: readyText(r.delivery, words),
            invoice: invoiceSummary(inv!, `${link}/invoice`, words),
            ...(await withheldForMail(tx, billedRow, now)),
          },
        });
      }
    }
    await auditAsync(tx, actor, {
      action: 'records_request.bill',
      entityType: 'records_request',
      entityId: r.id,
      before: auditView(r),
      after: {
        ...auditView(after),
        invoice: inv
          ? {
              number: inv.number,
              status: inv.status,
              subtotalCents: inv.subtotalCents,
              discountCents: inv.discountCents,
              discountReason: inv.discountReason,
              totalCents: inv.totalCents,
              feeScheduleId,
            }
          : null,
        counts: input.counts,
        postageCents: input.postageCents ?? null,
        staffMinutes: input.staffMinutes ?? null,
      },
    });
    return { ok: true, invoiceId: id, totalCents: bill.totalCents };
  });
}

/** The requester (on their tracking page) or the clerk (for an approval given by phone or email) approves the cost. */
export function approveCost(
  db: Db,
  actor: Actor,
  requestId: number,
  baseUrl: string,
  now = new Date(),
): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const r = await getRequestAsync(tx, requestId);
    if (!r) return fail('No such request.');
    if (r.status !== 'awaiting_cost_approval') return fail('This request is not waiting for a cost approval.');
    const draft = await currentInvoice(tx, r.id);
    const amount = draft ? draft.totalCents : (r.estimateCents ?? 0);
    const link = await mailLinkAsync(tx, r, baseUrl);
    const words = await townAsync(tx);
    let after: RequestRow;
    const byRequester = !('userId' in actor);
    const who = byRequester ? 'You approved' : 'The clerk recorded your approval of';
    if (draft && draft.status === 'draft') {
      await tx
        .update(invoices)
        .set({ status: 'issued', issuedAt: now, issuedByUserId: actorId(actor) })
        .where(eq(invoices.id, draft.id));
      after = await updateRequestAsync(
        tx,
        r,
        { status: 'awaiting_payment', costApprovedAt: now, costApprovedCents: amount },
        now,
      );
      const issued = after;
      const inv = (await currentInvoice(tx, r.id))!;
      const withheld = await withheldForMail(tx, issued, now);
      await addEventAsync(tx, r.id, {
        kind: 'billing',
        visible: true,
        actorUserId: actorId(actor),
        at: now,
        body: `${who} the cost of ${formatMoney(amount)}. Invoice ${inv.number} is issued; the records are released when it is paid. ${howToPay(words)}`,
      });
      if (r.requesterEmail) {
        await enqueueMailAsync(tx, {
          kind: 'request-ready',
          to: r.requesterEmail,
          data: {
            number: r.number,
            name: r.requesterName,
            trackUrl: link,
            readyText: readyText(r.delivery, words),
            invoice: invoiceSummary(inv, `${link}/invoice`, words),
            ...withheld,
          },
        });
      }
    } else {
      after = await updateRequestAsync(
        tx,
        r,
        { status: r.acknowledgedOn ? 'acknowledged' : 'received', costApprovedAt: now, costApprovedCents: amount },
        now,
      );
      await addEventAsync(tx, r.id, {
        kind: 'status',
        visible: true,
        actorUserId: actorId(actor),
        at: now,
        body: `${who} the estimated cost of ${formatMoney(amount)}. The ${words.kindWord} is preparing the records.`,
      });
    }
    await auditAsync(tx, actor, {
      action: 'records_request.approve_cost',
      entityType: 'records_request',
      entityId: r.id,
      before: auditView(r),
      after: auditView(after),
    });
    return { ok: true };
  });
}

export interface PaymentInput {
  amountCents: number;
  method: PaymentMethod;
  reference?: string;
  receivedOn: string;
}

/**
 * Record a payment against the issued invoice; at a zero balance the files are released and the request
 * fulfilled. The balance is read in the transaction that records the payment, so two clerks entering the same
 * check at once cannot pay the invoice twice over.
 */
export function recordPayment(
  db: Db,
  actor: Actor,
  requestId: number,
  p: PaymentInput,
  baseUrl: string,
  now = new Date(),
): Promise<Result<{ balanceCents: number; released: boolean }>> {
  const today = townToday(now);
  return db.transaction(async (tx): Promise<Result<{ balanceCents: number; released: boolean }>> => {
    const r = await getRequestAsync(tx, requestId);
    if (!r) return fail('No such request.');
    const inv = await currentInvoice(tx, r.id);
    if (!inv || inv.status !== 'issued') return fail('There is no issued invoice to pay.');
    if (inv.balanceCents <= 0) return fail('The invoice is already paid in full.');
    if (p.amountCents <= 0) return fail('Enter an amount greater than zero.', 'amount');
    if (p.amountCents > inv.balanceCents)
      return fail(
        `That is more than the balance of ${formatMoney(inv.balanceCents)}. Enter at most the balance.`,
        'amount',
      );
    if ((p.method === 'check' || p.method === 'card' || p.method === 'money_order') && !p.reference?.trim()) {
      return fail(
        p.method === 'check'
          ? 'Enter the check number.'
          : p.method === 'card'
            ? 'Enter the card payment reference (receipt or authorization number).'
            : 'Enter the money order number.',
        'reference',
      );
    }
    if (p.receivedOn > today) return fail('The payment date cannot be in the future.', 'receivedOn');
    const receivedAt = p.receivedOn === today ? now : townInstant(p.receivedOn, '12:00');
    const balance = inv.balanceCents - p.amountCents;
    const link = await mailLinkAsync(tx, r, baseUrl);
    const words = await townAsync(tx);
    await tx.insert(payments).values({
      invoiceId: inv.id,
      receivedAt,
      amountCents: p.amountCents,
      method: p.method,
      reference: p.reference?.trim() || null,
      recordedByUserId: actorId(actor),
      createdAt: now,
    });
    let after = r;
    let released = false;
    const methodText = `${PAYMENT_METHOD_LABEL[p.method]}${p.reference?.trim() ? `, ${p.reference.trim()}` : ''}`;
    await addEventAsync(tx, r.id, {
      kind: 'billing',
      visible: true,
      actorUserId: actorId(actor),
      at: now,
      body: `Payment of ${formatMoney(p.amountCents)} received (${PAYMENT_METHOD_LABEL[p.method]}) on ${formatDay(p.receivedOn)} for invoice ${inv.number}. Balance: ${formatMoney(balance)}.`,
    });
    if (balance === 0) {
      await releaseFiles(tx, r, now);
      released = true;
      after = await updateRequestAsync(tx, r, statusOnRelease(r.delivery, today), now);
      await addEventAsync(tx, r.id, {
        kind: 'status',
        visible: true,
        actorUserId: actorId(actor),
        at: now,
        body: readyText(r.delivery, words),
      });
    }
    await auditAsync(tx, actor, {
      action: 'records_request.payment',
      entityType: 'records_request',
      entityId: r.id,
      before: { ...auditView(r), balanceCents: inv.balanceCents },
      after: {
        ...auditView(after),
        invoice: inv.number,
        amountCents: p.amountCents,
        method: p.method,
        reference: p.reference ?? null,
        receivedOn: p.receivedOn,
        balanceCents: balance,
      },
    });
    if (r.requesterEmail) {
      await enqueueMailAsync(tx, {
        kind: 'request-payment-received',
        to: r.requesterEmail,
        data: {
          number: r.number,
          name: r.requesterName,
          trackUrl: link,
          amountText: formatMoney(p.amountCents),
          methodText,
          invoiceNumber: inv.number,
          balanceText: formatMoney(balance),
          released,
          releasedText:
            released && handoverOf(r.delivery)
              ? `The records are released. ${readyText(r.delivery, words)}`
              : undefined,
        },
      });
    }
    return { ok: true, balanceCents: balance, released };
  });
}

/** Release files attached after the bill was settled (nothing owed). */
export function releaseNow(
  db: Db,
  actor: Actor,
  requestId: number,
  now = new Date(),
): Promise<Result<{ released: number }>> {
  return db.transaction(async (tx): Promise<Result<{ released: number }>> => {
    const r = await getRequestAsync(tx, requestId);
    if (!r) return fail('No such request.');
    if (r.status === 'denied' || r.status === 'withdrawn')
      return fail('This request is closed; nothing can be released.');
    const inv = await currentInvoice(tx, r.id);
    if (inv && (inv.status === 'draft' || inv.balanceCents > 0))
      return fail(
        `Nothing can be released while ${inv.status === 'draft' ? 'the cost waits for approval' : `${formatMoney(inv.balanceCents)} is owed`}.`,
      );
    if (!inv && r.status !== 'fulfilled' && (await previewBill(tx, r, { counts: [] })).bill.totalCents > 0)
      return fail('Bill the request first: its copies are not free.');
    const n = await releaseFiles(tx, r, now);
    if (!n) return fail('There are no unreleased files on this request.');
    await addEventAsync(tx, r.id, {
      kind: 'status',
      visible: true,
      actorUserId: actorId(actor),
      at: now,
      body: `${n === 1 ? 'A file was' : `${n} files were`} released for download.`,
    });
    await auditAsync(tx, actor, {
      action: 'records_request.release',
      entityType: 'records_request',
      entityId: r.id,
      after: { files: n },
    });
    return { ok: true, released: n };
  });
}

/** Void an invoice nobody has paid anything on (a mistake), so the request can be billed again. */
export function voidInvoice(
  db: Db,
  actor: Actor,
  requestId: number,
  reason: string,
  now = new Date(),
): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const r = await getRequestAsync(tx, requestId);
    if (!r) return fail('No such request.');
    const inv = await currentInvoice(tx, r.id);
    if (!inv) return fail('There is no invoice to void.');
    if (inv.paidCents > 0) return fail('Payments are recorded on this invoice; it cannot be voided.');
    await tx
      .update(invoices)
      .set({ status: 'void', voidedAt: now, voidReason: reason.trim() })
      .where(eq(invoices.id, inv.id));
    const after = isOpen(r.status)
      ? await updateRequestAsync(tx, r, { status: r.acknowledgedOn ? 'acknowledged' : 'received' }, now)
      : r;
    await addEventAsync(tx, r.id, {
      kind: 'billing',
      visible: true,
      actorUserId: actorId(actor),
      at: now,
      body: `Invoice ${inv.number} was cancelled: ${reason.trim()}`,
    });
    await auditAsync(tx, actor, {
      action: 'records_request.void_invoice',
      entityType: 'invoice',
      entityId: inv.id,
      before: { number: inv.number, status: inv.status, totalCents: inv.totalCents },
      after: { status: 'void', reason: reason.trim(), request: auditView(after) },
    });
    return { ok: true };
  });
}

/** Rates of the schedule an invoice was issued under (for the printable invoice). */
export function invoiceRates(tx: Reader, inv: InvoiceView) {
  return feeScheduleById(tx, inv.feeScheduleId);
}

export type { DeliveryMethod };
