/**
 * Human numbers from per-year sequences (R-2026-0042, INV-2026-0007, OR-2026-0003). The counter lives in
 * `settings` under `seq:<PREFIX>:<year>`; the first use in a year starts from the highest number already
 * stored, and a number that somehow exists is skipped, never reused. Runs inside the caller's transaction.
 *
 * Each number is taken by one statement that both reads and moves the counter (an upsert returning the new
 * value), never by a read and then a write: on an engine where two transactions may run side by side
 * (PostgreSQL, decision 0080) two submissions that read the same counter would both take its next number.
 */
import { and, eq, getTableName, gt, like, lt, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { settings } from '#db/schema.ts';
import { sequenceNumber } from '#lib/shared/format.ts';
import type { Tx } from './audit.ts';
import { preparedOnce } from './db.ts';
import { numberAfter } from './db/sql.ts';
import type { Db } from './db/async-session.ts';

export interface NumberedTable {
  table: SQLiteTable;
  id: SQLiteColumn;
  number: SQLiteColumn;
}

/** A prepared statement as each face answers it: a row, or a promise of one. */
type Get<T> = { get(params: Record<string, unknown>): T };
type NextValue = { value: string } | undefined;

/** The two statements of a sequence (take the next value; is a number taken?), prepared once per connection and face. */
function sequenceStatements<TakeQuery, TakenQuery>(
  tx: Pick<Tx, 'insert' | 'select'> | Pick<Db, 'insert' | 'select'>,
  where: NumberedTable,
  head: string,
): { take: TakeQuery; taken: TakenQuery } {
  const q = tx as Pick<Tx, 'insert' | 'select'>;
  const numbered = `${getTableName(where.table)}.${where.number.name}`;
  // Prepared once per connection (and length of prefix): every request, invoice and operator request numbered
  // runs these.
  const take = preparedOnce(tx, `sequence.take:${numbered}:${head.length}`, () =>
    q
      .insert(settings)
      .values({
        key: sql.placeholder('key'),
        // A new counter starts after the year's highest number stored (a lost or restored settings table);
        // the scan runs only while the counter does not exist yet, and the value is then the conflict's.
        value: sql`case when exists (select 1 from settings where key = ${sql.placeholder('key')}) then '0'
          else cast(coalesce((select max(${numberAfter(where.number, head.length)}) from ${where.table}
            where ${and(like(where.number, sql.placeholder('pattern')), gt(where.number, sql.placeholder('low')), lt(where.number, sql.placeholder('high')))}), 0) + 1 as text) end`,
        updatedAt: sql.placeholder('updatedAt'),
      })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`cast(cast(${settings.value} as integer) + 1 as text)`, updatedAt: sql`excluded.updated_at` },
      })
      .returning({ value: settings.value })
      .prepare(),
  ) as unknown as TakeQuery;
  const taken = preparedOnce(tx, `sequence.taken:${numbered}`, () =>
    q
      .select({ id: where.id })
      .from(where.table)
      .where(eq(where.number, sql.placeholder('number')))
      .prepare(),
  ) as unknown as TakenQuery;
  return { take, taken };
}

const sequenceParams = (prefix: string, year: string) => {
  const head = `${prefix}-${year}-`;
  return {
    head,
    params: { key: `seq:${prefix}:${year}`, pattern: `${head}%`, low: head, high: `${head}~`, updatedAt: new Date() },
  };
};

export function nextInSequence(tx: Tx, where: NumberedTable, prefix: string, year: string): string {
  const { head, params } = sequenceParams(prefix, year);
  const { take, taken } = sequenceStatements<Get<NextValue>, Get<unknown>>(tx, where, head);
  for (;;) {
    const candidate = sequenceNumber(prefix, year, Number(take.get(params)!.value));
    if (!taken.get({ number: candidate })) return candidate;
  }
}

/** `nextInSequence` on the asynchronous face (decision 0080), in the caller's transaction. */
export async function nextInSequenceAsync(
  tx: Pick<Db, 'insert' | 'select'>,
  where: NumberedTable,
  prefix: string,
  year: string,
): Promise<string> {
  const { head, params } = sequenceParams(prefix, year);
  const { take, taken } = sequenceStatements<Get<Promise<NextValue>>, Get<Promise<unknown>>>(tx, where, head);
  for (;;) {
    const candidate = sequenceNumber(prefix, year, Number((await take.get(params))!.value));
    if (!(await taken.get({ number: candidate }))) return candidate;
  }
}
