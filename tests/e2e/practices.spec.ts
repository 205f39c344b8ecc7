/**
 * Issue 20 in the browser: certified as-built plans accepted → the practice in the inventory → a routine
 * inspection finds it needs maintenance → the owner files the maintenance → the re-inspection closes it,
 * each step read on the public practice page; and an escrow with a deposit, two charges and a request for
 * a further deposit.
 */
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { expect, test } from './fixtures.ts';
import { one, signIn } from './a11y.ts';

/** Today and a later day in town time, as date inputs want them. */
function townDay(offsetDays = 0): string {
  const at = new Date(Date.now() + offsetDays * 86_400_000);
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

async function as(page: Page, email: string) {
  await page.context().clearCookies();
  await signIn(page, email);
}

test('as-built plans accepted, inspected, maintained by the owner and closed by re-inspection, each step on the public page', async ({ page }) => {
  const plans = one<{ id: number }>("select d.id from documents d join projects p on p.id = d.project_id where p.slug = 'helderberg-avenue-school-addition' and d.type = 'as_built_plans'");
  await as(page, 'officer@rotterdam.example');
  await page.goto(`/staff/reviews/documents/${plans.id}`);
  const accept = page.locator('section', { has: page.getByRole('heading', { name: 'Accept the plans and add the practice' }) });
  await accept.getByLabel('Name of the practice').fill('School bus loop bioretention');
  await accept.getByLabel(/^Family/).selectOption('filtering');
  await accept.getByLabel('Operator account that files the owner’s reports (optional)').fill('operator@rotterdam.example');
  await accept.getByLabel('In service since').fill(townDay(-20));
  await accept.getByRole('button', { name: 'Accept the plans and add the practice' }).click();
  await expect(page).toHaveURL(/\/staff\/practices\/\d+\?saved=1/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  const publicPage = async (expectText: string | RegExp) => {
    await page.goto(`/practices/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('School bus loop bioretention');
    await expect(page.locator('main')).toContainText(expectText);
  };
  await publicPage('Not inspected by the Town yet.');
  await expect(page.locator('main')).toContainText('As-built plans accepted by the Town');

  // A routine inspection: needs maintenance, one item with a due date.
  await page.goto(`/staff/practices/${id}`);
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Record the inspection' }) });
  await form.getByRole('group', { name: /Why/ }).getByLabel('Routine inspection').check();
  await form.getByRole('group', { name: /What it found/ }).getByLabel('Needs maintenance').check();
  await form.getByLabel('Findings (public)').fill('Sediment at the inlet; mulch washed out.');
  await form.getByLabel('Item 1: what must be done').fill('Remove the sediment and replace the mulch.');
  await form.getByLabel('Item 1: due by').fill(townDay(30));
  await form.getByRole('button', { name: 'Record the inspection' }).click();
  await expect(page).toHaveURL(/recorded=1/);
  await publicPage('It works, but the owner must do maintenance');
  await expect(page.getByTestId('open-items')).toContainText('Remove the sediment and replace the mulch.');

  // The owner files the maintenance report with a PDF, saying the item is done.
  await as(page, 'operator@rotterdam.example');
  await page.goto('/operator/practices');
  await page.getByRole('link', { name: 'School bus loop bioretention' }).click();
  await page.getByLabel('Inspection and maintenance done').fill('Removed the sediment; replaced the mulch.');
  await page.getByRole('group', { name: /Required maintenance this report shows done/ }).getByLabel('Remove the sediment and replace the mulch.').check();
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText('Maintenance report', { x: 72, y: 700 });
  await page.getByLabel(/Report: a PDF or a photo/).setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) });
  await page.getByRole('button', { name: 'File the report' }).click();
  await expect(page.getByRole('status')).toContainText('Filed.');
  await publicPage('The owner reported it done');
  await expect(page.getByTestId('reports')).toContainText(`Report for ${townDay().slice(0, 4)}`);

  // The re-inspection closes it.
  await as(page, 'officer@rotterdam.example');
  await page.goto(`/staff/practices/${id}`);
  await form.getByRole('group', { name: /Why/ }).getByLabel('Re-inspection of required maintenance').check();
  await form.getByRole('group', { name: /What it found/ }).getByLabel('Functioning').check();
  await form.getByRole('group', { name: /Maintenance found done/ }).getByLabel(/Remove the sediment and replace the mulch/).check();
  await form.getByRole('button', { name: 'Record the inspection' }).click();
  await expect(page).toHaveURL(/recorded=1/);
  await publicPage('It was working as designed.');
  await expect(page.getByTestId('no-open-items')).toBeVisible();
  await expect(page.getByTestId('closed-items')).toContainText('Done: confirmed by the Town’s inspection');
});

test('an escrow with a deposit, two charges for accepted services and a request for a further deposit', async ({ page }) => {
  await as(page, 'clerk@rotterdam.example');
  await page.goto('/staff/projects/carman-road-child-care-center/escrow');
  await expect(page.getByText('Nothing recorded yet.')).toBeVisible();
  const open = async (summary: string) => {
    await page.locator('summary', { hasText: summary }).click();
    return page.locator('details[open] form');
  };
  let f = await open('Record a deposit');
  await f.getByLabel('Amount ($)').fill('1,500.00');
  await f.getByLabel('Certified check number').fill('7781');
  await f.getByRole('button', { name: 'Record the deposit' }).click();
  await expect(page.getByTestId('escrow-balance')).toContainText('$1,500.00');
  for (const [what, amount] of [['SWPPP review', '600.00'], ['Site inspection', '350.25']]) {
    f = await open('Charge accepted services');
    await f.getByLabel('Services accepted by the Town on').fill(townDay());
    await f.getByLabel('Licensed/certified professional').fill('Example Engineering, PE');
    await f.getByLabel('What for').fill(what);
    await f.getByLabel('Hours').fill('4');
    await f.getByLabel('Amount ($)').fill(amount);
    await f.getByRole('button', { name: 'Record the charge' }).click();
    await expect(page.getByRole('status')).toContainText('Saved.');
  }
  await expect(page.getByTestId('escrow-balance')).toContainText('$549.75');
  f = await open('Record a professional’s estimate');
  await f.getByLabel('Licensed/certified professional').fill('Example Engineering, PE');
  await f.getByLabel('Amount ($)').fill('1,000');
  await f.getByRole('button', { name: 'Record the estimate' }).click();
  await expect(page.getByRole('status')).toContainText('the applicant was asked by email for a further deposit');
  await expect(page.locator('table')).toContainText('Request for a further deposit');
  await expect(page.locator('table')).toContainText('$450.25');
  await page.getByRole('link', { name: 'Printable statement' }).click();
  await expect(page.locator('main')).toContainText('$549.75');
});
