/** GET /api/map-points.json: the /map markers as compact GeoJSON (see public/map-page.ts); ?status= filters. */
import type { APIRoute } from 'astro';
import { apiError, OPEN_HEADERS } from '#lib/server/platform/http/api-response.ts';
import { encodedResponse } from '#lib/server/platform/http/encoded-body.ts';
import { parseQuery } from '#lib/server/public/api-filters.ts';
import { mapPointsBody } from '#lib/server/public/map-page.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/map-points.json'];

export const GET: APIRoute = async ({ request, url, locals }) => {
  const parsed = parseQuery(contract.query, url.searchParams);
  if (!parsed.ok) return apiError(400, parsed.message);
  return encodedResponse(request, await mapPointsBody(locals.dbAsync, parsed.value.status ?? null), OPEN_HEADERS);
};
