/**
 * The officer's page for one enforcement action: the action and its project, whether it is in force,
 * and its own audited history.
 */
import { getAction } from '#lib/server/enforcement/actions.ts';
import { isInForce } from '#lib/server/enforcement/in-force.rules.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { projectHistory } from '#lib/server/projects/registry.ts';

export function enforcementActionView(db: DB, actionId: number) {
  const d = getAction(db, actionId);
  if (!d) return undefined;
  const a = d.action;
  return {
    ...d,
    inForce: isInForce(a),
    isStopWork: a.type === 'stop_work_order',
    history: projectHistory(db, a.projectId, 400).filter(
      (h) => h.entityType === 'enforcement_action' && h.entityId === String(a.id),
    ),
  };
}
