/**
 * Every released file of a request in one ZIP, for the holder of the tracking link only (the same rule as
 * one file: released, never withheld). Streamed from the store as it is sent; anything else answers 404.
 */
import type { APIRoute } from 'astro';
import { drainGate } from '#lib/server/platform/http/backpressure.ts';
import { loadTrackingView } from '#lib/server/records-requests/view.ts';
import { releasedZipResponse } from '#lib/server/records-requests/zip.ts';

export const GET: APIRoute = async ({ params, request, locals }) => {
  const view = await loadTrackingView(locals.dbAsync, params.token);
  if (!view) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return releasedZipResponse(view, drainGate(request));
};
