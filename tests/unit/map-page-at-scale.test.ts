/**
 * /map at 10,000 projects (it was 3.6 MB). The list beside the map is paged and the markers come as compact
 * GeoJSON fetched by the map; a town of a few dozen projects keeps one page with the markers inline.
 */
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { describe, expect, it } from 'vitest';
import { projects } from '#db/schema.ts';
import { PROJECT_STATUSES } from '#db/enums.ts';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { MAP_INLINE_POINTS, MAP_LIST_PAGE_SIZE, mapPage, mapPointsBody } from '#lib/server/public/map-page.ts';

function town(n: number) {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  db.transaction((tx) => {
    for (let i = 0; i < n; i++) {
      tx.insert(projects)
        .values({
          slug: `p-${i}`,
          name: `Project ${String(i).padStart(5, '0')}`,
          siteAddress: `${i} Main St`,
          kind: 'minor',
          status: PROJECT_STATUSES[i % 3],
          published: true,
          latitude: 42.8 + i / 1e5,
          longitude: -74 + i / 1e5,
        })
        .run();
    }
  });
  return db;
}

describe('the map page at scale', () => {
  it('a small town: one page, every marker inline, no GeoJSON fetch', async () => {
    const v = await mapPage(asyncOf(town(30)), null, null);
    expect(v).toMatchObject({ total: 30, page: 1, pages: 1, pointsUrl: undefined });
    expect(v.points).toHaveLength(30);
    expect(v.groups.flatMap((g) => g.items)).toHaveLength(30);
  });

  it('a large town: the list paged by status then name, markers fetched as compact GeoJSON', async () => {
    const n = MAP_INLINE_POINTS + 101;
    const db = town(n);
    const first = await mapPage(asyncOf(db), null, null);
    expect(first.points).toEqual([]);
    expect(first.pointsUrl).toBe('/api/map-points.json');
    expect(first.pages).toBe(Math.ceil(n / MAP_LIST_PAGE_SIZE));
    expect(first.groups.flatMap((g) => g.items)).toHaveLength(MAP_LIST_PAGE_SIZE);
    // Status order of the lifecycle, then name; the heading counts the whole status, not the page.
    expect(first.groups[0].status).toBe(PROJECT_STATUSES[0]);
    expect(first.groups[0].total).toBe(Math.ceil(n / 3));
    const names = first.groups[0].items.map((p) => p.name);
    expect([...names].sort()).toEqual(names);
    const last = await mapPage(asyncOf(db), null, String(first.pages));
    expect(last.last).toBe(n);
    expect((await mapPage(asyncOf(db), null, '999')).page).toBe(first.pages);
    expect((await mapPage(asyncOf(db), null, 'x')).page).toBe(1);

    const all = JSON.parse((await mapPointsBody(asyncOf(db), null)).body.toString('utf8'));
    expect(all.type).toBe('FeatureCollection');
    expect(all.features).toHaveLength(n);
    expect(all.features[0]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [expect.any(Number), expect.any(Number)] },
      properties: { s: expect.any(String), n: expect.any(String), a: expect.any(String), t: expect.any(String) },
    });
    const filtered = await mapPage(asyncOf(db), PROJECT_STATUSES[1], null);
    expect(filtered.pointsUrl).toBeUndefined(); // a third of the town fits inline
    expect(
      JSON.parse((await mapPointsBody(asyncOf(db), PROJECT_STATUSES[1])).body.toString('utf8')).features.every(
        (f: { properties: { t: string } }) => f.properties.t === PROJECT_STATUSES[1],
      ),
    ).toBe(true);
    // Built once per version of the public data.
    expect(await mapPointsBody(asyncOf(db), null)).toBe(await mapPointsBody(asyncOf(db), null));
  });
});
