/** Open311 GeoReport v2: one public report, as a list of one (the standard's shape), or 404. */
import type { APIRoute } from 'astro';
import { config } from '#lib/server/platform/config.ts';
import { geoErrors, json, listRequests } from '#lib/server/public/open311.ts';

export const GET: APIRoute = ({ locals, params }) => {
  const id = /^\d{1,12}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  const found = Number.isSafeInteger(id) ? listRequests(locals.db, { ids: [id] }, config().publicUrl) : [];
  return found.length ? json(found) : geoErrors(404, `There is no public report ${params.id ?? ''}.`);
};
