/**
 * Photos taken at a site and kept with a record (a town inspection, an operator's inspection report): each a
 * project document of type "other", with what its camera recorded kept apart (platform/files/photo-facts.ts) and
 * one audit entry, inside the caller's transaction. The caller links each to its record.
 */
import { audit, type Actor, type Tx } from '#lib/server/platform/audit.ts';
import type { AuditAction } from '#lib/server/platform/audit-actions.ts';
import { keepPhotoFacts } from '#lib/server/platform/files/photo-facts.ts';
import type { ReceivedFile } from '#lib/server/platform/files/uploads.ts';
import { insertDocument } from './documents.ts';

export interface SitePhotos {
  /** "from the inspection of Dec 4, 2026": the title after "Photo" (and its number when there are several). */
  titleFrom: string;
  documentDate: string;
  public: boolean;
  reviewStatus?: 'filed';
  action: AuditAction;
  /** The record the photos belong to, in each audit entry (`{ townInspectionId: 4 }`). */
  record: Record<string, number>;
  link: (documentId: number) => void;
}

/** Store the photos as documents of the project, in the order they were sent; their ids. */
export function insertSitePhotos(
  tx: Tx,
  actor: Actor,
  projectId: number,
  files: ReceivedFile[],
  photos: SitePhotos,
): number[] {
  return files.map((file, i) => {
    const doc = insertDocument(tx, projectId, file, {
      type: 'other',
      title: `Photo ${files.length > 1 ? `${i + 1} ` : ''}${photos.titleFrom}`,
      documentDate: photos.documentDate,
      public: photos.public,
      reviewStatus: photos.reviewStatus,
      uploadedByUserId: 'userId' in actor ? actor.userId : null,
    });
    photos.link(doc.id);
    const facts = keepPhotoFacts(tx, doc.id, file);
    audit(tx, actor, {
      action: photos.action,
      entityType: 'document',
      entityId: doc.id,
      after: { projectId, ...photos.record, ...doc, sha256: file.sha256, ...facts },
    });
    return doc.id;
  });
}
