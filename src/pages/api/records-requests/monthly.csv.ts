/** GET /api/records-requests/monthly.csv: the monthly records-request statistics as CSV. */
import { townAsync } from '#lib/server/platform/town-profile.ts';
import type { APIRoute } from 'astro';
import { apiBody } from '#lib/server/platform/http/api-response.ts';
import { toCsv } from '#lib/server/platform/http/csv.ts';
import { STATS_FIELDS, recordsRequestStats, statsRow } from '#lib/server/records-requests/statistics.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/records-requests/monthly.csv'];

export const GET: APIRoute = async ({ request, locals }) => {
  const stats = await recordsRequestStats(locals.dbAsync);
  const header = STATS_FIELDS.map((f) => f.name);
  const rows = stats.months.map((m) => {
    const r = statsRow(m) as Record<string, unknown>;
    return header.map((h) => r[h]);
  });
  return apiBody(request, '\uFEFF' + toCsv(header, rows), {
    contentType: 'text/csv; charset=utf-8',
    headers: {
      'Content-Disposition': `attachment; filename="${(await townAsync(locals.dbAsync)).slug}-records-requests-by-month.csv"`,
    },
  });
};
