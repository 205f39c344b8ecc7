/**
 * A request that came by post from someone with no email address, over real HTTP: the clerk logs it, prints the
 * acknowledgment, the decision letter and the bill (each with the request number, the tracking link written out
 * and as a QR code), and the request page speaks of printing, not of emailing. Only clerks may print them.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { formatDay } from '#lib/shared/format.ts';
import { get, postAction, signIn } from '../support/http.ts';
import { htmlText, pdfText } from '../support/crawl.ts';

const base = inject('baseURL');
const db = openDatabase(path.join(inject('dataDir'), 'portal.db'));
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;

let clerk: string;
let officer: string;
let operator: string;
let id: number;
let number: string;
let here: string;
let trackingUrl: string;

afterAll(() => db.$client.close());

beforeAll(async () => {
  clerk = await signIn(base, 'clerk@rotterdam.example', DEMO_PASSWORD);
  officer = await signIn(base, 'officer@rotterdam.example', DEMO_PASSWORD);
  operator = await signIn(base, 'operator@rotterdam.example', DEMO_PASSWORD);
});

/** The PDF's content streams, inflated: the QR code is drawn there as vector modules. */
function streams(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1');
  return [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((m) => {
    try {
      return zlib.inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      return m[1];
    }
  });
}

async function letter(kind: string): Promise<string> {
  const res = await get(base, `${here}/letters/${kind}.pdf`, clerk);
  expect(res.status, kind).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
  // One path of many small squares: the QR code of the tracking link.
  expect(streams(bytes).some((s) => (s.match(/ re\b|h\s|l\s/g) ?? []).length > 200)).toBe(true);
  return pdfText(bytes);
}

const pageText = async () => htmlText(await (await get(base, here, clerk)).text());

describe('a paper request from someone with no email address', () => {
  it('the clerk logs it and is given the tracking link to print', async () => {
    const p = one<{ slug: string; id: number }>(
      'select p.slug, p.id from projects p where p.published = 1 and (select count(*) from documents d where d.project_id = p.id and d.public = 1) >= 2 order by p.name limit 1',
    );
    const docs = db.$client
      .prepare('select id from documents where project_id = ? and public = 1 order by id limit 2')
      .all(p.id) as Array<{ id: number }>;
    const res = await postAction(
      base,
      '/staff/requests/new',
      'requests.enter',
      {
        formKey: 'paper-letters-form-key'.padEnd(43, 'x'),
        intent: 'submit',
        channel: 'mail',
        receivedOn: '2026-12-04',
        receivedTime: '10:15',
        project: p.slug,
        documentIds: docs.map((d) => String(d.id)),
        delivery: 'paper_mail',
        name: 'Paper Letter Writer',
        address: '12 Paper Street, Rotterdam, NY 12306',
        confirmDuplicate: 'yes',
      },
      clerk,
    );
    expect(res.status).toBe(303);
    id = Number(res.headers.get('location')!.match(/^\/staff\/requests\/(\d+)\?created=1&link=/)![1]);
    here = `/staff/requests/${id}`;
    number = one<{ number: string }>('select number from records_requests where id = ?', id).number;
    const created = htmlText(await (await get(base, res.headers.get('location')!, clerk)).text());
    trackingUrl = created.match(/https?:\/\/\S+?\/requests\/track\/[A-Za-z0-9_-]{43}/)![0];
  });

  it('the request page offers letters to print and says nothing of emailing the requester', async () => {
    const text = await pageText();
    expect(text).toContain('Print the acknowledgment');
    expect(text).toContain('Record the acknowledgment');
    expect(text).toContain('The decision letter: once a decision is recorded.');
    expect(text).not.toMatch(/email(ed)? (to )?the requester|and emailed|was emailed|Send to the requester/i);
  });

  it('prints the acknowledgment: request number, date received, what was asked, the due date and the tracking link', async () => {
    const r = one<{ due_on: string; received_at: number }>(
      'select due_on, received_at from records_requests where id = ?',
      id,
    );
    const text = await letter('acknowledgment');
    expect(text).toContain(number);
    expect(text).toContain(formatDay(r.due_on));
    expect(text).toContain('Paper Letter Writer');
    expect(text).toContain('12 Paper Street, Rotterdam, NY 12306');
    expect(text).toContain(trackingUrl);
    // The link printed is the one that works.
    expect((await get(base, new URL(trackingUrl).pathname)).status).toBe(200);
  });

  it('once acknowledged with a date, the acknowledgment gives that date', async () => {
    const ack = await postAction(
      base,
      here,
      'requests.acknowledge',
      { id, acknowledgedOn: '2026-12-04', promisedOn: '2026-12-18' },
      clerk,
    );
    expect(ack.status).toBe(303);
    const text = await letter('acknowledgment');
    expect(text).toContain(formatDay('2026-12-18'));
    expect(text).toContain(trackingUrl);
  });

  it('prints the decision letter: what was granted and denied, the ground and the appeal right', async () => {
    const items = db.$client.prepare('select id from request_items where request_id = ? order by id').all(id) as Array<{
      id: number;
    }>;
    const ground = one<{ id: number }>("select id from denial_grounds where citation = 'POL §87(2)(b)'");
    const denied = await postAction(
      base,
      here,
      'requests.decideItem',
      { id, itemId: items[0].id, decision: 'denied', groundId: ground.id, reason: 'Names a private person.' },
      clerk,
    );
    expect(denied.status).toBe(303);
    expect(
      (await postAction(base, here, 'requests.decideItem', { id, itemId: items[1].id, decision: 'granted' }, clerk))
        .status,
    ).toBe(303);
    const text = await letter('decision');
    expect(text).toContain(number);
    expect(text).toContain('§87(2)(b)');
    expect(text).toContain('Names a private person.');
    expect(text).toMatch(/right to appeal/i);
    expect(text).toMatch(/granted/i);
    expect(text).toContain(trackingUrl);
    expect(await pageText()).toContain('Print the decision letter');
  });

  it('prints the bill with the tracking link and its QR code', async () => {
    expect((await postAction(base, here, 'requests.bill', { id }, clerk)).status).toBe(303);
    const invoice = one<{ number: string }>(
      "select number from invoices where request_id = ? and status <> 'void' order by id desc limit 1",
      id,
    ).number;
    const text = await letter('bill');
    expect(text).toContain(invoice);
    expect(text).toContain(number);
    expect(text).toContain(trackingUrl);
    const page = await pageText();
    expect(page).toContain('Print the bill');
    expect(page).not.toMatch(/email(ed)? (to )?the requester|and emailed|was emailed|Send to the requester/i);
  });

  it('only the clerk may print them: signed out is sent to sign in; an operator or the officer is refused', async () => {
    for (const kind of ['acknowledgment', 'decision', 'bill']) {
      const anonymous = await get(base, `${here}/letters/${kind}.pdf`);
      expect(anonymous.status).toBe(303);
      expect(anonymous.headers.get('location')).toMatch(/^\/signin\?next=/);
      expect((await get(base, `${here}/letters/${kind}.pdf`, operator)).status).toBe(403);
      expect((await get(base, `${here}/letters/${kind}.pdf`, officer)).status).toBe(403);
    }
    expect((await get(base, `${here}/letters/nonsense.pdf`, clerk)).status).toBe(404);
  });
});
