/**
 * The operator companies' open data says what their public pages say: over HTTP against the built portal, for
 * every company of the demo town, the record in /api/operator-companies.json carries the numbers its page
 * /operators/{slug} states (sites, open findings, late summaries, enforcement by type, L(4) answers) and its
 * rows in /api/operator-companies/monthly.json the page's trend; the CSVs hold the same rows; and neither
 * names a person nor carries an email address.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENFORCEMENT_TYPES } from '#db/enums.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { OPERATOR_COMPANY_FIELDS, OPERATOR_COMPANY_MONTH_FIELDS } from '#lib/server/public/operator-company-data.ts';
import { ENFORCEMENT_TYPE_LABEL } from '#lib/shared/labels.ts';
import { parseCsv } from '../support/attack.ts';
import { htmlText } from '../support/crawl.ts';
import { get } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

type Rec = Record<string, string | number | null>;

let portal: Portal;
let db: DB;
let companies: Rec[];
let months: Rec[];
const bodies: Record<string, string> = {};

async function fetchText(p: string): Promise<string> {
  const res = await get(portal.url, p);
  expect(res.status, p).toBe(200);
  return (bodies[p] = await res.text());
}

beforeAll(async () => {
  portal = await startPortal({});
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  companies = (JSON.parse(await fetchText('/api/operator-companies.json')) as { operator_companies: Rec[] })
    .operator_companies;
  months = (JSON.parse(await fetchText('/api/operator-companies/monthly.json')) as { operator_company_months: Rec[] })
    .operator_company_months;
  await fetchText('/api/operator-companies.csv');
  await fetchText('/api/operator-companies/monthly.csv');
}, 300_000);

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
});

const num = (s: string) => Number(s.replace(/,/g, ''));

/** The part of a page's HTML from one heading's id to the next heading. */
function section(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  expect(start, id).toBeGreaterThan(-1);
  const end = html.indexOf('<h2', start);
  return html.slice(start, end === -1 ? undefined : end);
}

const monthWords = (m: string) =>
  new Date(`${m}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

describe('the operator companies as open data', () => {
  it('has one record per company the list of operators shows, each with exactly the dictionary’s fields', async () => {
    const list = await fetchText('/operators');
    const slugs = [...list.matchAll(/href="\/operators\/([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(slugs.length).toBeGreaterThan(1);
    expect(companies.map((c) => c.company_slug).sort()).toEqual([...new Set(slugs)].sort());
    for (const c of companies)
      expect(Object.keys(c), String(c.company_slug)).toEqual(OPERATOR_COMPANY_FIELDS.map((f) => f.name));
    for (const m of months) expect(Object.keys(m)).toEqual(OPERATOR_COMPANY_MONTH_FIELDS.map((f) => f.name));
    expect(months.length).toBe(companies.length * 12);
  });

  it('states for every company the numbers its page states', async () => {
    let withFindings = 0;
    let withEnforcement = 0;
    let withRequests = 0;
    for (const c of companies) {
      const slug = String(c.company_slug);
      expect(new URL(String(c.company_url)).pathname).toBe(`/operators/${slug}`);
      const html = await fetchText(`/operators/${slug}`);
      const text = htmlText(html);
      expect(text, slug).toContain(String(c.company_name));
      const lede = text.match(
        /Owner\/operator on the NOI record of ([\d,]+) sites? in the .+?, ([\d,]+) of them under construction now\. As of [^:]+: ([\d,]+) open findings?, ([\d,]+) monthly summar(?:y|ies) filed late or not at all in the last 12 months, ([\d,]+) enforcement actions? in force\./,
      );
      expect(lede, slug).toBeTruthy();
      const [, sites, underWay, open, late, inForce] = lede!.map(String);
      expect(c.sites, slug).toBe(num(sites));
      expect(c.sites_under_way, slug).toBe(num(underWay));
      expect(c.open_findings, slug).toBe(num(open));
      expect(c.late_filings_last_12_months, slug).toBe(num(late));
      expect(c.enforcement_in_force, slug).toBe(num(inForce));
      // The lists under the head agree with it too.
      expect(section(html, 'sites').match(/<th scope="row"><a href="\/projects\//g)?.length ?? 0, slug).toBe(c.sites);
      expect(section(html, 'open-findings').match(/<li>/g)?.length ?? 0, slug).toBe(c.open_findings);
      const enforcement = section(html, 'enforcement');
      expect(enforcement.match(/<li>/g)?.length ?? 0, slug).toBe(c.enforcement_all);
      const items = [...enforcement.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => htmlText(m[1]));
      for (const t of ENFORCEMENT_TYPES)
        expect(items.filter((i) => i.includes(`: ${ENFORCEMENT_TYPE_LABEL[t]}.`)).length, `${slug} ${t}`).toBe(
          c[`enforcement_${t}`],
        );
      expect(Number(c.findings_last_12_months), slug).toBeGreaterThanOrEqual(Number(c.late_filings_last_12_months));

      // L(4): received, on time, not in time, waiting.
      const requests = htmlText(section(html, 'records-requests'));
      if (c.requests_received === 0) {
        expect(requests, slug).toContain('No request made through this portal to this company yet.');
      } else {
        const percent =
          c.requests_on_time_percent == null
            ? 'none answered or due yet'
            : `${c.requests_on_time_percent}% answered on time`;
        const said = requests.match(
          /([\d,]+) requests? received; (.+?); ([\d,]+) requests? not answered within the five business days; ([\d,]+) waiting, not yet due\./,
        );
        expect(said, slug).toBeTruthy();
        expect(c.requests_received, slug).toBe(num(said![1]));
        expect(said![2], slug).toContain(percent);
        expect(c.requests_not_answered_in_time, slug).toBe(num(said![3]));
        expect(c.requests_open, slug).toBe(num(said![4]));
        expect(Number(c.requests_answered_late) + Number(c.requests_unanswered_past_due), slug).toBe(
          c.requests_not_answered_in_time,
        );
        withRequests++;
      }

      // The trend: the same twelve months, the same counts.
      const trend = htmlText(section(html, 'trend'));
      const own = months.filter((m) => m.company_slug === slug);
      expect(own.length, slug).toBe(12);
      for (const m of own)
        expect(trend, `${slug} ${m.month}`).toContain(`${monthWords(String(m.month))} ${m.findings} ${m.late_filings}`);
      if (Number(c.findings_last_12_months) > 0) withFindings++;
      if (Number(c.enforcement_all) > 0) withEnforcement++;
    }
    // The demo has each kind, so the comparisons above compared something.
    expect(withFindings).toBeGreaterThan(0);
    expect(withEnforcement).toBeGreaterThan(0);
    expect(withRequests).toBeGreaterThan(0);
  });

  it('has the same rows in its CSVs as in its JSON', () => {
    const cell = (v: string | number | null) => (v == null ? '' : String(v));
    for (const [p, records, fields] of [
      ['/api/operator-companies.csv', companies, OPERATOR_COMPANY_FIELDS],
      ['/api/operator-companies/monthly.csv', months, OPERATOR_COMPANY_MONTH_FIELDS],
    ] as const) {
      const rows = parseCsv(bodies[p]).filter((r) => r.some((c) => c !== ''));
      expect(rows[0], p).toEqual(fields.map((f) => f.name));
      expect(rows.slice(1), p).toEqual(records.map((r) => fields.map((f) => cell(r[f.name]))));
    }
  });

  it('names no person and carries no email address', () => {
    const companyNames = companies.map((c) => String(c.company_name).toLowerCase());
    const people = [
      ...db.$client.prepare('select contact_name as v from parties union select email from parties').all(),
      ...db.$client.prepare('select name as v from users union select email from users').all(),
      ...db.$client
        .prepare(
          'select requester_name as v from operator_requests union select requester_email from operator_requests',
        )
        .all(),
    ]
      .map((r) => (r as { v: string | null }).v?.trim() ?? '')
      // A name that is part of a company's name (a firm named after its owner) is the company's, published on its NOI.
      .filter((v) => v.length >= 5 && !companyNames.some((n) => n.includes(v.toLowerCase())));
    expect(people.length).toBeGreaterThan(3);
    for (const [p, body] of Object.entries(bodies).filter(([p]) => p.startsWith('/api/'))) {
      expect(body, p).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.-]+/);
      for (const person of people) expect(body, `${p}: ${person}`).not.toContain(person);
    }
  });
});
