/**
 * The officer's private iCalendar feed. Calendar apps cannot sign in, so the unguessable token in the URL
 * is the credential (only its hash is stored; revocable on /staff/calendar). Unknown or revoked: 404.
 */
import type { APIRoute } from 'astro';
import { userForFeedToken } from '../../lib/server/calendar-feeds.ts';
import { config } from '../../lib/server/config.ts';
import { db } from '../../lib/server/db/index.ts';
import { icalResponse } from '../../lib/server/feeds/ical.ts';
import { calendarIcalEvents, calendarItems } from '../../lib/server/officer-desk.ts';
import { addDays } from '../../lib/server/periods.ts';
import { townToday } from '../../lib/server/time.ts';

export const GET: APIRoute = async ({ params }) => {
  const user = userForFeedToken(db(), params.token);
  if (!user) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  const today = townToday();
  const items = calendarItems(db(), addDays(today, -60), addDays(today, 180), today);
  const res = icalResponse('Rotterdam stormwater: inspections and deadlines', calendarIcalEvents(items, config().publicUrl, new Date()), 'officer-calendar.ics');
  res.headers.set('Cache-Control', 'private, no-store');
  res.headers.set('X-Robots-Tag', 'noindex');
  return res;
};
