/**
 * Periodic jobs that run in the server process (started by scripts/start.ts): daily digests, alert
 * dispatch, clean-ups. Each job is idempotent and keeps its own "last run" in `settings`, so restarts and
 * overlapping timers never double-send.
 */
import { eq } from 'drizzle-orm';
import { settings } from '../../../../db/schema.ts';
import { alertsEveryMs, dispatchAlerts } from '../alerts/dispatch.ts';
import { purgeExpiredSessions } from '../auth/sessions.ts';
import { config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { requestsDigestJob } from '../requests/digest.ts';

export interface Job {
  name: string;
  /** How often to consider running. */
  everyMs: number;
  run: (db: DB, now: Date) => Promise<void> | void;
}

/** Register jobs here (one line per job; the job lives in its own module). */
export const JOBS: Job[] = [
  { name: 'purge-expired-sessions', everyMs: 60 * 60 * 1000, run: (db, now) => purgeExpiredSessions(db, now) },
  // Keep the query planner's statistics current as the data grows (SQLite's recommended practice).
  { name: 'sqlite-optimize', everyMs: 6 * 60 * 60 * 1000, run: (db) => void db.$client.pragma('optimize') },
  { name: 'alerts-dispatch', everyMs: alertsEveryMs(), run: (db, now) => void dispatchAlerts(db, now, config().publicUrl) },
  requestsDigestJob,
];

export function lastRun(db: DB, name: string): Date | undefined {
  const row = db.select().from(settings).where(eq(settings.key, `job:${name}:last_run`)).get();
  return row ? new Date(row.value) : undefined;
}

export function recordRun(db: DB, name: string, at: Date): void {
  db.insert(settings)
    .values({ key: `job:${name}:last_run`, value: at.toISOString() })
    .onConflictDoUpdate({ target: settings.key, set: { value: at.toISOString(), updatedAt: at } })
    .run();
}

export interface Scheduler {
  stop(): Promise<void>;
}

export function startJobs(db: DB, jobs: Job[] = JOBS, tickMs = 60_000): Scheduler {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = (async () => {
      for (const job of jobs) {
        const now = new Date();
        const last = lastRun(db, job.name);
        if (last && now.getTime() - last.getTime() < job.everyMs) continue;
        try {
          await job.run(db, now);
          recordRun(db, job.name, now);
        } catch (err) {
          console.error(`job ${job.name}:`, err);
        }
      }
    })().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(tick, tickMs);
  timer.unref();
  setImmediate(tick);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
