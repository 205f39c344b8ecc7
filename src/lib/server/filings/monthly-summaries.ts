/**
 * The operator's monthly summary of site inspection activity (ordinance Subsection L(5)): pre-filled
 * from the month's reports, a plain-language narrative for the public, certified by name and title,
 * with attachments. Filing publishes it on the project page at once; a correction is a new version and
 * the earlier one stays visible as superseded.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { RELOAD_FORM } from '#lib/server/platform/forms/messages.ts';
import { documents, monthlySummaries, monthlySummaryDocuments, parties } from '#db/schema.ts';
import { monthOf } from '#lib/shared/days.ts';
import { formatMonth } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import {
  constructionPeriod,
  summaryDueOn,
  summaryMonths,
  tallyMonth,
  type MonthTally,
} from '#lib/server/compliance/compliance.rules.ts';
import { complianceContext, invalidateCompliance, loadComplianceData } from '#lib/server/compliance/compliance.ts';
import { preparedOnce } from '#lib/server/platform/db.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { documentValues, issuesToErrors, withBlanks } from '#lib/server/platform/forms/upload-forms.ts';
import { PdfWriter } from '#lib/server/platform/pdf/writer.ts';
import type { ReceivedFile } from '#lib/server/platform/files/uploads.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { failFields, type Result } from '#lib/server/platform/result.ts';
import { defineUpload } from '#lib/server/platform/forms/define-upload.ts';
import { storeFile } from '#lib/server/platform/files/store.ts';

/** The certification the signer makes (modelled on the ordinance's SWPPP certification). */
export const SUMMARY_CERTIFICATION =
  'I certify under penalty of law that this summary and its attachments were prepared under my direction or supervision from the inspection reports of a qualified professional, and that, to the best of my knowledge and belief, it is true, accurate and complete.';

const count = (what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v),
    z
      .number({ error: `Enter the number of ${what} (0 if none).` })
      .int({ error: `Enter a whole number of ${what}.` })
      .min(0, { error: `Enter the number of ${what} (0 if none).` })
      .max(1000, { error: `Enter the number of ${what} (0 if none).` }),
  );
const acres = (what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(/,/g, '')) : undefined),
    z
      .number({ error: `Enter the acres ${what}, like 2.5, or leave it blank.` })
      .min(0, { error: `Enter the acres ${what}, like 2.5.` })
      .max(10_000, { error: `Enter the acres ${what}, like 2.5.` })
      .optional(),
  );

const summaryBase = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Choose the month this summary covers.' }),
  inspectionsDone: count('inspections done'),
  inspectionsRequired: count('inspections required'),
  stormEvents: count('storms of half an inch or more'),
  postStormInspections: count('post-storm inspections'),
  acresDisturbed: acres('disturbed (open)'),
  acresStabilized: acres('stabilized'),
  correctiveOpened: count('corrective actions opened'),
  correctiveClosed: count('corrective actions closed'),
  correctiveOpen: count('corrective actions still open'),
  narrative: z
    .string()
    .trim()
    .min(40, { error: 'Write a few plain sentences for residents about the month (at least 40 characters).' })
    .max(5000, { error: 'Keep the narrative under 5,000 characters.' }),
  certifiedByName: z
    .string()
    .trim()
    .min(1, { error: 'Enter the name of the person certifying this summary.' })
    .max(120, { error: 'Use at most 120 characters.' }),
  certifiedByTitle: z
    .string()
    .trim()
    .min(1, { error: 'Enter their title, like “Site superintendent” or “Qualified inspector (CPESC 1234)”.' })
    .max(160, { error: 'Use at most 160 characters.' }),
  certify: z.literal('on', { error: 'Tick the box to certify the summary.' }),
  supersedesId: z.preprocess(
    (v) => (v === '' || v == null ? undefined : Number(v)),
    z.number({ error: RELOAD_FORM }).int({ error: RELOAD_FORM }).positive({ error: RELOAD_FORM }).optional(),
  ),
  correctionNote: z.string().trim().max(1000, { error: 'Use at most 1,000 characters.' }).default(''),
  attachmentsPublic: z.preprocess((v) => v === 'on', z.boolean()),
});

export const summaryFields = summaryBase.superRefine((v, c) => {
  if (v.supersedesId && v.correctionNote.length < 10)
    c.addIssue({
      code: 'custom',
      path: ['correctionNote'],
      message: 'Say what this correction changes, for residents reading both versions.',
    });
});

export type SummaryInput = z.infer<typeof summaryFields>;

export function parseSummary(values: Record<string, string>, eligible: string[]): Result<{ value: SummaryInput }> {
  const r = summaryFields.safeParse(withBlanks(summaryBase.shape, values));
  const errors = r.success ? {} : issuesToErrors(r.error);
  const month = values.month ?? '';
  if (!errors.month && !eligible.includes(month))
    errors.month =
      'Choose one of the months listed: a summary covers a month the site was under construction, up to this month.';
  if (!r.success || Object.keys(errors).length) return failFields(errors);
  return { ok: true, value: r.data };
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Current (not superseded) and earlier versions of every month's summary, newest month first. */
export function projectSummaries(db: Db, projectId: number) {
  return db
    .select()
    .from(monthlySummaries)
    .where(eq(monthlySummaries.projectId, projectId))
    .orderBy(desc(monthlySummaries.month), desc(monthlySummaries.version));
}

export async function summaryAttachments(db: Db, summaryIds: number[]) {
  if (!summaryIds.length) return [];
  // One statement per summary, prepared once (a page shows a handful): an IN list's length changes the SQL.
  const stmt = preparedOnce(db, 'monthlySummaries.attachments', () =>
    db
      .select({
        summaryId: monthlySummaryDocuments.summaryId,
        id: documents.id,
        title: documents.title,
        filename: documents.filename,
        public: documents.public,
        mimeType: documents.mimeType,
        sizeBytes: documents.sizeBytes,
      })
      .from(monthlySummaryDocuments)
      .innerJoin(documents, eq(documents.id, monthlySummaryDocuments.documentId))
      .where(eq(monthlySummaryDocuments.summaryId, sql.placeholder('summaryId')))
      .prepare(),
  );
  const out = [];
  for (const summaryId of new Set(summaryIds)) out.push(...(await stmt.all({ summaryId })));
  return out.sort((a, b) => a.id - b.id);
}

export interface SummaryMonthChoice {
  month: string;
  dueOn: string;
  /** The current version, if one is filed. */
  filed?: { id: number; version: number; submittedAt: Date | null };
}

/** The months a summary may be filed for (start of construction to this month), with their due dates. */
export async function summaryMonthChoices(db: Db, projectId: number, now: Date): Promise<SummaryMonthChoice[]> {
  const [data] = await loadComplianceData(db, { projectIds: [projectId] });
  const ctx = await complianceContext(db, now);
  if (!data) return [];
  const period = constructionPeriod(data);
  if (!period) return [];
  const today = townToday(now);
  const current = new Map(
    (await projectSummaries(db, projectId))
      .filter((s) => !s.supersededAt && s.submittedAt)
      .map((s) => [s.month, { id: s.id, version: s.version, submittedAt: s.submittedAt }]),
  );
  return summaryMonths(period, today)
    .filter((m) => m <= monthOf(today))
    .map((month) => ({ month, dueOn: summaryDueOn(month, ctx), filed: current.get(month) }))
    .reverse();
}

export interface SummaryFormContext {
  tally?: MonthTally;
  choices: SummaryMonthChoice[];
  values: Record<string, string>;
  correcting?: typeof monthlySummaries.$inferSelect;
}

/** The form for a month: counts pre-filled from that month's reports (or the version being corrected). */
export async function summaryFormContext(
  db: Db,
  projectId: number,
  month: string | undefined,
  now: Date,
  signer: { name: string; title: string | null },
  correctingId?: number,
): Promise<SummaryFormContext> {
  const choices = await summaryMonthChoices(db, projectId, now);
  const [correcting] = correctingId
    ? await db
        .select()
        .from(monthlySummaries)
        .where(
          and(
            eq(monthlySummaries.id, correctingId),
            eq(monthlySummaries.projectId, projectId),
            isNull(monthlySummaries.supersededAt),
          ),
        )
    : [];
  // Without a choice: the oldest month not yet filed (the overdue one first), else the latest month.
  const chosen =
    correcting?.month ??
    (month && choices.some((c) => c.month === month)
      ? month
      : (choices.filter((c) => !c.filed).at(-1)?.month ?? choices[0]?.month));
  const values: Record<string, string> = {
    certifiedByName: signer.name,
    certifiedByTitle: signer.title ?? '',
    attachmentsPublic: 'on',
  };
  if (!chosen) return { choices, values };
  const [data] = await loadComplianceData(db, { projectIds: [projectId] });
  const ctx = await complianceContext(db, now);
  const [inspector] = await db
    .select({ name: parties.contactName })
    .from(parties)
    .where(and(eq(parties.projectId, projectId), eq(parties.role, 'qualified_inspector')))
    .limit(1);
  const tally = tallyMonth(data, chosen, ctx, inspector?.name ?? undefined);
  const source = correcting ?? tally;
  Object.assign(values, {
    month: chosen,
    inspectionsDone: String(source.inspectionsDone),
    inspectionsRequired: String(source.inspectionsRequired),
    stormEvents: String(source.stormEvents),
    postStormInspections: String(source.postStormInspections),
    acresDisturbed: source.acresDisturbed == null ? '' : String(source.acresDisturbed),
    acresStabilized: source.acresStabilized == null ? '' : String(source.acresStabilized),
    correctiveOpened: String(source.correctiveOpened),
    correctiveClosed: String(source.correctiveClosed),
    correctiveOpen: String(source.correctiveOpen),
    narrative: correcting ? correcting.narrative : tally.draftNarrative,
  });
  if (correcting) {
    values.supersedesId = String(correcting.id);
    values.certifiedByName = correcting.certifiedByName ?? signer.name;
    values.certifiedByTitle = correcting.certifiedByTitle ?? signer.title ?? '';
  }
  return { tally, choices, values, correcting };
}

// ---------------------------------------------------------------------------------------------
// Filing

/** The printable, signed summary posted with the record (and at the site). */
export async function summaryPdf(
  project: { name: string; siteAddress: string; spdesPermitId: string | null },
  s: SummaryInput & { version: number },
  date: string,
): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const w = await PdfWriter.create({
    title: `Monthly inspection summary ${s.month} - ${project.name}`,
    subject: 'Monthly summary of site inspection activities',
    author: s.certifiedByName,
    date,
    header: `${project.name} - Monthly summary of site inspections`,
  });
  w.letterPage();
  w.heading(`MONTHLY INSPECTION SUMMARY - ${formatMonth(s.month).toUpperCase()}`, 1);
  if (s.version > 1) w.para(`Corrected version ${s.version}. ${s.correctionNote}`, { bold: true });
  w.fields([
    ['Project', `${project.name}, ${project.siteAddress}`],
    ['SPDES permit ID', project.spdesPermitId ?? '-'],
  ]);
  w.table(
    [
      { title: 'Item', width: 340 },
      { title: 'This month', width: 152 },
    ],
    [
      ['Inspections done / required', `${s.inspectionsDone} / ${s.inspectionsRequired}`],
      ['Storms of 0.5 in. or more', String(s.stormEvents)],
      ['Post-storm inspections', String(s.postStormInspections)],
      ['Acres disturbed (open) at month end', s.acresDisturbed == null ? '-' : s.acresDisturbed.toFixed(1)],
      ['Acres stabilized at month end', s.acresStabilized == null ? '-' : s.acresStabilized.toFixed(1)],
      [
        'Corrective actions opened / closed / still open',
        `${s.correctiveOpened} / ${s.correctiveClosed} / ${s.correctiveOpen}`,
      ],
    ],
  );
  w.heading('What happened this month');
  w.para(s.narrative);
  w.heading('Certification');
  w.para(SUMMARY_CERTIFICATION, { size: 8.5 });
  w.signature(s.certifiedByName, s.certifiedByTitle, date);
  const pdf = await w.save();
  return { bytes: pdf.bytes, pageCount: pdf.facts.pageCount };
}

export type FiledSummary = Result<{ id: number; version: number }>;

export interface StoredSummaryPdf {
  sha256: string;
  sizeBytes: number;
  pageCount: number;
}

/**
 * File a summary (or a corrected version) with its generated PDF and the operator's attachments, all
 * already stored by content. Returns field errors when the month already has a summary and this is not
 * a correction of its current version.
 */
export async function fileMonthlySummary(
  db: Db,
  actor: Actor & { userId: number },
  projectId: number,
  input: SummaryInput,
  pdf: StoredSummaryPdf,
  attachments: ReceivedFile[],
  now: Date = new Date(),
): Promise<FiledSummary> {
  const result = await fileSummaryTx(db, actor, projectId, input, pdf, attachments, now);
  if (result.ok) invalidateCompliance();
  return result;
}

function fileSummaryTx(
  db: Db,
  actor: Actor & { userId: number },
  projectId: number,
  input: SummaryInput,
  pdf: StoredSummaryPdf,
  attachments: ReceivedFile[],
  now: Date,
): Promise<FiledSummary> {
  return db.transaction(async (tx): Promise<FiledSummary> => {
    const [current] = await tx
      .select()
      .from(monthlySummaries)
      .where(
        and(
          eq(monthlySummaries.projectId, projectId),
          eq(monthlySummaries.month, input.month),
          isNull(monthlySummaries.supersededAt),
          sql`${monthlySummaries.submittedAt} is not null`,
        ),
      )
      .orderBy(desc(monthlySummaries.version))
      .limit(1);
    if (current && current.id !== input.supersedesId) {
      return failFields({
        month: `A summary for ${formatMonth(input.month)} is already filed (version ${current.version}). To change it, open it and choose “Correct this summary”.`,
      });
    }
    if (!current && input.supersedesId) {
      return failFields({
        _form: 'The summary you are correcting was already replaced. Open the latest version to correct it.',
      });
    }
    const version = current ? current.version + 1 : 1;
    const day = townToday(now);
    const [document] = await tx
      .insert(documents)
      .values(
        documentValues(
          {
            filename: `monthly-summary-${input.month}${version > 1 ? `-v${version}` : ''}.pdf`,
            sha256: pdf.sha256,
            mimeType: 'application/pdf',
            sizeBytes: pdf.sizeBytes,
            pdf: { pageCount: pdf.pageCount, sheetSize: 'letter', largeFormatPages: 0 },
          },
          {
            projectId,
            type: 'monthly_summary',
            title: `Monthly inspection summary, ${formatMonth(input.month)}${version > 1 ? ` (corrected, version ${version})` : ''}`,
            documentDate: day,
            public: true,
            publicProposed: true,
            reviewStatus: 'filed',
            uploadedByUserId: actor.userId,
            version,
          },
        ),
      )
      .returning({ id: documents.id });
    const documentId = document!.id;
    const [summary] = await tx
      .insert(monthlySummaries)
      .values({
        projectId,
        month: input.month,
        version,
        supersedesId: current?.id ?? null,
        inspectionsDone: input.inspectionsDone,
        inspectionsRequired: input.inspectionsRequired,
        stormEvents: input.stormEvents,
        postStormInspections: input.postStormInspections,
        acresDisturbed: input.acresDisturbed ?? null,
        acresStabilized: input.acresStabilized ?? null,
        correctiveOpened: input.correctiveOpened,
        correctiveClosed: input.correctiveClosed,
        correctiveOpen: input.correctiveOpen,
        narrative: input.narrative,
        certifiedByName: input.certifiedByName,
        certifiedByTitle: input.certifiedByTitle,
        certifiedAt: now,
        documentId,
        submittedByUserId: actor.userId,
        submittedAt: now,
        reviewStatus: 'filed',
        correctionNote: current ? input.correctionNote : null,
        createdAt: now,
      })
      .returning({ id: monthlySummaries.id });
    const id = summary!.id;
    if (current)
      await tx.update(monthlySummaries).set({ supersededAt: now }).where(eq(monthlySummaries.id, current.id));
    for (const file of attachments) {
      const [attachment] = await tx
        .insert(documents)
        .values(
          documentValues(file, {
            projectId,
            type: 'other',
            title: `Attachment to the ${formatMonth(input.month)} summary: ${file.filename}`,
            documentDate: day,
            // Photos may show people or neighbours' property: the officer decides what is posted.
            public: false,
            publicProposed: input.attachmentsPublic,
            reviewStatus: 'filed',
            uploadedByUserId: actor.userId,
          }),
        )
        .returning({ id: documents.id });
      await tx.insert(monthlySummaryDocuments).values({ summaryId: id, documentId: attachment!.id });
    }
    await auditAsync(tx, actor, {
      action: current ? 'monthly_summary.correct' : 'monthly_summary.file',
      entityType: 'monthly_summary',
      entityId: id,
      before: current ? { id: current.id, version: current.version } : undefined,
      after: {
        projectId,
        month: input.month,
        version,
        documentId,
        attachments: attachments.map((a) => a.sha256),
        certifiedBy: `${input.certifiedByName}, ${input.certifiedByTitle}`,
      },
    });
    return { ok: true, id, version };
  });
}

/**
 * A month's summary with up to five attachments. Filing also makes the signed summary PDF, stored by
 * content before the transaction (no I/O inside it) and removed again if the filing is refused.
 */
export const summaryUpload = defineUpload({
  accept: ['pdf', 'jpeg', 'png'],
  maxFiles: 5,
  fileField: 'attachments',
  chooseAgain: 'the attachments',
  parse: (
    { values },
    c: {
      actor: Actor & { userId: number };
      project: { id: number; name: string; siteAddress: string; spdesPermitId: string | null };
      now: Date;
      form: Pick<SummaryFormContext, 'choices'>;
    },
  ) =>
    parseSummary(
      values,
      c.form.choices.map((choice) => choice.month),
    ),
  async handle(input, attachments, c, { dbAsync, stored }) {
    const version = (c.form.choices.find((choice) => choice.month === input.month)?.filed?.version ?? 0) + 1;
    const pdf = await summaryPdf(c.project, { ...input, version }, townToday(c.now));
    const file = await storeFile(pdf.bytes);
    stored(file);
    return fileMonthlySummary(
      dbAsync,
      c.actor,
      c.project.id,
      input,
      { sha256: file.sha256, sizeBytes: file.sizeBytes, pageCount: pdf.pageCount },
      attachments,
      c.now,
    );
  },
});
