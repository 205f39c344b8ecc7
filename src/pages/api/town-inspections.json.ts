/** GET /api/town-inspections.json: the municipality's inspections at every published project (the fields of TOWN_INSPECTION_DATASET_FIELDS). */
import type { APIRoute } from 'astro';
import { OPEN_HEADERS } from '#lib/server/platform/http/api-response.ts';
import { encodedResponse } from '#lib/server/platform/http/encoded-body.ts';
import { encodeTownInspections } from '#lib/server/public/town-inspection-data.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/town-inspections.json'];

export const GET: APIRoute = async ({ request, locals }) =>
  encodedResponse(request, await encodeTownInspections(locals.dbAsync, 'json', locals.publicUrl), OPEN_HEADERS);
