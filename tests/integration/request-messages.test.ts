/**
 * The conversation on a records request (decision 0029), over real HTTP against a built portal of our own whose
 * mail goes to a real SMTP server: the requester's message reaches the clerks and the clerk's reaches the
 * requester; a clarification waits for the requester, who is told which date holds, and their answer returns
 * the request to the clerk; every message is audited; a tracking token only reaches its own thread; nobody
 * but a clerk posts as the clerk; bad input is answered beside the box with what was typed kept.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { get, postAction, signIn } from '../support/http.ts';
import { freePort, startPortal, type Portal } from '../support/portal.ts';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';

let portal: Portal;
let mailbox: Mailbox;
let db: DB;
let clerk: string;
let operator: string;
let officer: string;
let slug: string;
let swpppId: number;

const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;
const all = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).all(...args) as T[];
const text = async (res: Response) =>
  (await res.text())
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&rsquo;|’/g, "'")
    .replace(/\s+/g, ' ');
let keys = 0;
const formKey = () => `messages-form-key-${String(++keys).padStart(3, '0')}`.padEnd(43, 'x');
const bodyOf = (m: ParsedMail) => (m.text ?? '').replace(/\s+/g, ' ');

async function newRequest(email: string): Promise<{ token: string; id: number; number: string }> {
  const res = await postAction(portal.url, '/requests/new', 'requests.submit', {
    formKey: formKey(),
    intent: 'submit',
    project: slug,
    documentIds: String(swpppId),
    delivery: 'paper_pickup',
    name: 'Robin Asker',
    email,
  });
  expect(res.status).toBe(303);
  const token = res.headers.get('location')!.match(/\/requests\/track\/([^/?]+)/)![1];
  const r = one<{ id: number; number: string }>(
    'select id, number from records_requests where requester_email = ? order by id desc limit 1',
    email,
  );
  return { token, ...r };
}
const say = (token: string, body: string) =>
  postAction(portal.url, `/requests/track/${token}`, 'requestMessages.send', { token, body });
const clerkSays = (id: number, body: string, clarify = false, cookie = clerk) =>
  postAction(
    portal.url,
    `/staff/requests/${id}`,
    'requestMessages.clerkSend',
    { id, body, ...(clarify ? { clarify: 'yes' } : {}) },
    cookie,
  );

beforeAll(async () => {
  const smtpPort = await freePort();
  mailbox = await startMailbox(smtpPort);
  portal = await startPortal({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_POLL_MS: '200', REQUESTS_PER_IP_PER_HOUR: '1000' },
  });
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  const p = one<{ slug: string; id: number }>(
    "select p.slug, p.id from projects p where p.published = 1 and exists (select 1 from documents d where d.project_id = p.id and d.type = 'swppp' and d.public = 1) and (select count(*) from documents d where d.project_id = p.id and d.type = 'inspection_report') >= 3 order by p.name limit 1",
  );
  slug = p.slug;
  swpppId = one<{ id: number }>(
    "select id from documents where project_id = ? and type = 'swppp' and public = 1 order by id limit 1",
    p.id,
  ).id;
  clerk = await signIn(portal.url, 'clerk@rotterdam.example', DEMO_PASSWORD);
  operator = await signIn(portal.url, 'operator@rotterdam.example', DEMO_PASSWORD);
  officer = await signIn(portal.url, 'officer@rotterdam.example', DEMO_PASSWORD);
}, 300_000);

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
  await mailbox?.close();
});

describe('messages both ways, mailed over SMTP and audited', () => {
  let req: { token: string; id: number; number: string };

  beforeAll(async () => {
    req = await newRequest('robin.asker@example.net');
  });

  it('the requester’s message reaches the clerk by mail, is audited, and shows on both pages', async () => {
    const res = await say(req.token, 'Please include the erosion control sheets.');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('?message=sent');
    const mail = await mailbox.waitFor(
      (m) =>
        addressedTo(m, 'clerk@rotterdam.example') &&
        m.subject === `Records request ${req.number}: a message from the requester`,
    );
    expect(bodyOf(mail)).toContain('Please include the erosion control sheets.');
    expect(bodyOf(mail)).toContain(`/staff/requests/${req.id}#thread`);
    expect(
      one<{ n: number }>(
        "select count(*) n from audit_log where action = 'records_request.message_from_requester' and entity_id = ?",
        String(req.id),
      ).n,
    ).toBe(1);
    const staff = await text(await get(portal.url, `/staff/requests/${req.id}`, clerk));
    expect(staff).toMatch(/The requester · .*Please include the erosion control sheets\./);
    const tracking = await text(await get(portal.url, `/requests/track/${req.token}?message=sent`));
    expect(tracking).toContain('Your message was sent to the Town Clerk.');
    expect(tracking).toMatch(/You · .*Please include the erosion control sheets\./);
  });

  it('the clerk’s question reaches the requester by mail, says which date holds, and the tracking page waits for them', async () => {
    const dueOn = one<{ due_on: string }>('select due_on from records_requests where id = ?', req.id).due_on;
    const res = await clerkSays(req.id, 'Which phase of the project do you mean?', true);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/staff/requests/${req.id}?done=clarification`);
    expect(
      one<{ status: string; respond_by: string | null }>(
        'select status, respond_by from records_requests where id = ?',
        req.id,
      ),
    ).toEqual({ status: 'awaiting_clarification', respond_by: dueOn });
    const mail = await mailbox.waitFor(
      (m) =>
        addressedTo(m, 'robin.asker@example.net') &&
        m.subject === `Records request ${req.number}: the Town Clerk has a question for you`,
    );
    expect(bodyOf(mail)).toContain('Which phase of the project do you mean?');
    expect(bodyOf(mail)).toContain('Your due date still holds');
    expect(bodyOf(mail)).toContain(`/requests/track/${req.token}`);
    const page = await text(await get(portal.url, `/requests/track/${req.token}`));
    expect(page).toContain('Waiting for you: the Town Clerk has a question');
    expect(page).toContain('Asking you a question does not pause or restart the five business days the law gives.');
    expect(page.indexOf('Waiting for you: the Town Clerk has a question')).toBeLessThan(
      page.indexOf('How the due date was counted'),
    );
    expect(page).toContain('Send my answer');
    expect(
      one<{ n: number }>(
        "select count(*) n from audit_log where action = 'records_request.ask_clarification' and entity_id = ?",
        String(req.id),
      ).n,
    ).toBe(1);
  });

  it('the answer returns the request to the clerk, at the top of the queue, and the clerk is mailed', async () => {
    const res = await say(req.token, 'Phase 2, the north basin.');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('?message=answered');
    const row = one<{ status: string; respond_by: string; clarification_answered_on: string }>(
      'select status, respond_by, clarification_answered_on from records_requests where id = ?',
      req.id,
    );
    expect(row.status).toBe('received');
    expect(row.respond_by).toBe(row.clarification_answered_on);
    const mail = await mailbox.waitFor(
      (m) =>
        addressedTo(m, 'clerk@rotterdam.example') &&
        m.subject === `Records request ${req.number}: the requester answered your question`,
    );
    expect(bodyOf(mail)).toContain('Phase 2, the north basin.');
    expect(
      one<{ n: number }>(
        "select count(*) n from audit_log where action = 'records_request.clarification_answered' and entity_id = ?",
        String(req.id),
      ).n,
    ).toBe(1);
    // Nothing in the queue that is not already overdue comes before it.
    const queue = await (await get(portal.url, '/staff/requests', clerk)).text();
    const before = all<{ number: string }>(
      "select number from records_requests where status in ('received','acknowledged','awaiting_cost_approval','awaiting_payment','awaiting_clarification') and respond_by > ?",
      row.respond_by,
    ).map((r) => r.number);
    for (const n of before.slice(0, 20))
      if (queue.includes(n)) expect(queue.indexOf(req.number)).toBeLessThan(queue.indexOf(n));
  });

  it('the clerk’s plain message is mailed to the requester and audited', async () => {
    const res = await clerkSays(req.id, 'Thank you, we are gathering them.');
    expect(res.status).toBe(303);
    const mail = await mailbox.waitFor(
      (m) =>
        addressedTo(m, 'robin.asker@example.net') &&
        m.subject === `Records request ${req.number}: a message from the Town Clerk` &&
        bodyOf(m).includes('Thank you, we are gathering them.'),
    );
    expect(mail).toBeTruthy();
    expect(
      one<{ n: number }>(
        "select count(*) n from audit_log where action = 'records_request.message_to_requester' and entity_id = ?",
        String(req.id),
      ).n,
    ).toBe(1);
  });
});

describe('who may see and write a thread', () => {
  it('a tracking token reaches only its own thread', async () => {
    const a = await newRequest('first.requester@example.net');
    const b = await newRequest('second.requester@example.net');
    await say(a.token, 'Secret words of the first requester');
    const pageB = await text(await get(portal.url, `/requests/track/${b.token}`));
    expect(pageB).not.toContain('Secret words of the first requester');
    // Posting with B's token and A's id in the body still writes to B only (the token decides).
    await postAction(portal.url, `/requests/track/${b.token}`, 'requestMessages.send', {
      token: b.token,
      id: a.id,
      body: 'From B',
    });
    expect(all<{ request_id: number }>("select request_id from request_messages where body = 'From B'")).toEqual([
      { request_id: b.id },
    ]);
    const tampered = `${b.token.slice(0, -2)}xx`;
    const res = await say(tampered, 'Tampered');
    expect(res.status).toBe(404);
    expect(one<{ n: number }>("select count(*) n from request_messages where body = 'Tampered'").n).toBe(0);
  });

  it('the public, an operator and an officer cannot post as the clerk', async () => {
    const r = await newRequest('third.requester@example.net');
    // The public is sent to sign in; a signed-in account without the clerk role is refused.
    const anonymous = await clerkSays(r.id, 'Posing as the clerk (public)', true, '');
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toMatch(/^\/signin/);
    for (const [who, cookie] of [
      ['operator', operator],
      ['officer', officer],
    ] as const) {
      const res = await clerkSays(r.id, `Posing as the clerk (${who})`, true, cookie);
      expect(res.status, who).toBe(403);
    }
    expect(one<{ n: number }>("select count(*) n from request_messages where body like 'Posing as the clerk%'").n).toBe(
      0,
    );
    expect(one<{ status: string }>('select status from records_requests where id = ?', r.id).status).toBe('received');
  });
});

describe('bad input is answered beside the box, with what was typed kept', () => {
  it('an empty message and an oversized one', async () => {
    const r = await newRequest('fourth.requester@example.net');
    const empty = await say(r.token, '   ');
    expect(empty.status).toBe(400);
    expect(await text(empty)).toContain('Write the message.');
    const long = 'x'.repeat(4001);
    const over = await say(r.token, long);
    expect(over.status).toBe(400);
    const html = await over.text();
    expect(html).toContain('Use at most 4,000 characters for the message.');
    expect(html).toContain(`${long}</textarea>`);
    const staffEmpty = await clerkSays(r.id, '');
    expect(staffEmpty.status).toBe(400);
    expect(await text(staffEmpty)).toContain('Write the message.');
  });
});

describe('the clerk’s tools over HTTP: closing as a duplicate, saved replies, the attach filter, a withdrawal’s note', () => {
  it('closing as a duplicate links both clerk pages, tells the requester on the tracking page and by mail with the note, and is audited', async () => {
    const original = await newRequest('dup.original@example.net');
    const dup = await newRequest('dup.second@example.net');
    const res = await postAction(
      portal.url,
      `/staff/requests/${dup.id}`,
      'requestMessages.closeDuplicate',
      { id: dup.id, otherNumber: original.number, note: 'The same SWPPP was asked for the day before.' },
      clerk,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/staff/requests/${dup.id}?done=duplicate`);
    const dupPage = await (await get(portal.url, `/staff/requests/${dup.id}`, clerk)).text();
    expect(dupPage).toContain(`href="/staff/requests/${original.id}">${original.number}</a>`);
    expect(await text(await get(portal.url, `/staff/requests/${dup.id}`, clerk))).toContain(
      `Closed as a duplicate of ${original.number}`,
    );
    const originalPage = await (await get(portal.url, `/staff/requests/${original.id}`, clerk)).text();
    expect(originalPage).toContain('Duplicates closed into this one');
    expect(originalPage).toContain(`href="/staff/requests/${dup.id}">${dup.number}</a>`);
    const tracking = await text(await get(portal.url, `/requests/track/${dup.token}`));
    expect(tracking).toContain(`Closed as a duplicate of ${original.number}`);
    expect(tracking).toContain("The clerk's note: The same SWPPP was asked for the day before.");
    const mail = await mailbox.waitFor(
      (m) =>
        addressedTo(m, 'dup.second@example.net') &&
        m.subject === `Records request ${dup.number} closed as a duplicate of ${original.number}`,
    );
    expect(bodyOf(mail)).toContain("The Town Clerk's note: The same SWPPP was asked for the day before.");
    expect(
      one<{ n: number }>(
        "select count(*) n from audit_log where action = 'records_request.close_duplicate' and entity_id = ?",
        String(dup.id),
      ).n,
    ).toBe(1);
    // A wrong number is answered beside its field, with what was typed kept.
    const other = await newRequest('dup.third@example.net');
    const bad = await postAction(
      portal.url,
      `/staff/requests/${other.id}`,
      'requestMessages.closeDuplicate',
      { id: other.id, otherNumber: 'R-1900-0001', note: 'Kept note' },
      clerk,
    );
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('There is no request R-1900-0001.');
    expect(html).toContain('Kept note</textarea>');
  });

  it('saved replies are kept on their page and offered in the message box, which a chosen one fills', async () => {
    const saved = await postAction(
      portal.url,
      '/staff/requests/replies',
      'requestMessages.saveTemplate',
      { name: 'Ask which phase (integration)', body: 'Which phase of the project do you mean: 1 or 2?' },
      clerk,
    );
    expect(saved.status).toBe(303);
    const t = one<{ id: number }>("select id from reply_templates where name = 'Ask which phase (integration)'");
    expect(await text(await get(portal.url, '/staff/requests/replies', clerk))).toContain(
      'Which phase of the project do you mean: 1 or 2?',
    );
    const r = await newRequest('template.requester@example.net');
    const offered = await (await get(portal.url, `/staff/requests/${r.id}`, clerk)).text();
    expect(offered).toMatch(new RegExp(`<option value="${t.id}"[^>]*>Ask which phase \\(integration\\)</option>`));
    const filled = await (await get(portal.url, `/staff/requests/${r.id}?template=${t.id}`, clerk)).text();
    expect(filled).toMatch(/id="message-body"[^>]*>Which phase of the project do you mean: 1 or 2\?<\/textarea>/);
    const dupName = await postAction(
      portal.url,
      '/staff/requests/replies',
      'requestMessages.saveTemplate',
      { name: 'ASK WHICH PHASE (integration)', body: 'x' },
      clerk,
    );
    expect(dupName.status).toBe(400);
    expect(await text(dupName)).toContain('A saved reply already has that name');
    const gone = await postAction(
      portal.url,
      '/staff/requests/replies',
      'requestMessages.deleteTemplate',
      { templateId: t.id },
      clerk,
    );
    expect(gone.status).toBe(303);
    expect(one<{ n: number }>('select count(*) n from reply_templates where id = ?', t.id).n).toBe(0);
    expect(
      all<{ action: string }>(
        "select action from audit_log where entity_type = 'reply_template' and entity_id = ? order by id",
        String(t.id),
      ).map((a) => a.action),
    ).toEqual(['reply_template.save', 'reply_template.delete']);
    const operatorTry = await postAction(
      portal.url,
      '/staff/requests/replies',
      'requestMessages.saveTemplate',
      { name: 'Operator', body: 'x' },
      operator,
    );
    expect(operatorTry.status).toBe(403);
  });

  it('the attach list filters by type and dates from GET parameters, and keeps what was ticked', async () => {
    const r = await newRequest('filter.requester@example.net');
    const project = one<{ id: number }>('select project_id id from records_requests where id = ?', r.id).id;
    const reports = all<{ id: number; document_date: string }>(
      "select id, document_date from documents where project_id = ? and type = 'inspection_report' order by document_date, id",
      project,
    );
    expect(reports.length).toBeGreaterThan(1);
    const last = reports[reports.length - 1];
    const html = await (
      await get(
        portal.url,
        `/staff/requests/${r.id}?attachType=inspection_report&attachFrom=${last.document_date}&documentIds=${reports[0].id}`,
        clerk,
      )
    ).text();
    const boxes = [...html.matchAll(/<input type="checkbox" name="documentIds" value="(\d+)"/g)].map((m) =>
      Number(m[1]),
    );
    const expected = reports.filter((d) => d.document_date >= last.document_date).map((d) => d.id);
    expect(boxes.sort()).toEqual(expected.sort());
    expect(html).toContain(`<input type="hidden" name="documentIds" value="${reports[0].id}">`);
    expect(html).toMatch(/: \d+ of \d+ shown/);
  });

  it('the withdrawal mail carries the clerk’s note', async () => {
    const r = await newRequest('withdrawn.requester@example.net');
    const res = await postAction(
      portal.url,
      `/staff/requests/${r.id}`,
      'requests.withdraw',
      { id: r.id, reason: 'They called: the plan was on the project page.' },
      clerk,
    );
    expect(res.status).toBe(303);
    const mail = await mailbox.waitFor(
      (m) => addressedTo(m, 'withdrawn.requester@example.net') && m.subject === `Records request ${r.number} withdrawn`,
    );
    expect(bodyOf(mail)).toContain("The Town Clerk's note: They called: the plan was on the project page.");
  });
});
