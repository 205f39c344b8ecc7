/**
 * "What is being built near me": published projects within a radius of a point, nearest first, with
 * distance and direction in words. The geometry is pure (src/lib/shared/geo.ts); this reads the rows.
 */
import { and, between, eq, isNotNull } from 'drizzle-orm';
import { projects } from '#db/schema.ts';
import { boundingBox, isValidPoint, nearest, parseRadius, type Nearby, type Point } from '#lib/shared/geo.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { geocoderFor } from './geocode.ts';

export interface Area {
  point: Point;
  radiusMiles: number;
  /** The point is a guess (an address placed along its street by the town geocoder): distances say "near". */
  approximate?: boolean;
}

/** ?lat=&lon=&r= → an area, or undefined when the point is missing or not a real place. */
export function parseArea(params: URLSearchParams): Area | undefined {
  const lat = params.get('lat');
  const lon = params.get('lon');
  if (lat == null || lon == null || lat.trim() === '' || lon.trim() === '') return undefined;
  const point = { latitude: Number(lat), longitude: Number(lon) };
  if (!isValidPoint(point)) return undefined;
  // Six decimals is about 10 cm: enough, and it keeps links and feed ids stable.
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return {
    point: { latitude: round(point.latitude), longitude: round(point.longitude) },
    radiusMiles: parseRadius(params.get('r')),
  };
}

/**
 * The place a "near me" page asks about: a typed address (geocoded; `addressError` when not found), or
 * ?lat=&lon= (the browser's location or a point clicked), with its label in words.
 */
export async function resolveArea(
  db: Db,
  params: URLSearchParams,
  radiusMiles: number,
): Promise<{ address: string; area?: Area; placeLabel: string; addressError?: string }> {
  const address = (params.get('address') ?? '').trim().slice(0, 200);
  if (address) {
    const found = await geocoderFor(db).geocode(address);
    if (!found)
      return {
        address,
        placeLabel: '',
        addressError: `We could not find “${address}” in ${(await townAsync(db)).profile.name}. Try a street name such as “Curry Road”, add the house number, or use your location.`,
      };
    return {
      address,
      area: { point: found.point, radiusMiles, approximate: found.precision === 'street' },
      placeLabel: found.label,
    };
  }
  const area = parseArea(params);
  if (!area) return { address, placeLabel: '' };
  return {
    address,
    area,
    placeLabel:
      params.get('here') === '1'
        ? 'your location'
        : `the point ${area.point.latitude.toFixed(5)}, ${area.point.longitude.toFixed(5)}`,
  };
}

export function areaQuery(area: Area): string {
  return `lat=${area.point.latitude}&lon=${area.point.longitude}&r=${area.radiusMiles}`;
}

export interface NearProject {
  id: number;
  slug: string;
  name: string;
  siteAddress: string;
  status: (typeof projects.$inferSelect)['status'];
  latitude: number | null;
  longitude: number | null;
  plannedStartOn: string | null;
}

/** What a map marker and a "near me" row show. */
const NEAR_COLUMNS = {
  id: projects.id,
  slug: projects.slug,
  name: projects.name,
  siteAddress: projects.siteAddress,
  status: projects.status,
  latitude: projects.latitude,
  longitude: projects.longitude,
  plannedStartOn: projects.plannedStartOn,
};

/** Published projects within the area, nearest first. */
export async function projectsNear(db: Db, area: Area): Promise<Nearby<NearProject>[]> {
  const box = boundingBox(area.point, area.radiusMiles);
  const rows = await db
    .select(NEAR_COLUMNS)
    .from(projects)
    .where(
      and(
        eq(projects.published, true),
        isNotNull(projects.latitude),
        isNotNull(projects.longitude),
        between(projects.latitude, box.minLat, box.maxLat),
        between(projects.longitude, box.minLon, box.maxLon),
      ),
    );
  return nearest(area.point, rows, area.radiusMiles, { approximate: area.approximate });
}

/** Every published project with a location (the map's markers and list). */
export function mappedProjects(db: Db): Promise<NearProject[]> {
  return db
    .select(NEAR_COLUMNS)
    .from(projects)
    .where(and(eq(projects.published, true), isNotNull(projects.latitude), isNotNull(projects.longitude)))
    .orderBy(projects.name);
}
