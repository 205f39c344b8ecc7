/**
 * Alerts for the later kinds: inspection reports filed, SWPPP amendments made public, and new
 * serious compliance findings (announced once, by their stable key, only when they began after alerts
 * were switched on). Only published projects and public documents.
 */
process.env.ALERT_LINK_SECRET ??= 'unit-test-alert-link-key-0123456789abcdef';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { describe, expect, it } from 'vitest';
import {
  alertDeliveries,
  alertEvents,
  documents,
  inspectionPractices,
  inspections,
  outbox,
  projects,
} from '#db/schema.ts';
import { confirmSubscription, subscribe } from '#lib/server/public/alerts/subscriptions.ts';
import { dispatchAlerts } from '#lib/server/public/alerts/dispatch.ts';
import { findingEntityId, latestPublicEvents } from '#lib/server/public/events.ts';
import { migrateDatabase, openDatabase, type DB } from '#lib/server/platform/db.ts';

const BASE = 'https://portal.example';
const T0 = new Date('2026-06-01T16:00:00Z');
const day = (n: number, time = '14:00') => new Date(`2026-06-${String(n).padStart(2, '0')}T${time}:00Z`);

function town() {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  const add = (slug: string, published = true) =>
    db
      .insert(projects)
      .values({
        slug,
        name: `Project ${slug}`,
        siteAddress: `1 ${slug} Road`,
        kind: 'major',
        status: 'active',
        actualStartOn: '2026-05-01',
        published,
        latitude: 42.78,
        longitude: -73.97,
        createdAt: new Date('2025-01-01'),
        publishedAt: new Date('2025-01-01'),
      })
      .returning({ id: projects.id })
      .get().id;
  return { db, site: add('site'), hidden: add('hidden', false) };
}

async function subscribed(db: DB, slug: string, now: Date) {
  const r = await subscribe(
    asyncOf(db),
    { email: `${slug}@example.org`, target: 'project', projectSlug: slug, frequency: 'immediate' },
    { ip: '127.0.0.1', baseUrl: BASE, now },
  );
  if (!r.ok) throw new Error(r.message);
  const token = /confirm\?token=([\w-]+)/.exec(db.select().from(outbox).all().at(-1)!.textBody)![1];
  expect((await confirmSubscription(asyncOf(db), token, { ip: '127.0.0.1', now })).ok).toBe(true);
}

/** An inspection report with a sediment trap at `pct` % of its storage. */
function inspect(db: DB, projectId: number, at: Date, pct: number, filedAt = at) {
  const id = db
    .insert(inspections)
    .values({ projectId, inspectedAt: at, type: 'routine', inspectorName: 'Q. Inspector', filedAt })
    .returning({ id: inspections.id })
    .get().id;
  db.insert(inspectionPractices)
    .values({
      inspectionId: id,
      practice: 'Sediment trap ST-1',
      practiceType: 'sediment_trap',
      sedimentAccumulationPct: pct,
    })
    .run();
  return id;
}

function amendment(db: DB, projectId: number, at: Date, isPublic: boolean) {
  return db
    .insert(documents)
    .values({
      projectId,
      type: 'swppp_amendment',
      title: 'SWPPP amendment 1',
      filename: 'a.pdf',
      sha256: 'x'.repeat(64),
      mimeType: 'application/pdf',
      sizeBytes: 10,
      public: isPublic,
      version: 2,
      documentDate: '2026-06-02',
      uploadedAt: at,
      updatedAt: at,
    })
    .returning({ id: documents.id })
    .get().id;
}

const events = (db: DB) => db.select().from(alertEvents).all();

describe('alerts for inspection reports, SWPPP amendments and serious findings', () => {
  it('announces each new inspection report and public amendment of a published project once', async () => {
    const { db, site, hidden } = town();
    await dispatchAlerts(asyncOf(db), T0, BASE);
    await subscribed(db, 'site', day(1, '17:00'));
    const report = inspect(db, site, day(2), 10);
    inspect(db, hidden, day(2), 10);
    const pub = amendment(db, site, day(2), true);
    const priv = amendment(db, site, day(2), false);
    const run = await dispatchAlerts(asyncOf(db), day(2, '15:00'), BASE);
    expect(run.events).toBe(2);
    expect(
      events(db)
        .map((e) => [e.kind, e.entityId])
        .sort(),
    ).toEqual(
      [
        ['inspection_report', report],
        ['swppp_amendment', pub],
      ].sort(),
    );
    expect(db.select().from(alertDeliveries).all()).toHaveLength(2);
    // Made public later: announced then, once.
    db.$client.prepare('update documents set public = 1, updated_at = ? where id = ?').run(day(3).getTime(), priv);
    expect((await dispatchAlerts(asyncOf(db), day(3, '15:00'), BASE)).events).toBe(1);
    expect((await dispatchAlerts(asyncOf(db), day(3, '16:00'), BASE)).events).toBe(0);
    expect(events(db).filter((e) => e.kind === 'swppp_amendment')).toHaveLength(2);
  });

  it('announces a new serious finding once, by its stable key, and says what the law requires', async () => {
    const { db, site } = town();
    await dispatchAlerts(asyncOf(db), T0, BASE);
    await subscribed(db, 'site', day(1, '17:00'));
    // A sediment trap over half full at two inspections in a row: serious (Subsection J(16)).
    inspect(db, site, day(2), 60);
    inspect(db, site, day(3), 70);
    const run = await dispatchAlerts(asyncOf(db), day(3, '20:00'), BASE);
    const finding = events(db).filter((e) => e.kind === 'finding');
    expect(finding).toHaveLength(1);
    expect(finding[0].entityId).toBe(findingEntityId(site, 'sediment-cleanout:sediment trap st-1:2026-06-02'));
    expect(finding[0].title).toBe(
      'Serious compliance finding: Sediment trap ST-1 not cleaned out at 50%: Project site',
    );
    expect(finding[0].summary).toContain('Subsection J(16)');
    expect(finding[0].path).toBe('/projects/site#inspection-record');
    expect(run.events).toBe(3); // two reports and the finding
    // Still open at the next inspection: not announced again.
    inspect(db, site, day(4), 75);
    await dispatchAlerts(asyncOf(db), day(4, '20:00'), BASE);
    expect(events(db).filter((e) => e.kind === 'finding')).toHaveLength(1);
    // The subscriber was told about each event once.
    const told = db.select().from(alertDeliveries).all();
    expect(new Set(told.map((d) => d.eventId)).size).toBe(told.length);
    expect(told.every((d) => d.sentAt)).toBe(true);
  });

  it('a serious finding that began before alerts were switched on is not news', async () => {
    const { db, site } = town();
    inspect(db, site, new Date('2026-05-20T14:00:00Z'), 60);
    inspect(db, site, new Date('2026-05-27T14:00:00Z'), 70);
    await dispatchAlerts(asyncOf(db), T0, BASE);
    await dispatchAlerts(asyncOf(db), day(2), BASE);
    expect(events(db).filter((e) => e.kind === 'finding')).toHaveLength(0);
  });

  it('feeds list serious findings and, for a project, its inspection reports; never an unpublished project’s', async () => {
    const { db, site, hidden } = town();
    inspect(db, site, day(2), 60);
    inspect(db, site, day(3), 70);
    inspect(db, hidden, day(2), 60);
    inspect(db, hidden, day(3), 70);
    const now = day(3, '20:00');
    const townFeed = await latestPublicEvents(asyncOf(db), { now });
    expect(townFeed.filter((e) => e.kind === 'finding').map((e) => e.projectId)).toEqual([site]);
    expect(townFeed.some((e) => e.kind === 'inspection_report')).toBe(false);
    const projectFeed = await latestPublicEvents(asyncOf(db), { projectIds: [site], now });
    expect(projectFeed.filter((e) => e.kind === 'inspection_report')).toHaveLength(2);
    expect(projectFeed.filter((e) => e.kind === 'finding')).toHaveLength(1);
    expect(await latestPublicEvents(asyncOf(db), { projectIds: [hidden], now })).toEqual([]);
  });
});
