/** Open311 GeoReport v2: one public report, as a list of one (the standard's shape), or 404. */
import type { APIRoute } from 'astro';
import { townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { requestAnswer } from '#lib/server/public/open311.ts';

export const GET: APIRoute = async ({ locals, params }) =>
  requestAnswer(locals.dbAsync, params.id, await townPublicUrlAsync(locals.dbAsync), 'json');
