/**
 * A town that sets the portal's public address in its profile (staff settings, "Public address of the
 * portal") gets it in the links it sends, not the environment's PUBLIC_URL: the operators' post-storm mail
 * (built in the storm's transaction) and the clerks' daily digest (sent by the scheduled job, which
 * passes no address of its own). An empty address in the profile falls back to PUBLIC_URL; a changed one
 * is used from the next mail on. Real SQLite file, the admin's own save (saveTownProfile), no mocks.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedReferenceData } from '#db/seed/reference.ts';
import { seedTownProfile } from '#db/seed/town-profiles.ts';
import { recordStorm } from '#lib/server/filings/storms.ts';
import { JOBS } from '#lib/server/jobs/schedule.ts';
import { config } from '#lib/server/platform/config.ts';
import { migrateDatabase, openDatabase, schema, type DB } from '#lib/server/platform/db.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { saveTownProfile, townProfile } from '#lib/server/platform/town-profile.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const ADDRESS = 'https://stormwater.example.gov';
const NOW = townInstant('2026-06-02', '10:00'); // a Tuesday, after the digest's hour

async function portal(): Promise<DB> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-address-')), 'portal.db');
  const db = openDatabase(file);
  migrateDatabase(db);
  await seedReferenceData(db, { now: NOW });
  seedTownProfile(db, NOW);
  return db;
}

/** The admin saves the profile with this public address (the settings page's save). */
async function setAddress(db: DB, publicUrl: string): Promise<void> {
  await saveTownProfile(asyncOf(db), { label: 'system' }, { ...townProfile(db), publicUrl }, NOW);
}

function user(db: DB, email: string, role: 'officer' | 'clerk' | 'operator'): number {
  const id = Number(
    db
      .insert(schema.users)
      .values({ email, name: `${role} Example` })
      .run().lastInsertRowid,
  );
  db.insert(schema.userRoles).values({ userId: id, role }).run();
  return id;
}

/** Every address in the newest mail of a kind (the text part: the same links as the HTML). */
function linksIn(db: DB, kind: string): string[] {
  const mail = db
    .select()
    .from(schema.outbox)
    .all()
    .filter((m) => m.kind === kind)
    .at(-1);
  expect(mail, `a ${kind} mail`).toBeDefined();
  const links = mail!.textBody.match(/https?:\/\/\S+/g) ?? [];
  expect(links.length).toBeGreaterThan(0);
  return links;
}

describe("links use the town profile's public address", () => {
  it('the test runs with a different PUBLIC_URL (else it would prove nothing)', () => {
    expect(config().publicUrl).not.toBe(ADDRESS);
  });

  it("the post-storm inspection mail links to the operator's workspace at the profile's address; empty, at PUBLIC_URL", async () => {
    const db = await portal();
    const officerId = user(db, 'officer@example.org', 'officer');
    const operatorId = user(db, 'operator@example.org', 'operator');
    const projectId = Number(
      db
        .insert(schema.projects)
        .values({
          slug: 'curry-road',
          name: 'Curry Road',
          siteAddress: '1 Curry Road',
          kind: 'major',
          status: 'active',
          actualStartOn: '2026-05-01',
        })
        .run().lastInsertRowid,
    );
    db.insert(schema.projectMembers).values({ projectId, userId: operatorId }).run();
    const storm = (endedTime: string) =>
      recordStorm(
        asyncOf(db),
        { userId: officerId },
        { endedOn: '2026-06-02', endedTime, inches: 1.2, gauge: 'DPW rain gauge' },
        NOW,
      );

    expect(await storm('06:00')).toMatchObject({ ok: true, notified: 1 });
    expect(linksIn(db, 'storm-inspection-due')).toEqual([`${config().publicUrl}/operator/projects/curry-road`]);

    await setAddress(db, ADDRESS);
    expect(await storm('08:00')).toMatchObject({ ok: true, notified: 1 });
    expect(linksIn(db, 'storm-inspection-due')).toEqual([`${ADDRESS}/operator/projects/curry-road`]);
  });

  it("the clerks' digest, sent by the scheduled job, links to the queue and each request at the profile's address", async () => {
    const db = await portal();
    user(db, 'clerk@example.org', 'clerk');
    const requestId = Number(
      db
        .insert(schema.recordsRequests)
        .values({
          number: 'R-2026-0001',
          trackingTokenHash: 'a'.repeat(64),
          receivedAt: townInstant('2026-05-26', '10:00'),
          dueOn: '2026-06-02',
          respondBy: '2026-06-02',
          requesterName: 'Pat Requester',
        })
        .run().lastInsertRowid,
    );
    await setAddress(db, ADDRESS);

    const job = JOBS.find((j) => j.name === 'records-requests-digest');
    await job!.run(db, NOW);
    expect(linksIn(db, 'requests-digest').sort()).toEqual([
      `${ADDRESS}/staff/requests`,
      `${ADDRESS}/staff/requests/${requestId}`,
    ]);
  });
});
