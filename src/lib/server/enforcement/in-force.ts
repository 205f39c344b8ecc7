/**
 * Loading what is in force at a site (the condition itself: in-force.rules.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { enforcementActions } from '#db/schema.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { inForceSql } from './in-force.rules.ts';

/** How many stop-work orders are in force at a project (public or not). */
export async function stopWorkOrdersInForce(db: Pick<Db, 'select'>, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(enforcementActions)
    .where(
      and(eq(enforcementActions.projectId, projectId), eq(enforcementActions.type, 'stop_work_order'), inForceSql),
    );
  return row!.n;
}
