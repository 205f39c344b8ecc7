/** GET /api/operator-companies/monthly.csv: the same rows as /api/operator-companies/monthly.json, one row each. */
import type { APIRoute } from 'astro';
import { OPEN_HEADERS } from '#lib/server/platform/http/api-response.ts';
import { encodedResponse } from '#lib/server/platform/http/encoded-body.ts';
import { encodeOperatorCompanyMonths } from '#lib/server/public/operator-company-data.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/operator-companies/monthly.csv'];

export const GET: APIRoute = async ({ request, locals }) =>
  encodedResponse(request, await encodeOperatorCompanyMonths(locals.dbAsync, 'csv', locals.publicUrl), {
    ...OPEN_HEADERS,
    'Content-Disposition': `attachment; filename="${locals.town.slug}-stormwater-operator-companies-monthly.csv"`,
  });
