/**
 * The alert dispatcher finds new public items by watermark (whatever code path inserted them), tells
 * matching confirmed subscriptions once, at once or in daily/weekly digests, with unsubscribe headers.
 */
process.env.ALERT_LINK_SECRET ??= 'unit-test-alert-link-key-0123456789abcdef';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { describe, expect, it } from 'vitest';
import { alertDeliveries, enforcementActions, monthlySummaries, outbox, projects } from '#db/schema.ts';
import { ALERT_EVENT_KINDS } from '#db/enums.ts';
import { ALERT_KINDS_SENT } from '#lib/shared/labels.ts';
import { confirmSubscription, subscribe, unsubscribe } from '#lib/server/public/alerts/subscriptions.ts';
import { dispatchAlerts, matches } from '#lib/server/public/alerts/dispatch.ts';
import { migrateDatabase, onQuery, openDatabase, type DB } from '#lib/server/platform/db.ts';
import { hashToken } from '#lib/server/platform/tokens.ts';
import { destinationPoint } from '#lib/shared/geo.ts';
import { monthlyRequestStats } from '#lib/server/records-requests/statistics.ts';

const BASE = 'https://portal.example';
const SITE = { latitude: 42.78, longitude: -73.97 };
const T0 = new Date('2026-06-01T12:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

function town() {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  const add = (
    slug: string,
    p: { latitude: number; longitude: number },
    createdAt = new Date('2025-01-01T00:00:00Z'),
  ) =>
    db
      .insert(projects)
      .values({
        slug,
        name: slug,
        siteAddress: `1 ${slug}`,
        kind: 'major',
        status: 'active',
        ...p,
        createdAt,
        updatedAt: createdAt,
        publishedAt: createdAt,
      })
      .returning({ id: projects.id })
      .get().id;
  const site = add('site', SITE);
  const far = add('far-away', destinationPoint(SITE, 0, 3));
  return { db, site, far, add };
}

/** Subscribe and confirm (reading the confirmation token out of the outbox's link). */
async function subscribed(db: DB, input: Parameters<typeof subscribe>[1], now: Date) {
  const r = await subscribe(asyncOf(db), input, { ip: '127.0.0.1', baseUrl: BASE, now });
  if (!r.ok) throw new Error(r.message);
  const mail = db.select().from(outbox).all().at(-1)!;
  const token = /confirm\?token=([\w-]+)/.exec(mail.textBody)![1];
  expect((await confirmSubscription(asyncOf(db), token, { ip: '127.0.0.1', now })).ok).toBe(true);
  return r.subscriptionId;
}

function addAction(
  db: DB,
  projectId: number,
  createdAt: Date,
  extra: Partial<typeof enforcementActions.$inferInsert> = {},
) {
  return db
    .insert(enforcementActions)
    .values({
      projectId,
      type: 'notice_of_violation',
      category: 'formal',
      issuedOn: '2026-06-01',
      summary: 'Silt fence down.',
      createdAt,
      updatedAt: createdAt,
      ...extra,
    })
    .returning({ id: enforcementActions.id })
    .get().id;
}

const mails = (db: DB, kind?: string) =>
  db
    .select()
    .from(outbox)
    .all()
    .filter((m) => !kind || m.kind === kind);

describe('the alert dispatcher', () => {
  it('announces nothing that existed before it first ran', async () => {
    const { db, site } = town();
    addAction(db, site, at(-60));
    await subscribed(
      db,
      { email: 'a@example.org', target: 'project', projectSlug: 'site', frequency: 'immediate' },
      at(-30),
    );
    expect(await dispatchAlerts(asyncOf(db), at(0), BASE)).toEqual({ events: 0, immediate: 0, digests: 0 });
    expect((await dispatchAlerts(asyncOf(db), at(1), BASE)).events).toBe(0);
    expect(mails(db, 'alert')).toHaveLength(0);
  });

  it('sends an immediate alert once, with one-click unsubscribe headers and link, only to confirmed matching subscriptions', async () => {
    const { db, site, far } = town();
    await dispatchAlerts(asyncOf(db), at(0), BASE);
    await subscribed(
      db,
      { email: 'project@example.org', target: 'project', projectSlug: 'site', frequency: 'immediate' },
      at(1),
    );
    await subscribed(
      db,
      {
        email: 'area@example.org',
        target: 'area',
        latitude: SITE.latitude + 0.001,
        longitude: SITE.longitude,
        radiusMiles: 0.25,
        frequency: 'immediate',
      },
      at(1),
    );
    await subscribed(
      db,
      {
        email: 'elsewhere@example.org',
        target: 'area',
        latitude: 42.9,
        longitude: -74.1,
        radiusMiles: 2,
        frequency: 'immediate',
      },
      at(1),
    );
    // Pending (never confirmed): gets nothing.
    await subscribe(
      asyncOf(db),
      { email: 'pending@example.org', target: 'project', projectSlug: 'site', frequency: 'immediate' },
      { ip: '127.0.0.2', baseUrl: BASE, now: at(1) },
    );

    addAction(db, site, at(2));
    addAction(db, far, at(2));
    // A direct insert of a private action is never announced.
    addAction(db, site, at(2), { public: false, summary: 'Private note' });
    const run = await dispatchAlerts(asyncOf(db), at(3), BASE);
    expect(run).toMatchObject({ events: 2, immediate: 2 });
    const alerts = mails(db, 'alert');
    expect(alerts.map((m) => m.toAddress).sort()).toEqual(['area@example.org', 'project@example.org']);
    for (const m of alerts) {
      const headers = JSON.parse(m.headersJson!);
      expect(headers['List-Unsubscribe']).toMatch(
        /^<https:\/\/portal\.example\/alerts\/unsubscribe\/one-click\?token=[\w-]{43}>$/,
      );
      expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(m.textBody).toMatch(/unsubscribe with one click: https:\/\/portal\.example\/alerts\/unsubscribe\?token=/);
      expect(m.textBody).not.toContain('Private note');
    }
    // Running again (overlapping window) sends nothing twice.
    expect(await dispatchAlerts(asyncOf(db), at(4), BASE)).toMatchObject({ events: 0, immediate: 0 });
    expect(mails(db, 'alert')).toHaveLength(2);
  });

  it('finds monthly summaries posted and projects published since the last run', async () => {
    const { db, site, add } = town();
    await dispatchAlerts(asyncOf(db), at(0), BASE);
    await subscribed(
      db,
      {
        email: 'area@example.org',
        target: 'area',
        latitude: SITE.latitude,
        longitude: SITE.longitude,
        radiusMiles: 1,
        frequency: 'immediate',
      },
      at(1),
    );
    db.insert(monthlySummaries)
      .values({ projectId: site, month: '2026-05', narrative: 'All controls in place.', submittedAt: at(2) })
      .run();
    add('new-nearby', destinationPoint(SITE, 90, 0.5), at(2));
    await dispatchAlerts(asyncOf(db), at(3), BASE);
    const [digest] = mails(db, 'alert-digest');
    expect(digest.subject).toBe('2 updates about construction within 1 mile of a point near 1 site');
    expect(digest.textBody).toContain('Monthly inspection summary for May 2026');
    expect(digest.textBody).toContain('New project: new-nearby');
  });

  it('gathers daily digests: nothing before a day has passed, then one message with everything', async () => {
    const { db, site } = town();
    await dispatchAlerts(asyncOf(db), at(0), BASE);
    const id = await subscribed(
      db,
      { email: 'daily@example.org', target: 'project', projectSlug: 'site', frequency: 'daily' },
      at(1),
    );
    addAction(db, site, at(10));
    await dispatchAlerts(asyncOf(db), at(11), BASE);
    addAction(db, site, at(60), { type: 'stop_work_order', summary: 'Stop all work.' });
    await dispatchAlerts(asyncOf(db), at(61), BASE);
    expect(mails(db, 'alert-digest')).toHaveLength(0);
    const pending = () =>
      db
        .select()
        .from(alertDeliveries)
        .all()
        .filter((d) => d.subscriptionId === id && !d.sentAt).length;
    expect(pending()).toBe(2);

    expect((await dispatchAlerts(asyncOf(db), at(24 * 60 + 2), BASE)).digests).toBe(1);
    const [digest] = mails(db, 'alert-digest');
    expect(digest.subject).toBe('2 updates about the project “site”');
    expect(digest.textBody).toContain('since yesterday’s email');
    expect(digest.textBody).toContain('Stop all work.');
    expect(pending()).toBe(0);
    // And not again the next run.
    expect((await dispatchAlerts(asyncOf(db), at(24 * 60 + 3), BASE)).digests).toBe(0);
  });

  it('stops after unsubscribing', async () => {
    const { db, site } = town();
    await dispatchAlerts(asyncOf(db), at(0), BASE);
    await subscribed(
      db,
      { email: 'bye@example.org', target: 'project', projectSlug: 'site', frequency: 'immediate' },
      at(1),
    );
    const token = /one-click\?token=([\w-]+)/.exec(mails(db, 'alert-confirm')[0].headersJson!)![1];
    expect((await unsubscribe(asyncOf(db), token, { ip: '127.0.0.1', via: 'one-click', now: at(2) })).ok).toBe(true);
    addAction(db, site, at(3));
    await dispatchAlerts(asyncOf(db), at(4), BASE);
    expect(mails(db, 'alert')).toHaveLength(0);
  });

  it('confirmation links are single-purpose and expire; subscribing is rate-limited per address', async () => {
    const { db } = town();
    const r = await subscribe(
      asyncOf(db),
      { email: 'x@example.org', target: 'project', projectSlug: 'site', frequency: 'immediate' },
      { ip: '10.0.0.1', baseUrl: BASE, now: at(0) },
    );
    expect(r.ok).toBe(true);
    const token = /confirm\?token=([\w-]+)/.exec(mails(db, 'alert-confirm')[0].textBody)![1];
    expect(await confirmSubscription(asyncOf(db), token, { ip: '1', now: at(8 * 24 * 60) })).toMatchObject({
      ok: false,
      message: expect.stringContaining('expired'),
    });
    expect((await confirmSubscription(asyncOf(db), 'x'.repeat(43), { ip: '1', now: at(1) })).ok).toBe(false);
    expect(db.select().from(projects).all().length).toBe(2);
    // The stored hash is not the token.
    expect(JSON.stringify(db.$client.prepare('select * from alert_subscriptions').all())).not.toContain(token);
    expect(JSON.stringify(db.$client.prepare('select * from alert_subscriptions').all())).toContain(hashToken(token));
    for (let i = 0; i < 4; i++)
      await subscribe(
        asyncOf(db),
        { email: 'x@example.org', target: 'project', projectSlug: 'site', frequency: 'immediate' },
        { ip: '10.0.0.1', baseUrl: BASE, now: at(2) },
      );
    const limited = await subscribe(
      asyncOf(db),
      { email: 'X@example.org', target: 'project', projectSlug: 'site', frequency: 'immediate' },
      { ip: '10.0.0.9', baseUrl: BASE, now: at(3) },
    );
    expect(limited).toMatchObject({ ok: false, reason: 'limited' });
  });

  it('forgets addresses that never confirmed once the link has expired', async () => {
    const { db } = town();
    await dispatchAlerts(asyncOf(db), at(0), BASE);
    await subscribe(
      asyncOf(db),
      { email: 'never@example.org', target: 'project', projectSlug: 'site', frequency: 'immediate' },
      { ip: '1', baseUrl: BASE, now: at(1) },
    );
    await dispatchAlerts(asyncOf(db), at(2), BASE);
    expect(
      db.$client.prepare("select count(*) as n from alert_subscriptions where email = 'never@example.org'").get(),
    ).toEqual({ n: 1 });
    await dispatchAlerts(asyncOf(db), at(8 * 24 * 60), BASE);
    expect(
      db.$client.prepare("select count(*) as n from alert_subscriptions where email = 'never@example.org'").get(),
    ).toEqual({ n: 0 });
  });

  it('the confirmation says what the subscription is sent: a project’s never promises "new projects"', async () => {
    const { db } = town();
    await subscribe(
      asyncOf(db),
      { email: 'one@example.org', target: 'project', projectSlug: 'site', frequency: 'immediate' },
      { ip: '10.1.0.1', baseUrl: BASE, now: at(0) },
    );
    await subscribe(
      asyncOf(db),
      {
        email: 'area@example.org',
        target: 'area',
        latitude: SITE.latitude,
        longitude: SITE.longitude,
        radiusMiles: 0.5,
        frequency: 'weekly',
      },
      { ip: '10.1.0.2', baseUrl: BASE, now: at(0) },
    );
    const [project, area] = mails(db, 'alert-confirm').map((m) => m.textBody.replace(/\s+/g, ' '));
    expect(project).toContain(
      'asked for email alerts about the project “site”: new monthly inspection summaries, inspection reports, SWPPP amendments, residents’ reports, serious compliance findings, enforcement actions and municipal inspections of permanent stormwater practices, as soon as something is posted.',
    );
    expect(project).not.toContain('new projects');
    expect(area).toContain(
      'serious compliance findings, enforcement actions, new projects and municipal inspections of permanent stormwater practices, in one email a week at most.',
    );
    // The dispatcher sends exactly that: a project's subscription never gets "new project" events.
    const sub = { target: 'project' as const, projectId: 1, latitude: null, longitude: null, radiusMiles: null };
    for (const kind of ALERT_EVENT_KINDS)
      expect(matches(sub, { kind, projectId: 1 }, undefined), kind).toBe(ALERT_KINDS_SENT.project.includes(kind));
    expect(ALERT_KINDS_SENT.project).not.toContain('project');
  });

  it('matches areas by distance, inclusive at the edge', async () => {
    const sub = {
      target: 'area' as const,
      projectId: null,
      latitude: SITE.latitude,
      longitude: SITE.longitude,
      radiusMiles: 0.5,
    };
    expect(matches(sub, { kind: 'enforcement', projectId: 1 }, destinationPoint(SITE, 10, 0.5))).toBe(true);
    expect(matches(sub, { kind: 'enforcement', projectId: 1 }, destinationPoint(SITE, 10, 0.51))).toBe(false);
    expect(matches(sub, { kind: 'project', projectId: 1 }, { latitude: null, longitude: null })).toBe(false);
    expect(matches({ ...sub, target: 'project', projectId: 1 }, { kind: 'project', projectId: 1 }, undefined)).toBe(
      false,
    );
  });
});

describe('the alert dispatcher reads each table once per run, not once per subscription', () => {
  it("looks up the subscribed projects' names in one query for all immediate alerts and one for all digests", async () => {
    const { db, add } = town();
    const ids = [1, 2, 3, 4, 5].map((n) => add(`p${n}`, SITE));
    await dispatchAlerts(asyncOf(db), at(0), BASE);
    for (const n of ids.keys())
      await subscribed(
        db,
        { email: `now${n}@example.org`, target: 'project', projectSlug: `p${n + 1}`, frequency: 'immediate' },
        at(1),
      );
    for (const n of ids.keys())
      await subscribed(
        db,
        { email: `daily${n}@example.org`, target: 'project', projectSlug: `p${n + 1}`, frequency: 'daily' },
        at(1),
      );
    for (const id of ids) addAction(db, id, at(10));
    // Count the queries drizzle runs.
    const seen: string[] = [];
    const stop = onQuery(db, (sqlText) => seen.push(sqlText));
    const nameLookups = () => seen.filter((q) => /^select ("id", )?"name" from "projects" where/.test(q)).length;
    try {
      expect((await dispatchAlerts(asyncOf(db), at(11), BASE)).immediate).toBe(5);
      // One for the five immediate alerts, one for the digests owed (not yet due): not one per message.
      expect(nameLookups()).toBe(2);
      seen.length = 0;
      expect((await dispatchAlerts(asyncOf(db), at(11 + 25 * 60), BASE)).digests).toBe(5);
      expect(nameLookups()).toBe(1);
    } finally {
      stop();
    }
  });
});

describe('records-request statistics', () => {
  const r = (received: string, dueOn: string, status: string, answeredOn: string | null = null) => ({
    receivedAt: new Date(received),
    dueOn,
    status,
    fulfilledOn: status === 'fulfilled' ? answeredOn : null,
    deniedOn: status === 'denied' ? answeredOn : null,
    withdrawnOn: status === 'withdrawn' ? answeredOn : null,
  });

  it('counts per month received (town time), on time against the due date, and the median days', async () => {
    const { months, total } = monthlyRequestStats(
      [
        r('2026-05-04T14:00:00Z', '2026-05-11', 'fulfilled', '2026-05-08'), // 4 days, on time
        r('2026-05-05T14:00:00Z', '2026-05-12', 'denied', '2026-05-12'), // 7 days, on the due date
        r('2026-05-06T14:00:00Z', '2026-05-13', 'fulfilled', '2026-05-20'), // 14 days, late
        r('2026-05-07T14:00:00Z', '2026-05-14', 'withdrawn', '2026-05-08'), // before its due date: not counted
        r('2026-05-28T14:00:00Z', '2026-06-04', 'acknowledged'), // open, overdue by June 10
        // 11 p.m. on April 30 in Rotterdam is already May 1 in UTC: it counts for April.
        r('2026-05-01T03:00:00Z', '2026-05-07', 'fulfilled', '2026-05-01'),
      ],
      '2026-06-10',
    );
    expect(months.map((m) => m.month)).toEqual(['2026-05', '2026-04']);
    // The request never answered past its due date counts against the rate: 2 on time of 4 counted.
    expect(months[0]).toMatchObject({
      received: 5,
      answered: 3,
      answeredOnTime: 2,
      countedForRate: 4,
      onTimePercent: 50,
      medianDaysToAnswer: 7,
      withdrawn: 1,
      open: 1,
      overdue: 1,
    });
    expect(months[1]).toMatchObject({ received: 1, answered: 1, medianDaysToAnswer: 1 });
    expect(total).toMatchObject({
      received: 6,
      answered: 4,
      answeredOnTime: 3,
      countedForRate: 5,
      onTimePercent: 60,
      medianDaysToAnswer: 5.5,
    });
  });

  it('says nothing rather than 0% when nothing was answered', async () => {
    expect(
      monthlyRequestStats([r('2026-05-04T14:00:00Z', '2026-05-11', 'received')], '2026-05-05').months[0],
    ).toMatchObject({ onTimePercent: null, medianDaysToAnswer: null, overdue: 0 });
  });
});
