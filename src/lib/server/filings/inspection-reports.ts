/**
 * Inspection reports filed by the operator for the qualified inspector: the form's rules (zod), what the
 * form starts with (last report's practices, open corrective actions carried over, rain since the last
 * inspection), and filing it in one transaction with its signed PDF.
 *
 * The ordinance (Subsection L(3)) lists what each inspection records: disturbed areas and drainage,
 * stabilized areas, areas inactive for 14 days, sediment accumulation as a percentage of storage for
 * each sediment control practice, maintenance needs (rill and gully erosion, sediment leaving the site)
 * and all deficiencies. Open corrective actions carry over to each next report until closed.
 */
import { addDays } from '#lib/shared/days.ts';
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { RELOAD_FORM } from '#lib/server/platform/forms/messages.ts';
import {
  INSPECTION_TYPES,
  PRACTICE_CONDITIONS,
  correctiveActions,
  documents,
  inspectionInactiveAreas,
  inspectionPractices,
  inspections,
  parties,
  projects,
  stormEvents,
  type InspectionType,
} from '#db/schema.ts';
import { INSPECTION_TYPE_LABEL, PRACTICE_TYPES } from '#lib/shared/labels.ts';
import { formatDay, withoutAsides } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { correctiveDueLimit } from '#lib/server/compliance/compliance.rules.ts';
import { loadCalendarAsync } from '#lib/server/platform/time/calendar.ts';
import { invalidateCompliance } from '#lib/server/compliance/compliance.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import {
  documentValues,
  issuesToErrors,
  rowIndexes,
  rowValues,
  withBlanks,
} from '#lib/server/platform/forms/upload-forms.ts';
import { townInstant, townToday } from '#lib/server/platform/time/town-time.ts';
import type { ReceivedFile } from '#lib/server/platform/files/uploads.ts';
import { failFields, type Result } from '#lib/server/platform/result.ts';
import { defineUpload } from '#lib/server/platform/forms/define-upload.ts';

// ---------------------------------------------------------------------------------------------
// The form's rules

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Use at most ${max} characters.` })
    .default('');

/** A decimal typed into a text box: blank is "not given" (undefined), anything else must be a number in range. */
function decimalField(min: number, max: number, message: string, required = false) {
  const n = z.number({ error: message }).min(min, { error: message }).max(max, { error: message });
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const t = v.trim().replace(/,/g, '');
      return t === '' ? undefined : Number(t);
    },
    required ? n : n.optional(),
  );
}

const acresField = (what: string) => decimalField(0, 10_000, `Enter the acres ${what}, like 2.5 (0 if none).`, true);
const date = (message: string) => z.string().trim().regex(DAY, { error: message });
const optionalDate = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().regex(DAY, { error: message }).optional(),
  );

export const inspectionFields = z.object({
  inspectedOn: date('Enter the date of the inspection.'),
  inspectedTime: z.string().trim().regex(TIME, { error: 'Enter the time the inspection began, like 09:30.' }),
  type: z.enum(INSPECTION_TYPES, { error: 'Choose the type of inspection.' }),
  inspectorName: z
    .string()
    .trim()
    .min(1, { error: 'Enter the qualified inspector’s name.' })
    .max(120, { error: 'Use at most 120 characters.' }),
  inspectorCredential: z
    .string()
    .trim()
    .min(1, { error: 'Enter the inspector’s credential, like CPESC 1234 or NYS PE 087654.' })
    .max(120, { error: 'Use at most 120 characters.' }),
  weather: text(200),
  rainSinceLastInches: decimalField(
    0,
    40,
    'Enter the rain since the last inspection in inches, like 0.75, or leave it blank.',
  ),
  snowCover: z.preprocess((v) => v === 'on' || v === 'yes', z.boolean()),
  disturbedAcresActive: acresField('disturbed and worked in the last 14 days'),
  disturbedAcresInactive: acresField('disturbed with no work in the last 14 days'),
  tempStabilizedAcres: acresField('temporarily stabilized'),
  finalStabilizedAcres: acresField('finally stabilized'),
  disturbedAreasNotes: text(4000),
  nextFourteenDaysNotes: text(2000),
  rillGullyErosion: z.enum(['yes', 'no'], { error: 'Say whether there is rill or gully erosion on slopes.' }),
  sedimentLeavingSite: z.enum(['yes', 'no'], { error: 'Say whether sediment is leaving the site.' }),
  maintenanceNeeded: text(4000),
  deficiencies: text(4000),
  supersedesId: z.preprocess(
    (v) => (v === '' || v == null ? undefined : Number(v)),
    z.number({ error: RELOAD_FORM }).int({ error: RELOAD_FORM }).positive({ error: RELOAD_FORM }).optional(),
  ),
});

/** The conditions an inspector chooses; a row left blank is 'not_inspected'. */
export const INSPECTED_CONDITIONS = PRACTICE_CONDITIONS.filter((c) => c !== 'not_inspected');

/** Practices that store sediment: their accumulation must be recorded. */
const STORAGE_PRACTICES = new Set(['sediment_trap', 'sediment_basin']);

const practiceRow = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: 'Name the practice, like “Sediment trap ST-1”.' })
      .max(160, { error: 'Use at most 160 characters.' }),
    type: z.enum(PRACTICE_TYPES, { error: 'Choose the kind of practice.' }),
    pct: decimalField(0, 100, 'Enter the sediment accumulation as a percentage of storage, from 0 to 100.'),
    // Nothing is preselected: a condition left blank is a practice not inspected (never "working as designed").
    condition: z.preprocess(
      (v) => (v === '' || v == null ? 'not_inspected' : v),
      z.enum(PRACTICE_CONDITIONS, { error: 'Choose the practice’s condition.' }),
    ),
    notes: text(500),
  })
  .superRefine((v, c) => {
    if (v.condition === 'not_inspected') {
      if (v.pct !== undefined)
        c.addIssue({
          code: 'custom',
          path: ['condition'],
          message: 'Choose the condition found: a practice not inspected has no sediment reading.',
        });
      return;
    }
    if (STORAGE_PRACTICES.has(v.type) && v.pct === undefined) {
      c.addIssue({
        code: 'custom',
        path: ['pct'],
        message: 'Enter how full it is, as a percentage of its sediment storage (0 to 100).',
      });
    }
  });

const correctiveRow = z.object({
  description: z
    .string()
    .trim()
    .min(1, { error: 'Describe what must be done.' })
    .max(500, { error: 'Use at most 500 characters.' }),
  responsibleParty: z
    .string()
    .trim()
    .min(1, { error: 'Enter who is responsible, like the site contractor.' })
    .max(160, { error: 'Use at most 160 characters.' }),
  dueOn: date('Enter the date it must be done by.'),
  /** Why a date later than the next business day is needed (the state permit: begun within one business day). */
  dueReason: text(500),
});

const areaRow = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Describe the area, like “East stockpile area”.' })
    .max(200, { error: 'Use at most 200 characters.' }),
  acres: decimalField(0, 10_000, 'Enter the area in acres, like 0.8, or leave it blank.'),
  stoppedOn: date('Enter the date work stopped there.'),
  begunOn: optionalDate('Enter the date stabilization began, or leave it blank if it has not.'),
  resumesOn: optionalDate('Enter the date work will resume, or leave it blank.'),
});

export type InspectionFields = z.infer<typeof inspectionFields>;

export interface ParsedInspection extends InspectionFields {
  inspectedAt: Date;
  practices: Array<z.infer<typeof practiceRow>>;
  newCorrective: Array<z.infer<typeof correctiveRow>>;
  closeCorrective: Array<{ id: number; closedOn: string }>;
  areas: Array<z.infer<typeof areaRow>>;
}

export interface OpenCorrective {
  id: number;
  description: string;
  responsibleParty: string | null;
  dueOn: string | null;
  openedOn: string;
}

const blank = (row: Record<string, string>, keys: string[]) => keys.every((k) => !row[k]);

/**
 * Check a posted report. Returns the values to store, or a message per field (named as posted, so each
 * appears beside its input).
 */
export function parseInspection(
  values: Record<string, string>,
  ctx: { now: Date; startOn: string | null; open: OpenCorrective[]; onOrAfterBusinessDay?: (day: string) => string },
): Result<{ value: ParsedInspection }> {
  const errors: Record<string, string> = {};
  const main = inspectionFields.safeParse(withBlanks(inspectionFields.shape, values));
  if (!main.success) Object.assign(errors, issuesToErrors(main.error));
  const today = townToday(ctx.now);
  let inspectedAt: Date | undefined;
  if (main.success) {
    inspectedAt = townInstant(main.data.inspectedOn, main.data.inspectedTime);
    const earliest = ctx.startOn ? addDays(ctx.startOn, -90) : addDays(today, -400);
    if (Number.isNaN(inspectedAt.getTime())) errors.inspectedOn = 'Enter a real date, like 2026-05-04.';
    else if (inspectedAt.getTime() > ctx.now.getTime() + 5 * 60_000)
      errors.inspectedOn = 'The inspection cannot be in the future.';
    else if (main.data.inspectedOn < earliest)
      errors.inspectedOn = `The date is too long before construction started (${formatDay(ctx.startOn ?? earliest)}). Check the year.`;
  }
  const inspectedOn = main.success ? main.data.inspectedOn : today;

  const practices: ParsedInspection['practices'] = [];
  for (const i of rowIndexes(values, 'practice')) {
    const row = rowValues(values, 'practice', i);
    if (blank(row, ['name', 'pct', 'notes', 'condition'])) continue;
    const r = practiceRow.safeParse({ name: '', type: '', condition: '', notes: '', ...row });
    if (r.success) practices.push(r.data);
    else Object.assign(errors, issuesToErrors(r.error, `practice.${i}.`));
  }

  const newCorrective: ParsedInspection['newCorrective'] = [];
  for (const i of rowIndexes(values, 'ca')) {
    const row = rowValues(values, 'ca', i);
    if (blank(row, ['description', 'responsibleParty', 'dueOn', 'dueReason'])) continue;
    const r = correctiveRow.safeParse(withBlanks(correctiveRow.shape, row));
    // The state permit: corrective action begun within one business day, unless a later date is justified in writing (decision 0021).
    const limit = correctiveDueLimit(inspectedOn, ctx);
    if (!r.success) Object.assign(errors, issuesToErrors(r.error, `ca.${i}.`));
    else if (r.data.dueOn < inspectedOn) errors[`ca.${i}.dueOn`] = 'The due date cannot be before the inspection.';
    else if (r.data.dueOn > limit && !r.data.dueReason)
      errors[`ca.${i}.dueReason`] =
        `The state permit expects the work to begin within one business day (by ${formatDay(limit)}). Say why a later date is needed, or choose an earlier one.`;
    else newCorrective.push(r.data);
  }

  const closeCorrective: ParsedInspection['closeCorrective'] = [];
  for (const ca of ctx.open) {
    if (values[`carry.${ca.id}.closed`] !== 'on') continue;
    const closedOn = (values[`carry.${ca.id}.closedOn`] ?? '').trim() || inspectedOn;
    if (!DAY.test(closedOn)) errors[`carry.${ca.id}.closedOn`] = 'Enter the date it was done, like 2026-05-04.';
    else if (closedOn < ca.openedOn)
      errors[`carry.${ca.id}.closedOn`] = `It cannot be done before it was found (${formatDay(ca.openedOn)}).`;
    else if (closedOn > inspectedOn)
      errors[`carry.${ca.id}.closedOn`] =
        'Enter a date on or before this inspection: the inspection verifies the work.';
    else closeCorrective.push({ id: ca.id, closedOn });
  }

  const areas: ParsedInspection['areas'] = [];
  for (const i of rowIndexes(values, 'area')) {
    const row = rowValues(values, 'area', i);
    if (blank(row, ['name', 'acres', 'stoppedOn', 'begunOn', 'resumesOn'])) continue;
    const r = areaRow.safeParse(withBlanks(areaRow.shape, row));
    if (!r.success) Object.assign(errors, issuesToErrors(r.error, `area.${i}.`));
    else if (r.data.stoppedOn > inspectedOn)
      errors[`area.${i}.stoppedOn`] = 'Work cannot have stopped after the inspection.';
    else if (r.data.begunOn && r.data.begunOn < r.data.stoppedOn)
      errors[`area.${i}.begunOn`] = 'Stabilization cannot begin before work stopped.';
    else if (r.data.begunOn && r.data.begunOn > inspectedOn)
      errors[`area.${i}.begunOn`] = 'Enter a date on or before this inspection.';
    else if (r.data.resumesOn && r.data.resumesOn < r.data.stoppedOn)
      errors[`area.${i}.resumesOn`] = 'Work cannot resume before it stopped.';
    else areas.push(r.data);
  }

  if (Object.keys(errors).length || !main.success || !inspectedAt) return failFields(errors);
  return { ok: true, value: { ...main.data, inspectedAt, practices, newCorrective, closeCorrective, areas } };
}

// ---------------------------------------------------------------------------------------------
// What the form starts with

export async function openCorrectiveActions(db: Db, projectId: number): Promise<OpenCorrective[]> {
  const rows = await db
    .select({
      id: correctiveActions.id,
      description: correctiveActions.description,
      responsibleParty: correctiveActions.responsibleParty,
      dueOn: correctiveActions.dueOn,
      createdAt: correctiveActions.createdAt,
      openedAt: inspections.inspectedAt,
    })
    .from(correctiveActions)
    .leftJoin(inspections, eq(inspections.id, correctiveActions.openedInInspectionId))
    .where(and(eq(correctiveActions.projectId, projectId), isNull(correctiveActions.closedOn)))
    .orderBy(asc(correctiveActions.dueOn), asc(correctiveActions.id));
  return rows.map((r) => ({
    id: r.id,
    description: r.description,
    responsibleParty: r.responsibleParty,
    dueOn: r.dueOn,
    openedOn: townToday(r.openedAt ?? r.createdAt),
  }));
}

async function latestInspection(db: Db, projectId: number, before?: Date) {
  const [row] = await db
    .select()
    .from(inspections)
    .where(
      and(
        eq(inspections.projectId, projectId),
        isNull(inspections.supersededAt),
        before ? lte(inspections.inspectedAt, before) : undefined,
      ),
    )
    .orderBy(desc(inspections.inspectedAt))
    .limit(1);
  return row;
}

/** A filed report with its practices and inactive areas (for viewing, correcting and pre-filling). */
export async function getInspection(db: Db, projectId: number, id: number) {
  const [row] = await db
    .select()
    .from(inspections)
    .where(and(eq(inspections.id, id), eq(inspections.projectId, projectId)));
  if (!row) return undefined;
  const practices = await db
    .select()
    .from(inspectionPractices)
    .where(eq(inspectionPractices.inspectionId, id))
    .orderBy(asc(inspectionPractices.id));
  const areas = await db
    .select()
    .from(inspectionInactiveAreas)
    .where(eq(inspectionInactiveAreas.inspectionId, id))
    .orderBy(asc(inspectionInactiveAreas.id));
  const opened = await db
    .select()
    .from(correctiveActions)
    .where(eq(correctiveActions.openedInInspectionId, id))
    .orderBy(asc(correctiveActions.id));
  const closed = await db
    .select()
    .from(correctiveActions)
    .where(eq(correctiveActions.closedInInspectionId, id))
    .orderBy(asc(correctiveActions.id));
  const [report] = row.reportDocumentId
    ? await db.select().from(documents).where(eq(documents.id, row.reportDocumentId))
    : [];
  const [storm] = row.stormEventId
    ? await db.select().from(stormEvents).where(eq(stormEvents.id, row.stormEventId))
    : [];
  return { ...row, practices, areas, opened, closed, report, storm };
}

export type FiledInspection = NonNullable<Awaited<ReturnType<typeof getInspection>>>;

/** Blank rows offered beyond the known practices (the form works without JavaScript, so rows are fixed). */
export const EXTRA_ROWS = { practice: 3, ca: 4, area: 2 } as const;

export interface InspectionFormContext {
  open: OpenCorrective[];
  /** Practice names and kinds to list, from the report being corrected or the latest report. */
  practices: Array<{ practice: string; practiceType: string }>;
  values: Record<string, string>;
  lastInspectedAt?: Date;
  correcting?: FiledInspection;
  /** Storms of the threshold or more in the last three days (for the post-storm type). */
  recentStorms: Array<{ endedAt: Date; inches: number; gauge: string | null }>;
  /** The town's calendar as a due-date mover, for the corrective actions' one business day. */
  onOrAfterBusinessDay: (day: string) => string;
}

/** The form's starting values: the inspector on file, the last report's practices, open corrective actions. */
export async function inspectionFormContext(
  db: Db,
  projectId: number,
  now: Date,
  correctingId?: number,
): Promise<InspectionFormContext> {
  const correcting = correctingId ? await getInspection(db, projectId, correctingId) : undefined;
  const usable =
    correcting && correcting.reviewStatus === 'returned' && !correcting.supersededAt ? correcting : undefined;
  const last = await latestInspection(db, projectId);
  const [inspector] = await db
    .select({ name: parties.contactName, license: parties.license })
    .from(parties)
    .where(and(eq(parties.projectId, projectId), eq(parties.role, 'qualified_inspector')))
    .orderBy(desc(parties.id))
    .limit(1);
  const practices = usable
    ? usable.practices.map((p) => ({ practice: p.practice, practiceType: p.practiceType }))
    : last
      ? await db
          .select({ practice: inspectionPractices.practice, practiceType: inspectionPractices.practiceType })
          .from(inspectionPractices)
          .where(eq(inspectionPractices.inspectionId, last.id))
          .orderBy(asc(inspectionPractices.id))
      : [];
  const [rainSince] = last
    ? await db
        .select({ inches: sql<number>`coalesce(sum(${stormEvents.inches}), 0)` })
        .from(stormEvents)
        .where(and(gt(stormEvents.endedAt, last.inspectedAt), lte(stormEvents.endedAt, now)))
    : [];
  const rain = rainSince?.inches ?? 0;
  const recentStorms = await db
    .select({ endedAt: stormEvents.endedAt, inches: stormEvents.inches, gauge: stormEvents.gauge })
    .from(stormEvents)
    .where(
      and(
        gt(stormEvents.endedAt, new Date(now.getTime() - 72 * 3_600_000)),
        lte(stormEvents.endedAt, now),
        sql`${stormEvents.inches} >= 0.5`,
      ),
    )
    .orderBy(desc(stormEvents.endedAt));

  const values: Record<string, string> = {
    inspectedOn: townToday(now),
    inspectedTime: '',
    // A storm since the last inspection suggests this is the post-storm one.
    type: recentStorms.some((st) => !last || st.endedAt > last.inspectedAt) ? 'post_storm' : 'routine',
    inspectorName: last?.inspectorName ?? inspector?.name ?? '',
    inspectorCredential: last?.inspectorCredential ?? inspector?.license ?? '',
    rainSinceLastInches: rain ? String(Math.round(rain * 100) / 100) : '',
  };
  if (usable) {
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(usable.inspectedAt);
    Object.assign(values, {
      inspectedOn: townToday(usable.inspectedAt),
      inspectedTime: local,
      type: usable.type,
      inspectorName: usable.inspectorName,
      inspectorCredential: usable.inspectorCredential ?? '',
      weather: usable.weather ?? '',
      rainSinceLastInches: usable.rainSinceLastInches == null ? '' : String(usable.rainSinceLastInches),
      snowCover: usable.snowCover ? 'on' : '',
      disturbedAcresActive: str(usable.disturbedAcresActive),
      disturbedAcresInactive: str(usable.disturbedAcresInactive),
      tempStabilizedAcres: str(usable.tempStabilizedAcres),
      finalStabilizedAcres: str(usable.finalStabilizedAcres),
      disturbedAreasNotes: usable.disturbedAreasNotes ?? '',
      nextFourteenDaysNotes: usable.nextFourteenDaysNotes ?? '',
      rillGullyErosion: usable.rillGullyErosion ? 'yes' : 'no',
      sedimentLeavingSite: usable.sedimentLeavingSite ? 'yes' : 'no',
      maintenanceNeeded: usable.maintenanceNeeded ?? '',
      deficiencies: usable.deficiencies ?? '',
      supersedesId: String(usable.id),
    });
    usable.practices.forEach((p, i) => {
      Object.assign(values, {
        [`practice.${i}.pct`]: str(p.sedimentAccumulationPct),
        [`practice.${i}.condition`]: p.condition === 'not_inspected' ? '' : p.condition,
        [`practice.${i}.notes`]: p.notes ?? '',
      });
    });
    putAreas(values, usable.areas);
  } else if (last) {
    // Areas still stopped at the last inspection carry forward, so their 14-day clock is not lost.
    putAreas(
      values,
      await db.select().from(inspectionInactiveAreas).where(eq(inspectionInactiveAreas.inspectionId, last.id)),
    );
  }
  practices.forEach((p, i) => {
    values[`practice.${i}.name`] = p.practice;
    values[`practice.${i}.type`] = p.practiceType;
  });
  const calendar = await loadCalendarAsync(db);
  return {
    open: await openCorrectiveActions(db, projectId),
    practices,
    values,
    lastInspectedAt: last?.inspectedAt,
    correcting: usable,
    recentStorms,
    onOrAfterBusinessDay: (day) => calendar.onOrAfter(day),
  };
}

/** The form's rows of inactive areas, from a report's. */
function putAreas(values: Record<string, string>, areas: Array<typeof inspectionInactiveAreas.$inferSelect>): void {
  areas.forEach((a, i) => {
    Object.assign(values, {
      [`area.${i}.name`]: a.area,
      [`area.${i}.acres`]: str(a.acres),
      [`area.${i}.stoppedOn`]: a.workStoppedOn,
      [`area.${i}.begunOn`]: a.stabilizationBegunOn ?? '',
      [`area.${i}.resumesOn`]: a.resumesOn ?? '',
    });
  });
}

function str(n: number | null | undefined): string {
  return n == null ? '' : String(n);
}

// ---------------------------------------------------------------------------------------------
// Filing

export type FileInspectionResult = Result<{ id: number }>;

/**
 * File a report and its signed PDF (already stored by content) in one transaction: the document, the
 * inspection, its practices and inactive areas, corrective actions closed and opened, the returned
 * report it corrects superseded, and the audit entry.
 */
export async function fileInspection(
  db: Db,
  actor: Actor & { userId: number },
  projectId: number,
  input: ParsedInspection,
  report: ReceivedFile,
): Promise<FileInspectionResult> {
  const result = await fileInspectionTx(db, actor, projectId, input, report);
  if (result.ok) invalidateCompliance();
  return result;
}

/** A report's document title: "Inspection report, May 3, 2026 (post-storm inspection, within 24 hours)". */
export function inspectionReportTitle(dayWords: string, type: InspectionType): string {
  return `Inspection report, ${dayWords} (${withoutAsides(INSPECTION_TYPE_LABEL[type]).toLowerCase()})`;
}

function fileInspectionTx(
  db: Db,
  actor: Actor & { userId: number },
  projectId: number,
  input: ParsedInspection,
  report: ReceivedFile,
): Promise<FileInspectionResult> {
  const day = input.inspectedOn;
  return db.transaction(async (tx): Promise<FileInspectionResult> => {
    const [duplicate] = await tx
      .select({ id: inspections.id })
      .from(inspections)
      .where(
        and(
          eq(inspections.projectId, projectId),
          eq(inspections.inspectedAt, input.inspectedAt),
          isNull(inspections.supersededAt),
        ),
      )
      .limit(1);
    if (duplicate && duplicate.id !== input.supersedesId) {
      return failFields({
        inspectedTime: `A report for the inspection of ${formatDay(day)} at ${input.inspectedTime} is already filed. Open it from the project page to see it.`,
      });
    }
    let supersedes: { id: number } | undefined;
    if (input.supersedesId) {
      [supersedes] = await tx
        .select({ id: inspections.id })
        .from(inspections)
        .where(
          and(
            eq(inspections.id, input.supersedesId),
            eq(inspections.projectId, projectId),
            eq(inspections.reviewStatus, 'returned'),
            isNull(inspections.supersededAt),
          ),
        );
      if (!supersedes)
        return failFields({
          _form:
            'The report you are correcting was already corrected or is no longer returned. Start a new report instead.',
        });
    }
    // A post-storm inspection belongs to the storm that ended most recently before it (within three days).
    const [storm] =
      input.type === 'post_storm'
        ? await tx
            .select({ id: stormEvents.id })
            .from(stormEvents)
            .where(
              and(
                lte(stormEvents.endedAt, input.inspectedAt),
                gt(stormEvents.endedAt, new Date(input.inspectedAt.getTime() - 72 * 3_600_000)),
                sql`${stormEvents.inches} >= 0.5`,
              ),
            )
            .orderBy(desc(stormEvents.endedAt))
            .limit(1)
        : [];
    const [document] = await tx
      .insert(documents)
      .values(
        documentValues(report, {
          projectId,
          type: 'inspection_report',
          title: inspectionReportTitle(formatDay(day), input.type as InspectionType),
          documentDate: day,
          // The ordinance makes inspection reports public documents; the officer may still withhold one.
          public: true,
          publicProposed: true,
          reviewStatus: 'filed',
          uploadedByUserId: actor.userId,
        }),
      )
      .returning({ id: documents.id });
    const documentId = document!.id;
    const now = new Date();
    const [inspection] = await tx
      .insert(inspections)
      .values({
        projectId,
        inspectedAt: input.inspectedAt,
        type: input.type,
        inspectorName: input.inspectorName,
        inspectorCredential: input.inspectorCredential,
        weather: input.weather || null,
        rainSinceLastInches: input.rainSinceLastInches ?? null,
        stormEventId: storm?.id ?? null,
        disturbedAcresActive: input.disturbedAcresActive,
        disturbedAcresInactive: input.disturbedAcresInactive,
        tempStabilizedAcres: input.tempStabilizedAcres,
        finalStabilizedAcres: input.finalStabilizedAcres,
        disturbedAreasNotes: input.disturbedAreasNotes || null,
        nextFourteenDaysNotes: input.nextFourteenDaysNotes || null,
        rillGullyErosion: input.rillGullyErosion === 'yes',
        sedimentLeavingSite: input.sedimentLeavingSite === 'yes',
        maintenanceNeeded: input.maintenanceNeeded || null,
        deficiencies: input.deficiencies || null,
        snowCover: input.snowCover,
        reportDocumentId: documentId,
        filedByUserId: actor.userId,
        filedAt: now,
        reviewStatus: 'filed',
        supersedesId: supersedes?.id ?? null,
      })
      .returning({ id: inspections.id });
    const id = inspection!.id;
    if (input.practices.length) {
      await tx.insert(inspectionPractices).values(
        input.practices.map((p) => ({
          inspectionId: id,
          practice: p.name,
          practiceType: p.type,
          sedimentAccumulationPct: p.pct ?? null,
          condition: p.condition,
          notes: p.notes || null,
        })),
      );
    }
    if (input.areas.length) {
      await tx.insert(inspectionInactiveAreas).values(
        input.areas.map((a) => ({
          inspectionId: id,
          area: a.name,
          acres: a.acres ?? null,
          workStoppedOn: a.stoppedOn,
          stabilizationBegunOn: a.begunOn ?? null,
          resumesOn: a.resumesOn ?? null,
        })),
      );
    }
    for (const c of input.closeCorrective) {
      await tx
        .update(correctiveActions)
        .set({ closedOn: c.closedOn, closedInInspectionId: id })
        .where(
          and(
            eq(correctiveActions.id, c.id),
            eq(correctiveActions.projectId, projectId),
            isNull(correctiveActions.closedOn),
          ),
        );
    }
    if (input.newCorrective.length) {
      await tx.insert(correctiveActions).values(
        input.newCorrective.map((c) => ({
          projectId,
          openedInInspectionId: id,
          description: c.description,
          responsibleParty: c.responsibleParty,
          dueOn: c.dueOn,
          dueReason: c.dueReason || null,
          createdAt: now,
        })),
      );
    }
    if (supersedes) await tx.update(inspections).set({ supersededAt: now }).where(eq(inspections.id, supersedes.id));
    await auditAsync(tx, actor, {
      action: supersedes ? 'inspection.refile' : 'inspection.file',
      entityType: 'inspection',
      entityId: id,
      after: {
        projectId,
        inspectedAt: input.inspectedAt,
        type: input.type,
        inspector: input.inspectorName,
        documentId,
        sha256: report.sha256,
        practices: input.practices.length,
        correctiveOpened: input.newCorrective.length,
        correctiveClosed: input.closeCorrective.map((c) => c.id),
        inactiveAreas: input.areas.length,
        supersedes: supersedes?.id ?? null,
      },
    });
    return { ok: true, id };
  });
}

// ---------------------------------------------------------------------------------------------
// Lists for the workspace

export function recentInspections(db: Db, projectId: number, limit = 12) {
  return db
    .select({
      id: inspections.id,
      inspectedAt: inspections.inspectedAt,
      type: inspections.type,
      inspectorName: inspections.inspectorName,
      reviewStatus: inspections.reviewStatus,
      reviewComment: inspections.reviewComment,
      reviewedAt: inspections.reviewedAt,
      supersededAt: inspections.supersededAt,
      filedAt: inspections.filedAt,
      reportDocumentId: inspections.reportDocumentId,
    })
    .from(inspections)
    .where(eq(inspections.projectId, projectId))
    .orderBy(desc(inspections.inspectedAt), desc(inspections.id))
    .limit(limit);
}

/** Returned reports not yet corrected, with the officer's comment. */
export async function returnedInspections(db: Db, projectIds: number[]) {
  if (!projectIds.length) return [];
  return await db
    .select({
      id: inspections.id,
      projectId: inspections.projectId,
      slug: projects.slug,
      inspectedAt: inspections.inspectedAt,
      type: inspections.type,
      reviewComment: inspections.reviewComment,
      reviewedAt: inspections.reviewedAt,
    })
    .from(inspections)
    .innerJoin(projects, eq(projects.id, inspections.projectId))
    .where(
      and(
        inArray(inspections.projectId, projectIds),
        eq(inspections.reviewStatus, 'returned'),
        isNull(inspections.supersededAt),
      ),
    )
    .orderBy(desc(inspections.reviewedAt));
}

/** The operator's inspection report: the fields above and the signed report as one PDF. */
export const inspectionUpload = defineUpload({
  accept: ['pdf'],
  fileField: 'report',
  required: 'Attach the signed inspection report as a PDF.',
  chooseAgain: 'the signed report PDF',
  parse: (
    { values },
    c: {
      actor: Actor & { userId: number };
      projectId: number;
      now: Date;
      startOn: string | null;
      form: Pick<InspectionFormContext, 'open' | 'onOrAfterBusinessDay'>;
    },
  ) =>
    parseInspection(values, {
      now: c.now,
      startOn: c.startOn,
      open: c.form.open,
      onOrAfterBusinessDay: c.form.onOrAfterBusinessDay,
    }),
  handle: (input, [report], c, { dbAsync }) => fileInspection(dbAsync, c.actor, c.projectId, input, report),
});
