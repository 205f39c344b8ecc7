/**
 * Turning a typed address into a point. Pluggable: the U.S. Census Bureau geocoder when online
 * (GEOCODER=census, the default), and always, as the fallback, the town's own records: the addresses of
 * its projects and the streets they are on (GEOCODER=town uses only these, with no network at all).
 */
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { projects } from '#db/schema.ts';
import { distanceMiles, type Point } from '#lib/shared/geo.ts';
import type { TownBounds } from '#lib/shared/town-profile.ts';
import { memoUntilPublicChangeAsync } from '#lib/server/platform/db.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';

export interface GeocodeResult {
  point: Point;
  /** What was found, in words ("1475 Curry Road", "Curry Road"). */
  label: string;
  /** address: that very address; street: somewhere along the street. */
  precision: 'address' | 'street';
  source: 'census' | 'town';
}

export interface Geocoder {
  name: string;
  geocode(query: string): Promise<GeocodeResult | undefined>;
}

/**
 * How far from the town's map centre (town profile, decision 0044) an answer may be before it is someone
 * else's Main Street: 12 miles, or more for a town whose box is larger.
 */
const TOWN_REACH_MILES = 12;
function reachMiles(bounds: TownBounds, centre: Point): number {
  const corners = [
    { latitude: bounds.minLat, longitude: bounds.minLon },
    { latitude: bounds.maxLat, longitude: bounds.maxLon },
    { latitude: bounds.minLat, longitude: bounds.maxLon },
    { latitude: bounds.maxLat, longitude: bounds.minLon },
  ];
  return Math.max(TOWN_REACH_MILES, ...corners.map((c) => distanceMiles(centre, c)));
}

const ABBREVIATIONS: Record<string, string> = {
  rd: 'road',
  av: 'avenue',
  ave: 'avenue',
  st: 'street',
  str: 'street',
  blvd: 'boulevard',
  dr: 'drive',
  ln: 'lane',
  ct: 'court',
  pl: 'place',
  hwy: 'highway',
  rte: 'route',
  w: 'west',
  e: 'east',
  n: 'north',
  s: 'south',
  ext: 'extension',
};

/** Lower case, no punctuation, common abbreviations spelled out, town/state/ZIP dropped. */
export function normalizeAddress(input: string): string {
  // "1400 Curry Rd., <place>, NY 12306": what follows the first comma names the place, not the street.
  const street = input.includes(',') && /[a-z]/i.test(input.split(',')[0]) ? input.split(',')[0] : input;
  const words = street
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => ABBREVIATIONS[w] ?? w);
  // A trailing "NY 12306" or "New York" says nothing within the town.
  const stop = new Set(['ny', 'new', 'york', 'usa', 'us', 'junction', 'town', 'village', 'city', 'of']);
  while (words.length > 1 && (stop.has(words[words.length - 1]) || /^\d{5}(-\d{4})?$/.test(words[words.length - 1])))
    words.pop();
  return words.join(' ').trim();
}

interface Place {
  number?: number;
  street: string;
  point: Point;
  label: string;
}

/** The town's own gazetteer: every published project with a location, by street. */
export function townGeocoder(db: Db): Geocoder {
  const load = async (): Promise<Place[]> =>
    (
      await db
        .select({ siteAddress: projects.siteAddress, latitude: projects.latitude, longitude: projects.longitude })
        .from(projects)
        .where(and(eq(projects.published, true), isNotNull(projects.latitude), isNotNull(projects.longitude)))
    ).map((r) => {
      const norm = normalizeAddress(r.siteAddress);
      const m = /^(\d+)\s+(.+)$/.exec(norm);
      return {
        number: m ? Number(m[1]) : undefined,
        street: m ? m[2] : norm,
        point: { latitude: r.latitude!, longitude: r.longitude! },
        label: r.siteAddress,
      };
    });
  return {
    name: 'town',
    async geocode(query) {
      // Read and normalized once until the database changes, not on every lookup.
      return geocodeFromPlaces(await memoUntilPublicChangeAsync(db, 'geocode.townPlaces', load), query);
    },
  };
}

/** Pure: match a query against known places (exact address, else along the street). */
export function geocodeFromPlaces(places: Place[], query: string): GeocodeResult | undefined {
  const norm = normalizeAddress(query).slice(0, 200);
  if (!norm) return undefined;
  const m = /^(\d+)\s+(.+)$/.exec(norm);
  const number = m ? Number(m[1]) : undefined;
  const streetQuery = m ? m[2] : norm;
  const streets = [...new Set(places.map((p) => p.street))];
  // The street: exactly, else the one street that starts with (or contains) what was typed.
  const street =
    streets.find((s) => s === streetQuery) ??
    pickOne(streets.filter((s) => s.startsWith(streetQuery))) ??
    pickOne(streets.filter((s) => s.includes(streetQuery)));
  if (!street) return undefined;
  const onStreet = places.filter((p) => p.street === street);
  const title = street.replace(/\b\w/g, (c) => c.toUpperCase());
  if (number != null) {
    const exact = onStreet.find((p) => p.number === number);
    if (exact) return { point: exact.point, label: exact.label, precision: 'address', source: 'town' };
    // Between the two nearest known house numbers on the street, in proportion.
    const numbered = onStreet.filter((p) => p.number != null).sort((a, b) => a.number! - b.number!);
    if (numbered.length) {
      const below = [...numbered].reverse().find((p) => p.number! < number);
      const above = numbered.find((p) => p.number! > number);
      let point: Point;
      if (below && above) {
        const t = (number - below.number!) / (above.number! - below.number!);
        point = {
          latitude: below.point.latitude + t * (above.point.latitude - below.point.latitude),
          longitude: below.point.longitude + t * (above.point.longitude - below.point.longitude),
        };
      } else point = (below ?? above)!.point;
      return { point, label: `${number} ${title} (approximate)`, precision: 'street', source: 'town' };
    }
  }
  const point = {
    latitude: onStreet.reduce((s, p) => s + p.point.latitude, 0) / onStreet.length,
    longitude: onStreet.reduce((s, p) => s + p.point.longitude, 0) / onStreet.length,
  };
  return { point, label: title, precision: 'street', source: 'town' };
}

function withinReach(point: Point, area: { bounds: TownBounds; centre: Point } | undefined): boolean {
  if (!area) return true;
  return distanceMiles(point, area.centre) <= reachMiles(area.bounds, area.centre);
}

function pickOne<T>(xs: T[]): T | undefined {
  return xs.length === 1 ? xs[0] : undefined;
}

/** The U.S. Census Bureau's public geocoder (no key). Answers far from the town are ignored. */
/** `place`: the town's "<name>, NY" (town profile), added to a query that names no place. */
export function censusGeocoder(
  opts: {
    timeoutMs?: number;
    fetchImpl?: typeof fetch;
    place?: () => Promise<string>;
    area?: () => Promise<{ bounds: TownBounds; centre: Point }>;
  } = {},
): Geocoder {
  const cache = new Map<string, GeocodeResult | undefined>();
  const doFetch = opts.fetchImpl ?? fetch;
  return {
    name: 'census',
    async geocode(query) {
      const norm = normalizeAddress(query);
      if (!norm) return undefined;
      if (cache.has(norm)) return cache.get(norm);
      const address =
        query.includes(',') || /\bny\b|\d{5}/i.test(query) || !opts.place ? query : `${query}, ${await opts.place()}`;
      const url = new URL('https://geocoding.geo.census.gov/geocoder/locations/onelineaddress');
      url.searchParams.set('address', address.slice(0, 200));
      url.searchParams.set('benchmark', 'Public_AR_Current');
      url.searchParams.set('format', 'json');
      const res = await doFetch(url, {
        signal: AbortSignal.timeout(opts.timeoutMs ?? 3000),
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`Census geocoder answered ${res.status}`);
      const body = (await res.json()) as {
        result?: { addressMatches?: Array<{ matchedAddress?: string; coordinates?: { x?: number; y?: number } }> };
      };
      const match = body.result?.addressMatches?.find(
        (m) => typeof m.coordinates?.x === 'number' && typeof m.coordinates?.y === 'number',
      );
      const point = match ? { latitude: match.coordinates!.y!, longitude: match.coordinates!.x! } : undefined;
      const result =
        point && withinReach(point, await opts.area?.())
          ? { point, label: match!.matchedAddress ?? query, precision: 'address' as const, source: 'census' as const }
          : undefined;
      if (cache.size > 500) cache.clear();
      cache.set(norm, result);
      return result;
    },
  };
}

/** Try each geocoder in turn; a failing one (offline, timeout) just passes to the next. */
export function chain(...geocoders: Geocoder[]): Geocoder {
  return {
    name: geocoders.map((g) => g.name).join('+'),
    async geocode(query) {
      for (const g of geocoders) {
        try {
          const r = await g.geocode(query);
          if (r) return r;
        } catch {
          // Offline or slow: the town's own records answer instead.
        }
      }
      return undefined;
    },
  };
}

/** One Census geocoder (and its cache of answers) per database: its place words are that municipality's. */
const census = new WeakMap<Db, Geocoder>();
/** GEOCODER=census (default): the Census Bureau first, then the town's records. GEOCODER=town: offline only. */
export function geocoderFor(db: Db, env: NodeJS.ProcessEnv = process.env): Geocoder {
  const town = townGeocoder(db);
  if ((env.GEOCODER ?? 'census').toLowerCase() !== 'census') return town;
  let online = census.get(db);
  if (!online) {
    online = censusGeocoder({
      timeoutMs: Number(env.GEOCODER_TIMEOUT_MS) || 3000,
      place: async () => (await townAsync(db)).placeSuffix,
      area: async () => {
        const { profile } = await townAsync(db);
        return { bounds: profile.bounds, centre: profile.mapCentre };
      },
    });
    census.set(db, online);
  }
  return chain(online, town);
}
