/** GET /api/enforcement-actions.csv: the same records as /api/enforcement-actions.json, one row each (formulas neutralized). */
import type { APIRoute } from 'astro';
import { OPEN_HEADERS } from '#lib/server/platform/http/api-response.ts';
import { encodedResponse } from '#lib/server/platform/http/encoded-body.ts';
import { encodeEnforcementActions } from '#lib/server/public/enforcement-data.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/enforcement-actions.csv'];

export const GET: APIRoute = async ({ request, locals }) =>
  encodedResponse(request, await encodeEnforcementActions(locals.dbAsync, 'csv', locals.publicUrl), {
    ...OPEN_HEADERS,
    'Content-Disposition': `attachment; filename="${locals.town.slug}-stormwater-enforcement-actions.csv"`,
  });
