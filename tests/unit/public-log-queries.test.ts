/**
 * The public log reads a page in a fixed number of indexed queries, however many requests and projects
 * there are (no query per request or per item), and its filters use the indexes made for them; the
 * duplicate guard's queue marks read one address's requests through their index too.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents, projects, recordsRequests, requestItems } from '#db/schema.ts';
import { migrateDatabase, onQuery, openDatabase, type DB } from '#lib/server/platform/db.ts';
import { seedReferenceData } from '#db/seed/reference.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { publicLog } from '#lib/server/records-requests/public-log.ts';
import { possibleDuplicates } from '#lib/server/records-requests/near-duplicates.ts';

async function counting<T>(db: DB, run: () => T | Promise<T>): Promise<{ result: T; queries: string[] }> {
  const queries: string[] = [];
  const stop = onQuery(db, (sqlText) => queries.push(sqlText));
  try {
    return { result: await run(), queries };
  } finally {
    stop();
  }
}

async function town(requestsPerProject: number, projectCount = 3) {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  await seedReferenceData(db);
  let n = 0;
  for (let p = 1; p <= projectCount; p++) {
    const projectId = db
      .insert(projects)
      .values({
        slug: `site-${p}`,
        name: `Site ${p}`,
        siteAddress: `${p} Main Street`,
        kind: 'major',
        status: 'active',
        published: true,
      })
      .returning({ id: projects.id })
      .get().id;
    const documentId = db
      .insert(documents)
      .values({
        projectId,
        type: 'swppp',
        title: `SWPPP ${p}`,
        filename: 'swppp.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 10,
        sha256: 'a'.repeat(64),
        public: true,
      })
      .returning({ id: documents.id })
      .get().id;
    for (let k = 0; k < requestsPerProject; k++) {
      n++;
      const id = db
        .insert(recordsRequests)
        .values({
          number: `R-2026-${String(n).padStart(4, '0')}`,
          trackingTokenHash: `h${n}`,
          projectId,
          receivedAt: new Date(Date.UTC(2026, 2, 2, 14, n)),
          dueOn: '2026-03-09',
          requesterName: 'Private Person',
          requesterEmail: `p${k % 2}@example.org`,
        })
        .returning({ id: recordsRequests.id })
        .get().id;
      db.insert(requestItems)
        .values([
          { requestId: id, documentId },
          { requestId: id, description: 'My own words' },
        ])
        .run();
    }
  }
  return db;
}

describe('a page of the public log is a fixed number of queries', () => {
  it('the same queries for 2 requests a project as for 40, and every row has its items', async () => {
    const small = await town(2);
    const large = await town(40);
    const a = await counting(small, () => publicLog(asyncOf(small), { page: 1, perPage: 50 }, ''));
    const b = await counting(large, () => publicLog(asyncOf(large), { page: 1, perPage: 50 }, ''));
    expect(b.queries.length).toBe(a.queries.length);
    expect(b.queries.filter((q) => /from "request_items"/.test(q))).toHaveLength(1);
    if (!b.result.ok) throw new Error(b.result.message);
    expect(b.result.log.rows).toHaveLength(50);
    expect(b.result.log.total).toBe(120);
    expect(b.result.log.pages).toBe(3);
    for (const r of b.result.log.rows)
      expect(r.items.map((i) => i.title)).toEqual([
        expect.stringMatching(/^SWPPP \d$/),
        'Other records, described in the requester’s own words (not shown)',
      ]);
  });

  it('newest first, filtered by project and year through their indexes', async () => {
    const db = await town(3);
    const all = await publicLog(asyncOf(db), { page: 1, perPage: 50 }, '');
    if (!all.ok) throw new Error(all.message);
    const times = all.log.rows.map((r) => r.number);
    expect(times[0]).toBe('R-2026-0009');
    const one = await publicLog(asyncOf(db), { project: 'site-2', year: 2026, page: 1, perPage: 50 }, '');
    if (!one.ok) throw new Error(one.message);
    expect(one.log.rows.map((r) => r.project?.slug)).toEqual(['site-2', 'site-2', 'site-2']);
    expect(await publicLog(asyncOf(db), { project: 'site-9', page: 1, perPage: 50 }, '')).toMatchObject({
      ok: false,
      fields: { project: expect.any(String) },
    });
    const none = await publicLog(asyncOf(db), { year: 2025, page: 1, perPage: 50 }, '');
    expect(none.ok && none.log.total).toBe(0);
    // A project taken off the portal: its requests stay in the log, without its name or its documents' titles.
    db.update(projects).set({ published: false }).where(eq(projects.slug, 'site-3')).run();
    const after = await publicLog(asyncOf(db), { page: 1, perPage: 50 }, '');
    if (!after.ok) throw new Error(after.message);
    const hidden = after.log.rows.filter((r) => r.project == null);
    expect(hidden).toHaveLength(3);
    for (const r of hidden)
      expect(r.items.map((i) => [i.title, i.documentUrl])).toEqual([
        ['A document not published on the portal', null],
        ['Other records, described in the requester’s own words (not shown)', null],
      ]);
    expect(JSON.stringify(after.log.rows)).not.toContain('SWPPP 3');
    expect(after.log.rows.find((r) => r.project?.slug === 'site-1')!.items[0].documentUrl).toMatch(
      /^\/documents\/\d+$/,
    );
    const plan = (sqlText: string) =>
      (db.$client.prepare(`explain query plan ${sqlText}`).all(2, 1, 2) as Array<{ detail: string }>)
        .map((r) => r.detail)
        .join(' | ');
    expect(
      plan(
        'select id from records_requests where project_id = ? and received_at >= ? and received_at < ? order by received_at desc, id desc limit 50',
      ),
    ).toMatch(/records_requests_project_received_idx/);
    expect(
      db.$client
        .prepare('explain query plan select id from records_requests order by received_at desc, id desc limit 50')
        .all()
        .map((r) => (r as { detail: string }).detail)
        .join(' '),
    ).toMatch(/records_requests_received_idx/);
  });
});

describe('the queue’s duplicate marks', () => {
  it('mark each later request of the same address with the earlier one it repeats, in a fixed number of queries', async () => {
    const db = await town(4, 1);
    const ids = (db.$client.prepare('select id from records_requests order by id').all() as Array<{ id: number }>).map(
      (r) => r.id,
    );
    const { result, queries } = await counting(db, () => possibleDuplicates(asyncOf(db), ids));
    // p0: requests 1 and 3; p1: requests 2 and 4 (a minute apart, the same SWPPP).
    expect(Object.fromEntries(result)).toEqual({ [ids[2]]: 'R-2026-0001', [ids[3]]: 'R-2026-0002' });
    expect(queries).toHaveLength(3);
  });
});
