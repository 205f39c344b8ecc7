/**
 * An inspection report filled in at the site, where the signal drops as it is sent: the report and its PDF are
 * kept on the device, the page says so, and it is filed by itself when the connection returns — nothing typed
 * is lost, nothing is filed twice.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { fillInspectionReport } from './operator-forms.ts';

const PASSWORD = 'rotterdam-demo-2026';

async function signIn(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/operator$/);
}

test('an inspection report sent without a signal is kept on the device and filed once the connection returns', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'operator@rotterdam.example');
  // Another of the operator's sites than the filing journey's, when there is one: that journey counts its own.
  const cards = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'File an inspection report' }) });
  const others = cards.filter({ hasNot: page.getByRole('heading', { name: 'Altamont Avenue Plaza Redevelopment' }) });
  const card = (await others.count()) > 0 ? others.first() : cards.first();
  await card.getByRole('link', { name: 'File an inspection report' }).click();
  const formUrl = page.url();
  const projectUrl = formUrl.replace(/\/inspections\/new.*$/, '');
  const reports = () =>
    page
      .getByRole('table', { name: 'Latest inspection reports' })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
  await page.goto(projectUrl);
  const before = await reports();
  await page.goto(formUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('File an inspection report');
  await fillInspectionReport(page);
  await page.getByLabel('Weather at the inspection').fill('Drizzle, 41°F, no signal at the basin');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'File the inspection report' }).click();
  await expect(
    page.getByText(/your report is saved on this device and will be sent when the connection returns/),
  ).toBeVisible();
  // Still on the form, with what was typed.
  expect(page.url()).toBe(formUrl);
  await expect(page.getByLabel('Weather at the inspection')).toHaveValue('Drizzle, 41°F, no signal at the basin');

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/operator\/projects\/[^/?]+\?filed=inspection$/);
  await expect(page.getByRole('status').filter({ hasText: 'Inspection report filed' })).toBeVisible();

  // Filed once: opening the form again sends nothing more, and the project lists one new report, this one.
  await page.goto(formUrl);
  await expect(page.getByText(/waiting for a connection/)).toHaveCount(0);
  await page.goto(projectUrl);
  const added = (await reports()).filter((p) => !before.includes(p));
  expect(added).toHaveLength(1);
  await page.goto(added[0]!);
  await expect(page.getByText('Drizzle, 41°F, no signal at the basin')).toBeVisible();
});
