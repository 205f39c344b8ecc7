/**
 * Inserting the demo town's rows by the thousand (issue 17 item 6: the demo town loads in under 5 s on a
 * clean clone). drizzle builds an insert's SQL afresh on every call, ~0.3 ms a row here: for the demo
 * town's ~2,500 documents and inspections that was a tenth of the load. `insertRow` prepares one statement
 * per table and set of columns, within the seed's transaction, and binds each row to it: same rows, same
 * values (drizzle maps them through the columns' encoders as it does for an unprepared insert).
 */
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Tx } from '#lib/server/platform/audit.ts';

interface PreparedInsert {
  run(values: Record<string, unknown>): { lastInsertRowid: number | bigint };
}

const prepared = new WeakMap<object, Map<string, PreparedInsert>>();

/** Insert one row; its id. Columns left undefined take their defaults, as with `tx.insert(table).values(row)`. */
export function insertRow<T extends SQLiteTable>(tx: Tx, table: T, row: T['$inferInsert']): number {
  const values = row as Record<string, unknown>;
  const keys = Object.keys(values).filter((k) => values[k] !== undefined);
  // A null is written into the statement: drizzle's encoders are not given nulls to map.
  const shape = `${getTableName(table)}(${keys.map((k) => (values[k] === null ? `${k}=null` : k)).join(',')})`;
  let byShape = prepared.get(tx);
  if (!byShape) prepared.set(tx, (byShape = new Map()));
  let insert = byShape.get(shape);
  if (!insert) {
    const columns: Record<string, SQL | ReturnType<typeof sql.placeholder>> = {};
    for (const k of keys) columns[k] = values[k] === null ? sql`null` : sql.placeholder(k);
    insert = tx.insert(table).values(columns as T['$inferInsert']).prepare() as unknown as PreparedInsert;
    byShape.set(shape, insert);
  }
  const params: Record<string, unknown> = {};
  for (const k of keys) if (values[k] !== null) params[k] = values[k];
  return Number(insert.run(params).lastInsertRowid);
}
