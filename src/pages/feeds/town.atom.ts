/** Atom feed of the whole town: new projects, monthly summaries posted, enforcement issued. */
import type { APIRoute } from 'astro';
import { conditionalResponse } from '../../lib/server/conditional.ts';
import { config } from '../../lib/server/config.ts';
import { db } from '../../lib/server/db/index.ts';
import { eventsFeed, townEvents } from '../../lib/server/feeds/public.ts';

export const GET: APIRoute = ({ request }) => {
  const events = townEvents(db());
  const body = eventsFeed(config().publicUrl, { id: 'town', title: 'Rotterdam construction stormwater: new projects, summaries and enforcement', self: '/feeds/town.atom', alternate: '/' }, events);
  return conditionalResponse(request, body, { contentType: 'application/atom+xml; charset=utf-8', lastModified: events[0]?.occurredAt, maxAge: 300 });
};
