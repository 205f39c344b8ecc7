/**
 * The /map page's view model. The list beside the map is paged (MAP_LIST_PAGE_SIZE a page, grouped by
 * status then name); the markers come inline when there are few (a town of a few dozen projects: one
 * request, as before), and otherwise from /api/map-points.json, compact GeoJSON serialized and compressed
 * once per version of the public data (the page was 3.6 MB at 10,000 projects).
 */
import { PROJECT_STATUSES, type ProjectStatus } from '#db/enums.ts';
import { memoUntilPublicChangeAsync } from '#lib/server/platform/db.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { encodedBody, type EncodedBody } from '#lib/server/platform/http/encoded-body.ts';
import { mappedProjects, type NearProject } from './near.ts';

export const MAP_LIST_PAGE_SIZE = 200;
/** Up to this many markers travel inside the page; more are fetched as GeoJSON. */
export const MAP_INLINE_POINTS = 500;

export function mapStatusFilter(value: string | null): ProjectStatus | undefined {
  return value && (PROJECT_STATUSES as readonly string[]).includes(value) ? (value as ProjectStatus) : undefined;
}

/** Every mapped project, by status (in lifecycle order) then name; read once per version of the public data. */
function mapped(db: Db): Promise<{ all: NearProject[]; bodies: Map<string, EncodedBody> }> {
  return memoUntilPublicChangeAsync(db, 'map.mapped', async () => {
    const rank = new Map(PROJECT_STATUSES.map((s, i) => [s, i]));
    // A stable sort by status keeps the query's order by name inside each status.
    const all = (await mappedProjects(db)).sort((a, b) => rank.get(a.status)! - rank.get(b.status)!);
    return { all, bodies: new Map<string, EncodedBody>() };
  });
}

export async function mapPage(db: Db, statusParam: string | null, pageParam: string | null) {
  const filter = mapStatusFilter(statusParam);
  const all = (await mapped(db)).all.filter((p) => !filter || p.status === filter);
  const pages = Math.max(1, Math.ceil(all.length / MAP_LIST_PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number.parseInt(pageParam ?? '1', 10) || 1));
  const items = all.slice((page - 1) * MAP_LIST_PAGE_SIZE, page * MAP_LIST_PAGE_SIZE);
  const groups = PROJECT_STATUSES.map((s) => ({
    status: s,
    items: items.filter((p) => p.status === s),
    total: all.filter((p) => p.status === s).length,
  })).filter((g) => g.items.length);
  const inline = all.length <= MAP_INLINE_POINTS;
  return {
    filter,
    total: all.length,
    page,
    pages,
    first: (page - 1) * MAP_LIST_PAGE_SIZE + 1,
    last: (page - 1) * MAP_LIST_PAGE_SIZE + items.length,
    groups,
    points: inline
      ? all.map((p) => ({
          slug: p.slug,
          name: p.name,
          address: p.siteAddress,
          status: p.status,
          lat: p.latitude!,
          lon: p.longitude!,
        }))
      : [],
    pointsUrl: inline ? undefined : `/api/map-points.json${filter ? `?status=${filter}` : ''}`,
  };
}

/** The markers as compact GeoJSON: [longitude, latitude], properties s (slug), n (name), a (address), t (status). */
export async function mapPointsBody(db: Db, statusParam: string | null): Promise<EncodedBody> {
  const filter = mapStatusFilter(statusParam);
  const m = await mapped(db);
  const key = filter ?? '';
  let body = m.bodies.get(key);
  if (!body) {
    const features = m.all
      .filter((p) => !filter || p.status === filter)
      .map((p) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
        properties: { s: p.slug, n: p.name, a: p.siteAddress, t: p.status },
      }));
    body = encodedBody(JSON.stringify({ type: 'FeatureCollection', features }), 'application/geo+json; charset=utf-8');
    m.bodies.set(key, body);
  }
  return body;
}
