/**
 * Decision 0031 over real HTTP against the built portal (demo town, its own data and a real
 * SMTP server):
 * - the public log (/requests/log, .json, .csv) shows a request's number, project and document titles but
 *   none of the requester's name, email, phone, address or own words; its filters are validated (400);
 * - "Lost your link?" mails a known address one message with working links, mails nothing for an unknown
 *   one while saying the same thing, and stops after the per-address and per-IP limits;
 * - the duplicate guard: the same records from the same address within minutes are warned about
 *   before sending (nothing typed is lost), sent once confirmed, and marked in the clerk's queue.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#lib/server/platform/db.ts';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { get, postAction, signIn, type Fields } from '../support/http.ts';
import { freePort, startPortal, type Portal } from '../support/portal.ts';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';

let portal: Portal;
let mailbox: Mailbox;
let db: ReturnType<typeof openDatabase>;
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;

const PRIVATE = {
  name: 'Ophelia Zanzibar-Quince',
  email: 'ophelia.zq.private@example.net',
  phone: '(518) 555-0177',
  address: '4417 Hidden Hollow Lane, Rotterdam NY',
  freeText: 'Quincewater memo about the culvert behind my garden',
};
let slug: string;
let swpppTitle: string;
let number: string;

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&rsquo;|’/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

beforeAll(async () => {
  const smtpPort = await freePort();
  mailbox = await startMailbox(smtpPort);
  portal = await startPortal({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_POLL_MS: '200',
      REQUESTS_PER_IP_PER_HOUR: '1000',
      LOST_LINK_PER_IP_PER_HOUR: '6',
    },
  });
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  const p = one<{ slug: string; id: number }>(
    "select p.slug, p.id from projects p where p.published = 1 and exists (select 1 from documents d where d.project_id = p.id and d.type = 'swppp' and d.public = 1) order by p.name limit 1",
  );
  slug = p.slug;
  const doc = one<{ id: number; title: string }>(
    "select id, title from documents where project_id = ? and type = 'swppp' and public = 1 order by id limit 1",
    p.id,
  );
  swpppTitle = doc.title;
  const res = await postAction(portal.url, '/requests/new', 'requests.submit', {
    formKey: 'public-log-integration-key'.padEnd(43, 'x'),
    intent: 'submit',
    project: slug,
    documentIds: String(doc.id),
    freeText: PRIVATE.freeText,
    delivery: 'paper_mail',
    name: PRIVATE.name,
    email: PRIVATE.email,
    phone: PRIVATE.phone,
    address: PRIVATE.address,
  });
  expect(res.status, await res.clone().text()).toBe(303);
  number = one<{ number: string }>(
    'select number from records_requests where requester_email = ?',
    PRIVATE.email,
  ).number;
}, 300_000);

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
  await mailbox?.close();
});

describe('the public log never shows who asked or what they wrote', () => {
  const urls = () => [
    `/requests/log?project=${slug}`,
    `/requests/log.json?project=${slug}`,
    `/requests/log.csv?project=${slug}`,
    '/requests/log',
    '/requests/log.json',
    '/requests/log.csv',
  ];

  it('the request is in the log as HTML, JSON and CSV: number, project, document title, own words only as such', async () => {
    for (const url of urls().slice(0, 3)) {
      const res = await get(portal.url, url);
      expect(res.status, url).toBe(200);
      const body = text(await res.text());
      expect(body, url).toContain(number);
      expect(body, url).toContain(swpppTitle);
      expect(body, url).toMatch(/described in the requester's own words \(not shown\)/);
    }
  });

  it('the requester’s name, email, phone, address and free text appear nowhere in the log', async () => {
    const needles = [
      PRIVATE.name,
      'Zanzibar',
      PRIVATE.email,
      'ophelia.zq',
      PRIVATE.phone,
      '555-0177',
      '5185550177',
      PRIVATE.address,
      'Hidden Hollow',
      PRIVATE.freeText,
      'Quincewater',
    ];
    for (const url of urls()) {
      const raw = await (await get(portal.url, url)).text();
      for (const hay of [raw, text(raw), decodeURIComponent(raw.replace(/%(?![0-9A-Fa-f]{2})/g, ''))]) {
        for (const n of needles) expect(hay.toLowerCase(), `${url} shows "${n}"`).not.toContain(n.toLowerCase());
      }
    }
  });

  it('the JSON fits its rows: items with outcomes, business days, on time or not, a link to the public document', async () => {
    const json = await (await get(portal.url, `/requests/log.json?project=${slug}&per_page=500`)).json();
    const row = json.requests.find((r: { number: string }) => r.number === number);
    expect(row).toMatchObject({
      project: { slug },
      status: 'received',
      answered_on: null,
      timeliness: 'not_yet_due',
      not_answered_in_time: false,
    });
    expect(row.items.map((i: { outcome: string }) => i.outcome)).toEqual(['pending', 'pending']);
    expect(row.items[0].document_url).toMatch(/\/documents\/\d+$/);
    expect(row.items[1].document_url).toBeNull();
    expect(json.requests.every((r: { project: { slug: string } | null }) => r.project?.slug === slug)).toBe(true);
  });

  it('pages: per_page gives that many, the Link header names the next page and the total is counted', async () => {
    const res = await get(portal.url, '/requests/log.json?per_page=2');
    const json = await res.json();
    expect(json.count).toBe(2);
    expect(json.total).toBeGreaterThan(2);
    expect(res.headers.get('x-total-count')).toBe(String(json.total));
    expect(res.headers.get('link')).toContain('rel="next"');
    const second = await (await get(portal.url, '/requests/log.json?per_page=2&page=2')).json();
    expect(second.requests[0].number).not.toBe(json.requests[0].number);
  });

  it('the year filter keeps only requests received that year', async () => {
    const year = Number(number.slice(2, 6));
    const json = await (await get(portal.url, `/requests/log.json?year=${year}&per_page=500`)).json();
    expect(json.requests.length).toBeGreaterThan(0);
    expect(json.requests.every((r: { received_on: string }) => r.received_on.startsWith(String(year)))).toBe(true);
    expect((await (await get(portal.url, `/requests/log.json?year=1991`)).json()).total).toBe(0);
  });

  it('bad filters: a clear 400 from the API, a message on the page that keeps what was asked', async () => {
    const bad = await get(portal.url, '/requests/log.json?year=last');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('year must be a year from 1990 to 2100, e.g. 2026.');
    const unknown = await get(portal.url, '/requests/log.csv?project=no-such-project-anywhere');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toContain('No published project has the slug "no-such-project-anywhere"');
    const page = await get(portal.url, '/requests/log?year=last');
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(text(html)).toContain('year must be a year from 1990 to 2100, e.g. 2026.');
    expect(html).toMatch(/<option value="last" selected/);
  });
});

describe('Lost your link? mails an address its requests, says the same for any address, and is rate-limited', () => {
  const ask = (email: string) => postAction(portal.url, '/requests', 'requestLinks.resend', { email });

  it('a known address gets one mail whose links open its request; an unknown one gets no mail and the same answer', async () => {
    const known = await ask(PRIVATE.email.toUpperCase());
    expect(known.status).toBe(303);
    const unknown = await ask('nobody.here.zq@example.net');
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get('location')).toBe(known.headers.get('location'));
    const after = text(await (await get(portal.url, known.headers.get('location')!)).text());
    expect(after).toContain('If there are records requests made with that email address, we have sent it one message');

    const mail = await mailbox.waitFor((m) => addressedTo(m, PRIVATE.email) && /tracking link/.test(m.subject ?? ''));
    expect(mail.text).toContain(number);
    const link = mail.text!.match(/https?:\/\/\S+\/requests\/track\/[A-Za-z0-9_-]{43}/)![0];
    const page = await get(portal.url, new URL(link).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(number);
    // The receipt's link still works: the mail re-sends the current link rather than replacing it.
    const receipt = await mailbox.waitFor(
      (m) => addressedTo(m, PRIVATE.email) && (m.subject ?? '').startsWith(`Records request ${number} received`),
    );
    const receiptLink = receipt.text!.match(/https?:\/\/\S+\/requests\/track\/[A-Za-z0-9_-]{43}/)![0];
    expect((await get(portal.url, new URL(receiptLink).pathname)).status).toBe(200);

    // The outbox sends in order: once a later mail to the known address has arrived, none went to the unknown one.
    await ask(PRIVATE.email);
    await mailbox.waitFor((m) => addressedTo(m, PRIVATE.email) && /tracking link/.test(m.subject ?? '') && m !== mail);
    expect(mailbox.messages.filter((m) => addressedTo(m, 'nobody.here.zq@example.net'))).toHaveLength(0);
    const audit = db.$client
      .prepare("select after_json from audit_log where action = 'records_request.lost_links'")
      .all() as Array<{ after_json: string }>;
    expect(audit.length).toBeGreaterThanOrEqual(3);
    for (const a of audit) expect(a.after_json.toLowerCase()).not.toContain('ophelia');
  });

  it('the per-address limit: the fourth try for one address in a day is refused; the per-IP limit: the seventh try in an hour', async () => {
    expect((await ask(PRIVATE.email)).status).toBe(303); // third for this address
    const fourth = await ask(PRIVATE.email);
    expect(fourth.status).toBe(429);
    expect(text(await fourth.text())).toContain('Too many tries. Wait');
    // This connection so far: 4 accepted; two more for fresh addresses, then the IP limit.
    expect((await ask('fresh.one.zq@example.net')).status).toBe(303);
    expect((await ask('fresh.two.zq@example.net')).status).toBe(303);
    const limited = await ask('fresh.three.zq@example.net');
    expect(limited.status).toBe(429);
  });

  it('a malformed address is refused beside the field and kept', async () => {
    const res = await ask('not-an-address');
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(text(html)).toContain('Enter an email address like name@example.com.');
    expect(html).toContain('value="not-an-address"');
  });
});

describe('the duplicate guard warns before a near-identical request is sent, and the queue marks it', () => {
  const EMAIL = 'twice.sender.zq@example.net';
  let key = 0;
  const fields = (patch: Fields = {}): Fields => ({
    formKey: `duplicate-guard-key-${++key}`.padEnd(43, 'x'),
    intent: 'submit',
    project: slug,
    documentIds: String(
      one<{ id: number }>(
        "select id from documents where project_id = (select id from projects where slug = ?) and type = 'swppp' and public = 1 order by id limit 1",
        slug,
      ).id,
    ),
    // Paper: electronic copies of documents already online get their own warning first (decision 0030).
    delivery: 'paper_pickup',
    name: 'Twice Sender',
    email: EMAIL,
    confirmOnlineOnly: 'yes',
    phone: '(518) 555-0101',
    ...patch,
  });
  const send = (f: Fields) => postAction(portal.url, '/requests/new', 'requests.submit', f);
  const count = () => one<{ n: number }>('select count(*) n from records_requests where requester_email = ?', EMAIL).n;
  let first: string;

  it('the same records again from the same address: a warning with the earlier number, nothing lost, nothing sent', async () => {
    const firstForm = fields();
    expect((await send(firstForm)).status).toBe(303);
    first = one<{ number: string }>(
      'select number from records_requests where requester_email = ? order by id desc limit 1',
      EMAIL,
    ).number;
    // A double click of the same form is the same request, not a warning.
    expect((await send(firstForm)).status).toBe(303);
    expect(count()).toBe(1);

    const again = await send(fields({ freeText: 'Also the 2025 letters' }));
    // A warning, not a refusal: the form asks before sending (decision 0107).
    expect(again.status).toBe(200);
    const html = await again.text();
    expect(text(html)).toMatch(new RegExp(`You sent a request for the same records \\d+ minutes? ago: ${first}\\.`));
    expect(html).toMatch(
      /<input type="checkbox" name="confirmDuplicate" value="yes"[^>]*aria-describedby="confirmDuplicate-warning"/,
    );
    expect(html).not.toContain('There is a problem');
    expect(text(html)).toContain('Send it anyway');
    expect(html).toContain('value="Twice Sender"');
    expect(html).toContain(`value="${EMAIL}"`);
    expect(html).toContain('Also the 2025 letters</textarea>');
    expect(count()).toBe(1);
  });

  it('another address asking for the same records is not warned (and learns nothing of the first)', async () => {
    const res = await send(fields({ email: 'someone.else.zq@example.net', name: 'Someone Else' }));
    expect(res.status).toBe(303);
  });

  it('"Send it anyway" sends it; the clerk’s queue marks the second as a possible duplicate of the first', async () => {
    expect((await send(fields({ confirmDuplicate: 'yes' }))).status).toBe(303);
    expect(count()).toBe(2);
    const second = one<{ number: string }>(
      'select number from records_requests where requester_email = ? order by id desc limit 1',
      EMAIL,
    ).number;
    const clerk = await signIn(portal.url, 'clerk@rotterdam.example', DEMO_PASSWORD);
    const queue = text(await (await get(portal.url, `/staff/requests?q=${encodeURIComponent(EMAIL)}`, clerk)).text());
    expect(queue).toContain(second);
    expect(queue).toContain(`Possible duplicate of ${first}`);
    expect(queue).not.toContain(`Possible duplicate of ${second}`);
    const secondId = one<{ id: number }>('select id from records_requests where number = ?', second).id;
    const detail = text(await (await get(portal.url, `/staff/requests/${secondId}`, clerk)).text());
    expect(detail).toContain(
      `Possible duplicate of ${first}: the same email address asked for some of the same records`,
    );
  });
});
