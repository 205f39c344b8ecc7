/**
 * Over real HTTP against the built portal (a demo town of its own, since some tests change data):
 * town inspections on the project page, its timeline and in /api/projects/{id} with nothing private; the
 * project page's grouped documents, one meaning per kind of enforcement and the month-by-month history;
 * compliance findings as JSON and CSV (published projects only, conditional GET); the OpenAPI document,
 * every example of which is sent and its answer checked against the documented schema; the DCAT-US
 * catalog; schema.org JSON-LD on the project, open-data and records request pages; findings in the feeds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enforcementTypeMeaning } from '#lib/shared/labels.ts';
import { FINDING_FIELDS } from '#lib/server/public/findings.ts';
import { PROJECT_STATUSES } from '#db/enums.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { addDays } from '#lib/shared/days.ts';
import { parseCsv } from '../support/attack.ts';
import { get } from '../support/http.ts';
import { validate } from '../support/json-schema.ts';
import { ROOT, startPortal, type Portal } from '../support/portal.ts';

/** The demo town's words for each kind of action. */
const ENFORCEMENT_TYPE_MEANING = enforcementTypeMeaning('town');

let portal: Portal;
let db: DB;
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;
const all = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).all(...args) as T[];
const run = (sql: string, ...args: unknown[]) => db.$client.prepare(sql).run(...args);
const html = async (p: string) => {
  const res = await get(portal.url, p);
  expect(res.status, p).toBe(200);
  return res.text();
};
const json = async (p: string) => {
  const res = await get(portal.url, p);
  expect(res.status, p).toBe(200);
  return res.json();
};
const unescape = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const jsonLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

const STOP_WORK = 'hamburg-street-mixed-use';

beforeAll(async () => {
  portal = await startPortal();
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
});

afterAll(async () => {
  await portal?.stop();
});

describe('town inspections: on the project page, its timeline and the API, and nothing private', () => {
  it('lists every town inspection with its milestone, result and the violations found, never the officer’s notes', async () => {
    const p = one<{ id: number }>('select id from projects where slug = ?', STOP_WORK);
    const rows = all<{
      id: number;
      inspected_on: string;
      milestone: string | null;
      outcome: string;
      findings: string | null;
    }>('select * from town_inspections where project_id = ? order by inspected_on desc, id desc', p.id);
    expect(rows.length).toBeGreaterThan(2);
    const api = await json(`/api/projects/${p.id}`);
    expect(api.town_inspections.map((t: { id: number }) => t.id)).toEqual(rows.map((r) => r.id));
    for (const [i, t] of api.town_inspections.entries()) {
      expect(t).toMatchObject({
        inspected_on: rows[i].inspected_on,
        milestone: rows[i].milestone,
        result: rows[i].outcome,
      });
      const found = all<{ id: number; description: string }>(
        'select id, description from violations where town_inspection_id = ? order by id',
        t.id,
      );
      expect(t.violations.map((v: { id: number }) => v.id)).toEqual(found.map((v) => v.id));
    }
    const page = unescape(await html(`/projects/${STOP_WORK}`));
    expect(page).toContain('<h2 id="town-inspections">Town inspections</h2>');
    for (const r of rows) {
      expect(page).toContain(`href="#inspection-${r.id}"`);
      expect(page).toContain(`<li id="inspection-${r.id}" class="timeline-inspection">`);
    }
    const violation = one<{ description: string }>(
      'select v.description from violations v where v.project_id = ? and v.town_inspection_id is not null order by v.id limit 1',
      p.id,
    );
    expect(page).toContain(violation.description);
    // The officer's working notes (they may name a complainant) and the inspector's account stay private.
    for (const r of rows.filter((x) => x.findings)) {
      expect(page).not.toContain(r.findings);
      expect(JSON.stringify(api)).not.toContain(r.findings);
    }
    expect(JSON.stringify(api)).not.toMatch(/inspector_user_id|inspectorUserId/);
  });

  it('leaves out a violation only a non-public enforcement action cites', async () => {
    const p = one<{ id: number; slug: string }>(
      "select id, slug from projects where slug = 'carman-road-child-care-center'",
    );
    const today = townToday();
    const ti = run(
      "insert into town_inspections (project_id, inspected_on, outcome, findings) values (?, ?, 'deficient', 'notes')",
      p.id,
      today,
    ).lastInsertRowid;
    const hidden = run(
      'insert into violations (project_id, observed_on, description, town_inspection_id) values (?, ?, ?, ?)',
      p.id,
      today,
      'Qzxprivviolationk seen at the pond',
      ti,
    ).lastInsertRowid;
    run(
      'insert into violations (project_id, observed_on, description, ordinance_section, town_inspection_id) values (?, ?, ?, ?, ?)',
      p.id,
      today,
      'Qzxpubviolationk at the entrance',
      'Subsection K',
      ti,
    );
    const action = run(
      "insert into enforcement_actions (project_id, type, category, issued_on, summary, public) values (?, 'dec_referral', 'formal', ?, 'Private referral', 0)",
      p.id,
      today,
    ).lastInsertRowid;
    run('insert into enforcement_violations (enforcement_action_id, violation_id) values (?, ?)', action, hidden);
    const page = await html(`/projects/${p.slug}`);
    const api = JSON.stringify(await json(`/api/projects/${p.id}`));
    for (const body of [page, api]) {
      expect(body).toContain('Qzxpubviolationk');
      expect(body).not.toContain('Qzxprivviolationk');
    }
    expect(page).toMatch(
      new RegExp(`<li id="inspection-${ti}" class="timeline-inspection">[\\s\\S]*?1 violation found`),
    );
  });
});

describe('the project page on a phone: grouped documents, meanings said once, the history grid', () => {
  it('groups the public documents by type with counts, newest first, the rest of a long group folded away', async () => {
    const busy = one<{ id: number; slug: string }>(
      'select p.id, p.slug from projects p join documents d on d.project_id = p.id where p.published = 1 and d.public = 1 group by p.id order by count(*) desc limit 1',
    );
    const counts = all<{ type: string; n: number }>(
      'select type, count(*) n from documents where project_id = ? and public = 1 group by type',
      busy.id,
    );
    expect(counts.reduce((n, c) => n + c.n, 0)).toBeGreaterThan(60);
    const page = await html(`/projects/${busy.slug}`);
    for (const c of counts)
      expect(page, c.type).toMatch(
        new RegExp(
          `<details class="document-group" id="documents-${c.type}"><summary><strong>[^<]+</strong> \\(${c.n}\\)`,
        ),
      );
    // Every public document is listed once; each group's table is newest first.
    const listed = [...page.matchAll(/<td[^>]*><a href="\/documents\/(\d+)">/g)].map((m) => Number(m[1]));
    const ids = all<{ id: number }>('select id from documents where project_id = ? and public = 1', busy.id).map(
      (d) => d.id,
    );
    expect([...new Set(listed)].sort()).toEqual(ids.sort());
    const reports = all<{ id: number }>(
      "select id from documents where project_id = ? and public = 1 and type = 'inspection_report' order by document_date desc, id desc",
      busy.id,
    ).map((d) => d.id);
    const group = page.slice(page.indexOf('id="documents-inspection_report"'));
    const order = [...group.matchAll(/<td[^>]*><a href="\/documents\/(\d+)">/g)]
      .map((m) => Number(m[1]))
      .slice(0, reports.length);
    expect(order).toEqual(reports);
  });

  it('states each kind of enforcement’s meaning once, however many actions of that kind', async () => {
    const p = one<{ id: number }>('select id from projects where slug = ?', STOP_WORK);
    const types = all<{ type: keyof typeof ENFORCEMENT_TYPE_MEANING; n: number }>(
      'select type, count(*) n from enforcement_actions where project_id = ? and public = 1 group by type',
      p.id,
    );
    expect(types.length).toBeGreaterThan(1);
    const page = unescape(await html(`/projects/${STOP_WORK}`));
    for (const t of types) expect(page.split(ENFORCEMENT_TYPE_MEANING[t.type]).length - 1, t.type).toBe(1);
  });

  it('shows the compliance history month by month as an accessible table, with a late summary said in words', async () => {
    const page = await html('/projects/rotterdam-junction-fire-station');
    const { name } = one<{ name: string }>("select name from projects where slug = 'rotterdam-junction-fire-station'");
    const year = townToday().slice(0, 4);
    expect(page).toContain(
      `<caption class="visually-hidden">Compliance history of ${name}, ${year}, month by month</caption>`,
    );
    expect(page).toMatch(
      /<th scope="col">Inspection reports filed<\/th><th scope="col">Monthly summary<\/th><th scope="col">Findings open<\/th><th scope="col">Town inspections<\/th><th scope="col">Enforcement actions<\/th>/,
    );
    expect(page).toMatch(/<th scope="row">[A-Z][a-z]+ \d{4}<\/th>/);
    expect(page).toContain('Filed late');
  });
});

describe('compliance findings as open data', () => {
  it('lists findings of published projects only, with every dictionary field, as JSON and CSV', async () => {
    const body = await json('/api/findings.json');
    expect(body.count).toBe(body.findings.length);
    expect(body.count).toBeGreaterThan(2);
    expect(body).toMatchObject({ total: body.count, page: 1, pages: 1, per_page: 1000, as_of: townToday() });
    const published = new Set(all<{ id: number }>('select id from projects where published = 1').map((p) => p.id));
    const yearAgo = addDays(townToday(), -365);
    for (const f of body.findings) {
      expect(Object.keys(f).sort()).toEqual(FINDING_FIELDS.map((x) => x.name).sort());
      expect(published.has(f.project_id)).toBe(true);
      if (f.status === 'resolved') expect(f.resolved_on >= yearAgo).toBe(true);
      else expect(f.resolved_on).toBeNull();
    }
    const csv = parseCsv((await (await get(portal.url, '/api/findings.csv')).text()).replace(/^\uFEFF/, ''));
    expect(csv[0]).toEqual(FINDING_FIELDS.map((x) => x.name));
    expect(csv.length - 1).toBe(body.count);

    const serious = await json('/api/findings.json?severity=high&status=open');
    expect(serious.count).toBeGreaterThan(0);
    for (const f of serious.findings) expect([f.severity, f.status]).toEqual(['high', 'open']);
    // One project's whole history is what /api/projects/{id} carries.
    const id = serious.findings[0].project_id;
    const history = await json(`/api/findings.json?project=${id}&since=1900-01-01`);
    const detail = await json(`/api/projects/${id}`);
    expect(history.findings.map((f: { id: string }) => f.id).sort()).toEqual(
      detail.findings.map((f: { id: string }) => f.id).sort(),
    );
    expect(detail.findings.some((f: { status: string }) => f.status === 'resolved') || detail.findings.length > 0).toBe(
      true,
    );
  });

  it('comes a page at a time, newest first, with Link headers to the other pages', async () => {
    const whole = await json('/api/findings.json');
    const res = await get(portal.url, '/api/findings.json?severity=high,medium,low&per_page=2&page=2');
    const second = await res.json();
    expect(second).toMatchObject({
      total: whole.total,
      page: 2,
      per_page: 2,
      pages: Math.ceil(whole.total / 2),
      count: 2,
    });
    expect(second.findings.map((f: { id: string }) => f.id)).toEqual(
      whole.findings.slice(2, 4).map((f: { id: string }) => f.id),
    );
    const link = res.headers.get('link')!;
    expect(link).toContain('</api/findings.json?severity=high%2Cmedium%2Clow&per_page=2&page=3>; rel="next"');
    expect(link).toContain('</api/findings.json?severity=high%2Cmedium%2Clow&per_page=2&page=1>; rel="prev"');
    expect(res.headers.get('x-total-count')).toBe(String(whole.total));
    expect(res.headers.get('access-control-expose-headers')).toContain('Link');
    const csv = await get(portal.url, '/api/findings.csv?per_page=2&page=2');
    expect(
      parseCsv((await csv.text()).replace(/^\uFEFF/, ''))
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(second.findings.map((f: { id: string }) => f.id));
    expect(csv.headers.get('content-disposition')).toContain('page-2');
  });

  it('answers 304 to If-None-Match, and a 400 that says what to send', async () => {
    for (const p of ['/api/findings.json', '/api/findings.csv', '/api/openapi.json', '/data.json']) {
      const first = await get(portal.url, p);
      const etag = first.headers.get('etag');
      expect(etag, p).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('access-control-allow-origin'), p).toBe('*');
      expect((await fetch(new URL(p, portal.url), { headers: { 'If-None-Match': etag! } })).status, p).toBe(304);
    }
    const bad = await get(portal.url, '/api/findings.json?rule=everything');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/^Unknown rule "everything". Use one or more of: routine-gap,/);
  });

  it('an unpublished project’s findings leave the town list at once', async () => {
    const { findings } = await json('/api/findings.json');
    const id = findings[0].project_id;
    run('update projects set published = 0 where id = ?', id);
    try {
      const after = await json('/api/findings.json');
      expect(after.findings.some((f: { project_id: number }) => f.project_id === id)).toBe(false);
      expect((await get(portal.url, `/api/findings.json?project=${id}`)).status).toBe(200);
      expect((await json(`/api/findings.json?project=${id}`)).count).toBe(0);
    } finally {
      run('update projects set published = 1 where id = ?', id);
    }
  });

  it('the town feed carries a serious finding; a project’s feed its inspection reports', async () => {
    const serious = (await json('/api/findings.json?severity=high')).findings[0];
    const town = unescape(await (await get(portal.url, '/feeds/town.atom')).text());
    expect(town).toContain(`<title>Serious compliance finding: ${serious.title}: ${serious.project_name}</title>`);
    const feed = unescape(await (await get(portal.url, '/feeds/projects/curry-road-distribution-center.atom')).text());
    expect(feed).toMatch(/<title>Inspection report filed \([^)]+\): Curry Road Distribution Center<\/title>/);
  });
});

describe('the OpenAPI description', () => {
  type Op = {
    responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
    'x-request-examples': Array<{ summary: string; url: string; status: number; contentType: string }>;
    parameters: Array<Record<string, unknown>>;
  };
  let doc: { openapi: string; paths: Record<string, { get: Op }>; components: Record<string, unknown> };
  beforeAll(async () => {
    doc = await json('/api/openapi.json');
  });

  it('is OpenAPI 3.1 and describes every /api endpoint there is, and no other', () => {
    expect(doc.openapi).toBe('3.1.0');
    const files = fs
      .readdirSync(path.join(ROOT, 'src/pages/api'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts'))
      .map(
        (f) =>
          `/api/${f
            .replace(/\.ts$/, '')
            .replace(/\/index$/, '')
            .replace(/\[(\w+)\]/g, '{$1}')}`,
      )
      // The public log of records requests lives beside its page (/requests/log), outside /api (decision 0031).
      .concat(['/requests/log.csv', '/requests/log.json'])
      .sort();
    expect(Object.keys(doc.paths).sort()).toEqual(files);
  });

  it('describes the filters from the zod schemas that validate them', () => {
    const status = doc.paths['/api/projects'].get.parameters.find((p) => p.name === 'status')!;
    expect(status).toMatchObject({
      in: 'query',
      required: false,
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { type: 'string', enum: [...PROJECT_STATUSES] } },
    });
    const since = doc.paths['/api/projects'].get.parameters.find((p) => p.name === 'updated_since')!;
    expect((since.schema as { anyOf: Array<{ format: string }> }).anyOf.map((s) => s.format)).toEqual([
      'date',
      'date-time',
    ]);
    const severity = doc.paths['/api/findings.json'].get.parameters.find((p) => p.name === 'severity')!;
    expect((severity.schema as { items: { enum: string[] } }).items.enum).toEqual(['high', 'medium', 'low']);
  });

  it('every documented example answers with its status and media type, and its JSON fits the documented schema', async () => {
    let checked = 0;
    for (const [route, item] of Object.entries(doc.paths)) {
      const op = item.get;
      expect(op['x-request-examples'].length, route).toBeGreaterThan(0);
      for (const ex of op['x-request-examples']) {
        const res = await get(portal.url, ex.url);
        const label = `${route}: ${ex.summary} (${ex.url})`;
        expect(res.status, label).toBe(ex.status);
        const type = res.headers.get('content-type') ?? '';
        expect(type.split(';')[0].trim(), label).toBe(ex.contentType);
        const documented = op.responses[String(ex.status)]?.content?.[ex.contentType];
        expect(documented, `${label}: the answer is documented`).toBeTruthy();
        if (ex.contentType.endsWith('json')) {
          const errors = validate(await res.json(), documented!.schema, doc as unknown as Record<string, unknown>);
          expect(errors.slice(0, 5), label).toEqual([]);
        } else {
          expect((await res.text()).length, label).toBeGreaterThan(0);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(15);
  });
});

describe('the DCAT-US catalog and schema.org JSON-LD', () => {
  it('/data.json is a DCAT-US 1.1 catalog whose every distribution downloads as its media type', async () => {
    const cat = await json('/data.json');
    expect(cat).toMatchObject({
      '@context': 'https://project-open-data.cio.gov/v1.1/schema/catalog.jsonld',
      '@type': 'dcat:Catalog',
      conformsTo: 'https://project-open-data.cio.gov/v1.1/schema',
    });
    expect(cat.dataset.length).toBeGreaterThanOrEqual(3);
    const ids = new Set<string>();
    for (const d of cat.dataset) {
      for (const key of [
        'title',
        'description',
        'keyword',
        'modified',
        'publisher',
        'contactPoint',
        'identifier',
        'accessLevel',
        'distribution',
      ])
        expect(d[key], `${d.title}: ${key}`).toBeTruthy();
      expect(d.keyword.length).toBeGreaterThan(0);
      expect(d.publisher).toMatchObject({ '@type': 'org:Organization', name: 'Town of Rotterdam, New York' });
      expect(d.contactPoint).toMatchObject({
        '@type': 'vcard:Contact',
        fn: expect.any(String),
        hasEmail: expect.stringMatching(/^mailto:[^@\s]+@[^@\s]+$/),
      });
      expect(d.accessLevel).toBe('public');
      expect(Number.isNaN(Date.parse(d.modified))).toBe(false);
      expect(ids.has(d.identifier)).toBe(false);
      ids.add(d.identifier);
      for (const x of d.distribution) {
        expect(x['@type']).toBe('dcat:Distribution');
        const res = await get(portal.url, new URL(x.downloadURL).pathname);
        expect(res.status, x.downloadURL).toBe(200);
        expect(res.headers.get('content-type')!.split(';')[0], x.downloadURL).toBe(x.mediaType);
        await res.arrayBuffer();
      }
    }
  });

  it('a project page describes its site as a Place with GeoCoordinates; text in it cannot close the script', async () => {
    const p = one<{
      id: number;
      slug: string;
      name: string;
      latitude: number;
      longitude: number;
      site_address: string;
    }>(
      "select id, slug, name, latitude, longitude, site_address from projects where slug = 'curry-road-distribution-center'",
    );
    run('update projects set name = ? where id = ?', `${p.name} </script><script>alert(1)</script>`, p.id);
    try {
      const page = await html(`/projects/${p.slug}`);
      const [place] = jsonLd(page);
      expect(place).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Place',
        name: `${p.name} </script><script>alert(1)</script>`,
        url: `${portal.url}/projects/${p.slug}`,
      });
      expect(place.address).toMatchObject({
        '@type': 'PostalAddress',
        streetAddress: p.site_address,
        addressLocality: 'Rotterdam',
        addressRegion: 'NY',
      });
      expect(place.geo['@type']).toBe('GeoCoordinates');
      expect(place.geo.latitude).toBeCloseTo(p.latitude, 5);
      expect(place.geo.longitude).toBeCloseTo(p.longitude, 5);
      // Outside attribute values (where < is only text) no markup from the name appears.
      expect(page.replace(/="[^"]*"/g, '=""')).not.toContain('<script>alert(1)');
    } finally {
      run('update projects set name = ? where id = ?', p.name, p.id);
    }
  });

  it('the open-data page is a DataCatalog of Datasets; the records request page a GovernmentService with no requester data', async () => {
    const [catalog] = jsonLd(await html('/open-data'));
    expect(catalog).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'DataCatalog',
      name: expect.any(String),
      url: `${portal.url}/open-data`,
    });
    for (const d of catalog.dataset) {
      expect(d).toMatchObject({
        '@type': 'Dataset',
        name: expect.any(String),
        description: expect.any(String),
        isAccessibleForFree: true,
      });
      expect(d.description.length).toBeGreaterThanOrEqual(50);
      for (const x of d.distribution)
        expect(x).toMatchObject({
          '@type': 'DataDownload',
          encodingFormat: expect.any(String),
          contentUrl: expect.stringMatching(/^http/),
        });
    }
    const requester = one<{ requester_name: string; requester_email: string }>(
      'select requester_name, requester_email from records_requests limit 1',
    );
    for (const url of ['/requests/new', '/requests/new?project=curry-road-distribution-center']) {
      const page = await html(url);
      const [service] = jsonLd(page);
      expect(service).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'GovernmentService',
        name: expect.any(String),
        provider: { '@type': 'GovernmentOrganization' },
        url: `${portal.url}/requests/new`,
      });
      const text = JSON.stringify(service);
      expect(text).not.toContain(requester.requester_name);
      expect(text).not.toContain(requester.requester_email);
    }
  });
});
