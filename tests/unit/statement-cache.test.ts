/**
 * Drizzle's statements come from a cache keyed by their SQL text (platform/db.ts): a statement reused
 * must behave as a fresh one would, whatever mode its last user left it in.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onQuery, openDatabase } from '#lib/server/platform/db.ts';

describe('the statement cache', () => {
  it('hands a reused statement back in the default mode: rows as objects after a caller asked for arrays', () => {
    const db = openDatabase(':memory:');
    const query = sql`select 1 as a, 'x' as b`;
    expect(db.values(query)).toEqual([[1, 'x']]);
    expect(db.all(query)).toEqual([{ a: 1, b: 'x' }]);
    expect(db.get(query)).toEqual({ a: 1, b: 'x' });
    expect(db.values(query)).toEqual([[1, 'x']]);
  });

  it('answers a statement that writes as often as it is run, and counts every run for onQuery', () => {
    const db = openDatabase(':memory:');
    db.run(sql`create table t (n integer)`);
    const seen: string[] = [];
    const stop = onQuery(db, (q) => seen.push(q));
    for (let n = 0; n < 3; n++) db.run(sql`insert into t (n) values (${n})`);
    stop();
    expect(db.all(sql`select n from t order by n`)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    expect(seen.filter((q) => q.startsWith('insert into t'))).toHaveLength(3);
  });

  it('keeps the plain connection for code that prepares its own statements', () => {
    const db = openDatabase(':memory:');
    const pluck = db.$client.prepare('select 7');
    pluck.pluck();
    expect(db.all(sql.raw('select 7'))).toEqual([{ 7: 7 }]);
    expect(pluck.get()).toBe(7);
  });
});
