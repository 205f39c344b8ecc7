/**
 * Which records use a stored file. Files are stored once by content (files.ts), so the same bytes can
 * belong to a project document and to a file a clerk uploaded to a records request: a refused upload may
 * remove a file it stored only when no record of either kind uses it.
 */
import fs from 'node:fs';
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  documents,
  operatorRequestFiles,
  practiceAgreementFiles,
  practiceMaintenanceReports,
  requestItems,
  settings,
  siteReportPhotos,
} from '#db/schema.ts';
import type { DB } from '#lib/server/platform/db.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { jsonField } from '#lib/server/platform/db/sql.ts';
import { storedFilePath } from './store.ts';

/** The town's logo, a stored file named in the town profile's JSON. */
const townLogo = jsonField(settings.value, 'logoSha256');

/** Every stored file a row refers to (documents, files a clerk uploaded to a records request, copies an operator uploaded, residents' report photos). */
export function referencedFiles(db: Pick<DB, 'selectDistinct'>): Set<string> {
  const shas = [
    db.selectDistinct({ sha: documents.sha256 }).from(documents).all(),
    db
      .selectDistinct({ sha: requestItems.fileSha256 })
      .from(requestItems)
      .where(isNotNull(requestItems.fileSha256))
      .all(),
    db.selectDistinct({ sha: operatorRequestFiles.sha256 }).from(operatorRequestFiles).all(),
    // Owners' maintenance reports and practices' agreements or easements, residents' photos.
    db.selectDistinct({ sha: practiceMaintenanceReports.sha256 }).from(practiceMaintenanceReports).all(),
    db.selectDistinct({ sha: practiceAgreementFiles.sha256 }).from(practiceAgreementFiles).all(),
    db.selectDistinct({ sha: siteReportPhotos.sha256 }).from(siteReportPhotos).all(),
    // The town's logo: kept in the town profile's JSON.
    db
      .selectDistinct({ sha: townLogo })
      .from(settings)
      .where(and(eq(settings.key, 'town_profile'), isNotNull(townLogo)))
      .all(),
  ];
  return new Set(shas.flat().map((r) => r.sha!));
}

export async function isFileReferenced(db: Pick<Db, 'select'>, sha256: string): Promise<boolean> {
  const uses = [
    db.select({ id: documents.id }).from(documents).where(eq(documents.sha256, sha256)),
    db.select({ id: requestItems.id }).from(requestItems).where(eq(requestItems.fileSha256, sha256)),
    db
      .select({ id: operatorRequestFiles.id })
      .from(operatorRequestFiles)
      .where(eq(operatorRequestFiles.sha256, sha256)),
    // Owners' maintenance reports, practices' agreements or easements, residents' photos: tables of their own.
    db
      .select({ id: practiceMaintenanceReports.id })
      .from(practiceMaintenanceReports)
      .where(eq(practiceMaintenanceReports.sha256, sha256)),
    db
      .select({ id: practiceAgreementFiles.id })
      .from(practiceAgreementFiles)
      .where(eq(practiceAgreementFiles.sha256, sha256)),
    db.select({ id: siteReportPhotos.id }).from(siteReportPhotos).where(eq(siteReportPhotos.sha256, sha256)),
    db
      .select({ id: settings.key })
      .from(settings)
      .where(and(eq(settings.key, 'town_profile'), eq(townLogo, sha256))),
  ];
  // One table at a time, stopping at the first that uses the file.
  for (const use of uses) if ((await use.limit(1)).length) return true;
  return false;
}

/** A refused upload leaves nothing behind: remove the stored files that no record uses. */
export async function discardUnreferenced(
  db: Pick<Db, 'select'>,
  files: Array<{ sha256: string }>,
  filesDir?: string,
): Promise<void> {
  for (const f of files)
    if (!(await isFileReferenced(db, f.sha256))) fs.rmSync(storedFilePath(f.sha256, filesDir), { force: true });
}
