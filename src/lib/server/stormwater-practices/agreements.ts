/**
 * The maintenance agreement or easement of a permanent practice, as a file. The ordinance lets the Town
 * require a maintenance guarantee "until the facilities are removed from operation", and certified
 * as-built plans and anything dedicated to the Town are approved by the Stormwater Management Officer
 * "prior to acceptance"; the agreement or easement recorded with the County Clerk is what binds the
 * owner to maintain it. Staff (officer, clerk) file the PDF; residents may download it when public
 * (decision 0043). The latest file is the one in force; the ones it replaced stay on record.
 */
import { desc, eq } from 'drizzle-orm';
import { practiceAgreementFiles, stormwaterPractices } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import type { ReceivedFile } from '#lib/server/platform/files/uploads.ts';
import { defineUpload } from '#lib/server/platform/forms/define-upload.ts';
import { fail, ok, type Result } from '#lib/server/platform/result.ts';

/** The upload form's typed field, read: whether residents may download the document. */
export function parseAgreementUpload(values: Record<string, string>): Result<{ value: { public: boolean } }> {
  const choice = values.agreementPublic;
  if (choice !== 'yes' && choice !== 'no') return fail('Choose whether residents may download it.', 'agreementPublic');
  return ok({ value: { public: choice === 'yes' } });
}

/** Staff file the agreement or easement: one PDF, and whether it is public. */
export const agreementUpload = defineUpload({
  accept: ['pdf'],
  fileField: 'agreement',
  required: 'Choose the PDF of the recorded agreement or easement.',
  chooseAgain: 'the file',
  parse: ({ values }, _c: { actor: Actor; practiceId: number; now: Date }) => parseAgreementUpload(values),
  handle: (input, [file], c, { dbAsync }) => fileAgreement(dbAsync, c.actor, c.practiceId, file, input, c.now),
});

export function fileAgreement(
  db: Db,
  actor: Actor,
  practiceId: number,
  file: ReceivedFile,
  input: { public: boolean },
  now: Date,
): Promise<Result<{ id: number }>> {
  return db.transaction(async (tx): Promise<Result<{ id: number }>> => {
    const [practice] = await tx
      .select({ id: stormwaterPractices.id })
      .from(stormwaterPractices)
      .where(eq(stormwaterPractices.id, practiceId));
    if (!practice) return { ok: false, message: 'That practice is not in the inventory.' };
    if (file.kind !== 'pdf') return { ok: false, fields: { agreement: 'The agreement or easement must be a PDF.' } };
    const before = (await currentAgreement(tx, practiceId)) ?? null;
    const [row] = await tx
      .insert(practiceAgreementFiles)
      .values({
        practiceId,
        sha256: file.sha256,
        filename: file.filename,
        mimeType: file.mimeType,
        sizeBytes: file.sizeBytes,
        pageCount: file.pdf?.pageCount ?? 1,
        public: input.public,
        uploadedByUserId: 'userId' in actor ? actor.userId : null,
        uploadedAt: now,
      })
      .returning();
    await tx.update(stormwaterPractices).set({ updatedAt: now }).where(eq(stormwaterPractices.id, practiceId));
    await auditAsync(tx, actor, {
      action: 'practice.agreement',
      entityType: 'stormwater_practice',
      entityId: practiceId,
      before,
      after: row,
    });
    return { ok: true, id: row!.id };
  });
}

/** The agreement or easement in force (the latest filed), or undefined. */
export async function currentAgreement(db: Pick<Db, 'select'>, practiceId: number) {
  if (!Number.isSafeInteger(practiceId)) return undefined;
  const [row] = await db
    .select()
    .from(practiceAgreementFiles)
    .where(eq(practiceAgreementFiles.practiceId, practiceId))
    .orderBy(desc(practiceAgreementFiles.id))
    .limit(1);
  return row;
}

/** The agreement in force, only when residents may see it. */
export async function publicAgreement(db: Pick<Db, 'select'>, practiceId: number) {
  const a = await currentAgreement(db, practiceId);
  return a?.public ? a : undefined;
}
