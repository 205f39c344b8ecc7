/**
 * What the officer's desk lists of the permanent practices: routine inspections overdue and required
 * maintenance past its due date, read with the SQL forms of the one definition of each (practices.rules.ts).
 */
import { asc, eq } from 'drizzle-orm';
import { practiceMaintenanceItems, stormwaterPractices } from '#db/schema.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { inspectionOverdueSql, lastInspectedOnSql, maintenanceOverdueSql, nextRoutineDue } from './practices.rules.ts';
import { loadRoutineIntervals } from './practices.ts';

export async function overdueInspections(db: Db, today: string) {
  const intervals = await loadRoutineIntervals(db);
  const rows = await db
    .select({
      id: stormwaterPractices.id,
      name: stormwaterPractices.name,
      type: stormwaterPractices.type,
      inServiceOn: stormwaterPractices.inServiceOn,
      removedOn: stormwaterPractices.removedOn,
      lastInspectedOn: lastInspectedOnSql,
    })
    .from(stormwaterPractices)
    .where(inspectionOverdueSql(today, intervals))
    .orderBy(asc(stormwaterPractices.name));
  return rows
    .map((r) => ({ ...r, dueOn: nextRoutineDue(r, intervals) as string }))
    .sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : a.id - b.id));
}

export function overdueMaintenance(db: Db, today: string) {
  return db
    .select({
      id: practiceMaintenanceItems.id,
      practiceId: stormwaterPractices.id,
      practiceName: stormwaterPractices.name,
      ownerName: stormwaterPractices.ownerName,
      description: practiceMaintenanceItems.description,
      dueOn: practiceMaintenanceItems.dueOn,
      reportedDoneOn: practiceMaintenanceItems.reportedDoneOn,
    })
    .from(practiceMaintenanceItems)
    .innerJoin(stormwaterPractices, eq(stormwaterPractices.id, practiceMaintenanceItems.practiceId))
    .where(maintenanceOverdueSql(today))
    .orderBy(asc(practiceMaintenanceItems.dueOn), asc(practiceMaintenanceItems.id));
}
