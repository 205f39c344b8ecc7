/**
 * The portal's periodic jobs: daily digests, alert dispatch, clean-ups (one line per job; each job lives
 * in its own domain's module). The scheduler that runs them: platform/jobs.ts.
 */
import { alertsEveryMs, dispatchAlertsInSlices } from '#lib/server/public/alerts/dispatch.ts';
import { purgeExpiredSessions } from '#lib/server/accounts/sessions.ts';
import { townPublicUrl } from '#lib/server/platform/town-profile.ts';
import { startJobs as startScheduler, type Job, type Scheduler } from '#lib/server/platform/jobs.ts';
import { optimizeDatabase, type DB } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { requestsDigestJob } from '#lib/server/records-requests/digest.ts';
import { noticeMissedOperatorRequests } from '#lib/server/operator-requests/workflow.ts';
import { remindersJob } from '#lib/server/reminders/reminders.ts';

/** Register jobs here (one line per job; the job lives in its own module). */
export const JOBS: Job[] = [
  { name: 'purge-expired-sessions', everyMs: 60 * 60 * 1000, run: (db, now) => purgeExpiredSessions(asyncOf(db), now) },
  // Keep the query planner's statistics current as the data grows (SQLite's recommended practice).
  { name: 'sqlite-optimize', everyMs: 6 * 60 * 60 * 1000, run: (db) => optimizeDatabase(db) },
  {
    name: 'alerts-dispatch',
    everyMs: alertsEveryMs(),
    run: async (db, now) => void (await dispatchAlertsInSlices(asyncOf(db), now, townPublicUrl(db))),
  },
  requestsDigestJob,
  remindersJob,
  {
    name: 'operator-requests-missed',
    everyMs: 10 * 60 * 1000,
    run: async (db, now) => void (await noticeMissedOperatorRequests(asyncOf(db), townPublicUrl(db), now)),
  },
];

/** Starts the portal's jobs (scripts/start.ts). */
export function startJobs(db: DB, jobs: Job[] = JOBS, tickMs?: number): Scheduler {
  return startScheduler(db, jobs, tickMs);
}
