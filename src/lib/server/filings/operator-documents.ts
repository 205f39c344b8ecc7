/**
 * Documents the operator uploads from the workspace: SWPPP amendments, certified as-built plans of the
 * permanent stormwater practices, and the copy of the notice of termination (NOT). Each is a PDF whose
 * pages and sheet sizes are read at upload; the operator proposes whether it should be public and the
 * officer decides.
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { documents, projectMembers, type DocumentType } from '#db/schema.ts';
import { planReceived, reviewAwaitingRevision } from '#lib/server/reviews/swppp-review.ts';
import { OPERATOR_UPLOAD_TYPES, type OperatorUploadType } from '#lib/shared/labels.ts';
import { formatDay } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { documentValues, issuesToErrors, withBlanks } from '#lib/server/platform/forms/upload-forms.ts';
import type { ReceivedFile } from '#lib/server/platform/files/uploads.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { fail, failFields, ok, type Result } from '#lib/server/platform/result.ts';
import { defineUpload } from '#lib/server/platform/forms/define-upload.ts';

export const uploadFields = z.object({
  type: z.enum(OPERATOR_UPLOAD_TYPES, { error: 'Choose what kind of document this is.' }),
  documentDate: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Enter the date on the document, like 2026-05-04.' }),
  description: z.string().trim().max(500, { error: 'Use at most 500 characters.' }).default(''),
  publicProposed: z.enum(['yes', 'no'], { error: 'Say whether you propose that residents can see this document.' }),
});

export type UploadInput = z.infer<typeof uploadFields>;

export function parseUpload(values: Record<string, string>, now: Date): Result<{ value: UploadInput }> {
  const r = uploadFields.safeParse(withBlanks(uploadFields.shape, values));
  if (!r.success) return failFields(issuesToErrors(r.error));
  if (r.data.documentDate > townToday(now)) return fail('The document date cannot be in the future.', 'documentDate');
  return { ok: true, value: r.data };
}

/** The operator's document upload: one PDF, the fields above. */
export const operatorDocumentUpload = defineUpload({
  accept: ['pdf'],
  fileField: 'document',
  required: 'Choose the PDF to upload.',
  chooseAgain: 'the PDF',
  parse: ({ values }, c: { actor: Actor & { userId: number }; projectId: number; now: Date }) =>
    parseUpload(values, c.now),
  handle: async (input, [file], c, { dbAsync }) =>
    ok({ documentId: await fileOperatorDocument(dbAsync, c.actor, c.projectId, input, file, c.now) }),
});

const TITLES: Record<OperatorUploadType, string> = {
  swppp_amendment: 'SWPPP Amendment',
  as_built_plans: 'Certified as-built plans, permanent stormwater practices',
  notice_of_termination: 'Notice of Termination (NOT)',
};

/**
 * Store the document row. An amendment joins the SWPPP's version chain and starts a review (the
 * officer's 30-day clock, Subsection I); everything waits for the officer's decision on publishing.
 */
export function fileOperatorDocument(
  db: Db,
  actor: Actor & { userId: number },
  projectId: number,
  input: UploadInput,
  file: ReceivedFile,
  now: Date = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    let supersedesId: number | null = null;
    let version = 1;
    let title = TITLES[input.type];
    let type: DocumentType = input.type;
    // The revision of an original SWPPP the officer found incomplete is that SWPPP's next version, not an amendment.
    const revising = input.type === 'swppp_amendment' ? await reviewAwaitingRevision(tx, projectId) : undefined;
    if (input.type === 'swppp_amendment') {
      const chain = await tx
        .select({ id: documents.id, version: documents.version, type: documents.type })
        .from(documents)
        .where(
          and(
            eq(documents.projectId, projectId),
            inArray(documents.type, ['swppp', 'swppp_amendment'] as DocumentType[]),
          ),
        )
        .orderBy(desc(documents.version), desc(documents.id));
      const amendments = chain.filter((d) => d.type === 'swppp_amendment').length;
      supersedesId = chain[0]?.id ?? null;
      version = (chain[0]?.version ?? 0) + 1;
      if (revising?.docType === 'swppp') {
        type = 'swppp';
        title = `Stormwater Pollution Prevention Plan (SWPPP), revision ${version - 1}`;
      } else title = `SWPPP Amendment No. ${amendments + 1}`;
    } else {
      const [earlier] = await tx
        .select({ n: sql<number>`count(*)` })
        .from(documents)
        .where(and(eq(documents.projectId, projectId), eq(documents.type, input.type)));
      if (earlier!.n) title = `${title}, ${formatDay(input.documentDate)}`;
    }
    if (input.description) title = `${title}: ${input.description.slice(0, 120)}`;
    const [row] = await tx
      .insert(documents)
      .values(
        documentValues(file, {
          projectId,
          type,
          title,
          documentDate: input.documentDate,
          public: false,
          publicProposed: input.publicProposed === 'yes',
          reviewStatus: 'filed',
          uploadedByUserId: actor.userId,
          supersedesId,
          version,
        }),
      )
      .returning({ id: documents.id });
    const id = row!.id;
    // A revised amendment after a deficiency notice resumes the review waiting for it (decision 0024).
    if (input.type === 'swppp_amendment')
      await planReceived(tx, actor, { projectId, documentId: id, receivedOn: townToday(now) });
    await auditAsync(tx, actor, {
      action: 'document.upload',
      entityType: 'document',
      entityId: id,
      after: {
        projectId,
        type,
        title,
        sha256: file.sha256,
        sizeBytes: file.sizeBytes,
        pages: file.pdf?.pageCount,
        sheetSize: file.pdf?.sheetSize,
        publicProposed: input.publicProposed === 'yes',
        supersedesId,
        version,
      },
    });
    return id;
  });
}

/** The operator's uploads (and summary attachments) on a project, newest first. */
export function operatorUploads(db: Db, projectId: number) {
  return db
    .select({
      id: documents.id,
      type: documents.type,
      title: documents.title,
      filename: documents.filename,
      pageCount: documents.pageCount,
      sheetSize: documents.sheetSize,
      largeFormatPages: documents.largeFormatPages,
      sizeBytes: documents.sizeBytes,
      documentDate: documents.documentDate,
      public: documents.public,
      publicProposed: documents.publicProposed,
      reviewStatus: documents.reviewStatus,
      reviewComment: documents.reviewComment,
      reviewedAt: documents.reviewedAt,
      uploadedAt: documents.uploadedAt,
    })
    .from(documents)
    .where(
      and(
        eq(documents.projectId, projectId),
        or(
          inArray(documents.type, [...OPERATOR_UPLOAD_TYPES, 'other'] as DocumentType[]),
          // The SWPPP an applicant filed online, and its revisions, are the operator's uploads too.
          and(
            eq(documents.type, 'swppp'),
            inArray(
              documents.uploadedByUserId,
              db
                .select({ id: projectMembers.userId })
                .from(projectMembers)
                .where(eq(projectMembers.projectId, projectId)),
            ),
          ),
        ),
      ),
    )
    .orderBy(desc(documents.uploadedAt), desc(documents.id))
    .limit(50);
}
