/** GET /api/projects/{id}: one published project with its public documents, summaries and enforcement actions. */
import type { APIRoute } from 'astro';
import { apiError, apiJson } from '../../../lib/server/api-response.ts';
import { config } from '../../../lib/server/config.ts';
import { db } from '../../../lib/server/db/index.ts';
import { getOpenProject } from '../../../lib/server/open-data.ts';

export const GET: APIRoute = ({ request, params }) => {
  const id = /^\d{1,12}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  const project = Number.isSafeInteger(id) ? getOpenProject(db(), id, config().publicUrl) : undefined;
  if (!project) return apiError(404, 'No published project has this id.');
  return apiJson(request, project, new Date(project.updated_at));
};
