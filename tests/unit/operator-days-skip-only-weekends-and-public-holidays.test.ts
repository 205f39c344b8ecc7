/**
 * L(4) with GCL §25-a: the operator's five business days skip Saturdays, Sundays and public holidays only.
 * The Town's own office closures (a snow day at Town Hall) move the Town's records requests, never the
 * operator's: Monday, December 7, 2026 with Town Hall closed on the 9th is due Monday the 14th, not the 15th.
 */
process.env.TRACKING_LINK_SECRET = 'unit-test-secret-for-tracking-links';

import { beforeEach, describe, expect, it } from 'vitest';
import { seedReferenceData } from '#db/seed/reference.ts';
import { seedTownProfile } from '#db/seed/town-profiles.ts';
import { migrateDatabase, openDatabase, schema, type DB } from '#lib/server/platform/db.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { setClosure } from '#lib/server/records-requests/closures.ts';
import { createOperatorRequest } from '#lib/server/operator-requests/submit.ts';
import { loadOperatorTracking } from '#lib/server/operator-requests/tracking.ts';
import { trackingToken } from '#lib/server/records-requests/links.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const BASE = 'https://portal.example';
const MONDAY = townInstant('2026-12-07', '10:00');
let db: DB;
let clerkId: number;

beforeEach(async () => {
  db = openDatabase(':memory:');
  migrateDatabase(db);
  await seedReferenceData(db, { now: MONDAY });
  seedTownProfile(db, MONDAY);
  const projectId = Number(
    db
      .insert(schema.projects)
      .values({
        slug: 'curry-road',
        name: 'Curry Road Distribution Center',
        siteAddress: '1 Curry Road',
        kind: 'major',
        status: 'active',
        published: true,
      })
      .run().lastInsertRowid,
  );
  db.insert(schema.parties)
    .values({
      projectId,
      role: 'owner_operator',
      companyName: 'Curry Road Builders LLC',
      email: 'office@curry-builders.example',
    })
    .run();
  clerkId = Number(
    db.insert(schema.users).values({ email: 'clerk@example.org', name: 'Dana Clerk' }).run().lastInsertRowid,
  );
  db.insert(schema.userRoles).values({ userId: clerkId, role: 'clerk' }).run();
});

async function ask(now: Date) {
  const r = await createOperatorRequest(
    asyncOf(db),
    {
      project: 'curry-road',
      wantsSwppp: true,
      delivery: 'electronic',
      name: 'Morgan Quill',
      email: 'morgan@example.net',
      channel: 'web',
    },
    { label: 'public' },
    BASE,
    now,
  );
  if (!r.ok) throw new Error(JSON.stringify(r.fields));
  return r;
}

describe('the operator’s five business days skip only weekends and public holidays (L(4), GCL §25-a)', () => {
  it('a Town Hall closure on Wednesday the 9th does not move a request received Monday the 7th: due the 14th', async () => {
    expect(
      await setClosure(
        asyncOf(db),
        { userId: clerkId },
        { date: '2026-12-09', name: 'Town Hall closed', closed: true },
        MONDAY,
      ),
    ).toMatchObject({ ok: true });
    const r = await ask(MONDAY);
    const row = db.select().from(schema.operatorRequests).all()[0];
    expect(row.dueOn).toBe('2026-12-14');
    const view = (await loadOperatorTracking(asyncOf(db), trackingToken(r.number, 1), MONDAY))!;
    expect(view.dueOn).toBe('2026-12-14');
    expect(view.explanation.join(' ')).not.toContain('Town Hall closed');
    expect(view.explanation.join(' ')).toContain('Business day 5 is Monday, December 14, 2026');
  });

  it('a public holiday is still skipped: received the day before Thanksgiving, due after it', async () => {
    await ask(townInstant('2026-11-25', '10:00'));
    expect(db.select().from(schema.operatorRequests).all()[0].dueOn).toBe('2026-12-03');
  });
});
