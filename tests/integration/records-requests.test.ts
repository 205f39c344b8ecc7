/**
 * Records requests over real HTTP against the built portal (demo town): bad input (empty, oversized,
 * malformed email, unknown project, tampered token, double submit, honeypot), the per-IP limit, privacy of
 * contact details, clerk entry with the arrival time, the queue's CSV, and closures moving due dates.
 */
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { get, postAction, signIn, type Fields } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

const base = inject('baseURL');
const db = openDatabase(path.join(inject('dataDir'), 'portal.db'));
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;

let slug: string;
let swpppId: number;
let clerk: string;
let keyCounter = 0;
/** A fresh one-time form key, as the form page would give. */
const formKey = () => `integration-form-key-${String(++keyCounter).padStart(3, '0')}`.padEnd(43, 'x');
const text = async (res: Response) =>
  (await res.text())
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&rsquo;|’/g, "'")
    .replace(/\s+/g, ' ');

beforeAll(async () => {
  const p = one<{ slug: string; id: number }>(
    "select p.slug, p.id from projects p where p.published = 1 and exists (select 1 from documents d where d.project_id = p.id and d.type = 'swppp' and d.public = 1) and exists (select 1 from documents d where d.project_id = p.id and d.type = 'inspection_report' and d.public = 1) order by p.name limit 1",
  );
  slug = p.slug;
  swpppId = one<{ id: number }>(
    "select id from documents where project_id = ? and type = 'swppp' and public = 1 order by id limit 1",
    p.id,
  ).id;
  clerk = await signIn(base, 'clerk@rotterdam.example', DEMO_PASSWORD);
});

function good(overrides: Fields = {}): Fields {
  // These tests send the same SWPPP from one address many times on purpose: "Send it anyway" (the duplicate guard, 0031).
  return {
    formKey: formKey(),
    intent: 'submit',
    project: slug,
    documentIds: String(swpppId),
    delivery: 'electronic',
    name: 'Integration Tester',
    email: 'integration.tester@example.org',
    phone: '(518) 555-0199',
    address: '77 Private Lane, Rotterdam, NY',
    confirmDuplicate: 'yes',
    confirmOnlineOnly: 'yes',
    ...overrides,
  };
}

const submit = (fields: Fields) => postAction(base, '/requests/new', 'requests.submit', fields);

describe('the request form refuses bad input, keeps what was typed, and says what is wrong beside each field', () => {
  it('empty form: an error summary links to each field in error, on this page', async () => {
    const res = await submit({ formKey: formKey(), intent: 'submit' });
    expect(res.status).toBe(400);
    const html = await res.clone().text();
    const summary = html.match(/<div class="form-alert form-alert-error"[^>]*>[\s\S]*?<\/div>/)?.[0] ?? '';
    expect(summary).toMatch(/role="alert"/);
    expect(summary).toMatch(/tabindex="-1"/);
    expect(summary).toContain('<h2 class="form-alert-title">There is a problem</h2>');
    const targets = [...summary.matchAll(/<a href="#([^"]+)"/g)].map((m) => m[1]);
    expect(targets).toHaveLength(3);
    for (const id of targets) expect(html, `#${id} is on the page`).toMatch(new RegExp(`\\sid="${id}"`));
    const body = await text(res);
    expect(body).toContain(
      'Tick at least one document, give dates for inspection reports, or describe the records you want.',
    );
    expect(body).toContain('Enter your name');
    expect(body).toContain('Enter your email address: the receipt and tracking link go there.');
  });

  it('malformed email, with everything else put back', async () => {
    const res = await submit(good({ email: 'not-an-email', freeText: 'Also the 2025 review letters' }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Enter an email address like name@example.com.');
    expect(html).toMatch(/id="f-email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="f-email"/);
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('value="Integration Tester"');
    expect(html).toContain('Also the 2025 review letters</textarea>');
    expect(html).toMatch(new RegExp(`value="${swpppId}"[^>]*checked|checked[^>]*value="${swpppId}"`));
  });

  it('oversized fields', async () => {
    const res = await submit(good({ freeText: 'x'.repeat(4001), name: 'n'.repeat(201) }));
    expect(res.status).toBe(400);
    const body = await text(res);
    expect(body).toContain('Use at most 4,000 characters for the description.');
    expect(body).toContain('Use at most 200 characters for your name.');
  });

  it('an oversized body is refused before it is read', async () => {
    const res = await fetch(new URL('/_actions/requests.submit', base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(base).origin },
      body: `freeText=${'x'.repeat(31 * 1024 * 1024)}`,
    });
    expect(res.status).toBe(413);
  });

  it('unknown project', async () => {
    const res = await submit(good({ project: 'no-such-project' }));
    expect(res.status).toBe(400);
    expect(await text(res)).toContain('Choose a project from the list. We could not find that one.');
    const page = await get(base, '/requests/new?project=no-such-project');
    expect(await text(page)).toContain('Choose a project from the list. We could not find that one.');
  });

  it('a document that is not public on the project', async () => {
    const privateOrOther = one<{ id: number }>(
      'select id from documents where project_id <> (select id from projects where slug = ?) order by id limit 1',
      slug,
    ).id;
    const res = await submit(good({ documentIds: String(privateOrOther) }));
    expect(res.status).toBe(400);
    expect(await text(res)).toContain('One of the ticked documents is not a public document of this project.');
  });

  it('the honeypot field', async () => {
    const before = one<{ n: number }>('select count(*) n from records_requests').n;
    const res = await submit(good({ website: 'http://spam.example' }));
    expect(res.status).toBe(400);
    expect(await text(res)).toContain('The form could not be accepted.');
    expect(one<{ n: number }>('select count(*) n from records_requests').n).toBe(before);
  });

  it('preview shows the estimate and keeps everything, without making a request', async () => {
    const before = one<{ n: number }>('select count(*) n from records_requests').n;
    const res = await submit(good({ intent: 'preview', delivery: 'paper_pickup' }));
    expect(res.status).toBe(200);
    const html = await res.text();
    const doc = one<{ page_count: number; large_format_pages: number }>(
      'select page_count, large_format_pages from documents where id = ?',
      swpppId,
    );
    const cents = (doc.page_count - doc.large_format_pages) * 25 + doc.large_format_pages * 500;
    expect(html).toContain(`<strong>$${(cents / 100).toFixed(2)}</strong>`);
    expect(html).toContain('value="Integration Tester"');
    expect(one<{ n: number }>('select count(*) n from records_requests').n).toBe(before);
  });
});

describe('a request that is sent', () => {
  let location: string;
  let token: string;

  it('double submit: the same form sent twice makes one request and both answers lead to it', async () => {
    const fields = good();
    const before = one<{ n: number }>('select count(*) n from records_requests').n;
    const [a, b] = await Promise.all([submit(fields), submit(fields)]);
    expect([a.status, b.status]).toEqual([303, 303]);
    location = a.headers.get('location')!;
    expect(b.headers.get('location')).toBe(location);
    expect(one<{ n: number }>('select count(*) n from records_requests').n).toBe(before + 1);
    token = location.match(/^\/requests\/track\/([A-Za-z0-9_-]{43})\?new=1$/)![1];
    expect(one<{ n: number }>('select count(*) n from records_requests where tracking_token_hash = ?', token).n).toBe(
      0,
    );
  });

  it('the tracking page shows the status, due date explained, never the contact details', async () => {
    const res = await get(base, location);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    // The token is in the address: the page tells the browser not to send it on in a Referer to any other
    // site (same-origin, so its own forms, the reply box among them, keep their Origin header).
    expect(html).toContain('<meta name="referrer" content="same-origin">');
    const body = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(body).toMatch(/Records request R-\d{4}-\d{4}/);
    expect(body).toContain('How the due date was counted');
    expect(body).toContain('The day of receipt is not counted; we count 5 business days after it.');
    for (const secret of ['integration.tester@example.org', '555-0199', '77 Private Lane'])
      expect(body).not.toContain(secret);
  });

  it('a tampered token answers 404 everywhere', async () => {
    const tampered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    for (const p of [
      `/requests/track/${tampered}`,
      `/requests/track/${tampered}/invoice`,
      `/requests/track/${tampered}/invoice.pdf`,
      `/requests/track/${tampered}/files/1`,
      '/requests/track/not-a-token',
    ]) {
      expect((await get(base, p)).status, p).toBe(404);
    }
    const approve = await postAction(base, `/requests/track/${tampered}`, 'requests.approveCost', { token: tampered });
    expect(approve.status).toBe(404);
    expect(await text(approve)).toContain('This tracking link does not work');
  });

  it('nothing is downloadable before it is released', async () => {
    const item = one<{ id: number }>(
      "select i.id from request_items i join records_requests r on r.id = i.request_id where r.requester_email = 'integration.tester@example.org' order by i.id limit 1",
    );
    expect((await get(base, `/requests/track/${token}/files/${item.id}`)).status).toBe(404);
  });

  it('the clerk finds it in the queue, in the CSV, and can download its files', async () => {
    const number = one<{ number: string; id: number }>(
      "select number, id from records_requests where requester_email = 'integration.tester@example.org' order by id desc limit 1",
    );
    const queue = await text(await get(base, `/staff/requests?q=${number.number}`, clerk));
    expect(queue).toContain(number.number);
    const csv = await get(base, `/staff/requests/export.csv?q=${number.number}`, clerk);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toContain('Number,Status,Flag,Channel,Received');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('integration.tester@example.org');
    const item = one<{ id: number }>(
      'select id from request_items where request_id = ? and document_id is not null',
      number.id,
    );
    const file = await get(base, `/staff/requests/${number.id}/files/${item.id}`, clerk);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
  });
});

describe('the requester, with the tracking link', () => {
  it('approves a cost above their limit, then withdraws (after confirming) the request', async () => {
    const res = await submit(good({ delivery: 'paper_pickup', costLimit: '1.00' }));
    expect(res.status).toBe(303);
    const page = res.headers.get('location')!.split('?')[0];
    const token = page.split('/').pop()!;
    const id = one<{ id: number }>(
      "select id from records_requests where requester_email = 'integration.tester@example.org' order by id desc limit 1",
    ).id;
    expect(one<{ status: string }>('select status from records_requests where id = ?', id).status).toBe(
      'awaiting_cost_approval',
    );
    const waiting = await text(await get(base, page));
    expect(waiting).toContain('Your approval is needed');
    expect(waiting).toContain('waiting for your approval');

    const approved = await postAction(base, page, 'requests.approveCost', { token });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(`${page}?approved=1`);
    expect(
      one<{ status: string; cost_approved_cents: number }>(
        'select status, cost_approved_cents from records_requests where id = ?',
        id,
      ),
    ).toMatchObject({ status: 'received' });

    const unconfirmed = await postAction(base, page, 'requests.withdrawByRequester', { token });
    expect(unconfirmed.status).toBe(400);
    expect(await text(unconfirmed)).toContain('Tick the box to confirm you want to withdraw the request.');
    const withdrawn = await postAction(base, page, 'requests.withdrawByRequester', { token, confirm: 'yes' });
    expect(withdrawn.status).toBe(303);
    expect(one<{ status: string }>('select status from records_requests where id = ?', id).status).toBe('withdrawn');
    expect(await text(await get(base, page))).toContain('You withdrew the request.');
  });
});

describe('the clerk', () => {
  it('enters a request that came by mail, with when it arrived: after close of business still counts from the day of receipt', async () => {
    const res = await postAction(
      base,
      '/staff/requests/new',
      'requests.enter',
      {
        formKey: formKey(),
        intent: 'submit',
        channel: 'mail',
        receivedOn: '2026-11-25',
        receivedTime: '16:45',
        project: slug,
        freeText: 'All SWPPP amendments',
        delivery: 'paper_mail',
        name: 'Letter Writer',
        address: '1 Paper Street, Rotterdam, NY',
      },
      clerk,
    );
    expect(res.status).toBe(303);
    const id = Number(res.headers.get('location')!.match(/^\/staff\/requests\/(\d+)\?created=1&link=/)![1]);
    expect(
      one<{ due_on: string; channel: string }>('select due_on, channel from records_requests where id = ?', id),
    ).toEqual({ due_on: '2026-12-03', channel: 'mail' });
    const page = await text(await get(base, res.headers.get('location')!, clerk));
    expect(page).toContain("The requester's private tracking link");
    expect(page).not.toContain('counts as received');
  });

  it('uploads a scanned file to a request (type checked by content), which counts its pages for the bill', async () => {
    const id = one<{ id: number }>(
      "select id from records_requests where requester_name = 'Letter Writer' order by id desc limit 1",
    ).id;
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]);
    pdf.addPage([612, 792]);
    pdf.addPage([36 * 72, 24 * 72]);
    const upload = (name: string, bytes: Uint8Array, type: string) => {
      const form = new FormData();
      form.append('description', 'Scanned amendments from the DPW file');
      form.append('file', new Blob([Buffer.from(bytes)], { type }), name);
      return fetch(new URL(`/staff/requests/${id}/upload`, base), {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: new URL(base).origin, Cookie: clerk },
        body: form,
      });
    };
    const bad = await upload(
      'not-really.pdf',
      new TextEncoder().encode('just some text, not a PDF at all'.repeat(10)),
      'application/pdf',
    );
    expect(bad.status).toBe(422);
    expect(await text(bad)).toContain('is not a PDF, JPEG photo or PNG image');
    const good = await upload('amendments.pdf', await pdf.save(), 'application/pdf');
    expect(good.status).toBe(303);
    expect(good.headers.get('location')).toBe(`/staff/requests/${id}?done=attached`);
    const item = one<{ file_name: string; pages: number; large_format_sheets: number; description: string }>(
      'select file_name, pages, large_format_sheets, description from request_items where request_id = ? and file_sha256 is not null',
      id,
    );
    expect(item).toEqual({
      file_name: 'amendments.pdf',
      pages: 2,
      large_format_sheets: 1,
      description: 'Scanned amendments from the DPW file',
    });
  });

  it('closing a day moves open requests\u2019 due dates, and reopening moves them back', async () => {
    const open = one<{ id: number; due_on: string }>(
      "select id, due_on from records_requests where status = 'received' and due_on > date('now') order by due_on limit 1",
    );
    const close = await postAction(
      base,
      '/staff/closures',
      'requests.setClosure',
      { date: open.due_on, name: 'Integration snow day', closed: 'yes' },
      clerk,
    );
    expect(close.status).toBe(303);
    expect(close.headers.get('location')).toMatch(/changed=[1-9]/);
    const moved = one<{ due_on: string }>('select due_on from records_requests where id = ?', open.id).due_on;
    expect(moved > open.due_on).toBe(true);
    expect(
      one<{ body: string }>(
        "select body from request_events where request_id = ? and kind = 'due_date' order by id desc limit 1",
        open.id,
      ).body,
    ).toContain('Integration snow day');
    const reopen = await postAction(
      base,
      '/staff/closures',
      'requests.setClosure',
      { date: open.due_on, closed: 'no' },
      clerk,
    );
    expect(reopen.status).toBe(303);
    expect(one<{ due_on: string }>('select due_on from records_requests where id = ?', open.id).due_on).toBe(
      open.due_on,
    );
  });
});

describe('the per-IP limit on the public form', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal({ env: { REQUESTS_PER_IP_PER_HOUR: '2' } });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('refuses the third request in an hour from one address, and says what to do instead', async () => {
    const s = one<{ slug: string }>('select slug from projects where published = 1 order by name limit 1').slug;
    const send = (k: number) =>
      postAction(portal.url, '/requests/new', 'requests.submit', {
        formKey: `rate-limit-key-${k}`.padEnd(43, 'y'),
        intent: 'submit',
        project: s,
        freeText: `Records ${k}`,
        delivery: 'electronic',
        name: 'Busy Person',
        email: 'busy@example.org',
      });
    expect((await send(1)).status).toBe(303);
    expect((await send(2)).status).toBe(303);
    const third = await send(3);
    expect(third.status).toBe(429);
    const body = await text(third);
    expect(body).toContain('Too many requests from this connection.');
    expect(body).toContain('requests by email are always accepted');
  });
});

// ---------------------------------------------------------------------------------------------
// The law's readings over HTTP: what the requester and the clerk see (POL §87, §89; ordinance L(4))

describe('public documents are public, and what is withheld is withheld in writing', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await signIn(base, 'admin@rotterdam.example', DEMO_PASSWORD);
  });
  const reportsOf = (projectSlug: string) =>
    db.$client
      .prepare(
        "select d.id, d.document_date as date from documents d join projects p on p.id = d.project_id where p.slug = ? and d.type = 'inspection_report' order by d.document_date, d.id",
      )
      .all(projectSlug) as Array<{ id: number; date: string }>;
  const requestFor = async (fields: Fields) => {
    const res = await submit(good(fields));
    expect(res.status).toBe(303);
    const page = res.headers.get('location')!.split('?')[0];
    const id = one<{ id: number }>(
      "select id from records_requests where requester_email = 'integration.tester@example.org' order by id desc limit 1",
    ).id;
    return { page, token: page.split('/').pop()!, id };
  };

  it('an inspection report made private by a visibility switch is still released to the requester', async () => {
    const reports = reportsOf(slug).slice(0, 3);
    expect(reports).toHaveLength(3);
    const hidden = reports[1];
    db.$client.prepare('update documents set public = 0 where id = ?').run(hidden.id);
    try {
      const r = await requestFor({
        documentIds: [],
        reportsFrom: reports[0].date,
        reportsTo: reports[2].date,
        delivery: 'electronic',
      });
      const bill = await postAction(base, `/staff/requests/${r.id}`, 'requests.bill', { id: r.id }, clerk);
      expect(bill.status).toBe(303);
      const title = one<{ title: string }>('select title from documents where id = ?', hidden.id).title;
      // Before: the range silently left the hidden report out (2 of 3 released, no word).
      const page = await text(await get(base, r.page));
      expect(page).toContain(title);
      const range = one<{ id: number }>(
        'select id from request_items where request_id = ? and document_type is not null',
        r.id,
      ).id;
      expect((await get(base, `/requests/track/${r.token}/files/${range}?doc=${hidden.id}`)).status).toBe(200);
    } finally {
      db.$client.prepare('update documents set public = 1 where id = ?').run(hidden.id);
    }
  });

  it('the clerk withholds one report in writing, on a ground from the list; the requester reads it, cannot download it, and may appeal', async () => {
    const reports = reportsOf(slug).slice(0, 3);
    const r = await requestFor({
      documentIds: [],
      reportsFrom: reports[0].date,
      reportsTo: reports[2].date,
      delivery: 'electronic',
    });
    const range = one<{ id: number }>(
      'select id from request_items where request_id = ? and document_type is not null',
      r.id,
    ).id;
    const privacy = one<{ id: number; label: string }>(
      "select id, label from denial_grounds where citation = 'POL §87(2)(b)'",
    );
    const page = `/staff/requests/${r.id}`;
    const missing = await postAction(
      base,
      page,
      'requests.decideItem',
      {
        id: r.id,
        itemId: range,
        decision: 'granted_in_part',
        reason: 'A neighbour’s phone number.',
        withheld: String(reports[1].id),
      },
      clerk,
    );
    expect(missing.status).toBe(400);
    expect(await text(missing)).toContain(
      'Choose the ground in Public Officers Law §87(2) the records are withheld on.',
    );
    const decided = await postAction(
      base,
      page,
      'requests.decideItem',
      {
        id: r.id,
        itemId: range,
        decision: 'granted_in_part',
        groundId: privacy.id,
        reason: 'A neighbour’s phone number.',
        withheld: String(reports[1].id),
      },
      clerk,
    );
    expect(decided.status).toBe(303);
    expect((await postAction(base, page, 'requests.bill', { id: r.id }, clerk)).status).toBe(303);
    const tracking = await text(await get(base, r.page));
    expect(tracking).toContain('Records withheld, and how to appeal');
    expect(tracking).toContain(
      `granted in part (1 document withheld) under POL §87(2)(b) (${privacy.label}). A neighbour's phone number.`,
    );
    expect(tracking).toContain('Granted in part: some records were withheld in writing');
    expect(tracking).toContain('Send the appeal');
    // What was released comes first; how to appeal the rest comes after it.
    expect(tracking.indexOf('(PDF, ')).toBeGreaterThan(-1);
    expect(tracking.indexOf('Records ready to download')).toBeLessThan(tracking.indexOf('Send the appeal'));
    expect(tracking.indexOf('(PDF, ')).toBeLessThan(tracking.indexOf('Your appeal: what you ask for'));
    expect((await get(base, `/requests/track/${r.token}/files/${range}?doc=${reports[1].id}`)).status).toBe(404);
    expect((await get(base, `/requests/track/${r.token}/files/${range}?doc=${reports[0].id}`)).status).toBe(200);
    expect(
      one<{ n: number }>(
        "select count(*) n from outbox where kind = 'request-items-withheld' and to_address = 'integration.tester@example.org'",
      ).n,
    ).toBeGreaterThan(0);
    const stats = (await (await get(base, '/api/records-requests/monthly.json')).json()) as {
      total: Record<string, number>;
    };
    expect(stats.total.granted_in_part).toBeGreaterThan(0);

    // The appeal goes to the appeals officer named in settings (the admin, in the demo town), who answers in writing.
    const appealed = await postAction(base, r.page, 'requests.appeal', {
      token: r.token,
      body: 'The inspection reports are public documents under the Town law.',
    });
    expect(appealed.status).toBe(303);
    expect(appealed.headers.get('location')).toBe(`${r.page}?appealed=1#appeal`);
    const number = one<{ number: string }>('select number from records_requests where id = ?', r.id).number;
    expect(await text(await get(base, '/staff/requests/appeals', admin))).toContain(number);
    expect((await get(base, '/staff/requests/appeals', clerk)).status).toBe(403);
    const appealId = one<{ id: number }>('select id from request_appeals where request_id = ?', r.id).id;
    const answered = await postAction(
      base,
      '/staff/requests/appeals',
      'requests.decideAppeal',
      { appealId, outcome: 'denied', decisionText: 'The number is private; the rest was released.' },
      admin,
    );
    expect(answered.status).toBe(303);
    const after = await text(await get(base, r.page));
    expect(after).toContain('Appeal denied');
    expect(after).toContain('The number is private; the rest was released.');
    const stats2 = (await (await get(base, '/api/records-requests/monthly.json')).json()) as {
      total: Record<string, number>;
    };
    expect(stats2.total.appeals_denied).toBeGreaterThan(0);
  });

  it('denying a whole request needs a ground from the list, and says so beside the field', async () => {
    const r = await requestFor({});
    const res = await postAction(
      base,
      `/staff/requests/${r.id}`,
      'requests.deny',
      { id: r.id, reason: 'Not ours.' },
      clerk,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Choose the ground in Public Officers Law §87(2) the request is denied on.');
    expect(html).toContain('Not ours.</textarea>');
  });
});

describe('a missed deadline stays missed, and may be appealed', () => {
  it('a request whose five business days ran out shows it; closing the past due day does not move it', async () => {
    const res = await postAction(
      base,
      '/staff/requests/new',
      'requests.enter',
      {
        formKey: formKey(),
        intent: 'submit',
        channel: 'email',
        receivedOn: '2026-11-16',
        receivedTime: '10:00',
        project: slug,
        freeText: 'The SWPPP',
        delivery: 'electronic',
        name: 'Late Answer',
        email: 'late.answer@example.org',
      },
      clerk,
    );
    expect(res.status).toBe(303);
    const [, id, token] = res.headers
      .get('location')!
      .match(/^\/staff\/requests\/(\d+)\?created=1&link=([A-Za-z0-9_-]{43})$/)!;
    const due = one<{ due_on: string }>('select due_on from records_requests where id = ?', Number(id)).due_on;
    expect(due).toBe('2026-11-23');
    const close = await postAction(
      base,
      '/staff/closures',
      'requests.setClosure',
      { date: due, name: 'After the fact', closed: 'yes' },
      clerk,
    );
    expect(close.status).toBe(303);
    try {
      // Before: the due date moved to November 24 (and on, day by day), erasing the missed deadline.
      expect(one<{ due_on: string }>('select due_on from records_requests where id = ?', Number(id)).due_on).toBe(due);
      const page = await text(await get(base, `/requests/track/${token}`));
      expect(page).toContain('Answered in time? No.');
      expect(page).toContain('Under Public Officers Law §89(4)(a) that counts as a denial');
      expect(page).toContain('You may appeal this request not being answered in time');
      const ack = await postAction(
        base,
        `/staff/requests/${id}`,
        'requests.acknowledge',
        { id, acknowledgedOn: '2026-11-30', promisedOn: '2026-12-15' },
        clerk,
      );
      expect(ack.status).toBe(303);
      expect(
        one<{ respond_by: string }>('select respond_by from records_requests where id = ?', Number(id)).respond_by,
      ).toBe(due);
      expect(await text(await get(base, `/requests/track/${token}`))).toContain('(late: after the due date)');
      const stats = (await (await get(base, '/api/records-requests/monthly.json')).json()) as {
        total: Record<string, number>;
      };
      expect(stats.total.not_answered_in_time).toBeGreaterThan(0);
    } finally {
      await postAction(base, '/staff/closures', 'requests.setClosure', { date: due, closed: 'no' }, clerk);
    }
  });
});

describe('staff time needs the requester’s consent first', () => {
  it('billing staff time without a cost limit waits for the requester’s approval on the tracking page', async () => {
    const res = await submit(good({ delivery: 'usb' }));
    const page = res.headers.get('location')!.split('?')[0];
    const id = one<{ id: number }>(
      "select id from records_requests where requester_email = 'integration.tester@example.org' order by id desc limit 1",
    ).id;
    const bill = await postAction(base, `/staff/requests/${id}`, 'requests.bill', { id, staffHours: '3' }, clerk);
    expect(bill.status).toBe(303);
    // Before: the invoice was issued at once and the request waited for payment.
    expect(one<{ status: string }>('select status from records_requests where id = ?', id).status).toBe(
      'awaiting_cost_approval',
    );
    const body = await text(await get(base, page));
    expect(body).toContain('Your approval is needed');
    expect(body).toContain('3 hours of staff time preparing electronic copies');
  });
});

describe('the fee schedule cannot exceed the law, where it is saved', () => {
  it('the admin’s schedule at 30 cents a page is refused beside the field, with what was typed kept', async () => {
    const admin = await signIn(base, 'admin@rotterdam.example', DEMO_PASSWORD);
    const before = one<{ n: number }>('select count(*) n from fee_schedules').n;
    const res = await postAction(
      base,
      '/staff/requests/settings',
      'requests.saveFeeSchedule',
      {
        effectiveFrom: '2030-01-01',
        perPage: '0.30',
        largeFormatSheet: '5.00',
        electronic: '0',
        cd: '1.00',
        usb: '5.00',
        staffHourly: '18.50',
        notes: 'Print shop invoice; clerk typist rate.',
      },
      admin,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(
      'The law allows at most $0.25 a page for copies up to 9x14 in. (Public Officers Law §87(1)(b)(iii)).',
    );
    expect(html).toMatch(/id="fee-page"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="fee-page"/);
    expect(html).toContain('value="0.30"');
    expect(one<{ n: number }>('select count(*) n from fee_schedules').n).toBe(before);
    const page = await text(await get(base, '/staff/requests/settings', admin));
    expect(page).toContain('POL §87(2)(b)');
  });
});
