/** Atom feed of the whole town: new projects, monthly summaries posted, enforcement issued, SWPPP amendments, serious compliance findings. */
import type { APIRoute } from 'astro';
import { conditionalResponse } from '#lib/server/platform/http/conditional.ts';
import { eventsFeed, townEvents } from '#lib/server/public/feeds.ts';

export const GET: APIRoute = async ({ request, locals }) => {
  const events = await townEvents(locals.dbAsync);
  const body = eventsFeed(
    locals.town,
    locals.publicUrl,
    {
      id: 'town',
      title: `${locals.town.profile.name} construction stormwater: new projects, summaries, enforcement and serious findings`,
      self: '/feeds/town.atom',
      alternate: '/',
    },
    events,
  );
  return conditionalResponse(request, body, {
    contentType: 'application/atom+xml; charset=utf-8',
    lastModified: events[0]?.occurredAt,
    maxAge: 300,
  });
};
