/**
 * Photos taken at a site and kept with a record (a town inspection, an operator's inspection report): each a
 * project document of type "other", with what its camera recorded kept apart (platform/files/photo-facts.ts) and
 * one audit entry, inside the caller's transaction. The caller links each to its record, and reads them back
 * grouped by record with what the camera recorded in words.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { documents, photoFacts, projects } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { AuditAction } from '#lib/server/platform/audit-actions.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
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
  link: (documentId: number) => Promise<unknown>;
}

/** Store the photos as documents of the project, in the order they were sent; their ids. */
export async function insertSitePhotos(
  tx: Db,
  actor: Actor,
  projectId: number,
  files: ReceivedFile[],
  photos: SitePhotos,
): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, file] of files.entries()) {
    const doc = await insertDocument(tx, projectId, file, {
      type: 'other',
      title: `Photo ${files.length > 1 ? `${i + 1} ` : ''}${photos.titleFrom}`,
      documentDate: photos.documentDate,
      public: photos.public,
      reviewStatus: photos.reviewStatus,
      uploadedByUserId: 'userId' in actor ? actor.userId : null,
    });
    await photos.link(doc.id);
    const facts = await keepPhotoFacts(tx, doc.id, file);
    await auditAsync(tx, actor, {
      action: photos.action,
      entityType: 'document',
      entityId: doc.id,
      after: { projectId, ...photos.record, ...doc, sha256: file.sha256, ...facts },
    });
    ids.push(doc.id);
  }
  return ids;
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
export async function sitePhotosByRecord(
  db: Pick<Db, 'select'>,
  projectId: number,
  links: Array<{ recordId: number; documentId: number }>,
): Promise<Map<number, SitePhoto[]>> {
  const out = new Map<number, SitePhoto[]>();
  if (links.length === 0) return out;
  const recordOf = new Map(links.map((l) => [l.documentId, l.recordId]));
  const [site = { latitude: null, longitude: null }] = await db
    .select({ latitude: projects.latitude, longitude: projects.longitude })
    .from(projects)
    .where(eq(projects.id, projectId));
  const rows = await db
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
    .orderBy(documents.id);
  for (const r of rows) {
    const recordId = recordOf.get(r.id)!;
    const photo = { id: r.id, title: r.title, public: r.public, takenWords: photoTakenWords(r, site) };
    out.set(recordId, [...(out.get(recordId) ?? []), photo]);
  }
  return out;
}
