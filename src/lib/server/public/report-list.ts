/**
 * The public list and map of residents' reports (/reports) and its GeoJSON (/reports.geojson): filtered by
 * status, what was reported, the site and the day the resident saw it, newest filed first, a page of
 * REPORT_LIST_PAGE_SIZE at a time; the map above draws every report the filters let through (inline while few,
 * else fetched as GeoJSON, as /map does). Only what a report's own page shows (decision 0032): never who sent
 * it, never a hidden report, the point rounded to about 10 m; no photos at all.
 *
 * The dates filter the day seen, not the day filed: it is the day each row shows, and the one a resident
 * remembers ("the storm on the 3rd"). The order stays by filing, so report numbers run down the page.
 */
import { SITE_REPORT_STATUSES, type SiteReportStatus } from '#db/enums.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { categories, type Category } from '#lib/server/site-reports/categories.ts';
import { REPORT_MARKER } from '#lib/server/site-reports/queue-map.ts';
import { STATUS_LABEL } from '#lib/server/site-reports/report.rules.ts';
import { isIsoDay } from '#lib/shared/days.ts';
import { MAP_INLINE_POINTS } from './map-page.ts';
import {
  countReports,
  listReports,
  projectsWithReports,
  reportableProject,
  type ListedReport,
  type ReportListFilter,
} from './site-reports.ts';
import { fail, type Refusal, type Result } from '#lib/server/platform/result.ts';

export const REPORT_LIST_PAGE_SIZE = 50;
/** The map (and the GeoJSON) carry at most this many of the newest reports; the list pages through all. */
export const REPORT_MAP_LIMIT = 5000;
/** The site filter's value for reports at no site residents can see. */
export const NOT_AT_A_SITE = 'none';

const FILTER_KEYS = ['status', 'category', 'project', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

export interface ReportListQuery {
  /** What the form shows back: the values as typed (trimmed, at most 200 characters). */
  values: Record<FilterKey, string>;
  filter: ReportListFilter;
  /** Values that could not be used, by field, in words; the list is shown without them. */
  problems: Partial<Record<FilterKey, string>>;
  /** The usable filters as a query string (links to other pages, the GeoJSON). */
  query: URLSearchParams;
}

/** Read the filters from a query string. Nothing here throws: a value that cannot be used is a problem in words. */
export async function parseReportListQuery(db: Db, params: URLSearchParams, all: Category[]): Promise<ReportListQuery> {
  const values = Object.fromEntries(FILTER_KEYS.map((k) => [k, (params.get(k) ?? '').trim().slice(0, 200)])) as Record<
    FilterKey,
    string
  >;
  const filter: ReportListFilter = {};
  const problems: ReportListQuery['problems'] = {};
  const query = new URLSearchParams();
  const keep = (k: FilterKey) => query.set(k, values[k]);

  if (values.status === 'open' || (SITE_REPORT_STATUSES as readonly string[]).includes(values.status)) {
    filter.status = values.status as SiteReportStatus | 'open';
    keep('status');
  } else if (values.status) problems.status = 'Choose a status from the list.';

  if (values.category) {
    const found = all.find((c) => c.code === values.category);
    if (found) {
      filter.categoryId = found.id;
      keep('category');
    } else problems.category = 'Choose what was reported from the list.';
  }

  if (values.project === NOT_AT_A_SITE) {
    filter.projectId = null;
    keep('project');
  } else if (values.project) {
    const found = await reportableProject(db, values.project);
    if (found) {
      filter.projectId = found.id;
      keep('project');
    } else problems.project = 'Choose a site from the list.';
  }

  for (const [k, words] of [
    ['from', 'first'],
    ['to', 'last'],
  ] as const) {
    if (!values[k]) continue;
    if (isIsoDay(values[k])) {
      filter[k === 'from' ? 'seenFrom' : 'seenTo'] = values[k];
      keep(k);
    } else problems[k] = `Enter the ${words} day like 2026-05-03.`;
  }
  if (filter.seenFrom && filter.seenTo && filter.seenFrom > filter.seenTo) {
    problems.to = 'The last day cannot be before the first day.';
    delete filter.seenTo;
    query.delete('to');
  }
  return { values, filter, problems, query };
}

/** A site named in the address with no report yet is still offered, so the form shows what was asked. */
function chosenSite(q: ReportListQuery, sites: Array<{ id: number }>): boolean {
  return q.filter.projectId != null && !sites.some((s) => s.id === q.filter.projectId);
}

/** A marker of the map (components/ProjectMap.astro), in the shapes the officer's queue map uses. */
function mapPoint(r: ListedReport) {
  return {
    slug: `report-${r.id}`,
    name: `${r.number}: ${r.category}`,
    address: r.place,
    status: REPORT_MARKER[r.status],
    statusLabel: r.statusLabel,
    lat: r.point.latitude,
    lon: r.point.longitude,
    href: r.path,
  };
}

/** The /reports page: the filters and their choices, one page of the list, the map's markers. */
export function reportListPage(db: Db, params: URLSearchParams) {
  return readSnapshotAsync(db, async () => {
    // Every category, retired ones too: a filter may name one.
    const all = await categories(db, { activeOnly: false });
    const q = await parseReportListQuery(db, params, all);
    const total = await countReports(db, q.filter);
    const pages = Math.max(1, Math.ceil(total / REPORT_LIST_PAGE_SIZE));
    const asked = Number.parseInt(params.get('page') ?? '1', 10);
    const page = Math.min(pages, Math.max(1, Number.isFinite(asked) ? asked : 1));
    const items = await listReports(db, q.filter, {
      limit: REPORT_LIST_PAGE_SIZE,
      offset: (page - 1) * REPORT_LIST_PAGE_SIZE,
    });
    const inline = total <= MAP_INLINE_POINTS;
    const onMap = !inline
      ? []
      : total <= items.length
        ? items
        : await listReports(db, q.filter, { limit: MAP_INLINE_POINTS, offset: 0 });
    const sites = await projectsWithReports(db);
    const named = chosenSite(q, sites) ? await reportableProject(db, q.values.project) : undefined;
    const geojson = `/reports.geojson${q.query.size ? `?${q.query}` : ''}`;
    return {
      ...q,
      filtered: q.query.size > 0,
      total,
      page,
      pages,
      first: (page - 1) * REPORT_LIST_PAGE_SIZE + 1,
      last: (page - 1) * REPORT_LIST_PAGE_SIZE + items.length,
      items,
      points: onMap.map(mapPoint),
      pointsUrl: inline ? undefined : geojson,
      geojson,
      /** More reports pass the filters than the map draws. */
      mapCapped: total > REPORT_MAP_LIMIT,
      options: {
        status: [
          { value: 'open', label: 'Open (any status before closed)' },
          ...SITE_REPORT_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] })),
        ],
        category: all.map((c) => ({ value: c.code, label: c.label })),
        project: [{ value: NOT_AT_A_SITE, label: 'Not at a listed site' }, ...(named ? [named] : []), ...sites].map(
          (p) => ('slug' in p ? { value: p.slug, label: p.name } : p),
        ),
      },
      legend: SITE_REPORT_STATUSES.map((s) => ({ status: s, label: STATUS_LABEL[s], marker: REPORT_MARKER[s] })),
    };
  });
}

/**
 * The same filtered reports as RFC 7946 GeoJSON ([longitude, latitude]), newest first, at most
 * REPORT_MAP_LIMIT. `title`, `path`, `marker` and `statusLabel` are what the map script draws a marker from.
 */
export function reportsGeoJson(db: Db, params: URLSearchParams): Promise<Result<{ body: string }, Refusal>> {
  return readSnapshotAsync(db, async (): Promise<Result<{ body: string }, Refusal>> => {
    const q = await parseReportListQuery(db, params, await categories(db, { activeOnly: false }));
    const problems = Object.entries(q.problems);
    if (problems.length) return fail(problems.map(([k, m]) => `${k}: ${m}`).join(' '));
    const total = await countReports(db, q.filter);
    const listed = await listReports(db, q.filter, { limit: REPORT_MAP_LIMIT, offset: 0 });
    const features = listed.map((r) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [r.point.longitude, r.point.latitude] },
      properties: {
        number: r.number,
        title: `${r.number}: ${r.category}`,
        path: r.path,
        category: r.category,
        place: r.place,
        observedOn: r.observedOn,
        status: r.status,
        statusLabel: r.statusLabel,
        marker: REPORT_MARKER[r.status],
        project: r.project ? { slug: r.project.slug, name: r.project.name, path: `/projects/${r.project.slug}` } : null,
      },
    }));
    return {
      ok: true,
      body: JSON.stringify({ type: 'FeatureCollection', total, truncated: total > features.length, features }),
    };
  });
}
