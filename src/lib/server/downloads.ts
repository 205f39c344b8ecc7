/** Streaming a stored document to a signed-in user (operator or officer); never cached by shared caches. */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { storedFilePath } from './files.ts';
import { contentDisposition } from './http.ts';

export function storedFileResponse(doc: { sha256: string; filename: string; mimeType: string; sizeBytes: number }): Response {
  const file = storedFilePath(doc.sha256);
  if (!fs.existsSync(file)) return new Response('The file is missing from storage.', { status: 410 });
  const stream = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: {
      'Content-Type': doc.mimeType,
      'Content-Length': String(doc.sizeBytes),
      'Content-Disposition': contentDisposition(doc.filename, 'inline'),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
