/** GET /api/records-requests/on-time.json: on-time rates of the Town and of each site operator (L(4)), side by side. */
import type { APIRoute } from 'astro';
import { apiJson } from '#lib/server/platform/http/api-response.ts';
import { onTimeRow, onTimeStatistics } from '#lib/server/operator-requests/statistics.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/records-requests/on-time.json'];

export const GET: APIRoute = async ({ request, locals }) =>
  apiJson(request, { rows: (await onTimeStatistics(locals.dbAsync)).map(onTimeRow) });
