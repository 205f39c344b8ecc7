/**
 * The wait for SQLite's write lock (decision 0085): tries that never wait, with awaited pauses of 5, 10, 20 …
 * 100 ms between them, five seconds in all; proved with a fake clock (no test here waits on real time), and on
 * a real database file that a second connection holds locked.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settings } from '#db/schema.ts';
import { BUSY_TIMEOUT_MS, isBusy, migrateDatabase, openDatabase, type DB } from '#lib/server/platform/db.ts';
import {
  awaitWriteLock,
  lockRetryDelay,
  retryUntilTaken,
  WRITE_LOCK_WAIT_MS,
  writeUnlessLocked,
  writeWhenUnlocked,
  type LockClock,
} from '#lib/server/platform/write-lock.ts';

/** A clock that moves only when slept on; `onSleep` runs after each pause (e.g. to release a lock). */
function fakeClock(onSleep: (sleptMs: number, at: number) => void = () => {}) {
  const clock = {
    at: 0,
    pauses: [] as number[],
    now: () => clock.at,
    sleep: async (ms: number) => {
      clock.pauses.push(ms);
      clock.at += ms;
      onSleep(ms, clock.at);
    },
  };
  return clock satisfies LockClock;
}

describe('the pauses between tries', () => {
  it('double from 5 ms up to 100 ms and stay there', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(lockRetryDelay)).toEqual([5, 10, 20, 40, 80, 100, 100, 100]);
  });

  it('a lock free at once is taken at once, without a pause', async () => {
    const clock = fakeClock();
    expect(await retryUntilTaken(() => true, WRITE_LOCK_WAIT_MS, clock)).toBe(true);
    expect(clock.pauses).toEqual([]);
  });

  it('a lock released after 1.2 s is taken at the first try after it', async () => {
    const clock = fakeClock();
    let tries = 0;
    const taken = await retryUntilTaken(() => (tries++, clock.at >= 1_200), WRITE_LOCK_WAIT_MS, clock);
    expect(taken).toBe(true);
    expect(clock.pauses.slice(0, 6)).toEqual([5, 10, 20, 40, 80, 100]);
    // 155 ms to reach 100 ms pauses, then one try every 100 ms: taken at 1,255 ms, the first try past 1.2 s.
    expect(clock.at).toBe(1_255);
    expect(tries).toBe(clock.pauses.length + 1);
  });

  it('a lock never released: tries for exactly the total, the last try when the time is up, then gives up', async () => {
    const clock = fakeClock();
    let lastTryAt = -1;
    const taken = await retryUntilTaken(() => ((lastTryAt = clock.at), false), WRITE_LOCK_WAIT_MS, clock);
    expect(taken).toBe(false);
    expect(clock.pauses.reduce((a, b) => a + b, 0)).toBe(5_000);
    expect(lastTryAt).toBe(5_000);
    expect(Math.max(...clock.pauses)).toBe(100);
  });
});

describe('on a real database held by another connection', () => {
  let dir: string;
  let file: string;
  let db: DB;
  let other: Database.Database;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-write-lock-'));
    file = path.join(dir, 'portal.db');
    db = openDatabase(file, { for: 'request' });
    migrateDatabase(db);
    // The other connection never waits either: this test holds the lock it would wait for.
    other = new Database(file, { timeout: 0 });
  });

  afterEach(() => {
    if (other.inTransaction) other.exec('ROLLBACK');
    other.close();
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const setting = (key: string) =>
    db
      .select()
      .from(settings)
      .all()
      .find((s) => s.key === key)?.value;
  const write = (key: string) => () => db.insert(settings).values({ key, value: 'written' }).run();

  it('waits between tries that never block, takes the lock once released, and leaves the busy timeout as it was', async () => {
    other.exec('BEGIN IMMEDIATE');
    const clock = fakeClock((_, at) => {
      if (at >= 300 && other.inTransaction) other.exec('ROLLBACK');
    });
    expect(await awaitWriteLock(db, { clock })).toBe(true);
    expect(clock.at).toBe(355);
    // Released at once: the other connection can write again.
    other.exec('BEGIN IMMEDIATE');
    other.exec('ROLLBACK');
    expect(db.$client.inTransaction).toBe(false);
    expect(db.$client.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS.request);
  });

  it('gives up after the total when the lock is never released', async () => {
    other.exec('BEGIN IMMEDIATE');
    const clock = fakeClock();
    expect(await awaitWriteLock(db, { clock })).toBe(false);
    expect(clock.at).toBe(WRITE_LOCK_WAIT_MS);
    expect(db.$client.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS.request);
  });

  it('runs a write in the transaction that took the lock; a transaction inside it nests', async () => {
    other.exec('BEGIN IMMEDIATE');
    const clock = fakeClock((_, at) => {
      if (at >= 50 && other.inTransaction) other.exec('ROLLBACK');
    });
    const result = await writeWhenUnlocked(
      db,
      () => {
        expect(db.$client.inTransaction).toBe(true);
        // Another process cannot take the lock between the wait and the write: it is ours until commit.
        expect(() => other.exec('BEGIN IMMEDIATE')).toThrow(/locked/);
        return db.transaction(() => {
          write('inside')();
          return 'done';
        });
      },
      { clock },
    );
    expect(result).toBe('done');
    expect(db.$client.inTransaction).toBe(false);
    expect(setting('inside')).toBe('written');
  });

  it('a write that throws is rolled back; a lock never freed is told busy, as SQLite would', async () => {
    await expect(
      writeWhenUnlocked(db, () => {
        write('rolled-back')();
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(setting('rolled-back')).toBeUndefined();
    expect(db.$client.inTransaction).toBe(false);

    other.exec('BEGIN IMMEDIATE');
    const refused = await writeWhenUnlocked(db, write('never'), { clock: fakeClock() }).catch((e: unknown) => e);
    expect(isBusy(refused)).toBe(true);
    other.exec('ROLLBACK');
    expect(setting('never')).toBeUndefined();
  });

  it('a page view’s bookkeeping write is skipped, not waited for, while the lock is held', () => {
    other.exec('BEGIN IMMEDIATE');
    let timeoutDuringWrite: unknown;
    const skipped = writeUnlessLocked(db, () => {
      timeoutDuringWrite = db.$client.pragma('busy_timeout', { simple: true });
      write('skipped')();
    });
    expect(skipped).toBe(false);
    expect(timeoutDuringWrite).toBe(0);
    expect(db.$client.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS.request);
    other.exec('ROLLBACK');
    expect(writeUnlessLocked(db, write('made'))).toBe(true);
    expect(setting('made')).toBe('written');
  });
});
