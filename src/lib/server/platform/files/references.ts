/**
 * Which records use a stored file. Files are stored once by content (files.ts), so the same bytes can
 * belong to a project document and to a file a clerk uploaded to a records request: a refused upload may
 * remove a file it stored only when no record of either kind uses it.
 */
import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
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
import { storedFilePath } from './store.ts';

/** Every stored file a row refers to (documents, files a clerk uploaded to a records request, copies an operator uploaded, residents' report photos). */
export function referencedFiles(db: DB): Set<string> {
  const rows = db.$client
    .prepare(
      'select sha256 as sha from documents union select file_sha256 from request_items where file_sha256 is not null union select sha256 from operator_request_files' +
        // Owners' maintenance reports, practices' agreements or easements, residents' photos: tables of their own.
        ' union select sha256 from practice_maintenance_reports union select sha256 from practice_agreement_files union select sha256 from site_report_photos' +
        // The town's logo: kept in the town profile's JSON (decision 0038), not in a table of files.
        " union select json_extract(value, '$.logoSha256') from settings where key = 'town_profile' and json_extract(value, '$.logoSha256') is not null",
    )
    .all() as Array<{ sha: string }>;
  return new Set(rows.map((r) => r.sha));
}

export function isFileReferenced(db: Pick<DB, 'select'>, sha256: string): boolean {
  return (
    db.select({ id: documents.id }).from(documents).where(eq(documents.sha256, sha256)).limit(1).get() !== undefined ||
    db.select({ id: requestItems.id }).from(requestItems).where(eq(requestItems.fileSha256, sha256)).limit(1).get() !==
      undefined ||
    db
      .select({ id: operatorRequestFiles.id })
      .from(operatorRequestFiles)
      .where(eq(operatorRequestFiles.sha256, sha256))
      .limit(1)
      .get() !== undefined ||
    // Owners' maintenance reports, practices' agreements or easements, residents' photos: tables of their own.
    db
      .select({ id: practiceMaintenanceReports.id })
      .from(practiceMaintenanceReports)
      .where(eq(practiceMaintenanceReports.sha256, sha256))
      .limit(1)
      .get() !== undefined ||
    db
      .select({ id: practiceAgreementFiles.id })
      .from(practiceAgreementFiles)
      .where(eq(practiceAgreementFiles.sha256, sha256))
      .limit(1)
      .get() !== undefined ||
    db
      .select({ id: siteReportPhotos.id })
      .from(siteReportPhotos)
      .where(eq(siteReportPhotos.sha256, sha256))
      .limit(1)
      .get() !== undefined ||
    db
      .select({ key: settings.key })
      .from(settings)
      .where(and(eq(settings.key, 'town_profile'), sql`json_extract(${settings.value}, '$.logoSha256') = ${sha256}`))
      .limit(1)
      .get() !== undefined
  );
}

/** A refused upload leaves nothing behind: remove the stored files that no record uses. */
export function discardUnreferenced(db: Pick<DB, 'select'>, files: Array<{ sha256: string }>, filesDir?: string): void {
  for (const f of files)
    if (!isFileReferenced(db, f.sha256)) fs.rmSync(storedFilePath(f.sha256, filesDir), { force: true });
}
