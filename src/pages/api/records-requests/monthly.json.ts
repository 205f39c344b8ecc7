/** GET /api/records-requests/monthly.json: records requests received, answered on time and median days, per month. */
import type { APIRoute } from 'astro';
import { apiJson } from '#lib/server/platform/http/api-response.ts';
import { recordsRequestStats, statsRow } from '#lib/server/records-requests/statistics.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/records-requests/monthly.json'];

export const GET: APIRoute = async ({ request, locals }) => {
  const stats = await recordsRequestStats(locals.dbAsync);
  return apiJson(request, { months: stats.months.map(statsRow), total: statsRow(stats.total) });
};
