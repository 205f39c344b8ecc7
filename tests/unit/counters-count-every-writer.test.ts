/**
 * Numbering and rate limits are each one statement that reads and moves the counter, so two writers whose
 * work interleaves (two PostgreSQL transactions side by side, decision 0080; here two connections to one
 * SQLite file, the second running in the middle of the first) never take the same number or lose a hit.
 * The interleaving is fixed, not timed: the second writer runs when the first is about to write its counter.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordsRequests } from '#db/schema.ts';
import { migrateDatabase, onQuery, openDatabase, type DB } from '#lib/server/platform/db.ts';
import { countFailure, hit } from '#lib/server/platform/http/rate-limit.ts';
import { nextInSequence } from '#lib/server/platform/sequences.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const open: DB[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.$client.close();
});

/** Two connections to one fresh database file; the second waits only briefly for a lock. */
function twoConnections(): [DB, DB] {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-counters-')), 'portal.db');
  const a = openDatabase(file);
  migrateDatabase(a);
  const b = openDatabase(file, { for: 'background' });
  open.push(a, b);
  return [a, b];
}

/** Runs `between` once, on the connection's next write to `table`, just before that write runs. */
function beforeNextWrite(db: DB, table: string, between: () => void): () => void {
  let done = false;
  return onQuery(db, (sql) => {
    if (done || !new RegExp(`^(insert into|update) "${table}"`).test(sql)) return;
    done = true;
    between();
  });
}

const numbered = { table: recordsRequests, id: recordsRequests.id, number: recordsRequests.number };

describe('numbering with two writers', () => {
  it('gives every number once when a second connection numbers in the middle of the first', () => {
    const [a, b] = twoConnections();
    const taken: string[] = [];
    for (let i = 0; i < 3; i++) {
      const stop = beforeNextWrite(a, 'settings', () => taken.push(nextInSequence(b, numbered, 'R', '2027')));
      taken.push(nextInSequence(a, numbered, 'R', '2027'));
      stop();
    }
    expect(taken).toEqual(['R-2027-0001', 'R-2027-0002', 'R-2027-0003', 'R-2027-0004', 'R-2027-0005', 'R-2027-0006']);
    expect(nextInSequence(b, numbered, 'R', '2027')).toBe('R-2027-0007');
  });
});

describe('rate limits with two writers', () => {
  const limit = { limit: 2, windowMs: 60_000 };
  const t0 = new Date('2027-03-01T15:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  // The other connection's statement runs inside the hook: its connection is free, so it runs at once.
  it('counts a hit made in the middle of another, so the limit holds across connections', async () => {
    const [a, b] = twoConnections();
    const [A, B] = [asyncOf(a), asyncOf(b)];
    let second: ReturnType<typeof hit> | undefined;
    const stop = beforeNextWrite(a, 'rate_limits', () => (second = hit(B, 'k', limit, at(1_000))));
    const first = await hit(A, 'k', limit, at(2_000));
    stop();
    expect([(await second!).count, first.count]).toEqual([1, 2]);
    expect(first.allowed).toBe(true);
    // The third hit in the window, from either connection, is over the limit.
    expect(await hit(B, 'k', limit, at(3_000))).toMatchObject({ allowed: false, count: 3, retryAfterMs: 58_000 });
  });

  it('starts a new window with the first hit once the old one has run out, whichever connection counts', async () => {
    const [a, b] = twoConnections();
    const [A, B] = [asyncOf(a), asyncOf(b)];
    expect(await hit(A, 'k', limit, t0)).toMatchObject({ allowed: true, count: 1, retryAfterMs: 60_000 });
    expect(await hit(B, 'k', limit, at(59_999))).toMatchObject({ allowed: true, count: 2, retryAfterMs: 1 });
    // Exactly a window later: a fresh window, counted from this hit; then the other connection counts in it.
    let between: ReturnType<typeof hit> | undefined;
    const stop = beforeNextWrite(a, 'rate_limits', () => (between = hit(B, 'k', limit, at(60_000))));
    expect(await hit(A, 'k', limit, at(60_500))).toMatchObject({ allowed: true, count: 2, retryAfterMs: 59_500 });
    stop();
    expect(await between).toMatchObject({ allowed: true, count: 1, retryAfterMs: 60_000 });
  });

  it('counts failures from two connections, and forgets a counter left quiet long enough', async () => {
    const [a, b] = twoConnections();
    const [A, B] = [asyncOf(a), asyncOf(b)];
    let second: ReturnType<typeof countFailure> | undefined;
    const stop = beforeNextWrite(a, 'rate_limits', () => (second = countFailure(B, 'f', 60_000, at(1_000))));
    const first = await countFailure(A, 'f', 60_000, at(2_000));
    stop();
    expect([(await second!).count, first.count]).toEqual([1, 2]);
    // Quiet for less than the forgetting time: counted on; for as long: from one again.
    expect((await countFailure(B, 'f', 60_000, at(61_999))).count).toBe(3);
    expect((await countFailure(A, 'f', 60_000, at(121_999))).count).toBe(1);
  });
});
