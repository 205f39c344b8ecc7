/**
 * Human numbers from per-year sequences (R-2026-0042, INV-2026-0007, OR-2026-0003). The counter lives in
 * `settings` under `seq:<PREFIX>:<year>`; the first use in a year starts from the highest number already
 * stored, and a number that somehow exists is skipped, never reused. Runs inside the caller's transaction.
 */
import { and, eq, getTableName, gt, like, lt, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { settings } from '#db/schema.ts';
import { sequenceNumber } from '#lib/shared/format.ts';
import type { Tx } from './audit.ts';
import { preparedOnce } from './db.ts';

export interface NumberedTable {
  table: SQLiteTable;
  id: SQLiteColumn;
  number: SQLiteColumn;
}

export function nextInSequence(tx: Tx, where: NumberedTable, prefix: string, year: string): string {
  const key = `seq:${prefix}:${year}`;
  const head = `${prefix}-${year}-`;
  // Prepared once per connection: every request, invoice and operator request numbered reads and writes these.
  const row = preparedOnce(tx, 'sequence.read', () =>
    tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, sql.placeholder('key')))
      .prepare(),
  ).get({ key });
  let n = row
    ? Number(row.value)
    : (tx
        .select({ n: sql<number | null>`max(cast(substr(${where.number}, ${head.length + 1}) as integer))` })
        .from(where.table)
        .where(and(like(where.number, `${head}%`), gt(where.number, head), lt(where.number, `${head}~`)))
        .get()?.n ?? 0);
  let candidate: string;
  do {
    n++;
    candidate = sequenceNumber(prefix, year, n);
  } while (
    preparedOnce(tx, `sequence.taken:${getTableName(where.table)}.${where.number.name}`, () =>
      tx
        .select({ id: where.id })
        .from(where.table)
        .where(eq(where.number, sql.placeholder('number')))
        .prepare(),
    ).get({ number: candidate })
  );
  preparedOnce(tx, 'sequence.write', () =>
    tx
      .insert(settings)
      .values({ key: sql.placeholder('key'), value: sql.placeholder('value'), updatedAt: sql.placeholder('updatedAt') })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
      })
      .prepare(),
  ).run({ key, value: String(n), updatedAt: new Date() });
  return candidate;
}
