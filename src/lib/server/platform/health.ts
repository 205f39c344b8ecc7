/**
 * What /healthz reports: the database answers, the disk has room, mail is not piling up, and the keys of
 * the private links are in place (a missing or short key file means records requests or alert mail fail,
 * or every link already mailed changes at the next restart), and the longest the server could not answer
 * anything since the previous check (a stall, such as a synchronous wait for a lock). No secrets, no personal data; cheap enough to
 * poll every few seconds.
 */
import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { outbox } from '#db/schema.ts';
import { config } from './config.ts';
import { pingDatabase, type DB } from './db.ts';
import { stallsSinceLastAsked, type Stalls } from './event-loop.ts';
import { keyStates, type KeyName, type KeyState } from './secrets.ts';

/** Below this much free disk the portal reports itself unhealthy (uploads would start failing). */
export const MIN_FREE_BYTES = 200 * 1024 * 1024;
/** Queued mail older than this means delivery is stuck. */
export const MAX_MAIL_AGE_MS = 60 * 60 * 1000;

export interface Health {
  status: 'ok' | 'degraded' | 'down';
  checkedAt: string;
  database: { ok: boolean; ms?: number; error?: string };
  disk: { ok: boolean; freeBytes?: number; error?: string };
  outbox: { ok: boolean; queued?: number; failed?: number; oldestQueuedAgeSeconds?: number | null };
  /** Each link key: 'ok' (its file under DATA_DIR), 'environment', or what is wrong with the file. */
  keys: { ok: boolean; error?: string } & Partial<Record<KeyName, KeyState | 'environment'>>;
  /** The longest the server could not answer anything since the previous check (platform/event-loop.ts). */
  eventLoop: Stalls;
}

export function checkHealth(db: DB, now = new Date()): Health {
  const health: Health = {
    status: 'ok',
    checkedAt: now.toISOString(),
    database: { ok: false },
    disk: { ok: false },
    outbox: { ok: false },
    keys: { ok: false },
    eventLoop: stallsSinceLastAsked(),
  };
  try {
    const t0 = performance.now();
    pingDatabase(db);
    health.database = { ok: true, ms: Math.round((performance.now() - t0) * 100) / 100 };
  } catch (err) {
    // /healthz is public: the detail goes to the log, never into the answer.
    console.error('healthz: database:', err);
    health.database = { ok: false, error: 'The database did not answer.' };
  }
  try {
    const s = fs.statfsSync(config().dataDir);
    const freeBytes = s.bavail * s.bsize;
    health.disk = { ok: freeBytes >= MIN_FREE_BYTES, freeBytes };
  } catch (err) {
    console.error('healthz: disk:', err);
    health.disk = { ok: false, error: 'The free space of the data directory could not be read.' };
  }
  if (health.database.ok) {
    const queued = db
      .select({ n: sql<number>`count(*)`, oldest: sql<number | null>`min(${outbox.createdAt})` })
      .from(outbox)
      .where(eq(outbox.status, 'queued'))
      .get()!;
    const failed = db
      .select({ n: sql<number>`count(*)` })
      .from(outbox)
      .where(and(eq(outbox.status, 'failed')))
      .get()!.n;
    const age = queued.oldest == null ? null : Math.round((now.getTime() - queued.oldest) / 1000);
    health.outbox = {
      ok: failed === 0 && (age == null || age * 1000 < MAX_MAIL_AGE_MS),
      queued: queued.n,
      failed,
      oldestQueuedAgeSeconds: age,
    };
  }
  try {
    const states = keyStates();
    health.keys = { ok: Object.values(states).every((s) => s === 'ok' || s === 'environment'), ...states };
  } catch (err) {
    console.error('healthz: keys:', err);
    health.keys = { ok: false, error: 'The link keys could not be read.' };
  }
  health.status = !health.database.ok
    ? 'down'
    : health.disk.ok && health.outbox.ok && health.keys.ok
      ? 'ok'
      : 'degraded';
  return health;
}
