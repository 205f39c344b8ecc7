/** What the sitemap lists: published projects only, with when they last changed. */
import { asc, eq } from 'drizzle-orm';
import { projects } from '#db/schema.ts';
import type { DB } from '#lib/server/platform/db.ts';

export function sitemapProjects(db: DB): Array<{ slug: string; updatedAt: Date }> {
  return db
    .select({ slug: projects.slug, updatedAt: projects.updatedAt })
    .from(projects)
    .where(eq(projects.published, true))
    .orderBy(asc(projects.id))
    .all();
}
