/**
 * Waiting for SQLite's write lock without stopping the server (decision 0085). better-sqlite3 waits for a
 * lock another process holds (a backup, the seed command, a second portal process) inside SQLite's busy
 * handler, synchronously: while it waits, no other request is answered. So the server's connections keep only a
 * short synchronous busy timeout (BUSY_TIMEOUT_MS), and the long wait happens here, between tries that never
 * wait: `BEGIN IMMEDIATE` with the busy timeout at zero, tried again after an awaited 5, 10, 20 … 100 ms, up
 * to five seconds in all, as long as the synchronous wait used to be. Reads never wait in WAL mode.
 *
 * Decision 0080's asynchronous data layer keeps this wait and moves it into its transaction; until then it
 * runs in front of the synchronous services, at the asynchronous places that lead to a write.
 */
import type Database from 'better-sqlite3';
import { isBusy, type DB } from './db.ts';

/** How long a write waits in all for another process's lock before it is answered "busy, try again". */
export const WRITE_LOCK_WAIT_MS = 5_000;

/** The pauses between tries: 5 ms, doubling, at most 100 ms (a lock held briefly is taken soon after). */
export const FIRST_RETRY_MS = 5;
export const LONGEST_RETRY_MS = 100;

/** The pause after the `attempt`-th failed try (0 for the first): 5, 10, 20, 40, 80, 100, 100 … ms. */
export function lockRetryDelay(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** attempt, LONGEST_RETRY_MS);
}

export interface LockClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: LockClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Tries `take` (which never waits) until it answers true, pausing between tries without blocking, for at most
 * `totalMs`; the last try is made when the time is up. Whether it was taken.
 */
export async function retryUntilTaken(take: () => boolean, totalMs: number, clock: LockClock = realClock) {
  const start = clock.now();
  for (let attempt = 0; ; attempt++) {
    if (take()) return true;
    const left = totalMs - (clock.now() - start);
    if (left <= 0) return false;
    await clock.sleep(Math.min(lockRetryDelay(attempt), left));
  }
}

interface LockStatements {
  begin: Database.Statement;
  commit: Database.Statement;
  rollback: Database.Statement;
}
const lockStatements = new WeakMap<Database.Database, LockStatements>();

function statementsOf(client: Database.Database): LockStatements {
  let s = lockStatements.get(client);
  if (!s) {
    s = {
      begin: client.prepare('begin immediate'),
      commit: client.prepare('commit'),
      rollback: client.prepare('rollback'),
    };
    lockStatements.set(client, s);
  }
  return s;
}

/**
 * Runs `work` with the connection's busy timeout at zero: SQLite answers SQLITE_BUSY at once instead of
 * waiting synchronously. For writes that may be skipped when another process holds the lock.
 */
export function withoutWaiting<T>(db: DB, work: () => T): T {
  const pragmas = busyPragmas(db.$client);
  const timeout = pragmas.read.get() as number;
  if (timeout === 0) return work();
  pragmas.set(0).get();
  try {
    return work();
  } finally {
    pragmas.set(timeout).get();
  }
}

/**
 * The busy-timeout pragmas, prepared once per connection: `client.pragma()` prepares its statement on every
 * call, and every asynchronous transaction begins through here (tens of microseconds a page, measured).
 */
function busyPragmas(client: Database.Database) {
  let p = pragmaCache.get(client);
  if (!p) {
    const setters = new Map<number, Database.Statement>();
    const read = client.prepare('pragma busy_timeout').pluck();
    p = {
      read,
      set: (ms: number) => {
        let stmt = setters.get(ms);
        // A pragma's value cannot be bound: one statement per timeout (a connection uses two or three).
        if (!stmt) setters.set(ms, (stmt = client.prepare(`pragma busy_timeout = ${Math.trunc(ms)}`)));
        return stmt;
      },
    };
    pragmaCache.set(client, p);
  }
  return p;
}
const pragmaCache = new WeakMap<
  Database.Database,
  { read: Database.Statement; set: (ms: number) => Database.Statement }
>();

/**
 * A bookkeeping write a page view makes (a session's last-seen time, an expired session removed), done only
 * if the lock is free right now: while another process holds it, it is skipped rather than waited for (the
 * next view makes it). Whether it was written.
 */
export function writeUnlessLocked(db: DB, write: () => void): boolean {
  try {
    withoutWaiting(db, write);
    return true;
  } catch (err) {
    if (isBusy(err)) return false;
    throw err;
  }
}

/** Begins an IMMEDIATE transaction if the write lock is free right now (never waits). */
function tryBegin(db: DB): boolean {
  try {
    withoutWaiting(db, () => statementsOf(db.$client).begin.run());
    return true;
  } catch (err) {
    if (isBusy(err)) return false;
    throw err;
  }
}

export interface LockWaitOptions {
  /** How long to wait in all (WRITE_LOCK_WAIT_MS). */
  totalMs?: number;
  clock?: LockClock;
}

/**
 * Waits, without blocking the event loop, until the write lock is free, and releases it at once: for a write
 * that follows after other awaits (a request's body is read, a password hashed, files stored before its
 * transaction). Another process may take the lock in between; the connection's short busy timeout covers
 * that race. Whether the lock was free within the time (false: the write that follows will most likely be
 * told busy, as it was before). Inside a transaction already, there is nothing to wait for.
 */
export async function awaitWriteLock(db: DB, options: LockWaitOptions = {}): Promise<boolean> {
  const client = db.$client;
  if (client.inTransaction) return true;
  return retryUntilTaken(
    () => {
      if (client.inTransaction) return true;
      if (!tryBegin(db)) return false;
      statementsOf(client).rollback.run();
      return true;
    },
    options.totalMs ?? WRITE_LOCK_WAIT_MS,
    options.clock,
  );
}

/**
 * Waits, without blocking the event loop, for the write lock, then runs the synchronous `write` in the
 * IMMEDIATE transaction that took it, in the same turn of the event loop, and commits: no other process can
 * take the lock in between. `db.transaction` inside `write` becomes a savepoint (better-sqlite3 nests). When
 * the time runs out, throws an error that isBusy recognises, as SQLite's own would be.
 */
export async function writeWhenUnlocked<T>(db: DB, write: () => T, options: LockWaitOptions = {}): Promise<T> {
  const client = db.$client;
  let began = false;
  const taken = await retryUntilTaken(
    () => {
      if (client.inTransaction) return true;
      return (began = tryBegin(db));
    },
    options.totalMs ?? WRITE_LOCK_WAIT_MS,
    options.clock,
  );
  if (!taken) throw lockedError();
  if (!began) return write();
  const { commit, rollback } = statementsOf(client);
  try {
    const value = write();
    commit.run();
    return value;
  } finally {
    if (client.inTransaction) rollback.run();
  }
}

function lockedError(): Error {
  return Object.assign(new Error('database is locked (another process held the write lock)'), {
    code: 'SQLITE_BUSY',
  });
}
