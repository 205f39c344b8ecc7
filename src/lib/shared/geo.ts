/**
 * Distances and directions on the ground (WGS84 latitude/longitude, miles), in words a resident reads.
 * Pure: used by the server (near me, area alerts and feeds) and by the map script in the browser.
 */

export const EARTH_RADIUS_MILES = 3958.7613;
/** The radii a resident can choose, in miles. */
export const RADII_MILES = [0.25, 0.5, 1, 2] as const;
export const DEFAULT_RADIUS_MILES = 0.5;
const FEET_PER_MILE = 5280;

export interface Point {
  latitude: number;
  longitude: number;
}

/** A row that may or may not have a location (database columns are nullable). */
export interface MaybePoint {
  latitude?: number | null;
  longitude?: number | null;
}

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

export function isValidPoint<T extends MaybePoint>(p: T | null | undefined): p is T & Point {
  return (
    !!p &&
    typeof p.latitude === 'number' &&
    typeof p.longitude === 'number' &&
    Number.isFinite(p.latitude) &&
    Number.isFinite(p.longitude) &&
    Math.abs(p.latitude) <= 90 &&
    Math.abs(p.longitude) <= 180
  );
}

/** Great-circle distance (haversine), in miles. */
export function distanceMiles(a: Point, b: Point): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial compass bearing from `a` to `b`, degrees clockwise from north (0 ≤ b < 360). */
export function bearingDegrees(a: Point, b: Point): number {
  const φ1 = rad(a.latitude);
  const φ2 = rad(b.latitude);
  const Δλ = rad(b.longitude - a.longitude);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

/** The point `miles` away from `origin` on `bearing` (used for bounding boxes and tests). */
export function destinationPoint(origin: Point, bearing: number, miles: number): Point {
  const δ = miles / EARTH_RADIUS_MILES;
  const θ = rad(bearing);
  const φ1 = rad(origin.latitude);
  const λ1 = rad(origin.longitude);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
  const λ2 = λ1 + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
  return { latitude: deg(φ2), longitude: ((deg(λ2) + 540) % 360) - 180 };
}

const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'] as const;

/** Eight-point compass words for a bearing: 0 → "north", 100 → "east". */
export function compassWord(bearing: number): (typeof COMPASS)[number] {
  return COMPASS[Math.round((((bearing % 360) + 360) % 360) / 45) % 8];
}

/** "450 feet", "0.3 miles", "1 mile", "1.8 miles". Under a tenth of a mile in feet (rounded to 50). */
export function distanceWords(miles: number): string {
  if (miles < 0.1) {
    const feet = Math.max(0, Math.round((miles * FEET_PER_MILE) / 50) * 50);
    return feet === 0 ? 'less than 50 feet' : `${feet} feet`;
  }
  const rounded = miles < 10 ? Math.round(miles * 10) / 10 : Math.round(miles);
  return `${rounded} ${rounded === 1 ? 'mile' : 'miles'}`;
}

/**
 * "0.3 miles north-east", or "right here" when the two points (almost) coincide. From an approximate
 * place (an address guessed along its street) never "right here", which would claim the site is at the
 * address: "near: about 0.3 miles north-east of the approximate location", "near: within 50 feet of the
 * approximate location".
 */
export function distanceAndDirection(from: Point, to: Point, opts: { approximate?: boolean } = {}): string {
  const miles = distanceMiles(from, to);
  const close = miles * FEET_PER_MILE < 25;
  if (opts.approximate) {
    return close
      ? 'near: within 50 feet of the approximate location'
      : `near: about ${distanceWords(miles)} ${compassWord(bearingDegrees(from, to))} of the approximate location`;
  }
  if (close) return 'right here';
  return `${distanceWords(miles)} ${compassWord(bearingDegrees(from, to))}`;
}

/** A radius in words: 0.25 → "a quarter mile", 1 → "1 mile". */
export function radiusWords(miles: number): string {
  if (miles === 0.25) return 'a quarter mile';
  if (miles === 0.5) return 'half a mile';
  return `${miles} ${miles === 1 ? 'mile' : 'miles'}`;
}

/** Parse a radius from a query string; anything but the offered radii falls back to the default. */
export function parseRadius(value: string | null | undefined): number {
  const n = Number(value);
  return (RADII_MILES as readonly number[]).includes(n) ? n : DEFAULT_RADIUS_MILES;
}

/** Within a radius, inclusive at the edge (a site exactly half a mile away is "within half a mile"). */
export function isWithin(origin: Point, p: Point, radiusMiles: number): boolean {
  return distanceMiles(origin, p) <= radiusMiles + 1e-9;
}

export interface Nearby<T> {
  item: T;
  miles: number;
  bearing: number;
  words: string;
}

/**
 * Items with a location within `radiusMiles` of `origin`, nearest first (ties by input order).
 * `approximate`: the origin is a guess (see distanceAndDirection), and the words say so.
 */
export function nearest<T extends MaybePoint>(
  origin: Point,
  items: T[],
  radiusMiles: number,
  opts: { approximate?: boolean } = {},
): Nearby<T>[] {
  const out: Nearby<T>[] = [];
  for (const item of items) {
    if (!isValidPoint(item)) continue;
    const miles = distanceMiles(origin, item);
    if (miles > radiusMiles + 1e-9) continue;
    out.push({ item, miles, bearing: bearingDegrees(origin, item), words: distanceAndDirection(origin, item, opts) });
  }
  return out.sort((a, b) => a.miles - b.miles);
}

/** A bounding box that contains the circle (for a cheap SQL pre-filter before the exact distance). */
export function boundingBox(
  origin: Point,
  radiusMiles: number,
): { minLat: number; maxLat: number; minLon: number; maxLon: number } {
  const dLat = deg(radiusMiles / EARTH_RADIUS_MILES);
  const dLon = deg(radiusMiles / (EARTH_RADIUS_MILES * Math.max(0.01, Math.cos(rad(origin.latitude)))));
  return {
    minLat: origin.latitude - dLat,
    maxLat: origin.latitude + dLat,
    minLon: origin.longitude - dLon,
    maxLon: origin.longitude + dLon,
  };
}
