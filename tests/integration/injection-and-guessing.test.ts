/**
 * SQL injection and ID guessing, over real HTTP against a portal of our own.
 *
 * Injection: every filter, sort, page and search parameter of every list, API, feed and form page (and
 * the ids in their paths) gets SQL, wildcards, NUL, unicode and a 5,000-character string: never a 500,
 * never an error text that shows SQL, wildcards match literally, and the data is unchanged.
 *
 * Guessing: file downloads and every kind of secret link (tracking links and their files and invoices,
 * alert confirm/unsubscribe links, the officer's calendar feed, invitation and reset links) answer a
 * private, missing, malformed, traversing, tampered, truncated, revoked or someone else's id or token
 * with the same 404 (or the role's 403), so nothing says whether a record exists.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { LEAKED_ERROR, SQLI, fingerprint, postMultipart } from '../support/attack.ts';
import { eachConcurrently, get, postAction, signIn } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

type Who = 'anonymous' | 'admin' | 'clerk' | 'officer' | 'operator' | 'operator2';
let portal: Portal;
let dbPath: string;
let db: Database.Database;
const cookies: Partial<Record<Who, string>> = {};
const one = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as T;
const VOLATILE = ['sessions', 'rate_limits'];

beforeAll(async () => {
  portal = await startPortal({ env: { JOBS_TICK_MS: '3600000' } });
  dbPath = path.join(portal.dataDir, 'portal.db');
  db = new Database(dbPath, { readonly: true });
  for (const who of ['admin', 'clerk', 'officer', 'operator', 'operator2'] as const)
    cookies[who] = await signIn(portal.url, `${who}@rotterdam.example`, DEMO_PASSWORD);
}, 300_000);

afterAll(async () => {
  db?.close();
  await portal?.stop();
});

/** Every list, API, feed and form page that reads its query string, with the parameters it reads. */
function queryRoutes(): Array<{ who: Who; path: string; params: string[] }> {
  const own = one<{ slug: string }>(
    "select p.slug from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id where u.email = 'operator@rotterdam.example' order by p.name",
  ).slug;
  const request = one<{ id: number }>('select min(id) as id from records_requests').id;
  return [
    { who: 'anonymous', path: '/projects', params: ['q', 'status', 'kind', 'sort', 'page'] },
    { who: 'anonymous', path: '/search', params: ['q'] },
    { who: 'anonymous', path: '/near', params: ['address', 'lat', 'lon', 'r', 'here'] },
    { who: 'anonymous', path: '/map', params: ['status'] },
    { who: 'anonymous', path: '/enforcement', params: ['page', 'type'] },
    { who: 'anonymous', path: '/api/projects', params: ['status', 'bbox', 'updated_since'] },
    { who: 'anonymous', path: '/api/projects.csv', params: ['status', 'bbox', 'updated_since'] },
    { who: 'anonymous', path: '/api/projects.geojson', params: ['status', 'bbox', 'updated_since'] },
    { who: 'anonymous', path: '/api/records-requests/monthly.json', params: ['from', 'to'] },
    { who: 'anonymous', path: '/api/records-requests/monthly.csv', params: ['from', 'to'] },
    { who: 'anonymous', path: '/open-data/records-requests', params: ['from', 'to'] },
    { who: 'anonymous', path: '/feeds/area.atom', params: ['lat', 'lon', 'r'] },
    { who: 'anonymous', path: '/feeds/calendar.ics', params: ['project'] },
    { who: 'anonymous', path: '/feeds/town.atom', params: ['page'] },
    { who: 'anonymous', path: '/search/index.json', params: ['v'] },
    { who: 'anonymous', path: '/search/display.json', params: ['v'] },
    { who: 'anonymous', path: '/alerts/new', params: ['project', 'lat', 'lon', 'r', 'label', 'sent'] },
    { who: 'anonymous', path: '/requests/new', params: ['project'] },
    { who: 'anonymous', path: '/signin', params: ['next'] },
    { who: 'anonymous', path: '/account/forgot', params: ['sent'] },
    { who: 'clerk', path: '/staff/projects', params: ['q', 'status', 'page', 'unpublished'] },
    { who: 'clerk', path: '/staff/requests', params: ['status', 'flag', 'channel', 'page', 'project', 'q'] },
    { who: 'clerk', path: '/staff/requests/export.csv', params: ['status', 'flag', 'channel', 'project', 'q'] },
    { who: 'clerk', path: `/staff/requests/${request}`, params: ['link', 'done', 'created'] },
    { who: 'clerk', path: '/staff/closures', params: ['date', 'changed', 'closed'] },
    { who: 'clerk', path: '/staff/requests/new', params: ['project'] },
    { who: 'admin', path: '/staff/audit', params: ['from', 'to', 'entity', 'id', 'action', 'actor', 'page'] },
    { who: 'admin', path: '/staff/mail', params: ['status', 'page'] },
    { who: 'admin', path: '/staff/users', params: ['invited'] },
    { who: 'officer', path: '/staff/enforcement', params: ['all', 'type'] },
    { who: 'officer', path: '/staff/compliance', params: ['severity', 'saved'] },
    { who: 'officer', path: '/staff/calendar', params: ['month'] },
    { who: 'officer', path: '/staff/reviews', params: ['done'] },
    { who: 'officer', path: '/staff/storms', params: ['recorded', 'notified'] },
    {
      who: 'officer',
      path: '/staff/projects/curry-road-distribution-center/enforcement',
      params: ['type', 'escalates'],
    },
    { who: 'officer', path: '/staff/projects/curry-road-distribution-center/inspections', params: ['notice', 'saved'] },
    { who: 'operator', path: `/operator/projects/${own}/summaries/new`, params: ['month', 'correct'] },
    { who: 'operator', path: `/operator/projects/${own}/inspections/new`, params: ['from'] },
    { who: 'operator', path: `/operator/projects/${own}/documents/new`, params: ['type'] },
    { who: 'operator', path: `/operator/projects/${own}/notices`, params: ['given'] },
    { who: 'operator', path: `/operator/projects/${own}`, params: ['filed'] },
  ];
}

/** Routes whose path carries an id or a slug. */
const PATH_ROUTES: Array<{ who: Who; path: (x: string) => string }> = [
  { who: 'anonymous', path: (x) => `/projects/${x}` },
  { who: 'anonymous', path: (x) => `/api/projects/${x}` },
  { who: 'anonymous', path: (x) => `/feeds/projects/${x}.atom` },
  { who: 'anonymous', path: (x) => `/documents/${x}` },
  { who: 'anonymous', path: (x) => `/help/${x}` },
  { who: 'anonymous', path: (x) => `/requests/track/${x}` },
  { who: 'anonymous', path: (x) => `/officer-calendar/${x}.ics` },
  { who: 'clerk', path: (x) => `/staff/requests/${x}` },
  { who: 'clerk', path: (x) => `/staff/projects/${x}` },
  { who: 'clerk', path: (x) => `/staff/documents/${x}` },
  { who: 'officer', path: (x) => `/staff/enforcement/${x}` },
  { who: 'officer', path: (x) => `/staff/reviews/inspections/${x}` },
  { who: 'admin', path: (x) => `/staff/users/${x}` },
  { who: 'admin', path: (x) => `/staff/mail/${x}` },
  { who: 'operator', path: (x) => `/operator/projects/${x}` },
];

describe('SQL injection', () => {
  let before: Record<string, string>;
  let usersBefore: { n: number; emails: string };
  beforeAll(() => {
    before = fingerprint(dbPath, VOLATILE);
    usersBefore = one('select count(*) as n, group_concat(email) as emails from users');
  });

  it('no filter, sort, page or search parameter of any list, API, feed or form page answers 500 or shows SQL', async () => {
    const failures: string[] = [];
    let n = 0;
    const cases = queryRoutes().flatMap((route) =>
      route.params.flatMap((param) => SQLI.map((value) => ({ route, param, value }))),
    );
    // A few at a time: the round trips overlap (the same requests and checks as one by one).
    await eachConcurrently(cases, 6, async ({ route, param, value }) => {
      const url = new URL(route.path, portal.url);
      url.searchParams.set(param, value);
      const res = await get(portal.url, url.pathname + url.search, cookies[route.who]);
      const body = await res.text();
      n++;
      if (res.status >= 500 || LEAKED_ERROR.test(body) || (route.who !== 'anonymous' && res.status === 303))
        failures.push(`${res.status} ${route.path}?${param}=${JSON.stringify(value).slice(0, 30)}`);
    });
    expect(failures.sort()).toEqual([]);
    expect(n).toBeGreaterThan(1500);
  });

  it('nor does any id or slug in a path', async () => {
    const failures: string[] = [];
    for (const route of PATH_ROUTES) {
      for (const value of [...SQLI, "1' OR '1'='1", '1 OR 1=1', "curry-road-distribution-center' --"]) {
        if (value === '\u0000') continue;
        const res = await get(portal.url, route.path(encodeURIComponent(value)), cookies[route.who]);
        const body = await res.text();
        if (res.status >= 500 || ![400, 404].includes(res.status) || LEAKED_ERROR.test(body))
          failures.push(`${res.status} ${route.path(value).slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('wildcards and backslashes are matched literally', async () => {
    const count = async (url: string, cookie?: string) =>
      new Set((await (await get(portal.url, url, cookie)).text()).match(/href="\/projects\/[a-z0-9-]+"/g) ?? []).size;
    expect(await count('/projects')).toBeGreaterThan(10);
    for (const q of ['%', '_', '\\', '%_%', "' OR 1=1 --"])
      expect(await count(`/projects?q=${encodeURIComponent(q)}`), q).toBe(0);
    const staff = async (q: string) =>
      (await (await get(portal.url, `/staff/projects?q=${encodeURIComponent(q)}`, cookies.clerk)).text()).match(
        /href="\/staff\/projects\/(?!new"|import")[a-z0-9-]+"/g,
      )?.length ?? 0;
    expect(await staff('%')).toBe(0);
    expect(await staff('curry')).toBeGreaterThan(0);
    const api = async (q: string) =>
      ((await (await get(portal.url, `/api/projects?status=${encodeURIComponent(q)}`)).json()) as { count: number })
        .count;
    expect(await api("active' OR 1=1 --")).toBe(await api('no-such-status'));
    // The audit log's action filter is a prefix match; an underscore in an action's name is literal.
    const audit = async (action: string) =>
      (await (await get(portal.url, `/staff/audit?action=${encodeURIComponent(action)}`, cookies.admin)).text()).match(
        /<tr>/g,
      )?.length ?? 0;
    expect(await audit('user.sign_in')).toBeGreaterThan(1);
    expect(await audit('user.sign%')).toBe(await audit('no.such.action'));
    expect(await audit('user.sign_')).toBe(await audit('user.sign_in'));
    // An unescaped _ would match the dot of user.sign_in.
    expect(await audit('user_sign_in')).toBe(await audit('no.such.action'));
  });

  it('forms take hostile text as text: sign-in, the request form and alert subscriptions refuse it plainly', async () => {
    for (const value of SQLI) {
      for (const res of [
        await postAction(portal.url, '/signin', 'accounts.signIn', { email: `${value}@example.org`, password: value }),
        await postAction(portal.url, '/signin', 'accounts.signIn', {
          email: 'admin@rotterdam.example',
          password: value,
        }),
        await postAction(portal.url, '/requests/new', 'requests.submit', {
          formKey: 'f'.repeat(43),
          intent: 'preview',
          project: value,
          freeText: value,
        }),
        await postAction(portal.url, '/alerts/new', 'alerts.subscribe', {
          email: 'someone@example.org',
          target: 'project',
          project: value,
          frequency: 'immediate',
        }),
      ]) {
        expect(res.status, JSON.stringify(value).slice(0, 30)).toBeLessThan(500);
        expect(await res.text()).not.toMatch(LEAKED_ERROR);
      }
    }
    // The admin's password still works: the injected ones were just wrong passwords (5 of them lock it,
    // so sign in as another role).
    expect(
      (
        await postAction(portal.url, '/signin', 'accounts.signIn', {
          email: 'officer@rotterdam.example',
          password: DEMO_PASSWORD,
        })
      ).status,
    ).toBe(303);
  });

  it('left the data exactly as it was', () => {
    // Failed sign-ins are audited and counted against the account; everything else is untouched.
    const leaveOut = ['audit_log', 'users'];
    const now = fingerprint(dbPath, [...VOLATILE, ...leaveOut]);
    expect(now).toEqual(Object.fromEntries(Object.entries(before).filter(([k]) => !leaveOut.includes(k))));
    expect(one<{ n: number }>('select count(*) as n from projects').n).toBeGreaterThan(20);
    expect(
      one<{ n: number; emails: string }>('select count(*) as n, group_concat(email) as emails from users'),
    ).toEqual(usersBefore);
  });
});

describe('file downloads: private, missing, malformed and traversing ids', () => {
  let privateDoc: number;
  let unpublishedDoc: number;
  let publicDoc: number;

  beforeAll(async () => {
    publicDoc = one<{ id: number }>(
      'select d.id from documents d join projects p on p.id = d.project_id where d.public = 1 and p.published = 1 order by d.id',
    ).id;
    const pdf = async (note: string) => {
      const doc = await PDFDocument.create();
      doc.addPage([612, 792]).drawText(note, { x: 72, y: 700 });
      return doc.save();
    };
    // A private document of a published project.
    const upload = await postMultipart(
      portal.url,
      '/staff/projects/curry-road-distribution-center/documents',
      { type: 'other', title: 'Private paper', documentDate: '2026-01-02' },
      { file: [{ bytes: await pdf('private'), name: 'private.pdf', type: 'application/pdf' }] },
      cookies.clerk,
    );
    expect(upload.status).toBe(303);
    privateDoc = one<{ id: number }>(
      "select max(id) as id from documents where title = 'Private paper' and public = 0",
    ).id;
    // A public document of a project that is not published: residents must not see it either.
    const created = await postAction(
      portal.url,
      '/staff/projects/new',
      'registry.createProject',
      {
        name: 'Unpublished Guessing Test',
        description: 'Not yet on the portal.',
        siteAddress: '9 Hidden Lane',
        kind: 'minor',
        status: 'swppp_review',
        ownerCompany: 'Hidden LLC',
      },
      cookies.clerk,
    );
    const slug = /\/staff\/projects\/([^/?]+)/.exec(created.headers.get('location') ?? '')![1];
    const res = await postMultipart(
      portal.url,
      `/staff/projects/${slug}/documents`,
      { type: 'other', title: 'Public paper of a hidden project', documentDate: '2026-01-02', public: 'on' },
      { file: [{ bytes: await pdf('hidden'), name: 'hidden.pdf', type: 'application/pdf' }] },
      cookies.clerk,
    );
    expect(res.status).toBe(303);
    unpublishedDoc = one<{ id: number }>(
      "select max(id) as id from documents where title = 'Public paper of a hidden project'",
    ).id;
  });

  it('/documents/{id} answers a private, unpublished, missing or malformed id with the same empty 404', async () => {
    expect((await get(portal.url, `/documents/${publicDoc}`)).status).toBe(200);
    const answers = new Set<string>();
    for (const id of [
      String(privateDoc),
      String(unpublishedDoc),
      '999999',
      '0',
      '-1',
      '99999999999999999999',
      '1e3',
      '0x1',
      '1.0',
      ' 1',
      'abc',
      '1;1',
      `${publicDoc}%00`,
      `${publicDoc}%2f..`,
      '..%2f..%2fportal.db',
      '%2e%2e%2f%2e%2e%2fpackage.json',
    ]) {
      const res = await get(portal.url, `/documents/${id}`);
      answers.add(`${res.status} ${res.headers.get('content-type')} ${await res.text()}`);
    }
    expect([...answers]).toEqual(['404 null ']);
  });

  it('nothing outside the built client is served, however the path is written', async () => {
    const secrets =
      /SQLite format 3|root:x:0|"name": "rotterdam|DATABASE_PATH|BEGIN (RSA|OPENSSH)|astro\/dist|export \{ /;
    const sha = one<{ sha256: string }>('select sha256 from documents where id = ?', privateDoc).sha256;
    for (const p of [
      '/portal.db',
      '/data/portal.db',
      '/files/' + sha,
      `/files/${sha.slice(0, 2)}/${sha}`,
      '/tracking-link.key',
      '/.env',
      '/package.json',
      '/..%2fpackage.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/_astro/..%2f..%2fserver%2fentry.mjs',
      '/_astro/%2e%2e/%2e%2e/package.json',
      '/_astro/..%5c..%5cpackage.json',
      '/favicon.svg/..%2f..%2fpackage.json',
      '/documents/..%2f..%2f..%2fetc%2fpasswd',
      '/server/entry.mjs',
      '/dist/server/entry.mjs',
      '/.git/config',
    ]) {
      const res = await fetch(new URL(p, portal.url), { redirect: 'manual' });
      const body = await res.text();
      expect([400, 403, 404], p).toContain(res.status);
      expect(body, p).not.toMatch(secrets);
    }
  });

  it('staff and operator file routes refuse the wrong person, and an operator cannot reach another project’s file through their own', async () => {
    const own = one<{ id: number; slug: string }>(
      "select p.id, p.slug from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id where u.email = 'operator@rotterdam.example' order by p.name",
    );
    const other = one<{ id: number; slug: string }>(
      "select p.id, p.slug from projects p where p.id not in (select m.project_id from project_members m join users u on u.id = m.user_id where u.email = 'operator@rotterdam.example') and exists (select 1 from documents d where d.project_id = p.id) order by p.id",
    );
    const ownDoc = one<{ id: number }>('select max(id) as id from documents where project_id = ?', own.id).id;
    const otherDoc = one<{ id: number }>('select max(id) as id from documents where project_id = ?', other.id).id;
    expect((await get(portal.url, `/operator/projects/${own.slug}/documents/${ownDoc}`, cookies.operator)).status).toBe(
      200,
    );
    expect(
      (await get(portal.url, `/operator/projects/${own.slug}/documents/${otherDoc}`, cookies.operator)).status,
    ).toBe(404);
    expect(
      (await get(portal.url, `/operator/projects/${other.slug}/documents/${otherDoc}`, cookies.operator)).status,
    ).toBe(404);
    expect(
      (await get(portal.url, `/operator/projects/${own.slug}/documents/${ownDoc}`, cookies.operator2)).status,
    ).toBe(404);
    expect((await get(portal.url, `/staff/documents/${privateDoc}`, cookies.operator)).status).toBe(403);
    expect((await get(portal.url, `/staff/documents/${privateDoc}`)).status).toBe(303);
    expect((await get(portal.url, `/staff/reviews/file/${privateDoc}`, cookies.clerk)).status).toBe(403);
    const a = one<{ requestId: number; itemId: number }>(
      'select request_id as requestId, id as itemId from request_items where document_id is not null order by id',
    );
    const b = one<{ requestId: number; itemId: number }>(
      'select request_id as requestId, id as itemId from request_items where document_id is not null and request_id <> ? order by id',
      a.requestId,
    );
    expect((await get(portal.url, `/staff/requests/${a.requestId}/files/${a.itemId}`, cookies.clerk)).status).toBe(200);
    expect((await get(portal.url, `/staff/requests/${a.requestId}/files/${b.itemId}`, cookies.clerk)).status).toBe(404);
    expect((await get(portal.url, `/staff/requests/${a.requestId}/files/${a.itemId}`, cookies.officer)).status).toBe(
      403,
    );
  });
});

describe('secret links: tampered, truncated, revoked and other people’s', () => {
  /** A token with one character changed, cut short, made longer, in the other case, and one made up. */
  const variants = (token: string) => {
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    return [
      token.slice(0, -1) + flip(token.at(-1)!),
      flip(token[0]) + token.slice(1),
      token.slice(0, -1),
      token.slice(0, 20),
      token + 'A',
      token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase(),
      'A'.repeat(43),
      'x',
      `${token}%00`,
      `${token}%2f..`,
    ];
  };
  /** Status, type and body: two answers that differ in any of them would tell a guesser something. */
  const answer = async (url: string, cookie?: string) => {
    const res = await get(portal.url, url, cookie);
    return `${res.status} ${res.headers.get('content-type')} ${await res.text()}`;
  };

  it('tracking links: every wrong token, and another request’s items, answer the same 404', async () => {
    const released = db
      .prepare(
        'select r.id, i.id as itemId from records_requests r join request_items i on i.request_id = r.id where i.released_at is not null and i.document_id is not null group by r.id order by r.id limit 2',
      )
      .all() as Array<{ id: number; itemId: number }>;
    expect(released).toHaveLength(2);
    const tokenFor = async (id: number) => {
      const res = await postAction(
        portal.url,
        `/staff/requests/${id}`,
        'requests.newTrackingLink',
        { id },
        cookies.clerk,
      );
      return new URL(res.headers.get('location')!, portal.url).searchParams.get('link')!;
    };
    const [a, b] = released;
    const tokenA = await tokenFor(a.id);
    const tokenB = await tokenFor(b.id);
    expect((await get(portal.url, `/requests/track/${tokenA}`)).status).toBe(200);
    expect((await get(portal.url, `/requests/track/${tokenA}/files/${a.itemId}`)).status).toBe(200);
    expect((await get(portal.url, `/requests/track/${tokenB}/files/${b.itemId}`)).status).toBe(200);

    const pages = new Set<string>();
    const files = new Set<string>();
    for (const t of variants(tokenA)) {
      pages.add(await answer(`/requests/track/${encodeURIComponent(t)}`));
      files.add(await answer(`/requests/track/${encodeURIComponent(t)}/files/${a.itemId}`));
      for (const sub of ['invoice', 'invoice.pdf'])
        expect((await get(portal.url, `/requests/track/${encodeURIComponent(t)}/${sub}`)).status, `${sub} ${t}`).toBe(
          404,
        );
    }
    // A path that is not a token at all is simply not a page.
    for (const p of [
      `/requests/track/`,
      `/requests/track/${tokenA}/..`,
      `/requests/track/${tokenA}/files/`,
      `/requests/track/${tokenA}/files/..%2f..%2f${b.itemId}`,
    ]) {
      expect((await get(portal.url, p)).status, p).toBe(404);
    }
    // Another request's item, through a good link; an item number that does not exist.
    files.add(await answer(`/requests/track/${tokenA}/files/${b.itemId}`));
    files.add(await answer(`/requests/track/${tokenB}/files/${a.itemId}`));
    files.add(await answer(`/requests/track/${tokenA}/files/999999`));
    files.add(await answer(`/requests/track/${tokenA}/files/${a.itemId}?doc=${b.itemId}`));
    expect(pages.size).toBe(1);
    expect([...pages][0]).toMatch(/^404 text\/html/);
    expect([...files]).toEqual(['404 text/plain;charset=UTF-8 Not found']);

    // A new link ends the old one at once.
    const newA = await tokenFor(a.id);
    expect(await answer(`/requests/track/${tokenA}`)).toBe([...pages][0]);
    expect((await get(portal.url, `/requests/track/${newA}`)).status).toBe(200);
    // Acting with a wrong token is refused the same way and changes nothing.
    const before = fingerprint(dbPath, VOLATILE);
    for (const t of variants(newA)) {
      const res = await postAction(
        portal.url,
        `/requests/track/${encodeURIComponent(t)}`,
        'requests.withdrawByRequester',
        { token: t, confirm: 'yes' },
      );
      expect(res.status, t).toBeGreaterThanOrEqual(400);
      expect(res.status, t).toBeLessThan(500);
    }
    expect(fingerprint(dbPath, VOLATILE)).toEqual(before);
  });

  it('alert confirm and unsubscribe links: every wrong token answers the same 404', async () => {
    const res = await postAction(portal.url, '/alerts/new', 'alerts.subscribe', {
      email: 'guessing@example.org',
      target: 'project',
      project: 'curry-road-distribution-center',
      frequency: 'immediate',
    });
    expect(res.status).toBe(303);
    const mail = one<{ text_body: string }>(
      "select text_body from outbox where kind = 'alert-confirm' and to_address = 'guessing@example.org'",
    ).text_body;
    const confirm = /\/alerts\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail)![1];
    const unsubscribe = /\/alerts\/unsubscribe(?:\/one-click)?\?token=([A-Za-z0-9_-]+)/.exec(mail)![1];
    expect((await get(portal.url, `/alerts/confirm?token=${confirm}`)).status).toBe(200);
    expect((await get(portal.url, `/alerts/unsubscribe?token=${unsubscribe}`)).status).toBe(200);
    for (const [page, token] of [
      ['/alerts/confirm', confirm],
      ['/alerts/unsubscribe', unsubscribe],
    ] as const) {
      const answers = new Set<string>();
      for (const t of variants(token)) answers.add(await answer(`${page}?token=${encodeURIComponent(t)}`));
      // The other kind of token does not work here either.
      const otherKind = token === confirm ? unsubscribe : confirm;
      answers.add(await answer(`${page}?token=${otherKind}`));
      expect(answers.size, page).toBe(1);
      expect([...answers][0], page).toMatch(/^404 text\/html/);
    }
    for (const t of variants(unsubscribe)) {
      const r = await fetch(new URL(`/alerts/unsubscribe/one-click?token=${encodeURIComponent(t)}`, portal.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(r.status, t).toBe(404);
    }
    expect(
      one<{ status: string }>("select status from alert_subscriptions where email = 'guessing@example.org'").status,
    ).toBe('pending');
  });

  it('the officer’s calendar feed: a wrong or revoked token answers the same 404', async () => {
    const create = async () =>
      /\/officer-calendar\/([A-Za-z0-9_-]+)\.ics/.exec(
        await (
          await fetch(new URL('/_actions/calendarFeed.create', portal.url), {
            method: 'POST',
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              Origin: new URL(portal.url).origin,
              Cookie: cookies.officer!,
            },
            body: '',
          })
        ).text(),
      )![1];
    const first = await create();
    expect((await get(portal.url, `/officer-calendar/${first}.ics`)).status).toBe(200);
    const second = await create();
    const answers = new Set<string>();
    for (const t of [...variants(second), first])
      answers.add(await answer(`/officer-calendar/${encodeURIComponent(t)}.ics`));
    expect([...answers]).toEqual(['404 text/plain Not found']);
    expect((await get(portal.url, `/officer-calendar/${second}.ics`)).status).toBe(200);
  });

  it('invitation and reset links: a wrong token answers the same 404, and a used one stops working', async () => {
    await postAction(portal.url, '/account/forgot', 'accounts.requestPasswordReset', {
      email: 'clerk@rotterdam.example',
    });
    const mail = one<{ text_body: string }>(
      "select text_body from outbox where kind in ('password-reset', 'reset') and to_address = 'clerk@rotterdam.example' order by id desc",
    ).text_body;
    const token = /\/account\/set-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1];
    expect((await get(portal.url, `/account/set-password?token=${token}`)).status).toBe(200);
    const answers = new Set<string>();
    for (const t of variants(token)) answers.add(await answer(`/account/set-password?token=${encodeURIComponent(t)}`));
    expect(answers.size).toBe(1);
    expect([...answers][0]).toMatch(/^404 text\/html/);
    // Unknown addresses get the same "sent" answer, and no mail.
    const unknown = await postAction(portal.url, '/account/forgot', 'accounts.requestPasswordReset', {
      email: 'nobody-at-all@example.org',
    });
    const known = await postAction(portal.url, '/account/forgot', 'accounts.requestPasswordReset', {
      email: 'officer@rotterdam.example',
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.headers.get('location')).toBe(known.headers.get('location'));
    expect(
      one<{ n: number }>("select count(*) as n from outbox where to_address = 'nobody-at-all@example.org'").n,
    ).toBe(0);
    const used = await postAction(portal.url, '/account/set-password', 'accounts.setPassword', {
      token,
      password: 'a new long password 42',
      confirm: 'a new long password 42',
    });
    expect(used.status).toBe(303);
    expect((await get(portal.url, `/account/set-password?token=${token}`)).status).toBe(404);
  });

  it('invitation links: every wrong token answers the same 404 as a wrong reset link, acting with one changes nothing, and a used invitation stops working', async () => {
    const email = 'guessing.invitee@example.org';
    const invited = await postAction(
      portal.url,
      '/staff/users',
      'accounts.inviteUser',
      { email, name: 'Guessing Invitee', roles: 'clerk' },
      cookies.admin,
    );
    expect(invited.status).toBe(303);
    const mail = one<{ text_body: string }>(
      "select text_body from outbox where kind = 'invitation' and to_address = ? order by id desc",
      email,
    ).text_body;
    const token = /\/account\/set-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1];
    const good = await get(portal.url, `/account/set-password?token=${token}`);
    expect(good.status).toBe(200);
    expect(await good.text()).toContain('Guessing Invitee');

    const answers = new Set<string>();
    for (const t of variants(token)) answers.add(await answer(`/account/set-password?token=${encodeURIComponent(t)}`));
    // The same answer as a reset link that does not work: nothing says which kind of link was guessed.
    answers.add(await answer(`/account/set-password?token=${'B'.repeat(43)}`));
    expect(answers.size).toBe(1);
    expect([...answers][0]).toMatch(/^404 text\/html/);

    // Setting a password with a tampered invitation is refused and changes nothing.
    const before = fingerprint(dbPath, VOLATILE);
    for (const t of variants(token)) {
      const res = await postAction(portal.url, '/account/set-password', 'accounts.setPassword', {
        token: t,
        password: 'a guessed long password 7',
        confirm: 'a guessed long password 7',
      });
      expect(res.status, t).toBeGreaterThanOrEqual(400);
      expect(res.status, t).toBeLessThan(500);
    }
    expect(fingerprint(dbPath, VOLATILE)).toEqual(before);
    expect(
      one<{ set: number }>('select password_hash is not null as "set" from users where email = ?', email).set,
    ).toBe(0);

    const used = await postAction(portal.url, '/account/set-password', 'accounts.setPassword', {
      token,
      password: 'the invitee long password 9',
      confirm: 'the invitee long password 9',
    });
    expect(used.status).toBe(303);
    expect((await get(portal.url, `/account/set-password?token=${token}`)).status).toBe(404);
  });
});
