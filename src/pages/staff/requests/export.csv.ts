/** The queue as CSV, with the same filters as the page. Staff only: it carries requesters' contact details. */
import type { APIRoute } from 'astro';
import { requireRole } from '../../../lib/server/auth/guards.ts';
import { csvResponse } from '../../../lib/server/csv.ts';
import { db } from '../../../lib/server/db/index.ts';
import { CSV_HEADER, parseQueueQuery, queueCsvRows } from '../../../lib/server/requests/queue.ts';
import { townToday } from '../../../lib/server/time.ts';

export const GET: APIRoute = (ctx) => {
  requireRole(ctx, 'clerk');
  const query = parseQueueQuery(ctx.url.searchParams);
  const res = csvResponse(`records-requests-${townToday()}.csv`, CSV_HEADER, queueCsvRows(db(), query));
  res.headers.set('Cache-Control', 'private, no-store');
  return res;
};
