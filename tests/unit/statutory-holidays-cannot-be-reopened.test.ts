/**
 * GCL §24 and §25-a: the public holidays are the law's, not a setting. A clerk may close more days (a snow
 * day) and reopen a day the Town closed, but never reopen a public holiday: Election Day 2027 stays closed,
 * so a records request's due date and a denial's 30 days to appeal cannot be shortened (decision 0070).
 */
process.env.TRACKING_LINK_SECRET = 'unit-test-secret-for-tracking-links';

import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedReferenceData } from '#db/seed/reference.ts';
import { seedTownProfile } from '#db/seed/town-profiles.ts';
import { migrateDatabase, openDatabase, schema, type DB } from '#lib/server/platform/db.ts';
import { BusinessCalendar, computeDueDate } from '#lib/server/platform/time/deadlines.rules.ts';
import { loadCalendar } from '#lib/server/platform/time/calendar.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { listClosures, setClosure } from '#lib/server/records-requests/closures.ts';
import { appealable } from '#lib/server/records-requests/appeals.rules.ts';
import { messageOf } from '#lib/server/platform/result.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const ELECTION_DAY_2027 = '2027-11-02';
const NOW = townInstant('2026-12-07', '10:00');
let db: DB;
let clerkId: number;

beforeEach(async () => {
  db = openDatabase(':memory:');
  migrateDatabase(db);
  await seedReferenceData(db, { now: NOW });
  seedTownProfile(db, NOW);
  clerkId = Number(
    db.insert(schema.users).values({ email: 'clerk@example.org', name: 'Dana Clerk' }).run().lastInsertRowid,
  );
  db.insert(schema.userRoles).values({ userId: clerkId, role: 'clerk' }).run();
});

describe('a closure can only add days: statutory holidays cannot be reopened (GCL §24, §25-a)', () => {
  it('reopening Election Day 2027 is refused beside the date, and nothing is stored or audited', async () => {
    const result = await setClosure(asyncOf(db), { userId: clerkId }, { date: ELECTION_DAY_2027, closed: false }, NOW);
    expect(result).toMatchObject({ ok: false, fields: { date: expect.any(String) } });
    expect(result.ok ? '' : messageOf(result)).toContain('public holiday (Election Day, General Construction Law §24)');
    expect(
      db.select().from(schema.closures).where(eq(schema.closures.date, ELECTION_DAY_2027)).get()?.active ?? true,
    ).toBe(true);
    expect(
      db
        .select()
        .from(schema.auditLog)
        .all()
        .map((a) => a.action),
    ).not.toContain('closure.remove');
    expect(loadCalendar(db).day(ELECTION_DAY_2027).kind).toBe('holiday');
  });

  it('a stored row reopening a holiday changes no day: the calendar still skips it', () => {
    const calendar = new BusinessCalendar([{ date: ELECTION_DAY_2027, name: 'Election Day', active: false }]);
    expect(calendar.day(ELECTION_DAY_2027)).toEqual({
      date: ELECTION_DAY_2027,
      kind: 'holiday',
      reason: 'Election Day',
    });
    // Received Friday, October 29, 2027: five business days skip Election Day.
    expect(computeDueDate(townInstant('2027-10-29', '10:00'), calendar).dueOn).toBe('2027-11-08');
  });

  it('a denial’s 30 days to appeal ending on Election Day still run to the next day', () => {
    const calendar = new BusinessCalendar([{ date: ELECTION_DAY_2027, name: 'Election Day', active: false }]);
    const denial = { deniedOn: '2027-10-03', itemsWithheldOn: null, missedDeadlineOn: null };
    expect(appealable(denial, calendar)?.lastDay).toBe('2027-11-03');
  });

  it('the closures list shows a holiday with a stored reopening as closed', async () => {
    db.insert(schema.closures)
      .values({
        date: ELECTION_DAY_2027,
        name: 'Election Day',
        kind: 'holiday',
        active: false,
        createdAt: NOW,
        updatedAt: NOW,
      })
      .onConflictDoUpdate({ target: schema.closures.date, set: { active: false } })
      .run();
    expect(
      (await listClosures(asyncOf(db), '2027-11-01', '2027-11-30')).find((c) => c.date === ELECTION_DAY_2027),
    ).toMatchObject({
      active: true,
      statutory: true,
    });
  });

  it('a day the Town closed may still be reopened, and a public holiday may not be closed twice', async () => {
    expect(
      await setClosure(asyncOf(db), { userId: clerkId }, { date: '2027-11-03', name: 'Snow day', closed: true }, NOW),
    ).toMatchObject({ ok: true });
    expect(
      await setClosure(asyncOf(db), { userId: clerkId }, { date: '2027-11-03', closed: false }, NOW),
    ).toMatchObject({ ok: true });
    expect(loadCalendar(db).day('2027-11-03').kind).toBe('business');
    expect(
      await setClosure(asyncOf(db), { userId: clerkId }, { date: ELECTION_DAY_2027, closed: true }, NOW),
    ).toMatchObject({
      ok: false,
      fields: { date: expect.any(String) },
    });
  });
});
