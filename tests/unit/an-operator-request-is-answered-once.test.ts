/**
 * A request to the operator (L(4)) is read in the transaction that changes it (decision 0080, step 2e): the
 * requester's withdrawal and the operator's copies sent at once give one outcome, a payment recorded twice is
 * recorded once, and the public form sent twice at once (a double click) stores one request. The daily check tells
 * of a request left unanswered once, and never of one answered in time.
 */
process.env.TRACKING_LINK_SECRET = 'unit-test-secret-for-tracking-links';

import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedReferenceData } from '#db/seed/reference.ts';
import { seedTownProfile } from '#db/seed/town-profiles.ts';
import { migrateDatabase, openDatabase, schema, type DB } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { createOperatorRequest, type OperatorRequestInput } from '#lib/server/operator-requests/submit.ts';
import {
  noticeMissedOperatorRequests,
  provideCopies,
  recordOperatorPayment,
  withdrawOperatorRequest,
} from '#lib/server/operator-requests/workflow.ts';

const BASE = 'https://portal.example';
const NOW = townInstant('2026-12-07', '10:00');
const FORM: OperatorRequestInput = {
  project: 'curry-road',
  wantsSwppp: true,
  delivery: 'paper_pickup',
  name: 'Morgan Quill',
  email: 'morgan@example.net',
  channel: 'web',
};
let db: DB;
let operator: { userId: number };

beforeEach(async () => {
  db = openDatabase(':memory:');
  migrateDatabase(db);
  await seedReferenceData(db, { now: NOW });
  seedTownProfile(db, NOW);
  const [project] = db
    .insert(schema.projects)
    .values({
      slug: 'curry-road',
      name: 'Curry Road Distribution Center',
      siteAddress: '1 Curry Road',
      kind: 'major',
      status: 'active',
      published: true,
    })
    .returning({ id: schema.projects.id })
    .all();
  db.insert(schema.parties)
    .values({
      projectId: project!.id,
      role: 'owner_operator',
      companyName: 'Curry Road Builders LLC',
      email: 'office@curry-builders.example',
    })
    .run();
  const [user] = db
    .insert(schema.users)
    .values({ email: 'operator@curry-builders.example', name: 'Ola Operator' })
    .returning({ id: schema.users.id })
    .all();
  operator = { userId: user!.id };
});

async function ask(form: OperatorRequestInput = FORM): Promise<number> {
  const r = await createOperatorRequest(asyncOf(db), form, { label: 'public' }, BASE, NOW);
  if (!r.ok) throw new Error(JSON.stringify(r.fields));
  return r.id;
}

const row = (id: number) => db.select().from(schema.operatorRequests).where(eq(schema.operatorRequests.id, id)).get()!;
const mails = (kind: string) =>
  db
    .select()
    .from(schema.outbox)
    .all()
    .filter((m) => m.kind === kind);
const handedOver = { how: 'handed_over' as const, files: [], lines: [] };
const billed = {
  how: 'handed_over' as const,
  files: [],
  lines: [{ code: 'page' as const, description: 'Copies of the SWPPP, 10 pages', quantity: 10, unitCents: 25 }],
  payee: 'Curry Road Builders LLC',
  howToPay: 'A check at the site trailer.',
};

describe('a request to the operator, two steps at once', () => {
  it("the requester's withdrawal and the operator's copies: one outcome, told once", async () => {
    const id = await ask();
    const [withdrawn, copies] = await Promise.all([
      withdrawOperatorRequest(asyncOf(db), { label: 'requester' }, id, NOW),
      provideCopies(asyncOf(db), operator, id, handedOver, BASE, NOW),
    ]);
    expect(withdrawn).toEqual({ ok: true });
    expect(copies).toMatchObject({
      ok: false,
      message: 'Copies were already provided for this request, or it was withdrawn.',
    });
    expect(row(id)).toMatchObject({ status: 'withdrawn', copiesOn: null });
    expect(mails('operator-request-update')).toHaveLength(0);
  });

  it('a payment recorded twice at once is recorded once', async () => {
    const id = await ask();
    expect(await provideCopies(asyncOf(db), operator, id, billed, BASE, NOW)).toEqual({ ok: true });
    const payment = { paidOn: '2026-12-07', method: 'check' as const, reference: '311' };
    const answers = await Promise.all([
      recordOperatorPayment(asyncOf(db), operator, id, payment, BASE, NOW),
      recordOperatorPayment(asyncOf(db), operator, id, payment, BASE, NOW),
    ]);
    expect(answers[0]).toEqual({ ok: true });
    expect(answers[1]).toMatchObject({ ok: false, message: 'This request is not waiting for a payment.' });
    const events = db
      .select()
      .from(schema.operatorRequestEvents)
      .where(eq(schema.operatorRequestEvents.requestId, id))
      .all();
    expect(events.filter((e) => e.kind === 'billing')).toHaveLength(1);
  });

  it('the public form sent twice at once stores one request and answers both with it', async () => {
    const form = { ...FORM, formKey: 'f'.repeat(43) };
    const sent = await Promise.all([
      createOperatorRequest(asyncOf(db), form, { label: 'public' }, BASE, NOW, { limitKey: 'operator-request:ip:x' }),
      createOperatorRequest(asyncOf(db), form, { label: 'public' }, BASE, NOW, { limitKey: 'operator-request:ip:x' }),
    ]);
    expect(sent[0]).toMatchObject({ ok: true });
    expect(sent[1]).toMatchObject({ ok: true, duplicate: true, id: (sent[0] as { id: number }).id });
    expect(db.select().from(schema.operatorRequests).all()).toHaveLength(1);
    expect(mails('operator-request-receipt')).toHaveLength(1);
  });

  it("over the connection's hourly limit the form is refused with the wait, and nothing is stored", async () => {
    const limit = { limit: 1, windowMs: 3_600_000 };
    const opts = { limitKey: 'operator-request:ip:y', limit };
    expect(
      await createOperatorRequest(
        asyncOf(db),
        { ...FORM, formKey: 'a'.repeat(43) },
        { label: 'public' },
        BASE,
        NOW,
        opts,
      ),
    ).toMatchObject({ ok: true });
    const refused = await createOperatorRequest(
      asyncOf(db),
      { ...FORM, formKey: 'b'.repeat(43) },
      { label: 'public' },
      BASE,
      NOW,
      opts,
    );
    expect(refused).toMatchObject({ ok: false, retryAfterMs: expect.any(Number) });
    expect(db.select().from(schema.operatorRequests).all()).toHaveLength(1);
  });
});

describe('the daily check for requests the operator did not answer in five business days', () => {
  it('tells the officers and the requester once, and leaves a request answered in time alone', async () => {
    const [officer] = db
      .insert(schema.users)
      .values({ email: 'officer@rotterdam.example', name: 'Sam Officer' })
      .returning({ id: schema.users.id })
      .all();
    db.insert(schema.userRoles).values({ userId: officer!.id, role: 'officer' }).run();
    const missed = await ask();
    const answered = await ask({ ...FORM, email: 'lee@example.net', name: 'Lee Asker' });
    expect(await provideCopies(asyncOf(db), operator, answered, handedOver, BASE, NOW)).toEqual({ ok: true });
    // Received Monday December 7; the fifth business day is Monday December 14, so the check on the 15th finds it.
    expect(await noticeMissedOperatorRequests(asyncOf(db), BASE, townInstant('2026-12-14', '16:00'))).toBe(0);
    const dec15 = townInstant('2026-12-15', '09:00');
    expect(await noticeMissedOperatorRequests(asyncOf(db), BASE, dec15)).toBe(1);
    expect(await noticeMissedOperatorRequests(asyncOf(db), BASE, dec15)).toBe(0);
    expect(row(missed).missedNoticeAt).toEqual(dec15);
    expect(row(answered).missedNoticeAt).toBeNull();
    expect(
      mails('operator-request-missed')
        .map((m) => m.toAddress)
        .sort(),
    ).toEqual(['morgan@example.net', 'officer@rotterdam.example']);
    const audited = db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'operator_request.missed'))
      .all();
    expect(audited.map((a) => Number(a.entityId))).toEqual([missed]);
  });
});
