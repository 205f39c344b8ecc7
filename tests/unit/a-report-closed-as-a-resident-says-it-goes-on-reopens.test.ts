/**
 * A step on a resident's report reads the report in the transaction that changes it (decision 0080, step 2e).
 * The officer closes a report at the moment a resident says the problem is still happening: the resident's
 * step, coming second, finds it closed and opens it again for the officer, as it would a minute later, rather
 * than leaving it closed with a "still happening" line nobody is asked to answer. And two officers' steps at
 * once: the second is refused on what the first did.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { siteReportCategories, siteReportEvents, siteReports } from '#db/schema.ts';
import { migrateDatabase, openDatabase, type DB } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { moveStatus, stillHappening, submitReport } from '#lib/server/site-reports/report.ts';

const NOW = townInstant('2026-12-07', '10:00');
const OFFICER = { label: 'system' } as const;
let db: DB;
let id: number;

beforeEach(async () => {
  db = openDatabase(':memory:');
  migrateDatabase(db);
  const mud = db.select().from(siteReportCategories).where(eq(siteReportCategories.code, 'mud_on_road')).get()!;
  const r = await submitReport(
    asyncOf(db),
    {
      categoryId: mud.id,
      description: 'Mud across both lanes by the gate.',
      point: { latitude: 42.79, longitude: -73.96 },
      place: 'Curry Road',
      observedOn: '2026-12-07',
      observedTime: null,
      name: null,
      email: null,
      phone: null,
      photos: [],
      ip: null,
      source: 'web',
    },
    NOW,
  );
  if (!r.ok) throw new Error(JSON.stringify(r));
  id = r.id;
});

const report = () => db.select().from(siteReports).where(eq(siteReports.id, id)).get()!;
const publicSteps = () =>
  db
    .select()
    .from(siteReportEvents)
    .where(eq(siteReportEvents.reportId, id))
    .all()
    .map((e) => e.words);

describe('a resident and the officer on one report at once', () => {
  it('closed by the officer as the resident says it goes on: the resident’s step opens it again', async () => {
    const [closed, said] = await Promise.all([
      moveStatus(asyncOf(db), OFFICER, id, 'closed', 'The silt fence was repaired.', NOW),
      stillHappening(asyncOf(db), id, { words: 'Still muddy this morning.' }, { ip: '192.0.2.4', now: NOW }),
    ]);
    expect(closed).toEqual({ ok: true });
    expect(said).toEqual({ ok: true });
    expect(report().status).toBe('received');
    expect(publicSteps().at(-1)).toContain('The report is open again for the stormwater officer.');
  });

  it('two officers close it at once: one closure, the second told it is already closed', async () => {
    const answers = await Promise.all([
      moveStatus(asyncOf(db), OFFICER, id, 'closed', 'The silt fence was repaired.', NOW),
      moveStatus(asyncOf(db), OFFICER, id, 'closed', 'Swept the road.', NOW),
    ]);
    expect(answers[0]).toEqual({ ok: true });
    expect(answers[1]).toMatchObject({ ok: false, fields: { reason: 'The report is already “closed”.' } });
    expect(report().publicReason).toBe('The silt fence was repaired.');
  });
});
