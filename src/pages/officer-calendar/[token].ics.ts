/**
 * The officer's private iCalendar feed. Calendar apps cannot sign in, so the unguessable token in the URL
 * is the credential (only its hash is stored; revocable on /staff/calendar). Unknown or revoked: 404.
 */
import { addDays } from '#lib/shared/days.ts';
import type { APIRoute } from 'astro';
import { userForFeedToken } from '#lib/server/desks/officer-calendar-feed.ts';
import { icalResponse } from '#lib/server/platform/feeds/ical.ts';
import { calendarIcalEvents, calendarItems } from '#lib/server/desks/officer-desk.ts';

import { townToday } from '#lib/server/platform/time/town-time.ts';

export const GET: APIRoute = async ({ params, locals }) => {
  const user = await userForFeedToken(locals.dbAsync, params.token);
  if (!user) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  const today = townToday();
  const items = await calendarItems(locals.dbAsync, addDays(today, -60), addDays(today, 180), today);
  const res = icalResponse(
    `${locals.town.profile.name} stormwater: inspections and deadlines`,
    calendarIcalEvents(items, locals.publicUrl, new Date(), locals.town.slug),
    'officer-calendar.ics',
    locals.town.fullName,
  );
  res.headers.set('Cache-Control', 'private, no-store');
  res.headers.set('X-Robots-Tag', 'noindex');
  return res;
};
