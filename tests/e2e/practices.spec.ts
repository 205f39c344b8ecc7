/**
 * Permanent practices in the browser (decisions 0035–0037): certified as-built plans accepted → the practice in the
 * inventory → a routine inspection finds it needs maintenance → the owner files the maintenance → the re-inspection
 * closes it, each step read on the public practice page; and an escrow with a deposit, two charges and a request for a
 * further deposit.
 */
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { expect, test } from './fixtures.ts';
import { one, signIn } from './a11y.ts';
import { addDays } from '#lib/shared/days.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';

/** A day in town time, as date inputs want them: the project's one addDays over its one townToday. */
const townDay = (offsetDays = 0): string => addDays(townToday(), offsetDays);

async function as(page: Page, email: string) {
  await page.context().clearCookies();
  await signIn(page, email);
}

test('as-built plans accepted, inspected, maintained by the owner and closed by re-inspection, each step on the public page', async ({
  page,
}) => {
  const plans = one<{ id: number }>(
    "select d.id from documents d join projects p on p.id = d.project_id where p.slug = 'helderberg-avenue-school-addition' and d.type = 'as_built_plans'",
  );
  await as(page, 'officer@rotterdam.example');
  await page.goto(`/staff/reviews/documents/${plans.id}`);
  const accept = page.locator('section', {
    has: page.getByRole('heading', { name: 'Accept the plans and add the practice' }),
  });
  await accept.getByLabel('Name of the practice').fill('School bus loop bioretention');
  await accept.getByLabel(/^Family/).selectOption('filtering');
  await accept
    .getByLabel('Operator account that files the owner’s reports (optional)')
    .fill('operator@rotterdam.example');
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
  await form
    .getByRole('group', { name: /What it found/ })
    .getByLabel('Needs maintenance')
    .check();
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
  await page
    .getByRole('group', { name: /Required maintenance this report shows done/ })
    .getByLabel('Remove the sediment and replace the mulch.')
    .check();
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText('Maintenance report', { x: 72, y: 700 });
  await page
    .getByLabel(/Report: a PDF or a photo/)
    .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) });
  await page.getByRole('button', { name: 'File the report' }).click();
  await expect(page.getByRole('status')).toContainText('Filed.');
  await publicPage('The owner reported it done');
  // The form offers the oldest year not yet filed: here the year the practice went into service (in early January, 20 days ago is last year).
  await expect(page.getByTestId('reports')).toContainText(`Report for ${townDay(-20).slice(0, 4)}`);

  // The re-inspection closes it.
  await as(page, 'officer@rotterdam.example');
  await page.goto(`/staff/practices/${id}`);
  await form.getByRole('group', { name: /Why/ }).getByLabel('Re-inspection of required maintenance').check();
  await form
    .getByRole('group', { name: /What it found/ })
    .getByLabel('Functioning')
    .check();
  await form
    .getByRole('group', { name: /Maintenance found done/ })
    .getByLabel(/Remove the sediment and replace the mulch/)
    .check();
  await form.getByRole('button', { name: 'Record the inspection' }).click();
  await expect(page).toHaveURL(/recorded=1/);
  await publicPage('It was working as designed.');
  await expect(page.getByTestId('no-open-items')).toBeVisible();
  await expect(page.getByTestId('closed-items')).toContainText('Done: confirmed by the Town’s inspection');
});

test('an escrow with a deposit, two charges for accepted services and a request for a further deposit', async ({
  page,
}) => {
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
  for (const [what, amount] of [
    ['SWPPP review', '600.00'],
    ['Site inspection', '350.25'],
  ]) {
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

test('on a phone: the officer corrects a practice, the clerk files its easement, a resident downloads it; an owner’s bad file is refused beside the field', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const p = one<{ id: number; name: string }>(
    'select id, name from stormwater_practices where project_id is null and removed_on is null order by id desc limit 1',
  );
  await as(page, 'officer@rotterdam.example');
  await page.goto(`/staff/practices/${p.id}`);
  await page.getByRole('link', { name: 'Correct the record' }).click();
  await expect(page.getByLabel('Name of the practice')).toHaveValue(p.name);
  // A pin outside the town is refused beside the field; what was typed stays.
  await page.getByLabel('Owner responsible for maintenance').fill('Maple Court Homeowners Association');
  await page.getByLabel('Latitude').fill('40.1');
  await page.getByRole('button', { name: 'Save the corrections' }).click();
  await expect(page.locator('#f-latitude-error')).toContainText('Put the pin inside the town');
  await expect(page.getByLabel('Owner responsible for maintenance')).toHaveValue('Maple Court Homeowners Association');
  await page.getByLabel('Latitude').fill('42.7950');
  await page
    .getByRole('group', { name: /Who maintains it/ })
    .getByLabel('Private owner')
    .check();
  await page
    .getByRole('group', { name: /Dedicated to the Town/ })
    .getByLabel('No')
    .check();
  await page.getByRole('button', { name: 'Save the corrections' }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/practices/${p.id}\\?saved=1`));
  await expect(page.locator('main')).toContainText('Maple Court Homeowners Association (a private owner)');

  // The clerk files the recorded easement: first a photo named .pdf (refused by its content), then the PDF.
  await as(page, 'clerk@rotterdam.example');
  await page.goto(`/staff/practices/${p.id}`);
  await expect(page.getByRole('link', { name: 'Correct the record' })).toHaveCount(0);
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b00000000049454e44ae426082',
    'hex',
  );
  await page
    .getByLabel(/The recorded agreement or easement/)
    .setInputFiles({ name: 'easement.pdf', mimeType: 'application/pdf', buffer: png });
  await page.getByRole('button', { name: 'File the document' }).click();
  await expect(page.locator('#f-agreement-error')).toContainText('PDF');
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText('Drainage easement', { x: 72, y: 700 });
  await page
    .getByLabel(/The recorded agreement or easement/)
    .setInputFiles({ name: 'easement.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) });
  await page.getByRole('button', { name: 'File the document' }).click();
  await expect(page.getByTestId('agreement-on-file')).toContainText('easement.pdf');

  // A resident reads it in plain dated words and downloads it.
  await page.context().clearCookies();
  await page.goto(`/practices/${p.id}`);
  await expect(page.locator('main')).toContainText('Maple Court Homeowners Association');
  const link = page.getByTestId('agreement-download');
  await expect(link).toContainText(/Download the recorded document \(PDF, .+, 1 page; filed \w+ \d+, \d{4}\)/);
  const res = await page.request.get((await link.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');

  // The owner's yearly report with a file that is neither a PDF nor a photo: the message is next to the field.
  await as(page, 'operator@rotterdam.example');
  await page.goto('/operator/practices');
  await page.locator('main a[href^="/operator/practices/"]').first().click();
  await page.getByLabel('Inspection and maintenance done').fill('Mowed twice; cleared the outlet.');
  await page.getByLabel(/Report: a PDF or a photo/).setInputFiles({
    name: 'report.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('just some text, not a PDF'),
  });
  await page.getByRole('button', { name: 'File the report' }).click();
  await expect(page.locator('#f-report-error')).toContainText(/PDF/);
  await expect(page.getByLabel('Inspection and maintenance done')).toHaveValue('Mowed twice; cleared the outlet.');
});
