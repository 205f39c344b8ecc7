/**
 * GET /requests/log.json: the public log of records requests (public-log.ts), newest first, a page at a
 * time, filtered by project (slug) and year. Titles and outcomes only: never who asked or their words.
 */
import type { APIRoute } from 'astro';
import { apiBody, apiError } from '#lib/server/platform/http/api-response.ts';
import { townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { pageLinks } from '#lib/server/public/findings.ts';
import { parsePublicLogQuery, publicLog, publicLogJson } from '#lib/server/records-requests/public-log.ts';
import { messageOf } from '#lib/server/platform/result.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/requests/log.json'];

export const GET: APIRoute = async ({ request, url, locals }) => {
  const q = parsePublicLogQuery(url.searchParams, contract.query);
  if (!q.ok) return apiError(400, messageOf(q));
  const baseUrl = await townPublicUrlAsync(locals.dbAsync);
  const result = await publicLog(locals.dbAsync, q.value, baseUrl);
  if (!result.ok) return apiError(400, messageOf(result));
  const { log } = result;
  return apiBody(request, JSON.stringify(publicLogJson(log, baseUrl), null, 1), {
    contentType: 'application/json; charset=utf-8',
    headers: {
      Link: pageLinks(url, log.page, log.pages),
      'X-Total-Count': String(log.total),
      'Access-Control-Expose-Headers': 'Link, X-Total-Count',
    },
  });
};
