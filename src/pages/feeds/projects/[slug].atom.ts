/** Atom feed of one project: monthly summaries, enforcement actions, inspection reports filed, SWPPP amendments and serious compliance findings. */
import type { APIRoute } from 'astro';
import { conditionalResponse } from '#lib/server/platform/http/conditional.ts';
import { eventsFeed, projectEvents } from '#lib/server/public/feeds.ts';
import { getPublicProjectRef } from '#lib/server/public/alerts/subscriptions.ts';

export const GET: APIRoute = async ({ request, params, locals }) => {
  const project = await getPublicProjectRef(locals.dbAsync, params.slug ?? '');
  if (!project) return new Response('No published project by that name.', { status: 404 });
  const events = await projectEvents(locals.dbAsync, project.id);
  const body = eventsFeed(
    locals.town,
    locals.publicUrl,
    {
      id: `project/${project.id}`,
      title: `${project.name}: stormwater updates`,
      self: `/feeds/projects/${project.slug}.atom`,
      alternate: `/projects/${project.slug}`,
    },
    events,
  );
  return conditionalResponse(request, body, {
    contentType: 'application/atom+xml; charset=utf-8',
    lastModified: events[0]?.occurredAt,
    maxAge: 300,
  });
};
