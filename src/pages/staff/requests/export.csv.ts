/** The queue as CSV, with the same filters as the page. Staff only: it carries requesters' contact details. */
import type { APIRoute } from 'astro';
import { requireRole } from '../../../lib/server/auth/guards.ts';
import { csvStreamResponse } from '../../../lib/server/csv.ts';
import { db } from '../../../lib/server/db/index.ts';
import { CSV_HEADER, parseQueueQuery, queueCsvChunks } from '../../../lib/server/requests/queue.ts';
import { townToday } from '../../../lib/server/time.ts';

export const GET: APIRoute = (ctx) => {
  requireRole(ctx, 'clerk');
  const query = parseQueueQuery(ctx.url.searchParams);
  const res = csvStreamResponse(`records-requests-${townToday()}.csv`, CSV_HEADER, queueCsvChunks(db(), query));
  res.headers.set('Cache-Control', 'private, no-store');
  return res;
};
