/** robots.txt: what crawlers may read, and the sitemap at the site's absolute address (public/sitemap.ts). */
import type { APIRoute } from 'astro';
import { conditionalResponse } from '#lib/server/platform/http/conditional.ts';
import { robotsTxt } from '#lib/server/public/sitemap.ts';

export const GET: APIRoute = ({ request, locals }) =>
  conditionalResponse(request, robotsTxt(locals.publicUrl), {
    contentType: 'text/plain; charset=utf-8',
    maxAge: 3600,
  });
