/**
 * The requester's side of a records request to the site's operator (ordinance L(4)), over real HTTP against a
 * built portal of our own, with mail over a real SMTP server: the choice of whom to ask on the project page and
 * /requests/new; a request sent through the portal (receipt to the requester, notice to the operator); the
 * private tracking page (whom, the due date explained, what the operator did, copies released only when nothing
 * is owed, withdrawal); a written request logged with a past day by the requester and by the clerk; bad input
 * refused beside its field with what was typed kept; an operator the portal cannot reach; and the on-time
 * rates of the Town and each operator side by side, never naming a requester.
 */
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { loadCalendar, closeOfBusiness } from '#lib/server/platform/time/calendar.ts';
import { computeDueDate } from '#lib/server/platform/time/deadlines.rules.ts';
import { townInstant, townToday } from '#lib/server/platform/time/town-time.ts';
import { operatorContacts } from '#lib/server/operator-requests/submit.ts';
import { formatDay } from '#lib/shared/format.ts';
import { addDays } from '#lib/shared/days.ts';
import { get, postAction, signIn, type Fields } from '../support/http.ts';
import { freePort, startPortal, type Portal } from '../support/portal.ts';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';

let portal: Portal;
let mailbox: Mailbox;
let db: DB;
let clerk: string;
let projectId: number;
let company: string;
const SLUG = 'altamont-avenue-plaza';
const today = townToday();

const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;
const text = async (res: Response) =>
  (await res.text())
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&rsquo;|’/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const tokenOf = (location: string | null) => location?.match(/\/requests\/track\/([^/?]+)\?new=1$/)?.[1];

function good(overrides: Fields = {}): Fields {
  return {
    project: SLUG,
    wantsSwppp: 'true',
    reportsFrom: addDays(today, -30),
    reportsTo: today,
    delivery: 'electronic',
    name: 'Morgan Quillfeather',
    email: 'morgan.quillfeather@example.net',
    phone: '(518) 555-0142',
    address: '12 Private Way, Rotterdam, NY',
    ...overrides,
  };
}
/** A fresh one-time form key, as the form page gives each visit. */
const formKey = () => randomBytes(32).toString('base64url');
const send = (fields: Fields) =>
  postAction(portal.url, '/requests/operator/new', 'operatorRequests.submit', { formKey: formKey(), ...fields });

/** The last business day before today, for written requests logged afterwards. */
function lastBusinessDay(): string {
  const calendar = loadCalendar(db);
  let d = addDays(today, -1);
  while (!calendar.isBusinessDay(d)) d = addDays(d, -1);
  return d;
}

beforeAll(async () => {
  const smtpPort = await freePort();
  mailbox = await startMailbox(smtpPort);
  portal = await startPortal({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_POLL_MS: '200', REQUESTS_PER_IP_PER_HOUR: '1000' },
  });
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  clerk = await signIn(portal.url, 'clerk@rotterdam.example', DEMO_PASSWORD);
  projectId = one<{ id: number }>('select id from projects where slug = ?', SLUG).id;
  company = one<{ c: string }>(
    "select company_name c from parties where project_id = ? and role = 'owner_operator'",
    projectId,
  ).c;
}, 300_000);

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
  await mailbox?.close();
});

describe('the requester chooses whom to ask, in one sentence each, the quicker path first', () => {
  it('the project page offers the Town and the operator with what each holds, and the default with its reason', async () => {
    const body = await text(await get(portal.url, `/projects/${SLUG}`));
    expect(body).toContain(
      'The Town sends copies of what it holds (the SWPPP and the reports filed with it) under the Freedom of Information Law.',
    );
    expect(body).toContain(
      "The site's operator must make the SWPPP and inspection reports available under the Town's stormwater law",
    );
    expect(body).toMatch(/Quickest for this project: (the Town|the site's operator)\./);
    const html = await (await get(portal.url, `/projects/${SLUG}`)).text();
    expect(html).toContain(`href="/requests/operator/new?project=${SLUG}"`);
    expect(html).toContain(`href="/requests/new?project=${SLUG}"`);
  });

  it('/requests/new keeps the Town form and links to the operator form for the same project', async () => {
    const html = await (await get(portal.url, `/requests/new?project=${SLUG}`)).text();
    expect(html).toContain(`href="/requests/operator/new?project=${SLUG}"`);
    expect(html).toContain('Send the request');
  });

  it('the operator form names the operator by business name', async () => {
    const body = await text(await get(portal.url, `/requests/operator/new?project=${SLUG}`));
    expect(body).toContain(company);
    expect(body).toContain('Send the request to the operator');
  });

  it('an unknown project answers 404 with the list to choose from', async () => {
    const res = await get(portal.url, '/requests/operator/new?project=no-such-project');
    expect(res.status).toBe(404);
    expect(await text(res)).toContain('We could not find that project. Choose it from the list.');
  });
});

describe('a request sent to the operator through the portal', () => {
  let token: string;
  let id: number;

  it('is received now, due five business days on, audited, and goes to its private tracking page', async () => {
    const res = await send(good());
    expect(res.status).toBe(303);
    token = tokenOf(res.headers.get('location'))!;
    expect(token).toBeTruthy();
    const row = one<{
      id: number;
      number: string;
      channel: string;
      status: string;
      due_on: string;
      received_at: number;
    }>("select * from operator_requests where requester_email = 'morgan.quillfeather@example.net'");
    id = row.id;
    expect(row).toMatchObject({ channel: 'web', status: 'received' });
    expect(row.due_on).toBe(
      computeDueDate(new Date(row.received_at), loadCalendar(db), { closeOfBusiness: closeOfBusiness(db) }).dueOn,
    );
    expect(
      one<{ n: number }>(
        "select count(*) n from audit_log where action = 'operator_request.create' and entity_id = ?",
        String(id),
      ).n,
    ).toBe(1);
  });

  it('the same form sent twice (a double click) makes one request and answers with the same tracking link', async () => {
    const key = formKey();
    const fields = good({ name: 'Double Clicker', email: 'double.clicker@example.net', formKey: key });
    const [a, b] = [await send(fields), await send(fields)];
    expect(a.status).toBe(303);
    expect(b.headers.get('location')).toBe(a.headers.get('location'));
    expect(
      one<{ n: number }>(
        "select count(*) n from operator_requests where requester_email = 'double.clicker@example.net'",
      ).n,
    ).toBe(1);
  });

  it('the requester gets a receipt with the tracking link, and the operator is told', async () => {
    const receipt = await mailbox.waitFor((m) => addressedTo(m, 'morgan.quillfeather@example.net'));
    expect(receipt.text).toContain(`/requests/track/${token}`);
    const contacts = await operatorContacts(asyncOf(db), projectId);
    expect(contacts.length).toBeGreaterThan(0);
    // The operator may also get a reminder digest; the notice is the mail that names the request.
    const notice = await mailbox.waitFor(
      (m) => addressedTo(m, contacts[0]!.email) && (m.subject ?? '').startsWith('Records request '),
    );
    expect(notice.text).toContain(
      formatDay(one<{ d: string }>('select due_on d from operator_requests where id = ?', id).d),
    );
  });

  it('the tracking page says whom it went to (the business name only), the due date and how it was counted', async () => {
    const res = await get(portal.url, `/requests/track/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await text(res);
    const dueOn = one<{ d: string }>('select due_on d from operator_requests where id = ?', id).d;
    expect(body).toContain(`${company}, the operator of`);
    expect(body).toContain('The operator received your request');
    expect(body).toContain(formatDay(dueOn));
    expect(body).toContain('Waiting for the operator');
    expect(body).toContain('Nothing yet. The operator must make the records available by close of business on');
    for (const c of await operatorContacts(asyncOf(db), projectId)) expect(body).not.toContain(c.email);
  });

  it('copies are downloadable only once nothing is owed (no bill, or paid), privately', async () => {
    const doc = one<{ sha256: string; filename: string; mime_type: string; size_bytes: number }>(
      "select sha256, filename, mime_type, size_bytes from documents where project_id = ? and type = 'swppp' limit 1",
      projectId,
    );
    const fileId = Number(
      db.$client
        .prepare(
          'insert into operator_request_files (request_id, sha256, file_name, mime_type, size_bytes, uploaded_at) values (?, ?, ?, ?, ?, ?)',
        )
        .run(id, doc.sha256, 'swppp.pdf', doc.mime_type, doc.size_bytes, Date.now()).lastInsertRowid,
    );
    db.$client
      .prepare('update operator_requests set bill_total_cents = 250, town_limit_cents = 250 where id = ?')
      .run(id);
    expect((await get(portal.url, `/requests/track/${token}/operator-files/${fileId}`)).status).toBe(404);
    expect(await text(await get(portal.url, `/requests/track/${token}`))).toContain(
      'they are released as soon as the operator records your payment',
    );
    db.$client.prepare('update operator_requests set paid_on = ? where id = ?').run(today, id);
    const res = await get(portal.url, `/requests/track/${token}/operator-files/${fileId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect((await get(portal.url, `/requests/track/not-the-token/operator-files/${fileId}`)).status).toBe(404);
    expect((await get(portal.url, `/requests/track/${token}/operator-files/${fileId + 1000}`)).status).toBe(404);
    db.$client
      .prepare(
        'update operator_requests set bill_total_cents = null, town_limit_cents = null, paid_on = null where id = ?',
      )
      .run(id);
  });

  it('the requester withdraws it by the tracking link; without the confirmation tick it is refused beside the box', async () => {
    const refused = await postAction(portal.url, `/requests/track/${token}`, 'operatorRequests.withdraw', { token });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain('Tick the box to confirm you want to withdraw the request.');
    const res = await postAction(portal.url, `/requests/track/${token}`, 'operatorRequests.withdraw', {
      token,
      confirm: 'yes',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/requests/track/${token}?withdrawn=1`);
    expect(one<{ s: string }>('select status s from operator_requests where id = ?', id).s).toBe('withdrawn');
    expect(
      one<{ n: number }>(
        "select count(*) n from audit_log where action = 'operator_request.withdraw' and entity_id = ?",
        String(id),
      ).n,
    ).toBe(1);
    expect(await text(await get(portal.url, `/requests/track/${token}`))).toContain('The request was withdrawn on');
  });
});

describe('a written request sent outside the portal counts from the day the operator received it', () => {
  it('logged by the requester with a past day: due five business days after that day', async () => {
    const day = lastBusinessDay();
    const res = await send(
      good({ email: 'logged.by.requester@example.net', written: 'true', channel: 'letter', receivedOn: day }),
    );
    expect(res.status).toBe(303);
    const row = one<{ channel: string; due_on: string; logged_by_user_id: number | null }>(
      "select * from operator_requests where requester_email = 'logged.by.requester@example.net'",
    );
    expect(row).toEqual(expect.objectContaining({ channel: 'letter', logged_by_user_id: null }));
    expect(row.due_on).toBe(
      computeDueDate(townInstant(day, '09:00'), loadCalendar(db), { closeOfBusiness: closeOfBusiness(db) }).dueOn,
    );
    const body = await text(await get(portal.url, `/requests/track/${tokenOf(res.headers.get('location'))}`));
    expect(body).toContain(`The operator received your request by letter on ${formatDay(day)}.`);
  });

  it('logged by the clerk, with the day required: the staff page follows, the log says who', async () => {
    const day = lastBusinessDay();
    const missing = await postAction(
      portal.url,
      '/staff/operator-requests/new',
      'operatorRequests.log',
      good({ email: '', channel: 'hand' }),
      clerk,
    );
    expect(missing.status).toBe(400);
    expect(await text(missing)).toContain('Enter the day the operator received the written request.');
    const res = await postAction(
      portal.url,
      '/staff/operator-requests/new',
      'operatorRequests.log',
      good({ email: 'logged.by.clerk@example.net', channel: 'hand', receivedOn: day }),
      clerk,
    );
    expect(res.status).toBe(303);
    const row = one<{ id: number; channel: string; logged_by_user_id: number }>(
      "select * from operator_requests where requester_email = 'logged.by.clerk@example.net'",
    );
    expect(res.headers.get('location')).toBe(`/staff/operator-requests/${row.id}?logged=1`);
    expect(row.channel).toBe('hand');
    expect(row.logged_by_user_id).toBe(
      one<{ id: number }>("select id from users where email = 'clerk@rotterdam.example'").id,
    );
    expect(
      one<{ n: number }>(
        "select count(*) n from audit_log where action = 'operator_request.log' and entity_id = ?",
        String(row.id),
      ).n,
    ).toBe(1);
  });

  it('the clerk’s log form is for staff only', async () => {
    expect((await get(portal.url, '/staff/operator-requests/new')).status).not.toBe(200);
    const res = await postAction(
      portal.url,
      '/staff/operator-requests/new',
      'operatorRequests.log',
      good({ channel: 'hand', receivedOn: lastBusinessDay() }),
    );
    expect([401, 403, 303]).toContain(res.status);
    expect(
      one<{ n: number }>(
        "select count(*) n from operator_requests where channel = 'hand' and logged_by_user_id is null",
      ).n,
    ).toBe(0);
  });
});

describe('bad input is refused beside its field, with everything typed kept', () => {
  it('a malformed email, reports out of order, and the typed words put back', async () => {
    const before = one<{ n: number }>('select count(*) n from operator_requests').n;
    const res = await send(
      good({
        email: 'not-an-email',
        reportsFrom: '2026-05-10',
        reportsTo: '2026-05-01',
        description: 'The erosion log kept in the trailer',
      }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Enter an email address like name@example.com.');
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('value="Morgan Quillfeather"');
    expect(html).toContain('The erosion log kept in the trailer</textarea>');
    expect(one<{ n: number }>('select count(*) n from operator_requests').n).toBe(before);
  });

  it('nothing asked, no name, and the reports’ last date before the first: each beside its own field', async () => {
    const res = await send(good({ wantsSwppp: 'false', reportsFrom: '2026-05-10', reportsTo: '2026-05-01', name: '' }));
    expect(res.status).toBe(400);
    const body = await text(res);
    expect(body).toContain('The last date must be on or after the first date.');
    expect(body).toContain('Enter your name');
    const none = await send(good({ wantsSwppp: 'false', reportsFrom: '', reportsTo: '' }));
    expect(await text(none)).toContain(
      'Tick the SWPPP, give dates for inspection reports, or describe the records you want.',
    );
  });

  it('“already sent in writing” without the way it went, or with a day in the future', async () => {
    const noChannel = await send(good({ written: 'true', receivedOn: lastBusinessDay() }));
    expect(noChannel.status).toBe(400);
    expect(await text(noChannel)).toContain(
      'Choose how the request reached the operator: by letter, by email or by hand.',
    );
    const future = await send(good({ written: 'true', channel: 'email', receivedOn: addDays(today, 3) }));
    expect(future.status).toBe(400);
    const html = await future.text();
    expect(html).toContain('The day the operator received it cannot be in the future.');
    expect(html).toContain(`value="${addDays(today, 3)}"`);
  });

  it('the honeypot field', async () => {
    const before = one<{ n: number }>('select count(*) n from operator_requests').n;
    const res = await send(good({ website: 'http://spam.example' }));
    expect(res.status).toBe(400);
    expect(await text(res)).toContain('The form could not be accepted.');
    expect(one<{ n: number }>('select count(*) n from operator_requests').n).toBe(before);
  });
});

describe('an operator the portal cannot reach', () => {
  let slug: string;
  beforeAll(() => {
    // Another project's operator, with no account on it and no email on the NOI record.
    const p = one<{ id: number; slug: string }>(
      'select id, slug from projects where published = 1 and slug <> ? and id not in (select project_id from project_members) order by id limit 1',
      SLUG,
    );
    slug = p.slug;
    db.$client.prepare("update parties set email = null where project_id = ? and role = 'owner_operator'").run(p.id);
  });

  it('says so and offers only the logging path', async () => {
    const body = await text(await get(portal.url, `/requests/operator/new?project=${slug}`));
    expect(body).toContain("The portal has no address for this project's operator");
    expect(body).toContain('Log my request');
    expect(body).not.toContain('Send the request to the operator');
  });

  it('a request sent through the portal is refused beside the project, and a logged one is accepted', async () => {
    const refused = await send(good({ project: slug }));
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain(
      "The Town has no address for this project's operator, so the portal cannot send it.",
    );
    const logged = await send(
      good({
        project: slug,
        email: 'unreachable@example.net',
        written: 'true',
        channel: 'hand',
        receivedOn: lastBusinessDay(),
      }),
    );
    expect(logged.status).toBe(303);
  });
});

describe('on-time rates of the Town and each operator, side by side, with no requester named', () => {
  it('JSON: the Town first, then each operator by business name, counted alike', async () => {
    const res = await get(portal.url, '/api/records-requests/on-time.json');
    expect(res.status).toBe(200);
    const { rows } = (await res.json()) as { rows: Array<Record<string, unknown>> };
    expect(rows[0]).toMatchObject({ who: 'The Town', kind: 'town' });
    const mine = rows.find((r) => r.who === company)!;
    expect(mine).toMatchObject({ kind: 'operator' });
    const n = one<{ n: number }>('select count(*) n from operator_requests where project_id = ?', projectId).n;
    expect(mine.received).toBe(n);
    const monthly = (await (await get(portal.url, '/api/records-requests/monthly.json')).json()) as {
      total: { received: number; answered_on_time: number };
    };
    expect(rows[0]).toMatchObject({
      received: monthly.total.received,
      answered_on_time: monthly.total.answered_on_time,
    });
  });

  it('CSV and the open-data page carry the same rows', async () => {
    const csv = await (await get(portal.url, '/api/records-requests/on-time.csv')).text();
    expect(csv.replace('\uFEFF', '').split(/\r?\n/)[0]).toBe(
      'who,kind,received,answered,answered_on_time,on_time_percent,not_answered_in_time,open,withdrawn',
    );
    expect(csv).toContain('The Town,town,');
    const page = await text(await get(portal.url, '/open-data/records-requests'));
    expect(page).toContain('The Town and the site operators, side by side');
    expect(page).toContain(company);
  });

  it('no requester’s name, email, phone or address on the public pages and data', async () => {
    for (const url of [
      '/api/records-requests/on-time.json',
      '/api/records-requests/on-time.csv',
      '/open-data/records-requests',
      `/projects/${SLUG}`,
      '/api/findings.json',
    ]) {
      const body = await (await get(portal.url, url)).text();
      for (const secret of ['Morgan Quillfeather', 'morgan.quillfeather@example.net', '555-0142', '12 Private Way'])
        expect(body, `${url}: ${secret}`).not.toContain(secret);
    }
  });
});

describe('the demo town has requests to operators in every state', () => {
  it('received and not yet due, inspection offered, awaiting payment, fulfilled, withdrawn, one answered late, one unanswered past due', () => {
    const seeded = db.$client
      .prepare(
        "select status, due_on, answered_on, available_on, bill_total_cents, paid_on, channel from operator_requests where requester_email is null or requester_email not like '%@example.net'",
      )
      .all() as Array<{
      status: string;
      due_on: string;
      answered_on: string | null;
      available_on: string | null;
      bill_total_cents: number | null;
      paid_on: string | null;
      channel: string;
    }>;
    const statuses = new Set(seeded.map((r) => r.status));
    for (const s of ['received', 'inspection_offered', 'awaiting_payment', 'fulfilled', 'withdrawn'])
      expect(statuses, s).toContain(s);
    expect(seeded.some((r) => r.status === 'received' && r.due_on >= today)).toBe(true);
    expect(seeded.some((r) => r.status === 'received' && r.due_on < today)).toBe(true);
    expect(
      seeded.some(
        (r) => r.answered_on != null && (r.available_on ?? r.answered_on) > r.due_on && r.channel === 'letter',
      ),
    ).toBe(true);
    expect(seeded.some((r) => r.status === 'awaiting_payment' && r.bill_total_cents! > 0 && r.paid_on == null)).toBe(
      true,
    );
  });

  it('the unanswered one is an open L(4) finding and the late one a resolved one in the public findings, naming no requester', async () => {
    const res = await get(
      portal.url,
      '/api/findings.json?rule=records-request-unanswered&since=2000-01-01&per_page=100',
    );
    expect(res.status).toBe(200);
    const findings = (
      (await res.json()) as {
        findings: Array<{ status: string; title: string; description: string; ordinance_section: string }>;
      }
    ).findings.map((f) => ({ ...f, text: f.description }));
    for (const f of findings) expect(f.ordinance_section).toContain('L(4)');
    expect(
      findings.some((f) => f.status === 'open' && f.title === 'Records request not answered in five business days'),
    ).toBe(true);
    expect(findings.some((f) => f.status === 'resolved' && f.title === 'Records request answered late')).toBe(true);
    const names = (
      db.$client.prepare('select requester_name n from operator_requests').all() as Array<{ n: string }>
    ).map((r) => r.n);
    for (const f of findings) for (const n of names) expect(f.text).not.toContain(n);
  });
});
