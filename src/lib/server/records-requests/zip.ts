/**
 * "Download all (ZIP)" on the tracking page: every file released to the requester, in one archive,
 * streamed from the store as it is sent (platform/files/zip.ts), never built in memory. The same rule as
 * one file: only released files, never one withheld in writing, only for the holder of the tracking link.
 */
import fs from 'node:fs';
import { DateTime } from 'luxon';
import { TOWN_TIME_ZONE } from '#lib/server/platform/config.ts';
import { storedFilePath } from '#lib/server/platform/files/store.ts';
import { uniqueZipNames, zipReadableStream, zipSize, type ZipEntry } from '#lib/server/platform/files/zip.ts';
import { contentDisposition, filenameForType } from '#lib/server/platform/http/http.ts';
import type { ResolvedFile } from './records.ts';
import type { RequestView } from './view.ts';

/** The released files of a request, in the order the tracking page lists them. */
export function releasedFiles(view: RequestView): Array<{ file: ResolvedFile; releasedAt: Date }> {
  return view.items
    .filter((i) => i.item.releasedAt && i.files.length)
    .flatMap((i) => i.files.map((file) => ({ file, releasedAt: i.item.releasedAt as Date })));
}

/** Whether the tracking page offers the ZIP: two or more released files (one file is its own download). */
export function offersZip(view: RequestView): boolean {
  return releasedFiles(view).length > 1;
}

export function zipFileName(number: string): string {
  return `${number}-records.zip`;
}

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** The archive's response: 404 with nothing released, 410 when a file is missing from storage. */
export function releasedZipResponse(view: RequestView, beforeChunk?: () => Promise<void>): Response {
  const files = releasedFiles(view);
  if (files.length === 0) return new Response('Not found', { status: 404, headers: NO_STORE });
  const names = uniqueZipNames(files.map(({ file }) => filenameForType(file.title || file.filename, file.mimeType)));
  const entries: ZipEntry[] = [];
  for (const [k, { file, releasedAt }] of files.entries()) {
    const path = storedFilePath(file.sha256);
    let size: number;
    try {
      size = fs.statSync(path).size;
    } catch {
      return new Response(
        'A file is missing from storage. Download the others one by one, and tell the clerk’s office.',
        {
          status: 410,
          headers: NO_STORE,
        },
      );
    }
    const t = DateTime.fromJSDate(releasedAt, { zone: TOWN_TIME_ZONE });
    entries.push({
      path,
      name: names[k],
      size,
      modified: { year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second },
    });
  }
  const size = zipSize(entries);
  if (size == null)
    return new Response('These files are too many or too large for one ZIP. Download them one by one.', {
      status: 413,
      headers: NO_STORE,
    });
  return new Response(zipReadableStream(entries, beforeChunk), {
    headers: {
      ...NO_STORE,
      'Content-Type': 'application/zip',
      'Content-Length': String(size),
      'Content-Disposition': contentDisposition(zipFileName(view.request.number), 'attachment'),
      'X-Content-Type-Options': 'nosniff',
      'X-Robots-Tag': 'noindex',
    },
  });
}
