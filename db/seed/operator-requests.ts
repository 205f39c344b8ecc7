/**
 * Requests to site operators (ordinance L(4)) in every state, relative to the seed's "today": received and
 * not yet due, an inspection offered, copies with a bill awaiting payment, paid and fulfilled, withdrawn, one
 * answered late (a letter logged by the clerk), and one left unanswered past its due date (a public L(4)
 * finding). The demo operator accounts each have some (operator@: the stop-work site's, waiting, and one awaiting
 * payment; operator2@: an inspection offered). Due dates by the General Construction Law's days (computeDueDate over STATUTORY_CALENDAR); copies are the project's own stored
 * documents. Runs inside the caller's (synchronous) transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DB } from '#lib/server/platform/db.ts';
import { schema } from '#lib/server/platform/db.ts';
import {
  computeDueDate,
  STATUTORY_CALENDAR,
  type BusinessCalendar,
} from '#lib/server/platform/time/deadlines.rules.ts';
import { formatOperatorNumber } from '#lib/server/operator-requests/request.rules.ts';
import type { DeliveryMethod, OperatorRequestChannel, OperatorRequestStatus } from '../schema.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { addDays } from '#lib/shared/days.ts';
import { atLocal } from './dates.ts';
import { formatDay } from '#lib/shared/format.ts';
import { sha256Hex, type Rng } from './random.ts';

type Tx = Parameters<Parameters<DB['transaction']>[0]>[0];

interface Spec {
  slug: string;
  state: OperatorRequestStatus | 'late' | 'missed';
  /** Business days before today the operator received it. */
  ago: number;
  channel: OperatorRequestChannel;
  requester: { name: string; email?: string };
  wantsSwppp: boolean;
  reportsDays?: number;
  delivery: DeliveryMethod;
  pages?: number;
}

const SPECS: Spec[] = [
  {
    slug: 'hamburg-street-mixed-use',
    state: 'received',
    ago: 1,
    channel: 'web',
    requester: { name: 'Dana Whitcomb', email: 'dana.whitcomb@example.org' },
    wantsSwppp: false,
    reportsDays: 14,
    delivery: 'electronic',
  },
  {
    slug: 'curry-road-distribution-center',
    state: 'inspection_offered',
    ago: 3,
    channel: 'web',
    requester: { name: 'Mohawk Watershed Alliance', email: 'records@mohawkwatershed.example.org' },
    wantsSwppp: true,
    delivery: 'inspect',
  },
  {
    slug: 'carman-road-child-care-center',
    state: 'awaiting_payment',
    ago: 4,
    channel: 'web',
    requester: { name: 'Luis Ferreira', email: 'lferreira@example.com' },
    wantsSwppp: true,
    reportsDays: 30,
    delivery: 'paper_pickup',
    pages: 38,
  },
  {
    slug: 'guilderland-avenue-self-storage',
    state: 'fulfilled',
    ago: 18,
    channel: 'web',
    requester: { name: 'Priya Natarajan', email: 'priya.n@example.net' },
    wantsSwppp: true,
    delivery: 'paper_pickup',
    pages: 24,
  },
  {
    slug: 'rotterdam-junction-fire-station',
    state: 'withdrawn',
    ago: 12,
    channel: 'email',
    requester: { name: 'Tom Kessler', email: 'tkessler@example.com' },
    wantsSwppp: false,
    reportsDays: 60,
    delivery: 'electronic',
  },
  {
    slug: 'duanesburg-road-truck-terminal',
    state: 'late',
    ago: 22,
    channel: 'letter',
    requester: { name: 'Eleanor Voss' },
    wantsSwppp: true,
    reportsDays: 45,
    delivery: 'paper_mail',
  },
  {
    slug: 'princetown-road-community-solar',
    state: 'missed',
    ago: 9,
    channel: 'web',
    requester: { name: 'Gary Lindqvist', email: 'gary.lindqvist@example.org' },
    wantsSwppp: true,
    reportsDays: 21,
    delivery: 'electronic',
  },
];

function businessDaysAgo(calendar: BusinessCalendar, today: string, n: number): string {
  let d = today;
  for (let counted = 0; counted < n;) {
    d = addDays(d, -1);
    if (calendar.isBusinessDay(d)) counted++;
  }
  return d;
}

export function insertOperatorRequests(
  tx: Tx,
  ctx: {
    rng: Rng;
    now: Date;
    today: string;
    calendar: BusinessCalendar;
    perPageCents: number;
    clerkUserId?: number | null;
  },
): number {
  const { rng, today, calendar } = ctx;
  const slugs = SPECS.map((s) => s.slug);
  const projects = new Map(
    tx
      .select({ id: schema.projects.id, slug: schema.projects.slug })
      .from(schema.projects)
      .where(inArray(schema.projects.slug, slugs))
      .all()
      .map((p) => [p.slug, p.id]),
  );
  const clerk =
    ctx.clerkUserId ??
    tx
      .select({ id: schema.userRoles.userId })
      .from(schema.userRoles)
      .where(eq(schema.userRoles.role, 'clerk'))
      .limit(1)
      .get()?.id ??
    null;
  let n = 0;
  // Numbered in the order received, per year, with no counter row in settings (the live sequence starts
  // from the highest number present: store.ts nextOperatorNumber).
  const perYear = new Map<string, number>();
  for (const s of SPECS.slice().sort((a, b) => b.ago - a.ago)) {
    const projectId = projects.get(s.slug);
    if (projectId == null) continue;
    const receivedOn = businessDaysAgo(calendar, today, s.ago);
    const receivedAt = atLocal(
      receivedOn,
      s.channel === 'web' ? rng.int(9, 15) : 9,
      s.channel === 'web' ? rng.pick([5, 20, 35, 50]) : 0,
    );
    const due = computeDueDate(receivedAt, STATUTORY_CALENDAR);
    const year = townToday(receivedAt).slice(0, 4);
    perYear.set(year, (perYear.get(year) ?? 0) + 1);
    const number = formatOperatorNumber(year, perYear.get(year)!);
    const reportsFrom = s.reportsDays ? businessDaysAgo(calendar, receivedOn, Math.round(s.reportsDays / 1.4)) : null;
    const status: OperatorRequestStatus =
      s.state === 'late' ? 'fulfilled' : s.state === 'missed' ? 'received' : s.state;
    // The day the operator acted: within the five days, except the late one (three business days after the due date).
    const actedOn =
      s.state === 'late'
        ? calendar.addBusinessDays(due.dueOn, 3).date
        : calendar.addBusinessDays(due.countsAsReceivedOn, Math.min(3, Math.max(1, s.ago - 1))).date;
    const acted = !['received', 'missed', 'withdrawn'].includes(s.state);
    const pages = s.pages ?? 0;
    const billed = acted && pages > 0;
    const paid = billed && s.state === 'fulfilled';
    const paidOn = paid ? calendar.addBusinessDays(actedOn, 2).date : null;
    const inspectionOn = s.state === 'inspection_offered' ? due.dueOn : null;
    const row = tx
      .insert(schema.operatorRequests)
      .values({
        number,
        trackingTokenHash: sha256Hex(rng.hex(32)),
        projectId,
        channel: s.channel,
        status,
        receivedAt,
        dueOn: due.dueOn,
        wantsSwppp: s.wantsSwppp,
        reportsFrom,
        reportsTo: reportsFrom ? receivedOn : null,
        description: null,
        delivery: s.delivery,
        requesterName: s.requester.name,
        requesterEmail: s.requester.email ?? null,
        loggedByUserId: s.channel === 'letter' ? clerk : null,
        answeredOn: acted ? actedOn : null,
        availableOn: acted ? (inspectionOn ?? actedOn) : null,
        inspectionPlace: inspectionOn ? 'the site trailer at the project entrance' : null,
        inspectionAt: inspectionOn ? atLocal(inspectionOn, 10, 0) : null,
        copiesOn: acted && !inspectionOn ? actedOn : null,
        copiesHow: acted && !inspectionOn ? (s.state === 'late' ? 'mailed' : 'uploaded') : null,
        billIssuedAt: billed ? atLocal(actedOn, 11, 0) : null,
        billTotalCents: billed ? pages * ctx.perPageCents : null,
        townLimitCents: billed ? pages * ctx.perPageCents : null,
        // A bill names whom to pay (the operator on the NOI record) and how.
        billPayee: billed
          ? (tx
              .select({ c: schema.parties.companyName })
              .from(schema.parties)
              .where(and(eq(schema.parties.projectId, projectId), eq(schema.parties.role, 'owner_operator')))
              .get()?.c ?? null)
          : null,
        billHowToPay: billed
          ? 'By check payable to the company, mailed to its office or handed in at the site trailer.'
          : null,
        paidOn,
        paymentMethod: paid ? 'check' : null,
        fulfilledOn: status === 'fulfilled' ? (paidOn ?? actedOn) : null,
        withdrawnOn: s.state === 'withdrawn' ? calendar.addBusinessDays(due.countsAsReceivedOn, 2).date : null,
        createdAt: receivedAt,
        updatedAt: receivedAt,
      })
      .returning({ id: schema.operatorRequests.id })
      .get();
    const event = (on: Date, kind: string, body: string) =>
      tx
        .insert(schema.operatorRequestEvents)
        .values({ requestId: row.id, at: on, kind, body, visibleToRequester: true })
        .run();
    const how = s.channel === 'web' ? 'through the portal' : `by ${s.channel === 'hand' ? 'hand' : s.channel}`;
    event(
      receivedAt,
      'status',
      `Request ${number} received by the operator ${how}${s.channel === 'web' ? '' : ` on ${formatDay(receivedOn)} (logged by ${s.channel === 'letter' && clerk ? 'the Town Clerk' : 'the requester'})`}. The records must be available by close of business on ${formatDay(due.dueOn)} (Subsection L(4)).`,
    );
    if (inspectionOn)
      event(
        atLocal(actedOn, 14, 0),
        'answer',
        `The operator offered the records for inspection at the site trailer at the project entrance on ${formatDay(inspectionOn)} at 10:00 a.m.`,
      );
    if (acted && !inspectionOn)
      event(
        atLocal(actedOn, 11, 0),
        'answer',
        s.state === 'late'
          ? `The operator mailed the copies on ${formatDay(actedOn)}, after the due date.`
          : `The operator put the copies on the tracking page on ${formatDay(actedOn)}.`,
      );
    if (billed) {
      tx.insert(schema.operatorRequestCharges)
        .values({
          requestId: row.id,
          code: 'page',
          description: 'Paper copies of the SWPPP and reports',
          quantity: pages,
          unitCents: ctx.perPageCents,
          amountCents: pages * ctx.perPageCents,
        })
        .run();
      event(
        atLocal(actedOn, 11, 5),
        'billing',
        `The operator billed $${((pages * ctx.perPageCents) / 100).toFixed(2)} for ${pages} pages of copies.`,
      );
    }
    if (paidOn)
      event(atLocal(paidOn, 10, 0), 'billing', `Payment recorded on ${formatDay(paidOn)}; the copies are released.`);
    if (s.state === 'withdrawn')
      event(
        atLocal(calendar.addBusinessDays(due.countsAsReceivedOn, 2).date, 9, 30),
        'status',
        'The requester withdrew the request: the reports were already on the portal.',
      );
    if (acted && !inspectionOn && s.state !== 'late') {
      // The copies: the project's own stored SWPPP (bytes already in the file store).
      const doc = tx
        .select()
        .from(schema.documents)
        .where(
          and(eq(schema.documents.projectId, projectId), inArray(schema.documents.type, ['swppp', 'swppp_amendment'])),
        )
        .limit(1)
        .get();
      if (doc)
        tx.insert(schema.operatorRequestFiles)
          .values({
            requestId: row.id,
            sha256: doc.sha256,
            fileName: doc.filename,
            mimeType: doc.mimeType,
            sizeBytes: doc.sizeBytes,
            uploadedAt: atLocal(actedOn, 11, 0),
          })
          .run();
    }
    n++;
  }
  return n;
}
