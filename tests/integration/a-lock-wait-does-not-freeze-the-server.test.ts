/**
 * While another process holds SQLite's write lock, a write sent to the portal waits for it without stopping
 * the server: /healthz keeps answering, and the write succeeds once the lock is released. better-sqlite3's
 * own busy wait is synchronous; before decision 0085 a records request waited in it and nothing else was
 * answered meanwhile.
 *
 * The lock is held for 3 s by a child process (plain Node with better-sqlite3, the project's Node). /healthz
 * is polled every ~20 ms meanwhile. What is asserted about time is measured by the server itself where it can
 * be: /healthz's longest event-loop stall since the previous poll, less the time the machine kept the server
 * waiting for a CPU (its own stall), under 500 ms at every poll. The round trips seen from here, which a busy
 * machine lengthens for reasons of its own, are held only to a generous second (the synchronous wait this
 * replaces lasted the whole 3 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { postAction, get, signIn, type Fields } from '../support/http.ts';
import { ROOT, startPortal, type Portal } from '../support/portal.ts';

const HOLD_MS = 3_000;

let portal: Portal;
let holder: ChildProcess | undefined;
let form: (key: string) => Fields;
let clerk: string;

beforeAll(async () => {
  portal = await startPortal();
  const file = path.join(portal.dataDir, 'portal.db');
  const db = new Database(file, { readonly: true });
  try {
    const p = db
      .prepare(
        "select p.slug, d.id as doc from projects p join documents d on d.project_id = p.id where p.published = 1 and d.type = 'swppp' and d.public = 1 order by p.name limit 1",
      )
      .get() as { slug: string; doc: number };
    form = (key) => ({
      formKey: `lock-wait-${key}`.padEnd(43, 'x'),
      intent: 'submit',
      project: p.slug,
      documentIds: String(p.doc),
      delivery: 'electronic',
      name: 'Patient Requester',
      email: 'patient.requester@example.org',
      confirmDuplicate: 'yes',
      confirmOnlineOnly: 'yes',
    });
  } finally {
    db.close();
  }
  // Warm: the first records request and the first /healthz (which starts the server's stall watch) pay for
  // compiling their code; the stalls measured below are the lock wait's, not a cold start's.
  await (await get(portal.url, '/healthz')).text();
  const first = await postAction(portal.url, '/requests/new', 'requests.submit', form('warm-up'));
  expect(first.status).toBe(303);
  clerk = await signIn(portal.url, 'clerk@rotterdam.example', DEMO_PASSWORD);
  expect((await get(portal.url, '/staff', clerk)).status).toBe(200);
  await (await get(portal.url, '/healthz')).text();
}, 300_000);

afterAll(async () => {
  holder?.kill();
  await portal?.stop();
});

/** A child process that takes the write lock, says "locked", holds it `ms`, rolls back, says "released". */
function holdWriteLock(file: string, ms: number): { child: ChildProcess; lines: AsyncIterator<string> } {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    setTimeout(() => {
      db.exec('ROLLBACK');
      db.close();
      process.stdout.write('released\\n');
    }, Number(process.argv[2]));
  `;
  const child = spawn(process.execPath, ['-e', script, file, String(ms)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return { child, lines };
}

interface Poll {
  at: number;
  ms: number;
  status: number;
  stallMs: number | undefined;
  ownStallMs: number | undefined;
}

interface Health {
  eventLoop?: { longestStallMs: number; longestOwnStallMs: number };
}

describe('a lock held by another process', () => {
  it('leaves /healthz answering while a write waits for it, and the write succeeds after it', async () => {
    const lock = holdWriteLock(path.join(portal.dataDir, 'portal.db'), HOLD_MS);
    holder = lock.child;
    expect((await lock.lines.next()).value).toBe('locked');
    const lockedAt = performance.now();
    // The stalls are counted from here: this poll's answer covers the time before the lock (not asserted).
    await (await fetch(new URL('/healthz', portal.url))).text();
    let releasedAt: number | undefined;
    const released = lock.lines.next().then(({ value }) => {
      expect(value).toBe('released');
      releasedAt = performance.now();
    });

    const polls: Poll[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const t0 = performance.now();
        const res = await fetch(new URL('/healthz', portal.url));
        const body = (await res.json()) as Health;
        polls.push({
          at: t0 - lockedAt,
          ms: performance.now() - t0,
          status: res.status,
          stallMs: body.eventLoop?.longestStallMs,
          ownStallMs: body.eventLoop?.longestOwnStallMs,
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const sentAt = performance.now();
    const write = await postAction(portal.url, '/requests/new', 'requests.submit', form('under-lock'));
    const answeredAt = performance.now();
    await released;
    // A few more polls after the lock: the stall measured since the last poll under the lock is reported here.
    const after = polls.length;
    while (polls.length < after + 3) await new Promise((resolve) => setTimeout(resolve, 20));
    polling = false;
    await poller;

    // The write waited for the lock and then succeeded: the request was stored and its tracking page opens.
    expect(write.status, await write.clone().text()).toBe(303);
    const location = write.headers.get('location')!;
    expect(location).toMatch(/^\/requests\/track\/[A-Za-z0-9_-]{43}\?new=1$/);
    expect(answeredAt - sentAt).toBeGreaterThan(HOLD_MS / 2);
    expect(releasedAt).toBeDefined();
    expect((await get(portal.url, location)).status).toBe(200);

    // Reads kept answering while the write waited: many polls were answered during the lock, every one 200.
    const underLock = polls.filter((p) => p.at < (releasedAt ?? answeredAt) - lockedAt);
    expect(underLock.length, JSON.stringify(polls)).toBeGreaterThanOrEqual(10);
    expect(polls.every((p) => p.status === 200)).toBe(true);
    // The server never held itself up for long, by its own measure, from before the write to after the lock: a
    // sixth of the hold. (A synchronous wait stalls it for the whole 3 s; the request's own work, inside a full
    // `npm test` on two cores, was once measured at 178 ms, so 100 ms failed a correct server.)
    const own = polls.map((p) => p.ownStallMs);
    const seen = JSON.stringify(polls.map((p) => [Math.round(p.at), p.stallMs, p.ownStallMs]));
    expect(own.every((s) => typeof s === 'number')).toBe(true);
    expect(Math.max(...(own as number[])), seen).toBeLessThan(HOLD_MS / 6);
    expect(Math.max(...polls.map((p) => p.stallMs!)), seen).toBeLessThan(1_000);
    // And from here: no poll took anything like the lock's 3 s (a generous second for a busy machine).
    expect(Math.max(...polls.map((p) => p.ms)), JSON.stringify(polls.map((p) => Math.round(p.ms)))).toBeLessThan(1_000);
  });

  it('lets a signed-in page view answer at once: the session refresh it is due is skipped, not waited for', async () => {
    const file = path.join(portal.dataDir, 'portal.db');
    const seenLongAgo = Date.now() - 10 * 60 * 1000;
    const lastSeen = () => {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare('select last_seen_at from sessions').pluck().all() as number[];
      } finally {
        db.close();
      }
    };
    // Seen ten minutes ago: the next view touches the session (a write), well within the idle timeout.
    const db = new Database(file);
    db.prepare('update sessions set last_seen_at = ?').run(seenLongAgo);
    db.close();

    const lock = holdWriteLock(file, HOLD_MS);
    holder = lock.child;
    expect((await lock.lines.next()).value).toBe('locked');
    await (await fetch(new URL('/healthz', portal.url))).text();
    const t0 = performance.now();
    const page = await get(portal.url, '/staff', clerk);
    const pageMs = performance.now() - t0;
    const health = (await (await fetch(new URL('/healthz', portal.url))).json()) as Health;
    // Under the lock: answered signed in, and the touch was skipped rather than made late.
    expect(page.status).toBe(200);
    expect(lastSeen()).toEqual([seenLongAgo]);
    expect((await lock.lines.next()).value).toBe('released');

    expect(health.eventLoop!.longestOwnStallMs, JSON.stringify(health.eventLoop)).toBeLessThan(100);
    expect(pageMs).toBeLessThan(1_000);
    // After the lock, the next view makes the touch.
    expect((await get(portal.url, '/staff', clerk)).status).toBe(200);
    expect(lastSeen()[0]).toBeGreaterThan(seenLongAgo);
  });
});
