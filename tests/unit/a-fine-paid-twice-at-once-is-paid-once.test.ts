/**
 * The officer's steps on an enforcement action read the action in the transaction that changes it (decision
 * 0080, step 2e): the same payment entered twice at once (two officers, or a double click) is recorded once
 * and cannot pay a fine past what the court imposed; a conviction recorded twice at once is recorded once.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { enforcementActions, finePayments, projects } from '#db/schema.ts';
import { migrateDatabase, openDatabase, type DB } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { recordConviction, recordPayment } from '#lib/server/enforcement/actions.ts';

const OFFICER = { label: 'system' } as const;
const TODAY = '2026-12-07';
let db: DB;
let actionId: number;

beforeEach(() => {
  db = openDatabase(':memory:');
  migrateDatabase(db);
  const [project] = db
    .insert(projects)
    .values({ slug: 'site', name: 'Site', siteAddress: '1 Main St', kind: 'major', status: 'active', published: true })
    .returning({ id: projects.id })
    .all();
  const [action] = db
    .insert(enforcementActions)
    .values({
      projectId: project!.id,
      category: 'formal',
      type: 'fine',
      issuedOn: '2026-11-02',
      summary: 'Sediment left the site on three days.',
      public: true,
    })
    .returning({ id: enforcementActions.id })
    .all();
  actionId = action!.id;
});

const action = () => db.select().from(enforcementActions).where(eq(enforcementActions.id, actionId)).get()!;
const conviction = { convictedOn: '2026-12-01', docketNumber: '26-0412', days: 3, fineCents: 75_000, dueOn: null };

describe('an enforcement action, two steps at once', () => {
  it('a conviction recorded twice at once is recorded once', async () => {
    const answers = await Promise.all([
      recordConviction(asyncOf(db), OFFICER, actionId, conviction, TODAY),
      recordConviction(asyncOf(db), OFFICER, actionId, { ...conviction, docketNumber: '26-0413' }, TODAY),
    ]);
    expect(answers[0]).toEqual({ ok: true });
    expect(answers[1]).toMatchObject({ ok: false, message: expect.stringContaining('is already recorded') });
    expect(action().docketNumber).toBe('26-0412');
  });

  it('the whole fine entered twice at once is paid once, never past what the court imposed', async () => {
    expect(await recordConviction(asyncOf(db), OFFICER, actionId, conviction, TODAY)).toEqual({ ok: true });
    const payment = { receivedOn: TODAY, amountCents: 75_000, method: 'check' as const, reference: '2201' };
    const answers = await Promise.all([
      recordPayment(asyncOf(db), OFFICER, actionId, payment, TODAY),
      recordPayment(asyncOf(db), OFFICER, actionId, payment, TODAY),
    ]);
    expect(answers[0]).toEqual({ ok: true });
    expect(answers[1]).toMatchObject({ ok: false, fields: { amount: expect.any(String) } });
    expect(db.select().from(finePayments).all()).toHaveLength(1);
    expect(action()).toMatchObject({ finePaidCents: 75_000, fineStatus: 'paid' });
  });
});
