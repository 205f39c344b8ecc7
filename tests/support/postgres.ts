/**
 * A PostgreSQL server for the tests (decision 0080, section 8): `TEST_DATABASE_URL` when set (a superuser's
 * URL, e.g. `.ci/run`'s 127.0.0.1:5432), otherwise a throwaway cluster from the machine's binaries
 * (`initdb` in a temporary directory, listening only on a Unix socket there, durability off), stopped and
 * removed by `stop()`. initdb refuses to run as root: as root the cluster runs as the `postgres` system user
 * (made when missing). `findPostgres()` says why not when neither exists, for the tests to print and skip.
 *
 * Each test file starts one server (or uses the URL) and makes fresh databases on it with `migratedDatabase`:
 * the roles of db/pg/roles.sql, a database owned by portal_owner, db/pg/migrations applied as portal_owner.
 */
import { execFile as execFileCallback } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';

const execFile = promisify(execFileCallback);
const ROOT = new URL('../../', import.meta.url);
export const PG_MIGRATIONS = new URL('db/pg/migrations', ROOT).pathname;
const ROLES_SQL = new URL('db/pg/roles.sql', ROOT);

/** Where the binaries may be: the PATH, then Debian's versioned directories (newest first). */
function binDirectories(): string[] {
  const debian = '/usr/lib/postgresql';
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join(debian, version, 'bin'))
    : [];
  return [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/local/bin', ...versions];
}

export type PostgresAvailability =
  { kind: 'url'; url: string } | { kind: 'binaries'; bin: string } | { kind: 'none'; reason: string };

export function findPostgres(): PostgresAvailability {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return { kind: 'url', url };
  for (const dir of binDirectories())
    if (['initdb', 'pg_ctl', 'postgres'].every((bin) => fs.existsSync(path.join(dir, bin))))
      return { kind: 'binaries', bin: dir };
  return {
    kind: 'none',
    reason: `no TEST_DATABASE_URL and no initdb, pg_ctl and postgres on the PATH or under /usr/lib/postgresql/*/bin (.ci/run installs Debian's postgresql)`,
  };
}

export interface PostgresServer {
  /** Connection settings for `user` on `database` (default: the superuser's `postgres` database). */
  config(options?: { user?: string; database?: string }): pg.ClientConfig;
  /** What starting the server took, in ms (0 for TEST_DATABASE_URL). */
  startMs: number;
  describe: string;
  stop(): Promise<void>;
}

let databaseCounter = 0;
/** The databases made on a TEST_DATABASE_URL server, dropped by its `stop()`. */
const createdDatabases = new WeakMap<PostgresServer, string[]>();

export async function startPostgres(): Promise<PostgresServer> {
  const found = findPostgres();
  if (found.kind === 'none') throw new Error(`PostgreSQL is not available: ${found.reason}`);
  const created: string[] = [];
  if (found.kind === 'url') {
    const base = new URL(found.url);
    const server: PostgresServer = {
      startMs: 0,
      describe: `TEST_DATABASE_URL (${base.host})`,
      // Another role than the URL's logs in without a password (trust or peer for the test roles).
      config: ({ user, database } = {}) => {
        const url = new URL(found.url);
        if (user && user !== decodeURIComponent(url.username)) {
          url.username = user;
          url.password = '';
        }
        if (database) url.pathname = `/${database}`;
        return { connectionString: url.toString() };
      },
      stop: async () => {
        const client = new pg.Client(server.config());
        await client.connect();
        try {
          for (const database of created) await client.query(`drop database if exists "${database}" with (force)`);
        } finally {
          await client.end();
        }
      },
    };
    createdDatabases.set(server, created);
    return server;
  }

  const started = performance.now();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-pg-'));
  if (asRoot) {
    await execFile('id', ['-u', 'postgres']).catch(() =>
      execFile('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']),
    );
    await execFile('chown', ['postgres:', dir]);
  }
  const run = (bin: string, args: string[]) =>
    asRoot
      ? execFile('runuser', ['-u', 'postgres', '--', path.join(found.bin, bin), ...args])
      : execFile(path.join(found.bin, bin), args);
  const data = path.join(dir, 'data');
  const port = 5432;
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = [
    `-c listen_addresses=''`,
    `-k ${dir}`,
    `-p ${port}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=40',
    '-c shared_buffers=32MB',
  ].join(' ');
  try {
    await run('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', path.join(dir, 'log'), '-o', options]);
  } catch (error) {
    const log = fs.existsSync(path.join(dir, 'log')) ? fs.readFileSync(path.join(dir, 'log'), 'utf8') : '';
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`pg_ctl start failed: ${String(error)}\n${log}`, { cause: error });
  }
  return {
    startMs: performance.now() - started,
    describe: `a throwaway cluster (${found.bin}, socket in ${dir})`,
    config: ({ user = 'postgres', database = 'postgres' } = {}) => ({ host: dir, port, user, database }),
    stop: async () => {
      await run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']).catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database on `server`: the roles (db/pg/roles.sql, as the superuser), a database owned by
 * portal_owner, then every migration of db/pg/migrations applied as portal_owner. Returns its name and
 * what applying the migrations took.
 */
export async function migratedDatabase(server: PostgresServer): Promise<{ database: string; migrateMs: number }> {
  const database = `portal_test_${process.pid}_${++databaseCounter}`;
  const admin = new pg.Client(server.config());
  await admin.connect();
  try {
    await admin.query(fs.readFileSync(ROLES_SQL, 'utf8'));
    await admin.query(`create database "${database}" owner portal_owner`);
  } finally {
    await admin.end();
  }
  createdDatabases.get(server)?.push(database);
  const started = performance.now();
  const owner = new pg.Client(server.config({ user: 'portal_owner', database }));
  await owner.connect();
  try {
    await migrate(drizzle({ client: owner }), { migrationsFolder: PG_MIGRATIONS });
  } finally {
    await owner.end();
  }
  return { database, migrateMs: performance.now() - started };
}
