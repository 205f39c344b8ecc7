/** Public document download. Private documents answer 404 like missing ones. */
import type { APIRoute } from 'astro';
import { storedFileResponse } from '#lib/server/platform/files/downloads.ts';
import { getPublicDocument } from '#lib/server/public/projects.ts';

export const GET: APIRoute = async ({ params, locals }) => {
  const id = /^\d{1,12}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  const doc = Number.isSafeInteger(id) ? await getPublicDocument(locals.dbAsync, id) : undefined;
  if (!doc) return new Response(null, { status: 404 });
  return storedFileResponse(doc, { cache: 'public' });
};
