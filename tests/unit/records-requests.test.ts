/**
 * The records-request services on an in-memory database: numbering, the tracking link (only its hash
 * stored), double submits, the estimate and cost-limit wait, billing with the schedule in force, payments
 * and release, the 20-business-day rule, closures moving open due dates, the queue order and the digest.
 */
process.env.TRACKING_LINK_SECRET = 'unit-test-secret-for-tracking-links';

import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedReferenceData } from '#db/seed/reference.ts';
import { seedTownProfile } from '#db/seed/town-profiles.ts';
import { hashToken } from '#lib/server/platform/tokens.ts';
import { migrateDatabase, openDatabase, schema, type DB } from '#lib/server/platform/db.ts';
import {
  approveCost,
  billRequest,
  currentInvoice,
  recordPayment,
  releaseNow,
  voidInvoice,
} from '#lib/server/records-requests/billing.ts';
import { setClosure } from '#lib/server/records-requests/closures.ts';
import { sendMissedDeadlineNotices, sendRequestsDigest } from '#lib/server/records-requests/digest.ts';
import { greetingAt } from '#lib/server/platform/mail/templates/requests.ts';
import { requestIdForToken, trackingToken } from '#lib/server/records-requests/links.ts';
import { loadQueue } from '#lib/server/records-requests/queue.ts';
import { checkSelection, createRecordsRequest, type NewRequest } from '#lib/server/records-requests/submit.ts';
import { loadRequestView } from '#lib/server/records-requests/view.ts';
import { createGround, listGrounds, updateGround } from '#lib/server/records-requests/grounds.ts';
import { decideItem } from '#lib/server/records-requests/decisions.ts';
import { findFile } from '#lib/server/records-requests/files.ts';
import { recordsRequestStats } from '#lib/server/records-requests/statistics.ts';
import {
  appealQueue,
  decideAppeal,
  fileAppeal,
  mayAnswerAppeals,
  setAppealsOfficer,
} from '#lib/server/records-requests/appeals.ts';
import { feeScheduleOn, saveFeeSchedule } from '#lib/server/records-requests/fee-schedules.ts';
import {
  acknowledge,
  attachDocuments,
  deny,
  extend,
  fulfill,
  removeItem,
  withdraw,
} from '#lib/server/records-requests/workflow.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { messageOf } from '#lib/server/platform/result.ts';

const BASE = 'https://portal.example';
const NOW = townInstant('2026-12-01', '10:00'); // a Tuesday
let db: DB;
let projectId: number;
let docs: { swppp: number; noi: number; reports: number[]; privateDoc: number };
let clerkId: number;

function doc(
  type: (typeof schema.documents.$inferInsert)['type'],
  title: string,
  date: string,
  pageCount: number,
  largeFormatPages = 0,
  isPublic = true,
): number {
  return Number(
    db
      .insert(schema.documents)
      .values({
        projectId,
        type,
        title,
        filename: `${title}.pdf`,
        sha256: 'a'.repeat(64),
        mimeType: 'application/pdf',
        sizeBytes: 1000,
        pageCount,
        largeFormatPages,
        documentDate: date,
        public: isPublic,
      })
      .run().lastInsertRowid,
  );
}

beforeEach(async () => {
  db = openDatabase(':memory:');
  migrateDatabase(db);
  await seedReferenceData(db, { now: NOW });
  seedTownProfile(db, NOW);
  projectId = Number(
    db
      .insert(schema.projects)
      .values({
        slug: 'curry-road',
        name: 'Curry Road Distribution Center',
        siteAddress: '1 Curry Road',
        kind: 'major',
        status: 'active',
      })
      .run().lastInsertRowid,
  );
  docs = {
    swppp: doc('swppp', 'SWPPP', '2025-11-06', 70, 12),
    noi: doc('noi', 'NOI', '2025-11-06', 4),
    reports: ['2026-10-01', '2026-10-08', '2026-10-15', '2026-11-02'].map((d) =>
      doc('inspection_report', `Inspection report ${d}`, d, 2),
    ),
    privateDoc: doc('other', 'Internal memo', '2026-10-01', 1, 0, false),
  };
  clerkId = Number(
    db.insert(schema.users).values({ email: 'clerk@example.org', name: 'Dana Clerk' }).run().lastInsertRowid,
  );
  db.insert(schema.userRoles).values({ userId: clerkId, role: 'clerk' }).run();
});

async function request(overrides: Partial<NewRequest> & { documentIds?: number[]; reports?: [string, string] } = {}) {
  const selection = await checkSelection(asyncOf(db), 'curry-road', {
    documentIds: overrides.documentIds ?? [docs.swppp],
    reportsFrom: overrides.reports?.[0],
    reportsTo: overrides.reports?.[1],
  });
  expect(selection.problems).toEqual([]);
  const result = await createRecordsRequest(
    asyncOf(db),
    {
      channel: 'web',
      receivedAt: NOW,
      selection,
      delivery: 'paper_pickup',
      requester: { name: 'Pat Requester', email: 'Pat@Example.org' },
      ...overrides,
    },
    { label: 'requester' },
    BASE,
  );
  if (!result.ok) throw new Error('limited');
  return result;
}

const row = (id: number) => db.select().from(schema.recordsRequests).where(eq(schema.recordsRequests.id, id)).get()!;
const outbox = () => db.select().from(schema.outbox).all();
const clerk = () => ({ userId: clerkId });

describe('making a request', () => {
  it('numbers requests per year, stores only the hash of the tracking token, and sends a receipt', async () => {
    const a = await request();
    const b = await request({ formKey: undefined });
    expect([row(a.id).number, row(b.id).number]).toEqual(['R-2026-0001', 'R-2026-0002']);
    expect(row(a.id).trackingTokenHash).toBe(hashToken(a.token));
    expect(row(a.id).trackingTokenHash).not.toContain(a.token);
    expect(a.token).toBe(trackingToken('R-2026-0001', 1));
    expect(await requestIdForToken(asyncOf(db), a.token)).toBe(a.id);
    const receipt = outbox().find((m) => m.kind === 'request-receipt')!;
    expect(receipt.toAddress).toBe('pat@example.org');
    expect(receipt.subject).toBe('Records request R-2026-0001 received: due December 8, 2026');
    expect(receipt.textBody).toContain(`${BASE}/requests/track/${a.token}`);
  });

  it('a number never repeats: a counter behind the stored numbers skips them, and a lost counter starts from the highest', async () => {
    const a = await request({ formKey: undefined });
    const b = await request({ formKey: undefined });
    // The counter set back (a restored settings table, say): the numbers taken are skipped, not reused.
    db.update(schema.settings).set({ value: '0' }).where(eq(schema.settings.key, 'seq:R:2026')).run();
    const c = await request({ formKey: undefined });
    // The counter gone: the year's highest number stored is where it picks up.
    db.delete(schema.settings).where(eq(schema.settings.key, 'seq:R:2026')).run();
    const d = await request({ formKey: undefined });
    expect([a, b, c, d].map((r) => row(r.id).number)).toEqual([
      'R-2026-0001',
      'R-2026-0002',
      'R-2026-0003',
      'R-2026-0004',
    ]);
    expect(db.select().from(schema.settings).where(eq(schema.settings.key, 'seq:R:2026')).get()?.value).toBe('4');
  });

  it('a tampered token finds nothing', async () => {
    const a = await request();
    const tampered = (a.token[0] === 'A' ? 'B' : 'A') + a.token.slice(1);
    expect(await requestIdForToken(asyncOf(db), tampered)).toBeUndefined();
    expect(await requestIdForToken(asyncOf(db), 'short')).toBeUndefined();
    expect(await requestIdForToken(asyncOf(db), undefined)).toBeUndefined();
  });

  it('the same form sent twice makes one request; a changed form with the same key makes a new one', async () => {
    const formKey = 'k'.repeat(43);
    const first = await request({ formKey });
    const again = await request({ formKey });
    expect(again).toMatchObject({ id: first.id, token: first.token, duplicate: true });
    const edited = await request({ formKey, documentIds: [docs.noi] });
    expect(edited.id).not.toBe(first.id);
    expect(db.select().from(schema.recordsRequests).all()).toHaveLength(2);
    expect(outbox().filter((m) => m.kind === 'request-receipt')).toHaveLength(2);
  });

  it('refuses documents that are not public documents of the project, and unknown projects', async () => {
    expect(
      (await checkSelection(asyncOf(db), 'curry-road', { documentIds: [docs.privateDoc] })).problems[0].field,
    ).toBe('documentIds');
    expect((await checkSelection(asyncOf(db), 'no-such-project', { documentIds: [] })).problems[0].field).toBe(
      'project',
    );
    expect((await checkSelection(asyncOf(db), 'curry-road', { documentIds: [] })).problems[0].field).toBe('records');
    expect(
      (
        await checkSelection(asyncOf(db), 'curry-road', {
          documentIds: [],
          reportsFrom: '2026-10-09',
          reportsTo: '2026-10-01',
        })
      ).problems[0].field,
    ).toBe('reportsTo');
  });

  it('estimates from stored page counts: a SWPPP and two reports on paper', async () => {
    const r = await request({ reports: ['2026-10-01', '2026-10-08'] });
    expect(row(r.id).estimateCents).toBe((58 + 4) * 25 + 12 * 500);
    expect(row(r.id).status).toBe('received');
    expect(row(r.id).respondBy).toBe('2026-12-08');
  });

  it('waits for the requester when the estimate is above their limit, and says so', async () => {
    const r = await request({ costLimitCents: 2500 });
    expect(row(r.id)).toMatchObject({ status: 'awaiting_cost_approval', respondBy: null });
    const view = (await loadRequestView(asyncOf(db), r.id, { now: NOW }))!;
    expect(view.explanation.join(' ')).toContain('waiting for your approval');
    expect(view.explanation.join(' ')).toContain('$74.50');
    await approveCost(asyncOf(db), { label: 'requester' }, r.id, BASE);
    expect(row(r.id)).toMatchObject({ status: 'received', costApprovedCents: 7450, respondBy: '2026-12-08' });
  });

  it('limits submissions per IP address', async () => {
    const limit = { limit: 2, windowMs: 3_600_000 };
    const selection = await checkSelection(asyncOf(db), 'curry-road', { documentIds: [docs.noi] });
    const make = () =>
      createRecordsRequest(
        asyncOf(db),
        { channel: 'web', receivedAt: NOW, selection, delivery: 'electronic', requester: { name: 'Bot' } },
        { label: 'requester' },
        BASE,
        { ip: '203.0.113.9', limit },
      );
    expect((await make()).ok).toBe(true);
    expect((await make()).ok).toBe(true);
    expect(await make()).toMatchObject({ ok: false, reason: 'limited' });
  });
});

describe('billing', () => {
  it('free electronic copies are released at once and the request fulfilled', async () => {
    const r = await request({ delivery: 'electronic', reports: ['2026-10-01', '2026-10-31'] });
    const result = await billRequest(asyncOf(db), clerk(), r.id, { counts: [] }, BASE, NOW);
    expect(result).toMatchObject({ ok: true, invoiceId: null, totalCents: 0 });
    const view = (await loadRequestView(asyncOf(db), r.id))!;
    expect(view.request.status).toBe('fulfilled');
    expect(view.items.every((i) => i.item.releasedAt)).toBe(true);
    expect(view.items.flatMap((i) => i.files)).toHaveLength(1 + 3);
    expect(outbox().some((m) => m.kind === 'request-ready')).toBe(true);
  });

  it('paper copies: invoice from the schedule in force, partial then full payment, release at zero', async () => {
    const r = await request({ reports: ['2026-10-01', '2026-10-08'] });
    const items = (await loadRequestView(asyncOf(db), r.id))!.items;
    const billed = await billRequest(
      asyncOf(db),
      clerk(),
      r.id,
      {
        counts: items.map((i) => ({
          itemId: i.item.id,
          pages: i.estimated.pages,
          largeFormatSheets: i.estimated.largeFormatSheets,
        })),
        discountCents: 50,
        discountReason: 'Two pages were blank',
      },
      BASE,
      NOW,
    );
    expect(billed).toMatchObject({ ok: true, totalCents: 7550 - 50 });
    let inv = (await currentInvoice(asyncOf(db), r.id))!;
    expect(inv).toMatchObject({
      number: 'INV-2026-0001',
      status: 'issued',
      subtotalCents: 7550,
      discountCents: 50,
      totalCents: 7500,
      balanceCents: 7500,
    });
    expect(row(r.id)).toMatchObject({ status: 'awaiting_payment', respondBy: null });
    const ready = outbox().find((m) => m.kind === 'request-ready')!;
    expect(ready.textBody).toContain('INV-2026-0001');
    expect(ready.textBody).toContain('Balance due: $75.00');

    expect(
      await recordPayment(
        asyncOf(db),
        clerk(),
        r.id,
        { amountCents: 2000, method: 'check', receivedOn: '2026-12-01' },
        BASE,
        NOW,
      ),
    ).toMatchObject({ ok: false, fields: { reference: expect.any(String) } });
    expect(
      await recordPayment(
        asyncOf(db),
        clerk(),
        r.id,
        { amountCents: 9000, method: 'cash', receivedOn: '2026-12-01' },
        BASE,
        NOW,
      ),
    ).toMatchObject({ ok: false, fields: { amount: expect.any(String) } });
    expect(
      await recordPayment(
        asyncOf(db),
        clerk(),
        r.id,
        { amountCents: 2000, method: 'check', reference: 'Check #1042', receivedOn: '2026-12-01' },
        BASE,
        NOW,
      ),
    ).toMatchObject({ ok: true, balanceCents: 5500, released: false });
    expect((await loadRequestView(asyncOf(db), r.id))!.items.some((i) => i.item.releasedAt)).toBe(false);
    expect(
      await recordPayment(
        asyncOf(db),
        clerk(),
        r.id,
        { amountCents: 5500, method: 'card', reference: 'Auth 88412', receivedOn: '2026-12-01' },
        BASE,
        NOW,
      ),
    ).toMatchObject({ ok: true, balanceCents: 0, released: true });
    inv = (await currentInvoice(asyncOf(db), r.id))!;
    expect(inv).toMatchObject({ paidCents: 7500, balanceCents: 0 });
    // Paper copies picked up are ready for pickup once paid, fulfilled when the clerk records the pickup (paper-copies.test.ts).
    expect(row(r.id)).toMatchObject({ status: 'copies_ready', copiesReadyOn: '2026-12-01', fulfilledOn: null });
    expect((await loadRequestView(asyncOf(db), r.id))!.items.every((i) => i.item.releasedAt)).toBe(true);
    const audit = db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, String(r.id)))
      .all()
      .map((a) => a.action);
    expect(audit).toEqual([
      'records_request.create',
      'records_request.bill',
      'records_request.payment',
      'records_request.payment',
    ]);
  });

  it('an old invoice keeps the rates it was issued under', async () => {
    const r = await request();
    await billRequest(asyncOf(db), clerk(), r.id, { counts: [] }, BASE, NOW);
    db.insert(schema.feeSchedules)
      .values({
        effectiveFrom: '2026-12-02',
        perPageCents: 20,
        largeFormatSheetCents: 400,
        electronicCents: 0,
        cdCents: 100,
        usbCents: 500,
      })
      .run();
    const inv = (await currentInvoice(asyncOf(db), r.id))!;
    expect(inv.lines.find((l) => l.code === 'page')!.unitCents).toBe(25);
    const later = await request();
    await billRequest(asyncOf(db), clerk(), later.id, { counts: [] }, BASE, townInstant('2026-12-03', '10:00'));
    expect((await currentInvoice(asyncOf(db), later.id))!.lines.find((l) => l.code === 'page')!.unitCents).toBe(20);
  });
});

describe('the clerk attaches, removes, voids, releases, denies', () => {
  it('attaches project documents (even non-public ones), removes a mistaken one, and releases late files when nothing is owed', async () => {
    const r = await request({ delivery: 'electronic', documentIds: [docs.noi] });
    expect(await attachDocuments(asyncOf(db), clerk(), r.id, [docs.privateDoc, docs.reports[3]], NOW)).toEqual({
      ok: true,
      added: 2,
    });
    expect(await attachDocuments(asyncOf(db), clerk(), r.id, [docs.noi], NOW)).toMatchObject({
      ok: false,
      fields: { documentIds: expect.any(String) },
    });
    const mistaken = (await loadRequestView(asyncOf(db), r.id))!.items.find(
      (i) => i.item.documentId === docs.reports[3],
    )!;
    expect(await removeItem(asyncOf(db), clerk(), r.id, mistaken.item.id, NOW)).toEqual({ ok: true });
    const original = (await loadRequestView(asyncOf(db), r.id))!.items[0];
    expect(await removeItem(asyncOf(db), clerk(), r.id, original.item.id, NOW)).toMatchObject({ ok: false });
    expect(await billRequest(asyncOf(db), clerk(), r.id, { counts: [] }, BASE, NOW)).toMatchObject({
      ok: true,
      totalCents: 0,
    });
    expect((await loadRequestView(asyncOf(db), r.id))!.items.every((i) => i.item.releasedAt)).toBe(true);
    expect(await releaseNow(asyncOf(db), clerk(), r.id, NOW)).toMatchObject({
      ok: false,
      message: 'There are no unreleased files on this request.',
    });
  });

  it('voids an unpaid invoice and bills again; a denial carries the appeal rights', async () => {
    const r = await request();
    await billRequest(asyncOf(db), clerk(), r.id, { counts: [] }, BASE, NOW);
    expect(await billRequest(asyncOf(db), clerk(), r.id, { counts: [] }, BASE, NOW)).toMatchObject({ ok: false });
    expect(await voidInvoice(asyncOf(db), clerk(), r.id, 'Wrong page count', NOW)).toEqual({ ok: true });
    expect(row(r.id).status).toBe('received');
    expect(await billRequest(asyncOf(db), clerk(), r.id, { counts: [], discountCents: 7450 }, BASE, NOW)).toMatchObject(
      {
        ok: false,
        fields: { discountReason: expect.any(String) },
      },
    );
    expect(await fulfill(asyncOf(db), clerk(), r.id, undefined, NOW)).toEqual({ ok: true });
    const other = await request();
    const privacy = (await listGrounds(asyncOf(db))).find((g) => g.citation === 'POL §87(2)(b)')!;
    expect(
      await deny(asyncOf(db), clerk(), other.id, { groundId: null, reason: 'Private numbers.' }, BASE, NOW),
    ).toMatchObject({
      ok: false,
      fields: { groundId: expect.any(String) },
    });
    expect(await deny(asyncOf(db), clerk(), other.id, { groundId: privacy.id, reason: '' }, BASE, NOW)).toMatchObject({
      ok: false,
      fields: { reason: expect.any(String) },
    });
    expect(
      await deny(
        asyncOf(db),
        clerk(),
        other.id,
        { groundId: privacy.id, reason: 'It lists private home telephone numbers.' },
        BASE,
        NOW,
      ),
    ).toEqual({ ok: true });
    const denial = outbox().find((m) => m.kind === 'request-denied')!;
    expect(denial.textBody).toContain(
      'Reason: POL §87(2)(b) (disclosure would be an unwarranted invasion of personal privacy). It lists private home telephone numbers.',
    );
    // 30 days from Tuesday, December 1, 2026: Thursday, December 31 (GCL §20), a business day.
    expect(denial.textBody).toContain('in writing by December 31, 2026 (30 days)');
    expect(row(other.id)).toMatchObject({ status: 'denied', deniedOn: '2026-12-01', respondBy: null });
  });
});

describe('ending a billed request', () => {
  it('withdrawing cancels the unpaid invoice, so nothing is left owing', async () => {
    const r = await request();
    await billRequest(asyncOf(db), clerk(), r.id, { counts: [] }, BASE, NOW);
    expect(await currentInvoice(asyncOf(db), r.id)).toMatchObject({ status: 'issued', balanceCents: 7450 });
    expect(await withdraw(asyncOf(db), { label: 'requester' }, r.id, undefined, BASE, NOW)).toEqual({ ok: true });
    expect(await currentInvoice(asyncOf(db), r.id)).toBeUndefined();
    const inv = db.select().from(schema.invoices).where(eq(schema.invoices.requestId, r.id)).get()!;
    expect(inv).toMatchObject({ status: 'void', voidReason: 'Request withdrawn' });
    expect((await loadRequestView(asyncOf(db), r.id, { forRequester: true }))!.events.at(-1)!.body).toContain(
      `Invoice ${inv.number} is cancelled: nothing is owed.`,
    );
  });
});

describe('cost approval after billing', () => {
  it('drafts the invoice, mails the requester, and issues it on approval', async () => {
    const r = await request({ documentIds: [docs.noi], costLimitCents: 100 });
    expect(row(r.id).status).toBe('received');
    const item = (await loadRequestView(asyncOf(db), r.id))!.items[0];
    await billRequest(
      asyncOf(db),
      clerk(),
      r.id,
      { counts: [{ itemId: item.item.id, pages: 8, largeFormatSheets: 0 }] },
      BASE,
      NOW,
    );
    expect(row(r.id)).toMatchObject({ status: 'awaiting_cost_approval', respondBy: null });
    expect(await currentInvoice(asyncOf(db), r.id)).toMatchObject({
      status: 'draft',
      totalCents: 200,
      balanceCents: 0,
    });
    expect(outbox().some((m) => m.kind === 'request-cost-approval')).toBe(true);
    expect(await approveCost(asyncOf(db), { label: 'requester' }, r.id, BASE)).toEqual({ ok: true });
    expect(await currentInvoice(asyncOf(db), r.id)).toMatchObject({ status: 'issued', balanceCents: 200 });
    expect(row(r.id)).toMatchObject({ status: 'awaiting_payment', costApprovedCents: 200 });
  });
});

describe('acknowledgment and extension', () => {
  it('needs a written reason for a date more than 20 business days after the acknowledgment', async () => {
    const r = await request();
    const late = await acknowledge(
      asyncOf(db),
      clerk(),
      r.id,
      { acknowledgedOn: '2026-12-01', promisedOn: '2026-12-31' },
      BASE,
      NOW,
    );
    expect(late).toMatchObject({ ok: false, fields: { reason: expect.any(String) } });
    expect(late.ok ? '' : messageOf(late)).toContain('December 30, 2026');
    expect(
      await acknowledge(
        asyncOf(db),
        clerk(),
        r.id,
        { acknowledgedOn: '2026-12-01', promisedOn: '2026-12-30' },
        BASE,
        NOW,
      ),
    ).toEqual({ ok: true });
    // The statutory due date, the acknowledgment and the promise are kept apart.
    expect(row(r.id)).toMatchObject({
      status: 'acknowledged',
      dueOn: '2026-12-08',
      acknowledgedOn: '2026-12-01',
      promisedOn: '2026-12-30',
      respondBy: '2026-12-30',
    });
    expect(await extend(asyncOf(db), clerk(), r.id, { promisedOn: '2027-01-15', reason: '' }, BASE, NOW)).toMatchObject(
      {
        ok: false,
        fields: { reason: expect.any(String) },
      },
    );
    expect(
      await extend(
        asyncOf(db),
        clerk(),
        r.id,
        { promisedOn: '2027-01-15', reason: 'Plan sheets must be scanned by the county.' },
        BASE,
        NOW,
      ),
    ).toEqual({ ok: true });
    expect(row(r.id)).toMatchObject({
      promisedOn: '2027-01-15',
      respondBy: '2027-01-15',
      extensionReason: 'Plan sheets must be scanned by the county.',
    });
    expect(
      outbox()
        .filter((m) => m.kind === 'request-acknowledged')
        .map((m) => m.subject),
    ).toEqual([
      'Records request R-2026-0001 acknowledged',
      'Records request R-2026-0001: new expected date January 15, 2027',
    ]);
  });

  it('refuses an acknowledgment dated before the request arrived or in the future', async () => {
    const r = await request();
    expect(
      await acknowledge(
        asyncOf(db),
        clerk(),
        r.id,
        { acknowledgedOn: '2026-11-30', promisedOn: '2026-12-10' },
        BASE,
        NOW,
      ),
    ).toMatchObject({ ok: false, fields: { acknowledgedOn: expect.any(String) } });
    expect(
      await acknowledge(
        asyncOf(db),
        clerk(),
        r.id,
        { acknowledgedOn: '2026-12-02', promisedOn: '2026-12-10' },
        BASE,
        NOW,
      ),
    ).toMatchObject({ ok: false, fields: { acknowledgedOn: expect.any(String) } });
  });
});

describe('closures', () => {
  it('a snow day moves the due dates of open requests only, audited and shown', async () => {
    const open = await request();
    const closed = await request();
    await withdraw(asyncOf(db), clerk(), closed.id, undefined, BASE, NOW);
    const result = await setClosure(asyncOf(db), clerk(), { date: '2026-12-03', name: 'Snow day', closed: true }, NOW);
    expect(result).toMatchObject({ ok: true, changed: [{ id: open.id, from: '2026-12-08', to: '2026-12-09' }] });
    expect(row(open.id)).toMatchObject({ dueOn: '2026-12-09', respondBy: '2026-12-09' });
    expect(row(closed.id).dueOn).toBe('2026-12-08');
    const view = (await loadRequestView(asyncOf(db), open.id, { forRequester: true }))!;
    expect(view.events.at(-1)!.body).toBe(
      'The Town closed on December 3, 2026 (Snow day), so the due date moved from December 8, 2026 to December 9, 2026.',
    );
    expect(view.explanation.join(' ')).toContain('Thursday, December 3, 2026 (Snow day)');
    const actions = db
      .select()
      .from(schema.auditLog)
      .all()
      .map((a) => a.action);
    expect(actions).toContain('closure.add');
    expect(actions).toContain('records_request.due_date_recomputed');

    expect(await setClosure(asyncOf(db), clerk(), { date: '2026-12-03', closed: true }, NOW)).toMatchObject({
      ok: false,
      fields: { date: expect.any(String) },
    });
    expect(await setClosure(asyncOf(db), clerk(), { date: '2026-12-03', closed: false }, NOW)).toMatchObject({
      ok: true,
      changed: [{ id: open.id, to: '2026-12-08' }],
    });
    expect(row(open.id).dueOn).toBe('2026-12-08');
  });

  it('a statutory holiday cannot be reopened: the due date stays (decision 0070)', async () => {
    const r = await createRecordsRequest(
      asyncOf(db),
      {
        channel: 'email',
        receivedAt: townInstant('2026-12-22', '10:00'),
        selection: await checkSelection(asyncOf(db), 'curry-road', { documentIds: [docs.noi] }),
        delivery: 'electronic',
        requester: { name: 'X' },
      },
      clerk(),
      BASE,
    );
    if (!r.ok) throw new Error();
    expect(row(r.id).dueOn).toBe('2026-12-30');
    expect(await setClosure(asyncOf(db), clerk(), { date: '2026-12-25', closed: false }, NOW)).toMatchObject({
      ok: false,
      fields: { date: expect.any(String) },
    });
    expect(row(r.id).dueOn).toBe('2026-12-30');
    expect(await setClosure(asyncOf(db), clerk(), { date: '2026-12-26', closed: true }, NOW)).toMatchObject({
      ok: false,
      fields: { date: expect.any(String) },
    });
  });
});

describe('queue and digest', () => {
  it('searches any part of the number, the requester’s name or email, or the description, in any case; edits and deletions count at once', async () => {
    const okafor = await request({ requester: { name: 'Adaeze Okafor', email: 'a.okafor@mail.example' } });
    const lee = await request({
      requester: { name: 'Sam Lee', email: 'sam_lee%50@example.org' },
      documentIds: [docs.noi],
    });
    const found = async (text: string) =>
      (await loadQueue(asyncOf(db), { status: 'all', q: text, page: 1, perPage: 50 }, NOW)).rows
        .map((r) => r.number)
        .sort();
    expect(await found('kafo')).toEqual([okafor.number]); // inside a name, any case (the trigram index)
    expect(await found('OKAFOR@MAIL')).toEqual([okafor.number]);
    expect(await found(okafor.number.slice(2))).toEqual([okafor.number]); // part of the number
    expect(await found('NOI')).toEqual([lee.number]); // the description lists the documents
    expect(await found('_lee%5')).toEqual([lee.number]); // LIKE's wildcards are plain text
    expect(await found('%')).toEqual([lee.number]); // short text scans, still literally
    expect(await found('a"b OR c*')).toEqual([]); // FTS syntax is plain text too
    expect(await found('R-')).toEqual([okafor.number, lee.number].sort());
    db.update(schema.recordsRequests)
      .set({ requesterName: 'Adaeze Nwosu' })
      .where(eq(schema.recordsRequests.id, okafor.id))
      .run();
    expect(await found('okafor@')).toEqual([okafor.number]); // the email is unchanged
    expect(await found('Adaeze Okafor')).toEqual([]);
    expect(await found('nwosu')).toEqual([okafor.number]);
    db.delete(schema.requestEvents).where(eq(schema.requestEvents.requestId, lee.id)).run();
    db.delete(schema.requestItems).where(eq(schema.requestItems.requestId, lee.id)).run();
    db.delete(schema.recordsRequests).where(eq(schema.recordsRequests.id, lee.id)).run();
    expect(await found('sam_lee')).toEqual([]);
    expect(() =>
      db.$client
        .prepare("insert into records_requests_fts(records_requests_fts, rank) values ('integrity-check', 1)")
        .run(),
    ).not.toThrow();
    // Three characters or more are answered from the index itself: a term only the index holds is found.
    db.$client
      .prepare(
        "insert into records_requests_fts(rowid, number, requester_name, requester_email, description) values (?, '', 'zqxzqx', '', '')",
      )
      .run(okafor.id);
    expect(await found('qxzq')).toEqual([okafor.number]);
  });

  it('orders by the date the town must act by, flags, and leaves requests waiting for the requester last', async () => {
    const at = async (date: string, time = '10:00') =>
      createRecordsRequest(
        asyncOf(db),
        {
          channel: 'mail',
          receivedAt: townInstant(date, time),
          selection: await checkSelection(asyncOf(db), 'curry-road', { documentIds: [docs.noi] }),
          delivery: 'paper_pickup',
          requester: { name: `R ${date}` },
          costLimitCents: date === '2026-11-20' ? 10 : null,
        },
        clerk(),
        BASE,
      );
    await at('2026-11-30'); // due Dec 7: due soon? no (Dec 2, 3 are the next two business days)
    await at('2026-11-20'); // waiting for cost approval
    await at('2026-11-24'); // due Dec 2: due soon
    await at('2026-11-23'); // due Dec 1: due today
    await at('2026-11-13'); // due Nov 20: overdue
    const q = await loadQueue(asyncOf(db), { status: 'open', page: 1, perPage: 50 }, NOW);
    expect(q.rows.map((r) => [r.respondBy, r.flag])).toEqual([
      ['2026-11-20', 'overdue'],
      ['2026-12-01', 'due_today'],
      ['2026-12-02', 'due_soon'],
      ['2026-12-07', undefined],
      [null, undefined],
    ]);
    expect(q.counts).toMatchObject({ open: 5, overdue: 1, dueToday: 1, dueSoon: 1, waiting: 1 });
    expect(
      (await loadQueue(asyncOf(db), { status: 'open', flag: 'overdue', page: 1, perPage: 50 }, NOW)).rows,
    ).toHaveLength(1);
    expect(
      (await loadQueue(asyncOf(db), { status: 'open', q: 'R 2026-11-24', page: 1, perPage: 50 }, NOW)).rows.map(
        (r) => r.respondBy,
      ),
    ).toEqual(['2026-12-02']);

    expect(await sendRequestsDigest(asyncOf(db), townInstant('2026-12-01', '06:59'), BASE)).toBeUndefined();
    expect(await sendRequestsDigest(asyncOf(db), NOW, BASE)).toEqual({ sent: 1, day: '2026-12-01' });
    expect(await sendRequestsDigest(asyncOf(db), townInstant('2026-12-01', '15:00'), BASE)).toBeUndefined();
    expect(await sendRequestsDigest(asyncOf(db), townInstant('2026-12-05', '09:00'), BASE)).toBeUndefined(); // a Saturday
    const digest = outbox().find((m) => m.kind === 'requests-digest')!;
    expect(digest.toAddress).toBe('clerk@example.org');
    expect(digest.subject).toBe('Records requests for December 1, 2026: 1 overdue, 1 due today, 1 due soon');
    expect(digest.textBody).toMatch(/^Good morning /);
  });

  it('greets by the town hour it is written: never "Good morning" late at night', async () => {
    await createRecordsRequest(
      asyncOf(db),
      {
        channel: 'mail',
        receivedAt: townInstant('2026-11-13', '10:00'),
        selection: await checkSelection(asyncOf(db), 'curry-road', { documentIds: [docs.noi] }),
        delivery: 'paper_pickup',
        requester: { name: 'Late Digest' },
        costLimitCents: null,
      },
      clerk(),
      BASE,
    );
    expect(await sendRequestsDigest(asyncOf(db), townInstant('2026-12-01', '23:39'), BASE)).toEqual({
      sent: 1,
      day: '2026-12-01',
    });
    const digest = outbox().find((m) => m.kind === 'requests-digest')!;
    expect(digest.textBody).toMatch(/^Good evening /);
    expect(digest.textBody).not.toContain('Good morning');
    expect(digest.textBody).not.toContain('every business morning');
    expect(greetingAt(7)).toBe('Good morning');
    expect(greetingAt(13)).toBe('Good afternoon');
    expect(greetingAt(23)).toBe('Good evening');
    expect(greetingAt(undefined)).toBe('Hello');
  });
});

// ---------------------------------------------------------------------------------------------
// What the law says, provision by provision (POL §87, §89; ordinance L(4))

const EARLY = townInstant('2026-11-20', '10:00'); // a Friday: due Monday, November 30 (Thanksgiving skipped)
const grounds = () => listGrounds(asyncOf(db));
const ground = async (citation: string) => (await grounds()).find((g) => g.citation === citation)!;
const mail = (kind: string) => outbox().filter((m) => m.kind === kind);

describe('public documents are public (ordinance L(4)): no visibility switch hides them from a requester', () => {
  it('an inspection report made private is still in the range, released, and listed on the form', async () => {
    db.update(schema.documents).set({ public: false }).where(eq(schema.documents.id, docs.reports[1])).run();
    db.update(schema.documents).set({ public: false }).where(eq(schema.documents.id, docs.swppp)).run();
    // Before: the form refused the SWPPP and the range silently dropped the hidden report (3 of 4 released).
    expect((await checkSelection(asyncOf(db), 'curry-road', { documentIds: [docs.swppp] })).problems).toEqual([]);
    const r = await request({ delivery: 'electronic', reports: ['2026-10-01', '2026-10-31'] });
    expect(await billRequest(asyncOf(db), clerk(), r.id, { counts: [] }, BASE, NOW)).toMatchObject({
      ok: true,
      totalCents: 0,
    });
    const files = (await loadRequestView(asyncOf(db), r.id, { forRequester: true }))!.items.flatMap((i) =>
      i.files.map((f) => f.documentId),
    );
    expect(files.sort()).toEqual([docs.swppp, docs.reports[0], docs.reports[1], docs.reports[2]].sort());
    // Other documents still follow the switch: a private memo is not requestable from the form.
    expect(
      (await checkSelection(asyncOf(db), 'curry-road', { documentIds: [docs.privateDoc] })).problems[0].field,
    ).toBe('documentIds');
  });

  it('withholding one report of a range is a written decision: granted in part, on a ground, mailed with the appeal rights; the rest is released', async () => {
    const r = await request({ delivery: 'electronic', reports: ['2026-10-01', '2026-10-31'] });
    const range = (await loadRequestView(asyncOf(db), r.id))!.items.find((i) => i.item.documentType)!;
    const g = await ground('POL §87(2)(b)');
    const decide = (p: Partial<Parameters<typeof decideItem>[4]>) =>
      decideItem(
        asyncOf(db),
        clerk(),
        r.id,
        range.item.id,
        {
          decision: 'granted_in_part',
          groundId: g.id,
          reason: 'It gives a neighbour’s home telephone number.',
          withheldDocumentIds: [docs.reports[1]],
          ...p,
        },
        BASE,
        NOW,
      );
    expect(await decide({ groundId: null })).toMatchObject({ ok: false, fields: { groundId: expect.any(String) } });
    expect(await decide({ reason: '' })).toMatchObject({ ok: false, fields: { reason: expect.any(String) } });
    expect(await decide({ withheldDocumentIds: [docs.swppp] })).toMatchObject({
      ok: false,
      fields: { withheld: expect.any(String) },
    });
    expect(await decide({})).toEqual({ ok: true });
    const withheldMail = mail('request-items-withheld');
    expect(withheldMail).toHaveLength(1);
    expect(withheldMail[0].textBody).toContain(
      'granted in part (1 document withheld) under POL §87(2)(b) (disclosure would be an unwarranted invasion of personal privacy)',
    );
    expect(withheldMail[0].textBody).toContain('by December 31, 2026 (30 days)');
    expect(await billRequest(asyncOf(db), clerk(), r.id, { counts: [] }, BASE, NOW)).toMatchObject({ ok: true });
    const view = (await loadRequestView(asyncOf(db), r.id, { forRequester: true }))!;
    expect(view.items.flatMap((i) => i.files.map((f) => f.documentId)).sort()).toEqual(
      [docs.swppp, docs.reports[0], docs.reports[2]].sort(),
    );
    expect(findFile(view, range.item.id, docs.reports[1], true)).toBeUndefined();
    expect(findFile(view, range.item.id, docs.reports[0], true)?.documentId).toBe(docs.reports[0]);
    expect(view.outcome).toBe('granted_in_part');
    expect(view.withheld).toEqual([
      'Inspection reports, October 1, 2026 to October 31, 2026: granted in part (1 document withheld) under POL §87(2)(b) (disclosure would be an unwarranted invasion of personal privacy). It gives a neighbour’s home telephone number.',
    ]);
    expect(mail('request-ready')[0].textBody).toContain('Withheld in writing under Public Officers Law §87(2)');
    expect((await recordsRequestStats(asyncOf(db), NOW)).total).toMatchObject({ grantedInPart: 1, denied: 0 });
    expect(
      db
        .select()
        .from(schema.auditLog)
        .all()
        .map((a) => a.action),
    ).toContain('records_request.decide_item');
  });

  it('denying the whole request needs a ground from the admin’s list; a retired ground is refused', async () => {
    const r = await request();
    const g = await ground('POL §87(2)(f)');
    const admin = { userId: clerkId };
    expect(
      await updateGround(asyncOf(db), admin, g.id, { citation: g.citation, label: g.label, active: false }, NOW),
    ).toEqual({
      ok: true,
      id: g.id,
    });
    expect(await deny(asyncOf(db), clerk(), r.id, { groundId: g.id, reason: 'x' }, BASE, NOW)).toMatchObject({
      ok: false,
      fields: { groundId: expect.any(String) },
    });
    expect(
      await updateGround(asyncOf(db), admin, g.id, { citation: 'changed', label: g.label, active: true }, NOW),
    ).toMatchObject({
      ok: false,
      fields: { citation: 'A ground from the statute keeps its citation; add a new ground instead.' },
    });
    expect(
      await createGround(
        asyncOf(db),
        admin,
        { citation: 'Public Health Law §18', label: 'patient information', active: true },
        NOW,
      ),
    ).toMatchObject({ ok: true });
    expect(await grounds()).toHaveLength(13); // the 12 statutory grounds (§87(2)(e) is four) and the one added
  });
});

describe('a missed deadline stays missed (POL §89(4)(a))', () => {
  it('a closure never moves a due date that has passed, and still moves one that has not', async () => {
    const late = await request({ receivedAt: EARLY });
    const fresh = await request();
    expect(row(late.id).dueOn).toBe('2026-11-30');
    // Before: closing November 30 moved the missed due date to December 1 and the request was no longer overdue.
    expect(
      await setClosure(asyncOf(db), clerk(), { date: '2026-11-30', name: 'Snow day', closed: true }, NOW),
    ).toMatchObject({
      ok: true,
      changed: [],
    });
    expect(row(late.id)).toMatchObject({ dueOn: '2026-11-30', respondBy: '2026-11-30' });
    expect(
      await setClosure(asyncOf(db), clerk(), { date: '2026-12-03', name: 'Snow day', closed: true }, NOW),
    ).toMatchObject({
      ok: true,
      changed: [{ id: fresh.id, to: '2026-12-09' }],
    });
    expect(row(late.id).dueOn).toBe('2026-11-30');
    const view = (await loadRequestView(asyncOf(db), late.id, { forRequester: true, now: NOW }))!;
    expect(view.missed).toBe(true);
    expect(view.explanation.join(' ')).toContain(
      'a due date that has passed does not move, so this request was due on November 30, 2026',
    );
    expect(view.explanation.join(' ')).toContain('counts as a denial');
  });

  it('a late acknowledgment is recorded as late and does not clear overdue', async () => {
    const r = await request({ receivedAt: EARLY });
    expect(
      await acknowledge(
        asyncOf(db),
        clerk(),
        r.id,
        { acknowledgedOn: '2026-12-01', promisedOn: '2026-12-15' },
        BASE,
        NOW,
      ),
    ).toEqual({ ok: true });
    // Before: respond-by became the promised date (December 15) and the overdue flag went away.
    expect(row(r.id)).toMatchObject({ status: 'acknowledged', respondBy: '2026-11-30' });
    expect((await loadRequestView(asyncOf(db), r.id, { now: NOW }))!.flag).toBe('overdue');
    const ack = mail('request-acknowledged')[0];
    expect(ack.textBody).toContain('This acknowledgment is late: the Town had to answer by November 30, 2026.');
    expect(ack.textBody).toContain('in writing by December 30, 2026 (30 days)');
    const audited = db
      .select()
      .from(schema.auditLog)
      .all()
      .find((a) => a.action === 'records_request.acknowledge')!;
    expect(JSON.parse(String(audited.afterJson))).toMatchObject({ late: true });
    expect((await loadRequestView(asyncOf(db), r.id, { forRequester: true, now: NOW }))!.events.at(-1)!.body).toContain(
      'This acknowledgment is late',
    );
    expect((await recordsRequestStats(asyncOf(db), NOW)).total).toMatchObject({ notAnsweredInTime: 1 });
  });

  it('the requester is told once, on the tracking page and by mail, that it counts as a denial they may appeal', async () => {
    const late = await request({ receivedAt: EARLY });
    await request();
    expect(await sendMissedDeadlineNotices(asyncOf(db), NOW, BASE)).toBe(1);
    expect(await sendMissedDeadlineNotices(asyncOf(db), NOW, BASE)).toBe(0);
    const m = mail('request-missed-deadline');
    expect(m).toHaveLength(1);
    expect(m[0].subject).toBe(`Records request ${row(late.id).number}: not answered in time, which you may appeal`);
    expect(m[0].textBody).toContain('by close of business on November 30, 2026');
    expect(
      (await loadRequestView(asyncOf(db), late.id, { forRequester: true, now: NOW }))!.events.at(-1)!.body,
    ).toContain('Not answered in time');
  });
});

describe('appeals (POL §89(4)(a))', () => {
  it('the requester appeals a denial within 30 days; the officer named in settings gets it with the 10-business-day clock; the answer shows and counts', async () => {
    const officerId = Number(
      db.insert(schema.users).values({ email: 'supervisor@example.org', name: 'Sam Supervisor' }).run().lastInsertRowid,
    );
    db.insert(schema.userRoles).values({ userId: officerId, role: 'officer' }).run();
    expect(await setAppealsOfficer(asyncOf(db), { userId: clerkId }, officerId, NOW)).toEqual({ ok: true });
    const r = await request();
    const requester = { label: 'requester' as const };
    expect(await fileAppeal(asyncOf(db), requester, r.id, { body: 'Please.' }, BASE, NOW)).toMatchObject({
      ok: false,
      message: 'Nothing on this request was denied, so there is nothing to appeal.',
    });
    await deny(
      asyncOf(db),
      clerk(),
      r.id,
      { groundId: (await ground('POL §87(2)(d)')).id, reason: 'Trade secrets of the contractor.' },
      BASE,
      NOW,
    );
    expect(await fileAppeal(asyncOf(db), requester, r.id, { body: '  ' }, BASE, NOW)).toMatchObject({
      ok: false,
      fields: { body: expect.any(String) },
    });
    expect(
      await fileAppeal(
        asyncOf(db),
        requester,
        r.id,
        { body: 'The SWPPP is a public document.' },
        BASE,
        townInstant('2027-01-01', '10:00'),
      ),
    ).toMatchObject({ ok: false, message: 'The 30 days to appeal ended on December 31, 2026.' });
    expect(
      await fileAppeal(asyncOf(db), requester, r.id, { body: 'The SWPPP is a public document.' }, BASE, NOW),
    ).toEqual({
      ok: true,
      appealId: expect.any(Number),
      dueOn: '2026-12-15',
    });
    expect(await fileAppeal(asyncOf(db), requester, r.id, { body: 'Again.' }, BASE, NOW)).toMatchObject({
      ok: false,
      message: 'Your appeal is already with the appeals officer.',
    });
    expect(mail('request-appeal-to-officer').map((m) => m.toAddress)).toEqual(['supervisor@example.org']);
    expect(mail('request-appeal-received')[0].textBody).toContain(
      'Sam Supervisor, the Town of Rotterdam Records Access Appeals Officer, 1100 Sunrise Boulevard, Rotterdam, NY 12306, who must answer in writing by December 15, 2026',
    );
    const queue = await appealQueue(asyncOf(db), NOW);
    expect(queue.pending).toHaveLength(1);
    expect(queue.pending[0].appeal).toMatchObject({
      kind: 'written_denial',
      dueOn: '2026-12-15',
      officerUserId: officerId,
    });
    expect(await mayAnswerAppeals(asyncOf(db), { id: officerId, roles: ['officer'] })).toBe(true);
    expect(await mayAnswerAppeals(asyncOf(db), { id: clerkId, roles: ['clerk'] })).toBe(false);

    const later = townInstant('2026-12-16', '09:00');
    expect(
      await decideAppeal(
        asyncOf(db),
        { userId: officerId },
        queue.pending[0].appeal.id,
        { outcome: 'granted', decisionText: '' },
        BASE,
        later,
      ),
    ).toMatchObject({ ok: false, fields: { decisionText: expect.any(String) } });
    expect(
      await decideAppeal(
        asyncOf(db),
        { userId: officerId },
        queue.pending[0].appeal.id,
        { outcome: 'granted', decisionText: 'The SWPPP is a public document: release it.' },
        BASE,
        later,
      ),
    ).toEqual({ ok: true });
    // Granted after the officer's 10 business days: the request is open again, the records owed the next business day.
    expect(row(r.id)).toMatchObject({ status: 'received', respondBy: '2026-12-17', accessDueOn: '2026-12-17' });
    const view = (await loadRequestView(asyncOf(db), r.id, { forRequester: true, now: later }))!;
    expect(view.appeals[0]).toMatchObject({ outcome: 'granted', decidedOn: '2026-12-16' });
    expect(view.events.at(-2)!.body).toContain('The answer came after the 10 business days (due December 15, 2026).');
    expect(mail('request-appeal-decided')[0].subject).toBe(`Records request ${row(r.id).number}: appeal granted`);
    expect((await recordsRequestStats(asyncOf(db), later)).total).toMatchObject({
      appeals: 1,
      appealsGranted: 1,
      appealsDenied: 0,
      appealsAnsweredLate: 1,
    });
  });

  it('a missed deadline may be appealed too; with no staff account named, the officer the town profile names gets it, not the admins', async () => {
    const adminId = Number(
      db.insert(schema.users).values({ email: 'admin@example.org', name: 'Ada Admin' }).run().lastInsertRowid,
    );
    db.insert(schema.userRoles).values({ userId: adminId, role: 'admin' }).run();
    const r = await request({ receivedAt: EARLY });
    expect((await loadRequestView(asyncOf(db), r.id, { forRequester: true, now: NOW }))!).toMatchObject({
      canAppeal: true,
      appeal: { kind: 'missed_deadline', deniedOn: '2026-11-30', lastDay: '2026-12-30' },
    });
    expect(
      await fileAppeal(asyncOf(db), { label: 'requester' }, r.id, { body: 'No answer.' }, BASE, NOW),
    ).toMatchObject({ ok: true });
    expect(mail('request-appeal-to-officer').map((m) => m.toAddress)).toEqual(['supervisor@rotterdam.example']);
    expect((await loadRequestView(asyncOf(db), r.id, { forRequester: true, now: NOW }))!.canAppeal).toBe(false);
  });
});

describe('staff time needs consent first (POL §87(1)(c))', () => {
  it('an invoice that charges staff time waits for the requester’s approval even without a cost limit', async () => {
    const r = await request({ delivery: 'usb' });
    expect(row(r.id).costLimitCents).toBeNull();
    expect(await billRequest(asyncOf(db), clerk(), r.id, { counts: [], staffMinutes: 180 }, BASE, NOW)).toMatchObject({
      ok: true,
    });
    // Before: the invoice was issued at once ($5.00 USB + 3 hours at $18.50), with no consent.
    expect(await currentInvoice(asyncOf(db), r.id)).toMatchObject({ status: 'draft', totalCents: 500 + 5550 });
    expect(row(r.id).status).toBe('awaiting_cost_approval');
    const ask = mail('request-cost-approval')[0];
    expect(ask.subject).toContain('staff time needs your approval first');
    expect(ask.textBody).toContain('3 hours of staff time preparing electronic copies at $18.50 an hour ($55.50)');
    expect(mail('request-ready')).toHaveLength(0);
    expect(await approveCost(asyncOf(db), { label: 'requester' }, r.id, BASE, NOW)).toEqual({ ok: true });
    expect(await currentInvoice(asyncOf(db), r.id)).toMatchObject({ status: 'issued' });
  });

  it('without staff time and without a limit the invoice is issued at once (as before)', async () => {
    const r = await request({ delivery: 'usb' });
    await billRequest(asyncOf(db), clerk(), r.id, { counts: [], staffMinutes: 90 }, BASE, NOW);
    expect(await currentInvoice(asyncOf(db), r.id)).toMatchObject({ status: 'issued', totalCents: 500 });
  });
});

describe('the fee schedule cannot exceed the law, where it is saved', () => {
  it('refuses 30 cents a page and a fee for electronic copies, field by field; saves a lawful one, audited', async () => {
    const admin = { userId: clerkId };
    const s = {
      effectiveFrom: '2027-01-01',
      perPageCents: 30,
      largeFormatSheetCents: 500,
      electronicCents: 100,
      cdCents: 100,
      usbCents: 500,
      staffHourlyCents: 1850,
      notes: 'Print shop invoice.',
    };
    expect(await saveFeeSchedule(asyncOf(db), admin, s, NOW)).toEqual({
      ok: false,
      fields: {
        perPage: 'The law allows at most $0.25 a page for copies up to 9x14 in. (Public Officers Law §87(1)(b)(iii)).',
        electronic:
          'Electronic copies by email or download are free under Public Officers Law §87(1)(c): only storage media (CD, USB drive) may be charged.',
      },
    });
    expect(
      await saveFeeSchedule(asyncOf(db), admin, { ...s, perPageCents: 20, electronicCents: 0 }, NOW),
    ).toMatchObject({ ok: true });
    expect((await feeScheduleOn(asyncOf(db), '2027-01-02')).perPageCents).toBe(20);
    expect(
      db
        .select()
        .from(schema.auditLog)
        .all()
        .map((a) => a.action),
    ).toContain('fee_schedule.create');
  });
});
