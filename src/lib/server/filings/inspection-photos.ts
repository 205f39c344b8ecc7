/**
 * Photos the operator's inspector takes at an inspection, added to the filed report from its page (a multipart
 * form of that page, on a phone at the site): re-encoded without EXIF like every photo, each a project document
 * published or withheld with the report's PDF (the ordinance makes inspection reports public documents; the
 * officer's review decides for the report and its photos together), with when and where the camera says it was
 * taken kept apart for staff and the operator (decision 0109).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { documents, inspectionPhotos, inspections } from '#db/schema.ts';
import type { Actor } from '#lib/server/platform/audit.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import { reencodeImage } from '#lib/server/platform/files/images.ts';
import type { ReceivedFile } from '#lib/server/platform/files/uploads.ts';
import { defineUpload } from '#lib/server/platform/forms/define-upload.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { fail, ok, type Result } from '#lib/server/platform/result.ts';
import { insertSitePhotos, sitePhotosByRecord, type SitePhoto } from '#lib/server/projects/site-photos.ts';
import { formatDay } from '#lib/shared/format.ts';

/** How many photos one sending adds (a phone's upload over a weak signal: a few at a time). */
export const MAX_REPORT_PHOTOS = 6;
const MAX_PHOTO_BYTES = 25 * 1024 * 1024;

/**
 * Add the photos to a filed report of the project, in one transaction with their facts and the audit; the report
 * is read in that transaction, so a correction filed meanwhile cannot take photos meant for the report it replaced.
 */
export function addInspectionPhotos(
  db: Db,
  actor: Actor & { userId: number },
  projectId: number,
  inspectionId: number,
  files: ReceivedFile[],
): Promise<Result<{ documentIds: number[] }>> {
  return db.transaction(async (tx): Promise<Result<{ documentIds: number[] }>> => {
    const [report] = await tx
      .select({
        id: inspections.id,
        inspectedAt: inspections.inspectedAt,
        supersededAt: inspections.supersededAt,
        reportPublic: documents.public,
      })
      .from(inspections)
      .leftJoin(documents, eq(documents.id, inspections.reportDocumentId))
      .where(and(eq(inspections.id, inspectionId), eq(inspections.projectId, projectId)));
    if (!report) return fail('That inspection report is not one of this project’s.');
    if (report.supersededAt)
      return fail('This report was replaced by a corrected one: add the photos to the corrected report.');
    const day = townToday(report.inspectedAt);
    // The photos' rows are written by the one helper the town's inspection photos use too.
    const documentIds = await insertSitePhotos(tx, actor, projectId, files, {
      titleFrom: `from the inspection report of ${formatDay(day)}`,
      documentDate: day,
      public: report.reportPublic ?? true,
      reviewStatus: 'filed',
      action: 'inspection.photo',
      record: { inspectionId: report.id },
      link: (documentId) => tx.insert(inspectionPhotos).values({ inspectionId: report.id, documentId }),
    });
    return ok({ documentIds });
  });
}

export const inspectionPhotoUpload = defineUpload({
  accept: ['jpeg', 'png'],
  maxFiles: MAX_REPORT_PHOTOS,
  maxFileBytes: MAX_PHOTO_BYTES,
  reencode: reencodeImage,
  fileField: 'photos',
  required: 'Choose or take one or more photos (JPEG or PNG).',
  chooseAgain: 'the photos',
  parse: () => ok({ value: {} }),
  handle: (
    _input,
    files,
    c: { actor: Actor & { userId: number }; projectId: number; inspectionId: number },
    { dbAsync },
  ) => addInspectionPhotos(dbAsync, c.actor, c.projectId, c.inspectionId, files),
});

/** The officer's review publishes or withholds the report's photos with its PDF, inside the review's transaction. */
export async function publishInspectionPhotos(tx: Db, inspectionId: number, isPublic: boolean, now: Date) {
  await tx
    .update(documents)
    .set({ public: isPublic, updatedAt: now })
    .where(
      inArray(
        documents.id,
        tx
          .select({ id: inspectionPhotos.documentId })
          .from(inspectionPhotos)
          .where(eq(inspectionPhotos.inspectionId, inspectionId)),
      ),
    );
}

/** A report's photos: title, public or not, and what the camera recorded (for the operator and staff). */
export async function inspectionPhotosOf(db: Db, projectId: number, inspectionId: number): Promise<SitePhoto[]> {
  const links = await db
    .select({ recordId: inspectionPhotos.inspectionId, documentId: inspectionPhotos.documentId })
    .from(inspectionPhotos)
    .where(eq(inspectionPhotos.inspectionId, inspectionId));
  return (await sitePhotosByRecord(db, projectId, links)).get(inspectionId) ?? [];
}
