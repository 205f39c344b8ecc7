/**
 * POL §89(4)(a): an appeal goes to the head of the agency or the person it names, the Records Access
 * Appeals Officer the Town named (the Town Supervisor in the demo), not to the portal's admins; the mail
 * to that officer and the requester's tracking page name the same person. A copy of the appeal, and then of
 * the determination, goes to the Committee on Open Government at the address in the town profile, through
 * the outbox, and the request's timeline and the audit log record it.
 */
process.env.TRACKING_LINK_SECRET = 'unit-test-secret-for-tracking-links';

import { beforeEach, describe, expect, it } from 'vitest';
import { seedReferenceData } from '#db/seed/reference.ts';
import { seedTownProfile } from '#db/seed/town-profiles.ts';
import { migrateDatabase, openDatabase, schema, type DB } from '#lib/server/platform/db.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { townProfile, writeTownProfile } from '#lib/server/platform/town-profile.ts';
import { checkTownProfile, townProfileValues } from '#lib/shared/town-profile.ts';
import { appealQueue, decideAppeal, fileAppeal } from '#lib/server/records-requests/appeals.ts';
import { checkSelection, createRecordsRequest } from '#lib/server/records-requests/submit.ts';
import { loadRequestView } from '#lib/server/records-requests/view.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const BASE = 'https://portal.example';
const EARLY = townInstant('2026-11-20', '10:00'); // due Monday, November 30: missed by December 1
const NOW = townInstant('2026-12-01', '10:00');
let db: DB;

beforeEach(async () => {
  db = openDatabase(':memory:');
  migrateDatabase(db);
  await seedReferenceData(db, { now: NOW });
  seedTownProfile(db, NOW);
  const projectId = Number(
    db
      .insert(schema.projects)
      .values({ slug: 'curry-road', name: 'Curry Road', siteAddress: '1 Curry Road', kind: 'major', status: 'active' })
      .run().lastInsertRowid,
  );
  db.insert(schema.documents)
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
    .run();
  const adminId = Number(
    db.insert(schema.users).values({ email: 'admin@example.org', name: 'Ada Admin' }).run().lastInsertRowid,
  );
  db.insert(schema.userRoles).values({ userId: adminId, role: 'admin' }).run();
});

const mail = (kind: string) =>
  db
    .select()
    .from(schema.outbox)
    .all()
    .filter((m) => m.kind === kind);

async function missedRequest(): Promise<number> {
  const swppp = db.select().from(schema.documents).all()[0].id;
  const selection = await checkSelection(asyncOf(db), 'curry-road', { documentIds: [swppp] });
  const r = await createRecordsRequest(
    asyncOf(db),
    {
      channel: 'web',
      receivedAt: EARLY,
      selection,
      delivery: 'electronic',
      requester: { name: 'Pat Requester', email: 'pat@example.org' },
    },
    { label: 'requester' },
    BASE,
  );
  if (!r.ok) throw new Error('limited');
  return r.id;
}

describe('appeals go to the appeals officer the Town named, and a copy to the Committee on Open Government', () => {
  it('the appeal goes to the Town Supervisor named in the profile, not to the admin; the mail and the tracking page name the same person', async () => {
    const id = await missedRequest();
    const view = (await loadRequestView(asyncOf(db), id, { forRequester: true, now: NOW }))!;
    expect(
      await fileAppeal(
        asyncOf(db),
        { label: 'requester' },
        id,
        { body: 'No answer in five business days.' },
        BASE,
        NOW,
      ),
    ).toMatchObject({ ok: true });
    const toOfficer = mail('request-appeal-to-officer');
    expect(toOfficer.map((m) => m.toAddress)).toEqual(['supervisor@rotterdam.example']);
    expect(toOfficer[0].textBody).toContain('Hello Town Supervisor,');
    expect(toOfficer[0].textBody).toContain('Send your written determination to the Town Clerk');
    const officer = 'the Town of Rotterdam Records Access Appeals Officer (the Town Supervisor)';
    expect(view.appealRights).toContain(officer);
    expect(mail('request-appeal-received')[0].textBody).toContain(officer);
  });

  it('a copy of the appeal and then of the determination is mailed to the Committee, and the timeline and the audit say so', async () => {
    const id = await missedRequest();
    await fileAppeal(asyncOf(db), { label: 'requester' }, id, { body: 'No answer in five business days.' }, BASE, NOW);
    const copy = mail('request-appeal-to-open-government');
    expect(copy.map((m) => m.toAddress)).toEqual(['coog@dos.ny.example']);
    expect(copy[0].textBody).toContain('Public Officers Law §89(4)(a)');
    expect(copy[0].textBody).toContain('The appeal: No answer in five business days.');
    expect(copy[0].textBody).not.toContain('pat@example.org');

    const appeal = (await appealQueue(asyncOf(db), NOW)).pending[0].appeal;
    const later = townInstant('2026-12-08', '10:00');
    expect(
      await decideAppeal(
        asyncOf(db),
        { userId: 1 },
        appeal.id,
        { outcome: 'denied', decisionText: 'The records were sent on December 2.' },
        BASE,
        later,
      ),
    ).toEqual({ ok: true });
    const determination = mail('request-appeal-determination-to-open-government');
    expect(determination.map((m) => m.toAddress)).toEqual(['coog@dos.ny.example']);
    expect(determination[0].textBody).toContain('The records were sent on December 2.');

    const events = (await loadRequestView(asyncOf(db), id, { forRequester: true, now: later }))!.events.map(
      (e) => e.body,
    );
    expect(events).toContain(
      'A copy of the appeal was mailed to the Committee on Open Government (coog@dos.ny.example), as Public Officers Law §89(4)(a) requires.',
    );
    expect(events).toContain(
      'A copy of the determination was mailed to the Committee on Open Government (coog@dos.ny.example), as Public Officers Law §89(4)(a) requires.',
    );
    const audited = db
      .select()
      .from(schema.auditLog)
      .all()
      .filter((a) => a.action === 'records_request.appeal' || a.action === 'records_request.decide_appeal');
    expect(audited.map((a) => JSON.parse(String(a.afterJson)).openGovernmentCopyTo)).toEqual([
      'coog@dos.ny.example',
      'coog@dos.ny.example',
    ]);
  });

  it('the Committee’s address is a setting the admin keeps, never blank; a new town starts with the Committee’s own address', () => {
    const values = townProfileValues(townProfile(db));
    expect(checkTownProfile({ ...values, openGovernmentEmail: '' }, null).errors.openGovernmentEmail).toContain(
      'coog@dos.ny.gov',
    );
    const saved = checkTownProfile({ ...values, openGovernmentEmail: 'open.government@state.example' }, null);
    expect(saved.errors).toEqual({});
    writeTownProfile(db, saved.profile, NOW);
    expect(townProfile(db).openGovernmentEmail).toBe('open.government@state.example');
    db.delete(schema.settings).run();
    expect(townProfile(db).openGovernmentEmail).toBe('coog@dos.ny.gov');
  });
});
