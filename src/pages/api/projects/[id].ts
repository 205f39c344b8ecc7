/** GET /api/projects/{id}: one published project with its public documents, summaries and enforcement actions. */
import type { APIRoute } from 'astro';
import { apiError, apiJson } from '#lib/server/platform/http/api-response.ts';
import { townPublicUrl } from '#lib/server/platform/town-profile.ts';
import { getOpenProject } from '#lib/server/public/open-data.ts';

export const GET: APIRoute = ({ request, params, locals }) => {
  const id = /^\d{1,12}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  const project = Number.isSafeInteger(id) ? getOpenProject(locals.db, id, townPublicUrl(locals.db)) : undefined;
  if (!project) return apiError(404, 'No published project has this id.');
  return apiJson(request, project, new Date(project.updated_at));
};
