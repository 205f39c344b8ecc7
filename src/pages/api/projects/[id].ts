/** GET /api/projects/{id}: one published project with its public documents, summaries and enforcement actions. */
import type { APIRoute } from 'astro';
import { apiError, apiJson } from '#lib/server/platform/http/api-response.ts';
import { getOpenProject } from '#lib/server/public/open-data.ts';
import { API_CONTRACTS } from '#lib/server/public/api-routes.ts';

/** What this route reads and answers: the OpenAPI document is written from it. */
export const contract = API_CONTRACTS['/api/projects/{id}'];

export const GET: APIRoute = async ({ request, params, locals }) => {
  const parsed = contract.params.safeParse(params);
  const project = parsed.success
    ? await getOpenProject(locals.dbAsync, Number(parsed.data.id), locals.publicUrl)
    : undefined;
  if (!project) return apiError(404, 'No published project has this id.');
  return apiJson(request, project, new Date(project.updated_at));
};
