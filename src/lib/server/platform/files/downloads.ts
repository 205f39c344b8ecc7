/**
 * Streaming a stored file to the browser: the one place that sets download headers. Public documents
 * may be cached (their bytes never change: the store is content-addressed); anything shown to a
 * signed-in user or a requester is never cached by shared caches. The file is named by the type found
 * in its bytes (the stored mimeType), whatever extension the uploader gave it.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { storedFilePath } from './store.ts';
import { contentDisposition, filenameForType } from '#lib/server/platform/http/http.ts';

export interface StoredFileInfo {
  sha256: string;
  filename: string;
  mimeType: string;
  sizeBytes: number;
}

export function storedFileResponse(
  file: StoredFileInfo,
  opts: { cache: 'public' | 'private'; disposition?: 'inline' | 'attachment' } = { cache: 'private' },
): Response {
  const path = storedFilePath(file.sha256);
  if (!fs.existsSync(path)) return new Response('The file is missing from storage.', { status: 410 });
  const headers: Record<string, string> = {
    'Content-Type': file.mimeType,
    'Content-Length': String(file.sizeBytes || fs.statSync(path).size),
    'Content-Disposition': contentDisposition(
      filenameForType(file.filename, file.mimeType),
      opts.disposition ?? 'inline',
    ),
    'Cache-Control': opts.cache === 'public' ? 'public, max-age=3600' : 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  if (opts.cache === 'public') headers.ETag = `"${file.sha256}"`;
  return new Response(Readable.toWeb(fs.createReadStream(path)) as ReadableStream<Uint8Array>, { headers });
}
