/**
 * GCL §24 changes when the legislature adds a public holiday, and the software's holiday table with it. The
 * due dates already stored were counted with the old table: at the next start the same recomputation a
 * closure runs moves every open request whose period now spans the new holiday, on its timeline, in the audit
 * log and by mail. A request already answered keeps its dates; a removed holiday never brings a date the
 * requester was told earlier (decisions 0070, 0092). On a real SQLite file.
 */
process.env.TRACKING_LINK_SECRET = 'unit-test-secret-for-tracking-links';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedReferenceData } from '#db/seed/reference.ts';
import { seedTownProfile } from '#db/seed/town-profiles.ts';
import { migrateDatabase, openDatabase, schema, type DB } from '#lib/server/platform/db.ts';
import { HOLIDAY_RULES, type HolidayRules } from '#lib/server/platform/time/deadlines.rules.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { dueDateAfterCalendarChange } from '#lib/server/records-requests/request.rules.ts';
import { applyHolidayRules } from '#lib/server/records-requests/holiday-rules.ts';
import { checkSelection, createRecordsRequest } from '#lib/server/records-requests/submit.ts';
import { listGrounds } from '#lib/server/records-requests/grounds.ts';
import { setClosure } from '#lib/server/records-requests/closures.ts';
import { deny } from '#lib/server/records-requests/workflow.ts';
import { loadRequestView } from '#lib/server/records-requests/view.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const BASE = 'https://portal.example';
const NOW = townInstant('2026-12-01', '10:00'); // a Tuesday
const SYSTEM = { label: 'system' } as const;
/** §24 as it would read with a holiday on Tuesday, December 8, 2026. */
const WITH_DECEMBER_8: HolidayRules = [...HOLIDAY_RULES, ['12-08 and if sunday then next monday', 'New Holiday']];

let dir: string;
let db: DB;
let clerk: { userId: number };
let swpppId: number;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holiday-rules-'));
  db = openDatabase(path.join(dir, 'portal.db'));
  migrateDatabase(db);
  await seedReferenceData(db, { now: NOW });
  seedTownProfile(db, NOW);
  const projectId = Number(
    db
      .insert(schema.projects)
      .values({
        slug: 'curry-road',
        name: 'Curry Road',
        siteAddress: '1 Curry Road',
        kind: 'major',
        status: 'active',
        published: true,
      })
      .run().lastInsertRowid,
  );
  swpppId = Number(
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
        pageCount: 3,
        documentDate: '2025-11-06',
        public: true,
      })
      .run().lastInsertRowid,
  );
  const clerkId = Number(
    db.insert(schema.users).values({ email: 'clerk@example.org', name: 'Dana Clerk' }).run().lastInsertRowid,
  );
  db.insert(schema.userRoles).values({ userId: clerkId, role: 'clerk' }).run();
  clerk = { userId: clerkId };
  // The table in use is the one the stored dates were counted with.
  await applyHolidayRules(asyncOf(db), SYSTEM, {}, NOW);
});

afterEach(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function request(receivedAt: Date, email = 'pat@example.org'): Promise<number> {
  const selection = await checkSelection(asyncOf(db), 'curry-road', { documentIds: [swpppId] });
  const r = await createRecordsRequest(
    asyncOf(db),
    { channel: 'web', receivedAt, selection, delivery: 'electronic', requester: { name: 'Pat Requester', email } },
    { label: 'requester' },
    BASE,
  );
  if (!r.ok) throw new Error('not created');
  return r.id;
}

const dueOn = (id: number) =>
  db.select().from(schema.recordsRequests).where(eq(schema.recordsRequests.id, id)).get()!.dueOn;
const mails = () =>
  db
    .select()
    .from(schema.outbox)
    .all()
    .filter((m) => m.kind === 'request-due-date-moved');
const audits = (action: string) =>
  db
    .select()
    .from(schema.auditLog)
    .all()
    .filter((a) => a.action === action);

describe('a change in the public holidays moves open due dates as a closure does (GCL §24, §25-a)', () => {
  it('a request due on a day that becomes a holiday moves to the next business day, shown, audited and mailed', async () => {
    const open = await request(NOW);
    expect(dueOn(open)).toBe('2026-12-08');

    const result = await applyHolidayRules(asyncOf(db), SYSTEM, { holidays: WITH_DECEMBER_8 }, NOW);

    expect(result.changed).toEqual([expect.objectContaining({ id: open, from: '2026-12-08', to: '2026-12-09' })]);
    expect(dueOn(open)).toBe('2026-12-09');
    const view = (await loadRequestView(asyncOf(db), open, { forRequester: true, now: NOW }))!;
    expect(view.events.at(-1)!.body).toBe(
      'The public holidays of General Construction Law §24 now include New Holiday, so the due date moved from December 8, 2026 to December 9, 2026.',
    );
    expect(audits('holiday_rules.change').at(-1)!.afterJson).toContain('New Holiday');
    expect(audits('records_request.due_date_recomputed')).toHaveLength(1);
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toMatchObject({ toAddress: 'pat@example.org' });
    expect(mails()[0].subject).toContain('now due December 9, 2026');
  });

  it('a request already answered keeps its due date, and no one is told anything', async () => {
    const answered = await request(NOW);
    const groundId = (await listGrounds(asyncOf(db)))[0].id;
    expect(await deny(asyncOf(db), clerk, answered, { groundId, reason: 'An inter-agency draft.' }, BASE, NOW)).toEqual(
      { ok: true },
    );

    expect((await applyHolidayRules(asyncOf(db), SYSTEM, { holidays: WITH_DECEMBER_8 }, NOW)).changed).toEqual([]);
    expect(dueOn(answered)).toBe('2026-12-08');
    expect(audits('records_request.due_date_recomputed')).toHaveLength(0);
    expect(mails()).toHaveLength(0);
  });

  it('the same table applied again writes nothing: a restart moves no date and logs no change', async () => {
    await request(NOW);
    await applyHolidayRules(asyncOf(db), SYSTEM, { holidays: WITH_DECEMBER_8 }, NOW);
    const logged = db.select().from(schema.auditLog).all().length;
    expect(await applyHolidayRules(asyncOf(db), SYSTEM, { holidays: WITH_DECEMBER_8 }, NOW)).toEqual({
      recorded: false,
      changed: [],
    });
    expect(db.select().from(schema.auditLog).all()).toHaveLength(logged);
  });

  it('a snow day runs the same recomputation: the requester told December 8 is mailed December 9', async () => {
    const open = await request(NOW);
    expect(
      await setClosure(asyncOf(db), clerk, { date: '2026-12-03', name: 'Snow day', closed: true }, NOW),
    ).toMatchObject({
      ok: true,
      changed: [{ id: open, from: '2026-12-08', to: '2026-12-09' }],
    });
    expect(mails()).toHaveLength(1);
    expect(mails()[0].textBody).toContain(
      'The Town closed on December 3, 2026 (Snow day), so the date by which the Town must respond to your records request',
    );
  });

  it('a holiday taken out of the law never brings a date the requester was told earlier', async () => {
    // Received Tuesday, November 24, 2026: the five days skip Thanksgiving and end Wednesday, December 2.
    const told = await request(townInstant('2026-11-24', '10:00'));
    expect(dueOn(told)).toBe('2026-12-02');
    // Without the row the reference data keeps for Thanksgiving, the table alone decides the day.
    db.delete(schema.closures).where(eq(schema.closures.date, '2026-11-26')).run();
    const without = HOLIDAY_RULES.filter(([, name]) => name !== 'Thanksgiving Day');

    expect((await applyHolidayRules(asyncOf(db), SYSTEM, { holidays: without }, NOW)).changed).toEqual([]);
    expect(dueOn(told)).toBe('2026-12-02');
    expect(dueDateAfterCalendarChange('2026-12-02', '2026-12-01', '2026-12-01', { onlyLater: true })).toBe(
      '2026-12-02',
    );
  });
});
