/** iCalendar of public dates: planned construction starts and noticed inspection milestones (?project=slug for one). */
import type { APIRoute } from 'astro';
import { conditionalResponse } from '#lib/server/platform/http/conditional.ts';
import { publicCalendar } from '#lib/server/public/feeds.ts';
import { renderIcal } from '#lib/server/platform/feeds/ical.ts';
import { getPublicProjectRef } from '#lib/server/public/alerts/subscriptions.ts';

export const GET: APIRoute = async ({ request, url, locals }) => {
  const slug = url.searchParams.get('project');
  const project = slug ? await getPublicProjectRef(locals.dbAsync, slug) : undefined;
  if (slug && !project) return new Response('No published project by that name.', { status: 404 });
  const events = await publicCalendar(locals.dbAsync, locals.publicUrl, { projectId: project?.id });
  const t = locals.town;
  const name = project
    ? `${project.name}: construction dates`
    : `${t.profile.name} construction: planned starts and inspection milestones`;
  return conditionalResponse(request, renderIcal(name, events, t.fullName), {
    contentType: 'text/calendar; charset=utf-8',
    maxAge: 300,
    headers: { 'Content-Disposition': `inline; filename="${project ? project.slug : `${t.slug}-construction`}.ics"` },
  });
};
