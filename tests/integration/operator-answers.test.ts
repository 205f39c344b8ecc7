/**
 * The operator answers a records request made to them (ordinance L(4)), over real HTTP against a built portal
 * of our own, with mail over a real SMTP server: copies uploaded as PDFs with an itemised bill at the Town's
 * schedule; a bill above it refused beside the statement of actual cost, everything typed kept and nothing
 * stored; the payment releases the copies; an inspection offered and done; another project's operator is
 * answered 404 everywhere; staff see every request, and an unanswered one links to an enforcement action
 * citing Subsection L(4).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { createOperatorRequest } from '#lib/server/operator-requests/submit.ts';
import { addDays } from '#lib/shared/days.ts';
import { formatDay } from '#lib/shared/format.ts';
import { get, postAction, signIn } from '../support/http.ts';
import { freePort, startPortal, type Portal } from '../support/portal.ts';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

let portal: Portal;
let mailbox: Mailbox;
let db: DB;
const cookies: Record<string, string> = {};
const SLUG = 'altamont-avenue-plaza';
const today = townToday();

const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;
const all = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).all(...args) as T[];

/** A letter-size PDF of `pages` pages (ten: the bills below charge for ten pages, counted from the file). */
async function pdf(note: string, pages = 10): Promise<Blob> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  doc.setSubject(note);
  return new Blob([new Uint8Array(await doc.save())], { type: 'application/pdf' });
}

/** A browser-like multipart POST to a page (files go to pages, not Actions). */
async function postForm(
  url: string,
  fields: Record<string, string>,
  files: Array<{ blob: Blob; name: string }>,
  cookie?: string,
): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('files', f.blob, f.name);
  return fetch(new URL(url, portal.url), {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { Origin: new URL(portal.url).origin, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

function storedFiles(): string[] {
  const dir = path.join(portal.dataDir, 'files');
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && path.basename(e.parentPath) !== 'tmp')
    .map((e) => e.name)
    .sort();
}

/** A request made to the operator of SLUG through the portal (or, with `receivedOn`, logged by the clerk). */
/** Paper copies to collect unless asked otherwise: the Town's schedule prices the delivery asked for (decision 0069). */
async function newRequest(
  email: string,
  receivedOn?: string,
  delivery: 'electronic' | 'paper_pickup' | 'paper_mail' = 'paper_pickup',
): Promise<number> {
  const clerk = one<{ id: number }>("select id from users where email = 'clerk@rotterdam.example'").id;
  // This test process writes beside the running portal: the transaction waits for the portal's lock without
  // blocking, as a second process must.
  const r = await createOperatorRequest(
    asyncOf(db),
    {
      project: SLUG,
      wantsSwppp: true,
      delivery,
      address: '1 Any Street, Rotterdam, NY',
      name: 'Robin Resident',
      email,
      channel: receivedOn ? 'letter' : 'web',
      receivedOn,
    },
    receivedOn ? { userId: clerk } : { label: 'requester' },
    portal.url,
  );
  if (!r.ok) throw new Error(JSON.stringify(r.fields));
  return r.id;
}

const status = (id: number) => one<{ status: string }>('select status from operator_requests where id = ?', id).status;

beforeAll(async () => {
  const smtpPort = await freePort();
  mailbox = await startMailbox(smtpPort);
  portal = await startPortal({
    env: { MAX_UPLOAD_MB: '1', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_POLL_MS: '200' },
  });
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  for (const who of ['operator', 'operator2', 'officer', 'clerk'])
    cookies[who] = await signIn(portal.url, `${who}@rotterdam.example`, DEMO_PASSWORD);
}, 300_000);

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
  await mailbox?.close();
});

const billAtSchedule = {
  how: 'uploaded',
  'line.0.code': 'page',
  'line.0.description': 'SWPPP narrative',
  'line.0.quantity': '10',
  'line.0.price': '0.25',
  billPayee: 'Altamont Builders LLC',
  billHowToPay: 'A check to Altamont Builders LLC at the site trailer.',
};

describe('the operator answers with copies and a bill (L(4): copying at the requester’s expense)', () => {
  let id: number;
  beforeAll(async () => {
    id = await newRequest('answered@example.org');
  });

  it('the request is in the operator’s queue with the requester’s contact, and counted on /operator', async () => {
    const queue = await (await get(portal.url, '/operator/requests', cookies.operator)).text();
    const number = one<{ number: string }>('select number from operator_requests where id = ?', id).number;
    expect(queue).toContain(number);
    expect(queue).toContain('answered@example.org');
    const home = await (await get(portal.url, '/operator', cookies.operator)).text();
    expect(home).toContain('Records requests to answer');
    expect(home).toMatch(/\d+ requests?<\/strong> waiting for your answer/);
  });

  it('uploads a PDF with a bill at the Town’s schedule: the copies wait for payment, the requester is mailed', async () => {
    const res = await postForm(
      `/operator/requests/${id}/copies`,
      billAtSchedule,
      [{ blob: await pdf('copy-1'), name: 'SWPPP.pdf' }],
      cookies.operator,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/operator/requests/${id}?done=copies`);
    expect(
      one(
        'select status, copies_how, bill_total_cents, town_limit_cents, available_on from operator_requests where id = ?',
        id,
      ),
    ).toEqual({
      status: 'awaiting_payment',
      copies_how: 'uploaded',
      bill_total_cents: 250,
      town_limit_cents: 250,
      available_on: today,
    });
    expect(
      all('select code, quantity, unit_cents, amount_cents from operator_request_charges where request_id = ?', id),
    ).toEqual([{ code: 'page', quantity: 10, unit_cents: 25, amount_cents: 250 }]);
    const file = one<{ sha256: string; file_name: string; id: number }>(
      'select id, sha256, file_name from operator_request_files where request_id = ?',
      id,
    );
    expect(file.file_name).toBe('SWPPP.pdf');
    expect(storedFiles()).toContain(file.sha256);
    expect(
      all<{ action: string }>(
        "select action from audit_log where entity_type = 'operator_request' and entity_id = ? order by id",
        String(id),
      ).map((a) => a.action),
    ).toEqual(['operator_request.create', 'operator_request.provide_copies', 'operator_request.bill']);
    const mail = await mailbox.waitFor(
      (m) => addressedTo(m, 'answered@example.org') && /answered/.test(m.subject ?? ''),
    );
    expect(mail.text).toContain('billed $2.50');
    expect(mail.text).toContain(
      'Pay Altamont Builders LLC (the site’s operator, not the Town). How to pay: A check to Altamont Builders LLC at the site trailer.',
    );
    expect(
      one('select bill_payee, bill_pages_counted, bill_sheets_counted from operator_requests where id = ?', id),
    ).toEqual({ bill_payee: 'Altamont Builders LLC', bill_pages_counted: 10, bill_sheets_counted: 0 });
    // The operator can open the copy they uploaded.
    const download = await get(portal.url, `/operator/requests/${id}/files/${file.id}`, cookies.operator);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
  });

  it('the payment releases the copies: recorded, audited, mailed', async () => {
    const res = await postAction(
      portal.url,
      `/operator/requests/${id}`,
      'operatorAnswers.recordPayment',
      { id, paidOn: today, method: 'check', reference: '1042' },
      cookies.operator,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/operator/requests/${id}?done=paid`);
    expect(
      one(
        'select status, paid_on, payment_method, payment_reference, fulfilled_on from operator_requests where id = ?',
        id,
      ),
    ).toEqual({
      status: 'fulfilled',
      paid_on: today,
      payment_method: 'check',
      payment_reference: '1042',
      fulfilled_on: today,
    });
    expect(
      one<{ n: number }>(
        "select count(*) n from audit_log where action = 'operator_request.record_payment' and entity_id = ?",
        String(id),
      ).n,
    ).toBe(1);
    const mail = await mailbox.waitFor(
      (m) => addressedTo(m, 'answered@example.org') && (m.text ?? '').includes('recorded your payment'),
    );
    expect(mail.text).toContain('the copies are released');
  });

  it('a payment on a day in the future is refused beside the field, with what was typed kept', async () => {
    const other = await newRequest('future-pay@example.org');
    expect(
      (
        await postForm(
          `/operator/requests/${other}/copies`,
          billAtSchedule,
          [{ blob: await pdf('copy-2'), name: 'a.pdf' }],
          cookies.operator,
        )
      ).status,
    ).toBe(303);
    const res = await postAction(
      portal.url,
      `/operator/requests/${other}`,
      'operatorAnswers.recordPayment',
      { id: other, paidOn: addDays(today, 3), method: 'cash', reference: 'typed ref' },
      cookies.operator,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('id="f-paidOn-error">The payment day cannot be in the future.');
    expect(html).toContain('value="typed ref"');
    expect(status(other)).toBe('awaiting_payment');
  });
});

describe('a bill above the Town’s schedule needs the operator’s statement of actual cost', () => {
  it('without a statement: refused with the message beside the statement, everything typed kept, nothing stored', async () => {
    const id = await newRequest('over@example.org', undefined, 'paper_mail');
    const before = storedFiles();
    const fields = {
      ...billAtSchedule,
      'line.0.price': '1.00',
      'line.1.code': 'postage',
      'line.1.description': 'First-class mail',
      'line.1.quantity': '1',
      'line.1.price': '1.50',
    };
    const res = await postForm(
      `/operator/requests/${id}/copies`,
      fields,
      [{ blob: await pdf('refused-copy'), name: 'refused.pdf' }],
      cookies.operator,
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toMatch(
      /id="f-actualCostStatement-error">This bill \(\$11\.50\) is more than the Town&#39;s fee schedule allows for the same records delivered as the requester asked \(paper copies, sent by mail\): \$4\.00\./,
    );
    expect(html).toContain('value="SWPPP narrative"');
    expect(html).toContain('value="First-class mail"');
    expect(html).toContain('value="1.00"');
    expect(html).toContain('Choose the PDFs again');
    expect(storedFiles()).toEqual(before);
    expect(status(id)).toBe('received');
    expect(one<{ n: number }>('select count(*) n from operator_request_charges where request_id = ?', id).n).toBe(0);

    // With the statement: accepted, and the statement kept with the bill.
    const ok = await postForm(
      `/operator/requests/${id}/copies`,
      { ...fields, how: 'mailed', actualCostStatement: 'Color copies at the print shop, receipt kept.' },
      [],
      cookies.operator,
    );
    expect(ok.status).toBe(303);
    expect(
      one(
        'select status, bill_total_cents, town_limit_cents, actual_cost_statement from operator_requests where id = ?',
        id,
      ),
    ).toEqual({
      status: 'awaiting_payment',
      bill_total_cents: 1150,
      town_limit_cents: 400,
      actual_cost_statement: 'Color copies at the print shop, receipt kept.',
    });
  });

  it('electronic copies of a 2-page PDF billed as 40 paper copies × $0.25: the Town would allow $0.00 (like with like)', async () => {
    const id = await newRequest('electronic@example.org', undefined, 'electronic');
    const res = await postForm(
      `/operator/requests/${id}/copies`,
      { ...billAtSchedule, 'line.0.quantity': '40' },
      [{ blob: await pdf('two-pages', 2), name: 'two.pdf' }],
      cookies.operator,
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain(
      'id="f-line-0-error">Line 1: the PDFs you uploaded hold 2 pages; this bill charges for 40 pages.',
    );
    expect(html).toMatch(/as the requester asked \(electronic copies \(email or upload\)\): \$0\.00\./);
    expect(status(id)).toBe('received');
  });

  it('a refused upload of the same bytes as a copy already provided leaves that copy stored (files an operator request uses are kept)', async () => {
    const blob = await pdf('shared-bytes');
    const first = await newRequest('kept-a@example.org');
    expect(
      (
        await postForm(
          `/operator/requests/${first}/copies`,
          { how: 'uploaded' },
          [{ blob, name: 'kept.pdf' }],
          cookies.operator,
        )
      ).status,
    ).toBe(303);
    const sha = one<{ sha256: string }>('select sha256 from operator_request_files where request_id = ?', first).sha256;
    const second = await newRequest('kept-b@example.org');
    const refused = await postForm(
      `/operator/requests/${second}/copies`,
      { ...billAtSchedule, 'line.0.price': '9.00' },
      [{ blob, name: 'again.pdf' }],
      cookies.operator,
    );
    expect(refused.status).toBe(422);
    expect(storedFiles()).toContain(sha);
    expect(
      (
        await get(
          portal.url,
          `/operator/requests/${first}/files/${one<{ id: number }>('select id from operator_request_files where request_id = ?', first).id}`,
          cookies.operator,
        )
      ).status,
    ).toBe(200);
  });

  it('a bad bill line is refused beside that line; a missing way of providing them beside its choice', async () => {
    const id = await newRequest('badline@example.org');
    const res = await postForm(
      `/operator/requests/${id}/copies`,
      {
        how: '',
        'line.0.code': 'page',
        'line.0.description': 'Reports',
        'line.0.quantity': 'ten',
        'line.0.price': '0.25',
      },
      [],
      cookies.operator,
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('id="f-line-0-error">Line 1: enter how many, a whole number of 1 or more.');
    expect(html).toContain('Choose how you provided the copies.');
    expect(html).toContain('value="ten"');
    expect(status(id)).toBe('received');
  });

  it('uploading with no PDF chosen is refused; a file that is not a PDF is refused by its content', async () => {
    const id = await newRequest('nofile@example.org');
    const none = await postForm(`/operator/requests/${id}/copies`, { how: 'uploaded' }, [], cookies.operator);
    expect(none.status).toBe(422);
    expect(await none.text()).toContain('Choose the PDF copies to upload, or say how else you provided them.');
    const fake = await postForm(
      `/operator/requests/${id}/copies`,
      { how: 'uploaded' },
      [{ blob: new Blob(['MZ not a pdf at all'], { type: 'application/pdf' }), name: 'copy.pdf' }],
      cookies.operator,
    );
    expect(fake.status).toBe(422);
    expect(await fake.text()).toContain('“copy.pdf” is not a PDF. Only PDF files are accepted, whatever their name.');
    expect(status(id)).toBe('received');
  });
});

describe('inspection offered, then done', () => {
  it('a day in the past is refused beside the day; a good offer is recorded; marking it inspected completes it', async () => {
    const id = await newRequest('inspect@example.org');
    const past = await postAction(
      portal.url,
      `/operator/requests/${id}`,
      'operatorAnswers.offerInspection',
      { id, place: 'Site trailer, 1 Altamont Ave', on: addDays(today, -2), time: '10:00' },
      cookies.operator,
    );
    expect(past.status).toBe(400);
    const html = await past.text();
    expect(html).toContain('id="f-on-error">The day offered cannot be in the past.');
    expect(html).toContain('value="Site trailer, 1 Altamont Ave"');
    expect(status(id)).toBe('received');

    const ok = await postAction(
      portal.url,
      `/operator/requests/${id}`,
      'operatorAnswers.offerInspection',
      { id, place: 'Site trailer, 1 Altamont Ave', on: today, time: '23:00' },
      cookies.operator,
    );
    expect(ok.status).toBe(303);
    expect(one('select status, inspection_place, available_on from operator_requests where id = ?', id)).toEqual({
      status: 'inspection_offered',
      inspection_place: 'Site trailer, 1 Altamont Ave',
      available_on: today,
    });
    await mailbox.waitFor(
      (m) =>
        addressedTo(m, 'inspect@example.org') &&
        (m.text ?? '').includes('offered the records for inspection at Site trailer'),
    );

    const done = await postAction(
      portal.url,
      `/operator/requests/${id}`,
      'operatorAnswers.markInspected',
      { id },
      cookies.operator,
    );
    expect(done.status).toBe(303);
    expect(status(id)).toBe('fulfilled');
    expect(
      one<{ n: number }>(
        "select count(*) n from audit_log where action = 'operator_request.fulfil' and entity_id = ?",
        String(id),
      ).n,
    ).toBe(1);
  });
});

describe('another project’s operator is answered 404, and nothing changes', () => {
  it('pages, the copies form, the download and every action', async () => {
    const id = await newRequest('private@example.org');
    const file = one<{ id: number; request_id: number }>(
      'select id, request_id from operator_request_files order by id limit 1',
    );
    for (const url of [
      `/operator/requests/${id}`,
      `/operator/requests/${id}/copies`,
      `/operator/requests/${file.request_id}/files/${file.id}`,
    ]) {
      expect((await get(portal.url, url, cookies.operator2)).status, url).toBe(404);
    }
    const queue = await (await get(portal.url, '/operator/requests', cookies.operator2)).text();
    expect(queue).not.toContain('private@example.org');
    expect(
      (
        await postForm(
          `/operator/requests/${id}/copies`,
          billAtSchedule,
          [{ blob: await pdf('intruder'), name: 'x.pdf' }],
          cookies.operator2,
        )
      ).status,
    ).toBe(404);
    const raw = (name: string, fields: Record<string, string>) =>
      fetch(new URL(`/_actions/${name}`, portal.url), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: new URL(portal.url).origin,
          Cookie: cookies.operator2,
        },
        body: new URLSearchParams(fields),
      });
    expect(
      (await raw('operatorAnswers.offerInspection', { id: String(id), place: 'Elsewhere', on: today, time: '23:00' }))
        .status,
    ).toBe(404);
    expect((await raw('operatorAnswers.markInspected', { id: String(id) })).status).toBe(404);
    expect((await raw('operatorAnswers.recordPayment', { id: String(id), paidOn: today, method: 'cash' })).status).toBe(
      404,
    );
    expect(status(id)).toBe('received');
    expect(
      one<{ n: number }>(
        "select count(*) n from audit_log where entity_type = 'operator_request' and entity_id = ? and action <> 'operator_request.create'",
        String(id),
      ).n,
    ).toBe(0);
  });
});

describe('staff see every request; an unanswered one leads to an enforcement action under L(4)', () => {
  it('the officer’s list, the detail with the finding, and the new-action form prefilled', async () => {
    const id = await newRequest('late@example.org', addDays(today, -20));
    const number = one<{ number: string }>('select number from operator_requests where id = ?', id).number;
    const list = await (await get(portal.url, '/staff/operator-requests?status=overdue', cookies.officer)).text();
    expect(list).toContain(number);
    expect(list).toContain('Not answered in five business days');
    const detail = await (await get(portal.url, `/staff/operator-requests/${id}`, cookies.officer)).text();
    expect(detail).toContain('Records request not answered in five business days');
    const href = /href="(\/staff\/projects\/altamont-avenue-plaza\/enforcement\?[^"]+)"/
      .exec(detail)?.[1]
      ?.replace(/&amp;/g, '&');
    expect(href).toBeDefined();
    const form = await (await get(portal.url, href!, cookies.officer)).text();
    expect(form).toMatch(
      /name="citedSection"[^>]*value="Subsection L\(4\)"|value="Subsection L\(4\)"[^>]*name="citedSection"/,
    );
    expect(form).toContain('was not answered within five business days');
    // The clerk reads the same detail, without the officer's enforcement link.
    const clerk = await (await get(portal.url, `/staff/operator-requests/${id}`, cookies.clerk)).text();
    expect(clerk).toContain('Records request not answered in five business days');
    expect(clerk).not.toContain('/enforcement?');
  });
});

describe('the operator’s queue: those to answer first, by due date', () => {
  it('received requests first, the nearest due date first, then open ones, then closed; /operator names the nearest due date', async () => {
    await newRequest('early@example.org', addDays(today, -3));
    const html = await (await get(portal.url, '/operator/requests', cookies.operator)).text();
    const numbers = [...html.matchAll(/href="\/operator\/requests\/\d+" class="nowrap">(OR-\d{4}-\d{4,})</g)].map(
      (m) => m[1],
    );
    const rows = numbers.map((n) =>
      one<{ status: string; due_on: string }>('select status, due_on from operator_requests where number = ?', n),
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['received', 'awaiting_payment', 'fulfilled']));
    const rank = (s: string) => (s === 'received' ? 0 : s === 'fulfilled' || s === 'withdrawn' ? 2 : 1);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      expect(rank(a.status), `${numbers[i - 1]} before ${numbers[i]}`).toBeLessThanOrEqual(rank(b.status));
      if (rank(a.status) === rank(b.status) && rank(a.status) < 2)
        expect(a.due_on <= b.due_on, `${numbers[i - 1]} before ${numbers[i]}`).toBe(true);
    }
    const nearest = one<{ d: string }>(
      "select min(r.due_on) d from operator_requests r join project_members m on m.project_id = r.project_id join users u on u.id = m.user_id where u.email = 'operator@rotterdam.example' and r.status = 'received'",
    ).d;
    expect(rows[0]).toEqual({ status: 'received', due_on: nearest });
    expect(await (await get(portal.url, '/operator', cookies.operator)).text()).toContain(
      `the nearest is due ${formatDay(nearest)}`,
    );
  });
});
