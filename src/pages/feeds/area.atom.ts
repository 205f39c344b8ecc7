/** Atom feed of an area (?lat=&lon=&r= miles): new projects, summaries, enforcement, inspection reports, SWPPP amendments and serious findings within it. */
import type { APIRoute } from 'astro';
import { conditionalResponse } from '#lib/server/platform/http/conditional.ts';
import { eventsFeed } from '#lib/server/public/feeds.ts';
import { areaQuery, parseArea, projectsNear } from '#lib/server/public/near.ts';
import { latestPublicEvents } from '#lib/server/public/events.ts';
import { radiusWords } from '#lib/shared/geo.ts';

export const GET: APIRoute = async ({ request, url, locals }) => {
  const area = parseArea(url.searchParams);
  if (!area)
    return new Response('Give the area as ?lat=42.78&lon=-73.97&r=0.5 (r in miles: 0.25, 0.5, 1 or 2).', {
      status: 400,
    });
  const ids = (await projectsNear(locals.dbAsync, area)).map((n) => n.item.id);
  const events = await latestPublicEvents(locals.dbAsync, { projectIds: ids, limit: 50 });
  const q = areaQuery(area);
  const body = eventsFeed(
    locals.town,
    locals.publicUrl,
    {
      id: `area/${q}`,
      title: `Construction within ${radiusWords(area.radiusMiles)} of ${area.point.latitude}, ${area.point.longitude}`,
      self: `/feeds/area.atom?${q}`,
      alternate: `/near?${q}`,
    },
    events,
  );
  return conditionalResponse(request, body, {
    contentType: 'application/atom+xml; charset=utf-8',
    lastModified: events[0]?.occurredAt,
    maxAge: 300,
  });
};
