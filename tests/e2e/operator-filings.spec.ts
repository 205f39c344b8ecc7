import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { fillInspectionReport } from './operator-forms.ts';

const PASSWORD = 'rotterdam-demo-2026';
const SLUG = 'altamont-avenue-plaza';

async function signIn(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/operator$/);
}

/** Stored files, after checking that no temporary (half-stored) file is left. */
function storedFiles(): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR as string, 'files');
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  expect(files.filter((e) => path.basename(e.parentPath) === 'tmp')).toEqual([]);
  return files.map((e) => e.name).sort();
}

test('an operator files an inspection with a PDF and the month’s summary, then sees it on the public project page', async ({
  page,
}) => {
  await signIn(page, 'operator@rotterdam.example');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Altamont Avenue Plaza Redevelopment' }) });
  await expect(card.getByText(/has not been filed/)).toBeVisible();
  await card.getByRole('link', { name: 'File an inspection report' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('File an inspection report');

  await fillInspectionReport(page);
  await page.getByRole('button', { name: 'File the inspection report' }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/projects/${SLUG}\\?filed=inspection$`));
  await expect(page.getByRole('status')).toContainText('Inspection report filed');
  await expect(page.getByText('Sweep the Altamont Avenue entrance').first()).toBeVisible();

  await page.getByRole('link', { name: 'File a monthly summary' }).click();
  const month = await page.locator('input[type="hidden"][name="month"]').inputValue();
  const monthName = new Date(`${month}-01T12:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(page.getByLabel('Inspections done')).not.toHaveValue('');
  await page
    .getByLabel('What happened this month, in plain words')
    .fill(
      `In ${monthName} our inspector checked the site every week. The silt fence and traps held; nothing left the site.`,
    );
  await page.getByLabel('Title').fill('Site superintendent');
  await page.getByLabel('I certify this summary as stated above').check();
  await page.getByRole('button', { name: 'File and publish the summary' }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/projects/${SLUG}\\?filed=summary$`));

  await page.goto(`/projects/${SLUG}`);
  await expect(page.getByRole('heading', { name: new RegExp(`^${monthName}`) })).toBeVisible();
  await expect(page.getByText('The silt fence and traps held; nothing left the site.')).toBeVisible();
  await expect(page.getByText(/has not been filed/)).toHaveCount(0);
});

test('an operator of another project gets 404 for its workspace and forms', async ({ page }) => {
  await signIn(page, 'operator2@rotterdam.example');
  for (const url of [
    `/operator/projects/${SLUG}`,
    `/operator/projects/${SLUG}/inspections/new`,
    `/operator/projects/${SLUG}/summaries/new`,
  ]) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(404);
  }
});

test('a renamed .exe (without JavaScript) and an oversized file (with the progress script) are refused clearly, storing nothing', async ({
  browser,
}) => {
  const before = storedFiles();
  const exe = Buffer.alloc(64 * 1024);
  exe.write('MZ', 0, 'latin1');

  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await plain.newPage();
  await signIn(noJs, 'operator@rotterdam.example');
  await noJs.goto(`/operator/projects/${SLUG}/documents/new`);
  await noJs.getByRole('radio', { name: /^As-built plans/ }).check();
  await noJs.getByLabel('PDF file').setInputFiles({ name: 'as-built.pdf', mimeType: 'application/pdf', buffer: exe });
  await noJs.getByRole('button', { name: 'Upload' }).click();
  await expect(
    // The field's own message (the error summary above the form repeats it as a link).
    noJs.locator('.error-message', {
      hasText: '“as-built.pdf” is not a PDF. Only PDF files are accepted, whatever their name.',
    }),
  ).toBeVisible();
  await expect(noJs.getByRole('radio', { name: /^As-built plans/ })).toBeChecked();
  await plain.close();
  expect(storedFiles()).toEqual(before);

  const page = await browser.newPage();
  await signIn(page, 'operator@rotterdam.example');
  await page.goto(`/operator/projects/${SLUG}/documents/new`);
  await page.getByRole('radio', { name: /^Notice of termination/ }).check();
  const huge = Buffer.alloc(26 * 1024 * 1024);
  huge.write('%PDF-1.7\n', 0, 'latin1');
  await page.getByLabel('PDF file').setInputFiles({ name: 'plan-set.pdf', mimeType: 'application/pdf', buffer: huge });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(
    page.locator('.error-message', {
      hasText: '“plan-set.pdf” is larger than the 25 MB limit. Split it into smaller files, or reduce its size.',
    }),
  ).toBeVisible({ timeout: 30_000 });
  // The enhanced form stayed on the page (no navigation) and shows what happened.
  await expect(page).toHaveURL(new RegExp(`/operator/projects/${SLUG}/documents/new$`));
  await expect(page.getByRole('radio', { name: /^Notice of termination/ })).toBeChecked();
  // The progress script enhanced the form the server sent back, ready for the next try.
  await expect(page.locator('form[data-upload-progress][data-enhanced="true"]')).toHaveCount(1);
  expect(storedFiles()).toEqual(before);
  await page.close();
});
