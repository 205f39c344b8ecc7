/** GET /api/map-points.json: the /map markers as compact GeoJSON (see public/map-page.ts); ?status= filters. */
import type { APIRoute } from 'astro';
import { OPEN_HEADERS } from '#lib/server/platform/http/api-response.ts';
import { encodedResponse } from '#lib/server/platform/http/encoded-body.ts';
import { mapPointsBody } from '#lib/server/public/map-page.ts';

export const GET: APIRoute = ({ request, url, locals }) =>
  encodedResponse(request, mapPointsBody(locals.db, url.searchParams.get('status')), OPEN_HEADERS);
