/** Counts for the staff dashboard panels, one small query each. */
import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { auditLog, enforcementActions, outbox, projects, swpppReviews, users } from '#db/schema.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { inForceSql } from '#lib/server/enforcement/in-force.rules.ts';
import { loadQueue } from '#lib/server/records-requests/queue.ts';

/** The clerk's records panel: the same counts and flags as the queue (respond-by date, close of business). */
export function clerkPanel(db: Db, now: Date = new Date()) {
  return loadQueue(db, { status: 'open', page: 1, perPage: 5 }, now);
}

async function countOf(db: Db, table: SQLiteTable, where?: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(table)
    .where(where);
  return row?.n ?? 0;
}

export function officerPanel(db: Db) {
  return readSnapshotAsync(db, async () => ({
    inForce: await countOf(db, enforcementActions, inForceSql),
    stopWork: await countOf(db, projects, eq(projects.status, 'stop_work')),
    reviewsPending: await countOf(db, swpppReviews, isNull(swpppReviews.decidedOn)),
    active: await countOf(db, projects, inArray(projects.status, ['active', 'stop_work', 'final_stabilization'])),
  }));
}

export function adminPanel(db: Db) {
  return readSnapshotAsync(db, async () => ({
    userCount: await countOf(db, users),
    pendingInvites: await countOf(db, users, isNull(users.passwordHash)),
    queued: await countOf(db, outbox, eq(outbox.status, 'queued')),
    failed: await countOf(db, outbox, eq(outbox.status, 'failed')),
    retrying: await countOf(db, outbox, and(eq(outbox.status, 'queued'), ne(outbox.attempts, 0))),
    recent: await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(5),
  }));
}
