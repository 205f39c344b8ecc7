/**
 * A clerk's step on a records request reads the request it checks in the transaction that changes it
 * (decision 0080, step 2d). Two clicks sent at once — two clerks, or a clerk and the requester on the
 * tracking page — cannot both pass a check made on what the other is changing: one wins, the other is told
 * why, and the timeline, the audit log and the outbox hold one answer, not two.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { acknowledge, deny, fulfill, withdraw } from '#lib/server/records-requests/workflow.ts';
import { billRequest, currentInvoice, recordPayment } from '#lib/server/records-requests/billing.ts';
import { decideAppeal, fileAppeal } from '#lib/server/records-requests/appeals.ts';
import { closeAsDuplicate } from '#lib/server/records-requests/duplicate-close.ts';
import { checkSelection, createRecordsRequest } from '#lib/server/records-requests/submit.ts';
import { listGrounds } from '#lib/server/records-requests/grounds.ts';
import { BASE, requestsTown, type RequestsTown } from '../support/requests-db.ts';

const RECEIVED = townInstant('2026-11-12', '10:00');
const NOW = townInstant('2026-11-13', '10:00');

let t: RequestsTown;
let id: number;
let filed: number | undefined;
beforeEach(async () => {
  t = await requestsTown(RECEIVED);
  id = (await t.request(RECEIVED)).id;
  filed = undefined;
  filed = statusEvents().length;
});

/** The status lines added to the timeline since the request was filed. */
const statusEvents = () =>
  t.db
    .select()
    .from(schema.requestEvents)
    .where(eq(schema.requestEvents.requestId, id))
    .all()
    .filter((e) => e.kind === 'status')
    .slice(filed ?? 0);
const audited = (action: string) =>
  t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action)).all().length;

describe('two steps on one request at once', () => {
  it('two acknowledgments: the second is told the request is already acknowledged, and one mail goes', async () => {
    const db = asyncOf(t.db);
    const answers = await Promise.all([
      acknowledge(db, t.clerk, id, { acknowledgedOn: '2026-11-13', promisedOn: '2026-11-20' }, BASE, NOW),
      acknowledge(db, t.officer, id, { acknowledgedOn: '2026-11-13', promisedOn: '2026-11-27' }, BASE, NOW),
    ]);
    expect(answers[0]).toEqual({ ok: true });
    expect(answers[1]).toMatchObject({ ok: false, message: expect.stringContaining('already acknowledged') });
    expect(t.row(id).promisedOn).toBe('2026-11-20');
    expect(statusEvents()).toHaveLength(1);
    expect(audited('records_request.acknowledge')).toBe(1);
    expect(t.mail('request-acknowledged')).toHaveLength(1);
  });

  it('a denial and a fulfilment: the one that came second finds the request closed', async () => {
    const db = asyncOf(t.db);
    const ground = (await listGrounds(asyncOf(t.db))).find((g) => g.citation === 'POL §87(2)(b)')!;
    const [denied, fulfilled] = await Promise.all([
      deny(db, t.clerk, id, { groundId: ground.id, reason: 'Private numbers.' }, BASE, NOW),
      fulfill(db, t.officer, id, undefined, NOW),
    ]);
    expect(denied).toEqual({ ok: true });
    expect(fulfilled).toMatchObject({ ok: false, message: expect.stringContaining('This request is closed (denied') });
    expect(t.row(id)).toMatchObject({ status: 'denied', fulfilledOn: null });
    expect(statusEvents()).toHaveLength(1);
    expect(audited('records_request.fulfill')).toBe(0);
  });

  it("the requester's withdrawal and the clerk's acknowledgment: the acknowledgment finds it withdrawn", async () => {
    const db = asyncOf(t.db);
    const [withdrawn, acknowledged] = await Promise.all([
      withdraw(db, { label: 'requester', ip: '192.0.2.1' }, id, undefined, BASE, NOW),
      acknowledge(db, t.clerk, id, { acknowledgedOn: '2026-11-13', promisedOn: '2026-11-20' }, BASE, NOW),
    ]);
    expect(withdrawn).toEqual({ ok: true });
    expect(acknowledged).toMatchObject({ ok: false, message: expect.stringContaining('closed (withdrawn)') });
    expect(t.row(id)).toMatchObject({ status: 'withdrawn', acknowledgedOn: null });
    expect(t.mail('request-withdrawn')).toHaveLength(1);
    expect(t.mail('request-acknowledged')).toHaveLength(0);
  });

  it('two bills: one invoice is issued, the second clerk is told to void it first', async () => {
    const db = asyncOf(t.db);
    id = (await t.request(RECEIVED, { delivery: 'paper_pickup' })).id;
    const answers = await Promise.all([
      billRequest(db, t.clerk, id, { counts: [] }, BASE, NOW),
      billRequest(db, t.officer, id, { counts: [] }, BASE, NOW),
    ]);
    expect(answers[0]).toMatchObject({ ok: true });
    expect(answers[1]).toMatchObject({ ok: false, message: expect.stringContaining('already has an invoice') });
    expect(t.db.select().from(schema.invoices).all()).toHaveLength(1);
  });

  it('the same check entered twice at once: one payment is recorded, the invoice is not paid twice over', async () => {
    const db = asyncOf(t.db);
    id = (await t.request(RECEIVED, { delivery: 'paper_pickup' })).id;
    expect(await billRequest(db, t.clerk, id, { counts: [] }, BASE, NOW)).toMatchObject({ ok: true });
    const owed = (await currentInvoice(asyncOf(t.db), id))!.balanceCents;
    expect(owed).toBeGreaterThan(0);
    const payment = { amountCents: owed, method: 'check' as const, reference: '1041', receivedOn: '2026-11-13' };
    const answers = await Promise.all([
      recordPayment(db, t.clerk, id, payment, BASE, NOW),
      recordPayment(db, t.officer, id, payment, BASE, NOW),
    ]);
    expect(answers[0]).toMatchObject({ ok: true, balanceCents: 0 });
    expect(answers[1]).toMatchObject({ ok: false, message: 'The invoice is already paid in full.' });
    expect(await currentInvoice(asyncOf(t.db), id)).toMatchObject({ paidCents: owed, balanceCents: 0 });
    expect(t.mail('request-payment-received')).toHaveLength(1);
  });

  it('an appeal sent twice (a double click) is filed once, and two answers to it give one determination', async () => {
    const db = asyncOf(t.db);
    const ground = (await listGrounds(asyncOf(t.db))).find((g) => g.citation === 'POL §87(2)(b)')!;
    expect(await deny(db, t.clerk, id, { groundId: ground.id, reason: 'Private numbers.' }, BASE, NOW)).toEqual({
      ok: true,
    });
    const requester = { label: 'requester' as const, ip: '192.0.2.1' };
    const appeal = { body: 'The SWPPP is a public record.' };
    const filed = await Promise.all([
      fileAppeal(db, requester, id, appeal, BASE, NOW),
      fileAppeal(db, requester, id, appeal, BASE, NOW),
    ]);
    expect(filed[0]).toMatchObject({ ok: true });
    expect(filed[1]).toMatchObject({ ok: false, message: 'Your appeal is already with the appeals officer.' });
    expect(t.db.select().from(schema.requestAppeals).all()).toHaveLength(1);
    expect(t.mail('request-appeal-to-open-government')).toHaveLength(1);

    const appealId = (filed[0] as { appealId: number }).appealId;
    const answers = await Promise.all([
      decideAppeal(db, t.officer, appealId, { outcome: 'granted', decisionText: 'Release it.' }, BASE, NOW),
      decideAppeal(db, t.officer, appealId, { outcome: 'denied', decisionText: 'Keep it.' }, BASE, NOW),
    ]);
    expect(answers[0]).toEqual({ ok: true });
    expect(answers[1]).toMatchObject({ ok: false, message: 'This appeal is already answered.' });
    expect(t.db.select().from(schema.requestAppeals).get()).toMatchObject({ outcome: 'granted' });
    expect(t.mail('request-appeal-decided')).toHaveLength(1);
  });

  it('two requests closed as duplicates of each other at once: the second finds the first already closed into it', async () => {
    const db = asyncOf(t.db);
    const other = (await t.request(RECEIVED)).id;
    const [a, b] = [t.row(id), t.row(other)];
    const note = 'The same SWPPP, asked twice.';
    const answers = await Promise.all([
      closeAsDuplicate(db, t.clerk, a.id, { otherNumber: b.number, note }, BASE, NOW),
      closeAsDuplicate(db, t.officer, b.id, { otherNumber: a.number, note }, BASE, NOW),
    ]);
    expect(answers[0]).toEqual({ ok: true });
    expect(answers[1]).toMatchObject({
      ok: false,
      fields: { otherNumber: `${a.number} is itself closed as a duplicate. Enter the request it was closed into.` },
    });
    expect(t.row(other).status).not.toBe('closed_duplicate');
  });

  it('the public form sent twice at once (a double click) stores one request and answers both with its link', async () => {
    const selection = await checkSelection(asyncOf(t.db), 'curry-road', { documentIds: [t.docs.swppp] });
    const form = {
      channel: 'web' as const,
      receivedAt: NOW,
      selection,
      delivery: 'electronic' as const,
      requester: { name: 'Lee Neighbor', email: 'lee@example.org' },
      formKey: 'k'.repeat(43),
    };
    const before = t.db.select().from(schema.recordsRequests).all().length;
    const sent = await Promise.all([
      createRecordsRequest(asyncOf(t.db), form, { label: 'requester' }, BASE, { ip: '192.0.2.7' }),
      createRecordsRequest(asyncOf(t.db), form, { label: 'requester' }, BASE, { ip: '192.0.2.7' }),
    ]);
    expect(sent[0]).toMatchObject({ ok: true, duplicate: false });
    expect(sent[1]).toMatchObject({ ok: true, duplicate: true, id: (sent[0] as { id: number }).id });
    expect(t.db.select().from(schema.recordsRequests).all()).toHaveLength(before + 1);
    expect(t.mail('request-receipt').filter((m) => m.toAddress === 'lee@example.org')).toHaveLength(1);
  });
});
