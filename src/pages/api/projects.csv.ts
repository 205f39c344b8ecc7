/** GET /api/projects.csv: the same records as /api/projects, one row each (formulas neutralized). */
import type { APIRoute } from 'astro';
import { apiBody, apiError } from '#lib/server/platform/http/api-response.ts';
import { config } from '#lib/server/platform/config.ts';
import { toCsv } from '#lib/server/platform/http/csv.ts';
import { listOpenProjects, newestUpdate, parseApiFilters, projectsCsv } from '#lib/server/public/open-data.ts';

export const GET: APIRoute = ({ request, url, locals }) => {
  const parsed = parseApiFilters(url.searchParams);
  if (!parsed.ok) return apiError(400, parsed.message);
  const records = listOpenProjects(locals.db, parsed.filters, config().publicUrl);
  const { header, rows } = projectsCsv(records);
  return apiBody(request, '\uFEFF' + toCsv(header, rows), {
    contentType: 'text/csv; charset=utf-8',
    lastModified: newestUpdate(records),
    headers: { 'Content-Disposition': 'attachment; filename="rotterdam-stormwater-projects.csv"' },
  });
};
