/**
 * Reference data (the business calendar, the town's words) is read once and kept until public data
 * changes (platform/db.ts memoUntilPublicChange): the private bookkeeping a records-request submission
 * writes (its number counter, the rate limit) keeps it; a closure or a settings change residents can see
 * reads it again, whichever connection writes.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memoUntilPublicChange, migrateDatabase, openDatabase, readSnapshot } from '#lib/server/platform/db.ts';
import { loadCalendar } from '#lib/server/platform/time/calendar.ts';
import { town } from '#lib/server/platform/town-profile.ts';

describe('reference data kept until public data changes', () => {
  it('kept across private bookkeeping, read again after a public change from another connection', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-memo-')), 'portal.db');
    const db = openDatabase(file);
    migrateDatabase(db);
    const other = openDatabase(file);
    const calendar = loadCalendar(db);
    const words = town(db);
    // What a submission writes besides its own rows: the year's counter and the rate limit.
    db.$client
      .prepare("insert into settings (key, value, updated_at) values ('seq:records_requests:2026', '7', 0)")
      .run();
    other.$client.prepare("insert into rate_limits (key, window_start, count) values ('submit:127.0.0.1', 0, 1)").run();
    expect(loadCalendar(db)).toBe(calendar);
    expect(town(db)).toBe(words);
    // The clerk closes the town hall for a day, from another process.
    other.$client
      .prepare(
        "insert into closures (date, name, kind, active, created_at) values ('2026-12-24', 'Christmas Eve', 'closure', 1, 0)",
      )
      .run();
    const after = loadCalendar(db);
    expect(after).not.toBe(calendar);
    expect(after.isBusinessDay('2026-12-24')).toBe(false);
    expect(calendar.isBusinessDay('2026-12-24')).toBe(true);
  });

  it("read in a page's snapshot (every public page reads in one), kept for the next page", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-memo-')), 'portal.db');
    const db = openDatabase(file);
    migrateDatabase(db);
    let computed = 0;
    const read = () => readSnapshot(db, () => memoUntilPublicChange(db, 'test.value', () => ++computed));
    // The first page reads it in its snapshot and keeps it; the next pages find it (it was read again for
    // every page miss once: the snapshot was known by the connection, the memo by drizzle's proxy of it).
    expect([read(), read(), read()]).toEqual([1, 1, 1]);
    expect(loadCalendar(db)).toBe(readSnapshot(db, () => loadCalendar(db)));
    db.$client
      .prepare(
        "insert into closures (date, name, kind, active, created_at) values ('2026-12-24', 'Christmas Eve', 'closure', 1, 0)",
      )
      .run();
    expect(read()).toBe(2);
  });

  it('in a transaction: the kept value while nothing public changed in it; its own closure once it added one, kept by no one if it rolls back', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-memo-')), 'portal.db');
    const db = openDatabase(file);
    migrateDatabase(db);
    const calendar = loadCalendar(db);
    const rolledBack = new Error('rolled back');
    expect(() =>
      db.transaction((tx) => {
        tx.run(sql`insert into rate_limits (key, window_start, count) values ('submit:127.0.0.1', 0, 1)`);
        expect(loadCalendar(tx)).toBe(calendar);
        tx.run(
          sql`insert into closures (date, name, kind, active, created_at) values ('2026-12-24', 'Christmas Eve', 'closure', 1, 0)`,
        );
        const own = loadCalendar(tx);
        expect(own.isBusinessDay('2026-12-24')).toBe(false);
        throw rolledBack;
      }),
    ).toThrow(rolledBack);
    // What the transaction read was not kept: after the rollback, the day is open again.
    expect(loadCalendar(db).isBusinessDay('2026-12-24')).toBe(true);
    expect(loadCalendar(db)).toBe(calendar);
  });
});
