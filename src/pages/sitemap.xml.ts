/** sitemap.xml: the public pages and every published project (nothing private, no staff pages). */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { conditionalResponse } from '#lib/server/platform/http/conditional.ts';
import { sitemapProjects } from '#lib/server/public/sitemap.ts';
import { publicPractices } from '#lib/server/public/practices.ts';
import { operatorCompanyPaths } from '#lib/server/public/operator-companies.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { escapeHtml as esc } from '#lib/server/platform/mail/html.ts';

export const GET: APIRoute = async ({ request, locals }) => {
  const base = locals.publicUrl;
  const fixed = [
    '/',
    '/projects',
    '/near',
    '/map',
    '/reports',
    '/storms',
    '/search',
    '/alerts',
    '/open-data',
    '/open-data/records-requests',
    '/requests',
    '/requests/log',
    '/help',
    '/practices',
    '/operators',
  ];
  const help = (await getCollection('help')).map((e) => `/help/${e.id}`);
  const urls = [
    ...[...fixed, ...help].map((path) => ({ loc: `${base}${path}`, lastmod: undefined as string | undefined })),
    ...(await sitemapProjects(locals.dbAsync)).map((p) => ({
      loc: `${base}/projects/${p.slug}`,
      lastmod: p.updatedAt.toISOString(),
    })),
    ...(await operatorCompanyPaths(locals.dbAsync)).map((path) => ({ loc: `${base}${path}`, lastmod: undefined })),
    // The permanent practices' pages (public, decision 0036).
    ...(await publicPractices(locals.dbAsync, townToday())).map((p) => ({
      loc: `${base}/practices/${p.id}`,
      lastmod: p.updatedAt.toISOString(),
    })),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `  <url><loc>${esc(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`).join('\n')}
</urlset>
`;
  return conditionalResponse(request, body, { contentType: 'application/xml; charset=utf-8', maxAge: 3600 });
};
