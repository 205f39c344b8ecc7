/**
 * GET /api/findings.json: compliance findings at published projects (filters: status, severity, rule,
 * project, since), newest first, a page at a time (page, per_page; the Link header names the others).
 */
import type { APIRoute } from 'astro';
import { apiBody, apiError } from '#lib/server/platform/http/api-response.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { parseFindingFilters } from '#lib/server/public/api-filters.ts';
import { listFindingRecords, pageLinks } from '#lib/server/public/findings.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/findings.json'];

export const GET: APIRoute = async ({ request, url, locals }) => {
  const parsed = parseFindingFilters(url.searchParams, contract.query);
  if (!parsed.ok) return apiError(400, parsed.message);
  const now = new Date();
  const { records, total, page, perPage, pages } = await listFindingRecords(
    locals.dbAsync,
    parsed.value.filters,
    locals.publicUrl,
    parsed.value.paging,
    now,
  );
  const body = {
    source: `${locals.publicUrl}/open-data#dict-findings`,
    as_of: townToday(now),
    total,
    page,
    per_page: perPage,
    pages,
    count: records.length,
    findings: records,
  };
  // No Last-Modified: findings also change as deadlines pass. The ETag (a digest of the body, which holds
  // no clock time) answers 304 while they are the same.
  return apiBody(request, JSON.stringify(body, null, 1), {
    contentType: 'application/json; charset=utf-8',
    headers: {
      Link: pageLinks(url, page, pages),
      'X-Total-Count': String(total),
      'Access-Control-Expose-Headers': 'Link, X-Total-Count',
    },
  });
};
