/**
 * The operator opens the inspection report form once with a signal (at the office), then at the site with
 * none: the form opens from the copy kept on the device and says so, and the report filed there is kept and
 * filed when the connection returns. A page never kept says there is no connection and lists the kept forms;
 * signing out forgets them. "No signal" here is both the browser offline and the portal stopped, so nothing
 * can reach the server by any path.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './a11y.ts';
import { fillInspectionReport } from './operator-forms.ts';
import { DEMO_PASSWORD } from './own-portal.ts';
import { demoTemplate, startPortal, tempDir, type Portal } from '../support/portal.ts';

let portal: Portal;
let dataDir: string;
const WEATHER = 'Sleet, 33°F, opened and filed without a signal';

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const template = demoTemplate();
  if (!template) throw new Error('No demo template (the Playwright global setup seeds one).');
  dataDir = tempDir();
  fs.cpSync(template, dataDir, { recursive: true });
  portal = await startPortal({ dataDir });
});

test.afterAll(async () => {
  await portal?.stop();
});

/** The addresses kept on this device as pages that open without a signal. */
const keptPages = (page: Page) =>
  page.evaluate(async () =>
    (await (await caches.open('kept-pages-v1')).keys()).map((request) => new URL(request.url).pathname),
  );

test('the inspection report form opens without a signal from the copy kept on the device, and what is filed there arrives when the connection returns', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${portal.url}/signin`);
  await page.getByLabel('Email address').fill('operator@rotterdam.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/operator$/);
  await page.getByRole('link', { name: 'File an inspection report' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('File an inspection report');
  const form = new URL(page.url());
  await expect.poll(() => keptPages(page)).toEqual([form.pathname]);

  // At the site: the browser offline and the portal unreachable.
  await context.setOffline(true);
  await portal.stop();

  await page.goto(form.href);
  await expect(page.getByText(/^No connection: this is the copy of this page kept on this device on /)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('File an inspection report');
  await expectNoViolations(page, 'the kept copy of the form, with its notice');
  await fillInspectionReport(page);
  await page.getByLabel('Weather at the inspection').fill(WEATHER);
  await page.getByRole('button', { name: 'File the inspection report' }).click();
  await expect(
    page.getByText(/your report is saved on this device and will be sent when the connection returns/),
  ).toBeVisible();

  // A page that was never kept: no connection, in words, and the way to the forms that are.
  const other = await context.newPage();
  await other.goto(`${portal.url}/operator`);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('No connection');
  await expect(other.getByRole('link', { name: /^File an inspection report: / })).toHaveAttribute(
    'href',
    form.pathname,
  );
  await expectNoViolations(other, 'the page saying there is no connection');
  await other.close();

  // The connection returns: the portal is back on the same address, the browser online.
  portal = await startPortal({ dataDir, port: Number(form.port) });
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/operator\/projects\/[^/?]+\?filed=inspection$/);
  await expect(page.getByRole('status').filter({ hasText: 'Inspection report filed' })).toBeVisible();
  const db = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
  const filed = db.prepare('SELECT count(*) AS n FROM inspections WHERE weather = ?').get(WEATHER) as { n: number };
  db.close();
  expect(filed.n).toBe(1);

  // Signing out forgets the kept pages: the next person on this device never sees them.
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin\?signedout=1$/);
  await expect.poll(() => keptPages(page)).toEqual([]);
});
