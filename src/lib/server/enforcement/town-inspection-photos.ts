/**
 * Photos the officer takes at a town inspection, added to the inspection from its line on the project's
 * inspections page (a multipart form of that page, on a phone at the site): re-encoded without EXIF like every
 * photo, each a project document (public or staff only, as the officer says), with when and where the camera
 * says it was taken kept apart for staff (decision 0109).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { townInspectionDocuments, townInspections } from '#db/schema.ts';
import type { Actor } from '#lib/server/platform/audit.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { reencodeImage } from '#lib/server/platform/files/images.ts';
import type { ReceivedFile } from '#lib/server/platform/files/uploads.ts';
import { defineUpload } from '#lib/server/platform/forms/define-upload.ts';
import { fail, ok, type Result } from '#lib/server/platform/result.ts';
import { insertSitePhotos, sitePhotosByRecord, type SitePhoto } from '#lib/server/projects/site-photos.ts';
import { formatDay } from '#lib/shared/format.ts';

/** How many photos one sending adds (a phone's upload over a weak signal: a few at a time). */
export const MAX_INSPECTION_PHOTOS = 6;
const MAX_PHOTO_BYTES = 25 * 1024 * 1024;

/**
 * Add the photos to the inspection, in one transaction with their facts and the audit; the inspection is read in
 * that transaction.
 */
export function addTownInspectionPhotos(
  db: Db,
  actor: Actor,
  projectId: number,
  inspectionId: number,
  files: ReceivedFile[],
  input: { public: boolean },
): Promise<Result<{ documentIds: number[] }>> {
  return db.transaction(async (tx): Promise<Result<{ documentIds: number[] }>> => {
    const [inspection] = await tx
      .select({ id: townInspections.id, inspectedOn: townInspections.inspectedOn })
      .from(townInspections)
      .where(and(eq(townInspections.id, inspectionId), eq(townInspections.projectId, projectId)));
    if (!inspection) return fail('Choose an inspection recorded for this project.', 'inspectionId');
    // The photos' rows are written by the one helper the operators' report photos use too.
    const documentIds = await insertSitePhotos(tx, actor, projectId, files, {
      titleFrom: `from the inspection of ${formatDay(inspection.inspectedOn)}`,
      documentDate: inspection.inspectedOn,
      public: input.public,
      action: 'town_inspection.photo',
      record: { townInspectionId: inspection.id },
      link: (documentId) => tx.insert(townInspectionDocuments).values({ townInspectionId: inspection.id, documentId }),
    });
    return ok({ documentIds });
  });
}

export const townInspectionPhotoUpload = defineUpload({
  accept: ['jpeg', 'png'],
  maxFiles: MAX_INSPECTION_PHOTOS,
  maxFileBytes: MAX_PHOTO_BYTES,
  reencode: reencodeImage,
  fileField: 'photos',
  required: 'Choose or take one or more photos (JPEG or PNG).',
  chooseAgain: 'the photos',
  parse: ({ values }, _c: { actor: Actor; projectId: number }) => {
    const id = values.inspectionId ?? '';
    if (!/^\d{1,12}$/.test(id)) return fail('Choose an inspection recorded for this project.', 'inspectionId');
    return ok({ value: { inspectionId: Number(id), public: values.public === 'on' } });
  },
  handle: (input, files, c, { dbAsync }) =>
    addTownInspectionPhotos(dbAsync, c.actor, c.projectId, input.inspectionId, files, { public: input.public }),
});

/** Each inspection's photos, for the officer: title, public or not, and what the camera recorded. */
export async function townInspectionPhotos(
  db: Db,
  projectId: number,
  inspectionIds: number[],
): Promise<Map<number, SitePhoto[]>> {
  if (inspectionIds.length === 0) return new Map();
  return readSnapshotAsync(db, () => readPhotos(db, projectId, inspectionIds));
}

async function readPhotos(db: Db, projectId: number, inspectionIds: number[]): Promise<Map<number, SitePhoto[]>> {
  const links = await db
    .select({ recordId: townInspectionDocuments.townInspectionId, documentId: townInspectionDocuments.documentId })
    .from(townInspectionDocuments)
    .where(inArray(townInspectionDocuments.townInspectionId, inspectionIds));
  // The photos themselves are read by the helper the operators' report photos share.
  return sitePhotosByRecord(db, projectId, links);
}
