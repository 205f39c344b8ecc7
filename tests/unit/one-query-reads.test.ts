/**
 * Reads that ran once per row now run once per screen. The officer's desk finds the latest
 * town inspection for every stop-work order in one query; the request form's preview reads the fee schedule
 * once. Counted by the queries drizzle runs (onQuery).
 */
import { describe, expect, it } from 'vitest';
import { enforcementActions, projects, townInspections } from '#db/schema.ts';
import { migrateDatabase, onQuery, openDatabase, type DB } from '#lib/server/platform/db.ts';
import { officerDesk } from '#lib/server/desks/officer-desk.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { formPreview } from '#lib/server/records-requests/submit.ts';
import { seedReferenceData } from '#db/seed/reference.ts';

async function counting<T>(db: DB, pattern: RegExp, run: () => T | Promise<T>): Promise<{ result: T; count: number }> {
  const seen: string[] = [];
  const stop = onQuery(db, (sqlText) => seen.push(sqlText));
  try {
    const result = await run();
    return { result, count: seen.filter((q) => pattern.test(q)).length };
  } finally {
    stop();
  }
}

async function town(orders: number) {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  await seedReferenceData(db);
  for (let n = 1; n <= orders; n++) {
    const id = db
      .insert(projects)
      .values({
        slug: `site-${n}`,
        name: `Site ${n}`,
        siteAddress: `${n} Main Street`,
        kind: 'major',
        status: 'stop_work',
        published: true,
      })
      .returning({ id: projects.id })
      .get().id;
    db.insert(enforcementActions)
      .values({
        projectId: id,
        type: 'stop_work_order',
        category: 'formal',
        issuedOn: '2026-05-01',
        summary: 'Stop work',
      })
      .run();
    // One inspection before the order (not "since"), and for odd sites two after it: the newest must win.
    db.insert(townInspections).values({ projectId: id, inspectedOn: '2026-04-20', outcome: 'approved' }).run();
    if (n % 2) {
      db.insert(townInspections).values({ projectId: id, inspectedOn: '2026-05-03', outcome: 'deficient' }).run();
      db.insert(townInspections).values({ projectId: id, inspectedOn: '2026-05-10', outcome: 'follow_up' }).run();
    }
  }
  return db;
}

describe('the officer’s desk reads the latest town inspection once, not once per stop-work order', () => {
  it('finds each order’s latest inspection since it was issued, with one query for six orders', async () => {
    const db = await town(6);
    const { result, count } = await counting(db, /from "town_inspections"/, () =>
      officerDesk(asyncOf(db), '2026-05-20'),
    );
    expect(result.stopWork).toHaveLength(6);
    for (const s of result.stopWork) {
      const n = Number(s.projectSlug.split('-')[1]);
      if (n % 2) expect(s.lastInspection).toMatchObject({ inspectedOn: '2026-05-10', outcome: 'follow_up' });
      else expect(s.lastInspection).toBeUndefined();
    }
    // The desk's calendar strip reads town inspections too; the stop-work orders add only one more query.
    const empty = await town(0);
    const without = (await counting(empty, /from "town_inspections"/, () => officerDesk(asyncOf(empty), '2026-05-20')))
      .count;
    expect(count - without).toBeLessThanOrEqual(1);
  });
});

describe('the request form’s preview reads the fee schedule once', () => {
  it('uses one fee-schedule read for the estimate and the rates shown beside it', async () => {
    const db = await town(1);
    const { result, count } = await counting(
      db,
      /from "fee_schedules"/,
      async () =>
        await formPreview(asyncOf(db), {
          project: 'site-1',
          documentIds: [],
          reportsFrom: '',
          reportsTo: '',
          freeText: 'The SWPPP',
          delivery: 'paper_mail',
        }),
    );
    expect(result.estimate).toBeDefined();
    expect(result.rates.perPageCents).toBeGreaterThan(0);
    expect(count).toBe(1);
  });
});
