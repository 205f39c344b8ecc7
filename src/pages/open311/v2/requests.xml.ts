/**
 * Open311 GeoReport v2 in XML: public reports, with the same filters as requests.json
 * (service_request_id, service_code, start_date, end_date, status). Filing is requests.json's (POST).
 */
import type { APIRoute } from 'astro';
import { townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { requestsAnswer } from '#lib/server/public/open311.ts';

export const GET: APIRoute = async ({ locals, url }) =>
  requestsAnswer(locals.dbAsync, url.searchParams, await townPublicUrlAsync(locals.dbAsync), 'xml');
