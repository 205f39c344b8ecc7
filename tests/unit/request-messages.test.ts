/**
 * The conversation on a records request (decision 0029): the pure rules (the clarification wait and respond_by,
 * the status an answer returns to, which date holds), and the services on an in-memory database (each
 * message mailed to the other side and audited, the answer back at the top of the queue, the per-request
 * limit, the withdrawal mail with the clerk's note).
 */
process.env.TRACKING_LINK_SECRET = 'unit-test-secret-for-tracking-links';

import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedReferenceData } from '#db/seed/reference.ts';
import { migrateDatabase, openDatabase, schema, type DB } from '#lib/server/platform/db.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { loadQueue } from '#lib/server/records-requests/queue.ts';
import { loadThread, sendClerkMessage, sendRequesterMessage } from '#lib/server/records-requests/messages.ts';
import {
  clarificationDatesText,
  MESSAGE_LIMIT,
  statusAfterAnswer,
} from '#lib/server/records-requests/messages.rules.ts';
import { missedDeadline, respondBy } from '#lib/server/records-requests/request.rules.ts';
import { checkSelection, createRecordsRequest } from '#lib/server/records-requests/submit.ts';
import { acknowledge, addNote, withdraw } from '#lib/server/records-requests/workflow.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const BASE = 'https://portal.example';
const NOW = townInstant('2026-12-01', '10:00'); // a Tuesday: due 2026-12-08
const at = (day: string, time = '10:00') => townInstant(day, time);

describe('the clarification wait (pure rules, decision 0029)', () => {
  const base = { dueOn: '2026-12-08', promisedOn: null as string | null, acknowledgedOn: null as string | null };

  it('an unacknowledged request waiting for clarification keeps its statutory due date as respond_by', () => {
    expect(respondBy({ ...base, status: 'awaiting_clarification' })).toBe('2026-12-08');
  });

  it('an acknowledged request waiting for clarification has no respond_by (the next move is the requester’s)', () => {
    expect(
      respondBy({ ...base, status: 'awaiting_clarification', acknowledgedOn: '2026-12-02', promisedOn: '2026-12-15' }),
    ).toBeNull();
  });

  it('an answer puts the request at the top: respond_by is the day answered when that is earlier than its own deadline', () => {
    expect(
      respondBy({
        ...base,
        status: 'acknowledged',
        acknowledgedOn: '2026-12-02',
        promisedOn: '2026-12-15',
        clarificationAnsweredOn: '2026-12-03',
      }),
    ).toBe('2026-12-03');
    // An earlier deadline (overdue, or due sooner) is never pushed later by the answer.
    expect(respondBy({ ...base, status: 'received', clarificationAnsweredOn: '2026-12-09' })).toBe('2026-12-08');
    expect(respondBy({ ...base, status: 'received', clarificationAnsweredOn: '2026-12-08' })).toBe('2026-12-08');
    // A closed request has no deadline, answered or not.
    expect(respondBy({ ...base, status: 'fulfilled', clarificationAnsweredOn: '2026-12-03' })).toBeNull();
  });

  it('an answer returns the request to the status it had, or to what its facts say', () => {
    expect(statusAfterAnswer({ statusBeforeClarification: 'awaiting_cost_approval', acknowledgedOn: null })).toBe(
      'awaiting_cost_approval',
    );
    expect(
      statusAfterAnswer({ statusBeforeClarification: 'awaiting_cost_approval', acknowledgedOn: '2026-12-02' }),
    ).toBe('awaiting_cost_approval');
    expect(statusAfterAnswer({ statusBeforeClarification: null, acknowledgedOn: '2026-12-02' })).toBe('acknowledged');
    expect(statusAfterAnswer({ statusBeforeClarification: null, acknowledgedOn: null })).toBe('received');
    expect(statusAfterAnswer({ statusBeforeClarification: 'awaiting_clarification', acknowledgedOn: null })).toBe(
      'received',
    );
    // Acknowledged in writing while it waited: it comes back acknowledged, with the promised date as its deadline.
    expect(statusAfterAnswer({ statusBeforeClarification: 'received', acknowledgedOn: '2026-12-02' })).toBe(
      'acknowledged',
    );
    expect(statusAfterAnswer({ statusBeforeClarification: 'received', acknowledgedOn: null })).toBe('received');
  });

  it('the requester is told which date holds: the due date before an acknowledgment, the promised date after', () => {
    expect(clarificationDatesText(base)).toBe(
      'Your due date still holds: the Town must answer by close of business on December 8, 2026. Asking you a question does not pause or restart the five business days the law gives.',
    );
    expect(clarificationDatesText({ ...base, acknowledgedOn: '2026-12-02', promisedOn: '2026-12-15' })).toContain(
      'the records are expected by December 15, 2026. Asking you a question does not move it',
    );
  });

  it('a question is not an answer: the five business days still run out (POL §89(3)(a))', () => {
    const facts = {
      status: 'awaiting_clarification' as const,
      dueOn: '2026-12-08',
      acknowledgedOn: null,
      fulfilledOn: null,
      deniedOn: null,
      withdrawnOn: null,
    };
    expect(missedDeadline(facts, '2026-12-09')).toBe(true);
  });
});

describe('messages both ways (services)', () => {
  let db: DB;
  let clerkId: number;
  let otherClerkId: number;
  let projectId: number;
  let swppp: number;

  beforeEach(async () => {
    db = openDatabase(':memory:');
    migrateDatabase(db);
    await seedReferenceData(db, { now: NOW });
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
    swppp = Number(
      db
        .insert(schema.documents)
        .values({
          projectId,
          type: 'swppp',
          title: 'SWPPP',
          filename: 'swppp.pdf',
          sha256: 'a'.repeat(64),
          mimeType: 'application/pdf',
          sizeBytes: 1000,
          pageCount: 10,
          largeFormatPages: 0,
          documentDate: '2025-11-06',
          public: true,
        })
        .run().lastInsertRowid,
    );
    clerkId = Number(
      db.insert(schema.users).values({ email: 'clerk@example.org', name: 'Dana Clerk' }).run().lastInsertRowid,
    );
    otherClerkId = Number(
      db.insert(schema.users).values({ email: 'clerk2@example.org', name: 'Sam Clerk' }).run().lastInsertRowid,
    );
    const disabled = Number(
      db.insert(schema.users).values({ email: 'gone@example.org', name: 'Gone Clerk', disabled: true }).run()
        .lastInsertRowid,
    );
    db.insert(schema.userRoles)
      .values([
        { userId: clerkId, role: 'clerk' },
        { userId: otherClerkId, role: 'clerk' },
        { userId: disabled, role: 'clerk' },
      ])
      .run();
  });

  async function request(receivedAt = NOW, email: string | null = 'pat@example.org') {
    const selection = await checkSelection(asyncOf(db), 'curry-road', { documentIds: [swppp] });
    const result = await createRecordsRequest(
      asyncOf(db),
      {
        channel: 'web',
        receivedAt,
        selection,
        delivery: 'electronic',
        requester: { name: 'Pat Requester', email: email ?? undefined },
      },
      { label: 'requester' },
      BASE,
    );
    if (!result.ok) throw new Error('limited');
    return result;
  }
  const row = (id: number) => db.select().from(schema.recordsRequests).where(eq(schema.recordsRequests.id, id)).get()!;
  const mail = (kind: string) => db.select().from(schema.outbox).where(eq(schema.outbox.kind, kind)).all();
  const audits = (action: string) => db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action)).all();
  const clerk = () => ({ userId: clerkId });
  const order = async (now: Date) =>
    (await loadQueue(asyncOf(db), { status: 'open', page: 1, perPage: 50 }, now)).rows.map((r) => r.number);

  it('the requester’s message is mailed to every active clerk and audited, and is in the thread', async () => {
    const r = await request();
    expect(
      await sendRequesterMessage(
        asyncOf(db),
        { label: 'requester' },
        r.id,
        '  Could you add the 2025 NOI?  ',
        BASE,
        at('2026-12-01', '11:00'),
      ),
    ).toEqual({ ok: true, answered: false });
    expect(
      mail('request-message-to-clerk')
        .map((m) => m.toAddress)
        .sort(),
    ).toEqual(['clerk2@example.org', 'clerk@example.org']);
    expect(mail('request-message-to-clerk')[0].textBody).toContain('Could you add the 2025 NOI?');
    expect(mail('request-message-to-clerk')[0].textBody).toContain(`${BASE}/staff/requests/${r.id}#thread`);
    expect(audits('records_request.message_from_requester')).toHaveLength(1);
    expect((await loadThread(asyncOf(db), r.id)).map((m) => [m.sender, m.body])).toEqual([
      ['requester', 'Could you add the 2025 NOI?'],
    ]);
    // A plain message changes nothing about the deadline.
    expect(row(r.id)).toMatchObject({ status: 'received', respondBy: '2026-12-08' });
  });

  it('the clerk’s message is mailed to the requester and audited; the thread keeps both sides in order with who wrote', async () => {
    const r = await request();
    await sendRequesterMessage(asyncOf(db), { label: 'requester' }, r.id, 'First', BASE, at('2026-12-01', '11:00'));
    expect(
      await sendClerkMessage(
        asyncOf(db),
        clerk(),
        r.id,
        { body: 'Second', clarify: false },
        BASE,
        at('2026-12-01', '12:00'),
      ),
    ).toEqual({ ok: true });
    await addNote(
      asyncOf(db),
      clerk(),
      r.id,
      { body: 'Third, as a note', toRequester: true },
      BASE,
      at('2026-12-01', '13:00'),
    );
    const toRequester = mail('request-message-to-requester');
    expect(toRequester.map((m) => m.toAddress)).toEqual(['pat@example.org']);
    expect(toRequester[0].subject).toBe(`Records request ${r.number}: a message from the Town Clerk`);
    expect(toRequester[0].textBody).toContain('/requests/track/');
    expect(audits('records_request.message_to_requester')).toHaveLength(1);
    expect((await loadThread(asyncOf(db), r.id)).map((m) => [m.sender, m.authorName, m.body])).toEqual([
      ['requester', null, 'First'],
      ['clerk', 'Dana Clerk', 'Second'],
      ['clerk', 'Dana Clerk', 'Third, as a note'],
    ]);
  });

  it('asking for clarification: waits for the requester, respond_by clears once acknowledged, the mail says which date holds', async () => {
    const r = await request();
    await acknowledge(
      asyncOf(db),
      clerk(),
      r.id,
      { acknowledgedOn: '2026-12-01', promisedOn: '2026-12-15' },
      BASE,
      NOW,
    );
    expect(
      await sendClerkMessage(
        asyncOf(db),
        clerk(),
        r.id,
        { body: 'Which phase do you mean?', clarify: true },
        BASE,
        at('2026-12-01', '11:00'),
      ),
    ).toEqual({ ok: true });
    expect(row(r.id)).toMatchObject({
      status: 'awaiting_clarification',
      statusBeforeClarification: 'acknowledged',
      respondBy: null,
      dueOn: '2026-12-08',
      promisedOn: '2026-12-15',
    });
    const q = mail('request-message-to-requester')[0];
    expect(q.subject).toBe(`Records request ${r.number}: the Town Clerk has a question for you`);
    expect(q.textBody).toContain('Which phase do you mean?');
    expect(q.textBody).toContain(
      'The date the Town gave in writing still holds: the records are expected by December 15, 2026.',
    );
    expect(audits('records_request.ask_clarification')[0].afterJson).toContain('awaiting_clarification');
    // Asking again while waiting is refused beside the tick box.
    expect(
      await sendClerkMessage(
        asyncOf(db),
        clerk(),
        r.id,
        { body: 'And?', clarify: true },
        BASE,
        at('2026-12-01', '11:05'),
      ),
    ).toMatchObject({ ok: false, fields: { clarify: expect.any(String) } });
  });

  it('an unacknowledged request waiting for clarification stays on the queue by its statutory due date', async () => {
    const r = await request();
    await sendClerkMessage(
      asyncOf(db),
      clerk(),
      r.id,
      { body: 'Which phase?', clarify: true },
      BASE,
      at('2026-12-01', '11:00'),
    );
    expect(row(r.id)).toMatchObject({
      status: 'awaiting_clarification',
      statusBeforeClarification: 'received',
      respondBy: '2026-12-08',
    });
  });

  it('the answer returns the status it had and puts the request at the top of the queue until the Town next acts', async () => {
    const waiting = await request(at('2026-11-30'));
    const later = await request(at('2026-12-01', '09:00')); // due 2026-12-08, unacknowledged
    await acknowledge(
      asyncOf(db),
      clerk(),
      waiting.id,
      { acknowledgedOn: '2026-11-30', promisedOn: '2026-12-15' },
      BASE,
      at('2026-11-30', '11:00'),
    );
    await sendClerkMessage(
      asyncOf(db),
      clerk(),
      waiting.id,
      { body: 'Which phase?', clarify: true },
      BASE,
      at('2026-11-30', '12:00'),
    );
    expect(await order(NOW)).toEqual([later.number, waiting.number]); // waiting for the requester: last
    const res = await sendRequesterMessage(
      asyncOf(db),
      { label: 'requester' },
      waiting.id,
      'Phase 2, please.',
      BASE,
      at('2026-12-02', '10:00'),
    );
    expect(res).toEqual({ ok: true, answered: true });
    expect(row(waiting.id)).toMatchObject({
      status: 'acknowledged',
      statusBeforeClarification: null,
      clarificationAnsweredOn: '2026-12-02',
      respondBy: '2026-12-02',
    });
    expect(await order(at('2026-12-02', '10:05'))).toEqual([waiting.number, later.number]); // answered: first
    const toClerk = mail('request-message-to-clerk');
    expect(toClerk[0].subject).toBe(`Records request ${waiting.number}: the requester answered your question`);
    expect(audits('records_request.clarification_answered')[0].afterJson).toContain('"respondBy":"2026-12-02"');
    expect((await loadThread(asyncOf(db), waiting.id)).map((m) => m.kind)).toEqual(['clarification', 'answer']);
    // The clerk's next step (here, a message) ends the place at the top: back to the promised date.
    await sendClerkMessage(
      asyncOf(db),
      clerk(),
      waiting.id,
      { body: 'Thank you.', clarify: false },
      BASE,
      at('2026-12-02', '11:00'),
    );
    expect(row(waiting.id)).toMatchObject({ clarificationAnsweredOn: null, respondBy: '2026-12-15' });
  });

  it('a request acknowledged while it waited comes back acknowledged when the requester answers', async () => {
    const r = await request();
    await sendClerkMessage(
      asyncOf(db),
      clerk(),
      r.id,
      { body: 'Which phase?', clarify: true },
      BASE,
      at('2026-12-01', '11:00'),
    );
    await acknowledge(
      asyncOf(db),
      clerk(),
      r.id,
      { acknowledgedOn: '2026-12-02', promisedOn: '2026-12-15' },
      BASE,
      at('2026-12-02', '09:00'),
    );
    expect(row(r.id)).toMatchObject({ status: 'awaiting_clarification', respondBy: null });
    await sendRequesterMessage(asyncOf(db), { label: 'requester' }, r.id, 'Phase 2.', BASE, at('2026-12-03', '10:00'));
    expect(row(r.id)).toMatchObject({ status: 'acknowledged', respondBy: '2026-12-03' });
  });

  it('an answer after close of business counts from the next business day', async () => {
    const r = await request();
    await acknowledge(
      asyncOf(db),
      clerk(),
      r.id,
      { acknowledgedOn: '2026-12-01', promisedOn: '2026-12-15' },
      BASE,
      NOW,
    );
    await sendClerkMessage(
      asyncOf(db),
      clerk(),
      r.id,
      { body: 'Which phase?', clarify: true },
      BASE,
      at('2026-12-01', '11:00'),
    );
    await sendRequesterMessage(asyncOf(db), { label: 'requester' }, r.id, 'Phase 2.', BASE, at('2026-12-04', '20:00')); // a Friday evening
    expect(row(r.id)).toMatchObject({
      status: 'acknowledged',
      clarificationAnsweredOn: '2026-12-07',
      respondBy: '2026-12-07',
    });
  });

  it('bad input and closed requests are refused in plain words', async () => {
    const r = await request();
    expect(await sendRequesterMessage(asyncOf(db), { label: 'requester' }, r.id, '   ', BASE, NOW)).toMatchObject({
      ok: false,
      fields: { body: 'Write the message.' },
    });
    expect(
      await sendRequesterMessage(asyncOf(db), { label: 'requester' }, r.id, 'x'.repeat(4001), BASE, NOW),
    ).toMatchObject({
      ok: false,
      fields: { body: 'Use at most 4,000 characters for the message.' },
    });
    await withdraw(asyncOf(db), { label: 'requester' }, r.id, undefined, BASE, NOW);
    expect(await sendRequesterMessage(asyncOf(db), { label: 'requester' }, r.id, 'Hello?', BASE, NOW)).toMatchObject({
      ok: false,
      message: 'This request is closed. For more records, make a new request.',
    });
    expect(
      await sendClerkMessage(asyncOf(db), clerk(), r.id, { body: 'Which?', clarify: true }, BASE, NOW),
    ).toMatchObject({
      ok: false,
      fields: { clarify: expect.any(String) },
    });
    const noEmail = await request(NOW, null);
    expect(
      await sendClerkMessage(asyncOf(db), clerk(), noEmail.id, { body: 'Which?', clarify: true }, BASE, NOW),
    ).toMatchObject({
      ok: false,
      fields: { clarify: expect.any(String) },
    });
  });

  it('messages are limited per request and per side', async () => {
    const r = await request();
    const other = await request();
    for (let i = 0; i < MESSAGE_LIMIT.limit; i++)
      expect((await sendRequesterMessage(asyncOf(db), { label: 'requester' }, r.id, `m${i}`, BASE, NOW)).ok).toBe(true);
    const over = await sendRequesterMessage(asyncOf(db), { label: 'requester' }, r.id, 'one more', BASE, NOW);
    expect(over).toMatchObject({ ok: false });
    expect(!over.ok && over.message).toContain('Too many messages on this request in the last hour. Wait 60 minutes');
    expect(
      (await sendRequesterMessage(asyncOf(db), { label: 'requester' }, other.id, 'another request', BASE, NOW)).ok,
    ).toBe(true);
    expect(
      (await sendClerkMessage(asyncOf(db), clerk(), r.id, { body: 'the clerk still can', clarify: false }, BASE, NOW))
        .ok,
    ).toBe(true);
    expect(
      (
        await sendRequesterMessage(
          asyncOf(db),
          { label: 'requester' },
          r.id,
          'an hour later',
          BASE,
          new Date(NOW.getTime() + MESSAGE_LIMIT.windowMs),
        )
      ).ok,
    ).toBe(true);
    expect(await loadThread(asyncOf(db), r.id)).toHaveLength(MESSAGE_LIMIT.limit + 2);
  });

  it('the withdrawal mail carries the clerk’s note; a requester’s own withdrawal has none', async () => {
    const r = await request();
    await withdraw(asyncOf(db), clerk(), r.id, 'They found the plan on the project page.', BASE, NOW);
    expect(mail('request-withdrawn')[0].textBody).toContain(
      "The Town Clerk's note: They found the plan on the project page.",
    );
    const own = await request();
    await withdraw(asyncOf(db), { label: 'requester' }, own.id, undefined, BASE, NOW);
    expect(mail('request-withdrawn')[1].textBody).not.toContain('note');
  });
});
