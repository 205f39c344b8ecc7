/** GET /api/findings.csv: the same findings as /api/findings.json, one row each (formulas neutralized), a page at a time. */
import type { APIRoute } from 'astro';
import { apiBody, apiError } from '#lib/server/platform/http/api-response.ts';
import { toCsv } from '#lib/server/platform/http/csv.ts';
import { parseFindingFilters } from '#lib/server/public/api-filters.ts';
import { findingsCsv, listFindingRecords, pageLinks } from '#lib/server/public/findings.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/findings.csv'];

export const GET: APIRoute = async ({ request, url, locals }) => {
  const parsed = parseFindingFilters(url.searchParams, contract.query);
  if (!parsed.ok) return apiError(400, parsed.message);
  const { records, total, page, pages } = await listFindingRecords(
    locals.dbAsync,
    parsed.value.filters,
    locals.publicUrl,
    parsed.value.paging,
  );
  const { header, rows } = findingsCsv(records);
  return apiBody(request, '\uFEFF' + toCsv(header, rows), {
    contentType: 'text/csv; charset=utf-8',
    headers: {
      'Content-Disposition': `attachment; filename="${locals.town.slug}-stormwater-findings${pages > 1 ? `-page-${page}` : ''}.csv"`,
      Link: pageLinks(url, page, pages),
      'X-Total-Count': String(total),
      'Access-Control-Expose-Headers': 'Link, X-Total-Count',
    },
  });
};
