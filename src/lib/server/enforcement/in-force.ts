/**
 * Loading what is in force at a site (the condition itself: in-force.rules.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { enforcementActions } from '#db/schema.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { inForceSql } from './in-force.rules.ts';

/** How many stop-work orders are in force at a project (public or not). */
export function stopWorkOrdersInForce(db: Pick<DB, 'select'>, projectId: number): number {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(enforcementActions)
    .where(and(eq(enforcementActions.projectId, projectId), eq(enforcementActions.type, 'stop_work_order'), inForceSql))
    .get()!.n;
}
