/** Public document download. Private documents answer 404 like missing ones. */
import type { APIRoute } from 'astro';
import { db } from '../../lib/server/db/index.ts';
import { storedFileResponse } from '../../lib/server/downloads.ts';
import { getPublicDocument } from '../../lib/server/projects.ts';

export const GET: APIRoute = async ({ params }) => {
  const id = /^\d{1,12}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  const doc = Number.isSafeInteger(id) ? getPublicDocument(db(), id) : undefined;
  if (!doc) return new Response(null, { status: 404 });
  return storedFileResponse(doc, { cache: 'public' });
};
