/** Any document of any project, public or not, for staff (evidence, certifications, drafts). */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import { documents } from '../../../../db/schema.ts';
import { AccessError, requireRole } from '../../../lib/server/auth/guards.ts';
import { db } from '../../../lib/server/db/index.ts';
import { storedFilePath } from '../../../lib/server/files.ts';
import { contentDisposition } from '../../../lib/server/http.ts';

export const GET: APIRoute = async (ctx) => {
  requireRole(ctx, 'admin', 'clerk', 'officer');
  const id = /^\d{1,12}$/.test(ctx.params.id ?? '') ? Number(ctx.params.id) : NaN;
  const doc = Number.isSafeInteger(id) ? db().select().from(documents).where(eq(documents.id, id)).get() : undefined;
  if (!doc) throw new AccessError(404);
  const file = storedFilePath(doc.sha256);
  if (!fs.existsSync(file)) return new Response('The file is missing from storage.', { status: 410 });
  return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': doc.mimeType,
      'Content-Length': String(doc.sizeBytes),
      'Content-Disposition': contentDisposition(doc.filename, 'inline'),
      'X-Content-Type-Options': 'nosniff',
    },
  });
};
