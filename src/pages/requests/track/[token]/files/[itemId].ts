/** A released file, for the holder of the tracking link only. Anything else answers 404. */
import type { APIRoute } from 'astro';
import { fileResponse, findFile } from '#lib/server/records-requests/files.ts';
import { loadTrackingView } from '#lib/server/records-requests/view.ts';

export const GET: APIRoute = async ({ params, url, locals }) => {
  const view = await loadTrackingView(locals.dbAsync, params.token);
  const itemId = Number(params.itemId);
  const doc = url.searchParams.get('doc');
  const file =
    view && Number.isSafeInteger(itemId)
      ? findFile(view, itemId, doc && /^\d{1,12}$/.test(doc) ? Number(doc) : null, true)
      : undefined;
  if (!file) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return fileResponse(file, { private: true });
};
