/**
 * A multipart field may be named anything, "__proto__", "constructor", "toString" and "hasOwnProperty"
 * included. Posted to every page that reads a multipart body (found in the source tree, so a new upload
 * page is covered or this test fails), as a text field and as a file field, each is refused like any
 * other incomplete form: the request gets its own answer, never a 500, and the server lives on. (Until
 * the fix, the reader kept fields in a plain object: the first such post threw inside a parser event and
 * the process exited.) A portal of its own: a failure here must not take down the shared one.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { fileStore, postMultipart } from '../support/attack.ts';
import { get, signIn } from '../support/http.ts';
import { ROOT, startPortal, type Portal } from '../support/portal.ts';
import { listPostRoutes } from '../support/source-routes.ts';

const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

let portal: Portal;
let db: Database.Database;
const cookies: Record<string, string> = {};
const one = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as T;
let pdf: Uint8Array;

/** Every page that reads a multipart body, itself or through an upload its domain defines (defineUpload). */
function uploadRoutes(): string[] {
  return listPostRoutes().filter((route) => {
    const file = ['.astro', '.ts']
      .map((ext) => path.join(ROOT, 'src/pages', route + ext))
      .find((f) => fs.existsSync(f))!;
    return /receiveMultipart\(|Upload\.receive\(|enctype="multipart\/form-data"/.test(fs.readFileSync(file, 'utf8'));
  });
}

/** A real address and the person who may post there, for each upload page. */
const TARGETS: Record<string, { who: string; url: () => string }> = {
  'operator/projects/[slug]/inspections/new': {
    who: 'operator',
    url: () => `/operator/projects/${operatorSlug()}/inspections/new`,
  },
  'operator/projects/[slug]/inspections/[id]': {
    who: 'operator',
    url: () =>
      ((r) => `/operator/projects/${r.slug}/inspections/${r.id}`)(
        one<{ slug: string; id: number }>(
          "select p.slug, min(i.id) as id from inspections i join projects p on p.id = i.project_id join project_members m on m.project_id = p.id join users u on u.id = m.user_id where u.email = 'operator@rotterdam.example' and i.superseded_at is null",
        ),
      ),
  },
  'operator/projects/[slug]/summaries/new': {
    who: 'operator',
    url: () => `/operator/projects/${operatorSlug()}/summaries/new`,
  },
  'operator/projects/[slug]/documents/new': {
    who: 'operator',
    url: () => `/operator/projects/${operatorSlug()}/documents/new`,
  },
  'staff/projects/[slug]/documents': {
    who: 'clerk',
    url: () => '/staff/projects/curry-road-distribution-center/documents',
  },
  'operator/applications/new': { who: 'operator', url: () => '/operator/applications/new' },
  'operator/applications/[id]': {
    who: 'operator',
    url: () =>
      `/operator/applications/${one<{ id: number }>("select min(a.id) as id from permit_applications a join users u on u.id = a.applicant_user_id where u.email = 'operator@rotterdam.example'").id}`,
  },
  'operator/requests/[id]/copies': {
    who: 'operator',
    url: () =>
      `/operator/requests/${one<{ id: number }>("select min(r.id) as id from operator_requests r join project_members m on m.project_id = r.project_id join users u on u.id = m.user_id where u.email = 'operator@rotterdam.example' and r.status in ('received', 'inspection_offered')").id}/copies`,
  },
  'staff/requests/[id]/upload': {
    who: 'clerk',
    url: () =>
      `/staff/requests/${one<{ id: number }>("select min(id) as id from records_requests where status in ('received', 'acknowledged')").id}/upload`,
  },
  'staff/projects/[slug]/inspections': {
    who: 'officer',
    url: () => '/staff/projects/curry-road-distribution-center/inspections',
  },
  'staff/enforcement/[id]': {
    who: 'officer',
    url: () => `/staff/enforcement/${one<{ id: number }>('select min(id) as id from enforcement_actions').id}`,
  },
  // A resident's report with photos: anyone may post it.
  report: { who: 'anonymous', url: () => '/report?project=curry-road-distribution-center' },
  // Anyone adds words and photos to a report.
  'reports/[id]/add': {
    who: 'anonymous',
    url: () => `/reports/${one<{ id: number }>('select min(id) as id from site_reports where hidden = 0').id}/add`,
  },
  // The owner's yearly report; staff file a practice's agreement or easement; the town's logo.
  'operator/practices/[id]': {
    who: 'operator',
    url: () =>
      `/operator/practices/${one<{ id: number }>("select min(s.id) as id from stormwater_practices s join users u on u.id = s.maintainer_user_id where u.email = 'operator@rotterdam.example'").id}`,
  },
  'staff/practices/[id]': {
    who: 'clerk',
    url: () => `/staff/practices/${one<{ id: number }>('select min(id) as id from stormwater_practices').id}`,
  },
  'staff/settings': { who: 'admin', url: () => '/staff/settings' },
};

function operatorSlug(): string {
  return one<{ slug: string }>(
    "select p.slug from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id where u.email = 'operator@rotterdam.example' and p.status = 'active' and p.actual_start_on is not null order by p.name",
  ).slug;
}

beforeAll(async () => {
  portal = await startPortal();
  db = new Database(path.join(portal.dataDir, 'portal.db'), { readonly: true });
  for (const who of ['admin', 'clerk', 'officer', 'operator'])
    cookies[who] = await signIn(portal.url, `${who}@rotterdam.example`, DEMO_PASSWORD);
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  pdf = await doc.save();
}, 300_000);

afterAll(async () => {
  db?.close();
  await portal?.stop();
});

const alive = async () => {
  const health = await get(portal.url, '/healthz');
  expect(health.status, portal.output().slice(-2000)).toBe(200);
  expect(portal.process.exitCode).toBeNull();
};

describe('field names that are Object.prototype members', () => {
  it('every upload page is listed here', () => {
    const routes = uploadRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(6);
    expect(
      routes.filter((r) => !TARGETS[r]),
      'an upload page without a target in this test',
    ).toEqual([]);
  });

  describe.each(Object.keys(TARGETS))('%s', (route) => {
    it.each(NAMES)(
      '“%s” as a text field and as a file field: refused for this request only; the server lives on',
      async (name) => {
        const target = TARGETS[route];
        const asText = await postMultipart(
          portal.url,
          target.url(),
          { [name]: 'x', title: 'A title' },
          {},
          cookies[target.who],
        );
        expect(asText.status, `${name} as a text field`).toBeGreaterThanOrEqual(400);
        expect(asText.status, `${name} as a text field`).toBeLessThan(500);
        await asText.text();
        await alive();
        // (A page that takes files under any name, the clerk's request upload, may accept it.)
        const asFile = await postMultipart(
          portal.url,
          target.url(),
          { title: 'A title' },
          { [name]: [{ bytes: pdf, name: 'report.pdf', type: 'application/pdf' }] },
          cookies[target.who],
        );
        expect(asFile.status, `${name} as a file field`).toBeLessThan(500);
        await asFile.text();
        await alive();
        // Both together, with the name repeated (the second value of a field appends to the first).
        const both = await postMultipart(
          portal.url,
          target.url(),
          { [name]: ['x', 'y'] },
          { [name]: [{ bytes: pdf, name: 'again.pdf', type: 'application/pdf' }] },
          cookies[target.who],
        );
        expect(both.status).toBeLessThan(500);
        await both.text();
        await alive();
        expect(fileStore(portal.dataDir).temporary, 'no temporary file left').toEqual([]);
      },
    );
  });
});
