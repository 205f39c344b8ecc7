/**
 * "In force" has one definition (enforcement/in-force.rules.ts) in TypeScript and SQL. Every consumer —
 * the officer's dashboard panel, the public project list's counts, stop-work orders in force at a
 * project — must agree with isInForce on every kind of action, including a stop-work order that was
 * lifted but not yet closed (the officer's panel used to count it).
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enforcementActions, projects } from '#db/schema.ts';
import { officerPanel } from '#lib/server/desks/staff-dashboard.ts';
import { inForceSql, inForceSqlAs, isInForce } from '#lib/server/enforcement/in-force.rules.ts';
import { stopWorkOrdersInForce } from '#lib/server/enforcement/in-force.ts';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { openActionsCount } from '#lib/server/public/projects.ts';

type Row = typeof enforcementActions.$inferInsert;
const CASES: Array<[string, Partial<Row>]> = [
  ['a notice of violation, issued', { type: 'notice_of_violation', status: 'issued' }],
  ['a notice of violation, complied', { type: 'notice_of_violation', status: 'complied' }],
  ['a notice of violation, closed', { type: 'notice_of_violation', status: 'closed', closedOn: '2026-05-20' }],
  ['a notice of violation, withdrawn', { type: 'notice_of_violation', status: 'withdrawn' }],
  ['a stop-work order in force', { type: 'stop_work_order', status: 'issued' }],
  ['a stop-work order lifted but not closed', { type: 'stop_work_order', status: 'complied', liftedOn: '2026-05-10' }],
  [
    'a stop-work order lifted and closed',
    { type: 'stop_work_order', status: 'closed', liftedOn: '2026-05-10', closedOn: '2026-05-11' },
  ],
  ['a fine escalated', { type: 'fine', status: 'escalated' }],
];

function siteWith(action: Partial<Row>) {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  const projectId = db
    .insert(projects)
    .values({
      slug: 'site',
      name: 'Site',
      siteAddress: '1 Main St',
      kind: 'major',
      status: 'active',
      published: true,
      latitude: 42.8,
      longitude: -74,
    })
    .returning({ id: projects.id })
    .get().id;
  const row = {
    projectId,
    category: 'formal',
    issuedOn: '2026-05-03',
    summary: 'case',
    public: true,
    type: 'notice_of_violation',
    ...action,
  } as Row;
  db.insert(enforcementActions).values(row).run();
  return { db, projectId, row };
}

describe('one definition of "in force"', () => {
  it.each(CASES)('%s: every consumer agrees with isInForce', async (_name, action) => {
    const { db, projectId, row } = siteWith(action);
    const expected = isInForce({
      type: row.type,
      status: row.status ?? 'issued',
      closedOn: row.closedOn ?? null,
      liftedOn: row.liftedOn ?? null,
    });
    const n = expected ? 1 : 0;
    expect(
      db
        .select({ n: sql<number>`count(*)` })
        .from(enforcementActions)
        .where(inForceSql)
        .get()!.n,
    ).toBe(n);
    expect(
      db.get<{ n: number }>(sql`select count(*) as n from ${enforcementActions} ea where ${inForceSqlAs('ea')}`)!.n,
    ).toBe(n);
    expect((await officerPanel(asyncOf(db))).inForce).toBe(n);
    expect(db.select({ n: openActionsCount }).from(projects).where(eq(projects.id, projectId)).get()!.n).toBe(n);
    expect(await stopWorkOrdersInForce(asyncOf(db), projectId)).toBe(row.type === 'stop_work_order' ? n : 0);
  });

  it('a lifted stop-work order is not counted in force on the officer’s panel', async () => {
    const { db } = siteWith({ type: 'stop_work_order', status: 'complied', liftedOn: '2026-05-10' });
    expect((await officerPanel(asyncOf(db))).inForce).toBe(0);
  });
});
