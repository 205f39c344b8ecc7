/**
 * Paper copies (decision 0030), in a browser against a portal of its own whose mail goes to a real SMTP server: a
 * requester asks for paper copies picked up at Town Hall; the clerk bills and records the payment; the mail and the
 * tracking page say "Ready for pickup at Town Hall" (not "ready to download"); the clerk records the pickup; the
 * tracking page says "Picked up on <date>: fulfilled". Axe checks the tracking page at each step, the clerk's page
 * with the pickup control, and the request form with its online-only note (everything asked for is already online).
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInAt, trackingLinkIn } from './own-portal.ts';
import { expectNoViolations } from './a11y.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { formatDay } from '#lib/shared/format.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { freePort, startPortal, type Portal } from '../support/portal.ts';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';

const REQUESTER = 'paper.pickup@example.org';

let portal: Portal;
let mailbox: Mailbox;
let facts: { slug: string; docTitle: string; docId: number };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const smtpPort = await freePort();
  mailbox = await startMailbox(smtpPort);
  portal = await startPortal({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_POLL_MS: '200', MAIL_RETRY_BASE_MS: '300' },
  });
  const db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  const doc = db.$client
    .prepare(
      "select p.slug, d.id, d.title from projects p join documents d on d.project_id = p.id where p.published = 1 and d.type = 'noi' and d.public = 1 order by p.name, d.id limit 1",
    )
    .get() as { slug: string; id: number; title: string };
  facts = { slug: doc.slug, docTitle: doc.title, docId: doc.id };
  db.$client.close();
});

test.afterAll(async () => {
  await portal?.stop();
  await mailbox?.close();
});

const signIn = (page: Page, email: string) => signInAt(page, portal.url, email);
const linkIn = trackingLinkIn;

test('a paper request is released, ready for pickup at Town Hall, picked up, and the tracking page says so at each step', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const today = formatDay(townToday());

  // The requester asks for paper copies to pick up.
  await page.goto(`${portal.url}/requests/new?project=${facts.slug}`);
  await page
    .getByRole('checkbox', { name: new RegExp(`^${facts.docTitle.replace(/[()]/g, '\\$&')}`) })
    .first()
    .check();
  await page.getByRole('radio', { name: 'Paper copies, picked up at Town Hall' }).check();
  await page.getByLabel('Name').fill('Pat Paper');
  await page.getByLabel('Email address').fill(REQUESTER);
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Records request R-\d{4}-\d{4}$/);
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Records request ', '');
  const requester = page;
  await expect(requester.locator('h2.status-headline')).toHaveText('Being prepared: copies to pick up at Town Hall');
  await expect(requester.getByRole('heading', { name: 'The estimate, line by line' })).toBeVisible();
  await expectNoViolations(requester, 'tracking page, paper request received');
  const trackUrl = requester.url().split('?')[0];

  // The clerk bills it and records the payment.
  const clerk = await browser.newPage();
  await signIn(clerk, 'clerk@rotterdam.example');
  const db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  const id = (db.$client.prepare('select id from records_requests where number = ?').get(number) as { id: number }).id;
  db.$client.close();
  await clerk.goto(`${portal.url}/staff/requests/${id}`);
  await clerk.getByRole('button', { name: 'Bill the request' }).click();
  await expect(clerk.getByRole('status')).toHaveText('Billed.');
  await clerk.getByRole('radio', { name: 'Cash' }).check();
  await clerk.getByRole('button', { name: 'Record the payment' }).click();
  await expect(clerk.getByRole('status')).toHaveText('Payment recorded.');
  await expect(clerk.getByText('Copies ready', { exact: true }).first()).toBeVisible();
  await expect(clerk.getByRole('heading', { name: 'Copies waiting for pickup' })).toBeVisible();
  await expectNoViolations(clerk, 'clerk’s page, copies waiting for pickup');

  // The mail and the tracking page: ready for pickup at Town Hall, not "ready to download".
  const paidMail = await mailbox.waitFor(
    (m) => addressedTo(m, REQUESTER) && /payment of .+ received/.test(m.subject ?? ''),
  );
  expect(paidMail.text).toContain('Ready for pickup at Town Hall');
  expect(paidMail.text).not.toContain('download them from your tracking page');
  await requester.goto(linkIn(paidMail));
  expect(requester.url().split('?')[0]).toBe(trackUrl);
  await expect(requester.locator('h2.status-headline')).toHaveText(`Ready for pickup at Town Hall since ${today}`);
  await expect(requester.getByText('Copies ready', { exact: true })).toBeVisible();
  await expect(requester.getByRole('heading', { name: 'Records ready to download' })).toHaveCount(0);
  await expect(requester.getByRole('heading', { name: 'Electronic copies' })).toBeVisible();
  await expectNoViolations(requester, 'tracking page, ready for pickup');

  // The clerk records the pickup (the picked-up choice and today are preset).
  await clerk.reload();
  await expect(clerk.getByRole('radio', { name: 'Picked up at Town Hall' })).toBeChecked();
  await clerk.getByRole('button', { name: 'Record it' }).click();
  await expect(clerk.getByRole('status')).toHaveText('Recorded: the copies were picked up. The request is fulfilled.');
  await expect(clerk.getByText('Fulfilled', { exact: true }).first()).toBeVisible();
  await expect(clerk.getByRole('heading', { name: 'Copies waiting for pickup' })).toHaveCount(0);

  // The tracking page: picked up, fulfilled.
  await requester.reload();
  await expect(requester.locator('h2.status-headline')).toHaveText(`Picked up on ${today}: fulfilled`);
  await expect(requester.getByText('Fulfilled', { exact: true })).toBeVisible();
  await expect(
    requester.getByText(`The copies were picked up at Town Hall on ${today}. The request is fulfilled.`),
  ).toBeVisible();
  await expectNoViolations(requester, 'tracking page, picked up');
});

test('the form says so before sending a request for documents already online, with their links; "Send the request anyway" sends it', async ({
  page,
}) => {
  await page.goto(`${portal.url}/requests/new?project=${facts.slug}`);
  const free = page.getByRole('link', { name: `free — download now: ${facts.docTitle}` });
  await expect(free).toHaveAttribute('href', `/documents/${facts.docId}`);
  await page
    .getByRole('checkbox', { name: new RegExp(`^${facts.docTitle.replace(/[()]/g, '\\$&')}`) })
    .first()
    .check();
  await page.getByLabel('Name').fill('Online Olive');
  await page.getByLabel('Email address').fill('online.olive@example.org');
  await page.getByRole('button', { name: 'Send the request' }).click();
  // A warning beside the box (the "Please check" notice above the form repeats it as a link), never an error.
  await expect(
    page.locator('.warning-message', { hasText: 'Everything you asked for is already published on this portal' }),
  ).toBeVisible();
  await expect(page.locator('main [role="alert"]')).toHaveCount(0);
  await expect(page.locator('ul.online-notice a')).toHaveAttribute('href', `/documents/${facts.docId}`);
  await expect(page.getByLabel('Name')).toHaveValue('Online Olive');
  await expectNoViolations(page, 'request form, the online-only note');
  await page.getByRole('checkbox', { name: 'Send the request anyway' }).check();
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Records request R-\d{4}-\d{4}$/);
});
