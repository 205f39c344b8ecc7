/**
 * A copy the operator put on a request made to them (ordinance L(4)), for the holder of the tracking link only,
 * once released (no bill, or the bill paid). Anything else answers 404; never cached by shared caches.
 */
import type { APIRoute } from 'astro';
import { storedFileResponse } from '#lib/server/platform/files/downloads.ts';
import { releasedOperatorFile } from '#lib/server/operator-requests/tracking.ts';

export const GET: APIRoute = async ({ params, locals }) => {
  const fileId = /^\d{1,12}$/.test(params.fileId ?? '') ? Number(params.fileId) : NaN;
  const file = await releasedOperatorFile(locals.dbAsync, params.token, fileId);
  if (!file) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return storedFileResponse(file, { cache: 'private', disposition: 'attachment' });
};
