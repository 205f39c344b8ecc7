/**
 * GET /reports.geojson: the reports the /reports page lists, with the same filters (status, category, project,
 * from, to), as RFC 7946 GeoJSON; what its map draws when there are too many to put in the page. A filter
 * that cannot be used is a 400 in words.
 */
import type { APIRoute } from 'astro';
import { apiBody, apiError } from '#lib/server/platform/http/api-response.ts';
import { reportsGeoJson } from '#lib/server/public/report-list.ts';

export const GET: APIRoute = async ({ request, url, locals }) => {
  const answer = await reportsGeoJson(locals.dbAsync, url.searchParams);
  if (!answer.ok) return apiError(400, answer.message);
  return apiBody(request, answer.body, { contentType: 'application/geo+json; charset=utf-8' });
};
