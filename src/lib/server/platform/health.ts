/**
 * What /healthz reports: the database answers, the disk has room, and mail is not piling up.
 * No secrets, no personal data; cheap enough to poll every few seconds.
 */
import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { outbox } from '#db/schema.ts';
import { config } from './config.ts';
import type { DB } from './db.ts';

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
}

export function checkHealth(db: DB, now = new Date()): Health {
  const health: Health = { status: 'ok', checkedAt: now.toISOString(), database: { ok: false }, disk: { ok: false }, outbox: { ok: false } };
  try {
    const t0 = performance.now();
    db.$client.prepare('select 1').get();
    health.database = { ok: true, ms: Math.round((performance.now() - t0) * 100) / 100 };
  } catch (err) {
    health.database = { ok: false, error: (err as Error).message };
  }
  try {
    const s = fs.statfsSync(config().dataDir);
    const freeBytes = s.bavail * s.bsize;
    health.disk = { ok: freeBytes >= MIN_FREE_BYTES, freeBytes };
  } catch (err) {
    health.disk = { ok: false, error: (err as Error).message };
  }
  if (health.database.ok) {
    const queued = db.select({ n: sql<number>`count(*)`, oldest: sql<number | null>`min(${outbox.createdAt})` }).from(outbox).where(eq(outbox.status, 'queued')).get()!;
    const failed = db.select({ n: sql<number>`count(*)` }).from(outbox).where(and(eq(outbox.status, 'failed'))).get()!.n;
    const age = queued.oldest == null ? null : Math.round((now.getTime() - queued.oldest) / 1000);
    health.outbox = { ok: failed === 0 && (age == null || age * 1000 < MAX_MAIL_AGE_MS), queued: queued.n, failed, oldestQueuedAgeSeconds: age };
  }
  health.status = !health.database.ok ? 'down' : health.disk.ok && health.outbox.ok ? 'ok' : 'degraded';
  return health;
}
