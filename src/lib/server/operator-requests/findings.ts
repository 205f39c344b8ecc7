/**
 * The L(4) findings: requests to the operator not answered within five business days, per project, in one
 * query for any number of projects. The compliance loader adds them to each project's findings, so the
 * public project page, the findings open data and the officer's desk show them with the rest.
 */
import { inArray } from 'drizzle-orm';
import { operatorRequests } from '#db/schema.ts';
import { addDays } from '#lib/shared/days.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { closeOfBusiness, loadCalendar } from '#lib/server/platform/time/calendar.ts';
import { deadlineWindow } from '#lib/server/platform/time/deadlines.rules.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { unansweredFinding, type UnansweredFinding } from './request.rules.ts';

/** Project id → its L(4) findings (open and resolved). `projectIds` undefined: every project. */
export function unansweredFindingsByProject(db: DB, projectIds: number[] | undefined, now = new Date()): Map<number, UnansweredFinding[]> {
  const out = new Map<number, UnansweredFinding[]>();
  if (projectIds && !projectIds.length) return out;
  const { overdueBefore } = deadlineWindow(now, loadCalendar(db), closeOfBusiness(db));
  const q = db
    .select({
      projectId: operatorRequests.projectId,
      number: operatorRequests.number,
      status: operatorRequests.status,
      receivedAt: operatorRequests.receivedAt,
      dueOn: operatorRequests.dueOn,
      answeredOn: operatorRequests.answeredOn,
      availableOn: operatorRequests.availableOn,
      withdrawnOn: operatorRequests.withdrawnOn,
    })
    .from(operatorRequests);
  const rows = projectIds ? q.where(inArray(operatorRequests.projectId, projectIds)).all() : q.all();
  for (const r of rows) {
    const f = unansweredFinding({ ...r, receivedOn: townToday(r.receivedAt) }, overdueBefore, (d) => addDays(d, 1));
    if (!f) continue;
    const list = out.get(r.projectId) ?? [];
    list.push(f);
    out.set(r.projectId, list);
  }
  return out;
}
