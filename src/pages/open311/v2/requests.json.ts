/**
 * Open311 GeoReport v2: GET lists public reports (filters service_request_id, service_code, start_date,
 * end_date, status); POST files one with an API key an admin issued. The POST reads no session: the key
 * is its only authorization (public/open311.ts explains why it passes the origin check).
 */
import type { APIRoute } from 'astro';
import { townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { readPageForm } from '#lib/server/platform/forms/page-forms.ts';
import { geoErrors, postRequest, requestsAnswer } from '#lib/server/public/open311.ts';

export const GET: APIRoute = async ({ locals, url }) =>
  requestsAnswer(locals.dbAsync, url.searchParams, await townPublicUrlAsync(locals.dbAsync), 'json');

const MAX_BODY = 64 * 1024;

export const POST: APIRoute = async ({ locals, request, clientAddress }) => {
  const type = request.headers.get('x-original-content-type') ?? request.headers.get('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type) && !/^multipart\/form-data\b/i.test(type))
    return geoErrors(400, 'Send the request form-encoded (application/x-www-form-urlencoded), as GeoReport v2 says.');
  // An announced size is refused before any of the body is read; the read itself is held to the same limit.
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY) return geoErrors(400, 'The request is too large.');
  const body = await request.arrayBuffer();
  if (body.byteLength > MAX_BODY) return geoErrors(400, 'The request is too large.');
  // The same reader as the portal's own page forms: text fields only, control characters refused.
  const fields = await readPageForm(
    new Request('http://open311.invalid/', { method: 'POST', headers: { 'content-type': type }, body }),
  );
  if (!fields) return geoErrors(400, 'The request body could not be read, or a field held a control character.');
  return postRequest(locals.dbAsync, fields, clientAddress);
};
