/** GET /api/operator-companies/monthly.json: each operator company's findings and late monthly summaries in each of the last 12 months (OPERATOR_COMPANY_MONTH_FIELDS). */
import type { APIRoute } from 'astro';
import { OPEN_HEADERS } from '#lib/server/platform/http/api-response.ts';
import { encodedResponse } from '#lib/server/platform/http/encoded-body.ts';
import { encodeOperatorCompanyMonths } from '#lib/server/public/operator-company-data.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/operator-companies/monthly.json'];

export const GET: APIRoute = async ({ request, locals }) =>
  encodedResponse(request, await encodeOperatorCompanyMonths(locals.dbAsync, 'json', locals.publicUrl), OPEN_HEADERS);
