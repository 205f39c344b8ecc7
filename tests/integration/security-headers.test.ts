/**
 * Security headers on every kind of response the portal sends: pages, error pages, redirects, action
 * answers, the JSON/CSV/GeoJSON API, feeds, calendars, PDFs and file downloads, the static files under
 * /_astro, /healthz, and the answers written before any of our code runs (Astro's cross-origin 403, the
 * adapter's 400 for a malformed URL). HSTS only over https: directly, or behind a proxy when
 * TRUST_PROXY=true (a portal of our own) — and never because an untrusted client claims it.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { formBody, signIn } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
const cookies: Record<string, string> = {};
/** Each request can be sent again with extra headers (as a TLS-terminating proxy would forward it). */
let cases: Array<{ what: string; request: (extra?: Record<string, string>) => Promise<Response> }> = [];

beforeAll(async () => {
  portal = await startPortal({ env: { TRUST_PROXY: 'true' } });
  for (const who of ['clerk', 'officer', 'operator'])
    cookies[who] = await signIn(portal.url, `${who}@rotterdam.example`, DEMO_PASSWORD);
  const db = new Database(path.join(portal.dataDir, 'portal.db'), { readonly: true });
  const publicDoc = (
    db
      .prepare(
        'select d.id from documents d join projects p on p.id = d.project_id where d.public = 1 and p.published = 1 order by d.id',
      )
      .get() as { id: number }
  ).id;
  const request = db
    .prepare(
      'select r.id, i.id as itemId from records_requests r join request_items i on i.request_id = r.id where i.document_id is not null order by r.id',
    )
    .get() as { id: number; itemId: number };
  db.close();
  const home = await (await fetch(portal.url)).text();
  const css = /href="(\/_astro\/[^"]+\.css)"/.exec(home)![1];
  const search = await (await fetch(`${portal.url}/search`)).text();
  const js = /src="(\/_astro\/[^"]+\.js)"/.exec(search)![1];
  const apiEtag = (await fetch(`${portal.url}/api/projects`)).headers.get('etag')!;
  const origin = new URL(portal.url).origin;
  const at =
    (p: string, init: RequestInit = {}) =>
    (extra: Record<string, string> = {}) =>
      fetch(new URL(p, portal.url), {
        redirect: 'manual',
        ...init,
        headers: { ...(init.headers as Record<string, string>), ...extra },
      });
  const as = (who: string, p: string) => at(p, { headers: { Cookie: cookies[who] } });
  cases = [
    { what: 'a public page', request: at('/') },
    { what: 'a project page', request: at('/projects') },
    { what: 'the 404 page', request: at('/projects/no-such-project') },
    { what: 'a route that does not exist', request: at('/no/such/page') },
    { what: 'the 403 page', request: as('operator', '/staff') },
    { what: 'a redirect to sign in', request: at('/staff') },
    { what: 'a staff page', request: as('clerk', '/staff/requests') },
    {
      what: 'an action answer (JSON)',
      request: at('/_actions/accounts.signIn', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
        body: formBody({ email: 'nobody@example.org', password: 'wrong' }),
      }),
    },
    {
      what: 'a form post answered with its page',
      request: at('/signin?_action=accounts.signIn', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
        body: formBody({ email: 'nobody@example.org', password: 'wrong' }),
      }),
    },
    {
      what: 'Astro’s own cross-origin 403',
      request: at('/_actions/accounts.signIn', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
        body: 'email=a',
      }),
    },
    { what: 'the adapter’s 400 for a malformed URL', request: at('/%E0%A4%A') },
    { what: 'the JSON API', request: at('/api/projects') },
    { what: 'a 304 from the API', request: at('/api/projects', { headers: { 'If-None-Match': apiEtag } }) },
    {
      what: 'a CORS preflight',
      request: at('/api/projects', {
        method: 'OPTIONS',
        headers: { Origin: 'https://journalist.example', 'Access-Control-Request-Method': 'GET' },
      }),
    },
    { what: 'the CSV API', request: at('/api/projects.csv') },
    { what: 'GeoJSON', request: at('/api/projects.geojson') },
    { what: 'the search index', request: at('/search/index.json', { headers: { 'Accept-Encoding': 'br, gzip' } }) },
    { what: 'an Atom feed', request: at('/feeds/town.atom') },
    { what: 'the enforcement feed', request: at('/enforcement/feed.xml') },
    { what: 'an iCalendar feed', request: at('/feeds/calendar.ics') },
    { what: 'the sitemap', request: at('/sitemap.xml') },
    { what: 'a public PDF', request: at(`/documents/${publicDoc}`) },
    { what: 'a HEAD request', request: at(`/documents/${publicDoc}`, { method: 'HEAD' }) },
    { what: 'a staff file download', request: as('clerk', `/staff/requests/${request.id}/files/${request.itemId}`) },
    { what: 'a generated PDF', request: as('clerk', '/staff/requests/' + request.id + '/invoice.pdf') },
    { what: 'a staff CSV export', request: as('clerk', '/staff/requests/export.csv') },
    { what: 'a static stylesheet', request: at(css) },
    { what: 'a static script', request: at(js) },
    { what: 'the favicon', request: at('/favicon.svg') },
    { what: '/healthz', request: at('/healthz') },
  ];
}, 300_000);

afterAll(async () => {
  await portal?.stop();
});

function expectSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
  expect(directives.get('script-src'), `${what}: script-src`).toEqual(["'self'"]);
  expect(csp, what).not.toContain('unsafe-inline');
  expect(csp, what).not.toContain('unsafe-eval');
  expect(directives.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(directives.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy'), what).toMatch(/camera=\(\)/);
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
}

describe('every kind of response carries the security headers', () => {
  it('over http: CSP (no inline script, no framing), nosniff, Referrer-Policy, Permissions-Policy, and no HSTS', async () => {
    expect(cases.length).toBeGreaterThan(25);
    for (const c of cases) {
      const res = await c.request();
      expectSecurityHeaders(res, `${c.what} (${res.status})`);
      expect(res.headers.get('strict-transport-security'), c.what).toBeNull();
    }
  });

  it('covers the statuses it claims to (so a route that starts answering differently is noticed)', async () => {
    const statuses = new Map<string, number>();
    for (const c of cases) statuses.set(c.what, (await c.request()).status);
    expect(statuses.get('the 404 page')).toBe(404);
    expect(statuses.get('the 403 page')).toBe(403);
    expect(statuses.get('a redirect to sign in')).toBe(303);
    expect(statuses.get('Astro’s own cross-origin 403')).toBe(403);
    expect(statuses.get('the adapter’s 400 for a malformed URL')).toBe(400);
    expect(statuses.get('a 304 from the API')).toBe(304);
    expect(statuses.get('a static script')).toBe(200);
  });
});

describe('HSTS', () => {
  it('is sent on every response when a trusted proxy says the browser used https', async () => {
    for (const c of cases) {
      const res = await c.request({ 'X-Forwarded-Proto': 'https' });
      expect(res.headers.get('strict-transport-security'), c.what).toBe('max-age=31536000; includeSubDomains');
      expectSecurityHeaders(res, c.what);
    }
  });

  it('is not sent for a proxy that says http, nor when the portal does not trust proxies', async () => {
    const http = await fetch(portal.url, { headers: { 'X-Forwarded-Proto': 'http' } });
    expect(http.headers.get('strict-transport-security')).toBeNull();
    // The shared test portal runs without TRUST_PROXY: a client claiming https changes nothing.
    const untrusted = await fetch(inject('baseURL'), { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(untrusted.status).toBe(200);
    expect(untrusted.headers.get('strict-transport-security')).toBeNull();
    expect(untrusted.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
