/**
 * The PostgreSQL schema on a real server (decision 0080, step 5): db/pg/migrations apply to a fresh
 * database as portal_owner; every tenant table is held by row-level security, so portal_app with no
 * `app.tenant` reads nothing and inserts nothing, and with tenant A set reads A's rows and never B's, in
 * every table; a public table's write bumps that tenant's public_data_version and sends the NOTIFY; the
 * server's role cannot get around any of it. Not served yet: nothing in src/ uses PostgreSQL.
 *
 * Runs on TEST_DATABASE_URL or a throwaway cluster (tests/support/postgres.ts); skipped, saying why, only
 * when the machine has neither.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as schema from '../../db/pg/schema.ts';
import { findPostgres, migratedDatabase, startPostgres, type PostgresServer } from '../support/postgres.ts';
import { ROOT } from '../support/portal.ts';

const availability = findPostgres();
if (availability.kind === 'none') console.warn(`PostgreSQL schema tests not run: ${availability.reason}`);

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));
const tenantTables = tables.filter((table) => getTableConfig(table).name !== 'tenants');
const PUBLIC_TABLE = 'closures';

describe.skipIf(availability.kind === 'none')('PostgreSQL schema and row-level security', () => {
  let server: PostgresServer;
  let database: string;
  let tenantA: number;
  let tenantB: number;
  const clients: pg.Client[] = [];

  async function connect(user: string) {
    const client = new pg.Client(server.config({ user, database }));
    await client.connect();
    clients.push(client);
    return client;
  }

  /** `work` in one transaction of `client` with `app.tenant` set to `tenant` for it only. */
  async function asTenant<T>(client: pg.Client, tenant: number, work: () => Promise<T>): Promise<T> {
    await client.query('begin');
    try {
      await client.query(`select set_config('app.tenant', $1, true)`, [String(tenant)]);
      const result = await work();
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  }

  beforeAll(async () => {
    server = await startPostgres();
    const migrated = await migratedDatabase(server);
    database = migrated.database;
    console.log(
      `PostgreSQL: ${server.describe}; started in ${Math.round(server.startMs)} ms, migrations applied in ${Math.round(migrated.migrateMs)} ms`,
    );
    const owner = await connect('portal_owner');
    const made = await owner.query<{ id: number }>(
      `insert into tenants (slug, name) values ('rotterdam', 'Town of Rotterdam'), ('pinebrook', 'Village of Pinebrook') returning id`,
    );
    [tenantA, tenantB] = made.rows.map((row) => row.id) as [number, number];
    await seedEveryTable(await connect('portal_system'), [tenantA, tenantB]);
  });

  afterAll(async () => {
    for (const client of clients) await client.end().catch(() => undefined);
    await server?.stop();
  });

  test('the migrations made every table, the custom pieces and nothing for portal_app to own', async () => {
    const owner = await connect('portal_owner');
    const made = await owner.query<{ tablename: string; tableowner: string }>(
      `select tablename, tableowner from pg_tables where schemaname = 'public' order by tablename`,
    );
    expect(made.rows.map((row) => row.tablename).sort()).toEqual(
      tables.map((table) => getTableConfig(table).name).sort(),
    );
    expect(new Set(made.rows.map((row) => row.tableowner))).toEqual(new Set(['portal_owner']));
    const applied = await owner.query(`select count(*)::int as n from drizzle.__drizzle_migrations`);
    // Every migration in the folder's journal, each once.
    const journal = JSON.parse(fs.readFileSync(path.join(ROOT, 'db/pg/migrations/meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    expect(applied.rows[0].n).toBe(journal.entries.length);
    const trigram = await owner.query(
      `select indexdef from pg_indexes where indexname = 'records_requests_search_trgm'`,
    );
    expect(trigram.rows[0]?.indexdef).toMatch(/USING gin .*gin_trgm_ops/);
  });

  test('every tenant table has tenant_id from app.tenant, row-level security enabled and forced, and one policy', async () => {
    const owner = await connect('portal_owner');
    const security = await owner.query<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(
      `select relname, relrowsecurity, relforcerowsecurity from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r'`,
    );
    const policies = await owner.query<{
      tablename: string;
      qual: string;
      with_check: string;
      cmd: string;
      roles: string[];
    }>(`select tablename, qual, with_check, cmd, roles::text[] from pg_policies where schemaname = 'public'`);
    const defaults = await owner.query<{ table_name: string; column_default: string; is_nullable: string }>(
      `select table_name, column_default, is_nullable from information_schema.columns
        where table_schema = 'public' and column_name = 'tenant_id'`,
    );
    for (const table of tenantTables) {
      const name = getTableConfig(table).name;
      expect(
        security.rows.find((row) => row.relname === name),
        name,
      ).toMatchObject({
        relrowsecurity: true,
        relforcerowsecurity: true,
      });
      const policy = policies.rows.filter((row) => row.tablename === name);
      expect(policy, name).toHaveLength(1);
      expect(policy[0]).toMatchObject({ cmd: 'ALL', roles: ['public'] });
      for (const clause of [policy[0]!.qual, policy[0]!.with_check])
        expect(clause, name).toMatch(
          /tenant_id = \(NULLIF\(current_setting\('app\.tenant'::text, true\), ''::text\)\)::integer/,
        );
      expect(
        defaults.rows.find((row) => row.table_name === name),
        name,
      ).toMatchObject({
        is_nullable: 'NO',
        column_default: `(current_setting('app.tenant'::text))::integer`,
      });
    }
    expect(security.rows.find((row) => row.relname === 'tenants')?.relrowsecurity).toBe(false);
    expect(tenantTables).toHaveLength(tables.length - 1);
  });

  test('portal_app with no app.tenant reads nothing from any table and cannot insert', async () => {
    const app = await connect('portal_app');
    for (const table of tenantTables) {
      const name = getTableConfig(table).name;
      const read = await app.query(`select count(*)::int as n from "${name}"`);
      expect(read.rows[0].n, name).toBe(0);
    }
    await expect(
      app.query(`insert into closures (date, name, kind) values ('2027-01-01', 'x', 'closure')`),
    ).rejects.toThrow(/app\.tenant/);
    // After a transaction that set it locally, the setting is '' on this connection: still nothing.
    await asTenant(app, tenantA, async () => undefined);
    expect((await app.query(`select count(*)::int as n from projects`)).rows[0].n).toBe(0);
    await expect(
      app.query(`insert into closures (date, name, kind) values ('2027-01-01', 'x', 'closure')`),
    ).rejects.toThrow(/invalid input syntax for type integer/);
    await expect(
      app.query(`insert into closures (tenant_id, date, name, kind) values ($1, '2027-01-01', 'x', 'closure')`, [
        tenantA,
      ]),
    ).rejects.toThrow(/row-level security/);
  });

  test("with tenant A set, every table shows A's rows and never B's, and B's rows cannot be written", async () => {
    const app = await connect('portal_app');
    for (const [mine, theirs] of [
      [tenantA, tenantB],
      [tenantB, tenantA],
    ] as const) {
      await asTenant(app, mine, async () => {
        for (const table of tenantTables) {
          const name = getTableConfig(table).name;
          const seen = await app.query<{ tenant_id: number; n: number }>(
            `select tenant_id, count(*)::int as n from "${name}" group by tenant_id`,
          );
          expect(seen.rows, name).toEqual([{ tenant_id: mine, n: expect.any(Number) }]);
          const written = await app.query(`update "${name}" set tenant_id = tenant_id where tenant_id = $1`, [theirs]);
          expect(written.rowCount, name).toBe(0);
          const removed = await app.query(`delete from "${name}" where tenant_id = $1`, [theirs]);
          expect(removed.rowCount, name).toBe(0);
        }
      });
    }
    // Moving a row to the other tenant, or inserting one for it, fails the policy's check.
    await expect(
      asTenant(app, tenantA, () => app.query(`update closures set tenant_id = $1`, [tenantB])),
    ).rejects.toThrow(/row-level security/);
    await expect(
      asTenant(app, tenantA, () =>
        app.query(`insert into closures (tenant_id, date, name, kind) values ($1, '2027-07-05', 'x', 'closure')`, [
          tenantB,
        ]),
      ),
    ).rejects.toThrow(/row-level security/);
    // The same key in both tenants: unique indexes and primary keys lead with tenant_id.
    for (const tenant of [tenantA, tenantB])
      await asTenant(app, tenant, () => app.query(`insert into settings (key, value) values ('seq:R:2027', '1')`));
  });

  test("a public table's write bumps its tenant's version and notifies; a private one and another tenant's do not", async () => {
    const listener = await connect('portal_app');
    const heard: string[] = [];
    listener.on('notification', (message) => {
      if (message.channel === 'public_data') heard.push(message.payload ?? '');
    });
    await listener.query('listen public_data');
    const app = await connect('portal_app');
    const version = (tenant: number) =>
      asTenant(app, tenant, async () => {
        const row = await app.query<{ version: number }>(`select version from public_data_version where id = 1`);
        return row.rows[0]?.version ?? 0;
      });
    const [beforeA, beforeB] = [await version(tenantA), await version(tenantB)];

    await asTenant(app, tenantA, () =>
      app.query(`insert into ${PUBLIC_TABLE} (date, name, kind) values ('2027-02-15', 'Snow day', 'closure')`),
    );
    await asTenant(app, tenantA, () => app.query(`insert into settings (key, value) values ('seq:P:2027', '1')`));
    await asTenant(app, tenantA, () =>
      app.query(`insert into settings (key, value) values ('close_of_business', '16:30')`),
    );
    await asTenant(app, tenantA, () =>
      app.query(`insert into outbox (kind, to_address, subject, text_body) values ('x', 'a@b.c', 's', 't')`),
    );

    expect(await version(tenantA)).toBe(beforeA + 2);
    expect(await version(tenantB)).toBe(beforeB);
    await expect.poll(() => heard).toEqual([`${tenantA}:${beforeA + 1}`, `${tenantA}:${beforeA + 2}`]);
  });

  test('the roles cannot get around row-level security', async () => {
    const owner = await connect('portal_owner');
    const roles = await owner.query<{
      rolname: string;
      rolsuper: boolean;
      rolbypassrls: boolean;
      rolcreaterole: boolean;
    }>(
      `select rolname, rolsuper, rolbypassrls, rolcreaterole from pg_roles where rolname like 'portal_%' order by rolname`,
    );
    expect(roles.rows).toEqual([
      { rolname: 'portal_app', rolsuper: false, rolbypassrls: false, rolcreaterole: false },
      { rolname: 'portal_owner', rolsuper: false, rolbypassrls: false, rolcreaterole: false },
      { rolname: 'portal_system', rolsuper: false, rolbypassrls: true, rolcreaterole: false },
    ]);
    // Forced: the tables' owner is held too.
    expect((await owner.query(`select count(*)::int as n from projects`)).rows[0].n).toBe(0);

    const app = await connect('portal_app');
    await expect(app.query(`alter table projects disable row level security`)).rejects.toThrow(/must be owner/);
    await expect(app.query(`drop policy projects_tenant on projects`)).rejects.toThrow(/must be owner/);
    await expect(app.query(`set role portal_system`)).rejects.toThrow(/permission denied/);
    await expect(app.query(`set row_security = off`)).resolves.toBeDefined();
    await expect(app.query(`select count(*) from projects`)).rejects.toThrow(/row-level security/);
    await app.query(`reset row_security`);
    await expect(app.query(`select * from tenants`)).rejects.toThrow(/permission denied/);
    await expect(app.query(`create table mine (id int)`)).rejects.toThrow(/permission denied/);
  });
});

/**
 * One row in every tenant table for each tenant, written by portal_system (BYPASSRLS) with tenant_id given:
 * required columns get a plain value of their type, required references the same tenant's row, in an order
 * where every referenced table comes first. Optional columns stay null.
 */
async function seedEveryTable(system: pg.Client, tenants: number[]) {
  const pending = new Set(
    Object.values(schema as Record<string, unknown>)
      .filter((value): value is PgTable => is(value, PgTable))
      .filter((table) => getTableConfig(table).name !== 'tenants'),
  );
  const rows = new Map<string, Map<number, Record<string, unknown>>>();
  const required = (table: PgTable) =>
    getTableConfig(table).foreignKeys.flatMap((fk) => {
      const reference = fk.reference();
      // A reference to a natural key is (tenant_id, key): its second column is the one to fill.
      const at = reference.columns.length === 2 && reference.columns[0]!.name === 'tenant_id' ? 1 : 0;
      const column = reference.columns[at]!;
      if (column.name === 'tenant_id' || !column.notNull) return [];
      return [
        {
          column: column.name,
          table: getTableConfig(reference.foreignTable).name,
          to: reference.foreignColumns[at]!.name,
        },
      ];
    });
  while (pending.size) {
    const ready = [...pending].filter((table) =>
      required(table).every((reference) => rows.has(reference.table) || reference.table === getTableConfig(table).name),
    );
    if (!ready.length)
      throw new Error(`no order for ${[...pending].map((table) => getTableConfig(table).name).join(', ')}`);
    for (const table of ready) {
      const { name, columns } = getTableConfig(table);
      const byTenant = new Map<number, Record<string, unknown>>();
      for (const tenant of tenants) {
        const values: Record<string, unknown> = { tenant_id: tenant };
        for (const reference of required(table))
          values[reference.column] = rows.get(reference.table)!.get(tenant)![reference.to];
        for (const column of columns as PgColumn[]) {
          if (column.name in values || !column.notNull || column.hasDefault) continue;
          values[column.name] = plainValue(column);
        }
        const names = Object.keys(values);
        const inserted = await system.query(
          `insert into "${name}" (${names.map((key) => `"${key}"`).join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')}) returning *`,
          Object.values(values),
        );
        byTenant.set(tenant, inserted.rows[0]);
      }
      rows.set(name, byTenant);
      pending.delete(table);
    }
  }
}

function plainValue(column: PgColumn): unknown {
  if (column.enumValues?.length) return column.enumValues[0];
  switch (column.columnType) {
    case 'PgInteger':
      return 1;
    case 'PgDoublePrecision':
      return 1.5;
    case 'PgBoolean':
      return false;
    case 'PgTimestamp':
      return new Date();
    case 'PgJsonb':
      return JSON.stringify([]);
    case 'PgText':
      return 'x';
    default:
      throw new Error(`${column.name}: no plain value for ${column.columnType}`);
  }
}
