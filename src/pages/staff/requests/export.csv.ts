/** The queue as CSV, with the same filters as the page. Staff only: it carries requesters' contact details. */
import type { APIRoute } from 'astro';
import { requireRole } from '#lib/server/accounts/guards.ts';
import { csvStreamResponse } from '#lib/server/platform/http/csv.ts';
import { CSV_HEADER, parseQueueQuery, queueCsvChunks } from '#lib/server/records-requests/queue.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';

export const GET: APIRoute = (ctx) => {
  requireRole(ctx, 'clerk');
  const query = parseQueueQuery(ctx.url.searchParams);
  const res = csvStreamResponse(
    `records-requests-${townToday()}.csv`,
    CSV_HEADER,
    queueCsvChunks(ctx.locals.dbAsync, query),
  );
  res.headers.set('Cache-Control', 'private, no-store');
  return res;
};
