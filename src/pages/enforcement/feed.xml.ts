/** Atom feed of the town-wide enforcement page: actions in force, and those resolved in the last 90 days. */
import { addDays } from '#lib/shared/days.ts';
import type { APIRoute } from 'astro';
import { publicEnforcement } from '#lib/server/enforcement/actions.ts';
import { describeAction, isInForce } from '#lib/server/enforcement/in-force.rules.ts';
import { atomResponse } from '#lib/server/platform/feeds/atom.ts';

import { townInstant, townToday } from '#lib/server/platform/time/town-time.ts';
import { ENFORCEMENT_TYPE_LABEL } from '#lib/shared/labels.ts';

export const GET: APIRoute = async ({ locals }) => {
  const base = locals.publicUrl;
  const today = townToday();
  const { inForce, resolved } = await publicEnforcement(locals.dbAsync, addDays(today, -90));
  const rows = [...inForce, ...resolved];
  const entries = rows
    .map((a) => {
      const resolved = !isInForce(a);
      const verb = resolved
        ? a.type === 'stop_work_order' && a.liftedOn && a.status !== 'withdrawn'
          ? 'lifted'
          : a.status === 'withdrawn'
            ? 'withdrawn'
            : 'resolved'
        : 'in force';
      // An entry changes when the action is resolved: its id stays, its updated moves.
      const updated = resolved ? townInstant(a.closedOn ?? a.issuedOn, '12:00') : townInstant(a.issuedOn, '12:00');
      return {
        id: `${base}/projects/${a.projectSlug}#enforcement-${a.id}`,
        title: `${a.projectName}: ${ENFORCEMENT_TYPE_LABEL[a.type]} ${verb}`,
        updated: a.updatedAt > updated ? a.updatedAt : updated,
        link: `${base}/projects/${a.projectSlug}#enforcement-history`,
        summary: `${describeAction(a, today, locals.town.profile.kind)} ${a.summary}`,
      };
    })
    .sort((x, y) => y.updated.getTime() - x.updated.getTime());
  return atomResponse({
    id: `${base}/enforcement`,
    title: `${locals.town.fullName}: stormwater enforcement in force`,
    author: locals.town.signature,
    self: `${base}/enforcement/feed.xml`,
    alternate: `${base}/enforcement`,
    updated: entries[0]?.updated ?? townInstant(today),
    entries,
  });
};
