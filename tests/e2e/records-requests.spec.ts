/**
 * The whole records request, in a browser, against a portal of its own whose mail goes to a real SMTP
 * server started here: a requester asks for a SWPPP and two inspection reports, sees the estimate,
 * sends, gets the receipt by email and opens the tracking link; a clerk finds the request in the queue,
 * bills it, records the payment (which releases the files); the requester downloads them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInAt, trackingLinkIn } from './own-portal.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { freePort, startPortal, type Portal } from '../support/portal.ts';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';

const REQUESTER = 'e2e.requester@example.org';

let portal: Portal;
let mailbox: Mailbox;
let facts: {
  slug: string;
  projectName: string;
  swppp: { title: string; pages: number; sheets: number };
  reports: Array<{ date: string; title: string; pages: number }>;
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const smtpPort = await freePort();
  mailbox = await startMailbox(smtpPort);
  portal = await startPortal({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_POLL_MS: '200', MAIL_RETRY_BASE_MS: '300' },
  });
  // Pick a project with a public SWPPP and two inspection reports on dates no other report shares.
  const db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  const q = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).all(...args) as T[];
  const project = q<{ id: number; slug: string; name: string }>(
    "select p.id, p.slug, p.name from projects p where p.published = 1 and exists (select 1 from documents d where d.project_id = p.id and d.type = 'swppp' and d.public = 1) and (select count(*) from documents d where d.project_id = p.id and d.type = 'inspection_report' and d.public = 1) >= 4 order by p.name limit 1",
  )[0];
  const swppp = q<{ title: string; page_count: number; large_format_pages: number }>(
    "select title, page_count, large_format_pages from documents where project_id = ? and type = 'swppp' and public = 1 order by document_date desc, id desc limit 1",
    project.id,
  )[0];
  const reports = q<{ document_date: string; title: string; page_count: number }>(
    "select document_date, title, page_count from documents where project_id = ? and type = 'inspection_report' and public = 1 order by document_date, id",
    project.id,
  );
  const byDate = new Map<string, number>();
  for (const r of reports) byDate.set(r.document_date, (byDate.get(r.document_date) ?? 0) + 1);
  const k = reports.findIndex(
    (r, i) =>
      i + 1 < reports.length &&
      byDate.get(r.document_date) === 1 &&
      byDate.get(reports[i + 1].document_date) === 1 &&
      i > 0,
  );
  facts = {
    slug: project.slug,
    projectName: project.name,
    swppp: { title: swppp.title, pages: swppp.page_count - swppp.large_format_pages, sheets: swppp.large_format_pages },
    reports: [reports[k], reports[k + 1]].map((r) => ({ date: r.document_date, title: r.title, pages: r.page_count })),
  };
  db.$client.close();
});

test.afterAll(async () => {
  await portal?.stop();
  await mailbox?.close();
});

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const signIn = (page: Page, email: string) => signInAt(page, portal.url, email);
const linkIn = trackingLinkIn;

test('a requester asks for a SWPPP and two inspection reports; the clerk bills, is paid, and the files are released', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const expectedCents =
    (facts.swppp.pages + facts.reports[0].pages + facts.reports[1].pages) * 25 + facts.swppp.sheets * 500;

  // From the project page to the form, with the project already chosen.
  await page.goto(`${portal.url}/projects/${facts.slug}`);
  await page.getByRole('link', { name: "Request copies of this project's records" }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/new\\?project=${facts.slug}$`));
  await expect(page.getByLabel('Project')).toHaveValue(facts.slug);

  await page
    .getByRole('checkbox', { name: new RegExp(`^${facts.swppp.title.replace(/[()]/g, '\\$&')}`) })
    .first()
    .check();
  await page.getByLabel('Reports from').fill(facts.reports[0].date);
  await page.getByLabel('Reports to').fill(facts.reports[1].date);
  await page.getByRole('radio', { name: 'Paper copies, picked up at Town Hall' }).check();

  // The live estimate, computed in the browser by the same module as the server.
  const estimate = page.locator('[data-estimate-body]');
  await expect(estimate.locator('.estimate-total strong')).toHaveText(money(expectedCents));
  await expect(estimate).toContainText(`Copies: Inspection reports`);
  // And the server's, after a preview, agrees.
  await page.getByRole('button', { name: 'Preview the cost' }).click();
  await expect(page.locator('[data-estimate-body] .estimate-total strong')).toHaveText(money(expectedCents));
  await expect(page.getByLabel('Reports from')).toHaveValue(facts.reports[0].date);

  await page.getByLabel('Name').fill('Erin Example');
  await page.getByLabel('Email address').fill(REQUESTER);
  await page.getByRole('button', { name: 'Send the request' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Records request R-\d{4}-\d{4}$/);
  await expect(page.getByRole('status')).toContainText('Your request was received.');
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Records request ', '');

  // The receipt arrives by email with the due date and the private link.
  const receipt = await mailbox.waitFor(
    (m) => addressedTo(m, REQUESTER) && m.subject!.startsWith(`Records request ${number} received`),
  );
  expect(receipt.text).toContain('The Town must respond by close of business on');
  expect(receipt.text).toContain(`Estimated cost: ${money(expectedCents)}`);
  const trackingLink = linkIn(receipt);
  const requester = await browser.newPage();
  await requester.goto(trackingLink);
  await expect(requester.getByRole('heading', { level: 1 })).toHaveText(`Records request ${number}`);
  await expect(requester.getByText('Received', { exact: true }).first()).toBeVisible();
  await expect(requester.getByRole('heading', { name: 'How the due date was counted' })).toBeVisible();
  await expect(requester.getByText('Nothing yet. Files appear here when the Town releases them.')).toBeVisible();

  // The clerk finds it in the queue and opens it.
  await signIn(page, 'clerk@rotterdam.example');
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Records requests' }).click();
  await page.getByLabel('Search').fill(number);
  await page.getByRole('button', { name: 'Show requests' }).click();
  const firstRow = page.locator('table.queue tbody tr').first();
  await expect(firstRow).toContainText(number);
  await expect(firstRow).toContainText('Erin Example');
  await firstRow.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Request ${number}`);

  // Bill it: the counts on file are confirmed as they are.
  await page.getByRole('button', { name: 'Bill the request' }).click();
  await expect(page.getByRole('status')).toHaveText('Billed.');
  const invoice = page.locator('table.invoice');
  await expect(invoice).toContainText(money(expectedCents));
  const billMail = await mailbox.waitFor(
    (m) => addressedTo(m, REQUESTER) && m.subject!.startsWith(`Records request ${number}: ready, invoice`),
  );
  expect(billMail.text).toContain(`Balance due: ${money(expectedCents)}`);

  // Record the payment by check: the balance reaches zero and the files are released.
  await page.getByRole('radio', { name: 'Check' }).check();
  await page.getByLabel('Check number or card reference').fill('2041');
  await page.getByRole('button', { name: 'Record the payment' }).click();
  await expect(page.getByRole('status')).toHaveText('Payment recorded.');
  await expect(invoice).toContainText(/Balance due\s*\$0\.00/);
  // Paper copies picked up are "Copies ready" once paid (fulfilled when picked up: paper-pickup.spec.ts).
  await expect(page.getByText('Copies ready', { exact: true }).first()).toBeVisible();
  const items = page.locator('#items + .table-wrap table tbody tr');
  await expect(items).toHaveCount(2);
  for (const row of await items.all()) await expect(row.locator('td').nth(3)).not.toHaveText('No');
  const paidMail = await mailbox.waitFor(
    (m) =>
      addressedTo(m, REQUESTER) &&
      m.subject!.startsWith(`Records request ${number}: payment of ${money(expectedCents)} received`),
  );
  expect(paidMail.text).toContain('The records are released');

  // The requester downloads them from the tracking page.
  await requester.goto(linkIn(paidMail));
  await expect(requester.getByText('Copies ready', { exact: true })).toBeVisible();
  const downloads = requester.locator('ul.downloads a');
  await expect(downloads).toHaveCount(3);
  await expect(downloads.nth(0)).toHaveText(facts.swppp.title);
  await expect(downloads.nth(1)).toHaveText(facts.reports[0].title);
  const [download] = await Promise.all([requester.waitForEvent('download'), downloads.nth(0).click()]);
  const saved = await download.path();
  expect(fs.readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
  const [report] = await Promise.all([requester.waitForEvent('download'), downloads.nth(2).click()]);
  expect(
    fs
      .readFileSync(await report.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expect(requester.locator('table.invoice')).toContainText('Check, 2041');
  await expect(requester.getByText(REQUESTER)).toHaveCount(0);
});

test('with JavaScript off the form still works: preview shows the estimate, and a double-clicked send makes one request', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${portal.url}/requests/new`);
  await page.getByLabel('Project').selectOption(facts.slug);
  await page.getByRole('button', { name: "Show this project's documents" }).click();
  await page
    .getByRole('checkbox', { name: new RegExp(`^${facts.swppp.title.replace(/[()]/g, '\\$&')}`) })
    .first()
    .check();
  await page.getByRole('radio', { name: 'By email or download (free)' }).check();
  await page.getByRole('button', { name: 'Preview the cost' }).click();
  await expect(page.locator('[data-estimate-body] .estimate-total strong')).toHaveText('$0.00');
  await page.getByLabel('Name').fill('No Script');
  await page.getByLabel('Email address').fill('no.script@example.org');
  // A published document only, electronically: the form first says it is online now; sent anyway (decision 0030).
  await page.getByRole('button', { name: 'Send the request' }).click();
  await page.getByRole('checkbox', { name: 'Send the request anyway' }).check();
  await page.getByRole('button', { name: 'Send the request' }).dblclick();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Records request R-\d{4}-\d{4}$/);
  const db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  const n = (
    db.$client
      .prepare("select count(*) n from records_requests where requester_email = 'no.script@example.org'")
      .get() as { n: number }
  ).n;
  db.$client.close();
  expect(n).toBe(1);
  await context.close();
});
