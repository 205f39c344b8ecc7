/** Distance, direction and radius filtering (inclusive at the edge), clustering, and the offline geocoder. */
import { describe, expect, it } from 'vitest';
import { gridCluster } from '#lib/shared/cluster.ts';
import {
  RADII_MILES,
  bearingDegrees,
  boundingBox,
  compassWord,
  destinationPoint,
  distanceAndDirection,
  distanceMiles,
  distanceWords,
  isWithin,
  nearest,
  parseRadius,
} from '#lib/shared/geo.ts';
import { geocodeFromPlaces, normalizeAddress } from '#lib/server/public/geocode.ts';

const TOWN_HALL = { latitude: 42.8109, longitude: -73.9896 };

describe('distance and direction', () => {
  it('measures known distances', () => {
    // One degree of latitude is about 69 miles.
    expect(distanceMiles({ latitude: 42, longitude: -74 }, { latitude: 43, longitude: -74 })).toBeCloseTo(69.09, 1);
    expect(distanceMiles(TOWN_HALL, TOWN_HALL)).toBe(0);
  });

  it.each([
    [0, 'north'],
    [44, 'north-east'],
    [90, 'east'],
    [135, 'south-east'],
    [180, 'south'],
    [225, 'south-west'],
    [270, 'west'],
    [300, 'north-west'],
    [338, 'north'],
    [359.9, 'north'],
  ])('bearing %s° reads "%s"', (bearing, word) => {
    expect(compassWord(bearing)).toBe(word);
  });

  it('destinationPoint and bearingDegrees agree', () => {
    for (const b of [0, 45, 90, 180, 270, 315]) {
      const p = destinationPoint(TOWN_HALL, b, 1);
      expect(distanceMiles(TOWN_HALL, p)).toBeCloseTo(1, 6);
      expect(bearingDegrees(TOWN_HALL, p)).toBeCloseTo(b, 3);
    }
  });

  it.each([
    [0, 'less than 50 feet'],
    [0.005, '50 feet'],
    [0.05, '250 feet'],
    [0.0999, '550 feet'],
    [0.1, '0.1 miles'],
    [0.25, '0.3 miles'],
    [0.96, '1 mile'],
    [1.84, '1.8 miles'],
    [12.4, '12 miles'],
  ])('%s miles reads "%s"', (miles, words) => {
    expect(distanceWords(miles)).toBe(words);
  });

  it('says distance and direction in words', () => {
    expect(distanceAndDirection(TOWN_HALL, destinationPoint(TOWN_HALL, 45, 0.3))).toBe('0.3 miles north-east');
    expect(distanceAndDirection(TOWN_HALL, destinationPoint(TOWN_HALL, 180, 0.001))).toBe('right here');
  });

  it('from an approximate place says "near", with the distance, and that the place is approximate (never "right here")', () => {
    expect(distanceAndDirection(TOWN_HALL, destinationPoint(TOWN_HALL, 180, 0.001), { approximate: true })).toBe(
      'near: within 50 feet of the approximate location',
    );
    expect(distanceAndDirection(TOWN_HALL, TOWN_HALL, { approximate: true })).toBe(
      'near: within 50 feet of the approximate location',
    );
    expect(distanceAndDirection(TOWN_HALL, destinationPoint(TOWN_HALL, 45, 0.3), { approximate: true })).toBe(
      'near: about 0.3 miles north-east of the approximate location',
    );
    const [here] = nearest(TOWN_HALL, [{ latitude: TOWN_HALL.latitude, longitude: TOWN_HALL.longitude }], 0.5, {
      approximate: true,
    });
    expect(here.words).toBe('near: within 50 feet of the approximate location');
  });
});

describe('radius filtering at the edges', () => {
  for (const r of RADII_MILES) {
    it(`${r} mile: a site exactly at the edge is in, a yard beyond is out`, () => {
      const edge = destinationPoint(TOWN_HALL, 123, r);
      const beyond = destinationPoint(TOWN_HALL, 123, r + 1 / 1760);
      const inside = destinationPoint(TOWN_HALL, 123, r - 1 / 1760);
      expect(isWithin(TOWN_HALL, edge, r)).toBe(true);
      expect(isWithin(TOWN_HALL, inside, r)).toBe(true);
      expect(isWithin(TOWN_HALL, beyond, r)).toBe(false);
      // The bounding box used as a pre-filter never cuts off a site inside the circle.
      const box = boundingBox(TOWN_HALL, r);
      for (const b of [0, 90, 180, 270, 45]) {
        const p = destinationPoint(TOWN_HALL, b, r);
        expect(p.latitude).toBeGreaterThanOrEqual(box.minLat - 1e-9);
        expect(p.latitude).toBeLessThanOrEqual(box.maxLat + 1e-9);
        expect(p.longitude).toBeGreaterThanOrEqual(box.minLon - 1e-9);
        expect(p.longitude).toBeLessThanOrEqual(box.maxLon + 1e-9);
      }
    });
  }

  it('lists only sites within the radius, nearest first, skipping sites without a location', () => {
    const sites = [
      { name: 'far', ...destinationPoint(TOWN_HALL, 0, 0.6) },
      { name: 'edge', ...destinationPoint(TOWN_HALL, 90, 0.5) },
      { name: 'near', ...destinationPoint(TOWN_HALL, 225, 0.12) },
      { name: 'nowhere', latitude: null, longitude: null },
      { name: 'mid', ...destinationPoint(TOWN_HALL, 300, 0.3) },
    ];
    const got = nearest(
      TOWN_HALL,
      sites as Array<{ name: string; latitude: number | null; longitude: number | null }>,
      0.5,
    );
    expect(got.map((g) => g.item.name)).toEqual(['near', 'mid', 'edge']);
    expect(got[0].words).toBe('0.1 miles south-west');
    expect(got[2].words).toBe('0.5 miles east');
  });

  it('accepts only the offered radii', () => {
    expect(parseRadius('0.25')).toBe(0.25);
    expect(parseRadius('2')).toBe(2);
    expect(parseRadius('5')).toBe(0.5);
    expect(parseRadius('abc')).toBe(0.5);
    expect(parseRadius(null)).toBe(0.5);
  });
});

describe('grid clustering', () => {
  it('groups markers that share a cell and keeps the others apart', () => {
    const pts = [
      { id: 1, x: 10, y: 10 },
      { id: 2, x: 30, y: 20 },
      { id: 3, x: 100, y: 100 },
    ];
    const clusters = gridCluster(pts, 44);
    expect(clusters.map((c) => c.items.map((i) => i.id))).toEqual([[1, 2], [3]]);
    expect(clusters[0]).toMatchObject({ x: 20, y: 15 });
  });
});

describe('the offline geocoder (the town’s own addresses and streets)', () => {
  const places = [
    { number: 1400, street: 'curry road', point: { latitude: 42.77, longitude: -73.97 }, label: '1400 Curry Road' },
    { number: 1600, street: 'curry road', point: { latitude: 42.79, longitude: -73.99 }, label: '1600 Curry Road' },
    { number: 12, street: 'carman road', point: { latitude: 42.76, longitude: -73.93 }, label: '12 Carman Road' },
  ];

  it('normalizes abbreviations, town, state and ZIP', () => {
    expect(normalizeAddress('1400 Curry Rd., Rotterdam, NY 12306')).toBe('1400 curry road');
    expect(normalizeAddress('W. Campbell Rd')).toBe('west campbell road');
  });

  it('finds an exact address, interpolates a house number between two known ones, and a street alone', () => {
    expect(geocodeFromPlaces(places, '1400 Curry Rd')).toMatchObject({
      precision: 'address',
      label: '1400 Curry Road',
    });
    const between = geocodeFromPlaces(places, '1500 curry road')!;
    expect(between.precision).toBe('street');
    expect(between.point.latitude).toBeCloseTo(42.78, 6);
    expect(geocodeFromPlaces(places, 'Carman')).toMatchObject({ label: 'Carman Road', point: { latitude: 42.76 } });
    expect(geocodeFromPlaces(places, 'road')).toBeUndefined();
    expect(geocodeFromPlaces(places, 'Nowhere Lane')).toBeUndefined();
    expect(geocodeFromPlaces(places, '')).toBeUndefined();
  });
});
