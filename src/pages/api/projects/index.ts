/** GET /api/projects: every published project as JSON (filters: status, bbox, updated_since). */
import type { APIRoute } from 'astro';
import { apiError, OPEN_HEADERS } from '#lib/server/platform/http/api-response.ts';
import { encodedResponse } from '#lib/server/platform/http/encoded-body.ts';
import { parseApiFilters, projectsBody } from '#lib/server/public/open-data.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/projects'];

export const GET: APIRoute = async ({ request, url, locals }) => {
  const parsed = parseApiFilters(url.searchParams, contract.query);
  if (!parsed.ok) return apiError(400, parsed.message);
  return encodedResponse(
    request,
    await projectsBody(locals.dbAsync, parsed.filters, 'json', locals.publicUrl),
    OPEN_HEADERS,
  );
};
