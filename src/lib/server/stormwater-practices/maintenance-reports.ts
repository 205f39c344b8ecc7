/**
 * The owner's maintenance reports. The ordinance requires the operator to give the owner "a manual
 * describing the operation and maintenance practices"; inspections "may include … reviewing maintenance and
 * repair records", and the Town "may require entities subject to this article to maintain records
 * demonstrating compliance". The owner files a yearly report (with photos or a PDF) through the operator
 * side, and may say which required maintenance it did; the Town's re-inspection closes it. One report a year: the
 * form offers the oldest year not yet filed and a second report for a filed year is refused. When a report is
 * late: practices.rules.ts (decision 0036).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { practiceMaintenanceItems, practiceMaintenanceReports, stormwaterPractices } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import type { ReceivedFile } from '#lib/server/platform/files/uploads.ts';
import { defineUpload } from '#lib/server/platform/forms/define-upload.ts';
import { failFields, type Result } from '#lib/server/platform/result.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { openMaintenanceItems } from './inspections.ts';
import { reportYearProblem, type ReportFacts } from './practices.rules.ts';

export interface ReportInput {
  year: number;
  workDone: string;
  doneItemIds: number[];
}

/** Reads the posted form: plain sentences by field. */
export function parseReportForm(
  values: Record<string, string>,
  doneItemIds: string[],
  practice: Pick<ReportFacts, 'inServiceOn' | 'removedOn' | 'filed'>,
  today: string,
): Result<{ value: ReportInput }> {
  const errors: Record<string, string> = {};
  const year = Number(values.year);
  const yearProblem = reportYearProblem(year, practice, today);
  if (yearProblem) errors.year = yearProblem;
  const workDone = (values.workDone ?? '').trim();
  if (!workDone)
    errors.workDone =
      'Describe the inspection and maintenance done this year (mowing, sediment removed, outlet cleared…).';
  else if (workDone.length > 4000) errors.workDone = 'Use at most 4,000 characters.';
  const ids = doneItemIds.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  if (Object.keys(errors).length) return failFields(errors);
  return { ok: true, value: { year, workDone, doneItemIds: ids } };
}

/** Who files the report, for which practice (with the years already filed), and when. */
export interface ReportContext {
  actor: Actor;
  practiceId: number;
  practice: Pick<ReportFacts, 'inServiceOn' | 'removedOn' | 'filed'>;
  now: Date;
}

/** The owner's maintenance report: one PDF or photo, the year, the work done, the required maintenance done. */
export const maintenanceReportUpload = defineUpload({
  accept: ['pdf', 'jpeg', 'png'],
  fileField: 'report',
  required: 'Choose the photo or PDF of the report.',
  chooseAgain: 'the file',
  parse: ({ values, form }, c: ReportContext) =>
    parseReportForm(values, form.fields.doneItemIds ?? [], c.practice, townToday(c.now)),
  handle: (input, [file], c, { dbAsync }) => fileMaintenanceReport(dbAsync, c.actor, c.practiceId, input, file, c.now),
});

export function fileMaintenanceReport(
  db: Db,
  actor: Actor,
  practiceId: number,
  input: ReportInput,
  file: ReceivedFile,
  now: Date,
): Promise<Result<{ id: number }>> {
  const filedOn = townToday(now);
  return db.transaction(async (tx): Promise<Result<{ id: number }>> => {
    const [practice] = await tx.select().from(stormwaterPractices).where(eq(stormwaterPractices.id, practiceId));
    if (!practice) return { ok: false, message: 'That practice is not in the inventory.' };
    const open = await openMaintenanceItems(tx, practiceId, input.doneItemIds);
    // One report a year, checked again where it is written (the form may be stale, or sent twice).
    const filed = new Map(
      (
        await tx
          .select({ year: practiceMaintenanceReports.year, filedOn: practiceMaintenanceReports.filedOn })
          .from(practiceMaintenanceReports)
          .where(eq(practiceMaintenanceReports.practiceId, practiceId))
      ).map((r) => [r.year, r.filedOn] as const),
    );
    const yearProblem = reportYearProblem(input.year, { ...practice, filed }, filedOn);
    if (yearProblem) return failFields({ year: yearProblem });
    const [row] = await tx
      .insert(practiceMaintenanceReports)
      .values({
        practiceId,
        year: input.year,
        filedOn,
        workDone: input.workDone,
        sha256: file.sha256,
        filename: file.filename,
        mimeType: file.mimeType,
        sizeBytes: file.sizeBytes,
        filedByUserId: 'userId' in actor ? actor.userId : null,
      })
      .returning();
    if (open.length)
      await tx
        .update(practiceMaintenanceItems)
        .set({ reportedDoneOn: filedOn })
        .where(inArray(practiceMaintenanceItems.id, open));
    await auditAsync(tx, actor, {
      action: 'practice.maintenance_report',
      entityType: 'stormwater_practice',
      entityId: practiceId,
      after: { report: row, reportedDoneItemIds: open },
    });
    return { ok: true, id: row!.id };
  });
}

/** A report's stored file, for its download. */
export async function maintenanceReportFile(db: Pick<Db, 'select'>, practiceId: number, reportId: number) {
  const [row] = await db
    .select()
    .from(practiceMaintenanceReports)
    .where(and(eq(practiceMaintenanceReports.practiceId, practiceId), eq(practiceMaintenanceReports.id, reportId)))
    .orderBy(asc(practiceMaintenanceReports.id))
    .limit(1);
  return row;
}
