/**
 * Private data never leaks. Distinctive markers go into every private field through the real forms —
 * a requester's name, email, phone, address and description; notes to the requester and internal notes;
 * an unpublished project (its name, address, owner, parcels, permit, and a "public" document of it); a
 * private document; an operator's attachment still waiting for the officer; private evidence and a
 * private enforcement action; a performance guarantee; an alert subscriber's email; a staff account's
 * email — and then every public route is crawled: pages, the search results and the browser's search
 * index, the feeds and calendars, the open-data API as JSON, CSV and GeoJSON (every project by id), the
 * records-request statistics and the sitemap. No marker may appear anywhere; a published control marker
 * entered the same way must (so the crawl really reached the data).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { crawl, expectSeeOther, postMultipart, type Fetched } from '../support/attack.ts';
import { get, postAction, signIn, type Fields } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';
import { shardFile } from '#lib/shared/search-shards.ts';

/** Letters only, ending in a consonant, so the search index's stemmer keeps them whole. */
const PRIVATE = {
  requesterName: 'Qzxreqnamek',
  requesterEmail: 'qzxreqemailk',
  requesterPhone: 'qzxreqphonek',
  requesterAddress: 'Qzxreqaddrk',
  requestText: 'qzxreqtextk',
  noteToRequester: 'qzxreqnotek',
  internalNote: 'qzxinternalk',
  unpublishedName: 'Qzxunpubnamek',
  unpublishedDescription: 'qzxunpubdesck',
  unpublishedAddress: 'Qzxunpubaddrk',
  unpublishedOwner: 'Qzxunpubownk',
  unpublishedParcels: 'qzxunpubparcelk',
  unpublishedPermit: 'QZXUNPUBPERMK',
  unpublishedDocument: 'qzxunpubdock',
  privateDocument: 'qzxprivdock',
  privateFilename: 'qzxprivfilek',
  pendingAttachment: 'qzxpendattk',
  privateEvidence: 'qzxprivevidk',
  privateAction: 'qzxprivactk',
  guaranteeInstitution: 'Qzxguarinstk',
  guaranteeReference: 'qzxguarrefk',
  guaranteeNotes: 'qzxguarnotek',
  subscriberEmail: 'qzxsubemailk',
  staffEmail: 'qzxstaffemailk',
};
const CONTROL = 'qzxpubcontrolk';

let portal: Portal;
let db: Database.Database;
const one = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as T;
const cookies: Record<string, string> = {};
let unpublished: { id: number; slug: string };
let privateDocs: number[] = [];
let pages: Fetched[] = [];

async function pdf(note: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText(note, { x: 72, y: 700 });
  return doc.save();
}

const ok = expectSeeOther;

function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
}

beforeAll(async () => {
  portal = await startPortal({ env: { SEARCH_CHECK_MS: '200', SEARCH_DEBOUNCE_MS: '200' } });
  db = new Database(path.join(portal.dataDir, 'portal.db'), { readonly: true });
  for (const who of ['clerk', 'officer', 'admin', 'operator'])
    cookies[who] = await signIn(portal.url, `${who}@rotterdam.example`, DEMO_PASSWORD);
  const act = (page: string, action: string, fields: Fields, who: string) =>
    ok(postAction(portal.url, page, action, fields, cookies[who]), action);
  const published = 'curry-road-distribution-center';
  const publishedId = one<{ id: number }>('select id from projects where slug = ?', published).id;

  // A records request from the public form, and the clerk's notes on it.
  await ok(
    postAction(portal.url, '/requests/new', 'requests.submit', {
      formKey: 'p'.repeat(43),
      intent: 'submit',
      project: published,
      freeText: `Copies of ${PRIVATE.requestText}`,
      delivery: 'paper_mail',
      name: `${PRIVATE.requesterName} Person`,
      email: `${PRIVATE.requesterEmail}@example.org`,
      phone: `518 ${PRIVATE.requesterPhone}`,
      address: `1 ${PRIVATE.requesterAddress} Lane, Rotterdam NY`,
    }),
    'request',
  );
  const requestId = one<{ id: number }>(
    'select id from records_requests where requester_email = ?',
    `${PRIVATE.requesterEmail}@example.org`,
  ).id;
  await act(
    `/staff/requests/${requestId}`,
    'requests.note',
    { id: requestId, body: `For you: ${PRIVATE.noteToRequester}`, audience: 'requester' },
    'clerk',
  );
  await act(
    `/staff/requests/${requestId}`,
    'requests.note',
    { id: requestId, body: `Internal: ${PRIVATE.internalNote}`, audience: 'internal' },
    'clerk',
  );

  // An unpublished project with a document marked public.
  const created = await act(
    '/staff/projects/new',
    'registry.createProject',
    {
      name: `${PRIVATE.unpublishedName} Plaza`,
      description: `Plans for ${PRIVATE.unpublishedDescription}`,
      siteAddress: `5 ${PRIVATE.unpublishedAddress} Road`,
      latitude: '42.8101',
      longitude: '-73.9901',
      taxMapParcels: PRIVATE.unpublishedParcels,
      townPermitNo: PRIVATE.unpublishedPermit,
      kind: 'major',
      status: 'active',
      plannedStartOn: day(30),
      ownerCompany: `${PRIVATE.unpublishedOwner} LLC`,
    },
    'clerk',
  );
  const slug = /\/staff\/projects\/([^/?]+)/.exec(created)![1];
  unpublished = { slug, id: one<{ id: number }>('select id from projects where slug = ?', slug).id };
  await ok(
    postMultipart(
      portal.url,
      `/staff/projects/${slug}/documents`,
      { type: 'other', title: `Site plan ${PRIVATE.unpublishedDocument}`, documentDate: day(-1), public: 'on' },
      { file: [{ bytes: await pdf('unpublished'), name: 'plan.pdf', type: 'application/pdf' }] },
      cookies.clerk,
    ),
    'unpublished document',
  );

  // The published controls: a project (its name is in the browser's index too) and a public document.
  await act(
    '/staff/projects/new',
    'registry.createProject',
    {
      name: `${CONTROL} Commons`,
      description: 'A published control.',
      siteAddress: '7 Control Road',
      latitude: '42.8102',
      longitude: '-73.9902',
      kind: 'minor',
      status: 'active',
      ownerCompany: 'Control LLC',
      publish: 'on',
    },
    'clerk',
  );
  await ok(
    postMultipart(
      portal.url,
      `/staff/projects/${published}/documents`,
      { type: 'other', title: `Notice ${CONTROL}`, documentDate: day(-1), public: 'on' },
      { file: [{ bytes: await pdf('control'), name: 'notice.pdf', type: 'application/pdf' }] },
      cookies.clerk,
    ),
    'public document',
  );
  // A private document, private evidence and a private action on a published project; a guarantee.
  await ok(
    postMultipart(
      portal.url,
      `/staff/projects/${published}/documents`,
      { type: 'other', title: `Memo ${PRIVATE.privateDocument}`, documentDate: day(-1) },
      { file: [{ bytes: await pdf('private'), name: `${PRIVATE.privateFilename}.pdf`, type: 'application/pdf' }] },
      cookies.clerk,
    ),
    'private document',
  );
  const issued = await act(
    `/staff/projects/${published}/enforcement`,
    'enforcement.issue',
    {
      projectId: publishedId,
      type: 'written_warning',
      issuedOn: day(-1),
      citedSection: 'Subsection J(11)',
      summary: `Internal warning ${PRIVATE.privateAction}`,
      requiredMeasures: 'Fix the fence.',
    },
    'officer',
  );
  const actionId = Number(/\/staff\/enforcement\/(\d+)/.exec(issued)![1]);
  await ok(
    postMultipart(
      portal.url,
      `/staff/enforcement/${actionId}`,
      { title: `Photo ${PRIVATE.privateEvidence}`, documentDate: day(-1) },
      { file: [{ bytes: await pdf('evidence'), name: 'photo.pdf', type: 'application/pdf' }] },
      cookies.officer,
    ),
    'private evidence',
  );
  await act(
    `/staff/projects/${published}/guarantees`,
    'guarantees.save',
    {
      projectId: publishedId,
      kind: 'performance_bond',
      purpose: 'construction_completion',
      amount: '50000.00',
      institution: `${PRIVATE.guaranteeInstitution} Surety`,
      reference: PRIVATE.guaranteeReference,
      receivedOn: day(-10),
      expiresOn: day(200),
      notes: PRIVATE.guaranteeNotes,
    },
    'officer',
  );

  // An operator's monthly summary: its attachment waits for the officer before residents see it.
  const own = one<{ slug: string }>(
    "select p.slug from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id where u.email = 'operator@rotterdam.example' and p.status = 'active' order by p.name",
  ).slug;
  const form = await (await get(portal.url, `/operator/projects/${own}/summaries/new`, cookies.operator)).text();
  const v = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(form)?.[1] ?? '0';
  const fields = Object.fromEntries(
    [
      'month',
      'inspectionsDone',
      'inspectionsRequired',
      'stormEvents',
      'postStormInspections',
      'correctiveOpened',
      'correctiveClosed',
      'correctiveOpen',
    ].map((k) => [k, v(k)]),
  );
  await ok(
    postMultipart(
      portal.url,
      `/operator/projects/${own}/summaries/new`,
      {
        ...fields,
        narrative: `A quiet month on site. ${CONTROL} is the published control marker.`,
        certifiedByName: 'Chris Van Patten',
        certifiedByTitle: 'Superintendent',
        certify: 'on',
        attachmentsPublic: 'on',
      },
      {
        attachments: [
          { bytes: await pdf('pending'), name: `${PRIVATE.pendingAttachment}.pdf`, type: 'application/pdf' },
        ],
      },
      cookies.operator,
    ),
    'summary',
  );

  // An alert subscriber, and a staff account.
  await ok(
    postAction(portal.url, '/alerts/new', 'alerts.subscribe', {
      email: `${PRIVATE.subscriberEmail}@example.org`,
      target: 'project',
      project: published,
      frequency: 'immediate',
    }),
    'subscription',
  );
  await act(
    '/staff/users',
    'accounts.inviteUser',
    { email: `${PRIVATE.staffEmail}@example.org`, name: 'New Clerk', roles: 'clerk' },
    'admin',
  );

  privateDocs = (
    db.prepare('select id from documents where public = 0 or project_id = ? order by id').all(unpublished.id) as Array<{
      id: number;
    }>
  ).map((d) => d.id);

  // Wait until the search index has been rebuilt with the new records: the browser's shard holds the
  // control marker. (The search page alone would not do: before the first build it answers from a plain
  // listing, which finds the marker while the browser files are still being built.)
  const deadline = Date.now() + 30_000;
  const indexed = async () => {
    const res = await get(portal.url, `/search/shards/${shardFile('qz')}`);
    return res.ok && (await res.text()).toLowerCase().includes(CONTROL);
  };
  while (!(await indexed())) {
    if (Date.now() > deadline) throw new Error('The search index was not rebuilt in time.');
    await new Promise((r) => setTimeout(r, 250));
  }

  // Everything public.
  const slugs = (db.prepare('select slug from projects where published = 1').all() as Array<{ slug: string }>).map(
    (p) => p.slug,
  );
  const maxId = one<{ id: number }>('select max(id) as id from projects').id;
  const sitemap = await (await get(portal.url, '/sitemap.xml')).text();
  const starts = [
    '/',
    '/projects',
    '/projects?sort=updated',
    '/enforcement',
    '/map',
    '/near?lat=42.8101&lon=-73.9901&r=2',
    '/open-data',
    '/open-data/records-requests',
    '/alerts',
    '/help',
    '/sitemap.xml',
    '/feeds/town.atom',
    '/enforcement/feed.xml',
    '/feeds/calendar.ics',
    '/feeds/area.atom?lat=42.8101&lon=-73.9901&r=2',
    '/api/projects',
    '/api/projects.csv',
    '/api/projects.geojson',
    '/api/projects?updated_since=2000-01-01',
    '/api/records-requests/monthly.json',
    '/api/records-requests/monthly.csv',
    // Every marker starts with "qz": the browser index's "qz" shard would hold any of them.
    '/search/index.json',
    '/search/display.json',
    `/search/shards/${shardFile('qz')}`,
    ...[...Object.values(PRIVATE), CONTROL].map((m) => `/search?q=${encodeURIComponent(m.slice(0, -2))}`),
    ...Array.from({ length: maxId + 3 }, (_, i) => `/api/projects/${i + 1}`),
    ...slugs.flatMap((s) => [`/projects/${s}`, `/feeds/projects/${s}.atom`, `/feeds/calendar.ics?project=${s}`]),
    ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname),
    `/projects/${unpublished.slug}`,
    `/feeds/projects/${unpublished.slug}.atom`,
    `/feeds/calendar.ics?project=${unpublished.slug}`,
    `/api/projects/${unpublished.id}`,
    ...privateDocs.map((id) => `/documents/${id}`),
  ];
  pages = await crawl(portal.url, [...new Set(starts)], { limit: 3000, perPath: 4 });
}, 180_000);

afterAll(async () => {
  db?.close();
  await portal?.stop();
});

describe('private data on public routes', () => {
  it('the crawl reached every kind of public output, and the published control marker on them', () => {
    expect(pages.length).toBeGreaterThan(400);
    const types = new Set(pages.map((p) => p.type.split(';')[0]));
    for (const t of [
      'text/html',
      'application/json',
      'text/csv',
      'application/atom+xml',
      'text/calendar',
      'application/xml',
      'application/geo+json',
      'application/pdf',
    ])
      expect(types, t).toContain(t);
    const withControl = pages.filter((p) => p.body.toLowerCase().includes(CONTROL)).map((p) => p.url);
    for (const start of [
      '/projects/',
      '/search?',
      '/search/shards/',
      '/search/display.json',
      '/api/projects',
      '/feeds/',
      '/sitemap.xml',
    ]) {
      expect(
        withControl.some((u) => u.startsWith(start)),
        `${start} among ${withControl.join(' ')}`,
      ).toBe(true);
    }
    expect(pages.filter((p) => p.status >= 500).map((p) => p.url)).toEqual([]);
  });

  it('no private marker appears on any of them', () => {
    const leaks: string[] = [];
    for (const p of pages) {
      const body = p.body.toLowerCase();
      for (const [field, marker] of Object.entries(PRIVATE))
        if (body.includes(marker.toLowerCase())) leaks.push(`${field} on ${p.url}`);
    }
    expect(leaks).toEqual([]);
  });

  it('the unpublished project and the private documents answer 404 wherever they are asked for', () => {
    const status = (u: string) => pages.find((p) => p.url === u)?.status;
    expect(status(`/projects/${unpublished.slug}`)).toBe(404);
    expect(status(`/api/projects/${unpublished.id}`)).toBe(404);
    expect(status(`/feeds/projects/${unpublished.slug}.atom`)).toBe(404);
    for (const id of privateDocs) expect(status(`/documents/${id}`), `document ${id}`).toBe(404);
    expect(privateDocs.length).toBeGreaterThanOrEqual(4);
  });

  it('the markers are really stored (the test is not vacuous)', () => {
    expect(
      one<{ n: number }>(
        'select count(*) as n from records_requests where requester_name like ?',
        `${PRIVATE.requesterName}%`,
      ).n,
    ).toBe(1);
    expect(
      one<{ n: number }>('select count(*) as n from performance_guarantees where notes = ?', PRIVATE.guaranteeNotes).n,
    ).toBe(1);
    expect(
      one<{ n: number }>(
        'select count(*) as n from documents where filename = ? and public = 0',
        `${PRIVATE.pendingAttachment}.pdf`,
      ).n,
    ).toBe(1);
    expect(
      one<{ n: number }>(
        'select count(*) as n from alert_subscriptions where email = ?',
        `${PRIVATE.subscriberEmail}@example.org`,
      ).n,
    ).toBe(1);
    expect(
      one<{ n: number }>(
        'select count(*) as n from enforcement_actions where summary like ? and public = 0',
        `%${PRIVATE.privateAction}`,
      ).n,
    ).toBe(1);
  });
});
