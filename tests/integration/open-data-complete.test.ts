/**
 * Over real HTTP against the built portal (a demo town of its own, since these tests change data): the
 * town-wide datasets of enforcement actions, the municipality's inspections and residents' reports answer
 * JSON and CSV with their dictionary's columns, carry nothing of who reported, leave out hidden reports,
 * non-public actions and unpublished projects, answer 304 to a revisit; /data.json lists them and the
 * practices, each with the CC0 licence; the OpenAPI document and the open-data page name them.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { ENFORCEMENT_DATASET_FIELDS } from '#lib/server/public/enforcement-data.ts';
import { TOWN_INSPECTION_DATASET_FIELDS } from '#lib/server/public/town-inspection-data.ts';
import { SITE_REPORT_FIELDS } from '#lib/server/public/site-report-data.ts';
import type { FieldDef } from '#lib/server/public/fields.ts';
import { parseCsv } from '../support/attack.ts';
import { get } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
let db: DB;
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;
const all = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).all(...args) as T[];
const run = (sql: string, ...args: unknown[]) => db.$client.prepare(sql).run(...args);

type Rec = Record<string, unknown>;
const DATASETS: Array<{ path: string; key: string; fields: FieldDef[]; catalogId: string }> = [
  {
    path: '/api/enforcement-actions',
    key: 'enforcement_actions',
    fields: ENFORCEMENT_DATASET_FIELDS,
    catalogId: 'enforcement-actions',
  },
  {
    path: '/api/town-inspections',
    key: 'town_inspections',
    fields: TOWN_INSPECTION_DATASET_FIELDS,
    catalogId: 'town-inspections',
  },
  { path: '/api/reports', key: 'reports', fields: SITE_REPORT_FIELDS, catalogId: 'residents-reports' },
];

async function records(p: string, key: string): Promise<Rec[]> {
  const res = await get(portal.url, `${p}.json`);
  expect(res.status, p).toBe(200);
  expect(res.headers.get('content-type'), p).toMatch(/^application\/json/);
  return ((await res.json()) as Record<string, Rec[]>)[key];
}

async function csv(p: string): Promise<{ text: string; rows: string[][] }> {
  const res = await get(portal.url, `${p}.csv`);
  expect(res.status, p).toBe(200);
  expect(res.headers.get('content-type'), p).toMatch(/^text\/csv/);
  const text = await res.text();
  return { text, rows: parseCsv(text).filter((r) => r.some((c) => c !== '')) };
}

/** Reporter details: every name, email, phone and address hash on file, hidden reports' words too. */
function privateWords(): string[] {
  const rows = all<Record<string, string | null>>(
    'select reporter_name, reporter_email, reporter_phone, ip_hash, hidden_reason from site_reports',
  );
  return [
    ...new Set(
      rows.flatMap((r) => Object.values(r)).filter((v): v is string => typeof v === 'string' && v.trim().length >= 5),
    ),
  ];
}

const PRIVATE_MARK = 'Qzxreporterk';
const HIDDEN_MARK = 'Qzxhiddenreportk';
const PRIVATE_ACTION = 'Qzxprivateactionk';
let hiddenReportId: number;
let privateActionId: number;

beforeAll(async () => {
  portal = await startPortal();
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  const today = townToday();
  const category = one<{ id: number }>('select id from site_report_categories order by id limit 1');
  // A visible report whose reporter left every detail, and a hidden one.
  run(
    `insert into site_reports (category_id, description, place, latitude, longitude, observed_on, reporter_name, reporter_email, reporter_phone, ip_hash)
     values (?, 'Mud across the road near the entrance', 'Hamburg Street', 42.7912345, -73.9698765, ?, ?, ?, ?, ?)`,
    category.id,
    today,
    `${PRIVATE_MARK} Name`,
    `${PRIVATE_MARK.toLowerCase()}@example.org`,
    '518-555-0199',
    `${PRIVATE_MARK}hash`,
  );
  hiddenReportId = Number(
    run(
      `insert into site_reports (category_id, description, place, latitude, longitude, observed_on, hidden, hidden_reason, reporter_email)
       values (?, ?, 'Somewhere', 42.79, -73.97, ?, 1, 'Abusive words', 'hidden.reporter@example.org')`,
      category.id,
      `${HIDDEN_MARK} abusive text`,
      today,
    ).lastInsertRowid,
  );
  const project = one<{ id: number }>('select id from projects where published = 1 order by id limit 1');
  privateActionId = Number(
    run(
      "insert into enforcement_actions (project_id, type, category, issued_on, summary, public) values (?, 'dec_referral', 'formal', ?, ?, 0)",
      project.id,
      today,
      PRIVATE_ACTION,
    ).lastInsertRowid,
  );
});

afterAll(async () => {
  await portal?.stop();
});

describe('the town-wide datasets answer JSON and CSV with their dictionary’s columns', () => {
  for (const d of DATASETS) {
    it(`${d.path}: every record has the dictionary's fields, and the CSV has one row per record`, async () => {
      const recs = await records(d.path, d.key);
      expect(recs.length, d.path).toBeGreaterThan(0);
      const names = d.fields.map((f) => f.name);
      for (const r of recs) expect(Object.keys(r), d.path).toEqual(names);
      const { rows } = await csv(d.path);
      expect(rows[0], d.path).toEqual(names);
      expect(rows.length - 1, d.path).toBe(recs.length);
      expect(rows[1][0], d.path).toBe(String(recs[0].id));
    });
  }

  it('enforcement actions are the public ones at published projects, as in /api/projects/{id}', async () => {
    const recs = await records('/api/enforcement-actions', 'enforcement_actions');
    const expected = all<{ id: number }>(
      `select e.id from enforcement_actions e join projects p on p.id = e.project_id
       where e.public = 1 and p.published = 1 order by e.issued_on desc, e.id desc`,
    );
    expect(recs.map((r) => r.id)).toEqual(expected.map((e) => e.id));
    expect(recs.some((r) => r.id === privateActionId)).toBe(false);
    const first = recs[0];
    const detail = (await (await get(portal.url, `/api/projects/${first.project_id}`)).json()) as {
      enforcement_actions: Rec[];
    };
    const { project_id: _i, project_slug: _s, project_name: _n, project_url: _u, ...rest } = first;
    expect(detail.enforcement_actions.find((a) => a.id === first.id)).toEqual(rest);
    expect((await csv('/api/enforcement-actions')).text).not.toContain(PRIVATE_ACTION);
  });

  it('town inspections never carry the officer’s working notes; violations are a cell in CSV', async () => {
    const recs = await records('/api/town-inspections', 'town_inspections');
    const expected = all<{ id: number }>(
      'select t.id from town_inspections t join projects p on p.id = t.project_id where p.published = 1',
    );
    expect(recs.map((r) => r.id).sort()).toEqual(expected.map((e) => e.id).sort());
    const notes = all<{ findings: string }>(
      'select findings from town_inspections where findings is not null and length(findings) >= 8',
    );
    const { text, rows } = await csv('/api/town-inspections');
    const body = JSON.stringify(recs);
    for (const n of notes) {
      expect(body).not.toContain(n.findings);
      expect(text).not.toContain(n.findings);
    }
    const withViolations = recs.find((r) => (r.violations as unknown[]).length > 0);
    expect(withViolations).toBeTruthy();
    const row = rows.find((r) => r[0] === String(withViolations!.id))!;
    const col = rows[0].indexOf('violations');
    expect(row[col]).toContain((withViolations!.violations as Array<{ description: string }>)[0].description);
  });

  it('residents’ reports: never a reporter’s name, email, phone or address hash, never a hidden report, the point rounded', async () => {
    const recs = await records('/api/reports', 'reports');
    const { text } = await csv('/api/reports');
    const body = JSON.stringify(recs);
    const secrets = privateWords();
    expect(secrets.length).toBeGreaterThan(3);
    for (const s of secrets) {
      expect(body, s).not.toContain(s);
      expect(text, s).not.toContain(s);
    }
    expect(body).not.toContain(PRIVATE_MARK);
    expect(body).not.toContain(HIDDEN_MARK);
    expect(text).not.toContain(HIDDEN_MARK);
    expect(body).not.toMatch(/reporter|email|phone|ip_hash|hidden/i);
    expect(recs.some((r) => r.id === hiddenReportId)).toBe(false);
    const visible = all<{ id: number }>('select id from site_reports where hidden = 0');
    expect(recs.map((r) => r.id).sort()).toEqual(visible.map((v) => v.id).sort());
    const mine = recs.find((r) => r.description === 'Mud across the road near the entrance')!;
    expect(mine).toMatchObject({ latitude: 42.7912, longitude: -73.9699 });
  });
});

describe('an unpublished project leaves every dataset at once', () => {
  it('its actions and inspections go, and its reports no longer name it', async () => {
    const p = one<{ id: number }>(
      `select p.id from projects p where p.published = 1
       and exists (select 1 from enforcement_actions e where e.project_id = p.id and e.public = 1)
       and exists (select 1 from town_inspections t where t.project_id = p.id)
       order by p.id limit 1`,
    );
    expect(p).toBeTruthy();
    const report = one<{ id: number }>('select id from site_reports where hidden = 0 order by id limit 1');
    const before = run('update site_reports set project_id = ? where id = ?', p.id, report.id);
    expect(before.changes).toBe(1);
    const linked = (await records('/api/reports', 'reports')).find((r) => r.id === report.id)!;
    expect(linked.project_id).toBe(p.id);
    run('update projects set published = 0 where id = ?', p.id);
    try {
      const actions = await records('/api/enforcement-actions', 'enforcement_actions');
      expect(actions.some((r) => r.project_id === p.id)).toBe(false);
      const inspections = await records('/api/town-inspections', 'town_inspections');
      expect(inspections.some((r) => r.project_id === p.id)).toBe(false);
      const reports = await records('/api/reports', 'reports');
      const same = reports.find((r) => r.id === report.id)!;
      expect(same).toMatchObject({ project_id: null, project_slug: null, project_name: null, project_url: null });
      for (const d of DATASETS) {
        const { text } = await csv(d.path);
        const slug = one<{ slug: string }>('select slug from projects where id = ?', p.id).slug;
        expect(text, d.path).not.toContain(`/projects/${slug}`);
      }
    } finally {
      run('update projects set published = 1 where id = ?', p.id);
    }
  });
});

describe('conditional GET, the catalog, the OpenAPI document and the open-data page', () => {
  it('every new download has an ETag and answers 304 to If-None-Match', async () => {
    for (const d of DATASETS)
      for (const p of [`${d.path}.json`, `${d.path}.csv`]) {
        const first = await get(portal.url, p);
        expect(first.status, p).toBe(200);
        await first.arrayBuffer();
        const etag = first.headers.get('etag');
        expect(etag, p).toMatch(/^"[\w-]+"$/);
        expect(first.headers.get('access-control-allow-origin'), p).toBe('*');
        const again = await fetch(new URL(p, portal.url), { headers: { 'If-None-Match': etag! } });
        expect(again.status, p).toBe(304);
      }
  });

  it('/data.json lists each new dataset and the practices, and every dataset carries the CC0 licence', async () => {
    const cat = (await (await get(portal.url, '/data.json')).json()) as {
      dataset: Array<Rec & { identifier: string; distribution: Array<{ downloadURL: string }> }>;
    };
    for (const d of cat.dataset) {
      expect(d.license, d.identifier).toBe('https://creativecommons.org/publicdomain/zero/1.0/');
      expect(d.rights ?? null, d.identifier).toBeNull();
    }
    const byId = new Map(cat.dataset.map((d) => [d.identifier.split('#')[1], d]));
    const expected: Record<string, string[]> = {
      'enforcement-actions': ['/api/enforcement-actions.json', '/api/enforcement-actions.csv'],
      'municipal-inspections': ['/api/town-inspections.json', '/api/town-inspections.csv'],
      'residents-reports': ['/api/reports.json', '/api/reports.csv'],
      practices: ['/api/practices.json', '/api/practices.csv', '/api/practices.geojson'],
      'operator-companies': [
        '/api/operator-companies.json',
        '/api/operator-companies.csv',
        '/api/operator-companies/monthly.json',
        '/api/operator-companies/monthly.csv',
      ],
    };
    for (const [id, paths] of Object.entries(expected)) {
      const d = byId.get(id);
      expect(d, id).toBeTruthy();
      expect(
        d!.distribution.map((x) => new URL(x.downloadURL).pathname),
        id,
      ).toEqual(paths);
      const anchor = id === 'municipal-inspections' ? 'town-inspections' : id;
      expect(d!.describedBy, id).toMatch(new RegExp(`/open-data#dict-${anchor}$`));
    }
  });

  it('the OpenAPI document describes the six new routes', async () => {
    const doc = (await (await get(portal.url, '/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    for (const d of DATASETS) {
      expect(doc.paths[`${d.path}.json`], d.path).toBeTruthy();
      expect(doc.paths[`${d.path}.csv`], d.path).toBeTruthy();
    }
  });

  it('the open-data page links every new download and explains each field', async () => {
    const res = await get(portal.url, '/open-data');
    expect(res.status).toBe(200);
    const page = await res.text();
    for (const d of DATASETS) {
      expect(page).toContain(`href="${d.path}.json"`);
      expect(page).toContain(`href="${d.path}.csv"`);
      expect(page).toContain(`id="dict-${d.catalogId}"`);
      for (const f of d.fields)
        expect(page, `${d.path}: ${f.name}`).toContain(`<code class="field-name">${f.name}</code>`);
    }
    expect(page).toContain('href="https://creativecommons.org/publicdomain/zero/1.0/"');
  });
});
