/**
 * The officer's page for one enforcement action: the action and its project, whether it is in force,
 * and its own audited history.
 */
import { getAction } from '#lib/server/enforcement/actions.ts';
import { isInForce } from '#lib/server/enforcement/in-force.rules.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { projectHistory } from '#lib/server/projects/registry.ts';

export async function enforcementActionView(db: Db, actionId: number) {
  const d = await getAction(db, actionId);
  if (!d) return undefined;
  const a = d.action;
  return {
    ...d,
    inForce: isInForce(a),
    isStopWork: a.type === 'stop_work_order',
    history: (await projectHistory(db, a.projectId, 400)).filter(
      (h) => h.entityType === 'enforcement_action' && h.entityId === String(a.id),
    ),
  };
}
