/**
 * Decision 0030 over real HTTP against the built portal. What is online: beside each document the portal already
 * publishes, the request form shows "free — download now" (a link to it); asking electronically for only such
 * documents, the form says so before sending, with the links and a "Send the request anyway" box, keeping everything
 * typed; ticked, the request is sent. The breakdown: the tracking page shows the estimate the form showed, line by
 * line. Paper: a paper request's tracking page heading says what is true.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#lib/server/platform/db.ts';
import { get, postAction, type Fields } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

// A portal of its own: one of its documents is made unpublished below.
let portal: Portal;
let base: string;
let db: ReturnType<typeof openDatabase>;
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;

let slug: string;
let publicDoc: { id: number; title: string };
let hiddenDoc: { id: number; title: string };
let key = 0;
const formKey = () => `online-docs-form-key-${++key}`.padEnd(43, 'o');

beforeAll(async () => {
  portal = await startPortal();
  base = portal.url;
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  // A published project with a published SWPPP and a requestable document the portal does not publish
  // (an inspection report hidden from the project page: public by law, so on the form, but not online).
  const p = one<{ id: number; slug: string }>(
    "select p.id, p.slug from projects p where p.published = 1 and exists (select 1 from documents d where d.project_id = p.id and d.type = 'swppp' and d.public = 1) and exists (select 1 from documents d where d.project_id = p.id and d.type = 'monthly_summary') order by p.name limit 1",
  );
  slug = p.slug;
  publicDoc = one(
    "select id, title from documents where project_id = ? and type = 'swppp' and public = 1 order by id limit 1",
    p.id,
  );
  hiddenDoc = one(
    "select id, title from documents where project_id = ? and type = 'monthly_summary' order by id limit 1",
    p.id,
  );
  db.$client.prepare('update documents set public = 0 where id = ?').run(hiddenDoc.id);
}, 300_000);

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
  if (portal) fs.rmSync(portal.dataDir, { recursive: true, force: true });
});

const fields = (patch: Fields = {}): Fields => ({
  formKey: formKey(),
  intent: 'submit',
  project: slug,
  documentIds: String(publicDoc.id),
  delivery: 'electronic',
  name: 'Online Reader',
  email: 'online.reader@example.org',
  phone: '(518) 555-0142',
  ...patch,
});
const send = (f: Fields) => postAction(base, '/requests/new', 'requests.submit', f);

describe('what is online needs no request, and the form says so before sending', () => {
  it('the form shows "free — download now" beside a published document only, linking to it', async () => {
    const html = await (await get(base, `/requests/new?project=${slug}`)).text();
    expect(html).toContain(
      `<a class="online-now" href="/documents/${publicDoc.id}" aria-label="free — download now: ${publicDoc.title.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">free — download now</a>`,
    );
    expect(html).not.toContain(`href="/documents/${hiddenDoc.id}"`);
    // The link works for anyone.
    expect((await get(base, `/documents/${publicDoc.id}`)).status).toBe(200);
  });

  it('electronic copies of only published documents: a note with the links and a confirm box, nothing typed lost, nothing sent', async () => {
    const before = one<{ n: number }>('select count(*) n from records_requests').n;
    const res = await send(fields({ freeText: '' }));
    // A warning that asks before sending, not a refusal (decision 0107).
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Everything you asked for is already published on this portal');
    expect(html).toMatch(new RegExp(`<ul class="online-notice"><li><a href="/documents/${publicDoc.id}">`));
    expect(html).toContain('name="confirmOnlineOnly" value="yes"');
    expect(html).toContain('Send the request anyway');
    expect(html).toContain('value="Online Reader"');
    expect(html).toContain('value="(518) 555-0142"');
    expect(html).toMatch(new RegExp(`value="${publicDoc.id}"[^>]*checked|checked[^>]*value="${publicDoc.id}"`));
    expect(one<{ n: number }>('select count(*) n from records_requests').n).toBe(before);
    // Ticked, the request is sent.
    const sent = await send(fields({ confirmOnlineOnly: 'yes', email: 'online.reader.2@example.org' }));
    expect(sent.status).toBe(303);
    expect(one<{ n: number }>('select count(*) n from records_requests').n).toBe(before + 1);
  });

  it('no note when anything asked for is not online, on paper, or described in words', async () => {
    for (const patch of [
      { documentIds: [String(publicDoc.id), String(hiddenDoc.id)], email: 'a.online@example.org' },
      { delivery: 'paper_pickup', email: 'b.online@example.org' },
      { freeText: 'And the engineer’s letters', email: 'c.online@example.org' },
    ]) {
      const res = await send(fields(patch));
      expect(res.status, JSON.stringify(patch)).toBe(303);
    }
  });
});

describe('the tracking page shows the fee breakdown the form showed, and a paper request says what is true', () => {
  it('paper by mail: the estimate line by line, as on the form, and "Being prepared: copies to be mailed"', async () => {
    const f = fields({
      delivery: 'paper_mail',
      address: '12 Paper Lane, Rotterdam, NY',
      email: 'paper.breakdown@example.org',
      intent: 'preview',
    });
    const formHtml = await (await send(f)).text();
    const lines = (html: string) =>
      [...html.matchAll(/<table class="estimate-lines">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/g)].map((m) =>
        m[1]
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    const onForm = lines(formHtml);
    expect(onForm).toHaveLength(1);
    expect(onForm[0]).toMatch(/Copies: .+ \$\d+\.\d\d/);
    const res = await send({ ...f, intent: 'submit' });
    expect(res.status).toBe(303);
    const page = await (await get(base, res.headers.get('location')!)).text();
    expect(lines(page)).toEqual(onForm);
    expect(page).toContain('The estimate, line by line');
    expect(page).toMatch(/<h2 class="status-headline">Being prepared: copies to be mailed<\/h2>/);
    expect(page).toContain('<h2 id="files">Electronic copies</h2>');
  });
});
