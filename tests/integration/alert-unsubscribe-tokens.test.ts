/**
 * Alert unsubscribe tokens are stored only as SHA-256 hashes, yet every alert mail carries a working
 * link (List-Unsubscribe one-click, RFC 8058, and the link in the text), through a real SMTP server.
 * Subscriptions made before hashing keep their old link: migration 0012 renames the column without
 * touching alert_deliveries, and the start-up step hashes the plain tokens it left.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, postAction } from '../support/http.ts';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';
import { ROOT, demoTemplate, freePort, startPortal, tempDir, type Portal } from '../support/portal.ts';

const SLUG = 'curry-road-distribution-center';
/** A token as subscriptions got them before hashing: 43 URL-safe characters, stored as is. */
const LEGACY_TOKEN = 'Legacy-plain-unsubscribe-token-0012'.padEnd(43, 'x');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const HEX64 = /^[a-f0-9]{64}$/;

/** The committed migrations up to (not including) `tag`, in a folder of their own. */
function migrationsBefore(tag: string): string {
  const dir = tempDir('rsp-migrations-');
  fs.cpSync(path.join(ROOT, 'db/migrations'), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe('migration 0012', () => {
  it('keeps every subscription and its deliveries, the plain token waiting under the new column name', () => {
    const sqlite = new Database(':memory:');
    sqlite.pragma('foreign_keys = ON');
    const db = drizzle({ client: sqlite });
    migrate(db, { migrationsFolder: migrationsBefore('0012_alert_unsubscribe_token_hashes') });
    sqlite
      .prepare(
        "insert into projects (slug, name, site_address, kind, status) values ('p', 'P', '1 Main Street', 'major', 'active')",
      )
      .run();
    sqlite
      .prepare(
        "insert into alert_subscriptions (email, target, project_id, status, confirm_token_hash, confirm_expires_at, unsubscribe_token) values ('old@example.org', 'project', 1, 'active', ?, 0, ?)",
      )
      .run(sha256('confirm'), LEGACY_TOKEN);
    sqlite
      .prepare(
        "insert into alert_events (kind, entity_id, project_id, occurred_at, title, summary, path) values ('enforcement_action', 1, 1, 0, 'T', 'S', '/projects/p')",
      )
      .run();
    sqlite.prepare('insert into alert_deliveries (subscription_id, event_id, created_at) values (1, 1, 0)').run();
    migrate(db, { migrationsFolder: path.join(ROOT, 'db/migrations') });
    expect(
      sqlite.prepare('select unsubscribe_token_hash, previous_unsubscribe_token_hash from alert_subscriptions').get(),
    ).toEqual({ unsubscribe_token_hash: LEGACY_TOKEN, previous_unsubscribe_token_hash: null });
    expect(sqlite.prepare('select count(*) n from alert_deliveries').get()).toEqual({ n: 1 });
    expect(
      sqlite
        .prepare(
          "select name from pragma_table_info('alert_subscriptions') where name like '%unsubscribe%' order by name",
        )
        .all(),
    ).toEqual([
      { name: 'previous_unsubscribe_token_hash' },
      { name: 'unsubscribe_token_hash' },
      { name: 'unsubscribed_at' },
    ]);
    sqlite.close();
  });
});

/** The raw header (mailparser folds List-* headers into a parsed object). */
function rawHeader(m: ParsedMail, name: string): string {
  return m.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '') ?? '';
}

function tokenIn(text: string, pattern: RegExp): string {
  const m = pattern.exec(text);
  if (!m) throw new Error(`No ${pattern} in:\n${text}`);
  return m[1];
}

describe('alert mail over SMTP, with only hashes stored', () => {
  let portal: Portal;
  let mailbox: Mailbox;
  let db: Database.Database;

  beforeAll(async () => {
    const smtpPort = await freePort();
    mailbox = await startMailbox(smtpPort);
    // The demo town, plus a subscription from before tokens were hashed: what migration 0012 leaves.
    const template = demoTemplate();
    expect(template, 'the vitest global setup seeds the demo template').toBeDefined();
    const dataDir = tempDir();
    fs.cpSync(template!, dataDir, { recursive: true });
    const seed = new Database(path.join(dataDir, 'portal.db'));
    const projectId = (seed.prepare('select id from projects where slug = ?').get(SLUG) as { id: number }).id;
    seed
      .prepare(
        "insert into alert_subscriptions (email, target, project_id, status, confirm_token_hash, confirm_expires_at, confirmed_at, unsubscribe_token_hash) values ('legacy@example.org', 'project', ?, 'active', ?, 0, 0, ?)",
      )
      .run(projectId, sha256('legacy-confirm'), LEGACY_TOKEN);
    seed.close();
    portal = await startPortal({
      dataDir,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_POLL_MS: '200',
        JOBS_TICK_MS: '250',
        ALERTS_EVERY_MS: '250',
      },
    });
    db = new Database(path.join(dataDir, 'portal.db'));
    db.pragma('busy_timeout = 5000');
  }, 300_000);

  afterAll(async () => {
    db?.close();
    await portal?.stop();
    await mailbox?.close();
  });

  it('the start-up step hashed the old plain token, and its link still works', async () => {
    const legacy = db
      .prepare("select unsubscribe_token_hash from alert_subscriptions where email = 'legacy@example.org'")
      .get() as { unsubscribe_token_hash: string };
    expect(legacy.unsubscribe_token_hash).toBe(sha256(LEGACY_TOKEN));
    const page = await get(portal.url, `/alerts/unsubscribe?token=${LEGACY_TOKEN}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Stop email alerts about');
  });

  it('the links in a real alert mail unsubscribe (one-click and the page), and the database holds no token', async () => {
    const email = 'hashed.alerts@example.org';
    const subscribed = await postAction(portal.url, '/alerts/new', 'alerts.subscribe', {
      email,
      target: 'project',
      project: SLUG,
      frequency: 'immediate',
    });
    expect(subscribed.status).toBe(303);
    const confirmMail = await mailbox.waitFor((m) => addressedTo(m, email) && /Confirm/.test(m.subject ?? ''));
    const confirmToken = tokenIn(confirmMail.text!, /\/alerts\/confirm\?token=([\w-]{43})/);
    expect(
      (await postAction(portal.url, `/alerts/confirm?token=${confirmToken}`, 'alerts.confirm', { token: confirmToken }))
        .status,
    ).toBe(303);
    expect(
      (db.prepare('select status from alert_subscriptions where email = ?').get(email) as { status: string }).status,
    ).toBe('active');

    // A new public enforcement action on the project (inserted as any code path might).
    const projectId = (db.prepare('select id from projects where slug = ?').get(SLUG) as { id: number }).id;
    db.prepare(
      `insert into enforcement_actions (project_id, type, category, status, issued_on, issued_by_name, cited_section, summary, comply_by, public)
       values (?, 'notice_of_violation', 'formal', 'issued', '2026-11-30', 'Stormwater Management Officer', '§ 7', 'Hashed tokens: silt fence down on the east line.', '2026-12-04', 1)`,
    ).run(projectId);
    const isAlert = (to: string) => (m: ParsedMail) =>
      addressedTo(m, to) && (m.text ?? '').includes('Hashed tokens: silt fence down');
    const [fresh, legacy] = await Promise.all([
      mailbox.waitFor(isAlert(email), 30_000),
      mailbox.waitFor(isAlert('legacy@example.org'), 30_000),
    ]);

    const oneClick = tokenIn(
      rawHeader(fresh, 'List-Unsubscribe'),
      /\/alerts\/unsubscribe\/one-click\?token=([\w-]{43})>/,
    );
    expect(rawHeader(fresh, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(tokenIn(fresh.text!, /\/alerts\/unsubscribe\?token=([\w-]{43})/)).toBe(oneClick);
    expect(tokenIn(rawHeader(confirmMail, 'List-Unsubscribe'), /token=([\w-]{43})>/)).toBe(oneClick);
    const legacyLink = tokenIn(legacy.text!, /\/alerts\/unsubscribe\?token=([\w-]{43})/);
    expect(legacyLink).not.toBe(LEGACY_TOKEN);

    // No token anywhere in the database but the outbox (the copies of mail sent): only their hashes.
    const tokens = [oneClick, legacyLink, LEGACY_TOKEN];
    const tables = (
      db
        .prepare(
          "select name from sqlite_master where type = 'table' and name not in ('outbox') and name not like 'sqlite_%'",
        )
        .all() as { name: string }[]
    ).map((t) => t.name);
    for (const table of tables) {
      const dump = JSON.stringify(db.prepare(`select * from "${table}"`).all());
      for (const t of tokens) expect(dump.includes(t), `${table} holds a token`).toBe(false);
    }
    for (const row of db
      .prepare('select unsubscribe_token_hash as a, previous_unsubscribe_token_hash as b from alert_subscriptions')
      .all() as { a: string; b: string | null }[]) {
      expect(row.a).toMatch(HEX64);
      if (row.b !== null) expect(row.b).toMatch(HEX64);
    }
    expect(
      db.prepare('select count(*) n from alert_subscriptions where unsubscribe_token_hash = ?').get(sha256(oneClick)),
    ).toEqual({ n: 1 });

    // RFC 8058: the mail provider posts, without Origin, to the List-Unsubscribe address.
    const posted = await fetch(new URL(`/alerts/unsubscribe/one-click?token=${oneClick}`, portal.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    expect(
      (db.prepare('select status from alert_subscriptions where email = ?').get(email) as { status: string }).status,
    ).toBe('unsubscribed');

    // The legacy subscriber: both the link in the new mail and the one mailed before hashing still work.
    expect((await get(portal.url, `/alerts/unsubscribe?token=${LEGACY_TOKEN}`)).status).toBe(200);
    expect((await get(portal.url, `/alerts/unsubscribe?token=${legacyLink}`)).status).toBe(200);
    const clicked = await postAction(portal.url, `/alerts/unsubscribe?token=${legacyLink}`, 'alerts.unsubscribe', {
      token: legacyLink,
    });
    expect(clicked.status).toBe(303);
    expect(
      (
        db.prepare("select status from alert_subscriptions where email = 'legacy@example.org'").get() as {
          status: string;
        }
      ).status,
    ).toBe('unsubscribed');
  });
});
