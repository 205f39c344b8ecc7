/**
 * What the inventory shows of each practice: its last inspection and condition, the next routine inspection,
 * open maintenance (overdue or not), and the owner's yearly reports. Staff and residents read the same facts;
 * public/practices.ts decides what residents see.
 */
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  practiceInspections,
  practiceMaintenanceItems,
  practiceMaintenanceReports,
  projects,
  stormwaterPractices,
  type SmpCondition,
} from '#db/schema.ts';
import { preparedOnce } from '#lib/server/platform/db.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import {
  annualReports,
  reportYearToFile,
  reportYearsHint,
  conditionWords,
  isInspectionOverdue,
  isMaintenanceOverdue,
  lateReportWords,
  maintenanceWords,
  nextRoutineDue,
  type RoutineIntervals,
} from './practices.rules.ts';
import { loadRoutineIntervals, practicesMaintainedBy } from './practices.ts';

type PracticeRow = typeof stormwaterPractices.$inferSelect;

export interface PracticeSummary {
  id: number;
  name: string;
  type: PracticeRow['type'];
  location: string;
  latitude: number;
  longitude: number;
  ownerKind: PracticeRow['ownerKind'];
  ownerName: string;
  dedicatedToTown: boolean;
  inServiceOn: string;
  removedOn: string | null;
  projectId: number | null;
  lastInspection: { inspectedOn: string; condition: SmpCondition } | null;
  conditionWords: string;
  nextDueOn: string | null;
  inspectionOverdue: boolean;
  openItems: number;
  overdueItems: number;
  updatedAt: Date;
}

function summarize(
  p: PracticeRow,
  last: { inspectedOn: string; condition: SmpCondition } | undefined,
  items: Array<{ dueOn: string; closedOn: string | null }>,
  today: string,
  intervals: RoutineIntervals,
  kindWord: string,
): PracticeSummary {
  const facts = {
    type: p.type,
    inServiceOn: p.inServiceOn,
    removedOn: p.removedOn,
    lastInspectedOn: last?.inspectedOn ?? null,
  };
  const open = items.filter((i) => i.closedOn == null);
  return {
    id: p.id,
    name: p.name,
    type: p.type,
    location: p.location,
    latitude: p.latitude,
    longitude: p.longitude,
    ownerKind: p.ownerKind,
    ownerName: p.ownerName,
    dedicatedToTown: p.dedicatedToTown,
    inServiceOn: p.inServiceOn,
    removedOn: p.removedOn,
    projectId: p.projectId,
    lastInspection: last ?? null,
    conditionWords: conditionWords(last ?? null, p.removedOn, kindWord),
    nextDueOn: nextRoutineDue(facts, intervals),
    inspectionOverdue: isInspectionOverdue(facts, today, intervals),
    openItems: open.length,
    overdueItems: open.filter((i) => isMaintenanceOverdue(i, today)).length,
    updatedAt: p.updatedAt,
  };
}

/** The latest inspection of each practice (by day, then by id). */
async function latestInspections(db: Db, ids: number[] | null) {
  const rows = await db
    .select({
      practiceId: practiceInspections.practiceId,
      inspectedOn: practiceInspections.inspectedOn,
      condition: practiceInspections.condition,
    })
    .from(practiceInspections)
    .where(ids ? inArray(practiceInspections.practiceId, ids) : sql`1 = 1`)
    .orderBy(asc(practiceInspections.inspectedOn), asc(practiceInspections.id));
  const last = new Map<number, { inspectedOn: string; condition: SmpCondition }>();
  for (const r of rows) last.set(r.practiceId, { inspectedOn: r.inspectedOn, condition: r.condition });
  return last;
}

/** Every practice in the inventory (or those of a project), by name, read in one snapshot. */
export function practiceSummaries(
  db: Db,
  today: string,
  opts: { projectId?: number } = {},
): Promise<PracticeSummary[]> {
  return readSnapshotAsync(db, async () => {
    // A project's list is built once per connection: every public project page asks, and most have none.
    const rows =
      opts.projectId != null
        ? await preparedOnce(db, 'practices.ofProject', () =>
            db
              .select()
              .from(stormwaterPractices)
              .where(eq(stormwaterPractices.projectId, sql.placeholder('projectId')))
              .orderBy(asc(stormwaterPractices.name), asc(stormwaterPractices.id))
              .prepare(),
          ).all({ projectId: opts.projectId })
        : await db
            .select()
            .from(stormwaterPractices)
            .orderBy(asc(stormwaterPractices.name), asc(stormwaterPractices.id));
    if (!rows.length) return [];
    const ids = opts.projectId != null ? rows.map((r) => r.id) : null;
    const last = await latestInspections(db, ids);
    const items = new Map<number, Array<{ dueOn: string; closedOn: string | null }>>();
    for (const i of await db
      .select({
        practiceId: practiceMaintenanceItems.practiceId,
        dueOn: practiceMaintenanceItems.dueOn,
        closedOn: practiceMaintenanceItems.closedOn,
      })
      .from(practiceMaintenanceItems)
      .where(ids ? inArray(practiceMaintenanceItems.practiceId, ids) : sql`1 = 1`)) {
      const list = items.get(i.practiceId) ?? [];
      list.push(i);
      items.set(i.practiceId, list);
    }
    const intervals = await loadRoutineIntervals(db);
    const { kindWord } = await townAsync(db);
    return rows.map((p) => summarize(p, last.get(p.id), items.get(p.id) ?? [], today, intervals, kindWord));
  });
}

/** One practice with its whole record: inspections, maintenance, reports and their standing, read in one snapshot. */
export function practiceRecord(db: Db, id: number, today: string) {
  return readSnapshotAsync(db, () => readPracticeRecord(db, id, today));
}

async function readPracticeRecord(db: Db, id: number, today: string) {
  const p = Number.isSafeInteger(id)
    ? await db.select().from(stormwaterPractices).where(eq(stormwaterPractices.id, id)).get()
    : undefined;
  if (!p) return undefined;
  const project = p.projectId
    ? await db
        .select({
          id: projects.id,
          slug: projects.slug,
          name: projects.name,
          published: projects.published,
          notFiledOn: projects.notFiledOn,
        })
        .from(projects)
        .where(eq(projects.id, p.projectId))
        .get()
    : undefined;
  const inspections = await db
    .select()
    .from(practiceInspections)
    .where(eq(practiceInspections.practiceId, id))
    .orderBy(desc(practiceInspections.inspectedOn), desc(practiceInspections.id));
  const items = await db
    .select()
    .from(practiceMaintenanceItems)
    .where(eq(practiceMaintenanceItems.practiceId, id))
    .orderBy(asc(practiceMaintenanceItems.dueOn), asc(practiceMaintenanceItems.id));
  const reports = await db
    .select()
    .from(practiceMaintenanceReports)
    .where(eq(practiceMaintenanceReports.practiceId, id))
    .orderBy(desc(practiceMaintenanceReports.year), asc(practiceMaintenanceReports.id));
  const filed = new Map<number, string>();
  for (const r of reports)
    if (!filed.has(r.year) || (filed.get(r.year) as string) > r.filedOn) filed.set(r.year, r.filedOn);
  const standing = annualReports(
    { ownerKind: p.ownerKind, inServiceOn: p.inServiceOn, removedOn: p.removedOn, filed },
    today,
  );
  const intervals = await loadRoutineIntervals(db);
  const { kindWord } = await townAsync(db);
  const last = inspections[0]
    ? { inspectedOn: inspections[0].inspectedOn, condition: inspections[0].condition }
    : undefined;
  return {
    practice: p,
    project,
    summary: summarize(p, last, items, today, intervals, kindWord),
    inspections,
    openItems: items
      .filter((i) => i.closedOn == null)
      .map((i) => ({ ...i, words: maintenanceWords(i, today, kindWord), overdue: isMaintenanceOverdue(i, today) })),
    closedItems: items
      .filter((i) => i.closedOn != null)
      .map((i) => ({ ...i, words: maintenanceWords(i, today, kindWord) })),
    reports,
    /** Year → the day its report was filed (the earliest), for the form's year and its one-report-a-year check. */
    filedReports: filed as ReadonlyMap<number, string>,
    /** The year the report form offers (the oldest not yet filed; null when all are), and its words about the years. */
    reportYearToFile: reportYearToFile({ inServiceOn: p.inServiceOn, removedOn: p.removedOn, filed }, today),
    reportYearsHint: reportYearsHint({ inServiceOn: p.inServiceOn, removedOn: p.removedOn, filed }, today),
    reportStanding: standing,
    reportFindings: standing.map(lateReportWords).filter((w): w is string => w != null),
  };
}
export type PracticeRecord = NonNullable<Awaited<ReturnType<typeof practiceRecord>>>;

/** The practices an operator maintains, each with its record, in one snapshot (their list page). */
export function maintainedPracticeRecords(db: Db, userId: number, today: string) {
  return readSnapshotAsync(db, async () => {
    const out: Array<{ p: Awaited<ReturnType<typeof practicesMaintainedBy>>[number]; r: PracticeRecord }> = [];
    for (const p of await practicesMaintainedBy(db, userId)) {
      const r = await readPracticeRecord(db, p.id, today);
      if (r) out.push({ p, r });
    }
    return out;
  });
}
