/** Public document download. Streams the stored file; private documents answer 404 like missing ones. */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { APIRoute } from 'astro';
import { db } from '../../lib/server/db/index.ts';
import { storedFilePath } from '../../lib/server/files.ts';
import { getPublicDocument } from '../../lib/server/projects.ts';
import { contentDisposition } from '../../lib/server/http.ts';

export const GET: APIRoute = async ({ params }) => {
  const id = /^\d{1,12}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  const doc = Number.isSafeInteger(id) ? getPublicDocument(db(), id) : undefined;
  if (!doc) return new Response(null, { status: 404 });
  const file = storedFilePath(doc.sha256);
  if (!fs.existsSync(file)) return new Response('The file is missing from storage.', { status: 410 });
  const stream = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: {
      'Content-Type': doc.mimeType,
      'Content-Length': String(doc.sizeBytes),
      'Content-Disposition': contentDisposition(doc.filename, 'inline'),
      // Content-addressed: the bytes behind a document id never change.
      'Cache-Control': 'public, max-age=3600',
      ETag: `"${doc.sha256}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  });
};
