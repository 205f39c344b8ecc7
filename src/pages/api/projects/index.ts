/** GET /api/projects: every published project as JSON (filters: status, bbox, updated_since). */
import type { APIRoute } from 'astro';
import { apiError, apiJson } from '#lib/server/platform/http/api-response.ts';
import { config } from '#lib/server/platform/config.ts';
import { listOpenProjects, newestUpdate, parseApiFilters } from '#lib/server/public/open-data.ts';

export const GET: APIRoute = ({ request, url, locals }) => {
  const parsed = parseApiFilters(url.searchParams);
  if (!parsed.ok) return apiError(400, parsed.message);
  const records = listOpenProjects(locals.db, parsed.filters, config().publicUrl);
  const lastModified = newestUpdate(records);
  return apiJson(
    request,
    {
      source: `${config().publicUrl}/open-data`,
      count: records.length,
      last_modified: lastModified.getTime() ? lastModified.toISOString() : null,
      projects: records,
    },
    lastModified,
  );
};
