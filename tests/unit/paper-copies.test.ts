/**
 * Paper copies are ready for pickup at Town Hall (or to be mailed), not "ready to download", and
 * are fulfilled only when the clerk records them picked up or mailed on a date (decision record 0030);
 * the request form's note when everything asked for is already online; the estimate the tracking page
 * shows is the form's. The pure rules as tables, then the services on an in-memory database.
 */
process.env.TRACKING_LINK_SECRET = 'unit-test-secret-for-tracking-links';

import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedReferenceData } from '#db/seed/reference.ts';
import { migrateDatabase, openDatabase, schema, type DB } from '#lib/server/platform/db.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { billRequest, itemRows, recordPayment } from '#lib/server/records-requests/billing.ts';
import {
  checkHandover,
  copiesRespondBy,
  handoverEventText,
  handoverHeadline,
  handoverOf,
  ONLINE_ONLY_MESSAGE,
  madeAvailableOn,
  onlyOnlineDocuments,
  statusOnRelease,
  type HeadlineFacts,
} from '#lib/server/records-requests/delivery.rules.ts';
import { onlineDocumentIds, onlineOnlyDocuments, recordHandover } from '#lib/server/records-requests/delivery.ts';
import { firstAnswerOn, missedDeadline, respondBy } from '#lib/server/records-requests/request.rules.ts';
import {
  checkSelection,
  createRecordsRequest,
  estimateForRequest,
  estimateSelection,
} from '#lib/server/records-requests/submit.ts';
import { loadRequestView } from '#lib/server/records-requests/view.ts';
import { fulfill } from '#lib/server/records-requests/workflow.ts';
import type { DeliveryMethod } from '#db/schema.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

describe('which deliveries are handed over, and how', () => {
  it.each<[DeliveryMethod, 'pickup' | 'mail' | null, string]>([
    ['paper_pickup', 'pickup', 'copies_ready'],
    ['cd', 'pickup', 'copies_ready'],
    ['usb', 'pickup', 'copies_ready'],
    ['paper_mail', 'mail', 'copies_ready'],
    ['electronic', null, 'fulfilled'],
    ['inspect', null, 'fulfilled'],
  ])('%s: %s; released → %s', (delivery, how, status) => {
    expect(handoverOf(delivery)).toBe(how);
    expect(statusOnRelease(delivery, '2026-12-01')).toEqual(
      status === 'fulfilled' ? { status, fulfilledOn: '2026-12-01' } : { status, copiesReadyOn: '2026-12-01' },
    );
  });
});

describe('respond-by while copies are ready: a pickup waits for the requester; mailing is the Town’s move', () => {
  it.each([
    ['pickup: none', 'paper_pickup', '2026-12-01', '2026-12-10', null],
    ['mail, the promise still ahead: the promise', 'paper_mail', '2026-12-01', '2026-12-10', '2026-12-10'],
    ['mail, the promise passed: the day the copies were ready', 'paper_mail', '2026-12-11', '2026-12-10', '2026-12-11'],
    ['mail, no promise: the day ready', 'paper_mail', '2026-12-01', null, '2026-12-01'],
    ['mail, not ready: none', 'paper_mail', null, null, null],
  ] as const)('%s', (_n, delivery, copiesReadyOn, promisedOn, expected) => {
    expect(copiesRespondBy({ delivery, copiesReadyOn, promisedOn })).toBe(expected);
    expect(
      respondBy({
        status: 'copies_ready',
        dueOn: '2026-12-08',
        promisedOn,
        acknowledgedOn: null,
        delivery,
        copiesReadyOn,
      }),
    ).toBe(expected);
  });
});

describe('POL §89(3)(a): when a paper request is answered (made available)', () => {
  const facts = {
    status: 'copies_ready' as const,
    dueOn: '2026-12-08',
    acknowledgedOn: null,
    fulfilledOn: null,
    deniedOn: null,
    withdrawnOn: null,
  };
  it('a pickup is answered the day the copies wait at Town Hall, not the day the requester comes', () => {
    expect(madeAvailableOn({ delivery: 'paper_pickup', copiesReadyOn: '2026-12-04' })).toBe('2026-12-04');
    expect(firstAnswerOn({ ...facts, delivery: 'paper_pickup', copiesReadyOn: '2026-12-04' })).toBe('2026-12-04');
    expect(missedDeadline({ ...facts, delivery: 'paper_pickup', copiesReadyOn: '2026-12-04' }, '2027-01-15')).toBe(
      false,
    );
    // Picked up weeks later: still answered on time.
    expect(
      missedDeadline(
        {
          ...facts,
          status: 'fulfilled',
          fulfilledOn: '2027-01-05',
          delivery: 'paper_pickup',
          copiesReadyOn: '2026-12-04',
        },
        '2027-01-15',
      ),
    ).toBe(false);
  });
  it('mail is answered the day it is mailed: copies ready but not mailed by the due date is a missed deadline', () => {
    expect(madeAvailableOn({ delivery: 'paper_mail', copiesReadyOn: '2026-12-04' })).toBeNull();
    expect(madeAvailableOn({ delivery: 'paper_mail', copiesReadyOn: '2026-12-04', mailedOn: '2026-12-07' })).toBe(
      '2026-12-07',
    );
    expect(missedDeadline({ ...facts, delivery: 'paper_mail', copiesReadyOn: '2026-12-04' }, '2026-12-09')).toBe(true);
    expect(madeAvailableOn({ delivery: 'electronic', copiesReadyOn: '2026-12-04', mailedOn: '2026-12-04' })).toBeNull();
    expect(madeAvailableOn({ delivery: 'cd', copiesReadyOn: '2026-12-04', mailedOn: '2026-12-07' })).toBe('2026-12-04');
  });
});

describe('the tracking page heading says what is true at each step', () => {
  const f = (p: Partial<HeadlineFacts>): HeadlineFacts => ({
    status: 'received',
    delivery: 'paper_pickup',
    fulfilledOn: null,
    ...p,
  });
  it.each([
    ['received, pickup', f({}), 'Being prepared: copies to pick up at Town Hall'],
    [
      'acknowledged, mail',
      f({ status: 'acknowledged', delivery: 'paper_mail' }),
      'Being prepared: copies to be mailed',
    ],
    ['invoiced', f({ status: 'awaiting_payment' }), 'Copies ready to pick up at Town Hall once the invoice is paid'],
    [
      'ready for pickup',
      f({ status: 'copies_ready', copiesReadyOn: '2026-12-01' }),
      'Ready for pickup at Town Hall since December 1, 2026',
    ],
    [
      'ready to mail',
      f({ status: 'copies_ready', delivery: 'paper_mail', copiesReadyOn: '2026-12-01' }),
      'Copies ready: to be mailed (ready since December 1, 2026)',
    ],
    [
      'picked up',
      f({ status: 'fulfilled', pickedUpOn: '2026-12-03', fulfilledOn: '2026-12-03' }),
      'Picked up on December 3, 2026: fulfilled',
    ],
    [
      'mailed',
      f({ status: 'fulfilled', delivery: 'paper_mail', mailedOn: '2026-12-02', fulfilledOn: '2026-12-02' }),
      'Mailed on December 2, 2026: fulfilled',
    ],
    [
      'fulfilled by the clerk before any release (no date of handover)',
      f({ status: 'fulfilled', fulfilledOn: '2026-12-02' }),
      null,
    ],
    ['electronic: the status says it', f({ delivery: 'electronic', status: 'copies_ready' }), null],
    ['denied: the status says it', f({ status: 'denied' }), null],
    [
      'withdrawn, though a pickup date was recorded: the status says it',
      f({ status: 'withdrawn', pickedUpOn: '2026-12-03', mailedOn: '2026-12-03' }),
      null,
    ],
  ])('%s', (_n, facts, expected) => {
    expect(handoverHeadline(facts)).toBe(expected);
  });
});

describe('the clerk’s record of a handover is checked', () => {
  const ready = { status: 'copies_ready' as const, copiesReadyOn: '2026-12-01', requesterAddress: '1 Main St' };
  it.each([
    ['picked up today', { how: 'pickup', on: '2026-12-03' }, ready, {}],
    ['mailed on the ready day', { how: 'mail', on: '2026-12-01' }, ready, {}],
    ['in the future', { how: 'pickup', on: '2026-12-04' }, ready, { on: 'The date cannot be in the future.' }],
    [
      'before the copies were ready',
      { how: 'pickup', on: '2026-11-30' },
      ready,
      { on: 'The copies were ready on December 1, 2026: give that day or a later one.' },
    ],
    [
      'mailed without an address',
      { how: 'mail', on: '2026-12-02' },
      { ...ready, requesterAddress: ' ' },
      {
        how: 'There is no postal address on this request. Record it as picked up, or add the address in a note and mail it first.',
      },
    ],
    [
      'mailed, no address at all',
      { how: 'mail', on: '2026-12-02' },
      { ...ready, requesterAddress: null },
      {
        how: 'There is no postal address on this request. Record it as picked up, or add the address in a note and mail it first.',
      },
    ],
    ['picked up needs no address', { how: 'pickup', on: '2026-12-02' }, { ...ready, requesterAddress: null }, {}],
    [
      'not ready yet',
      { how: 'pickup', on: '2026-12-02' },
      { ...ready, status: 'awaiting_payment' as const },
      { form: 'The copies are not ready yet: record the payment (or bill the request) first.' },
    ],
  ] as const)('%s', (_n, input, r, expected) => {
    expect(checkHandover(input, r, '2026-12-03')).toEqual(expected);
  });
});

describe('the timeline sentence of a handover', () => {
  it.each([
    ['pickup', 'The copies were picked up at Town Hall on December 3, 2026. The request is fulfilled.'],
    ['mail', 'The copies were mailed on December 3, 2026. The request is fulfilled.'],
  ] as const)('%s', (how, text) => {
    expect(handoverEventText(how, '2026-12-03')).toBe(text);
  });
});

describe('the form’s note: everything asked for is already online', () => {
  it('says why and what to do', () => {
    expect(ONLINE_ONLY_MESSAGE).toBe(
      'Everything you asked for is already published on this portal: you can download it now, free, from the links below, without a request. To send the request anyway, tick “Send the request anyway”.',
    );
  });
  const doc = (online: boolean) => ({ online });
  it.each([
    [
      'electronic, all online',
      { delivery: 'electronic', documents: [doc(true), doc(true)], freeText: false, emptyRange: false },
      true,
    ],
    [
      'one not online',
      { delivery: 'electronic', documents: [doc(true), doc(false)], freeText: false, emptyRange: false },
      false,
    ],
    ['on paper', { delivery: 'paper_pickup', documents: [doc(true)], freeText: false, emptyRange: false }, false],
    [
      'with records described in words',
      { delivery: 'electronic', documents: [doc(true)], freeText: true, emptyRange: false },
      false,
    ],
    [
      'with a date range that covers nothing',
      { delivery: 'electronic', documents: [doc(true)], freeText: false, emptyRange: true },
      false,
    ],
    ['nothing ticked', { delivery: 'electronic', documents: [], freeText: false, emptyRange: false }, false],
  ] as const)('%s → %s', (_n, s, expected) => {
    expect(onlyOnlineDocuments({ ...s, documents: [...s.documents] })).toBe(expected);
  });
});

// ---------------------------------------------------------------------------------------------------
// The services, on an in-memory database.

const BASE = 'https://portal.example';
const NOW = townInstant('2026-12-01', '10:00'); // a Tuesday
let db: DB;
let docs: { swppp: number; hiddenSwppp: number; noi: number; reports: number[]; privateReport: number };
let clerk: { userId: number };

beforeEach(async () => {
  db = openDatabase(':memory:');
  migrateDatabase(db);
  await seedReferenceData(db, { now: NOW });
  const projectId = Number(
    db
      .insert(schema.projects)
      .values({ slug: 'curry-road', name: 'Curry Road', siteAddress: '1 Curry Road', kind: 'major', status: 'active' })
      .run().lastInsertRowid,
  );
  const doc = (
    type: (typeof schema.documents.$inferInsert)['type'],
    title: string,
    date: string,
    pages: number,
    isPublic = true,
  ) =>
    Number(
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
          pageCount: pages,
          largeFormatPages: 0,
          documentDate: date,
          public: isPublic,
        })
        .run().lastInsertRowid,
    );
  docs = {
    swppp: doc('swppp', 'SWPPP', '2025-11-06', 70),
    hiddenSwppp: doc('swppp_amendment', 'SWPPP amendment 1', '2026-01-06', 6, false),
    noi: doc('noi', 'NOI', '2025-11-06', 4),
    reports: ['2026-10-01', '2026-10-08'].map((d) => doc('inspection_report', `Inspection report ${d}`, d, 2)),
    privateReport: doc('inspection_report', 'Inspection report 2026-10-15', '2026-10-15', 2, false),
  };
  const userId = Number(
    db.insert(schema.users).values({ email: 'clerk@example.org', name: 'Dana Clerk' }).run().lastInsertRowid,
  );
  clerk = { userId };
});

const outbox = () => db.select().from(schema.outbox).all();
const row = (id: number) => db.select().from(schema.recordsRequests).where(eq(schema.recordsRequests.id, id)).get()!;

async function paperRequest(delivery: DeliveryMethod, address: string | undefined = '1 Paper Street, Rotterdam, NY') {
  const selection = await checkSelection(asyncOf(db), 'curry-road', { documentIds: [docs.noi] });
  const made = await createRecordsRequest(
    asyncOf(db),
    {
      channel: 'web',
      receivedAt: NOW,
      selection,
      delivery,
      requester: { name: 'Pat Paper', email: 'pat@example.org', address },
    },
    { label: 'requester' },
    BASE,
  );
  if (!made.ok) throw new Error('not made');
  return made.id;
}

describe('a paper request: ready for pickup, then picked up (before: fulfilled the moment it was paid)', () => {
  it('paid in full: copies ready for pickup at Town Hall, the mail says so; the clerk records the pickup: fulfilled, audited', async () => {
    const id = await paperRequest('paper_pickup');
    expect(await billRequest(asyncOf(db), clerk, id, { counts: [] }, BASE, NOW)).toMatchObject({
      ok: true,
      totalCents: 100,
    });
    expect(await fulfill(asyncOf(db), clerk, id, undefined, NOW)).toMatchObject({ ok: false });
    expect(
      await recordPayment(
        asyncOf(db),
        clerk,
        id,
        { amountCents: 100, method: 'cash', receivedOn: '2026-12-01' },
        BASE,
        NOW,
      ),
    ).toMatchObject({ ok: true, released: true });
    expect(row(id)).toMatchObject({
      status: 'copies_ready',
      copiesReadyOn: '2026-12-01',
      fulfilledOn: null,
      respondBy: null,
    });
    const paid = outbox().find((m) => m.kind === 'request-payment-received')!;
    expect(paid.textBody).toContain('The records are released. Ready for pickup at Town Hall');
    expect(paid.textBody).not.toContain('download them');
    // "Mark fulfilled" is not the way: the handover is recorded with its date.
    expect(await fulfill(asyncOf(db), clerk, id, undefined, NOW)).toEqual({
      ok: false,
      message: 'The copies are ready: record that they were picked up or mailed (with the date) instead.',
    });
    expect(await recordHandover(asyncOf(db), clerk, id, { how: 'pickup', on: '2026-12-02' }, BASE, NOW)).toEqual({
      ok: false,
      fields: { on: 'The date cannot be in the future.' },
    });
    expect(await recordHandover(asyncOf(db), clerk, id, { how: 'pickup', on: '2026-12-01' }, BASE, NOW)).toEqual({
      ok: true,
    });
    expect(row(id)).toMatchObject({
      status: 'fulfilled',
      fulfilledOn: '2026-12-01',
      pickedUpOn: '2026-12-01',
      mailedOn: null,
    });
    const view = (await loadRequestView(asyncOf(db), id, { forRequester: true, now: NOW }))!;
    expect(view.events.at(-1)!.body).toBe(
      'The copies were picked up at Town Hall on December 1, 2026. The request is fulfilled.',
    );
    expect(view.explanation).toContain('The copies were picked up on December 1, 2026.');
    expect(
      db
        .select()
        .from(schema.auditLog)
        .all()
        .map((a) => a.action),
    ).toContain('records_request.picked_up');
    // No mail for a pickup (the requester was there).
    expect(outbox().filter((m) => m.kind === 'request-copies-mailed')).toHaveLength(0);
    expect(await recordHandover(asyncOf(db), clerk, id, { how: 'pickup', on: '2026-12-01' }, BASE, NOW)).toMatchObject({
      ok: false,
    });
  });

  it('by mail: ready to mail (due that day), then "mailed on <date>" is recorded, audited and mailed to the requester', async () => {
    const id = await paperRequest('paper_mail');
    await billRequest(asyncOf(db), clerk, id, { counts: [], postageCents: 73 }, BASE, NOW);
    await recordPayment(
      asyncOf(db),
      clerk,
      id,
      { amountCents: 173, method: 'cash', receivedOn: '2026-12-01' },
      BASE,
      NOW,
    );
    expect(row(id)).toMatchObject({ status: 'copies_ready', copiesReadyOn: '2026-12-01', respondBy: '2026-12-01' });
    expect(await recordHandover(asyncOf(db), clerk, id, { how: 'mail', on: '2026-12-01' }, BASE, NOW)).toEqual({
      ok: true,
    });
    expect(row(id)).toMatchObject({
      status: 'fulfilled',
      fulfilledOn: '2026-12-01',
      mailedOn: '2026-12-01',
      respondBy: null,
    });
    const mailed = outbox().filter((m) => m.kind === 'request-copies-mailed');
    expect(mailed).toHaveLength(1);
    expect(mailed[0].subject).toMatch(/copies mailed on December 1, 2026/);
    expect(
      db
        .select()
        .from(schema.auditLog)
        .all()
        .map((a) => a.action),
    ).toContain('records_request.mailed');
  });

  it('a free paper request (a waiver): ready for pickup at once, the mail says "Ready for pickup at Town Hall"', async () => {
    const id = await paperRequest('paper_pickup');
    await billRequest(asyncOf(db), clerk, id, { counts: [], discountCents: 100, discountReason: 'Waived' }, BASE, NOW);
    expect(row(id).status).toBe('copies_ready');
    expect(outbox().find((m) => m.kind === 'request-ready')!.textBody).toContain('Ready for pickup at Town Hall');
  });

  it('electronic copies are still fulfilled at once', async () => {
    const id = await paperRequest('electronic');
    await billRequest(asyncOf(db), clerk, id, { counts: [] }, BASE, NOW);
    expect(row(id)).toMatchObject({ status: 'fulfilled', copiesReadyOn: null });
  });
});

describe('online documents and the estimate', () => {
  it('"free — download now" only for published documents; the note fires only for an all-online electronic request', async () => {
    expect([...(await onlineDocumentIds(asyncOf(db), [docs.swppp, docs.hiddenSwppp, docs.privateReport]))]).toEqual([
      docs.swppp,
    ]);
    const sel = async (documentIds: number[], reports?: [string, string], freeText?: string) =>
      await checkSelection(asyncOf(db), 'curry-road', {
        documentIds,
        reportsFrom: reports?.[0],
        reportsTo: reports?.[1],
        freeText,
      });
    expect(await onlineOnlyDocuments(asyncOf(db), await sel([docs.swppp, docs.noi]), 'electronic')).toEqual([
      { id: docs.swppp, title: 'SWPPP', href: `/documents/${docs.swppp}` },
      { id: docs.noi, title: 'NOI', href: `/documents/${docs.noi}` },
    ]);
    expect(
      await onlineOnlyDocuments(asyncOf(db), await sel([docs.swppp], ['2026-10-01', '2026-10-08']), 'electronic'),
    ).toHaveLength(3);
    expect(
      await onlineOnlyDocuments(asyncOf(db), await sel([docs.swppp], ['2026-10-01', '2026-10-31']), 'electronic'),
    ).toBeUndefined(); // a private report in the range
    expect(
      await onlineOnlyDocuments(asyncOf(db), await sel([docs.swppp], ['2027-01-01', '2027-01-31']), 'electronic'),
    ).toBeUndefined(); // a range with nothing on file
    expect(
      await onlineOnlyDocuments(asyncOf(db), await sel([docs.swppp, docs.hiddenSwppp]), 'electronic'),
    ).toBeUndefined();
    expect(await onlineOnlyDocuments(asyncOf(db), await sel([docs.swppp]), 'paper_pickup')).toBeUndefined();
    expect(
      await onlineOnlyDocuments(
        asyncOf(db),
        await sel([docs.swppp], undefined, 'and the review letters'),
        'electronic',
      ),
    ).toBeUndefined();
  });

  it('the tracking page’s breakdown is the form’s estimate, from the schedule of the day received', async () => {
    const selection = await checkSelection(asyncOf(db), 'curry-road', { documentIds: [docs.swppp, docs.noi] });
    const atForm = await estimateSelection(asyncOf(db), selection, 'paper_mail', '2026-12-01');
    const made = await createRecordsRequest(
      asyncOf(db),
      { channel: 'web', receivedAt: NOW, selection, delivery: 'paper_mail', requester: { name: 'P', address: 'A' } },
      { label: 'requester' },
      BASE,
    );
    if (!made.ok) throw new Error('not made');
    const r = row(made.id);
    // A later schedule does not change what the requester was told.
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
    const onPage = await estimateForRequest(asyncOf(db), r, await itemRows(asyncOf(db), r.id));
    expect(onPage.bill).toEqual(atForm.bill);
    expect(onPage.bill.lines.map((l) => l.description)).toEqual(atForm.bill.lines.map((l) => l.description));
    expect(onPage.bill.totalCents).toBe(r.estimateCents);
  });
});
