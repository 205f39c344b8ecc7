/**
 * Open data, feeds, sitemap and one-click unsubscribe over real HTTP against the built portal with the
 * demo town: formats validate (GeoJSON in lon,lat inside the town), filters, ETag/Last-Modified with 304,
 * nothing private, and RFC 8058 posts that come without an Origin header.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TOWN_BOUNDS } from '#db/seed/names.ts';
import { PROJECT_FIELDS } from '#lib/server/public/open-data.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { shardFile } from '#lib/shared/search-shards.ts';
import { get, postAction } from '../support/http.ts';
import { startPortal } from '../support/portal.ts';

// A portal of its own: the whole-list reuse, ETags and 304s checked here must not see another file's changes (files run side by side).
const portal = await startPortal();
afterAll(() => portal.stop());
const base = portal.url;
const db = openDatabase(path.join(portal.dataDir, 'portal.db'));
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;

describe('open data', () => {
  it('GeoJSON validates: a FeatureCollection of Points in longitude, latitude order, inside the town', async () => {
    const res = await get(base, '/api/projects.geojson');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/geo+json');
    const fc = await res.json();
    expect(fc.type).toBe('FeatureCollection');
    const published = one<{ n: number }>('select count(*) as n from projects where published = 1').n;
    expect(fc.features).toHaveLength(published);
    for (const f of fc.features) {
      expect(f.type).toBe('Feature');
      expect(Number.isInteger(f.id)).toBe(true);
      expect(f.geometry.type).toBe('Point');
      expect(f.geometry.coordinates).toHaveLength(2);
      const [lon, lat] = f.geometry.coordinates;
      expect(lon).toBeGreaterThanOrEqual(TOWN_BOUNDS.minLon);
      expect(lon).toBeLessThanOrEqual(TOWN_BOUNDS.maxLon);
      expect(lat).toBeGreaterThanOrEqual(TOWN_BOUNDS.minLat);
      expect(lat).toBeLessThanOrEqual(TOWN_BOUNDS.maxLat);
      const row = one<{ latitude: number; longitude: number }>(
        'select latitude, longitude from projects where id = ?',
        f.id,
      );
      expect(lon).toBeCloseTo(row.longitude, 5);
      expect(lat).toBeCloseTo(row.latitude, 5);
      expect(f.properties.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
  });

  it('JSON and CSV carry every dictionary field, with stable ids and updated_at on every record', async () => {
    const json = await (await get(base, '/api/projects')).json();
    expect(Object.keys(json.projects[0]).sort()).toEqual(PROJECT_FIELDS.map((f) => f.name).sort());
    const csv = await (await get(base, '/api/projects.csv')).text();
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(PROJECT_FIELDS.map((f) => f.name).join(','));

    // A project with documents, summaries and public enforcement actions.
    const id = one<{ id: number }>(
      'select p.id from projects p where p.published = 1 and exists (select 1 from enforcement_actions e where e.project_id = p.id and e.public = 1) and exists (select 1 from monthly_summaries m where m.project_id = p.id and m.submitted_at is not null) order by p.id limit 1',
    ).id;
    const detail = await (await get(base, `/api/projects/${id}`)).json();
    expect(detail.id).toBe(id);
    for (const key of ['documents', 'monthly_summaries', 'enforcement_actions', 'parties'] as const) {
      expect(detail[key].length, key).toBeGreaterThan(0);
      for (const r of detail[key]) expect(r.updated_at, key).toMatch(/Z$/);
    }
    // Only public documents; no email addresses of anyone.
    const privateDocs = one<{ n: number }>(
      'select count(*) as n from documents where project_id = ? and public = 0',
      id,
    ).n;
    expect(detail.documents).toHaveLength(
      one<{ n: number }>('select count(*) as n from documents where project_id = ?', id).n - privateDocs,
    );
    expect(JSON.stringify(detail)).not.toMatch(/"email"|@[a-z]+\.(com|org|example)/);
    expect((await get(base, '/api/projects/999999')).status).toBe(404);
    expect((await get(base, '/api/projects/abc')).status).toBe(404);
  });

  it('the whole list, reused between requests, shows a change as soon as it is made (from any process)', async () => {
    const list = async () =>
      (await (await get(base, '/api/projects')).json()).projects as Array<{ id: number; updated_at: string }>;
    const first = (await list())[0];
    const row = one<{ updated_at: number }>('select updated_at from projects where id = ?', first.id);
    const at = Math.max(row.updated_at, Date.parse(first.updated_at)) + 60_000;
    db.$client.prepare('update projects set updated_at = ? where id = ?').run(at, first.id);
    try {
      expect((await list()).find((p) => p.id === first.id)!.updated_at).toBe(new Date(at).toISOString());
    } finally {
      db.$client.prepare('update projects set updated_at = ? where id = ?').run(row.updated_at, first.id);
    }
    expect((await list()).find((p) => p.id === first.id)!.updated_at).toBe(first.updated_at);
  });

  it('filters by status, bounding box and updated_since, and explains a bad filter', async () => {
    const active = await (await get(base, '/api/projects?status=active,stop_work')).json();
    expect(active.count).toBeGreaterThan(0);
    for (const p of active.projects) expect(['active', 'stop_work']).toContain(p.status);

    const box = await (await get(base, '/api/projects.geojson?bbox=-74.00,42.76,-73.95,42.80')).json();
    expect(box.features.length).toBeGreaterThan(0);
    for (const f of box.features) {
      const [lon, lat] = f.geometry.coordinates;
      expect(lon).toBeGreaterThanOrEqual(-74);
      expect(lon).toBeLessThanOrEqual(-73.95);
      expect(lat).toBeGreaterThanOrEqual(42.76);
      expect(lat).toBeLessThanOrEqual(42.8);
    }
    const all = await (await get(base, '/api/projects')).json();
    expect(box.features.length).toBeLessThan(all.count);

    const future = await (await get(base, '/api/projects?updated_since=2999-01-01')).json();
    expect(future.count).toBe(0);
    const since = await (await get(base, '/api/projects?updated_since=2000-01-01T00:00:00Z')).json();
    expect(since.count).toBe(all.count);

    for (const bad of ['status=building', 'bbox=1,2,3', 'bbox=-73,42,-74,43', 'updated_since=yesterday']) {
      const res = await get(base, `/api/projects?${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await res.json()).error).toBeTruthy();
    }
  });

  it('answers 304 Not Modified to If-None-Match and If-Modified-Since', async () => {
    for (const path of ['/api/projects', '/api/projects.csv', '/api/projects.geojson', '/feeds/town.atom']) {
      const first = await get(base, path);
      const etag = first.headers.get('etag');
      const lastModified = first.headers.get('last-modified');
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      expect(lastModified, path).toBeTruthy();
      const again = await fetch(new URL(path, base), { headers: { 'If-None-Match': etag! } });
      expect(again.status, path).toBe(304);
      const since = await fetch(new URL(path, base), { headers: { 'If-Modified-Since': lastModified! } });
      expect(since.status, path).toBe(304);
      const older = await fetch(new URL(path, base), {
        headers: { 'If-Modified-Since': 'Mon, 01 Jan 2001 00:00:00 GMT' },
      });
      expect(older.status, path).toBe(200);
    }
  });

  it('publishes monthly records-request statistics without any requester detail', async () => {
    const stats = await (await get(base, '/api/records-requests/monthly.json')).json();
    expect(stats.total.received).toBe(one<{ n: number }>('select count(*) as n from records_requests').n);
    // Holds on every date: early in a month nothing received that month may be answered yet.
    for (const m of stats.months) {
      expect(m.month).toMatch(/^\d{4}-\d{2}$/);
      if (m.answered > 0) expect(m.on_time_percent).toBeTypeOf('number');
      else expect(m.on_time_percent).toBeNull();
    }
    expect(stats.months.some((m: { answered: number }) => m.answered > 0)).toBe(true);
    const page = await (await get(base, '/open-data/records-requests')).text();
    const requester = one<{ name: string }>('select requester_name as name from records_requests limit 1').name;
    expect(page).not.toContain(requester);
    expect(page).toContain('Median days to answer');
  });

  it('the data dictionary names every field with its unit', async () => {
    const page = await (await get(base, '/open-data')).text();
    for (const f of PROJECT_FIELDS) expect(page).toContain(`>${f.name}<`);
    expect(page).toContain('acres, to 0.1');
    expect(page).toContain('decimal degrees, WGS84');
  });
});

describe('feeds and sitemap', () => {
  it('Atom feeds for the town, a project and an area; an iCalendar of public dates', async () => {
    const town = await (await get(base, '/feeds/town.atom')).text();
    expect(town).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    expect(town).toContain('<id>tag:stormwater.rotterdamny.example,2026:');
    expect((town.match(/<entry>/g) ?? []).length).toBeGreaterThan(5);
    const project = await (await get(base, '/feeds/projects/curry-road-distribution-center.atom')).text();
    expect(project).toContain('Curry Road Distribution Center');
    expect((await get(base, '/feeds/projects/nope.atom')).status).toBe(404);
    const p = one<{ latitude: number; longitude: number }>(
      "select latitude, longitude from projects where slug = 'curry-road-distribution-center'",
    );
    const area = await (await get(base, `/feeds/area.atom?lat=${p.latitude}&lon=${p.longitude}&r=0.25`)).text();
    expect(area).toContain('Curry Road Distribution Center');
    expect((await get(base, '/feeds/area.atom?lat=abc&lon=1')).status).toBe(400);
    const ics = await (await get(base, '/feeds/calendar.ics')).text();
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('SUMMARY:Planned construction start:');
    expect(ics).toMatch(/UID:inspection-notice-\d+@/);
  });

  it('the sitemap lists public pages and published projects only', async () => {
    db.$client
      .prepare(
        "insert into projects (slug, name, site_address, kind, status, published) values ('unpublished-draft-x', 'Draft', '1 Nowhere', 'minor', 'swppp_review', 0)",
      )
      .run();
    const xml = await (await get(base, '/sitemap.xml')).text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('/projects/curry-road-distribution-center</loc>');
    expect(xml).toContain('/help/ordinance</loc>');
    expect(xml).not.toContain('unpublished-draft-x');
    expect(xml).not.toContain('/staff');
    const api = await (await get(base, '/api/projects')).json();
    expect(api.projects.map((x: { slug: string }) => x.slug)).not.toContain('unpublished-draft-x');
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('a mail client’s POST without an Origin header unsubscribes; other origin-less posts are still refused', async () => {
    const res = await postAction(base, '/alerts/new', 'alerts.subscribe', {
      email: 'oneclick@example.org',
      target: 'project',
      project: 'curry-road-distribution-center',
      frequency: 'weekly',
    });
    expect(res.status).toBe(303);
    const mail = one<{ headers_json: string }>(
      "select headers_json from outbox where to_address = 'oneclick@example.org' order by id desc limit 1",
    );
    const url = /<([^>]+)>/.exec(JSON.parse(mail.headers_json)['List-Unsubscribe'])![1];
    const path = new URL(url).pathname + new URL(url).search;

    const click = await fetch(new URL(path, base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(click.status).toBe(200);
    expect(await click.text()).toContain('Unsubscribed');
    expect(
      one<{ status: string }>("select status from alert_subscriptions where email = 'oneclick@example.org'").status,
    ).toBe('unsubscribed');

    // The exemption is that one path: an origin-less form post anywhere else is still a 403.
    const forged = await fetch(new URL('/alerts/confirm?_action=alerts.confirm', base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'token=x',
    });
    expect(forged.status).toBe(403);
    // A bad token does nothing.
    const bad = await fetch(new URL('/alerts/unsubscribe/one-click?token=nope', base), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.status).toBe(404);
  });

  it('a confirmation email carries no text the subscriber typed (it goes to an address anyone can enter)', async () => {
    const p = one<{ latitude: number; longitude: number; site_address: string }>(
      "select latitude, longitude, site_address from projects where slug = 'curry-road-distribution-center'",
    );
    const res = await postAction(base, '/alerts/new', 'alerts.subscribe', {
      email: 'victim@example.org',
      target: 'area',
      lat: p.latitude,
      lon: p.longitude,
      r: '0.5',
      label: 'WIN A PRIZE at evil.example',
      frequency: 'immediate',
    });
    expect(res.status).toBe(303);
    const mail = one<{ text_body: string; subject: string }>(
      "select text_body, subject from outbox where to_address = 'victim@example.org' order by id desc limit 1",
    );
    expect(mail.text_body).not.toContain('PRIZE');
    expect(mail.text_body).toContain(`within half a mile of a point near ${p.site_address}`);
  });

  it('the subscribe form explains a bad email beside the field and keeps the context', async () => {
    const res = await postAction(base, '/alerts/new', 'alerts.subscribe', {
      email: 'not-an-email',
      target: 'project',
      project: 'curry-road-distribution-center',
      frequency: 'daily',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Enter an email address like name@example.com.');
    expect(html).toContain('value="curry-road-distribution-center"');
    expect(html).toMatch(/value="daily" checked/);
  });
});

describe('search over HTTP', () => {
  it('serves the browser index compressed, with a version ETag and 304', async () => {
    // The index is built in the background at start-up; wait for it.
    await expect.poll(async () => (await get(base, '/search/index.json')).status, { timeout: 20_000 }).toBe(200);
    const res = await fetch(new URL('/search/index.json', base), { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    const etag = res.headers.get('etag')!;
    expect((await fetch(new URL('/search/index.json', base), { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const display = await (await get(base, '/search/display.json')).json();
    expect(display.some((row: string[]) => row[1] === 'Curry Road Distribution Center')).toBe(true);
    // The manifest names the prefix shards; the "cu" shard holds Curry, fetched by its own URL.
    const manifest = await (await get(base, '/search/index.json')).json();
    expect(manifest.shards).toContain('cu');
    const shard = await fetch(new URL(`/search/shards/${shardFile('cu')}?v=${manifest.version}`, base), {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(shard.headers.get('content-encoding')).toBe('br');
    expect(shard.headers.get('cache-control')).toContain('immutable');
    expect((await shard.json()).terms).toContain('curri');
  });

  it('/search ranks a partial street name first and escapes what was typed', async () => {
    await expect
      .poll(async () => (await (await get(base, '/search?q=curr+ro')).text()).includes('<mark>Curry</mark>'), {
        timeout: 20_000,
      })
      .toBe(true);
    const html = await (await get(base, `/search?q=${encodeURIComponent('<script>alert(1)</script> curry')}`)).text();
    // Inside the quoted value attribute a "<" is inert; everywhere else it must be escaped.
    expect(html.replace(/value="[^"]*"/g, '')).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('/search forgives a typing slip: "cury road" finds Curry Road, marked as the word it matched', async () => {
    const html = await (await get(base, '/search?q=cury+road')).text();
    expect(html).toContain('<mark>Curry</mark>');
  });
});
