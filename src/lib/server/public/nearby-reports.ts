/**
 * "Is it one of these?" on the report form: the reports already open within a quarter mile of the resident's
 * pin (or of the site the form names), nearest first, at most five (report.rules.ts, openReportsNear), each
 * linking to its status page. In the form's HTML when it comes back with a point, and as
 * /reports/nearby.json for the form's script when the pin moves. Distances are measured to the points
 * residents see (rounded to about 10 m, decision 0032), so the list tells nothing finer than the status
 * pages do; it names no reporter and no hidden report.
 */
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { NEARBY_LIMIT, NEARBY_MILES, openReportsNear } from '#lib/server/site-reports/report.rules.ts';
import { formatDay } from '#lib/shared/format.ts';
import { boundingBox, isValidPoint, type Point } from '#lib/shared/geo.ts';
import { openReportsInBox, reportableProject } from './site-reports.ts';
import { fail, ok, type Refusal, type Result } from '#lib/server/platform/result.ts';

/** Candidates read from the box around the circle, newest first: bounds the work wherever the pin is. */
const CANDIDATES = 200;
/** The box is widened by the most that rounding moves a point (half of 0.0001°), so none is missed at the edge. */
const ROUNDING_DEGREES = 0.0001;

export interface NearbyReport {
  number: string;
  path: string;
  category: string;
  /** The status, the day seen, the place and how far, in one line of words. */
  details: string;
}

/** Open reports near a point, as the form lists them. */
export async function openReportsNearPoint(db: Db, point: Point): Promise<NearbyReport[]> {
  if (!isValidPoint(point)) return [];
  const box = boundingBox(point, NEARBY_MILES);
  const candidates = await openReportsInBox(
    db,
    {
      minLat: box.minLat - ROUNDING_DEGREES,
      maxLat: box.maxLat + ROUNDING_DEGREES,
      minLon: box.minLon - ROUNDING_DEGREES,
      maxLon: box.maxLon + ROUNDING_DEGREES,
    },
    CANDIDATES,
  );
  const rows = candidates.map((r) => ({ ...r, latitude: r.point.latitude, longitude: r.point.longitude }));
  return openReportsNear(point, rows, NEARBY_LIMIT).map(({ item: r, words }) => ({
    number: r.number,
    path: r.path,
    category: r.category,
    details: `${r.statusLabel} · seen ${formatDay(r.observedOn)} · ${r.place} (${words})`,
  }));
}

/** A decimal degree as the form and its script write it: at most three digits before the point, fifteen after (a number written back whole). */
const DEGREES = /^-?\d{1,3}(\.\d{1,15})?$/;

function pointFrom(lat: string, lon: string): Point | undefined {
  if (!DEGREES.test(lat) || !DEGREES.test(lon)) return undefined;
  const point = { latitude: Number(lat), longitude: Number(lon) };
  return isValidPoint(point) ? point : undefined;
}

/** ?lat=&lon= for /reports/nearby.json: each exactly once, decimal degrees on the Earth; else why not, in words. */
export function parseNearbyQuery(params: URLSearchParams): Result<{ point: Point }, Refusal> {
  const lat = params.getAll('lat');
  const lon = params.getAll('lon');
  const point = lat.length === 1 && lon.length === 1 ? pointFrom(lat[0], lon[0]) : undefined;
  return point
    ? ok({ point })
    : fail(
        'Give lat and lon once each, in decimal degrees (latitude −90 to 90, longitude −180 to 180), like ?lat=42.8123&lon=-73.9456.',
      );
}

/** The form's list: around its pin, else around the site it names (a "Report a problem at this site" link). */
export async function nearbyForForm(
  db: Db,
  values: { lat: string; lon: string; project: string },
): Promise<NearbyReport[]> {
  let point = pointFrom(values.lat.trim(), values.lon.trim());
  if (!point) {
    const site = await reportableProject(db, values.project || null);
    if (site?.latitude != null && site.longitude != null)
      point = { latitude: site.latitude, longitude: site.longitude };
  }
  return point ? openReportsNearPoint(db, point) : [];
}
