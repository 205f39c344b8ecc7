/**
 * Decisions 0063-0065 in a browser. A request acknowledged in time whose promised date has passed: the
 * tracking page says it was not answered in time and offers the appeal; the requester appeals; an admin,
 * standing in for the appeals officer, grants it; the request is open again with the day the records are
 * owed, first in the clerk's queue; the clerk releases the records. And a back-dated acknowledgment,
 * recorded after the due date, does not clear the missed deadline.
 *
 * The server runs on the real clock, so the request's past is written into its database (received a month
 * ago, acknowledged the next day), relative to the town's today.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInAt } from './own-portal.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { addDays } from '#lib/shared/days.ts';
import { formatDay } from '#lib/shared/format.ts';
import { townInstant, townToday } from '#lib/server/platform/time/town-time.ts';
import type { Portal } from '../support/portal.ts';

test.describe.configure({ mode: 'serial' });

/** Send a request for the first public SWPPP in the browser; the tracking page's URL and number. */
async function sendRequest(page: Page, portal: Portal, name: string): Promise<{ url: string; number: string }> {
  const db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  const doc = db.$client
    .prepare(
      "select p.slug, d.title from projects p join documents d on d.project_id = p.id and d.type = 'swppp' and d.public = 1 where p.published = 1 order by p.name, d.document_date desc, d.id desc limit 1",
    )
    .get() as { slug: string; title: string };
  db.$client.close();
  await page.goto(`${portal.url}/requests/new?project=${doc.slug}`);
  await page
    .getByRole('checkbox', { name: new RegExp(`^${doc.title.replace(/[()]/g, '\\$&')}`) })
    .first()
    .check();
  await page.getByRole('radio', { name: 'Paper copies, picked up at Town Hall' }).check();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email address').fill(`${name.toLowerCase().replace(/\W+/g, '.')}@example.org`);
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Records request R-\d{4}-\d{4}$/);
  return {
    url: page.url(),
    number: (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Records request ', ''),
  };
}

/** Write the request's past into the portal's database (the server reads each request afresh). */
function rewrite(portal: Portal, number: string, set: Record<string, string | number | null>) {
  const db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  const cols = Object.keys(set);
  db.$client
    .prepare(`update records_requests set ${cols.map((c) => `${c} = ?`).join(', ')} where number = ?`)
    .run(...cols.map((c) => set[c]), number);
  const id = (db.$client.prepare('select id from records_requests where number = ?').get(number) as { id: number }).id;
  db.$client.close();
  return id;
}

test('a promised date that passes is a denial: appealed, granted, reopened first in the queue, released', async ({
  page,
  browser,
  workerPortal,
}) => {
  test.setTimeout(180_000);
  const today = townToday();
  const requester = await (await browser.newContext()).newPage();
  const { url, number } = await sendRequest(requester, workerPortal, 'Promise Kept-Not');
  const promised = addDays(today, -10);
  const id = rewrite(workerPortal, number, {
    received_at: townInstant(addDays(today, -30), '10:00').getTime(),
    due_on: addDays(today, -23),
    status: 'acknowledged',
    acknowledged_on: addDays(today, -29),
    promised_on: promised,
    respond_by: promised,
  });

  // The tracking page: the date given has passed without an answer, which is a denial the requester may appeal.
  await requester.goto(url);
  await expect(requester.getByText(`${formatDay(promised)} (passed without an answer)`)).toBeVisible();
  await expect(requester.getByRole('heading', { name: 'Not answered in time' })).toBeVisible();
  await requester
    .getByLabel('Your appeal: what you ask for, and why')
    .fill('The Town gave a date and let it pass. The SWPPP is public under L(4).');
  await requester.getByRole('button', { name: 'Send the appeal' }).click();
  await expect(requester.getByText('Your appeal was sent to the appeals officer.')).toBeVisible();

  // The admin stands in for the appeals officer and grants it.
  await signInAt(page, workerPortal.url, 'admin@rotterdam.example');
  await page.goto(`${workerPortal.url}/staff/requests/appeals`);
  const panel = page.locator('section.panel', { has: page.getByRole('link', { name: number }) });
  await panel.getByRole('radio', { name: 'Appeal granted', exact: true }).check();
  await panel
    .getByLabel('The decision and the reasons (sent to the requester)')
    .fill('The date passed unanswered: provide the SWPPP.');
  await panel.getByRole('button', { name: 'Record and send the answer' }).click();
  await expect(page.getByText('The answer was recorded and sent to the requester.')).toBeVisible();

  // The requester sees the day the records are owed.
  await requester.goto(url);
  await expect(requester.getByText('The Town must provide the reopened records by')).toBeVisible();
  await expect(requester.getByText(/Appeal granted/).first()).toBeVisible();

  // The clerk's queue lists it first, apart, and the clerk releases the records.
  const clerk = await (await browser.newContext()).newPage();
  await signInAt(clerk, workerPortal.url, 'clerk@rotterdam.example');
  await clerk.goto(`${workerPortal.url}/staff/requests`);
  const grants = clerk.getByRole('region', { name: 'Appeals granted: provide these records first' });
  await expect(grants.getByRole('link', { name: number })).toBeVisible();
  await grants.getByRole('link', { name: number }).click();
  await expect(clerk).toHaveURL(new RegExp(`/staff/requests/${id}`));
  await clerk.getByRole('button', { name: 'Mark fulfilled' }).click();
  await expect(clerk.getByText(/Fulfilled on/).first()).toBeVisible();

  await requester.goto(url);
  await expect(requester.getByText('(answered since)')).toBeVisible();
  await expect(requester.getByText(/^Fulfilled$/).first()).toBeVisible();
});

test('a back-dated acknowledgment recorded after the due date does not clear the missed deadline', async ({
  page,
  browser,
  workerPortal,
}) => {
  test.setTimeout(120_000);
  const today = townToday();
  const requester = await (await browser.newContext()).newPage();
  const { url, number } = await sendRequest(requester, workerPortal, 'Back Dated');
  const due = addDays(today, -13);
  const id = rewrite(workerPortal, number, {
    received_at: townInstant(addDays(today, -20), '10:00').getTime(),
    due_on: due,
    respond_by: due,
  });

  await signInAt(page, workerPortal.url, 'clerk@rotterdam.example');
  await page.goto(`${workerPortal.url}/staff/requests/${id}`);
  await page.getByLabel('Acknowledged on').fill(addDays(due, -1));
  await page.getByLabel('Records expected by').fill(addDays(today, 10));
  await page.getByRole('button', { name: 'Acknowledge and email the requester' }).click();
  await expect(
    page
      .getByText(`The Town dates this ${formatDay(addDays(due, -1))}, but recorded it on ${formatDay(today)}`)
      .first(),
  ).toBeVisible();

  await requester.goto(url);
  await expect(requester.getByText(`Acknowledged in writing on ${formatDay(today)}.`)).toBeVisible();
  await expect(requester.getByRole('heading', { name: 'Not answered in time' })).toBeVisible();
  await expect(requester.getByText('(late: after the due date)')).toBeVisible();
});
