/** Streaming a request's file: a document it names or covers, or a file the clerk uploaded. */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { storedFilePath } from '../files.ts';
import { contentDisposition } from '../http.ts';
import type { RequestView } from './view.ts';
import type { ResolvedFile } from './records.ts';

/** The file behind an item (and, for a date range, one of its documents); requester views only get released ones. */
export function findFile(view: RequestView, itemId: number, documentId: number | null, onlyReleased: boolean): ResolvedFile | undefined {
  const item = view.items.find((i) => i.item.id === itemId);
  if (!item || (onlyReleased && !item.item.releasedAt)) return undefined;
  if (item.files.length === 1 && documentId == null) return item.files[0];
  return documentId == null ? undefined : item.files.find((f) => f.documentId === documentId);
}

export function fileResponse(file: ResolvedFile, opts: { private: boolean }): Response {
  const path = storedFilePath(file.sha256);
  if (!fs.existsSync(path)) return new Response('The file is missing from storage.', { status: 410 });
  return new Response(Readable.toWeb(fs.createReadStream(path)) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': file.mimeType,
      'Content-Length': String(file.sizeBytes || fs.statSync(path).size),
      'Content-Disposition': contentDisposition(file.filename, 'attachment'),
      'Cache-Control': opts.private ? 'private, no-store' : 'public, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** The URL of a file on the tracking page or the staff page. */
export function fileHref(base: string, itemId: number, file: ResolvedFile, single: boolean): string {
  return `${base}/files/${itemId}${single || file.documentId == null ? '' : `?doc=${file.documentId}`}`;
}
