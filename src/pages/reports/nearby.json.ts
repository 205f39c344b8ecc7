/**
 * GET /reports/nearby.json?lat=&lon=: the reports already open near a point, at most five (public/nearby-reports.ts),
 * for the report form's script when the resident moves the pin. Anything but one latitude and one longitude
 * in decimal degrees is a 400 in words.
 */
import type { APIRoute } from 'astro';
import { apiError, apiJson } from '#lib/server/platform/http/api-response.ts';
import { openReportsNearPoint, parseNearbyQuery } from '#lib/server/public/nearby-reports.ts';

export const GET: APIRoute = async ({ request, url, locals }) => {
  const parsed = parseNearbyQuery(url.searchParams);
  if (!parsed.ok) return apiError(400, parsed.message);
  return apiJson(request, { reports: await openReportsNearPoint(locals.dbAsync, parsed.point) });
};
