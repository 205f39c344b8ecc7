/** GET /api/reports.json: residents' reports residents may see, with nothing about who filed them (the fields of SITE_REPORT_FIELDS). */
import type { APIRoute } from 'astro';
import { OPEN_HEADERS } from '#lib/server/platform/http/api-response.ts';
import { encodedResponse } from '#lib/server/platform/http/encoded-body.ts';
import { encodeSiteReports } from '#lib/server/public/site-report-data.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/reports.json'];

export const GET: APIRoute = async ({ request, locals }) =>
  encodedResponse(request, await encodeSiteReports(locals.dbAsync, 'json', locals.publicUrl), OPEN_HEADERS);
