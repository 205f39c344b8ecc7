/** GET /api/operator-companies.json: every operator company named on a published project's NOI record, with the numbers its page shows (OPERATOR_COMPANY_FIELDS). */
import type { APIRoute } from 'astro';
import { OPEN_HEADERS } from '#lib/server/platform/http/api-response.ts';
import { encodedResponse } from '#lib/server/platform/http/encoded-body.ts';
import { encodeOperatorCompanies } from '#lib/server/public/operator-company-data.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/operator-companies.json'];

export const GET: APIRoute = async ({ request, locals }) =>
  encodedResponse(request, await encodeOperatorCompanies(locals.dbAsync, 'json', locals.publicUrl), OPEN_HEADERS);
