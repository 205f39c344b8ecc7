/**
 * The asynchronous face's own cost (decision 0080, step 2): the same queries through the synchronous face and
 * through the asynchronous one, on one migrated database file, in the server's process shape (one connection,
 * the statement cache). What a page or a service pays per query and per transaction for being awaited: the
 * bench gate of steps 2a and 2g, which must stay a small share of a page's ~2 ms of server time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { sessions, settings, users } from '#db/schema.ts';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const ROUNDS = 20_000;
const TRANSACTIONS = 2_000;

async function timeIt(rounds: number, work: (i: number) => unknown): Promise<number> {
  // Warm: compile the code paths and fill the statement cache before measuring.
  for (let i = 0; i < 200; i++) await work(i);
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) await work(i);
  return ((performance.now() - t0) * 1000) / rounds;
}

export async function run(report: (line: string) => void) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-bench-async-'));
  try {
    const db = openDatabase(path.join(dir, 'portal.db'), { for: 'request' });
    migrateDatabase(db);
    const adb = asyncOf(db);
    const [user] = db.insert(users).values({ email: 'a@example.org', name: 'A' }).returning({ id: users.id }).all();
    db.insert(sessions)
      .values({ id: 'x', userId: user!.id, lastSeenAt: new Date(), expiresAt: new Date(Date.now() + 3_600_000) })
      .run();

    const readSync = await timeIt(ROUNDS, () => db.select().from(sessions).where(eq(sessions.id, 'x')).get());
    const readAsync = await timeIt(ROUNDS, () => adb.select().from(sessions).where(eq(sessions.id, 'x')).limit(1));
    const writeSync = (d: typeof db, i: number) =>
      d
        .insert(settings)
        .values({ key: `k${i % 50}`, value: String(i) })
        .onConflictDoUpdate({ target: settings.key, set: { value: String(i) } });
    const writeAsync = (d: typeof adb, i: number) =>
      d
        .insert(settings)
        .values({ key: `k${i % 50}`, value: String(i) })
        .onConflictDoUpdate({ target: settings.key, set: { value: String(i) } });
    const txSync = await timeIt(TRANSACTIONS, (i) =>
      db.transaction(() => {
        for (let j = 0; j < 5; j++) writeSync(db, i * 5 + j).run();
      }),
    );
    const txAsync = await timeIt(TRANSACTIONS, (i) =>
      adb.transaction(async (tx) => {
        for (let j = 0; j < 5; j++) await writeAsync(tx, i * 5 + j);
      }),
    );
    db.$client.close();
    const us = (n: number) => `${n.toFixed(1)} µs`;
    report(
      `Asynchronous face: a one-row read ${us(readSync)} synchronous, ${us(readAsync)} awaited ` +
        `(+${us(readAsync - readSync)}); a transaction of five upserts ${us(txSync)} synchronous, ${us(txAsync)} awaited ` +
        `(+${us(txAsync - txSync)})`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
