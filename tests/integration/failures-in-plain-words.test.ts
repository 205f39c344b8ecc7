/**
 * A failure on our side (here: the database refuses every write, as when the disk is full or another
 * process holds it) is shown in plain words with a reference — "We could not save this — nothing was
 * kept; try again later." — and never with the internal message ("database is locked", SQLITE_BUSY, a
 * stack trace). The detail is in the server log under the same reference. Covers an action posted from
 * a form, the same action called by fetch (JSON), and a page that handles its own multipart POST (the
 * 500 page). A portal of its own: its database is held locked while the posts are made.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { LEAKED_ERROR, postMultipart } from '../support/attack.ts';
import { formBody, get, postAction, signIn } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

const PLAIN = 'We could not save this — nothing was kept; try again later.';
const INTERNAL =
  /database is locked|SQLITE_BUSY|SqliteError|ENOSPC|disk is full|at \S+ \(|node:internal|DATA_DIR|SMTP_URL|\.ts:\d+/i;
const REFERENCE = /reference: ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/;

let portal: Portal;
let lock: Database.Database;
let operator: string;
let operatorSlug: string;
let request: Record<string, string>;
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&rsquo;|’/g, "'")
    .replace(/\s+/g, ' ');

beforeAll(async () => {
  portal = await startPortal();
  operator = await signIn(portal.url, 'operator@rotterdam.example', DEMO_PASSWORD);
  const db = new Database(path.join(portal.dataDir, 'portal.db'), { readonly: true });
  try {
    operatorSlug = (
      db
        .prepare(
          "select p.slug from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id where u.email = 'operator@rotterdam.example' and p.status = 'active' order by p.name",
        )
        .get() as { slug: string }
    ).slug;
    const p = db
      .prepare(
        "select p.slug, d.id as doc from projects p join documents d on d.project_id = p.id where p.published = 1 and d.type = 'swppp' and d.public = 1 order by p.name limit 1",
      )
      .get() as { slug: string; doc: number };
    request = {
      formKey: 'plain-words-failure-key'.padEnd(43, 'x'),
      intent: 'submit',
      project: p.slug,
      documentIds: String(p.doc),
      delivery: 'electronic',
      name: 'Failing Tester',
      email: 'failing.tester@example.org',
      confirmOnlineOnly: 'yes',
    };
  } finally {
    db.close();
  }
  // Hold the write lock: every write of the portal waits its busy timeout, then fails.
  lock = new Database(path.join(portal.dataDir, 'portal.db'));
  lock.exec('BEGIN IMMEDIATE');
}, 300_000);

afterAll(async () => {
  if (lock?.inTransaction) lock.exec('ROLLBACK');
  lock?.close();
  await portal?.stop();
});

/** The reference shown, after checking the words around it; and that the log has it with the detail. */
function checkPlain(body: string, what: string): string {
  const words = text(body);
  expect(words, what).toContain(PLAIN);
  expect(body, what).not.toMatch(INTERNAL);
  expect(body, what).not.toMatch(LEAKED_ERROR);
  const id = REFERENCE.exec(words)?.[1];
  expect(id, `${what}: a reference`).toBeTruthy();
  const logged = portal
    .output()
    .split('\n')
    .filter((line) => line.includes(`[request ${id}]`));
  expect(logged.join('\n'), `${what}: the log names the reference with the detail`).toMatch(
    /database is locked|SQLITE_BUSY/,
  );
  return id!;
}

describe('a failure of ours', () => {
  it('an action posted from a form: the page says it in plain words, with a reference', async () => {
    const res = await postAction(portal.url, '/requests/new', 'requests.submit', request);
    const body = await res.text();
    expect(res.status).toBeGreaterThanOrEqual(500);
    checkPlain(body, 'the records request form');
    // What was typed is put back, so nothing is lost.
    expect(body).toContain('value="Failing Tester"');
  });

  it('the same action called by fetch: JSON with the plain words, not the exception', async () => {
    const res = await fetch(new URL('/_actions/requests.submit', portal.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(portal.url).origin },
      body: formBody({ ...request, formKey: 'plain-words-failure-rpc'.padEnd(43, 'x') }),
    });
    expect(res.status).toBe(500);
    const json = (await res.json()) as { message: string; code: string };
    expect(json.code).toBe('INTERNAL_SERVER_ERROR');
    checkPlain(json.message, 'the JSON answer');
  });

  it('a page that handles its own POST and throws: the 500 page, in plain words, with a reference', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    const res = await postMultipart(
      portal.url,
      `/operator/projects/${operatorSlug}/documents/new`,
      {
        type: 'as_built_plans',
        documentDate: new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' }),
        publicProposed: 'yes',
      },
      { document: [{ bytes: await doc.save(), name: 'as-built.pdf', type: 'application/pdf' }] },
      operator,
    );
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const body = await res.text();
    expect(body).toContain('Something went wrong on our side');
    checkPlain(body, 'the 500 page');
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
  });

  it('the server is still up, and reads still work while writes fail', async () => {
    expect((await get(portal.url, '/healthz')).status).toBe(200);
    expect((await get(portal.url, '/projects')).status).toBe(200);
    expect(portal.process.exitCode).toBeNull();
  });
});
