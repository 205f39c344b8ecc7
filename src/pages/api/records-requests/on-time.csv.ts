/** GET /api/records-requests/on-time.csv: the on-time rates of the Town and each site operator as CSV. */
import { townAsync } from '#lib/server/platform/town-profile.ts';
import type { APIRoute } from 'astro';
import { apiBody } from '#lib/server/platform/http/api-response.ts';
import { toCsv } from '#lib/server/platform/http/csv.ts';
import { ON_TIME_FIELDS, onTimeRow, onTimeStatistics } from '#lib/server/operator-requests/statistics.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/records-requests/on-time.csv'];

export const GET: APIRoute = async ({ request, locals }) => {
  const header = ON_TIME_FIELDS.map((f) => f.name);
  const rows = (await onTimeStatistics(locals.dbAsync)).map((r) => {
    const row = onTimeRow(r) as Record<string, unknown>;
    return header.map((h) => row[h]);
  });
  return apiBody(request, '\uFEFF' + toCsv(header, rows), {
    contentType: 'text/csv; charset=utf-8',
    headers: {
      'Content-Disposition': `attachment; filename="${(await townAsync(locals.dbAsync)).slug}-records-requests-on-time.csv"`,
    },
  });
};
