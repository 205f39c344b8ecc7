/**
 * One row inserted through a statement prepared once per connection, table and set of columns. drizzle
 * builds an insert's SQL afresh on every call: ~0.1–0.4 ms a row, by the number of columns. That is a
 * tenth of the demo town's load (~2,500 documents and inspections; decision 0042) and a good part of a
 * records-request submission (the request, its items and events, the audit row and the outbox row,
 * the mixed load's writes). Same rows, same values: drizzle maps each value through its column's encoder as it
 * does for an unprepared insert.
 *
 * A transaction and its connection share the statements: a statement prepared on the connection runs in
 * whichever transaction is open on it (better-sqlite3 has one connection per Database, and statements
 * are synchronous).
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { preparedOnce, type DB } from '#lib/server/platform/db.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';

interface PreparedInsert {
  get(values: Record<string, unknown>): { id: number };
}

interface PreparedInsertAsync {
  get(values: Record<string, unknown>): Promise<{ id: number }>;
}

/** The table's `id` column: what an insert returns (`returning`, which both engines speak). */
function idColumn(table: SQLiteTable): SQLiteColumn {
  const id = getTableColumns(table).id;
  if (!id) throw new Error(`insertRow: ${getTableName(table)} has no id column`);
  return id;
}

const jsDefaults = new WeakMap<SQLiteTable, boolean>();
/**
 * Whether a column's default or update value is computed in JavaScript ($defaultFn, $onUpdate): drizzle
 * computes it when it builds the statement, so a prepared one would give every row the first row's value.
 * Such a table is inserted the ordinary way. (The schema's defaults are SQL today, evaluated per row.)
 */
function hasJsDefaults(table: SQLiteTable): boolean {
  let has = jsDefaults.get(table);
  if (has === undefined) {
    has = Object.values(getTableColumns(table)).some((c) => c.defaultFn !== undefined || c.onUpdateFn !== undefined);
    jsDefaults.set(table, has);
  }
  return has;
}

/**
 * The statement that inserts `row`'s columns into `table`, prepared once per connection and face, and the
 * values it binds; undefined for a table whose defaults drizzle computes (inserted the ordinary way).
 */
function preparedInsert<T extends SQLiteTable, Q>(
  tx: { insert: Pick<DB, 'insert'>['insert'] } | { insert: Pick<Db, 'insert'>['insert'] },
  table: T,
  row: T['$inferInsert'],
): { statement: Q; params: Record<string, unknown> } | undefined {
  if (hasJsDefaults(table)) return undefined;
  const values = row as Record<string, unknown>;
  const keys = Object.keys(values).filter((k) => values[k] !== undefined);
  // A null is written into the statement: drizzle's encoders are not given nulls to map.
  const shape = `${getTableName(table)}(${keys.map((k) => (values[k] === null ? `${k}=null` : k)).join(',')})`;
  const statement = preparedOnce(tx, `insert:${shape}`, () => {
    const columns: Record<string, SQL | ReturnType<typeof sql.placeholder>> = {};
    for (const k of keys) columns[k] = values[k] === null ? sql`null` : sql.placeholder(k);
    return (tx as Pick<DB, 'insert'>)
      .insert(table)
      .values(columns as T['$inferInsert'])
      .returning({ id: idColumn(table) })
      .prepare() as unknown as Q;
  });
  const params: Record<string, unknown> = {};
  for (const k of keys) if (values[k] !== null) params[k] = values[k];
  return { statement, params };
}

/** Insert one row; its id. Columns left undefined take their defaults, as with `tx.insert(table).values(row)`. */
export function insertRow<T extends SQLiteTable>(tx: Pick<DB, 'insert'>, table: T, row: T['$inferInsert']): number {
  const prepared = preparedInsert<T, PreparedInsert>(tx, table, row);
  if (prepared) return prepared.statement.get(prepared.params).id;
  const inserted = tx
    .insert(table)
    .values(row)
    .returning({ id: idColumn(table) })
    .get() as { id: number };
  return inserted.id;
}

/** `insertRow` on the asynchronous face (decision 0080): the same prepared insert, in the caller's transaction. */
export async function insertRowAsync<T extends SQLiteTable>(
  tx: Pick<Db, 'insert'>,
  table: T,
  row: T['$inferInsert'],
): Promise<number> {
  const prepared = preparedInsert<T, PreparedInsertAsync>(tx, table, row);
  if (prepared) return (await prepared.statement.get(prepared.params)).id;
  const [inserted] = (await tx
    .insert(table)
    .values(row)
    .returning({ id: idColumn(table) })) as Array<{ id: number }>;
  return inserted!.id;
}
