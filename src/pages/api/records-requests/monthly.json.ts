/** GET /api/records-requests/monthly.json: records requests received, answered on time and median days, per month. */
import type { APIRoute } from 'astro';
import { apiJson } from '../../../lib/server/api-response.ts';
import { db } from '../../../lib/server/db/index.ts';
import { recordsRequestStats, statsRow } from '../../../lib/server/records-stats.ts';

export const GET: APIRoute = ({ request }) => {
  const stats = recordsRequestStats(db());
  return apiJson(request, { months: stats.months.map(statsRow), total: statsRow(stats.total) });
};
