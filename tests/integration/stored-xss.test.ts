/**
 * Stored XSS: hostile text in every user-writable field (put there through the real forms and actions,
 * see tests/support/hostile-input.ts) is inert everywhere it comes out: every HTML page reachable by
 * anyone (escaped text, never markup), the CSV exports (formulas neutralized, numbers kept), the JSON
 * API and search index (exact data), the Atom and iCalendar feeds (escaped, nothing XML forbids, no
 * property of its own), email (HTML escaped, no injected header) and the printable PDFs (generated).
 * The browser half (no dialog, no element) is tests/e2e/stored-xss.spec.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { PDFDocument } from 'pdf-lib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEAKED_ERROR,
  XSS_LONG,
  XSS_MEDIUM,
  crawl,
  icsText,
  injectedMarkup,
  parseCsv,
  parseIcs,
  type Fetched,
} from '../support/attack.ts';
import { PROJECT_NAME_STORED, seedHostileInput, type Seeded } from '../support/hostile-input.ts';
import { get, postAction } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
let seeded: Seeded;
let db: Database.Database;
const one = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as T;
const all = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).all(...args) as T[];
/** How each payload looks in HTML or XML text once escaped. */
const ESCAPED = ['&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;img src=x onerror=alert(5)&gt;'];
const escapedIn = (body: string) => ESCAPED.some((e) => body.includes(e));

beforeAll(async () => {
  portal = await startPortal({ env: { MAIL_POLL_MS: '200' } });
  db = new Database(path.join(portal.dataDir, 'portal.db'), { readonly: true });
  seeded = await seedHostileInput(portal.url, path.join(portal.dataDir, 'portal.db'));
}, 420_000);

afterAll(async () => {
  db?.close();
  await portal?.stop();
});

describe('HTML pages', () => {
  const pages: Fetched[] = [];

  beforeAll(async () => {
    const s = seeded;
    const starts: Array<[string | undefined, string[]]> = [
      [
        undefined,
        [
          '/',
          '/projects',
          `/projects/${s.slug}`,
          '/enforcement',
          '/map',
          `/near?lat=42.8012&lon=-73.9987&r=1`,
          `/search?q=hyperlink`,
          s.trackingPath,
          `${s.trackingPath}/invoice`,
        ],
      ],
      [
        s.cookies.clerk,
        [
          '/staff',
          '/staff/requests?status=all',
          `/staff/requests/${s.requestId}`,
          `/staff/requests/${s.requestId}/invoice`,
          `/staff/projects/${s.slug}`,
          '/staff/closures',
        ],
      ],
      [
        s.cookies.officer,
        [
          '/staff/officer',
          '/staff/enforcement',
          `/staff/enforcement/${s.actionId}`,
          '/staff/reviews',
          `/staff/reviews/inspections/${s.inspectionId}`,
          `/staff/reviews/summaries/${s.summaryId}`,
          '/staff/storms',
          '/staff/calendar',
          `/staff/projects/${s.slug}/swppp`,
          `/staff/projects/${s.slug}/inspections`,
          `/staff/projects/${s.slug}/guarantees`,
        ],
      ],
      [s.cookies.admin, ['/staff/users', `/staff/users/${s.invitedUserId}`, '/staff/mail', '/staff/audit']],
      [
        s.cookies.operator,
        [
          '/operator',
          `/operator/projects/${s.operatorSlug}`,
          `/operator/projects/${s.operatorSlug}/inspections/${s.inspectionId}`,
          `/operator/projects/${s.operatorSlug}/inspections/new?from=${s.inspectionId}`,
        ],
      ],
    ];
    for (const [cookie, list] of starts) pages.push(...(await crawl(portal.url, list, { cookie, limit: 1500 })));
  }, 600_000); // A crawl of up to 1,500 pages: minutes on a machine whose cores are busy.

  it('no page, public or signed in, carries injected markup; the payloads are on them as text', () => {
    const html = pages.filter((p) => p.type.startsWith('text/html'));
    expect(html.length).toBeGreaterThan(500);
    expect(pages.filter((p) => p.status >= 500).map((p) => p.url)).toEqual([]);
    expect(
      html.filter((p) => LEAKED_ERROR.test(p.body)).map((p) => `${p.url}: ${p.body.match(LEAKED_ERROR)![0]}`),
    ).toEqual([]);
    expect(html.flatMap((p) => injectedMarkup(p.body).map((m) => `${p.url}: ${m}`))).toEqual([]);
    // Not vacuous: the escaped payloads are really on the pages that show the hostile records.
    const shown = new Set(html.filter((p) => escapedIn(p.body)).map((p) => p.url));
    const s = seeded;
    for (const url of [
      `/projects/${s.slug}`,
      '/enforcement',
      s.trackingPath,
      `/staff/requests/${s.requestId}`,
      `/staff/enforcement/${s.actionId}`,
      `/staff/projects/${s.slug}/parties`,
      `/staff/projects/${s.slug}/guarantees`,
      `/staff/users/${s.invitedUserId}`,
      '/staff/closures',
      '/staff/storms',
      `/operator/projects/${s.operatorSlug}`,
      `/operator/projects/${s.operatorSlug}/inspections/${s.inspectionId}`,
    ]) {
      expect(shown, url).toContain(url);
    }
    expect(shown.size).toBeGreaterThan(60);
  });

  it('text typed into a refused form is put back as text, never as markup', async () => {
    const refused = await postAction(portal.url, '/requests/new', 'requests.submit', {
      formKey: 'r'.repeat(43),
      intent: 'submit',
      project: seeded.slug,
      freeText: XSS_LONG,
      name: XSS_MEDIUM,
      phone: '"><img src=x onerror=alert(7)>',
      address: XSS_LONG,
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(injectedMarkup(html)).toEqual([]);
    expect(html).toContain('&lt;/textarea&gt;&lt;/title&gt;&lt;svg onload=alert(3)&gt;');
    for (const url of [
      `/alerts/new?lat=42.8&lon=-74&r=1&label=${encodeURIComponent(XSS_LONG.slice(0, 120))}`,
      `/near?address=${encodeURIComponent(XSS_MEDIUM)}`,
      `/search?q=${encodeURIComponent(XSS_LONG)}`,
      `/projects?q=${encodeURIComponent(XSS_LONG)}`,
      `/signin?next=${encodeURIComponent('javascript:alert(1)')}`,
      `/requests/new?project=${encodeURIComponent(XSS_MEDIUM)}`,
    ]) {
      const res = await get(portal.url, url);
      expect(res.status, url).toBeLessThan(500);
      expect(injectedMarkup(await res.text()), url).toEqual([]);
    }
  });
});

describe('CSV exports', () => {
  it('neutralize every cell a spreadsheet would run as a formula, and keep numbers as numbers', async () => {
    const exports = ['/api/projects.csv', '/staff/requests/export.csv?status=all', '/api/records-requests/monthly.csv'];
    let hostile = 0;
    for (const url of exports) {
      const res = await get(portal.url, url, seeded.cookies.clerk);
      expect(res.status, url).toBe(200);
      const rows = parseCsv(await res.text());
      expect(new Set(rows.map((r) => r.length)).size, `${url}: every row has the header's width`).toBe(1);
      for (const cell of rows.flat()) {
        if (/^-?\d+(\.\d+)?$/.test(cell)) continue;
        expect(cell, url).not.toMatch(/^[\s\u0000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/);
        if (cell.startsWith('\'=HYPERLINK("http://evil.example"')) hostile++;
      }
    }
    expect(hostile).toBeGreaterThan(5);
    // The open data keeps coordinates numeric (west of Greenwich is negative).
    const projects = parseCsv(await (await get(portal.url, '/api/projects.csv')).text());
    const lon = projects[0].indexOf('longitude');
    expect(projects.find((r) => r[1] === seeded.slug)![lon]).toBe('-73.9987');
  });
});

describe('JSON', () => {
  it('the open-data API, GeoJSON and search index carry the payloads as exact, parseable data', async () => {
    const list = (await (await get(portal.url, '/api/projects')).json()) as
      { data?: unknown[]; projects?: unknown[] } | unknown[];
    const rows = (Array.isArray(list) ? list : (list.data ?? list.projects ?? [])) as Array<{
      id: number;
      slug: string;
      name: string;
      description: string;
    }>;
    const mine = rows.find((p) => p.slug === seeded.slug)!;
    expect(mine.name).toBe(PROJECT_NAME_STORED);
    expect(mine.description).toBe(XSS_LONG);
    const detail = JSON.stringify(await (await get(portal.url, `/api/projects/${mine.id}`)).json());
    expect(detail).toContain(JSON.stringify(XSS_LONG).slice(1, -1));
    const geo = (await (await get(portal.url, '/api/projects.geojson')).json()) as {
      features: Array<{ properties: { slug: string; name: string } }>;
    };
    expect(geo.features.find((f) => f.properties.slug === seeded.slug)!.properties.name).toBe(PROJECT_NAME_STORED);
    const display = await (await get(portal.url, '/search/display.json')).text();
    expect(display).toContain(JSON.stringify(PROJECT_NAME_STORED).slice(1, -1));
    expect(() => JSON.parse(display)).not.toThrow();
    expect(() => JSON.parse(display).map((r: unknown[]) => r[1])).not.toThrow();
    await (await get(portal.url, '/search/index.json')).json();
  });
});

describe('feeds', () => {
  it('Atom feeds escape the payloads and carry no character XML forbids', async () => {
    for (const url of [
      '/feeds/town.atom',
      `/feeds/projects/${seeded.slug}.atom`,
      '/enforcement/feed.xml',
      '/feeds/area.atom?lat=42.8012&lon=-73.9987&r=1',
    ]) {
      const res = await get(portal.url, url);
      expect(res.status, url).toBe(200);
      const xml = await res.text();
      expect(xml, url).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
      // A feed has no markup of its own but its elements: any script, img or svg tag came from data.
      expect(xml, url).not.toMatch(/<(script|img|svg|textarea)\b/i);
      expect((xml.match(/<entry>/g) ?? []).length, url).toBe((xml.match(/<\/entry>/g) ?? []).length);
      expect(escapedIn(xml), url).toBe(true);
    }
  });

  it('iCalendar feeds keep every payload inside its own property', async () => {
    for (const url of [`/feeds/calendar.ics?project=${seeded.slug}`, '/feeds/calendar.ics', seeded.calendarFeedPath]) {
      const res = await get(portal.url, url);
      expect(res.status, url).toBe(200);
      const text = await res.text();
      expect(text, url).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\r(?!\n)|(?<!\r)\n/);
      const lines = parseIcs(text);
      for (const [name] of lines) expect(name, url).toMatch(/^[A-Z][A-Z0-9-]*(;[A-Z-]+=[^:;]+)*$/);
      expect(lines.filter(([n, v]) => n === 'BEGIN' && v === 'VEVENT').length).toBe(
        lines.filter(([n, v]) => n === 'END' && v === 'VEVENT').length,
      );
      const summaries = lines.filter(([n]) => n === 'SUMMARY').map(([, v]) => icsText(v));
      // The name's line break was folded when it was saved: it never starts a property of its own.
      expect(
        summaries.some((s) => s.includes(PROJECT_NAME_STORED)),
        url,
      ).toBe(true);
      expect(
        lines.some(([n]) => n === 'BCC'),
        url,
      ).toBe(false);
    }
  });
});

describe('email', () => {
  it('escapes the payloads in every HTML body and lets no header through', async () => {
    // Wait for the outbox worker to write every message (as .eml: no SMTP_URL here).
    const deadline = Date.now() + 20_000;
    while (one<{ n: number }>("select count(*) as n from outbox where status <> 'sent'").n > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const rows = all<{ id: number; kind: string; subject: string; html_body: string | null; text_body: string }>(
      'select id, kind, subject, html_body, text_body from outbox order by id',
    );
    expect(
      rows.filter((r) => r.text_body.includes(XSS_MEDIUM) || r.text_body.includes(XSS_LONG.slice(0, 60))).length,
    ).toBeGreaterThan(5);
    for (const r of rows) {
      expect(injectedMarkup(r.html_body ?? ''), `${r.kind} #${r.id}`).toEqual([]);
      expect(r.subject, `${r.kind} #${r.id}`).not.toMatch(/[\r\n]/);
    }
    expect(rows.filter((r) => escapedIn(r.html_body ?? '')).map((r) => r.kind)).toEqual(
      expect.arrayContaining(['request-receipt', 'request-note', 'invitation', 'inspection-notice', 'filing-reviewed']),
    );
    const dir = path.join(portal.dataDir, 'mail');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBe(rows.length);
    for (const f of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(dir, f)));
      expect(mail.headers.has('bcc'), f).toBe(false);
      expect(mail.bcc, f).toBeUndefined();
      expect(injectedMarkup(typeof mail.html === 'string' ? mail.html : ''), f).toEqual([]);
    }
  });
});

describe('PDFs and downloads', () => {
  it('printable documents made from hostile text are generated and readable', async () => {
    const s = seeded;
    const summaryDoc = one<{ document_id: number }>(
      'select document_id from monthly_summaries where id = ?',
      s.summaryId,
    ).document_id;
    for (const [url, cookie] of [
      [`/staff/projects/${s.slug}/posting.pdf`, s.cookies.clerk],
      [`/staff/enforcement/${s.actionId}/notice.pdf`, s.cookies.officer],
      [`/staff/requests/${s.requestId}/invoice.pdf`, s.cookies.clerk],
      [`${s.trackingPath}/invoice.pdf`, undefined],
      [`/documents/${summaryDoc}`, undefined],
    ] as Array<[string, string | undefined]>) {
      const res = await get(portal.url, url, cookie);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
      expect(pdf.getPageCount(), url).toBeGreaterThan(0);
    }
  });

  it('a hostile file name comes back cleaned in a well-formed Content-Disposition', async () => {
    const doc = one<{ id: number; filename: string }>(
      "select id, filename from documents where project_id = ? and type = 'swppp'",
      seeded.projectId,
    );
    expect(doc.filename).not.toMatch(/[\\/<>"]/);
    const res = await get(portal.url, `/documents/${doc.id}`);
    expect(res.status).toBe(200);
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^inline; filename="[^"\\/\r\n]*"; filename\*=UTF-8''[A-Za-z0-9%._~!'()*-]+$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('after all that, a project page still answers normally', async () => {
    const res = await get(portal.url, `/projects/${seeded.slug}`);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toMatch(LEAKED_ERROR);
  });
});
