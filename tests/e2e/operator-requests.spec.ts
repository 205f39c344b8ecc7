/**
 * In a real browser: the operator's own five-business-day duty (ordinance L(4), decision 0028). A resident asks the
 * operator; the operator answers in the portal with copies and a bill; the payment is recorded and the copies
 * become downloadable on the requester's private tracking page. A second request, sent in writing on a day long
 * enough ago that its five business days have passed (time controlled by the day received, not waited for), is a
 * dated L(4) finding on the public project page.
 */
import type { Browser, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { addDays } from '#lib/shared/days.ts';
import { formatDay } from '#lib/shared/format.ts';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './a11y.ts';

const PASSWORD = 'rotterdam-demo-2026';
const SLUG = 'altamont-avenue-plaza';
const townToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());

async function operatorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/signin');
  await page.getByLabel('Email address').fill('operator@rotterdam.example');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/operator$/);
  return page;
}

/** Twelve letter pages: the bill charges for the pages the file holds (counted from it, decision 0069). */
async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 12; i++) doc.addPage([612, 792]);
  return Buffer.from(await doc.save());
}

test('a resident asks the operator; the operator answers with copies and a bill; once paid the copies are downloadable', async ({
  page,
  browser,
}) => {
  // The resident, from the project page: whom to ask, in plain words.
  await page.goto(`/projects/${SLUG}`);
  await page.locator(`a[href="/requests/operator/new?project=${SLUG}"]`).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Ask the site's operator for records");
  await expect(page.getByRole('checkbox', { name: /The stormwater pollution prevention plan/ })).toBeChecked();
  await page.getByRole('radio', { name: /As paper copies to collect/ }).check();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Robin Ashgrove');
  await page.getByLabel('Email address').fill('robin.ashgrove@example.net');
  await page.getByRole('button', { name: 'Send the request to the operator' }).click();
  await expect(page).toHaveURL(/\/requests\/track\/[A-Za-z0-9_-]{43}\?new=1$/);
  const tracking = page.url().replace(/\?new=1$/, '');
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.match(/OR-\d{4}-\d{4}/)![0];
  await expect(page.getByText(/five business days/).first()).toBeVisible();

  // The operator sees it in the workspace, with the due date, and provides a PDF copy with an itemised bill.
  const operator = await operatorPage(browser);
  await operator.goto('/operator/requests');
  await operator.getByRole('link', { name: number }).click();
  await expect(operator.getByRole('heading', { level: 1 })).toContainText(number);
  await operator
    .getByRole('link', { name: /Provide copies/ })
    .first()
    .click();
  await operator.getByRole('radio', { name: 'I am uploading them here as PDFs' }).check();
  await operator
    .getByLabel('PDF copies (when uploading here)')
    .setInputFiles({ name: 'swppp-copy.pdf', mimeType: 'application/pdf', buffer: await pdf() });
  const line = operator.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Kind').selectOption('page');
  await line.getByLabel('What was copied').fill('SWPPP, printed pages');
  await line.getByLabel('How many').fill('12');
  // Bad input first: $5 a page is above the Town's schedule, and no actual cost is stated.
  await line.getByLabel('Price each ($)').fill('5.00');
  await operator.getByRole('button', { name: 'Provide copies' }).click();
  await expect(
    // The field's own message (the error summary above the form repeats it as a link).
    operator.locator('.error-message', {
      hasText:
        /more than the Town's fee schedule allows for the same records delivered as the requester asked \(paper copies, collected from the operator\)/,
    }),
  ).toBeVisible();
  await expect(operator.getByRole('textbox', { name: /Statement of actual cost/ })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(line.getByLabel('How many')).toHaveValue('12');
  await expect(line.getByLabel('What was copied')).toHaveValue('SWPPP, printed pages');
  // Corrected: the Town's own rate. (A browser never keeps a chosen file across a failed send.)
  await operator
    .getByLabel('PDF copies (when uploading here)')
    .setInputFiles({ name: 'swppp-copy.pdf', mimeType: 'application/pdf', buffer: await pdf() });
  await line.getByLabel('Price each ($)').fill('0.25');
  await operator.getByRole('textbox', { name: 'How to pay' }).fill('A check to the company at the site trailer.');
  await operator.getByRole('button', { name: 'Provide copies' }).click();
  await expect(operator).toHaveURL(/\/operator\/requests\/\d+\?done=copies$/);
  await expect(operator.getByText('Waiting for payment').first()).toBeVisible();
  await expectNoViolations(operator, 'the operator’s request page after copies and a bill');

  // The requester sees the bill and no download yet.
  await page.goto(tracking);
  await expect(page.getByRole('heading', { name: "The operator's bill" })).toBeVisible();
  await expect(page.getByText('$3.00').first()).toBeVisible();
  await expect(page.getByText('A check to the company at the site trailer.').first()).toBeVisible();
  await expect(
    page.getByText(/\(12 pages counted from the files\), the Town’s own fee schedule would allow \$3\.00/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'swppp-copy.pdf' })).toHaveCount(0);
  await expectNoViolations(page, 'the tracking page of a request to the operator, with its bill');

  // The operator records the payment; the copies are released to the requester.
  await operator.getByRole('combobox', { name: 'How', exact: true }).selectOption('check');
  await operator.getByLabel('Reference (optional)').fill('Check 1042');
  await operator.getByRole('button', { name: 'Record payment' }).click();
  await expect(operator).toHaveURL(/\?done=paid$/);

  await page.goto(tracking);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'swppp-copy.pdf' }).click();
  const file = await download;
  const bytes = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByText(/within the five business days/)).toBeVisible();
});

test('a request not answered within five business days is a dated L(4) finding on the public project page', async ({
  page,
}) => {
  // Sent in writing three weeks ago (a letter), logged now by the requester: its five business days are over.
  const receivedOn = addDays(townToday(), -21);
  await page.goto(`/requests/operator/new?project=${SLUG}`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Casey Brightwater');
  await page.getByLabel('Email address').fill('casey.brightwater@example.net');
  await page.getByRole('checkbox', { name: /I already sent this request in writing/ }).check();
  await page.getByRole('radio', { name: 'By letter' }).check();
  await page.getByLabel('The day the operator received it').fill(receivedOn);
  await page.getByRole('button', { name: /Send the request to the operator|Log my request/ }).click();
  await expect(page).toHaveURL(/\/requests\/track\//);
  await expect(page.getByText(/did not make the records available within five business days/)).toBeVisible();
  const tracking = page.url();

  await page.goto(`/projects/${SLUG}`);
  await expect(
    page
      .getByText(
        `A request for records made to the operator on ${formatDay(receivedOn)} was not answered within five business days`,
      )
      .first(),
  ).toBeVisible();
  await expect(page.getByText('casey.brightwater@example.net')).toHaveCount(0);
  await expect(page.getByText('Casey Brightwater')).toHaveCount(0);

  // The withdraw form works in a real browser: the page's referrer policy keeps the Origin header its POST needs.
  await page.goto(tracking);
  await page.getByText('Withdraw this request').click();
  await page.getByRole('checkbox', { name: 'I no longer want these records' }).check();
  await page.getByRole('button', { name: 'Withdraw the request' }).click();
  await expect(page.getByText(/withdrawn/i).first()).toBeVisible();
  await expect(page.getByText(/Forbidden|Cross-site/i)).toHaveCount(0);
});
