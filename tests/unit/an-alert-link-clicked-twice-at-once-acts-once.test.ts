/**
 * An alert subscription's links are read in the transaction that acts on them (decision 0080, step 2f): a
 * confirmation link opened twice at once (a double click, a mail scanner beside the resident) confirms once, and
 * an unsubscribe link clicked while the mail client posts its one-click unsubscribe stops the subscription once.
 * Each records one line in the audit log, not two; a subscription asked for twice at once counts both against the
 * hourly limit.
 */
process.env.ALERT_LINK_SECRET ??= 'unit-test-alert-link-key-0123456789abcdef';
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, outbox, projects } from '#db/schema.ts';
import { migrateDatabase, openDatabase, type DB } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import {
  confirmSubscription,
  subscribe,
  SUBSCRIBE_LIMITS,
  unsubscribe,
} from '#lib/server/public/alerts/subscriptions.ts';

const BASE = 'https://portal.example';
const NOW = new Date('2026-12-07T15:00:00Z');
let db: DB;

beforeEach(() => {
  db = openDatabase(':memory:');
  migrateDatabase(db);
  db.insert(projects)
    .values({
      slug: 'site',
      name: 'Site',
      siteAddress: '1 Site Road',
      kind: 'major',
      status: 'active',
      published: true,
    })
    .run();
});

const audits = (action: string) => db.select().from(auditLog).where(eq(auditLog.action, action)).all();

async function pending(email = 'resident@example.org', ip = '127.0.0.1') {
  const r = await subscribe(
    asyncOf(db),
    { email, target: 'project', projectSlug: 'site', frequency: 'immediate' },
    { ip, baseUrl: BASE, now: NOW },
  );
  if (!r.ok) throw new Error(r.message);
  const mail = db.select().from(outbox).all().at(-1)!;
  return {
    confirm: /confirm\?token=([\w-]+)/.exec(mail.textBody)![1]!,
    stop: /one-click\?token=([\w-]+)/.exec(mail.headersJson!)![1]!,
  };
}

describe('an alert link clicked twice at once acts once', () => {
  it('a confirmation opened twice at once confirms once, and both are told it is on', async () => {
    const { confirm } = await pending();
    const both = await Promise.all([
      confirmSubscription(asyncOf(db), confirm, { ip: '127.0.0.1', now: NOW }),
      confirmSubscription(asyncOf(db), confirm, { ip: '127.0.0.2', now: NOW }),
    ]);
    expect(both.map((r) => r.ok && r.subscription.status)).toEqual(['active', 'active']);
    expect(audits('alert.confirm')).toHaveLength(1);
  });

  it('an unsubscribe click and a one-click post at once stop it once', async () => {
    const { confirm, stop } = await pending();
    expect((await confirmSubscription(asyncOf(db), confirm, { ip: '127.0.0.1', now: NOW })).ok).toBe(true);
    const both = await Promise.all([
      unsubscribe(asyncOf(db), stop, { ip: '127.0.0.1', via: 'link', now: NOW }),
      unsubscribe(asyncOf(db), stop, { ip: '192.0.2.9', via: 'one-click', now: NOW }),
    ]);
    expect(both.map((r) => r.ok && r.subscription.status)).toEqual(['unsubscribed', 'unsubscribed']);
    expect(audits('alert.unsubscribe')).toHaveLength(1);
  });

  it('subscriptions asked for at once each count against the address’s hourly limit', async () => {
    const asks = Array.from({ length: SUBSCRIBE_LIMITS.email.limit + 2 }, (_, i) =>
      subscribe(
        asyncOf(db),
        { email: 'keen@example.org', target: 'project', projectSlug: 'site', frequency: 'daily' },
        { ip: `198.51.100.${i}`, baseUrl: BASE, now: NOW },
      ),
    );
    const results = await Promise.all(asks);
    expect(results.filter((r) => r.ok)).toHaveLength(SUBSCRIBE_LIMITS.email.limit);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(['limited', 'limited']);
    expect(audits('alert.subscribe')).toHaveLength(SUBSCRIBE_LIMITS.email.limit);
  });
});
