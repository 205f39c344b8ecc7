/**
 * Setting up a town (decision 0038), in a browser, on a portal of its own (the fee it changes must not reach other
 * journeys): the admin changes the clerk's address in the town profile and the copy fee a page, from
 * today; the clerk bills a paper request, and the invoice shows the new address and the new fee.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInAt } from './own-portal.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
let requestId: number;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  portal = await startPortal();
  const db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  // An open request for paper copies with no invoice yet.
  const row = db.$client
    .prepare(
      "select r.id from records_requests r where r.status in ('received', 'acknowledged') and r.delivery in ('paper_pickup', 'paper_mail') and not exists (select 1 from invoices i where i.request_id = r.id) order by r.id limit 1",
    )
    .get() as { id: number } | undefined;
  db.$client.close();
  if (!row) throw new Error('The demo town has no open paper request to bill.');
  requestId = row.id;
});

test.afterAll(async () => {
  await portal?.stop();
});

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
}

test('the admin changes the clerk’s address and a fee in the browser; the next invoice shows both', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAt(page, portal.url, 'admin@rotterdam.example');

  // The town profile: the clerk's office moves.
  await page.goto(`${portal.url}/staff/settings`);
  const clerkOffice = page.getByRole('group', { name: /clerk's office/i });
  await expect(clerkOffice.getByLabel('Street address, place, state and ZIP')).toHaveValue(
    '1100 Sunrise Boulevard, Rotterdam, NY 12306',
  );
  await clerkOffice.getByLabel('Street address, place, state and ZIP').fill('7 Lock Street, Rotterdam, NY 12306');
  await page.getByRole('button', { name: 'Save the town profile' }).click();
  await expect(page.getByRole('status')).toContainText('The town profile was saved.');
  await expect(clerkOffice.getByLabel('Street address, place, state and ZIP')).toHaveValue(
    '7 Lock Street, Rotterdam, NY 12306',
  );

  // The copy fees: 20 cents a page from today (the portal's own today: the date field's minimum).
  await page.goto(`${portal.url}/staff/requests/settings`);
  const from = page.getByLabel('Takes effect on');
  const today = (await from.getAttribute('min'))!;
  await from.fill(today);
  // The law's cap is enforced: 30 cents a page is refused beside the field.
  await page.getByLabel('Per page up to 9x14 in. ($)').fill('0.30');
  await page.getByLabel('How the costs were worked out').fill('Paper and toner at the clerk’s office, 2027 prices.');
  await page.getByRole('button', { name: 'Save the new schedule' }).click();
  // The field's own message (the error summary above the form repeats it as a link).
  await expect(page.locator('.error-message', { hasText: 'The law allows at most $0.25 a page' })).toBeVisible();
  await page.getByLabel('Per page up to 9x14 in. ($)').fill('0.20');
  await page.getByRole('button', { name: 'Save the new schedule' }).click();
  await expect(page.getByRole('status')).toHaveText('The new fee schedule was saved.');
  await signOut(page);

  // The clerk bills a paper request; its invoice reads the new address and the new rate.
  await signInAt(page, portal.url, 'clerk@rotterdam.example');
  await page.goto(`${portal.url}/staff/requests/${requestId}`);
  await page.getByRole('button', { name: 'Bill the request' }).click();
  await expect(page.getByRole('status')).toHaveText('Billed.');
  await expect(page.locator('table.invoice')).toContainText('$0.20');
  await page.goto(`${portal.url}/staff/requests/${requestId}/invoice`);
  const sheet = page.locator('article.invoice-sheet');
  await expect(sheet).toContainText("Town Clerk's office, 7 Lock Street, Rotterdam, NY 12306");
  await expect(sheet).toContainText('$0.20 a page up to 9x14 in.');
  await expect(sheet).not.toContainText('1100 Sunrise Boulevard');
  await expect(sheet.locator('table.invoice')).toContainText('$0.20');
});
