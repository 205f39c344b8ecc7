/**
 * Human numbers from per-year sequences (R-2026-0042, INV-2026-0007, OR-2026-0003). The counter lives in
 * `settings` under `seq:<PREFIX>:<year>`; the first use in a year starts from the highest number already
 * stored, and a number that somehow exists is skipped, never reused. Runs inside the caller's transaction.
 */
import { and, eq, gt, like, lt, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { settings } from '#db/schema.ts';
import { sequenceNumber } from '#lib/shared/format.ts';
import type { Tx } from './audit.ts';

export interface NumberedTable {
  table: SQLiteTable;
  id: SQLiteColumn;
  number: SQLiteColumn;
}

export function nextInSequence(tx: Tx, where: NumberedTable, prefix: string, year: string): string {
  const key = `seq:${prefix}:${year}`;
  const head = `${prefix}-${year}-`;
  const row = tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).get();
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
  } while (tx.select({ id: where.id }).from(where.table).where(eq(where.number, candidate)).get());
  tx.insert(settings)
    .values({ key, value: String(n) })
    .onConflictDoUpdate({ target: settings.key, set: { value: String(n), updatedAt: new Date() } })
    .run();
  return candidate;
}
