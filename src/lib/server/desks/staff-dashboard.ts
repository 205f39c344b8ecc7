/** Counts for the staff dashboard panels, one small query each. */
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { auditLog, enforcementActions, outbox, projects, swpppReviews, users } from '#db/schema.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { inForceSql } from '#lib/server/enforcement/in-force.rules.ts';
import { loadQueue } from '#lib/server/records-requests/queue.ts';

/** The clerk's records panel: the same counts and flags as the queue (respond-by date, close of business). */
export function clerkPanel(db: DB, now: Date = new Date()) {
  return loadQueue(db, { status: 'open', page: 1, perPage: 5 }, now);
}

export function officerPanel(db: DB) {
  const inForce = db
    .select({ n: sql<number>`count(*)` })
    .from(enforcementActions)
    .where(inForceSql)
    .get()!.n;
  const stopWork = db
    .select({ n: sql<number>`count(*)` })
    .from(projects)
    .where(eq(projects.status, 'stop_work'))
    .get()!.n;
  const reviewsPending = db
    .select({ n: sql<number>`count(*)` })
    .from(swpppReviews)
    .where(isNull(swpppReviews.decidedOn))
    .get()!.n;
  const active = db
    .select({ n: sql<number>`count(*)` })
    .from(projects)
    .where(inArray(projects.status, ['active', 'stop_work', 'final_stabilization']))
    .get()!.n;
  return { inForce, stopWork, reviewsPending, active };
}

export function adminPanel(db: DB) {
  const userCount = db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .get()!.n;
  const pendingInvites = db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(isNull(users.passwordHash))
    .get()!.n;
  const queued = db
    .select({ n: sql<number>`count(*)` })
    .from(outbox)
    .where(eq(outbox.status, 'queued'))
    .get()!.n;
  const failed = db
    .select({ n: sql<number>`count(*)` })
    .from(outbox)
    .where(eq(outbox.status, 'failed'))
    .get()!.n;
  const retrying = db
    .select({ n: sql<number>`count(*)` })
    .from(outbox)
    .where(and(eq(outbox.status, 'queued'), ne(outbox.attempts, 0)))
    .get()!.n;
  const recent = db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(5).all();
  return { userCount, pendingInvites, queued, failed, retrying, recent };
}
