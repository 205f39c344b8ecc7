/**
 * Open311 GeoReport v2 (https://wiki.open311.org/GeoReport_v2) over residents' reports, so 311 apps and
 * SeeClickFix-style clients can list the services (the officer's categories), read public reports and,
 * with an API key an admin issued, file them. Field names, codes and the error format
 * (`[{ "code": 400, "description": "…" }]`, `<errors><error><code>…`) are GeoReport v2's, in the format the
 * path names, for every error: a bad filter, an unknown service code, a method a path does not take (a POST
 * to requests.xml among them: filing is requests.json's). GET in JSON or GeoReport v2's XML
 * (`services.xml`, `services/{code}.xml`, `requests.xml`, `requests/{id}.xml`); POST in JSON (requests.json) only.
 */
import { xmlText } from '#lib/server/platform/feeds/atom.ts';
import type { IncomingMessage, Server } from 'node:http';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { hit } from '#lib/server/platform/http/rate-limit.ts';
import { isValidPoint } from '#lib/shared/geo.ts';
import { categories } from '#lib/server/site-reports/categories.ts';
import { keyInForce } from '#lib/server/site-reports/open311-keys.ts';
import { reportProblems } from '#lib/server/site-reports/report.rules.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { submitReport } from '#lib/server/site-reports/report.ts';
import { townDayEndIso, townToday } from '#lib/server/platform/time/town-time.ts';
import { queryReports, type PublicReport, type ReportQuery } from './site-reports.ts';

export const OPEN311_BASE = '/open311/v2';

export type GeoError = { code: number; description: string };

export function geoErrors(status: number, ...descriptions: string[]): Response {
  return geoErrorsIn('json', status, ...descriptions);
}

export type Format = 'json' | 'xml';

const XML_ELEMENTS = { services: 'service', service_requests: 'request', errors: 'error' } as const;
type XmlRoot = keyof typeof XML_ELEMENTS;

/** GeoReport v2's XML: a root element (services, service_requests, errors), one element per row, one per field (empty when null). */
export function toXml(root: XmlRoot, rows: Array<Record<string, unknown>>): string {
  const item = XML_ELEMENTS[root];
  const fields = (r: Record<string, unknown>) =>
    Object.entries(r)
      .map(([k, v]) => (v == null ? `<${k}/>` : `<${k}>${xmlText(String(v))}</${k}>`))
      .join('');
  return `<?xml version="1.0" encoding="utf-8"?>\n<${root}>${rows.map((r) => `<${item}>${fields(r)}</${item}>`).join('')}</${root}>\n`;
}

/** A GeoReport v2 answer in the format asked for: JSON as is, XML under its root element. */
export function answer(format: Format, root: XmlRoot, rows: Array<Record<string, unknown>>, status = 200): Response {
  if (format === 'json') return json(rows, status);
  return new Response(toXml(root, rows), { status, headers: XML_HEADERS });
}

const XML_HEADERS = {
  'Content-Type': 'application/xml; charset=utf-8',
  'Cache-Control': 'no-store',
  'Access-Control-Allow-Origin': '*',
};

export function geoErrorsIn(format: Format, status: number, ...descriptions: string[]): Response {
  const rows: GeoError[] = descriptions.map((description) => ({ code: status, description }));
  return answer(format, 'errors', rows, status);
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Access-Control-Allow-Origin': '*',
    },
  });
}

/** The format a GeoReport v2 path names by its extension. */
export function formatOf(pathname: string): Format {
  return pathname.endsWith('.xml') ? 'xml' : 'json';
}

/**
 * A method an Open311 path does not take (the middleware's 405, platform/http/methods.ts), as GeoReport v2's
 * errors in the path's format. A POST to requests.xml is told where reports are filed.
 */
export function wrongMethodAnswer(pathname: string, method: string, allow: string): Response {
  const words =
    method === 'POST' && pathname === `${OPEN311_BASE}/requests.xml`
      ? `Reports are filed by POST to ${OPEN311_POST_PATH} (form-encoded, GeoReport v2's fields); requests.xml answers GET only.`
      : `${pathname} does not take ${method}: it answers ${allow}.`;
  const response = geoErrorsIn(formatOf(pathname), 405, words);
  response.headers.set('Allow', allow);
  return response;
}

/**
 * GET services/{service_code}.{json,xml}: GeoReport v2's service definition. No service has extra
 * attributes (services.json says metadata false), so a known code's definition lists none; an unknown
 * code is a 404 in GeoReport's errors.
 */
export async function serviceDefinitionAnswer(db: Db, code: string | undefined, format: Format): Promise<Response> {
  const known = (await categories(db, { activeOnly: true })).find((c) => c.code === code);
  if (!known) return geoErrorsIn(format, 404, `There is no service ${code ?? ''}: services.${format} lists them.`);
  if (format === 'json') return json({ service_code: known.code, attributes: [] });
  return new Response(
    `<?xml version="1.0" encoding="utf-8"?>\n<service_definition><service_code>${xmlText(known.code)}</service_code><attributes/></service_definition>\n`,
    { headers: XML_HEADERS },
  );
}

export async function services(db: Db) {
  return (await categories(db, { activeOnly: true })).map((c) => ({
    service_code: c.code,
    service_name: c.label,
    description: c.description,
    metadata: false,
    type: 'realtime',
    keywords: 'stormwater, construction, erosion, sediment',
    group: 'Construction site stormwater',
  }));
}

export function geoReport(r: PublicReport, baseUrl: string, agency: string) {
  return {
    service_request_id: String(r.id),
    status: r.open ? 'open' : 'closed',
    status_notes: [r.statusLabel, r.publicReason].filter(Boolean).join(': '),
    service_name: r.category,
    service_code: r.categoryCode,
    description: r.description,
    agency_responsible: agency,
    service_notice: r.project ? `About ${r.project.name}` : 'Not at a listed construction site',
    requested_datetime: r.createdAt.toISOString(),
    updated_datetime: r.updatedAt.toISOString(),
    // The end of the day the category's time promised when it was filed (decision 0100); none without a promise.
    expected_datetime: r.respondBy ? townDayEndIso(r.respondBy) : null,
    address: r.place,
    address_id: null,
    zipcode: null,
    lat: r.point.latitude,
    long: r.point.longitude,
    media_url: r.photos[0] ? `${baseUrl}${r.photos[0].url}` : null,
  };
}

const LIST = (v: string | null) =>
  v == null || v.trim() === ''
    ? undefined
    : v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

/**
 * GET requests.json's filters, or GeoReport errors. Without dates: the last 90 days, at most 1000. A
 * service_code must be one the town has (`knownCodes`: every category, retired ones too, whose reports stay).
 */
export function parseListQuery(
  params: URLSearchParams,
  now = new Date(),
  knownCodes?: ReadonlySet<string>,
): { query: ReportQuery } | { errors: string[] } {
  const errors: string[] = [];
  const query: ReportQuery = { limit: 1000 };
  const ids = LIST(params.get('service_request_id'));
  if (ids) {
    if (!ids.every((i) => /^\d{1,12}$/.test(i)))
      errors.push('service_request_id must be one or more report numbers, separated by commas.');
    else query.ids = ids.map(Number);
  }
  query.codes = LIST(params.get('service_code'));
  const unknown = knownCodes && query.codes?.filter((c) => !knownCodes.has(c));
  if (unknown?.length)
    errors.push(`service_code ${unknown.join(', ')} is not one of the services: services.json lists them.`);
  for (const key of ['start_date', 'end_date'] as const) {
    const v = params.get(key);
    if (v == null || v === '') continue;
    const d = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) ? new Date(v) : new Date(NaN);
    if (Number.isNaN(d.getTime())) errors.push(`${key} must be a W3C date and time, like 2026-05-03T00:00:00Z.`);
    else if (key === 'start_date') query.from = d;
    else query.to = d;
  }
  const status = LIST(params.get('status'));
  if (status) {
    if (!status.every((s) => s === 'open' || s === 'closed')) errors.push('status must be open, closed, or both.');
    else if (status.length === 1) query.open = status[0] === 'open';
  }
  if (!query.ids && !query.from && !query.to) query.from = new Date(now.getTime() - 90 * 86_400_000);
  return errors.length ? { errors } : { query };
}

export async function listRequests(db: Db, query: ReportQuery, baseUrl: string) {
  const agency = `${(await townAsync(db)).fullName} Stormwater Management Officer`;
  return (await queryReports(db, query)).map((r) => geoReport(r, baseUrl, agency));
}

/** GET requests.{json,xml}: the filters read, then the public reports, in the format asked for. */
export async function requestsAnswer(
  db: Db,
  params: URLSearchParams,
  baseUrl: string,
  format: Format,
): Promise<Response> {
  const codes = (await categories(db, { activeOnly: false })).map((c) => c.code);
  const parsed = parseListQuery(params, new Date(), new Set(codes));
  if ('errors' in parsed) return geoErrorsIn(format, 400, ...parsed.errors);
  return answer(format, 'service_requests', await listRequests(db, parsed.query, baseUrl));
}

/** GET requests/{id}.{json,xml}: one public report as a list of one (the standard's shape), or 404. */
export async function requestAnswer(
  db: Db,
  idParam: string | undefined,
  baseUrl: string,
  format: Format,
): Promise<Response> {
  const id = /^\d{1,12}$/.test(idParam ?? '') ? Number(idParam) : NaN;
  const found = Number.isSafeInteger(id) ? await listRequests(db, { ids: [id] }, baseUrl) : [];
  return found.length
    ? answer(format, 'service_requests', found)
    : geoErrorsIn(format, 404, `There is no public report ${idParam ?? ''}.`);
}

/** Filing through Open311: the key, the limits, then the same checks and service as the portal's form. */
export async function postRequest(
  db: Db,
  fields: URLSearchParams,
  ip: string | null,
  now = new Date(),
): Promise<Response> {
  const key = await keyInForce(db, fields.get('api_key'), now);
  const kind = (await townAsync(db)).profile.kind;
  if (!key) return geoErrors(403, `api_key is missing, unknown or revoked. Ask the ${kind} for a key.`);
  if (!(await hit(db, `open311:key:${key.id}`, { limit: 500, windowMs: 3_600_000 }, now)).allowed)
    return geoErrors(429, 'Too many requests with this key; try again within the hour.');
  const code = fields.get('service_code') ?? '';
  const category = (await categories(db, { activeOnly: true })).find((c) => c.code === code);
  if (!category) return geoErrors(400, 'service_code is missing or is not one of services.json.');
  const point = { latitude: Number(fields.get('lat')), longitude: Number(fields.get('long')) };
  const hasPoint = fields.get('lat') && fields.get('long') && isValidPoint(point);
  if (!hasPoint) return geoErrors(400, `lat and long are required (this ${kind} places every report on the map).`);
  const name = [fields.get('first_name'), fields.get('last_name')].filter(Boolean).join(' ').trim();
  const facts = {
    categoryId: category.id,
    description: fields.get('description') ?? '',
    point,
    observedOn: townToday(now),
    observedTime: '',
    email: (fields.get('email') ?? '').trim(),
    phone: (fields.get('phone') ?? '').trim(),
    name,
  };
  const problems: Record<string, string> = reportProblems(facts, townToday(now));
  const media = mediaUrl(fields.get('media_url'));
  if (media === false)
    problems.media_url = `media_url must be a web address (http or https) of at most 2000 characters; the ${kind} keeps it as a link and never fetches it.`;
  if (Object.keys(problems).length)
    return geoErrors(400, ...Object.entries(problems).map(([k, m]) => `${OPEN311_FIELD[k] ?? k}: ${m}`));
  const r = await submitReport(
    db,
    {
      ...facts,
      place: (fields.get('address_string') ?? '').trim() || 'a point on the map',
      observedTime: null,
      name: name || null,
      email: facts.email || null,
      phone: facts.phone || null,
      photos: [],
      ip,
      source: 'open311',
      open311KeyId: key.id,
      mediaUrl: media || null,
    },
    now,
  );
  if (!r.ok) return geoErrors(400, r.message ?? Object.values(r.fields ?? {}).join(' '));
  return json(
    [{ service_request_id: String(r.id), service_notice: `The ${kind} received the report.`, account_id: null }],
    201,
  );
}

/**
 * GeoReport v2's media_url on a POST: a link to a photo the client hosts. Kept as a link for the officer
 * and never fetched by the portal (no server-side request to an address a client chose: decision 0045),
 * nor shown to the public. Absent or empty: undefined; not an http(s) address: false.
 */
export function mediaUrl(value: string | null): string | undefined | false {
  const v = (value ?? '').trim();
  if (!v) return undefined;
  if (v.length > 2000) return false;
  try {
    const u = new URL(v);
    if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password) return false;
    return u.href;
  } catch {
    return false;
  }
}

const OPEN311_FIELD: Record<string, string> = {
  description: 'description',
  where: 'lat/long',
  email: 'email',
  phone: 'phone',
  name: 'first_name/last_name',
  observedOn: 'requested_datetime',
};

/**
 * Open311 clients post requests.json from their servers, form-encoded and without an Origin header,
 * which Astro's CSRF check refuses. The key in the body is the only authorization (no cookie is read),
 * so for exactly that path the content type is relabelled before Astro sees it and the endpoint reads the
 * original (kept in x-original-content-type). Everything else keeps the check.
 */
export const OPEN311_POST_PATH = `${OPEN311_BASE}/requests.json`;
/** requests.xml takes no POST, but an XML client posting there from its server is told so in XML, not refused by the origin check. */
const RELABELLED = new Set([OPEN311_POST_PATH, `${OPEN311_BASE}/requests.xml`]);
export function relabelOpen311(req: IncomingMessage): void {
  if (req.method !== 'POST' || !req.url || !RELABELLED.has(req.url.split('?')[0])) return;
  req.headers['x-original-content-type'] = req.headers['content-type'] ?? '';
  req.headers['content-type'] = 'application/x-open311-form';
}
export function acceptOpen311Posts(server: Server): void {
  server.prependListener('request', relabelOpen311);
}
