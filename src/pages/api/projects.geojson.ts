/** GET /api/projects.geojson: the same records as an RFC 7946 FeatureCollection ([longitude, latitude]). */
import type { APIRoute } from 'astro';
import { apiError, apiJson } from '#lib/server/platform/http/api-response.ts';
import { config } from '#lib/server/platform/config.ts';
import { listOpenProjects, newestUpdate, parseApiFilters, projectsGeoJson } from '#lib/server/public/open-data.ts';

export const GET: APIRoute = ({ request, url, locals }) => {
  const parsed = parseApiFilters(url.searchParams);
  if (!parsed.ok) return apiError(400, parsed.message);
  const records = listOpenProjects(locals.db, parsed.filters, config().publicUrl);
  return apiJson(request, projectsGeoJson(records), newestUpdate(records), 'application/geo+json; charset=utf-8');
};
