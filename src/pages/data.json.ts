/** GET /data.json: the DCAT-US 1.1 catalog of the portal's open data (Project Open Data metadata schema). */
import type { APIRoute } from 'astro';
import { apiJson } from '#lib/server/platform/http/api-response.ts';
import { dcatCatalog } from '#lib/server/public/catalog.ts';

export const GET: APIRoute = async ({ request, locals }) =>
  apiJson(request, await dcatCatalog(locals.dbAsync, locals.publicUrl));
