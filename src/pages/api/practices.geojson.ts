/** GET /api/practices.geojson: the Town's inventory of permanent stormwater practices (0036), the fields of PRACTICE_FIELDS. */
import type { APIRoute } from 'astro';
import { OPEN_HEADERS } from '#lib/server/platform/http/api-response.ts';
import { encodedResponse } from '#lib/server/platform/http/encoded-body.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { encodePractices } from '#lib/server/public/practices.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/practices.geojson'];

export const GET: APIRoute = async ({ request, locals }) =>
  encodedResponse(
    request,
    await encodePractices(locals.dbAsync, townToday(), 'geojson', locals.publicUrl),
    OPEN_HEADERS,
  );
