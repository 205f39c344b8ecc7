/**
 * db/pg/schema.ts is db/schema.ts on PostgreSQL (decision 0080, section 2): the same tables, columns
 * (names, nullability, defaults present, types by the mapping), primary keys, indexes and foreign keys,
 * with tenant_id in every table, first in every index and in every primary key that is not an identity.
 * At run time through `getTableConfig`; in the compiler, every table's row types are equal (without
 * tenantId), so a column changed on one side only fails `tsc` too. The twin is generated
 * (`npm run db:pg:twin`): a failure here means it was not regenerated, or the generator lacks a mapping.
 */
import { is, SQL, StringChunk, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import { getTableConfig as pgConfig, PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, test } from 'vitest';
import * as pgSchema from '../../db/pg/schema.ts';
import * as sqliteSchema from '../../db/schema.ts';

// ---------------------------------------------------------------------------------------------
// The compiler's half: for every SQLite table, the twin of the same export name with the same row types.

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Flat<T> = { [K in keyof T]: T[K] };
type SqliteTables = {
  [
    K in keyof typeof sqliteSchema as (typeof sqliteSchema)[K] extends SQLiteTable ? K : never
  ]: (typeof sqliteSchema)[K];
};
type SelectTwin<K extends keyof SqliteTables> = K extends keyof typeof pgSchema
  ? (typeof pgSchema)[K] extends PgTable
    ? Equal<Flat<InferSelectModel<SqliteTables[K]>>, Flat<Omit<InferSelectModel<(typeof pgSchema)[K]>, 'tenantId'>>>
    : false
  : false;
type InsertTwin<K extends keyof SqliteTables> = K extends keyof typeof pgSchema
  ? (typeof pgSchema)[K] extends PgTable
    ? Equal<Flat<InferInsertModel<SqliteTables[K]>>, Flat<Omit<InferInsertModel<(typeof pgSchema)[K]>, 'tenantId'>>>
    : false
  : false;
/**
 * The tables whose twin differs in TypeScript: must be none, but for one known difference in what an insert
 * must give: SQLite fills an `integer primary key` that is not autoincrement (a rowid), so such a key is
 * optional there; on PostgreSQL the key is (tenant_id, it) and it is given. public_data_version's `id` (the
 * trigger of db/pg/migrations/0002_public_data_triggers.sql gives 1) and reminder_preferences' `user_id` (always the account's). Their
 * select rows are still checked.
 */
type InsertDifferences = 'publicDataVersion' | 'reminderPreferences';
type NotTwins = {
  [K in keyof SqliteTables]: SelectTwin<K> extends true
    ? InsertTwin<K> extends true
      ? never
      : K extends InsertDifferences
        ? never
        : K
    : K;
}[keyof SqliteTables];
const everyTableIsATwin: Equal<NotTwins, never> = true;
/** And a tenant_id the domain never has to give. */
type TenantIdIsOptional = InferInsertModel<typeof pgSchema.projects> extends { tenantId?: number } ? true : false;
const tenantIdIsOptional: TenantIdIsOptional = true;

// ---------------------------------------------------------------------------------------------
// The run time's half.

const sqliteTables = Object.values(sqliteSchema as Record<string, unknown>).filter((value): value is SQLiteTable =>
  is(value, SQLiteTable),
);
const pgTables = new Map(
  Object.values(pgSchema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => [pgConfig(table).name, table]),
);

const TYPES: Record<string, string> = {
  SQLiteInteger: 'PgInteger',
  SQLiteTimestamp: 'PgTimestamp',
  SQLiteBoolean: 'PgBoolean',
  SQLiteReal: 'PgDoublePrecision',
  SQLiteText: 'PgText',
  SQLiteTextJson: 'PgJsonb',
};
const SQLITE_NOW = "(cast(unixepoch('subsec') * 1000 as integer))";

const isIdentity = (column: SQLiteColumn) => (column as unknown as { autoIncrement?: boolean }).autoIncrement === true;
const sqlText = (value: SQL) =>
  value.queryChunks
    .map((chunk) =>
      is(chunk, StringChunk) ? chunk.value.join('') : is(chunk, SQLiteColumn) || is(chunk, PgColumn) ? chunk.name : '?',
    )
    .join('');
const defaultOf = (value: unknown) =>
  is(value, SQL) ? (sqlText(value) === SQLITE_NOW ? 'now()' : sqlText(value)) : JSON.stringify(value);
/** An index part as text: a column's name, `name desc`, or an expression's SQL. */
const partOf = (part: unknown): string => {
  if (is(part, SQLiteColumn)) return part.name;
  if (is(part, PgColumn))
    return (part as PgColumn & { indexConfig?: { order?: string } }).indexConfig?.order === 'desc'
      ? `${part.name} desc`
      : part.name;
  if (is(part, SQL)) return sqlText(part).trim();
  const indexed = part as { name?: string; indexConfig?: { order?: string } };
  return indexed.indexConfig?.order === 'desc' ? `${indexed.name} desc` : String(indexed.name);
};

describe('db/pg/schema.ts is the twin of db/schema.ts', () => {
  test('the compiler agrees (this file would not compile otherwise)', () => {
    expect(everyTableIsATwin).toBe(true);
    expect(tenantIdIsOptional).toBe(true);
  });

  test('the same tables, plus the tenants registry', () => {
    expect([...pgTables.keys()].sort()).toEqual(
      ['tenants', ...sqliteTables.map((table) => sqliteConfig(table).name)].sort(),
    );
    expect(sqliteTables.length).toBeGreaterThanOrEqual(64);
  });

  describe.each(sqliteTables.map((table) => [sqliteConfig(table).name, table] as const))('%s', (name, sqliteTable) => {
    const sqlite = sqliteConfig(sqliteTable);
    const pg = pgConfig(pgTables.get(name)!);

    test('the same columns: names, types by the mapping, nullability, defaults', () => {
      const shape = (column: SQLiteColumn | PgColumn, type: string) => ({
        name: column.name,
        type,
        notNull: column.notNull,
        default: column.default === undefined ? null : defaultOf(column.default),
        enum: column.enumValues ?? null,
      });
      expect(
        pg.columns.filter((column) => column.name !== 'tenant_id').map((column) => shape(column, column.columnType)),
      ).toEqual(
        sqlite.columns.map((column) => shape(column, TYPES[column.columnType] ?? `unmapped ${column.columnType}`)),
      );
      const tenantId = pg.columns.find((column) => column.name === 'tenant_id')!;
      expect(tenantId).toMatchObject({ notNull: true, hasDefault: true, columnType: 'PgInteger' });
      expect(defaultOf(tenantId.default)).toBe("(current_setting('app.tenant'))::integer");
    });

    test('the same primary key, with tenant_id first unless it is an identity', () => {
      const sqliteSingle = sqlite.columns.filter((column) => column.primary);
      const pgSingle = pg.columns.filter((column) => column.primary);
      const identity = sqliteSingle.filter(isIdentity);
      expect(pgSingle.map((column) => column.name)).toEqual(identity.map((column) => column.name));
      for (const column of identity)
        expect(pg.columns.find((twin) => twin.name === column.name)).toMatchObject({
          generatedIdentity: { type: 'byDefault' },
        });
      const sqliteKey = [
        ...sqliteSingle.filter((column) => !isIdentity(column)).map((column) => column.name),
        ...sqlite.primaryKeys.flatMap((key) => key.columns.map((column) => column.name)),
      ];
      expect(pg.primaryKeys.map((key) => key.columns.map((column) => column.name))).toEqual(
        sqliteKey.length ? [['tenant_id', ...sqliteKey]] : [],
      );
    });

    test('the same indexes and unique indexes, each led by tenant_id', () => {
      const shape = (config: { name?: string; unique: boolean; where?: SQL; columns: unknown[] }, lead: string[]) => ({
        name: config.name,
        unique: config.unique,
        where: config.where ? sqlText(config.where) : null,
        columns: [...lead, ...config.columns.map(partOf)],
      });
      const sorted = <T extends { name?: string }>(list: T[]) =>
        list.sort((a, b) => String(a.name).localeCompare(String(b.name)));
      expect(sorted(pg.indexes.map((index) => shape(index.config, [])))).toEqual(
        sorted(sqlite.indexes.map((index) => shape(index.config, ['tenant_id']))),
      );
      expect(pg.uniqueConstraints).toEqual([]);
    });

    test('the same foreign keys, and tenant_id references tenants', () => {
      const shape = (fk: (typeof sqlite.foreignKeys)[number] | (typeof pg.foreignKeys)[number]) => {
        const reference = fk.reference();
        const target = is(reference.foreignTable, PgTable)
          ? pgConfig(reference.foreignTable)
          : sqliteConfig(reference.foreignTable as SQLiteTable);
        // A reference to a table's own key (not an automatic id) is (tenant_id, key) on PostgreSQL, as that key is.
        const tenantPair = (names: string[]) =>
          names.length === 2 && names[0] === 'tenant_id' ? names.slice(1) : names;
        return {
          columns: tenantPair(reference.columns.map((column) => column.name)),
          table: target.name,
          to: tenantPair(reference.foreignColumns.map((column) => column.name)),
          onDelete: fk.onDelete ?? 'no action',
          onUpdate: fk.onUpdate ?? 'no action',
        };
      };
      const key = (fk: ReturnType<typeof shape>) => `${fk.columns.join()}→${fk.table}`;
      const byKey = <T extends ReturnType<typeof shape>>(list: T[]) =>
        list.sort((a, b) => key(a).localeCompare(key(b)));
      expect(byKey(pg.foreignKeys.map(shape))).toEqual(
        byKey([
          ...sqlite.foreignKeys.map(shape),
          { columns: ['tenant_id'], table: 'tenants', to: ['id'], onDelete: 'no action', onUpdate: 'no action' },
        ]),
      );
    });
  });
});
