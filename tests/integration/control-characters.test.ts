/**
 * Control characters (NUL, BEL, ESC, DEL, C1 controls; not tab or line breaks) are refused in every text
 * field with a plain message beside the field, and nothing is stored: the public records-request form, the
 * clerk's entry form (Actions), and the staff's document upload (a multipart page). Tab and line breaks
 * are ordinary text and still go through.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { CONTROL_CHARACTERS, fileStore, postMultipart } from '../support/attack.ts';
import { postAction, signIn, type Fields } from '../support/http.ts';

const base = inject('baseURL');
const dataDir = inject('dataDir');
const db = openDatabase(path.join(dataDir, 'portal.db'));
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;
/**
 * Requests this file's forms could have stored: other files share the portal and file requests meanwhile, so the
 * names are this file's own (other files' letters come from a "Letter Writer" and a "Paper Letter Writer").
 */
const ourRequests = () =>
  one<{ n: number }>(
    "select count(*) as n from records_requests where requester_email = 'control.tester@example.org' or requester_name = 'Control Letter Writer'",
  ).n;

const MESSAGE = 'This contains an invisible control character (such as NUL), which cannot be saved.';
/** The error paragraph tied to a field (Field.astro: id="f-<name>-error"). */
const fieldError = (html: string, name: string) =>
  new RegExp(`id="f-${name}-error"[^>]*>([^<]*)<`).exec(html)?.[1] ?? '';

let slug: string;
let swpppId: number;
let clerk: string;
let keys = 0;
const formKey = () => `control-characters-key-${String(++keys).padStart(3, '0')}`.padEnd(43, 'x');

beforeAll(async () => {
  const p = one<{ slug: string; id: number }>(
    "select p.slug, p.id from projects p where p.published = 1 and exists (select 1 from documents d where d.project_id = p.id and d.type = 'swppp' and d.public = 1) order by p.name limit 1",
  );
  slug = p.slug;
  swpppId = one<{ id: number }>(
    "select id from documents where project_id = ? and type = 'swppp' and public = 1 order by id limit 1",
    p.id,
  ).id;
  clerk = await signIn(base, 'clerk@rotterdam.example', DEMO_PASSWORD);
});

const request = (overrides: Fields): Fields => ({
  formKey: formKey(),
  intent: 'submit',
  project: slug,
  documentIds: String(swpppId),
  delivery: 'electronic',
  name: 'Control Tester',
  email: 'control.tester@example.org',
  confirmOnlineOnly: 'yes',
  ...overrides,
});

describe('the public records-request form', () => {
  it.each(CONTROL_CHARACTERS)(
    'refuses %j in the description and the name, beside each, and stores nothing',
    async (bad) => {
      const before = ourRequests();
      const res = await postAction(
        base,
        '/requests/new',
        'requests.submit',
        request({ freeText: `Review letters ${bad}`, name: `Pat ${bad}` }),
      );
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(fieldError(html, 'freeText')).toContain(MESSAGE);
      expect(fieldError(html, 'name')).toContain(MESSAGE);
      expect(fieldError(html, 'email')).toBe('');
      expect(ourRequests()).toBe(before);
    },
  );

  it('takes tabs and line breaks as ordinary text (a preview: the form comes back without a message)', async () => {
    const res = await postAction(
      base,
      '/requests/new',
      'requests.submit',
      request({ intent: 'preview', freeText: 'Line one\r\nLine two\twith a tab', name: 'Tab Tester' }),
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(fieldError(html, 'freeText')).toBe('');
    expect(html).toMatch(/Line one\r?\nLine two\twith a tab<\/textarea>/);
  });

  it('the same post by fetch (JSON answer) is refused too', async () => {
    const before = ourRequests();
    const res = await fetch(new URL('/_actions/requests.submit', base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(base).origin },
      body: new URLSearchParams(request({ address: 'a\u0000b' }) as Record<string, string>),
    });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { fields?: Record<string, string[]> };
    expect(json.fields?.address?.[0]).toContain(MESSAGE);
    expect(ourRequests()).toBe(before);
  });
});

describe('the clerk’s forms', () => {
  it('entering a request by hand: refused beside the field, nothing stored', async () => {
    const before = ourRequests();
    const res = await postAction(
      base,
      '/staff/requests/new',
      'requests.enter',
      {
        formKey: formKey(),
        intent: 'submit',
        channel: 'mail',
        receivedOn: '2026-03-02',
        receivedTime: '10:00',
        project: slug,
        freeText: 'All amendments\u0000',
        delivery: 'paper_mail',
        name: 'Control Letter Writer',
        address: '1 Paper Street\u001b, Rotterdam, NY',
      },
      clerk,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(fieldError(html, 'freeText')).toContain(MESSAGE);
    expect(fieldError(html, 'address')).toContain(MESSAGE);
    expect(ourRequests()).toBe(before);
  });

  it('uploading a project document (a multipart page): refused beside the title, no file or row kept', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    doc.setSubject('control characters');
    const bytes = await doc.save();
    const sha = createHash('sha256').update(bytes).digest('hex');
    // Other test files upload to the same server meanwhile: only this upload's row and file are counted.
    const ours = () =>
      one<{ n: number }>("select count(*) as n from documents where title like 'Site photo%log' or sha256 = ?", sha).n;
    const res = await postMultipart(
      base,
      '/staff/projects/curry-road-distribution-center/documents',
      { type: 'other', title: 'Site photo\u0000 log', documentDate: '2026-03-02' },
      { file: [{ bytes, name: 'log.pdf', type: 'application/pdf' }] },
      clerk,
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(fieldError(html, 'title')).toContain(MESSAGE);
    // The file was dropped with the refusal: the page says to choose it again.
    expect(fieldError(html, 'file')).toContain('Choose the file again');
    expect(ours()).toBe(0);
    expect(fileStore(dataDir).files).not.toContain(sha);
    // Another file's upload may be half-received at this instant: its temporary file goes when it is done.
    await expect.poll(() => fileStore(dataDir).temporary, { timeout: 15_000 }).toEqual([]);
  });
});

describe('one-line fields', () => {
  it('fold a line break in a requester’s name into a space before it is stored, so the staff CSV keeps one line per request', async () => {
    const res = await postAction(
      base,
      '/requests/new',
      'requests.submit',
      request({ name: 'Zqx\r\nBcc: victim@example.org', phone: '518\n555 0100' }),
    );
    expect(res.status).toBe(303);
    const row = one<{ id: number; requester_name: string; requester_phone: string | null }>(
      "select id, requester_name, requester_phone from records_requests where requester_email = 'control.tester@example.org' and requester_name like 'Zqx%' order by id desc limit 1",
    );
    expect(row.requester_name).toBe('Zqx Bcc: victim@example.org');
    expect(row.requester_phone).toBe('518 555 0100');
    const csv = await (await fetch(new URL('/staff/requests/export.csv', base), { headers: { cookie: clerk } })).text();
    const lines = csv.split(/\r?\n/).filter((l) => l.includes('Zqx'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Zqx Bcc: victim@example.org');
  });
});
