/** What the sitemap lists: published projects only, with when they last changed. */
import { asc, eq } from 'drizzle-orm';
import { projects } from '#db/schema.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';

export function sitemapProjects(db: Db): Promise<Array<{ slug: string; updatedAt: Date }>> {
  return db
    .select({ slug: projects.slug, updatedAt: projects.updatedAt })
    .from(projects)
    .where(eq(projects.published, true))
    .orderBy(asc(projects.id));
}

/**
 * Paths crawlers are asked to leave alone: pages behind sign-in, and pages reached only by a private link
 * (a records request's tracking link, an alert's confirmation or unsubscribe link, the officer's calendar).
 * `$` ends a path (RFC 9309), so /operator's pages are listed without /operators, the public company pages.
 */
const NOT_CRAWLED = [
  '/staff$',
  '/staff/',
  '/operator$',
  '/operator/',
  '/account',
  '/signin',
  '/signout',
  '/first-run',
  '/requests/track/',
  '/alerts/confirm',
  '/alerts/unsubscribe',
  '/officer-calendar/',
  '/_actions/',
];

/** robots.txt: everything public may be crawled, from the sitemap at the site's absolute address. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...NOT_CRAWLED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
