import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import {
  BUSY_TIMEOUT_MS,
  isBusy,
  migrateDatabase,
  openDatabase,
  REQUEST_MMAP_BYTES,
  schema,
} from '#lib/server/platform/db.ts';
import { deliverDue } from '#lib/server/platform/mail/worker.ts';

describe('the SQLite database', () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-db-')), 'portal.db');
  const db = openDatabase(file);
  migrateDatabase(db);

  it('runs in WAL mode with foreign keys enforced', () => {
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(() =>
      db.insert(schema.parties).values({ projectId: 999_999, role: 'contractor', companyName: 'Nobody' }).run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it("reads through a memory map on the connection that serves requests, and sees another connection's commit through it", () => {
    // Decision 0060: the map is what a page miss reads when SQLite's own page cache does not hold a page.
    expect(db.$client.pragma('mmap_size', { simple: true })).toBe(REQUEST_MMAP_BYTES);
    const background = openDatabase(file, { for: 'background' });
    try {
      expect(background.$client.pragma('mmap_size', { simple: true })).toBe(0);
      const count = () => db.$client.prepare('select count(*) from parties').pluck().get() as number;
      const before = count();
      const [project] = background
        .insert(schema.projects)
        .values({
          slug: 'mapped-read',
          name: 'Mapped read',
          description: 'x',
          siteAddress: '1 Main Street',
          kind: 'minor',
          status: 'active',
        })
        .returning()
        .all();
      background
        .insert(schema.parties)
        .values({ projectId: project.id, role: 'contractor', companyName: 'Seen through the map' })
        .run();
      expect(count()).toBe(before + 1);
    } finally {
      background.$client.close();
    }
  });

  it('applies the committed migrations once; applying again changes nothing', () => {
    const tables = () =>
      (
        db.$client.prepare("select name from sqlite_master where type = 'table' order by name").all() as {
          name: string;
        }[]
      ).map((r) => r.name);
    const before = tables();
    expect(before).toEqual(
      expect.arrayContaining([
        'projects',
        'documents',
        'enforcement_actions',
        'records_requests',
        'audit_log',
        'outbox',
      ]),
    );
    migrateDatabase(db);
    expect(tables()).toEqual(before);
  });

  it('stores instants as UTC milliseconds and round-trips them', () => {
    const receivedAt = new Date('2026-03-08T06:59:00Z'); // 1:59 a.m. EST, just before the DST change
    const [p] = db
      .insert(schema.projects)
      .values({ slug: 'db-test', name: 'DB test', siteAddress: '1 Test Rd', kind: 'minor', status: 'active' })
      .returning()
      .all();
    const [r] = db
      .insert(schema.recordsRequests)
      .values({
        number: 'R-2026-9999',
        trackingTokenHash: 'x'.repeat(64),
        projectId: p.id,
        receivedAt,
        dueOn: '2026-03-16',
        requesterName: 'Test',
      })
      .returning()
      .all();
    const raw = db.$client.prepare('select received_at from records_requests where id = ?').get(r.id) as {
      received_at: number;
    };
    expect(raw.received_at).toBe(receivedAt.getTime());
    expect(
      db.select().from(schema.recordsRequests).where(eq(schema.recordsRequests.id, r.id)).get()!.receivedAt,
    ).toEqual(receivedAt);
  });

  it('the server waits synchronously only briefly; the outbox worker gives up after its awaited wait and leaves the mail queued', async () => {
    // SQLite's busy wait is synchronous and stalls the whole server: the server's connections keep it short,
    // and wait for a lock held longer between tries that never block (decision 0085). Scripts may block.
    expect(BUSY_TIMEOUT_MS.request).toBeLessThanOrEqual(250);
    expect(BUSY_TIMEOUT_MS.background).toBeLessThanOrEqual(BUSY_TIMEOUT_MS.request);
    expect(db.$client.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS.script);
    const background = openDatabase(file, { for: 'background' });
    expect(background.$client.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS.background);
    const request = openDatabase(file, { for: 'request' });
    expect(request.$client.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS.request);
    request.$client.close();
    const [mail] = db
      .insert(schema.outbox)
      .values({ kind: 'test', toAddress: 'a@example.org', subject: 'Held', textBody: 'x', nextAttemptAt: new Date(0) })
      .returning()
      .all();
    const lock = new Database(file);
    lock.exec('BEGIN IMMEDIATE');
    const sent: string[] = [];
    try {
      const transport = { send: async (m: { to: string }) => (sent.push(m.to), { messageId: 'm' }), close() {} };
      const opts = { from: 'town@example.org', lockWaitMs: 50 };
      await expect(deliverDue(background, transport as never, opts)).rejects.toMatchObject({
        code: 'SQLITE_BUSY',
      });
    } finally {
      lock.exec('ROLLBACK');
      lock.close();
    }
    expect(sent).toEqual([]);
    expect(db.select().from(schema.outbox).where(eq(schema.outbox.id, mail.id)).get()).toMatchObject({
      status: 'queued',
      attempts: 0,
    });
    background.$client.close();
  });

  it('a transaction that read before another process committed is refused at once, and counts as busy (tried again, not a fault)', () => {
    const reader = openDatabase(file);
    const other = new Database(file);
    let refused: unknown;
    try {
      reader.$client.exec('BEGIN');
      reader.$client.prepare('select count(*) from outbox').get();
      other
        .prepare(
          "insert into settings (key, value) values ('busy-snapshot-test', '1') on conflict(key) do update set value = value + 1",
        )
        .run();
      try {
        reader.$client.prepare("insert into settings (key, value) values ('busy-snapshot-test-2', '1')").run();
      } catch (err) {
        refused = err;
      }
    } finally {
      if (reader.$client.inTransaction) reader.$client.exec('ROLLBACK');
      reader.$client.close();
      other.close();
    }
    // SQLite refuses a stale snapshot's write without waiting on the busy timeout: its own code says so.
    expect((refused as { code?: string }).code).toBe('SQLITE_BUSY_SNAPSHOT');
    expect(isBusy(refused)).toBe(true);
    expect(isBusy({ code: 'SQLITE_BUSY' })).toBe(true);
    expect(isBusy({ code: 'SQLITE_LOCKED' })).toBe(false);
    expect(isBusy(new Error('database is locked'))).toBe(false);
  });

  it("the portal's transactions take the write lock at BEGIN: a read then a write keeps its snapshot while another process waits", () => {
    const portal = openDatabase(file);
    const other = openDatabase(file, { for: 'background' });
    let otherRefused: unknown;
    try {
      portal.transaction(() => {
        portal.$client.prepare("select value from settings where key = 'immediate-test'").get();
        // Another process commits between this transaction's read and its write. Under DEFERRED it would
        // commit, and this transaction's write would be refused at once (SQLITE_BUSY_SNAPSHOT, above).
        try {
          other.$client.prepare("insert into settings (key, value) values ('immediate-test-other', '1')").run();
        } catch (err) {
          otherRefused = err;
        }
        portal.$client
          .prepare(
            "insert into settings (key, value) values ('immediate-test', '1') on conflict(key) do update set value = value + 1",
          )
          .run();
      });
    } finally {
      portal.$client.close();
      other.$client.close();
    }
    // The other writer waited its busy timeout and was told busy (it tries again); this one committed.
    expect(isBusy(otherRefused)).toBe(true);
    expect(db.$client.prepare("select value from settings where key = 'immediate-test'").pluck().get()).toBe('1');
    // Still DEFERRED when asked for: a transaction that only reads need not hold the lock.
    const reader = openDatabase(file);
    reader.transaction(() => reader.$client.prepare('select 1').get(), { behavior: 'deferred' });
    reader.$client.close();
  });
});
