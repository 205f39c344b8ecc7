/** GET /requests/log.csv: the same page of the public log as /requests/log.json, one row per record asked for. */
import { townAsync, townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import type { APIRoute } from 'astro';
import { apiBody, apiError } from '#lib/server/platform/http/api-response.ts';
import { toCsv } from '#lib/server/platform/http/csv.ts';
import { pageLinks } from '#lib/server/public/findings.ts';
import {
  PUBLIC_LOG_CSV_HEADER,
  parsePublicLogQuery,
  publicLog,
  publicLogCsvRows,
} from '#lib/server/records-requests/public-log.ts';
import { messageOf } from '#lib/server/platform/result.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/requests/log.csv'];

export const GET: APIRoute = async ({ request, url, locals }) => {
  const q = parsePublicLogQuery(url.searchParams, contract.query);
  if (!q.ok) return apiError(400, messageOf(q));
  const baseUrl = await townPublicUrlAsync(locals.dbAsync);
  const result = await publicLog(locals.dbAsync, q.value, baseUrl);
  if (!result.ok) return apiError(400, messageOf(result));
  const { log } = result;
  return apiBody(request, '\uFEFF' + toCsv(PUBLIC_LOG_CSV_HEADER, publicLogCsvRows(log)), {
    contentType: 'text/csv; charset=utf-8',
    headers: {
      'Content-Disposition': `attachment; filename="${(await townAsync(locals.dbAsync)).slug}-records-request-log${log.pages > 1 ? `-page-${log.page}` : ''}.csv"`,
      Link: pageLinks(url, log.page, log.pages),
      'X-Total-Count': String(log.total),
      'Access-Control-Expose-Headers': 'Link, X-Total-Count',
    },
  });
};
