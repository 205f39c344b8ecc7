/**
 * The SQLite connection. One per process; WAL, a busy timeout and foreign keys on every connection.
 * better-sqlite3 is synchronous: transactions must not await (do file and mail I/O outside them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from '#db/schema.ts';
import { config } from './config.ts';
import { gateOf, heldByAnotherTransaction, whenFree } from './db/gate.ts';

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
export { schema };

/**
 * How long a write waits synchronously for another process's lock (a backup, the seed command) before it is
 * told busy. better-sqlite3 waits inside SQLite's busy handler, which stalls the whole process: the server's
 * connections wait only briefly (decision 0085), and the server waits for a lock held longer between tries
 * that never block (platform/write-lock.ts: five seconds in all for a request's write). A command-line script
 * blocks nobody else and waits synchronously. `request` covers the rare race in which another process takes
 * the lock between the awaited wait and the write; background work (the outbox worker, the periodic jobs)
 * waits the same way and tries again at its next tick.
 */
export const BUSY_TIMEOUT_MS = { script: 5_000, request: 250, background: 100 } as const;

/** How much of the database file a request connection maps into memory: all of it, up to a 1 GB town. */
export const REQUEST_MMAP_BYTES = 1024 * 1024 * 1024;

/**
 * A write refused because another process holds or took the lock (tried again later, not a fault of
 * ours): SQLITE_BUSY after the busy timeout, and its extended codes, among them SQLITE_BUSY_SNAPSHOT,
 * which SQLite answers at once, without waiting, when a transaction that read first cannot then write
 * because another process committed in between.
 */
export function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}

/**
 * A connection with the portal's pragmas. `for`: `request` for the server's request connections, `background`
 * for its workers, `script` (the default) for commands, tests and start-up (see BUSY_TIMEOUT_MS).
 */
export function openDatabase(file: string, options: { for?: keyof typeof BUSY_TIMEOUT_MS } = {}): DB {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS[options.for ?? 'script']}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  // SQLite's default page cache is 2 MB; public pages read a 10,000-project town at random, and a 64 MB cache
  // held the page data reads to ~0.3 ms against ~0.5 ms (decision 0046). The file is also read through a
  // memory map (decision 0060): a page not in that cache is read in place rather than copied in by a system
  // call, and refilling the cache after another connection's commit (the jobs worker's) costs nothing.
  // Background work keeps the defaults.
  if ((options.for ?? 'script') !== 'background') {
    sqlite.pragma('cache_size = -65536');
    sqlite.pragma(`mmap_size = ${REQUEST_MMAP_BYTES}`);
  }
  const log: QueryLog = { listener: undefined, logQuery: (query) => log.listener?.(query) };
  const db = drizzle({ client: withStatementCache(sqlite), schema, logger: log }) as DB;
  bindOutOfThePlannersSight(db);
  writeTransactionsTakeTheLockFirst(db);
  queryLogs.set(db, log);
  // Code that prepares its own statements (and may set pluck or raw on them) gets the plain connection.
  db.$client = sqlite;
  return db;
}

/**
 * A connection that only reads an existing database, for work off the serving thread (the search index
 * worker, the bench): SQLite's default caches, no statement cache, waiting up to 5 s for a lock.
 */
export function openReader(file: string, options: { readonly?: boolean } = {}): DB {
  const sqlite = new Database(file, { fileMustExist: true, readonly: options.readonly ?? false });
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS.request}`);
  const db = drizzle({ client: sqlite, schema }) as DB;
  db.$client = sqlite;
  return db;
}

interface QueryLog {
  listener: ((sql: string) => void) | undefined;
  logQuery(query: string): void;
}
const queryLogs = new WeakMap<object, QueryLog>();

/**
 * Calls `listener` with the SQL of every query drizzle runs on this connection (prepared ones each time
 * they run) until the returned function is called: how tests count the queries a screen makes.
 */
export function onQuery(db: DB, listener: (sql: string) => void): () => void {
  const log = queryLogs.get(db);
  if (!log) throw new Error('onQuery: not a connection from openDatabase');
  log.listener = listener;
  return () => void (log.listener = undefined);
}

/** How many distinct SQL texts keep their compiled statement (least recently used ones are dropped). */
const STATEMENT_CACHE_SIZE = 500;

/** The connection behind drizzle's client (the statement cache's proxy): what `db.$client` is. */
const underProxy = new WeakMap<object, Database.Database>();

/**
 * The connection as drizzle sees it: `prepare` answers from a cache keyed by the SQL text, so the same
 * query built again (drizzle builds the same text for the same query) skips SQLite's parser and planner —
 * about a tenth of a page's server time on a cache miss, by a profile at 10,000 projects (decision 0046). A
 * statement comes back in the mode a fresh one has (drizzle sets raw itself when it wants arrays); one still being
 * iterated is never handed out twice.
 */
function withStatementCache(sqlite: Database.Database): Database.Database {
  const cache = new Map<string, Database.Statement>();
  const prepare = (source: string): Database.Statement => {
    const known = cache.get(source);
    if (known && !known.busy) {
      cache.delete(source);
      cache.set(source, known);
      if (known.reader) known.raw(false).pluck(false).expand(false);
      return known;
    }
    const stmt = sqlite.prepare(source);
    if (known) return stmt;
    cache.set(source, stmt);
    if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return stmt;
  };
  const client = new Proxy(sqlite, {
    get(target, key) {
      if (key === 'prepare') return prepare;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  underProxy.set(client, sqlite);
  return client;
}

/**
 * Every value drizzle binds is written `+?`, not `?` (decision 0051). SQLite 3.47+
 * reads a bound value while planning (a LIMIT, or an `=` term some candidate plan does not use through
 * an index) and marks the statement to be re-prepared when that parameter is bound again; better-sqlite3
 * clears the bindings after every run, which counts as binding again. So most statements with an
 * ORDER BY or a LIMIT were compiled anew on every run: 10–50 µs a query instead of 2–5, over half of a
 * project page's database time. Unary plus is a no-op on any value (same value, same type, no
 * affinity, like the bare parameter), and the planner does not look through it; the plans stay the same.
 */
function bindOutOfThePlannersSight(db: DB): void {
  const dialect = (db as unknown as { dialect: { escapeParam(num: number): string } }).dialect;
  dialect.escapeParam = () => '+?';
}

/**
 * `db.transaction` begins IMMEDIATE unless told otherwise: the write lock is taken at BEGIN, where the busy
 * timeout waits for it. SQLite's default (DEFERRED) reads first and asks for the lock at the first write;
 * if another process committed in between, SQLite answers SQLITE_BUSY_SNAPSHOT at once, without waiting,
 * and the whole write fails. A submission read its sequence number, then lost it that way to a test
 * process writing beside the server (CI, 2026-12-04). Reads that want a snapshot use readSnapshot.
 */
function writeTransactionsTakeTheLockFirst(db: DB): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn, config) => {
    // While the asynchronous face (db/async-session.ts) has a transaction open on this connection, a synchronous
    // one begun from elsewhere would become a savepoint inside it and commit or roll back with it.
    if (heldByAnotherTransaction(db.$client)) throw new Error('the connection is held by an asynchronous transaction');
    return transaction(fn, { behavior: 'immediate', ...config });
  }) as DB['transaction'];
}

/** Where the committed migrations live, resolved from this source file (scripts and tests run from source). */
export function migrationsFolder(): string {
  return (
    process.env.MIGRATIONS_DIR ||
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../db/migrations')
  );
}

export function migrateDatabase(db: DB): void {
  migrate(db, { migrationsFolder: migrationsFolder() });
}

/** One trivial round trip to the database: whether it answers (the health check times it). */
export function pingDatabase(db: DB): void {
  db.$client.prepare('select 1').get();
}

/**
 * Keeps the query planner's statistics current as the data grows (SQLite's recommended `pragma optimize`,
 * cheap when nothing changed). PostgreSQL's autovacuum analyzes on its own.
 */
export function optimizeDatabase(db: DB): void {
  db.$client.pragma('optimize');
}

let shared: DB | undefined;
/** The server's connection to the configured database, for requests. */
export function db(): DB {
  shared ??= openDatabase(config().databasePath, { for: 'request' });
  return shared;
}

export function closeDb(): void {
  shared?.$client.close();
  shared = undefined;
}

/**
 * The connection under a drizzle database or transaction: its session's client, the same object for the
 * connection and every transaction on it (else the object itself). Statements prepared on a connection run
 * in whichever transaction is open on it: better-sqlite3 has one connection per Database and is synchronous.
 */
export function connectionOf(db: object): object {
  const client = (db as { session?: { client?: object } }).session?.client;
  // The raw connection, not the statement cache's proxy in front of it: readSnapshot knows it as
  // `db.$client`, and a memo read in a snapshot must find that snapshot (else nothing read in one is kept).
  return client ? (underProxy.get(client) ?? client) : db;
}

const statements = {
  sync: new WeakMap<object, Map<string, unknown>>(),
  async: new WeakMap<object, Map<string, unknown>>(),
};
/**
 * A prepared query built once per connection and reused: drizzle's query builder costs a few tenths of a
 * millisecond per call, which adds up on hot public pages and on every form sent (bind values with
 * sql.placeholder()). A transaction shares its connection's statements. A placeholder in a WHERE clause is
 * bound as given, not through its column's encoder (an insert's values are encoded): bind a timestamp or
 * boolean there as the stored number.
 */
export function preparedOnce<T>(db: object, key: string, build: () => T): T {
  const owner = connectionOf(db);
  // The asynchronous face prepares statements of its own over the same connection (db/async-session.ts).
  const faces = (db as { resultKind?: string }).resultKind === 'async' ? statements.async : statements.sync;
  let map = faces.get(owner);
  if (!map) faces.set(owner, (map = new Map()));
  let stmt = map.get(key) as T | undefined;
  if (stmt === undefined) map.set(key, (stmt = build()));
  return stmt;
}

/**
 * Runs a synchronous read in one read transaction. A public page runs ~45 queries: together they see one
 * snapshot of the database (no page half before and half after an officer's save), and SQLite takes its
 * WAL read lock once rather than around every statement (~2 µs each; a project page's view 13–28% faster,
 * measured). Inside a transaction already, it simply reads. Never pass a function that awaits: the
 * transaction ends when it returns.
 */
export function readSnapshot<T>(db: DB, read: () => T extends PromiseLike<unknown> ? never : T): T {
  const client = db.$client;
  if (client.inTransaction) return read();
  const [begin, commit, rollback] = preparedOnce(
    db,
    'snapshot',
    () => [client.prepare('begin'), client.prepare('commit'), client.prepare('rollback')] as const,
  );
  begin.run();
  snapshots.set(client, {});
  try {
    const value = read();
    commit.run();
    return value;
  } finally {
    snapshots.delete(client);
    // A read that threw (or a commit that failed) must not leave the shared connection in a transaction:
    // every later page would read that one old snapshot.
    if (client.inTransaction) rollback.run();
  }
}

/** The snapshot a connection is reading in, if any (readSnapshot): the database cannot change under it. */
const snapshots = new WeakMap<object, { version?: number }>();

/** The asynchronous face's snapshot begins and ends here too, so the memos below keep what it reads. */
export function enterSnapshot(client: Database.Database): void {
  snapshots.set(client, {});
}
export function leaveSnapshot(client: Database.Database): void {
  snapshots.delete(client);
}

/**
 * The public data version: moved by triggers on every table residents can see and every setting but the
 * private bookkeeping (migrations 0007, 0009 and later), whichever process writes. The page cache keys
 * pages by it, and the memos below. Read in a transaction, it includes the transaction's own writes.
 */
export function publicDataVersion(db: object): number {
  const client = connectionOf(db) as Database.Database;
  const snapshot = snapshots.get(client);
  if (snapshot?.version !== undefined) return snapshot.version;
  const stmt = preparedOnce(db as Pick<DB, 'select'>, 'publicData.version', () =>
    client.prepare('select version from public_data_version where id = 1').pluck(),
  );
  const version = (stmt.get() as number | undefined) ?? 0;
  // In a snapshot nothing changes: read once, not by each of a page's memos.
  if (snapshot) snapshot.version = version;
  return version;
}

/** publicDataVersion read through the asynchronous face: once no other transaction holds the connection. */
export function publicDataVersionAsync(db: object): Promise<number> {
  return whenFree(gateOf(connectionOf(db) as Database.Database), () => publicDataVersion(db));
}

const publicMemos = new WeakMap<object, { version: number; values: Map<string, unknown> }>();
/**
 * A value read or built from public data, kept until public_data_version moves: reference data (the
 * business calendar, the town profile, the local law, compliance settings and storms) and whole lists
 * (the open-data list, the map's points, a list count). Records requests, sessions, the outbox, audit rows
 * and counters do not move it, so a submission no longer drops the calendar.
 *
 * In a transaction that writes, a value kept under the version it reads is used (nothing public has
 * changed in it); one it computes is not kept, since the transaction may yet roll back. A transaction
 * that changed public data reads a version nothing was kept under, so it reads its own writes.
 */
/** `db`: the connection or a transaction on it. */
export function memoUntilPublicChange<T>(db: object, key: string, compute: () => T): T {
  const client = connectionOf(db) as Database.Database;
  const version = publicDataVersion(db);
  const held = publicMemos.get(client);
  if (held?.version === version && held.values.has(key)) return held.values.get(key) as T;
  const value = compute();
  if (client.inTransaction && !snapshots.has(client)) return value;
  if (held?.version === version) held.values.set(key, value);
  else publicMemos.set(client, { version, values: new Map([[key, value]]) });
  return value;
}

/**
 * memoUntilPublicChange for a value read through the asynchronous face (decision 0080). Another transaction may
 * commit while `compute` awaits: the value is kept only if the version it was read at is still the current one.
 */
export async function memoUntilPublicChangeAsync<T>(db: object, key: string, compute: () => Promise<T>): Promise<T> {
  const client = connectionOf(db) as Database.Database;
  const gate = gateOf(client);
  type Start = { kept: T } | { version: number; inWrite: boolean; inSnapshot: boolean };
  const start = await whenFree(gate, (): Start => {
    const version = publicDataVersion(db);
    const held = publicMemos.get(client);
    if (held?.version === version && held.values.has(key)) return { kept: held.values.get(key) as T };
    return { version, inWrite: client.inTransaction && !snapshots.has(client), inSnapshot: snapshots.has(client) };
  });
  if ('kept' in start) return start.kept;
  const { version } = start;
  const value = await compute();
  if (start.inWrite) return value;
  await whenFree(gate, () => {
    if (!start.inSnapshot && publicDataVersion(db) !== version) return;
    const current = publicMemos.get(client);
    if (current?.version === version) current.values.set(key, value);
    else publicMemos.set(client, { version, values: new Map([[key, value]]) });
  });
  return value;
}
