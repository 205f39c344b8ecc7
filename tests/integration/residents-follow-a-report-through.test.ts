/**
 * A report residents can follow through, over HTTP with a real SMTP server: anyone follows a report by email
 * (confirmed by the link in a mail, stopped by the link in every mail); anyone says the problem is still
 * happening, which opens a report the officer had closed again for triage; anyone adds words and photos (the
 * words public at once, the photos after the officer looks). Rate-limited; the officer can take an addition
 * off the public page; nobody's address is ever shown.
 */
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { htmlText } from '../support/crawl.ts';
import { formBody, get, postAction, signIn, type Fields } from '../support/http.ts';
import { freePort, startPortal, type Portal } from '../support/portal.ts';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';

let portal: Portal;
let mailbox: Mailbox;
let db: DB;
let officer: string;
let id: number;
const FOLLOWER = 'neighbour.follows@example.org';
const REPORTER = 'first.reporter@example.org';

const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;
const text = async (res: Response) => htmlText(await res.text());

async function post(url: string, form: FormData | URLSearchParams, cookie?: string): Promise<Response> {
  return fetch(new URL(url, portal.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: portal.url, ...(cookie ? { Cookie: cookie } : {}) },
    body: form,
  });
}

async function triage(fields: Fields): Promise<Response> {
  return post(`/staff/reports/${id}`, formBody(fields), officer);
}

const linkIn = (body: string, pattern: RegExp) => pattern.exec(body)?.[0] ?? '';

beforeAll(async () => {
  const smtpPort = await freePort();
  mailbox = await startMailbox(smtpPort);
  portal = await startPortal({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_POLL_MS: '200' } });
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  officer = await signIn(portal.url, 'officer@rotterdam.example', DEMO_PASSWORD);
  const category = one<{ id: number }>("select id from site_report_categories where code = 'silt_fence'").id;
  const form = new FormData();
  for (const [k, v] of Object.entries({
    category,
    description: 'The silt fence along the creek is flat and mud runs into the water.',
    project: 'guilderland-avenue-self-storage',
    observedOn: townToday(),
    email: REPORTER,
    website: '',
  }))
    form.append(k, String(v));
  const filed = await post('/report', form);
  expect(filed.status).toBe(303);
  id = Number(/\/reports\/(\d+)/.exec(filed.headers.get('location') ?? '')![1]);
}, 300_000);

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
  await mailbox?.close();
});

describe('following a report', () => {
  it('asks for the address, mails a confirmation link, and sends nothing else until it is used', async () => {
    const bad = await postAction(portal.url, `/reports/${id}`, 'reportSteps.follow', { reportId: id, email: 'nope' });
    expect(bad.status).toBe(400);
    expect(await text(bad)).toContain('Enter an email address like name@example.com.');

    const asked = await postAction(portal.url, `/reports/${id}`, 'reportSteps.follow', {
      reportId: id,
      email: FOLLOWER,
    });
    expect(asked.status).toBe(303);
    expect(asked.headers.get('location')).toBe(`/reports/${id}?follow=asked`);
    const mail = await mailbox.waitFor((m) => addressedTo(m, FOLLOWER) && /Confirm: follow/.test(m.subject ?? ''));
    const confirm = linkIn(mail.text ?? '', /https?:\/\/\S+\/reports\/follow\?confirm=[\w-]{43}/);
    expect(confirm).not.toBe('');
    expect(one<{ status: string }>('select status from site_report_followers where email = ?', FOLLOWER).status).toBe(
      'pending',
    );

    // A GET (a mail scanner) changes nothing; the button does.
    const page = new URL(confirm);
    expect((await get(portal.url, page.pathname + page.search)).status).toBe(200);
    expect(one<{ status: string }>('select status from site_report_followers where email = ?', FOLLOWER).status).toBe(
      'pending',
    );
    const token = page.searchParams.get('confirm')!;
    const done = await postAction(portal.url, page.pathname + page.search, 'reportSteps.confirm', { token });
    expect(done.status).toBe(200);
    expect(await text(done)).toContain(`You follow Report ${id}`);
    expect(one<{ status: string }>('select status from site_report_followers where email = ?', FOLLOWER).status).toBe(
      'active',
    );
  });

  it('mails the follower each public step, with a link that stops it', async () => {
    expect((await triage({ intent: 'status', status: 'under_review', reason: '' })).status).toBe(303);
    const step = await mailbox.waitFor((m) => addressedTo(m, FOLLOWER) && /Under review/.test(m.subject ?? ''));
    expect(step.text).toContain('which you follow');
    const listUnsubscribe = step.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
    expect(listUnsubscribe).toMatch(/\/reports\/follow\?stop=\d+\.[\w-]{43}/);
    const stop = new URL(linkIn(step.text ?? '', /https?:\/\/\S+\/reports\/follow\?stop=\d+\.[\w-]{43}/));
    const link = stop.searchParams.get('stop')!;
    // A forged link (another follower's id with this token) stops nothing.
    const forged = link.replace(/^\d+/, (n) => String(Number(n) + 1));
    const refused = await postAction(portal.url, `/reports/follow?stop=${forged}`, 'reportSteps.stop', {
      link: forged,
    });
    expect(await text(refused)).toContain('This link is not valid');
    const stopped = await postAction(portal.url, stop.pathname + stop.search, 'reportSteps.stop', { link });
    expect(await text(stopped)).toContain(`You no longer follow Report ${id}`);
    expect(one<{ status: string }>('select status from site_report_followers where email = ?', FOLLOWER).status).toBe(
      'unsubscribed',
    );
    // The public page never shows a follower's or the reporter's address.
    const publicPage = await (await get(portal.url, `/reports/${id}`)).text();
    expect(publicPage).not.toContain(FOLLOWER);
    expect(publicPage).not.toContain(REPORTER);
  });
});

describe('still happening', () => {
  it('opens a report the officer closed again, for triage, and tells the officer and the reporter', async () => {
    expect((await triage({ intent: 'status', status: 'closed', reason: 'The silt fence was repaired.' })).status).toBe(
      303,
    );
    const said = await postAction(portal.url, `/reports/${id}`, 'reportSteps.stillHappening', {
      reportId: id,
      words: 'Mud in the creek again after last night’s rain.',
    });
    expect(said.status).toBe(303);
    expect(said.headers.get('location')).toBe(`/reports/${id}?still=1`);
    expect(one<{ status: string }>('select status from site_reports where id = ?', id).status).toBe('received');
    const page = await text(await get(portal.url, `/reports/${id}`));
    expect(page).toContain('Status: Received.');
    expect(page).toContain('that the problem is still happening. The report is open again for the stormwater officer.');
    expect(page).toContain('“Mud in the creek again after last night’s rain.”');
    await mailbox.waitFor(
      (m) =>
        addressedTo(m, 'officer@rotterdam.example') &&
        new RegExp(`Report ${id}: a resident added`).test(m.subject ?? ''),
    );
    await mailbox.waitFor((m) => addressedTo(m, REPORTER) && /Received/.test(m.subject ?? ''));
    // Once a day from one place is enough.
    const again = await postAction(portal.url, `/reports/${id}`, 'reportSteps.stillHappening', { reportId: id });
    expect(again.status).toBe(400);
    expect(await text(again)).toContain('You said so already today');
  });
});

describe('adding to a report', () => {
  it('keeps the words beside their field when they are missing, and shows them on the page at once; photos wait for the officer', async () => {
    const empty = new FormData();
    empty.append('words', '');
    const refused = await post(`/reports/${id}/add`, empty);
    expect(refused.status).toBe(422);
    expect(await text(refused)).toContain('Say what you saw');

    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 70, b: 40 } } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo' } })
      .toBuffer();
    const form = new FormData();
    form.append('words', 'The basin outlet is blocked with straw.');
    form.append('photos', new Blob([photo as BlobPart], { type: 'image/jpeg' }), 'outlet.jpg');
    const before = one<{ n: number }>('select count(*) n from site_report_photos where report_id = ?', id).n;
    const added = await post(`/reports/${id}/add`, form);
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(`/reports/${id}?added=1`);
    const page = await text(await get(portal.url, `/reports/${id}?after=add`));
    expect(page).toContain('A resident added on');
    expect(page).toContain(
      '“The basin outlet is blocked with straw.” With a photo, shown here once the stormwater officer has looked at it.',
    );
    const photos = db.$client
      .prepare('select approved_at from site_report_photos where report_id = ? order by id')
      .all(id) as Array<{ approved_at: number | null }>;
    expect(photos.length).toBe(before + 1);
    expect(photos.at(-1)!.approved_at).toBeNull();
  });

  it('the officer can take an addition off the public page', async () => {
    const event = one<{ id: number }>(
      "select id from site_report_events where report_id = ? and from_resident = 1 and words like '%basin outlet%'",
      id,
    ).id;
    expect((await triage({ intent: 'hide-addition', eventId: event })).status).toBe(303);
    const page = await text(await get(portal.url, `/reports/${id}?after=hide`));
    expect(page).not.toContain('The basin outlet is blocked with straw.');
    const staff = await text(await get(portal.url, `/staff/reports/${id}`, officer));
    expect(staff).toContain('The basin outlet is blocked with straw.');
    expect(staff).toContain('not public');
  });
});
