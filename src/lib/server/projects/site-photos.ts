/**
 * Photos taken at a site and kept with a record (a town inspection, an operator's inspection report): each a
 * project document of type "other", with what its camera recorded kept apart (platform/files/photo-facts.ts) and
 * one audit entry, inside the caller's transaction. The caller links each to its record, and reads them back
 * grouped by record with what the camera recorded in words.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { documents, photoFacts, projects } from '#db/schema.ts';
import { audit, type Actor, type Tx } from '#lib/server/platform/audit.ts';
import type { AuditAction } from '#lib/server/platform/audit-actions.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { keepPhotoFacts, photoTakenWords } from '#lib/server/platform/files/photo-facts.ts';
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

/** A photo as staff and its operator see it: title, public or not, and what the camera recorded in words. */
export interface SitePhoto {
  id: number;
  title: string;
  public: boolean;
  takenWords?: string;
}

/**
 * The photos linked to records (`links`: which document belongs to which record), grouped by record, each with
 * the distance from the project's mapped point; documents of another project are left out.
 */
export function sitePhotosByRecord(
  db: DB,
  projectId: number,
  links: Array<{ recordId: number; documentId: number }>,
): Map<number, SitePhoto[]> {
  const out = new Map<number, SitePhoto[]>();
  if (links.length === 0) return out;
  const recordOf = new Map(links.map((l) => [l.documentId, l.recordId]));
  const site = db
    .select({ latitude: projects.latitude, longitude: projects.longitude })
    .from(projects)
    .where(eq(projects.id, projectId))
    .get() ?? { latitude: null, longitude: null };
  const rows = db
    .select({
      id: documents.id,
      title: documents.title,
      public: documents.public,
      takenAt: photoFacts.takenAt,
      latitude: photoFacts.latitude,
      longitude: photoFacts.longitude,
    })
    .from(documents)
    .leftJoin(photoFacts, eq(photoFacts.documentId, documents.id))
    .where(and(inArray(documents.id, [...recordOf.keys()]), eq(documents.projectId, projectId)))
    .orderBy(documents.id)
    .all();
  for (const r of rows) {
    const recordId = recordOf.get(r.id)!;
    const photo = { id: r.id, title: r.title, public: r.public, takenWords: photoTakenWords(r, site) };
    out.set(recordId, [...(out.get(recordId) ?? []), photo]);
  }
  return out;
}
