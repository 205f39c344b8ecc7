/** GET /api/post-storm-inspections.csv: the same records as /api/post-storm-inspections.json, one row each. */
import type { APIRoute } from 'astro';
import { OPEN_HEADERS } from '#lib/server/platform/http/api-response.ts';
import { encodedResponse } from '#lib/server/platform/http/encoded-body.ts';
import { encodeStormDuties } from '#lib/server/public/storm-data.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/post-storm-inspections.csv'];

export const GET: APIRoute = async ({ request, locals }) =>
  encodedResponse(request, await encodeStormDuties(locals.dbAsync, 'csv', locals.publicUrl), {
    ...OPEN_HEADERS,
    'Content-Disposition': `attachment; filename="${locals.town.slug}-stormwater-post-storm-inspections.csv"`,
  });
