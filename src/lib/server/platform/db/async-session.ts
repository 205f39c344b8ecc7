/**
 * The asynchronous face of the SQLite connection (decision 0080, step 2): the domains move to it one group at a
 * time, so that the same code can later run on PostgreSQL, where every query is a round trip. On SQLite each
 * statement still runs synchronously on the one better-sqlite3 connection, through the same statement cache,
 * `+?` binding and query log as the synchronous face (it wraps that face's prepared queries); its promise is
 * already settled when it is returned.
 *
 * What changes is the transaction. A synchronous transaction cannot be interrupted; an asynchronous one can:
 * between two awaited statements another request's statement could run on the same connection, inside the
 * open transaction. So a transaction holds the connection: it is entered only once SQLite's write lock is
 * taken (by tries that never wait, with awaited pauses between them, as decision 0085 waits), statements
 * from anywhere else wait until it ends, and everything awaited inside it carries its mark (an
 * AsyncLocalStorage), so its own statements and nested transactions (savepoints) go straight through.
 * Waiting for another process's lock never holds the connection: other requests read meanwhile.
 */
import type Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import {
  BaseSQLiteDatabase,
  SQLiteAsyncDialect,
  SQLitePreparedQuery,
  SQLiteSession,
  SQLiteTransaction,
  type SQLiteTransactionConfig,
} from 'drizzle-orm/sqlite-core';
import type { RunResult } from 'better-sqlite3';
import type * as schemaModule from '#db/schema.ts';
import { db, enterSnapshot, isBusy, leaveSnapshot, type DB } from '../db.ts';
import { gateOf, giveBack, holdsIt, marks, take, whenFree, type Gate } from './gate.ts';
import {
  lockRetryDelay,
  WRITE_LOCK_WAIT_MS,
  withoutWaiting,
  writeUnlessLocked,
  type LockClock,
} from '../write-lock.ts';

type Schema = typeof schemaModule;

/**
 * The asynchronous database, or a transaction on it: what a converted service takes. A transaction is a `Db`
 * too, so a function does not need to know whether it runs inside one.
 */
export type Db = BaseSQLiteDatabase<'async', RunResult, Schema>;

/** The drizzle pieces the synchronous face is built from (its session prepares the statements). */
interface SyncInternals {
  session: SQLiteSession<'sync', RunResult, Schema, never> & { client: Database.Database; schema: unknown };
  dialect: { escapeParam(num: number): string };
  _: { schema: unknown };
}

type SyncPrepared = SQLitePreparedQuery<{
  type: 'sync';
  run: RunResult;
  all: unknown;
  get: unknown;
  values: unknown;
  execute: unknown;
}>;

/** A synchronous prepared query answered through promises, once the connection is free. */
class GatedPreparedQuery extends SQLitePreparedQuery<{
  type: 'async';
  run: RunResult;
  all: unknown;
  get: unknown;
  values: unknown;
  execute: unknown;
}> {
  private readonly inner: SyncPrepared;
  private readonly gate: Gate;
  constructor(inner: SyncPrepared, gate: Gate, executeMethod: 'run' | 'all' | 'get') {
    super('async', executeMethod, inner.getQuery(), undefined, undefined, undefined);
    this.inner = inner;
    this.gate = gate;
  }

  private when<T>(work: () => T): Promise<T> {
    return whenFree(this.gate, work);
  }

  override run(placeholderValues?: Record<string, unknown>) {
    return this.when(() => this.inner.run(placeholderValues));
  }
  override all(placeholderValues?: Record<string, unknown>) {
    return this.when(() => this.inner.all(placeholderValues));
  }
  override get(placeholderValues?: Record<string, unknown>) {
    return this.when(() => this.inner.get(placeholderValues));
  }
  override values(placeholderValues?: Record<string, unknown>) {
    return this.when(() => this.inner.values(placeholderValues));
  }
  /** drizzle asks this of a prepared query (an internal method it does not declare). */
  isResponseInArrayMode(): boolean {
    return (this.inner as unknown as { isResponseInArrayMode(): boolean }).isResponseInArrayMode();
  }
}

export interface TransactionOptions {
  /** How long to wait in all for another process's write lock (WRITE_LOCK_WAIT_MS). */
  lockWaitMs?: number;
  clock?: LockClock;
}

const realClock: LockClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

interface Statements {
  begin: Record<'deferred' | 'immediate' | 'exclusive', Database.Statement>;
  commit: Database.Statement;
  rollback: Database.Statement;
}
const controls = new WeakMap<Database.Database, Statements>();

function controlsOf(client: Database.Database): Statements {
  let s = controls.get(client);
  if (!s) {
    s = {
      begin: {
        deferred: client.prepare('begin'),
        immediate: client.prepare('begin immediate'),
        exclusive: client.prepare('begin exclusive'),
      },
      commit: client.prepare('commit'),
      rollback: client.prepare('rollback'),
    };
    controls.set(client, s);
  }
  return s;
}

/**
 * How long a transaction may hold the connection before it is logged. A callback that awaits only the database
 * ends in the turn it began (well under a millisecond of waiting); one held longer awaited something else (a
 * file, a hash, the network), and every other statement of the process waited for it.
 */
export const LONG_HOLD_MS = 250;

function reportLongHold(began: number): void {
  const held = performance.now() - began;
  if (held > LONG_HOLD_MS)
    console.warn(
      `A database transaction held the connection for ${Math.round(held)} ms: do file, hashing and mail work before it.`,
    );
}

function lockedError(): Error {
  return Object.assign(new Error('database is locked (another process held the write lock)'), {
    code: 'SQLITE_BUSY',
  });
}

class AsyncSession extends SQLiteSession<'async', RunResult, Schema, never> {
  readonly gate: Gate;
  readonly sync: DB;
  readonly raw: Database.Database;
  readonly asyncDialect: SQLiteAsyncDialect;
  readonly schema: unknown;
  readonly options: TransactionOptions;
  constructor(sync: DB, asyncDialect: SQLiteAsyncDialect, schema: unknown, options: TransactionOptions = {}) {
    super(asyncDialect);
    this.sync = sync;
    this.raw = sync.$client;
    this.asyncDialect = asyncDialect;
    this.schema = schema;
    this.options = options;
    this.gate = gateOf(this.raw);
  }

  /** The statement cache's client, as the synchronous session has it (connectionOf finds the connection). */
  get client(): Database.Database {
    return (this.sync as unknown as SyncInternals).session.client;
  }

  override prepareQuery(...args: Parameters<SQLiteSession<'sync', RunResult, Schema, never>['prepareQuery']>) {
    const inner = (this.sync as unknown as SyncInternals).session.prepareQuery(...args) as SyncPrepared;
    return new GatedPreparedQuery(inner, this.gate, args[2] as 'run' | 'all' | 'get') as never;
  }

  /**
   * Begins where nobody else holds the connection and the write lock (for IMMEDIATE) is free, trying without
   * waiting and pausing between tries; the connection is held only from the moment BEGIN succeeded.
   */
  async begin(behavior: 'deferred' | 'immediate' | 'exclusive', mark: symbol): Promise<void> {
    const clock = this.options.clock ?? realClock;
    const totalMs = this.options.lockWaitMs ?? WRITE_LOCK_WAIT_MS;
    const start = clock.now();
    const begin = controlsOf(this.raw).begin[behavior];
    // A deferred BEGIN takes no lock (the first read takes WAL's, which never waits): nothing to wait for.
    const run = behavior === 'deferred' ? () => begin.run() : () => withoutWaiting(this.sync, () => begin.run());
    const tryBegin = () => {
      try {
        run();
        take(this.gate, mark);
        return true;
      } catch (err) {
        if (!isBusy(err)) throw err;
        return false;
      }
    };
    for (let attempt = 0; ;) {
      if (await whenFree(this.gate, tryBegin)) return;
      const left = totalMs - (clock.now() - start);
      if (left <= 0) throw lockedError();
      await clock.sleep(Math.min(lockRetryDelay(attempt++), left));
    }
  }

  override async transaction<T>(
    transaction: (tx: AsyncTransaction) => Promise<T>,
    config: SQLiteTransactionConfig = {},
  ): Promise<T> {
    // A transaction begun inside the one that holds the connection is a savepoint of it.
    if (holdsIt(this.gate)) return new AsyncTransaction(this, 0).transaction(transaction);
    const mark = Symbol('transaction');
    await this.begin(config.behavior ?? 'immediate', mark);
    const began = performance.now();
    const { commit, rollback } = controlsOf(this.raw);
    try {
      const value = await marks.run(mark, () => transaction(new AsyncTransaction(this, 1)));
      commit.run();
      return value;
    } finally {
      // A callback that threw, or a commit that failed, must not leave the shared connection in a transaction.
      if (this.raw.inTransaction) rollback.run();
      giveBack(this.gate);
      reportLongHold(began);
    }
  }

  /** Runs `read` in one read transaction that holds the connection (readSnapshot's asynchronous side). */
  async snapshot<T>(read: () => Promise<T>): Promise<T> {
    if (holdsIt(this.gate)) return read();
    const mark = Symbol('snapshot');
    await this.begin('deferred', mark);
    const { commit, rollback } = controlsOf(this.raw);
    enterSnapshot(this.raw);
    try {
      const value = await marks.run(mark, read);
      commit.run();
      return value;
    } finally {
      leaveSnapshot(this.raw);
      if (this.raw.inTransaction) rollback.run();
      giveBack(this.gate);
    }
  }
}

class AsyncTransaction extends SQLiteTransaction<'async', RunResult, Schema, never> {
  private readonly owner: AsyncSession;
  constructor(owner: AsyncSession, nestedIndex: number) {
    super('async', owner.asyncDialect, owner, owner.schema as never, nestedIndex);
    this.owner = owner;
  }

  override async transaction<T>(transaction: (tx: AsyncTransaction) => Promise<T>): Promise<T> {
    const name = `sp${this.nestedIndex}`;
    const tx = new AsyncTransaction(this.owner, this.nestedIndex + 1);
    await this.owner.run(sql.raw(`savepoint ${name}`));
    try {
      const value = await transaction(tx);
      await this.owner.run(sql.raw(`release savepoint ${name}`));
      return value;
    } catch (err) {
      await this.owner.run(sql.raw(`rollback to savepoint ${name}`));
      await this.owner.run(sql.raw(`release savepoint ${name}`));
      throw err;
    }
  }
}

const faces = new WeakMap<DB, Db>();

/**
 * The asynchronous face of a connection opened by openDatabase: the same connection, statement cache and
 * query log. One per connection (`options`, for tests, make another over the same connection).
 */
export function asyncOf(db: DB, options?: TransactionOptions): Db {
  let face = options ? undefined : faces.get(db);
  if (!face) {
    const internals = db as unknown as SyncInternals;
    const dialect = new SQLiteAsyncDialect();
    // The same `+?` binding as the synchronous face (decision 0051).
    dialect.escapeParam = internals.dialect.escapeParam;
    const session = new AsyncSession(db, dialect, internals.session.schema, options);
    face = new BaseSQLiteDatabase('async', dialect, session as never, internals._.schema as never) as Db;
    (face as unknown as { $client: Database.Database }).$client = db.$client;
    if (!options) faces.set(db, face);
  }
  return face;
}

/** The server's connection, for requests, on the asynchronous face (`db()` is the synchronous one). */
export function dbAsync(): Db {
  return asyncOf(db());
}

function sessionOf(db: Db): AsyncSession {
  const session = (db as unknown as { session: unknown }).session;
  if (!(session instanceof AsyncSession)) throw new Error('not an asynchronous face from asyncOf');
  return session;
}

/** Whether `db` is the asynchronous face or a transaction on it (preparedOnce keeps their statements apart). */
export function isAsyncFace(db: object): boolean {
  return (db as { session?: unknown }).session instanceof AsyncSession;
}

/**
 * Runs a synchronous function on the same connection, once no other transaction holds it. Inside an asynchronous
 * transaction its statements run in that transaction (one connection). Only the write lock's skip-if-busy write
 * below still needs it: the services read and write on this face.
 */
export function viaSync<T>(db: Db, work: (sync: DB) => T): Promise<T> {
  const session = sessionOf(db);
  return whenFree(session.gate, () => work(session.sync));
}

/**
 * A bookkeeping write a page view makes (a session's last-seen time), made only if the write lock is free right
 * now, else skipped (writeUnlessLocked, decision 0085). Whether it was written.
 */
export function writeUnlessLockedAsync(db: Db, write: (sync: DB) => void): Promise<boolean> {
  return viaSync(db, (sync) => writeUnlessLocked(sync, () => write(sync)));
}

/**
 * Runs `read` in one read transaction: every statement sees one snapshot of the database (a page's view, as the
 * synchronous readSnapshot does). Inside a transaction already, it simply reads.
 */
export function readSnapshotAsync<T>(db: Db, read: () => Promise<T>): Promise<T> {
  return sessionOf(db).snapshot(read);
}
