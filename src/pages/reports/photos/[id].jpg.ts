/**
 * A report photo the officer approved (re-encoded without metadata when it was received). Not kept by shared
 * caches: the officer can take a photo off the public page again, and it must go at once.
 */
import type { APIRoute } from 'astro';
import { publicPhoto } from '#lib/server/public/site-reports.ts';
import { storedFileResponse } from '#lib/server/platform/files/downloads.ts';

export const GET: APIRoute = async ({ params, locals }) => {
  const id = /^\d{1,12}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  const photo = Number.isSafeInteger(id) ? await publicPhoto(locals.dbAsync, id) : undefined;
  if (!photo) return new Response('Not found', { status: 404 });
  return storedFileResponse({ ...photo, filename: `report-${photo.reportId}-photo-${id}.jpg` }, { cache: 'private' });
};
