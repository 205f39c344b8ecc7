/**
 * Attaching the project's own documents (NOI, SWPPP and its amendments, NOT, as-built plans, a
 * contractor's signed certification, evidence) after the upload has been streamed into the store by
 * receiveMultipart. A SWPPP or an amendment opens its review (the 30-day clocks); a revised plan after a
 * deficiency notice restarts the completeness clock of the review it answers.
 */
import { failFields, ok, type Result } from '#lib/server/platform/result.ts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { documents, parties, type DocumentType } from '#db/schema.ts';
import { planReceived } from '#lib/server/reviews/swppp-review.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { defineUpload } from '#lib/server/platform/forms/define-upload.ts';
import { documentValues, type DocumentMeta } from '#lib/server/platform/forms/upload-forms.ts';
import type { ReceivedFile } from '#lib/server/platform/files/uploads.ts';
import { isIsoDay } from '#lib/shared/days.ts';
import { DOCUMENT_TYPE_LABEL } from '#lib/shared/labels.ts';

export const ATTACHABLE_TYPES = [
  'noi',
  'swppp',
  'swppp_amendment',
  'notice_of_termination',
  'as_built_plans',
  'other',
] as const satisfies readonly DocumentType[];
export type AttachableType = (typeof ATTACHABLE_TYPES)[number];

export interface AttachInput {
  type: AttachableType;
  title: string;
  /** The date the document speaks for, or the day it was received. */
  documentDate: string;
  public: boolean;
  /** A contractor certification: the party who signed it. */
  partyId?: number | null;
}

export interface Attached {
  documentId: number;
  reviewId?: number;
  /** True when the upload answered a deficiency notice (a revised plan). */
  resubmission?: boolean;
}

/**
 * The staff upload form, read: the kind, the title, the date (not after `today`), the contractor who
 * signed a certification, whether it is public; a photo only as "Other document".
 */
export function parseAttachment(
  values: Record<string, string>,
  files: ReceivedFile[],
  today: string,
): Result<{ value: AttachInput }> {
  const errors: Record<string, string> = {};
  const type = values.type ?? '';
  const title = values.title ?? '';
  const documentDate = values.documentDate ?? '';
  if (!(ATTACHABLE_TYPES as readonly string[]).includes(type)) errors.type = 'Choose what kind of document this is.';
  if (!title.trim()) errors.title = 'Give the document a title, like “SWPPP, revised May 2026”.';
  if (title.length > 200) errors.title = 'Use at most 200 characters.';
  if (!isIsoDay(documentDate)) errors.documentDate = 'Enter the document’s date, like 2026-05-03.';
  else if (documentDate > today) errors.documentDate = 'The date cannot be in the future.';
  const file = files[0];
  if (file && type !== 'other' && file.kind !== 'pdf')
    errors.file = `${Object.hasOwn(DOCUMENT_TYPE_LABEL, type) ? DOCUMENT_TYPE_LABEL[type as DocumentType] : 'This document'} must be a PDF; photos go in as “Other document”.`;
  if (Object.keys(errors).length) return failFields(errors);
  return ok({
    value: {
      type: type as AttachableType,
      title: title.trim(),
      documentDate,
      public: values.public === 'on',
      partyId: values.partyId ? Number(values.partyId) : null,
    },
  });
}

/** The staff's upload on a project's documents page: one PDF (or a photo as "Other document"), the fields above. */
export const staffDocumentUpload = defineUpload({
  accept: ['pdf', 'jpeg', 'png'],
  fileField: 'file',
  required: 'Choose the file to attach.',
  chooseAgain: 'the file',
  parse: ({ values, files }, c: { actor: Actor; projectId: number; today: string }) =>
    parseAttachment(values, files, c.today),
  handle: (input, [file], c, { dbAsync }) => attachDocument(dbAsync, c.actor, c.projectId, file, input),
});

/** What an inserted document row gives back to its caller. */
const INSERTED = {
  id: documents.id,
  title: documents.title,
  type: documents.type,
  public: documents.public,
  version: documents.version,
};

/** A document row inserted; what the audit entry records of it. */
export async function insertDocument(
  tx: Pick<Db, 'insert'>,
  projectId: number,
  file: ReceivedFile,
  values: Omit<DocumentMeta, 'projectId' | 'publicProposed'>,
) {
  const [row] = await tx
    .insert(documents)
    .values(documentValues(file, { ...values, projectId }))
    .returning(INSERTED);
  return row!;
}

export async function attachDocument(
  db: Db,
  actor: Actor,
  projectId: number,
  file: ReceivedFile,
  input: AttachInput,
): Promise<Result<{ attached: Attached }>> {
  const uploadedByUserId = 'userId' in actor ? actor.userId : null;
  return db.transaction(async (tx): Promise<Result<{ attached: Attached }>> => {
    if (input.partyId) {
      const [party] = await tx
        .select({ id: parties.id, role: parties.role })
        .from(parties)
        .where(and(eq(parties.id, input.partyId), eq(parties.projectId, projectId)));
      if (!party) return { ok: false, fields: { partyId: 'Choose a contractor on this project.' } };
      if (party.role !== 'contractor' && party.role !== 'subcontractor')
        return {
          ok: false,
          fields: { partyId: 'Only contractors and subcontractors sign the contractor certification.' },
        };
    }
    if (input.type === 'swppp' || input.type === 'swppp_amendment')
      return ok({ attached: await attachPlan(tx, actor, projectId, file, input, uploadedByUserId) });
    const doc = await insertDocument(tx, projectId, file, {
      type: input.type,
      title: input.title,
      documentDate: input.documentDate,
      public: input.public,
      uploadedByUserId,
    });
    await auditAsync(tx, actor, {
      action: 'document.upload',
      entityType: 'document',
      entityId: doc.id,
      after: { projectId, ...doc, filename: file.filename, sha256: file.sha256 },
    });
    if (input.partyId) {
      const [before] = await tx
        .select({ certificationDocumentId: parties.certificationDocumentId, certifiedOn: parties.certifiedOn })
        .from(parties)
        .where(eq(parties.id, input.partyId));
      await tx
        .update(parties)
        .set({ certificationDocumentId: doc.id, certifiedOn: before?.certifiedOn ?? input.documentDate })
        .where(eq(parties.id, input.partyId));
      await auditAsync(tx, actor, {
        action: 'party.attach_certification',
        entityType: 'party',
        entityId: input.partyId,
        before: { projectId, ...before },
        after: { projectId, certificationDocumentId: doc.id, certifiedOn: before?.certifiedOn ?? input.documentDate },
      });
    }
    return ok({ attached: { documentId: doc.id } });
  });
}

async function attachPlan(
  tx: Db,
  actor: Actor,
  projectId: number,
  file: ReceivedFile,
  input: AttachInput,
  uploadedByUserId: number | null,
): Promise<Attached> {
  const [latest] = await tx
    .select({ id: documents.id, version: documents.version })
    .from(documents)
    .where(and(eq(documents.projectId, projectId), inArray(documents.type, ['swppp', 'swppp_amendment'])))
    .orderBy(desc(documents.version), desc(documents.id))
    .limit(1);
  const doc = await insertDocument(tx, projectId, file, {
    type: input.type,
    title: input.title,
    documentDate: input.documentDate,
    public: input.public,
    uploadedByUserId,
    version: (latest?.version ?? 0) + 1,
    supersedesId: latest?.id ?? null,
    reviewStatus: 'filed',
  });
  await auditAsync(tx, actor, {
    action: 'document.upload',
    entityType: 'document',
    entityId: doc.id,
    after: { projectId, ...doc, filename: file.filename, sha256: file.sha256 },
  });
  // One behaviour for the officer's upload and the operator's: a new review, or the revised plan a
  // deficiency notice waits for (its completeness clock restarts).
  const { reviewId, resubmission } = await planReceived(tx, actor, {
    projectId,
    documentId: doc.id,
    receivedOn: input.documentDate,
  });
  return resubmission ? { documentId: doc.id, reviewId, resubmission } : { documentId: doc.id, reviewId };
}

/** One stored project document by id, whatever its visibility (staff downloads; callers check the role). */
export async function documentById(db: Pick<Db, 'select'>, id: number) {
  const [doc] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return doc;
}
