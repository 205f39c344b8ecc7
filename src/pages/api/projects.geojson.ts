/** GET /api/projects.geojson: the same records as an RFC 7946 FeatureCollection ([longitude, latitude]). */
import type { APIRoute } from 'astro';
import { apiError, apiJson } from '../../lib/server/api-response.ts';
import { config } from '../../lib/server/config.ts';
import { db } from '../../lib/server/db/index.ts';
import { listOpenProjects, newestUpdate, parseApiFilters, projectsGeoJson } from '../../lib/server/open-data.ts';

export const GET: APIRoute = ({ request, url }) => {
  const parsed = parseApiFilters(url.searchParams);
  if (!parsed.ok) return apiError(400, parsed.message);
  const records = listOpenProjects(db(), parsed.filters, config().publicUrl);
  return apiJson(request, projectsGeoJson(records), newestUpdate(records), 'application/geo+json; charset=utf-8');
};
