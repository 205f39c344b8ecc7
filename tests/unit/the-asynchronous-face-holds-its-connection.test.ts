/**
 * The asynchronous face of the SQLite connection (decision 0080, step 2): the same rows as the synchronous face,
 * transactions that commit, roll back and nest, and — what an awaited transaction needs on one shared connection —
 * nobody else's statement runs inside an open transaction, while the wait for another process's write lock never
 * stops the event loop or the reads of this process. On a real database file, with a second connection as the
 * other process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, outbox, recordsRequests, settings } from '#db/schema.ts';
import { auditAsync } from '#lib/server/platform/audit.ts';
import { hit } from '#lib/server/platform/http/rate-limit.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { nextInSequenceAsync } from '#lib/server/platform/sequences.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import {
  isBusy,
  memoUntilPublicChangeAsync,
  migrateDatabase,
  onQuery,
  openDatabase,
  preparedOnce,
  type DB,
} from '#lib/server/platform/db.ts';
import { asyncOf, LONG_HOLD_MS, readSnapshotAsync, viaSync, type Db } from '#lib/server/platform/db/async-session.ts';

let dir: string;
let file: string;
let db: DB;
let adb: Db;
let other: Database.Database;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-async-face-'));
  file = path.join(dir, 'portal.db');
  db = openDatabase(file, { for: 'request' });
  migrateDatabase(db);
  adb = asyncOf(db);
  // The other process: a second connection that never waits.
  other = new Database(file, { timeout: 0 });
});

afterEach(() => {
  if (other.inTransaction) other.exec('ROLLBACK');
  other.close();
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const put = (d: Db, key: string, value = 'v') =>
  d.insert(settings).values({ key, value }).returning({ key: settings.key });
const valueOf = async (d: Db, key: string) =>
  (await d.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1))[0]?.value;
const committed = (key: string) =>
  (other.prepare('select value from settings where key = ?').pluck().get(key) as string | undefined) ?? undefined;

describe('the same rows as the synchronous face', () => {
  it('selects, inserts with returning, updates and raw SQL answer as the synchronous face does', async () => {
    expect(await put(adb, 'a')).toEqual([{ key: 'a' }]);
    await adb.update(settings).set({ value: 'w' }).where(eq(settings.key, 'a'));
    expect(await valueOf(adb, 'a')).toBe('w');
    const row = (await adb.select().from(settings).where(eq(settings.key, 'a')))[0]!;
    expect(row).toEqual(db.select().from(settings).where(eq(settings.key, 'a')).get());
    expect(row.updatedAt).toBeInstanceOf(Date);
    expect(await adb.all<{ n: number }>(sql`select count(*) as n from settings where key = 'a'`)).toEqual([{ n: 1 }]);
    expect(await adb.$count(settings, eq(settings.key, 'a'))).toBe(1);
  });

  it('a statement prepared once on each face stays that face’s (the same key on the same connection)', async () => {
    await put(adb, 'p', 'x');
    const where = eq(settings.key, sql.placeholder('key'));
    const asyncOne = preparedOnce(adb, 'test.value', () =>
      adb.select({ value: settings.value }).from(settings).where(where).prepare(),
    );
    const syncOne = preparedOnce(db, 'test.value', () =>
      db.select({ value: settings.value }).from(settings).where(where).prepare(),
    );
    expect(asyncOne).not.toBe(syncOne);
    expect(await asyncOne.get({ key: 'p' })).toEqual({ value: 'x' });
    expect(syncOne.get({ key: 'p' })).toEqual({ value: 'x' });
  });

  it('its queries are logged with the synchronous face’s (how tests count a screen’s queries)', async () => {
    const seen: string[] = [];
    const stop = onQuery(db, (q) => seen.push(q));
    await valueOf(adb, 'none');
    stop();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/from "settings"/);
  });
});

describe('transactions', () => {
  it('commit what the callback wrote, and roll all of it back when the callback throws', async () => {
    await adb.transaction(async (tx) => {
      await put(tx, 'kept');
    });
    expect(committed('kept')).toBe('v');
    await expect(
      adb.transaction(async (tx) => {
        await put(tx, 'lost');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(committed('lost')).toBeUndefined();
    expect(db.$client.inTransaction).toBe(false);
  });

  it('a transaction inside one is a savepoint: its failure undoes only itself', async () => {
    await adb.transaction(async (tx) => {
      await put(tx, 'outer');
      await expect(
        tx.transaction(async (inner) => {
          await put(inner, 'inner');
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
      // The outer face's own transaction call, made inside, nests too.
      await adb.transaction(async (again) => void (await put(again, 'nested')));
    });
    expect([committed('outer'), committed('inner'), committed('nested')]).toEqual(['v', undefined, 'v']);
  });

  it('a shared platform function not yet converted writes in the transaction through the synchronous face', async () => {
    await expect(
      adb.transaction(async (tx) => {
        await viaSync(tx, (sync) => sync.insert(settings).values({ key: 'via-sync', value: 'v' }).run());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow();
    expect(committed('via-sync')).toBeUndefined();
  });
});

describe('one connection, held by its open transaction', () => {
  it('a statement from elsewhere waits until the transaction ends, then sees what it committed', async () => {
    const order: string[] = [];
    const first = adb.transaction(async (tx) => {
      await put(tx, 'held');
      order.push('written');
      // An await that is not the database's: another request gets its turn here.
      await sleep(30);
      order.push('committing');
    });
    const outside = (async () => {
      await sleep(5);
      order.push('read asked');
      const value = await valueOf(adb, 'held');
      order.push(`read ${value}`);
    })();
    const second = (async () => {
      await sleep(10);
      await adb.transaction(async (tx) => void (await put(tx, 'second')));
      order.push('second committed');
    })();
    await Promise.all([first, outside, second]);
    expect(order).toEqual(['written', 'read asked', 'committing', 'read v', 'second committed']);
    expect(committed('second')).toBe('v');
  });

  it('transactions begun together each begin in turn, and a read asked meanwhile never lands inside one', async () => {
    const reads: (string | undefined)[] = [];
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        adb.transaction(async (tx) => {
          await put(tx, `t${i}`, 'uncommitted');
          await tx
            .update(settings)
            .set({ value: 'v' })
            .where(eq(settings.key, `t${i}`));
        }),
      ),
      ...Array.from({ length: 10 }, async (_, i) => reads.push(await valueOf(adb, `t${i}`))),
    ]);
    expect(Array.from({ length: 10 }, (_, i) => committed(`t${i}`))).toEqual(Array(10).fill('v'));
    expect(reads).not.toContain('uncommitted');
  });

  it('a transaction that held the connection longer than a turn (it awaited something else) is logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await adb.transaction(async (tx) => {
        await put(tx, 'quick');
      });
      expect(warn).not.toHaveBeenCalled();
      await adb.transaction(async (tx) => {
        await put(tx, 'slow');
        await sleep(LONG_HOLD_MS + 20);
      });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/held the connection for \d+ ms/);
    } finally {
      warn.mockRestore();
    }
  });

  it('a synchronous transaction begun elsewhere meanwhile is refused, not folded into the open one', async () => {
    let attempt: unknown;
    const open = adb.transaction(async (tx) => {
      await put(tx, 'async');
      await sleep(20);
    });
    await sleep(5);
    try {
      db.transaction(() => db.insert(settings).values({ key: 'sync', value: 'v' }).run());
    } catch (err) {
      attempt = err;
    }
    await open;
    expect(String(attempt)).toMatch(/held by an asynchronous transaction/);
    expect(committed('sync')).toBeUndefined();
    // Once it ended, the synchronous face writes as before.
    db.transaction(() => db.insert(settings).values({ key: 'sync', value: 'v' }).run());
    expect(committed('sync')).toBe('v');
  });
});

describe('another process holding the write lock', () => {
  it('is waited for between tries that never block: timers and reads run meanwhile, then the write commits', async () => {
    other.exec('BEGIN IMMEDIATE');
    other.exec("insert into settings (key, value) values ('theirs', 'v')");
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    setTimeout(() => other.exec('COMMIT'), 300);
    const started = performance.now();
    const write = adb.transaction(async (tx) => void (await put(tx, 'ours')));
    // A read while the write waits: not held behind it.
    const readStarted = performance.now();
    expect(await valueOf(adb, 'ours')).toBeUndefined();
    const readMs = performance.now() - readStarted;
    await write;
    clearInterval(ticker);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(readMs).toBeLessThan(100);
    // A synchronous wait would have frozen the timer for the whole 300 ms.
    expect(ticks).toBeGreaterThanOrEqual(10);
    expect([committed('theirs'), committed('ours')]).toEqual(['v', 'v']);
  });

  it('a lock never released ends in "busy", and the connection is free again', async () => {
    other.exec('BEGIN IMMEDIATE');
    const shortWait = asyncOf(db, { lockWaitMs: 120 });
    const error = await shortWait.transaction(async (tx) => void (await put(tx, 'never'))).catch((e: unknown) => e);
    expect(isBusy(error)).toBe(true);
    other.exec('ROLLBACK');
    await adb.transaction(async (tx) => void (await put(tx, 'after')));
    expect(committed('after')).toBe('v');
  });
});

describe('a snapshot', () => {
  it('sees one state of the database however long it reads, and holds the connection while it does', async () => {
    await put(adb, 'k', 'before');
    const seen = await readSnapshotAsync(adb, async () => {
      const first = await valueOf(adb, 'k');
      other.exec("update settings set value = 'after' where key = 'k'");
      await sleep(10);
      return [first, await valueOf(adb, 'k')];
    });
    expect(seen).toEqual(['before', 'before']);
    expect(await valueOf(adb, 'k')).toBe('after');
  });
});

describe('the shared platform functions on the asynchronous face', () => {
  const count = (table: string) => other.prepare(`select count(*) from ${table}`).pluck().get() as number;
  const numbered = { table: recordsRequests, id: recordsRequests.id, number: recordsRequests.number };

  it('audit, numbering and the outbox write in the caller’s transaction: all kept or none', async () => {
    const change = (fail: boolean) =>
      adb.transaction(async (tx) => {
        const number = await nextInSequenceAsync(tx, numbered, 'R', '2026');
        await auditAsync(tx, { label: 'system' }, { action: 'user.sign_in', entityType: 'user', entityId: 1 });
        await enqueueMailAsync(tx, {
          kind: 'sign-in-link',
          to: 'a@example.org',
          data: { name: 'A', url: `https://x.example/${number}`, expiresText: 'in 15 minutes' },
        });
        if (fail) throw new Error('refused');
        return number;
      });
    await expect(change(true)).rejects.toThrow('refused');
    expect([count('audit_log'), count('outbox')]).toEqual([0, 0]);
    // The number taken by the failed change was rolled back with it: the first kept change gets 0001.
    expect(await change(false)).toBe('R-2026-0001');
    expect(await change(false)).toBe('R-2026-0002');
    expect(await adb.$count(auditLog)).toBe(2);
    expect((await adb.select({ subject: outbox.subject }).from(outbox)).length).toBe(2);
    expect((await townAsync(adb)).fullName).toBeTruthy();
  });

  it('a rate limit counts every hit', async () => {
    const limit = { limit: 2, windowMs: 60_000 };
    const states = [];
    for (let i = 0; i < 3; i++) states.push((await hit(adb, 'k', limit)).allowed);
    expect(states).toEqual([true, true, false]);
  });

  it('a memo is kept until public data changes, and not kept from inside a transaction that writes', async () => {
    let computed = 0;
    const compute = async () => ++computed;
    expect(await memoUntilPublicChangeAsync(adb, 'k', compute)).toBe(1);
    expect(await memoUntilPublicChangeAsync(adb, 'k', compute)).toBe(1);
    // The town profile is public: writing it moves the version.
    other.exec(`insert into settings (key, value) values ('town_profile', '{}')`);
    expect(await memoUntilPublicChangeAsync(adb, 'k', compute)).toBe(2);
    await adb
      .transaction(async (tx) => {
        await tx.update(settings).set({ value: '{"name":"x"}' }).where(eq(settings.key, 'town_profile'));
        expect(await memoUntilPublicChangeAsync(tx, 'k', compute)).toBe(3);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await memoUntilPublicChangeAsync(adb, 'k', compute)).toBe(2);
  });
});
