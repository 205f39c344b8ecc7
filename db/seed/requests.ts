/**
 * Records requests in every state a clerk meets, with timelines that follow the law: the due date is
 * five business days after the day a request counts as received (platform/time/deadlines.rules.ts), acknowledgments
 * promise a date, bills follow the fee schedule (POL §87: 25 cents a page, actual cost for plan
 * sheets and media, electronic copies free), and denials carry appeal rights. Then the cases the law
 * adds (addLawCases): a request granted in part (one item denied in writing on a POL §87(2) ground), and
 * appeals (a written denial, answered; the overdue request's missed deadline, waiting for the appeals
 * officer), with the statutory grounds seeded. No appeals officer is named: the admin names one (until then
 * appeals go to every admin).
 *
 * Runs inside the caller's (synchronous) transaction.
 */
import { and, eq, gte, like, lte } from 'drizzle-orm';
import type { DB } from '#lib/server/platform/db.ts';
import { schema } from '#lib/server/platform/db.ts';
import { computeDueDate, type BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { appealRights, respondBy } from '#lib/server/records-requests/request.rules.ts';
import { ROTTERDAM_WORDS } from './town-profiles.ts';

const APPEAL_RIGHTS = appealRights(ROTTERDAM_WORDS);
import { appealDueDate } from '#lib/server/records-requests/appeals.rules.ts';
import { DEFAULT_CLOSE_OF_BUSINESS } from '#lib/server/platform/time/deadlines.rules.ts';
import { computeBill } from '#lib/shared/fees.ts';
import type { DeliveryMethod, DocumentType, RequestStatus } from '../schema.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { atLocal, plusHours } from './dates.ts';
import { formatDay } from '#lib/shared/format.ts';
import { sha256Hex, type Rng } from './random.ts';

type Tx = Parameters<Parameters<DB['transaction']>[0]>[0];
type FeeSchedule = typeof schema.feeSchedules.$inferSelect;

export type RequestState =
  | 'received'
  | 'overdue'
  | 'acknowledged'
  | 'awaiting_cost_approval'
  | 'awaiting_payment'
  | 'fulfilled'
  | 'denied'
  | 'withdrawn';

export interface RequestItemSpec {
  documentId?: number | null;
  description: string;
  dateFrom?: string;
  dateTo?: string;
  /** For a date range: the kind of document it covers. */
  documentType?: DocumentType;
  /** Pages up to 9x14 in. */
  pages: number;
  largeFormatSheets: number;
}

export interface RequestSpec {
  state: RequestState;
  receivedAt: Date;
  channel: 'web' | 'email' | 'mail' | 'walk_in' | 'phone';
  requester: { name: string; email?: string; phone?: string; address?: string };
  projectId: number | null;
  description: string;
  delivery: DeliveryMethod;
  costLimitCents?: number | null;
  items: RequestItemSpec[];
  denialReason?: string;
  extensionReason?: string;
  paymentMethod?: 'cash' | 'check' | 'card' | 'money_order';
}

export interface RequestContext {
  rng: Rng;
  now: Date;
  calendar: BusinessCalendar;
  fee: FeeSchedule;
}

const CHANNEL_LABEL: Record<RequestSpec['channel'], string> = {
  web: 'the online form',
  email: 'e-mail',
  mail: 'mail',
  walk_in: 'in person at Town Hall',
  phone: 'telephone (written up by the clerk)',
};

export { APPEAL_RIGHTS };

/** The invoice lines a request would be billed: the application's own fee calculation (src/lib/shared/fees.ts). */
export function billLines(
  spec: RequestSpec,
  fee: FeeSchedule,
  rng: Rng,
): Array<{ code: string; description: string; quantity: number; unitCents: number; documentId: number | null }> {
  const heavy = spec.items.some((i) => i.largeFormatSheets > 0) || spec.items.reduce((n, i) => n + i.pages, 0) > 40;
  // Postage at cost: USPS Priority Mail flat rate with a plan tube, or a First-Class large envelope.
  const postageCents =
    spec.delivery === 'paper_mail' ? (heavy ? 1040 + rng.int(0, 3) * 100 : 173 + rng.int(0, 2) * 25) : undefined;
  const bill = computeBill(fee, {
    delivery: spec.delivery,
    items: spec.items.map((i) => ({
      label: i.description,
      pages: i.pages,
      largeFormatSheets: i.largeFormatSheets,
      documentId: i.documentId ?? null,
    })),
    postageCents,
  });
  return bill.subtotalCents > 0 ? bill.lines : [];
}

function nextNumbers(tx: Tx, prefix: 'R' | 'INV'): Map<string, number> {
  const table = prefix === 'R' ? schema.recordsRequests : schema.invoices;
  const rows = tx
    .select({ number: table.number })
    .from(table)
    .where(like(table.number, `${prefix}-%`))
    .all();
  const max = new Map<string, number>();
  for (const { number } of rows) {
    const [, year, n] = number.split('-');
    max.set(year, Math.max(max.get(year) ?? 0, Number(n)));
  }
  return max;
}

function take(counters: Map<string, number>, prefix: string, year: string): string {
  const n = (counters.get(year) ?? 0) + 1;
  counters.set(year, n);
  return `${prefix}-${year}-${String(n).padStart(4, '0')}`;
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** Insert the requests (numbered in order of receipt, per year) with their items, events, invoices and payments. */
export function insertRecordsRequests(tx: Tx, specs: RequestSpec[], ctx: RequestContext): number {
  const { rng, now, calendar, fee } = ctx;
  const requestNumbers = nextNumbers(tx, 'R');
  const invoiceNumbers = nextNumbers(tx, 'INV');
  const sorted = specs.slice().sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
  const inserted: Array<{ id: number; spec: RequestSpec; dueOn: string }> = [];
  const insertEvent = (requestId: number, at: Date, kind: string, body: string, visible = true) =>
    tx.insert(schema.requestEvents).values({ requestId, at, kind, body, visibleToRequester: visible }).run();

  for (const spec of sorted) {
    const due = computeDueDate(spec.receivedAt, calendar);
    const number = take(requestNumbers, 'R', townToday(spec.receivedAt).slice(0, 4));
    const lines = billLines(spec, fee, rng);
    const totalCents = lines.reduce((sum, l) => sum + Math.round(l.quantity * l.unitCents), 0);
    // Dates the clerk acted on, all within the statutory five business days.
    // Nothing may happen after `now`: a request that arrived this morning is acknowledged within the hour.
    const clamp = (d: Date) =>
      new Date(Math.max(spec.receivedAt.getTime() + 600_000, Math.min(d.getTime(), now.getTime() - 600_000)));
    const ackAt = clamp(
      atLocal(
        calendar.addBusinessDays(due.countsAsReceivedOn, rng.int(1, 3)).date,
        rng.int(9, 15),
        rng.pick([5, 20, 35, 50]),
      ),
    );
    const ackOn = townToday(ackAt);
    const promisedOn = calendar.addBusinessDays(ackOn, rng.int(6, 14)).date;
    const acted = spec.state !== 'received' && spec.state !== 'overdue';
    const row: typeof schema.recordsRequests.$inferInsert = {
      number,
      trackingTokenHash: sha256Hex(rng.hex(32)),
      projectId: spec.projectId,
      channel: spec.channel,
      status: spec.state === 'overdue' ? 'received' : spec.state,
      receivedAt: spec.receivedAt,
      dueOn: due.dueOn,
      description: spec.description,
      delivery: spec.delivery,
      costLimitCents: spec.costLimitCents ?? null,
      requesterName: spec.requester.name,
      requesterEmail: spec.requester.email ?? null,
      requesterPhone: spec.requester.phone ?? null,
      requesterAddress: spec.requester.address ?? null,
      estimateCents: totalCents,
      createdAt: spec.receivedAt,
      updatedAt: spec.receivedAt,
    };
    const fulfilledOn = calendar.addBusinessDays(ackOn, rng.int(0, 2) || 1).date;
    if (
      acted &&
      spec.state !== 'denied' &&
      spec.state !== 'withdrawn' &&
      !(spec.state === 'fulfilled' && totalCents === 0)
    ) {
      row.acknowledgedOn = ackOn;
      row.promisedOn = promisedOn;
      row.extensionReason = spec.extensionReason ?? null;
    }
    if (spec.state === 'denied') {
      row.deniedOn = ackOn;
      row.denialReason = spec.denialReason ?? 'The records requested are not held by the Town.';
    }
    if (spec.state === 'withdrawn') row.withdrawnOn = ackOn;
    const requestId = Number(tx.insert(schema.recordsRequests).values(row).run().lastInsertRowid);
    inserted.push({ id: requestId, spec, dueOn: due.dueOn });

    insertEvent(
      requestId,
      spec.receivedAt,
      'status',
      `Request ${number} received by ${CHANNEL_LABEL[spec.channel]}. ${due.receiptNote ? `${due.receiptNote} ` : ''}The Town will respond by close of business on ${formatDay(due.dueOn)}.`,
    );
    let lastAt = spec.receivedAt;
    const itemRows = spec.items.map((item) => ({
      requestId,
      documentId: item.documentId ?? null,
      description: item.description,
      dateFrom: item.dateFrom ?? null,
      dateTo: item.dateTo ?? null,
      documentType: item.documentType ?? null,
      pages: acted ? item.pages : null,
      largeFormatSheets: acted ? item.largeFormatSheets : null,
      releasedAt: null as Date | null,
    }));

    if (row.acknowledgedOn) {
      insertEvent(
        requestId,
        ackAt,
        'status',
        `Acknowledged. We expect to have the records ready by ${formatDay(promisedOn)}.${spec.extensionReason ? ` ${spec.extensionReason}` : ''}`,
      );
      lastAt = ackAt;
      if (rng.chance(0.5))
        insertEvent(
          requestId,
          clamp(plusHours(ackAt, 0.5)),
          'internal_note',
          `Pulled the records from the project file: ${spec.items.reduce((n, i) => n + i.pages, 0)} pages and ${spec.items.reduce((n, i) => n + i.largeFormatSheets, 0)} plan sheets.`,
          false,
        );
    }

    let invoiceId: number | undefined;
    if (
      lines.length &&
      (spec.state === 'awaiting_cost_approval' || spec.state === 'awaiting_payment' || spec.state === 'fulfilled')
    ) {
      const draft = spec.state === 'awaiting_cost_approval';
      const issuedAt = draft ? null : clamp(plusHours(ackAt, rng.float(1, 26, 1)));
      invoiceId = Number(
        tx
          .insert(schema.invoices)
          .values({
            number: take(invoiceNumbers, 'INV', townToday(issuedAt ?? ackAt).slice(0, 4)),
            requestId,
            feeScheduleId: fee.id,
            status: draft ? 'draft' : 'issued',
            issuedAt,
            createdAt: ackAt,
          })
          .run().lastInsertRowid,
      );
      for (const l of lines) {
        tx.insert(schema.invoiceLines)
          .values({
            invoiceId,
            code: l.code,
            description: l.description,
            quantity: l.quantity,
            unitCents: l.unitCents,
            amountCents: Math.round(l.quantity * l.unitCents),
            documentId: l.documentId,
          })
          .run();
      }
      if (draft) {
        row.costApprovalRequestedAt = clamp(plusHours(ackAt, 1));
        insertEvent(
          requestId,
          clamp(plusHours(ackAt, 1)),
          'note_to_requester',
          `The estimated cost is ${dollars(totalCents)}, more than the ${dollars(spec.costLimitCents ?? 0)} limit you gave. Reply to approve the cost, narrow the request, or ask for electronic copies, which are free.`,
        );
        lastAt = clamp(plusHours(ackAt, 1));
      } else if (issuedAt) {
        if (spec.costLimitCents != null && totalCents > spec.costLimitCents) {
          row.costApprovedAt = plusHours(ackAt, 0.5);
          row.costApprovedCents = totalCents;
        }
        insertEvent(
          requestId,
          issuedAt,
          'status',
          `Invoice issued for ${dollars(totalCents)}. The records will be released when payment is received.`,
        );
        lastAt = issuedAt;
      }
    }

    if (spec.state === 'fulfilled') {
      let releasedAt = atLocal(fulfilledOn, rng.int(9, 16), rng.pick([0, 15, 30, 45]));
      if (invoiceId !== undefined) {
        const paidAt = clamp(plusHours(lastAt, rng.float(20, 120, 1)));
        const method = spec.paymentMethod ?? 'check';
        tx.insert(schema.payments)
          .values({
            invoiceId,
            receivedAt: paidAt,
            amountCents: totalCents,
            method,
            reference:
              method === 'check'
                ? `Check #${rng.int(1001, 4999)}`
                : method === 'card'
                  ? `Card ending ${rng.int(1000, 9999)}`
                  : method === 'money_order'
                    ? `Money order ${rng.int(100000, 999999)}`
                    : 'Cash receipt',
            createdAt: paidAt,
          })
          .run();
        insertEvent(requestId, paidAt, 'status', `Payment of ${dollars(totalCents)} received. Thank you.`);
        releasedAt = plusHours(paidAt, rng.float(1, 24, 1));
      }
      releasedAt = clamp(releasedAt);
      row.fulfilledOn = townToday(releasedAt);
      for (const item of itemRows) item.releasedAt = releasedAt;
      insertEvent(
        requestId,
        releasedAt,
        'status',
        spec.delivery === 'electronic'
          ? 'The records are ready. Download them from this page; electronic copies are free.'
          : spec.delivery === 'paper_mail'
            ? 'Copies mailed today.'
            : spec.delivery === 'paper_pickup'
              ? "Copies are ready for pick-up at the Town Clerk's office."
              : 'The records are ready.',
      );
      lastAt = releasedAt;
    }
    if (spec.state === 'denied') {
      const at = clamp(atLocal(ackOn, rng.int(10, 15)));
      insertEvent(requestId, at, 'status', `Denied. ${row.denialReason} ${APPEAL_RIGHTS}`);
      lastAt = at;
    }
    if (spec.state === 'withdrawn') {
      const at = clamp(atLocal(ackOn, rng.int(9, 15)));
      insertEvent(requestId, at, 'status', 'The requester withdrew the request.');
      lastAt = at;
    }
    for (const item of itemRows) tx.insert(schema.requestItems).values(item).run();
    // The date the town must next act by, from the final state (see src/lib/server/records-requests/request.rules.ts).
    const next = respondBy({
      status: row.status as RequestStatus,
      dueOn: due.dueOn,
      promisedOn: row.promisedOn ?? null,
    });
    tx.update(schema.recordsRequests)
      .set({
        fulfilledOn: row.fulfilledOn ?? null,
        costApprovedAt: row.costApprovedAt ?? null,
        costApprovedCents: row.costApprovedCents ?? null,
        costApprovalRequestedAt: row.costApprovalRequestedAt ?? null,
        respondBy: next,
        updatedAt: lastAt,
      })
      .where(eqId(requestId))
      .run();
  }
  addLawCases(tx, inserted, ctx);
  addConversationCases(tx, inserted, ctx);
  return sorted.length;
}

/**
 * The clerk's tools in the demo town: paper copies handed over (picked up or mailed on the day fulfilled), one set of
 * copies waiting at Town Hall, one question to a requester, one conversation, and one request closed as a
 * duplicate of the same requester's earlier one — each as the clerk's actions would have left it.
 */
function addConversationCases(
  tx: Tx,
  inserted: Array<{ id: number; spec: RequestSpec; dueOn: string }>,
  ctx: RequestContext,
): void {
  const { now } = ctx;
  const request = (id: number) => tx.select().from(schema.recordsRequests).where(eqId(id)).get()!;
  const clerk = tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, 'clerk@rotterdam.example'))
    .get();
  const message = (
    requestId: number,
    at: Date,
    sender: 'requester' | 'clerk',
    kind: 'message' | 'clarification' | 'answer',
    body: string,
  ) =>
    tx
      .insert(schema.requestMessages)
      .values({ requestId, at, sender, kind, body, authorUserId: sender === 'clerk' ? (clerk?.id ?? null) : null })
      .run();
  const set = (id: number, values: Partial<typeof schema.recordsRequests.$inferInsert>) =>
    tx.update(schema.recordsRequests).set(values).where(eqId(id)).run();

  // Paper copies, a CD or a USB drive: fulfilled when picked up or mailed, that day (decision 0030).
  const fulfilledPaper = inserted.filter(
    (x) => x.spec.state === 'fulfilled' && x.spec.delivery !== 'electronic' && x.spec.delivery !== 'inspect',
  );
  for (const x of fulfilledPaper) {
    const r = request(x.id);
    if (!r.fulfilledOn) continue;
    set(
      r.id,
      x.spec.delivery === 'paper_mail'
        ? { copiesReadyOn: r.fulfilledOn, mailedOn: r.fulfilledOn }
        : { copiesReadyOn: r.fulfilledOn, pickedUpOn: r.fulfilledOn },
    );
  }
  // The newest of them is still waiting at Town Hall: copies ready, not yet picked up.
  const waiting = fulfilledPaper
    .filter((x) => x.spec.delivery === 'paper_pickup')
    .sort((a, b) => b.spec.receivedAt.getTime() - a.spec.receivedAt.getTime())[0];
  if (waiting) {
    const r = request(waiting.id);
    set(r.id, {
      status: 'copies_ready',
      pickedUpOn: null,
      fulfilledOn: null,
      respondBy: respondBy({
        status: 'copies_ready',
        dueOn: r.dueOn,
        promisedOn: r.promisedOn,
        delivery: r.delivery,
        copiesReadyOn: r.copiesReadyOn,
      }),
    });
  }

  // A question to the requester, not yet answered: the Town's deadline holds while it waits (decision 0029).
  const received = inserted
    .filter((x) => x.spec.state === 'received')
    .sort((a, b) => a.spec.receivedAt.getTime() - b.spec.receivedAt.getTime());
  const sameAsk = (x: (typeof received)[number], y: (typeof received)[number]) =>
    !!x.spec.requester.email &&
    x.spec.requester.email === y.spec.requester.email &&
    x.spec.projectId === y.spec.projectId;
  const asked = received.find((x) => !received.some((y) => y !== x && sameAsk(x, y)));
  if (asked) {
    const r = request(asked.id);
    const at = new Date(Math.min(now.getTime() - 3_600_000, r.receivedAt.getTime() + 3 * 3_600_000));
    message(
      r.id,
      at,
      'clerk',
      'clarification',
      'Do you want the weekly inspection reports only, or the inspection reports after storms as well? Both are kept for this project.',
    );
    set(r.id, {
      status: 'awaiting_clarification',
      statusBeforeClarification: 'received',
      respondBy: respondBy({
        status: 'awaiting_clarification',
        dueOn: r.dueOn,
        promisedOn: r.promisedOn,
        acknowledgedOn: r.acknowledgedOn,
      }),
      updatedAt: at,
    });
  }

  // A conversation on an acknowledged request: the requester asks, the clerk answers.
  const talked = inserted.find((x) => x.spec.state === 'acknowledged' && x.spec.delivery === 'electronic');
  if (talked) {
    const r = request(talked.id);
    const first = new Date(Math.min(now.getTime() - 7_200_000, r.receivedAt.getTime() + 26 * 3_600_000));
    message(
      r.id,
      first,
      'requester',
      'message',
      'Could you send the reports from the winter months first, if the others take longer?',
    );
    message(
      r.id,
      new Date(first.getTime() + 2 * 3_600_000),
      'clerk',
      'message',
      'Yes: the winter reports are being scanned now, and we will send them as soon as they are ready.',
    );
  }

  // The same requester sent the same request twice within minutes: the later one is closed as a duplicate.
  const twin = received.find((x, i) => received.slice(0, i).some((y) => sameAsk(x, y)));
  const first = twin && received.find((y) => y !== twin && sameAsk(twin, y));
  if (twin && first) {
    const original = request(first.id);
    const on = townToday(new Date(Math.min(now.getTime() - 600_000, twin.spec.receivedAt.getTime() + 3_600_000)));
    set(twin.id, {
      status: 'closed_duplicate',
      respondBy: null,
      duplicateOfRequestId: original.id,
      duplicateClosedOn: on,
      duplicateNote: `You sent this request twice within a few minutes; we are answering it as ${original.number}.`,
    });
  }
}

/** The cases POL §87(2), §89(3)(a) and §89(4)(a) add, on requests already inserted (see the header). */
function addLawCases(
  tx: Tx,
  inserted: Array<{ id: number; spec: RequestSpec; dueOn: string }>,
  ctx: RequestContext,
): void {
  // The statutory grounds are reference data (seedReferenceData).
  const { now, calendar } = ctx;
  const ground = (citation: string) =>
    tx.select().from(schema.denialGrounds).where(eq(schema.denialGrounds.citation, citation)).get()!;
  const admin = tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, 'admin@rotterdam.example'))
    .get();
  const today = townToday(now);
  const event = (requestId: number, at: Date, body: string) =>
    tx.insert(schema.requestEvents).values({ requestId, at, kind: 'status', body, visibleToRequester: true }).run();
  const request = (id: number) => tx.select().from(schema.recordsRequests).where(eqId(id)).get()!;

  // Granted in part: one inspection report of a fulfilled request's date range, withheld in writing.
  let partialDone = false;
  for (const x of inserted.filter((y) => y.spec.state === 'fulfilled' && y.spec.projectId != null)) {
    const r = request(x.id);
    const item = tx
      .select()
      .from(schema.requestItems)
      .where(eq(schema.requestItems.requestId, r.id))
      .all()
      .find((i) => i.documentType && i.dateFrom && i.dateTo);
    if (!item) continue;
    const docs = tx
      .select({ id: schema.documents.id })
      .from(schema.documents)
      .where(
        and(
          eq(schema.documents.projectId, r.projectId!),
          eq(schema.documents.type, item.documentType!),
          gte(schema.documents.documentDate, item.dateFrom!),
          lte(schema.documents.documentDate, item.dateTo!),
        ),
      )
      .all();
    if (docs.length < 2) continue;
    const g = ground('POL §87(2)(b)');
    const reason =
      'One report lists the home telephone numbers of private individuals; the other reports are released.';
    tx.update(schema.requestItems)
      .set({
        decision: 'granted_in_part',
        denialGroundId: g.id,
        decisionReason: reason,
        decidedOn: r.fulfilledOn,
        withheldDocumentIds: [docs[docs.length - 1].id],
      })
      .where(eq(schema.requestItems.id, item.id))
      .run();
    event(
      r.id,
      atLocal(r.fulfilledOn!, 9, 0),
      `Decided in writing: ${item.description}: granted in part (1 document withheld) under ${g.citation} (${g.label}). ${reason} You may appeal in writing within 30 days to the Records Access Appeals Officer.`,
    );
    partialDone = true;
    break;
  }
  // Else: a paper copy handed over with private details redacted (the stored original is withheld).
  const paper = partialDone
    ? undefined
    : inserted.find(
        (y) =>
          y.spec.state === 'fulfilled' &&
          y.spec.delivery !== 'electronic' &&
          y.spec.items.some((i) => i.documentId != null),
      );
  if (paper) {
    const r = request(paper.id);
    const item = tx
      .select()
      .from(schema.requestItems)
      .where(eq(schema.requestItems.requestId, r.id))
      .all()
      .find((i) => i.documentId != null)!;
    const g = ground('POL §87(2)(b)');
    const reason =
      'The copy was provided with the home telephone numbers of private individuals redacted; the unredacted original is withheld.';
    tx.update(schema.requestItems)
      .set({
        decision: 'granted_in_part',
        denialGroundId: g.id,
        decisionReason: reason,
        decidedOn: r.fulfilledOn,
        withheldDocumentIds: [item.documentId!],
      })
      .where(eq(schema.requestItems.id, item.id))
      .run();
    event(
      r.id,
      atLocal(r.fulfilledOn!, 9, 0),
      `Decided in writing: ${item.description}: granted in part under ${g.citation} (${g.label}). ${reason} You may appeal in writing within 30 days to the Records Access Appeals Officer.`,
    );
  }

  // Appeals: a written denial answered by the appeals officer; a missed deadline waiting for an answer.
  const denied = inserted.filter((x) => x.spec.state === 'denied').map((x) => request(x.id));
  const appeal = (requestId: number, kind: 'written_denial' | 'missed_deadline', receivedAt: Date, body: string) => {
    const { countsFromOn, dueOn } = appealDueDate(receivedAt, calendar, DEFAULT_CLOSE_OF_BUSINESS);
    const id = tx
      .insert(schema.requestAppeals)
      .values({
        requestId,
        kind,
        receivedAt,
        countsFromOn,
        dueOn,
        body,
        officerUserId: null,
        createdAt: receivedAt,
        updatedAt: receivedAt,
      })
      .returning({ id: schema.requestAppeals.id })
      .get().id;
    event(
      requestId,
      receivedAt,
      `Appeal received. The appeals officer must answer in writing by ${formatDay(dueOn)} (10 business days, Public Officers Law §89(4)(a)). The appeal: ${body}`,
    );
    return { id, dueOn };
  };
  const first = denied[0];
  if (first?.deniedOn) {
    const at = atLocal(calendar.addBusinessDays(first.deniedOn, 2).date, 10, 15);
    if (at < now) {
      const a = appeal(
        first.id,
        'written_denial',
        at,
        'The SWPPP and inspection reports are public documents under the Town law; please release them.',
      );
      const decidedOn = calendar.addBusinessDays(townToday(at), 6).date;
      if (decidedOn < today) {
        const text =
          'The Town holds no records other than those already described; the denial is upheld for the records that do not exist.';
        tx.update(schema.requestAppeals)
          .set({ outcome: 'denied', decidedOn, decisionText: text, decidedByUserId: admin?.id ?? null })
          .where(eq(schema.requestAppeals.id, a.id))
          .run();
        event(first.id, atLocal(decidedOn, 14, 0), `Appeal denied on ${formatDay(decidedOn)}. ${text}`);
      }
    }
  }
  const overdue = inserted.find((x) => x.spec.state === 'overdue');
  if (overdue) {
    const at = atLocal(calendar.addBusinessDays(overdue.dueOn, 1).date, 9, 30);
    if (at < now) appeal(overdue.id, 'missed_deadline', at, 'Five business days have passed and I have had no answer.');
  }
}

function eqId(id: number) {
  return eq(schema.recordsRequests.id, id);
}
