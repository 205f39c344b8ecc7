/**
 * The public list and map of residents' reports (/reports, /reports.geojson) and the report form's "Is it one of
 * these?" (/reports/nearby.json and the form's own HTML), over real HTTP against a built portal of our own.
 * Reports are filed through the form, one closed and one hidden by the officer; the list shows a filed report
 * and filters by status, category, site and the day seen; hidden reports, unapproved photos and who sent any
 * report never appear, and points are no finer than a report's own page (four decimals); the nearby answer
 * holds the open reports within a quarter mile and not a closed or a far one; a bad query value is a 400 in
 * words or is ignored, never a 500.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { addDays } from '#lib/shared/days.ts';
import { destinationPoint } from '#lib/shared/geo.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { formBody, get, signIn, type Fields } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
let db: DB;
let officer: string;
const SLUG = 'guilderland-avenue-self-storage';
const today = townToday();
const WHO = { name: 'Quentin Listwell', email: 'quentin.listwell@example.net', phone: '518-555-0142' };
const ids: Record<'atSite' | 'closed' | 'hidden' | 'far', number> = { atSite: 0, closed: 0, hidden: 0, far: 0 };
let site: { latitude: number; longitude: number };

const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;
const categoryId = (code: string) =>
  String(one<{ id: number }>('select id from site_report_categories where code = ?', code).id);
const html = async (p: string, expected = 200) => {
  const res = await get(portal.url, p);
  expect(res.status, p).toBe(expected);
  return res.text();
};
/** The report numbers a page of the list links to, in order. */
const listed = (page: string) =>
  [...page.matchAll(/<th scope="row"[^>]*><a href="\/reports\/(\d+)">/g)].map((m) => Number(m[1]));

async function file(fields: Fields): Promise<number> {
  const form = new FormData();
  const all: Fields = {
    description: 'Something is wrong at the site and it has been for days.',
    address: '',
    lat: '',
    lon: '',
    project: '',
    observedOn: today,
    observedTime: '',
    name: WHO.name,
    email: WHO.email,
    phone: WHO.phone,
    website: '',
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) form.append(k, String(v ?? ''));
  const res = await fetch(new URL('/report', portal.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: portal.url },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(303);
  return Number(res.headers.get('location')!.match(/\/reports\/(\d+)/)![1]);
}

async function triage(id: number, fields: Fields): Promise<void> {
  const res = await fetch(new URL(`/staff/reports/${id}`, portal.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: portal.url, Cookie: officer, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: formBody(fields),
  });
  expect(res.status).toBe(303);
}

beforeAll(async () => {
  portal = await startPortal();
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  officer = await signIn(portal.url, 'officer@rotterdam.example', DEMO_PASSWORD);
  site = one('select latitude, longitude from projects where slug = ?', SLUG);
  // At the site, seen three weeks ago; another there, closed; a third there, hidden; one eight miles off, seen today.
  ids.atSite = await file({ category: categoryId('silt_fence'), project: SLUG, observedOn: addDays(today, -21) });
  ids.closed = await file({ category: categoryId('dust'), project: SLUG, observedOn: addDays(today, -10) });
  ids.hidden = await file({ category: categoryId('silt_fence'), project: SLUG, observedOn: addDays(today, -2) });
  const far = destinationPoint(site, 200, 8);
  ids.far = await file({
    category: categoryId('mud_on_road'),
    lat: far.latitude.toFixed(6),
    lon: far.longitude.toFixed(6),
    address: 'Far Away Lane',
  });
  await triage(ids.closed, { intent: 'status', status: 'closed', reason: 'The dust was watered down.' });
  await triage(ids.hidden, { intent: 'hide', hiddenReason: 'Names a neighbour.' });
}, 300_000);

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
});

describe('the public list of reports', () => {
  it('shows a filed report with its number, what, where, the day seen, the status in words and its site', async () => {
    const page = await html('/reports');
    expect(page).toContain('<h1>Residents’ reports</h1>');
    const ours = listed(page);
    // Newest filed first.
    const filed = ours.map((id) => one<{ at: number }>('select created_at at from site_reports where id = ?', id).at);
    expect(filed).toEqual([...filed].sort((a, b) => b - a));
    expect(ours.slice(0, 3)).toEqual([ids.far, ids.closed, ids.atSite]);
    expect(ours).toEqual(expect.arrayContaining([ids.atSite, ids.closed, ids.far]));
    const row = page.match(new RegExp(`<tr><th scope="row"[^>]*><a href="/reports/${ids.atSite}">[\\s\\S]*?</tr>`))![0];
    const words = row.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(words).toContain(`Report ${ids.atSite}`);
    expect(words).toContain('Missing or damaged silt fence');
    expect(words).toContain('Received');
    expect(words).toContain('Guilderland Avenue Self Storage');
    expect(row).toContain(`href="/projects/${SLUG}"`);
    const farRow = page.match(new RegExp(`<a href="/reports/${ids.far}">[\\s\\S]*?</tr>`))![0];
    expect(farRow).toContain('Far Away Lane');
    expect(farRow).toContain('Not at a site the town lists');
  });

  it('filters by status, what was reported, the site and the day seen, with a GET form', async () => {
    const page = await html('/reports');
    expect(page).toMatch(/<form class="filters" method="get" action="\/reports"/);
    const closed = listed(await html('/reports?status=closed'));
    expect(closed).toContain(ids.closed);
    expect(closed).not.toContain(ids.atSite);
    const open = listed(await html('/reports?status=open'));
    expect(open).toEqual(expect.arrayContaining([ids.atSite, ids.far]));
    expect(open).not.toContain(ids.closed);
    const mud = listed(await html('/reports?category=mud_on_road'));
    expect(mud).toContain(ids.far);
    expect(mud).not.toContain(ids.atSite);
    const atSite = listed(await html(`/reports?project=${SLUG}`));
    expect(atSite).toEqual(expect.arrayContaining([ids.atSite, ids.closed]));
    expect(atSite).not.toContain(ids.far);
    const nowhere = listed(await html('/reports?project=none'));
    expect(nowhere).toContain(ids.far);
    expect(nowhere).not.toContain(ids.atSite);
    // The day seen, inclusive at both ends.
    const seen = listed(await html(`/reports?from=${addDays(today, -21)}&to=${addDays(today, -10)}`));
    expect(seen).toEqual(expect.arrayContaining([ids.atSite, ids.closed]));
    expect(seen).not.toContain(ids.far);
    expect(listed(await html(`/reports?from=${addDays(today, -20)}&project=${SLUG}`))).not.toContain(ids.atSite);
    // Filters together, and kept by the page links and the GeoJSON link.
    const both = await html(`/reports?status=closed&project=${SLUG}`);
    expect(listed(both)).toEqual([ids.closed]);
    expect(both).toContain(`href="/reports.geojson?status=closed&amp;project=${SLUG}"`);
    expect(both).toMatch(/<option value="closed" selected>Closed<\/option>/);
  });

  it('never shows a hidden report, an unapproved photo, or who sent a report', async () => {
    const reporters = db.$client
      .prepare(
        'select reporter_name n, reporter_email e, reporter_phone p from site_reports where coalesce(reporter_name, reporter_email, reporter_phone) is not null',
      )
      .all() as Array<{ n: string | null; e: string | null; p: string | null }>;
    expect(reporters.length).toBeGreaterThan(3);
    const secrets = [...new Set(reporters.flatMap((r) => [r.n, r.e, r.p]).filter((s): s is string => Boolean(s)))];
    expect(secrets).toEqual(expect.arrayContaining([WHO.name, WHO.email, WHO.phone]));
    const hiddenIds = (
      db.$client.prepare('select id from site_reports where hidden = 1').all() as Array<{ id: number }>
    ).map((r) => r.id);
    expect(hiddenIds).toContain(ids.hidden);
    const pages = [
      await html('/reports'),
      await html(`/reports?project=${SLUG}`),
      await (await get(portal.url, '/reports.geojson')).text(),
      await (await get(portal.url, `/reports.geojson?project=${SLUG}`)).text(),
      await (await get(portal.url, `/reports/nearby.json?lat=${site.latitude}&lon=${site.longitude}`)).text(),
    ];
    for (const body of pages) {
      for (const s of secrets) expect(body).not.toContain(s);
      expect(body).not.toContain('/reports/photos/');
      for (const id of hiddenIds) expect(body).not.toMatch(new RegExp(`/reports/${id}(?!\\d)`));
    }
  });

  it('draws the filtered reports on a map, with points no finer than four decimals, and the same as GeoJSON', async () => {
    const page = await html(`/reports?project=${SLUG}`);
    const data = JSON.parse(page.match(/<script type="application\/json" data-map-data>([\s\S]*?)<\/script>/)![1]) as {
      noun: string;
      points: Array<{ href: string; lat: number; lon: number }>;
    };
    expect(data.noun).toBe('reports');
    expect(data.points.map((p) => p.href)).toEqual(
      expect.arrayContaining([`/reports/${ids.atSite}`, `/reports/${ids.closed}`]),
    );
    expect(data.points.map((p) => p.href)).not.toContain(`/reports/${ids.far}`);
    const fourDecimals = (n: number) => Math.round(n * 1e4) / 1e4 === n;
    for (const p of data.points) expect(fourDecimals(p.lat) && fourDecimals(p.lon), JSON.stringify(p)).toBe(true);

    const res = await get(portal.url, `/reports.geojson?project=${SLUG}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/geo\+json/);
    const geo = (await res.json()) as {
      type: string;
      features: Array<{ geometry: { coordinates: [number, number] }; properties: Record<string, unknown> }>;
    };
    expect(geo.type).toBe('FeatureCollection');
    expect(geo.features.map((f) => f.properties.path).sort()).toEqual(data.points.map((p) => p.href).sort());
    for (const f of geo.features) expect(f.geometry.coordinates.every(fourDecimals)).toBe(true);
    const mine = geo.features.find((f) => f.properties.path === `/reports/${ids.atSite}`)!;
    expect(Object.keys(mine.properties).sort()).toEqual(
      [
        'category',
        'marker',
        'number',
        'observedOn',
        'path',
        'place',
        'project',
        'status',
        'statusLabel',
        'title',
      ].sort(),
    );
    expect(mine.geometry.coordinates).toEqual([
      Math.round(site.longitude * 1e4) / 1e4,
      Math.round(site.latitude * 1e4) / 1e4,
    ]);
  });

  it('is linked from the report form, each report’s page and the sitemap', async () => {
    expect(await html('/report')).toContain('href="/reports"');
    const status = await html(`/reports/${ids.atSite}`);
    expect(status).toMatch(/<nav aria-label="Breadcrumb"><a href="\/reports">/);
    expect(await (await get(portal.url, '/sitemap.xml')).text()).toMatch(/<loc>[^<]*\/reports<\/loc>/);
  });
});

describe('“Is it one of these?” on the report form', () => {
  type Nearby = { reports: Array<{ number: string; path: string; category: string; details: string }> };
  const nearby = async (q: string) => {
    const res = await get(portal.url, `/reports/nearby.json?${q}`);
    expect(res.status, q).toBe(200);
    return ((await res.json()) as Nearby).reports.map((r) => r.path);
  };

  it('answers the open reports within a quarter mile of the pin, and not a closed, hidden or far one', async () => {
    const near = destinationPoint(site, 90, 0.1);
    const paths = await nearby(`lat=${near.latitude.toFixed(6)}&lon=${near.longitude.toFixed(6)}`);
    expect(paths).toContain(`/reports/${ids.atSite}`);
    expect(paths).not.toContain(`/reports/${ids.closed}`);
    expect(paths).not.toContain(`/reports/${ids.hidden}`);
    expect(paths).not.toContain(`/reports/${ids.far}`);
    expect(paths.length).toBeLessThanOrEqual(5);
    // Just beyond a quarter mile of the site, the site's report is no longer offered.
    const beyond = destinationPoint(site, 0, 0.27);
    expect(await nearby(`lat=${beyond.latitude.toFixed(6)}&lon=${beyond.longitude.toFixed(6)}`)).not.toContain(
      `/reports/${ids.atSite}`,
    );
    // The far report is found from its own place.
    const far = destinationPoint(site, 200, 8);
    expect(await nearby(`lat=${far.latitude.toFixed(6)}&lon=${far.longitude.toFixed(6)}`)).toEqual([
      `/reports/${ids.far}`,
    ]);
  });

  it('is in the form’s HTML when the form opens at a site, and absent without a point', async () => {
    const atSite = await html(`/report?project=${SLUG}`);
    const section = atSite.match(/<section class="nearby-reports"[\s\S]*?<\/section>/)![0];
    expect(section).not.toMatch(/<section[^>]*\shidden/);
    expect(section).toContain('Is it one of these? Add to it.');
    expect(section).toContain(`href="/reports/${ids.atSite}"`);
    expect(section).not.toContain(`href="/reports/${ids.closed}"`);
    expect(section).not.toContain(`href="/reports/${ids.hidden}"`);
    const blank = (await html('/report')).match(/<section class="nearby-reports"[^>]*>/)![0];
    expect(blank).toMatch(/\shidden/);
  });

  it('comes back with the form after an error, around the pin the resident put', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      category: '',
      description: 'short',
      lat: String(site.latitude),
      lon: String(site.longitude),
      observedOn: today,
    }))
      form.append(k, v);
    const res = await fetch(new URL('/report', portal.url), {
      method: 'POST',
      headers: { Origin: portal.url },
      body: form,
    });
    expect(res.status).toBe(400);
    const section = (await res.text()).match(/<section class="nearby-reports"[\s\S]*?<\/section>/)![0];
    expect(section).toContain(`href="/reports/${ids.atSite}"`);
  });
});

describe('bad query values: a 400 in words, or ignored; never a 500', () => {
  it.each([
    '/reports?status=maybe',
    '/reports?category=nope',
    '/reports?project=no-such-site',
    '/reports?from=2026-02-30',
    '/reports?to=yesterday',
    `/reports?from=${today}&to=${addDays(today, -1)}`,
  ])('%s: 400, the message beside the field, the list still there', async (p) => {
    const page = await html(p, 400);
    expect(page).toContain('There is a problem');
    expect(page).toMatch(/class="error-message" id="f-(status|category|project|from|to)-error">[^<]+</);
    expect(page).toContain('<h2 id="reports-list">List</h2>');
  });

  it.each([
    ['a page that is not a number', '/reports?page=abc'],
    ['a page below the first', '/reports?page=-3'],
    ['a page past the last', '/reports?page=99999999'],
    ['a very long value and an unknown name', `/reports?status=${'x'.repeat(5000)}&q=1`],
  ])('%s answers a page', async (_what, p) => {
    const res = await get(portal.url, p);
    expect([200, 400], p).toContain(res.status);
    expect(await res.text()).toContain('<h2 id="reports-list">List</h2>');
  });

  it.each([
    '/reports.geojson?status=maybe',
    '/reports.geojson?from=not-a-day',
    '/reports/nearby.json',
    '/reports/nearby.json?lat=abc&lon=-73.9',
    '/reports/nearby.json?lat=1e9&lon=0',
    '/reports/nearby.json?lat=95&lon=0',
    '/reports/nearby.json?lat=42.8&lon=-73.9&lat=42.9',
  ])('%s: 400 with the reason in JSON', async (p) => {
    const res = await get(portal.url, p);
    expect(res.status, p).toBe(400);
    const body = (await res.json()) as { error: string };
    expect(body.error.length).toBeGreaterThan(10);
  });

  it('a POST to the nearby answer is refused with the methods it takes', async () => {
    const res = await fetch(new URL('/reports/nearby.json?lat=42.8&lon=-73.9', portal.url), {
      method: 'POST',
      headers: { Origin: portal.url },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
  });
});
