/** GET /api/records-requests/monthly.csv: the monthly records-request statistics as CSV. */
import type { APIRoute } from 'astro';
import { apiBody } from '../../../lib/server/api-response.ts';
import { toCsv } from '../../../lib/server/csv.ts';
import { db } from '../../../lib/server/db/index.ts';
import { STATS_FIELDS, recordsRequestStats, statsRow } from '../../../lib/server/records-stats.ts';

export const GET: APIRoute = ({ request }) => {
  const stats = recordsRequestStats(db());
  const header = STATS_FIELDS.map((f) => f.name);
  const rows = stats.months.map((m) => {
    const r = statsRow(m) as Record<string, unknown>;
    return header.map((h) => r[h]);
  });
  return apiBody(request, '\uFEFF' + toCsv(header, rows), {
    contentType: 'text/csv; charset=utf-8',
    headers: { 'Content-Disposition': 'attachment; filename="rotterdam-records-requests-by-month.csv"' },
  });
};
