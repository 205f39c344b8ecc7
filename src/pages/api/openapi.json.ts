/** GET /api/openapi.json: the OpenAPI 3.1 description of every /api endpoint, from the schemas that validate them. */
import type { APIRoute } from 'astro';
import { apiJson } from '#lib/server/platform/http/api-response.ts';
import { openApiDocument } from '#lib/server/public/openapi.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/openapi.json'];

export const GET: APIRoute = async ({ request, locals }) =>
  apiJson(request, await openApiDocument(locals.dbAsync, locals.publicUrl));
