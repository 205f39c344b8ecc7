/**
 * Running periodic jobs in the server process (started by scripts/start.ts). Each job is idempotent and
 * keeps its own "last run" in `settings`, so restarts and overlapping timers never double-send.
 * Which jobs there are: src/lib/server/jobs/schedule.ts (it knows the domains; this module knows none).
 */
import { eq } from 'drizzle-orm';
import { settings } from '#db/schema.ts';
import { isBusy, type DB } from './db.ts';
import { awaitWriteLock, writeWhenUnlocked } from './write-lock.ts';

export interface Job {
  name: string;
  /** How often to consider running. */
  everyMs: number;
  run: (db: DB, now: Date) => Promise<void> | void;
}

export function lastRun(db: DB, name: string): Date | undefined {
  const row = db
    .select()
    .from(settings)
    .where(eq(settings.key, `job:${name}:last_run`))
    .get();
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

export function startJobs(db: DB, jobs: Job[], tickMs = 60_000): Scheduler {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = (async () => {
      for (const job of jobs) {
        const now = new Date();
        const last = lastRun(db, job.name);
        if (last && now.getTime() - last.getTime() < job.everyMs) continue;
        try {
          // Jobs write: another process's lock is waited for here, without blocking the server (decision 0085),
          // rather than in SQLite's synchronous busy wait.
          if (!(await awaitWriteLock(db))) {
            console.warn(`job ${job.name}: the database is locked by another process; trying again at the next tick`);
            break;
          }
          await job.run(db, now);
          await writeWhenUnlocked(db, () => recordRun(db, job.name, now));
        } catch (err) {
          if (isBusy(err))
            console.warn(`job ${job.name}: the database is locked by another process; trying again at the next tick`);
          else console.error(`job ${job.name}:`, err);
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
