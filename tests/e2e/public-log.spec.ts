/**
 * The public log of records requests in a browser (decision 0031): reached from /requests, filtered by
 * project with the form (the address keeps the filter, every row is that project's), paged, with its
 * JSON and CSV links carrying the same filter; axe finds nothing on it or on /requests.
 */
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './a11y.ts';

test('a resident opens the public log from /requests, filters it by project, and axe finds nothing', async ({
  page,
}) => {
  await page.goto('/requests');
  await expectNoViolations(page, '/requests');
  await page.getByRole('link', { name: 'The public log of requests' }).click();
  await expect(page).toHaveURL(/\/requests\/log$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Records request log');
  await expectNoViolations(page, '/requests/log');
  const everything = await page.getByRole('status').textContent();

  // Pick the first project in the filter that has requests.
  const select = page.getByLabel('Project');
  const option = select.locator('option').nth(1);
  const [slug, name] = [await option.getAttribute('value'), (await option.textContent())!.trim()];
  await select.selectOption(slug!);
  await page.getByRole('button', { name: 'Show requests' }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/log\\?project=${slug}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Records request log: ${name}`);
  const projects = await page.locator('table.data-table tbody tr td:nth-child(3)').allTextContents();
  expect(projects.length).toBeGreaterThan(0);
  for (const p of projects) expect(p.trim()).toBe(name);
  expect(await page.getByRole('status').textContent()).not.toBe(everything);
  await expect(page.getByRole('link', { name: 'JSON' })).toHaveAttribute('href', `/requests/log.json?project=${slug}`);
  await expectNoViolations(page, `/requests/log?project=${slug}`);

  // A year that is not one: said above the form, the page still usable.
  await page.goto('/requests/log?year=someday');
  const summary = page.getByRole('alert');
  await expect(summary.getByRole('heading')).toHaveText('There is a problem');
  await expect(
    summary.getByRole('link', { name: 'year must be a year from 1990 to 2100, e.g. 2026.' }),
  ).toHaveAttribute('href', '#log-year');
  await expectNoViolations(page, '/requests/log?year=someday');
});

test('a request sent in the browser is in the log by its number, with nothing of who sent it or their own words', async ({
  page,
}) => {
  const who = {
    name: 'Quillon Marchetti-Ostrova',
    email: 'quillon.marchetti@example.org',
    phone: '518-555-0199',
    address: '77 Zephyr Lane, Rotterdam NY 12306',
    words: 'the zebra-striped culvert memorandum',
  };
  await page.goto('/projects');
  await page.locator('main a[href^="/projects/"]').first().click();
  await page.getByRole('link', { name: "Request copies of this project's records" }).click();
  await page.getByLabel('Other records, in your own words (optional)').fill(`Please send ${who.words}.`);
  await page.getByRole('radio', { name: 'By email or download (free)' }).check();
  await page.getByLabel('Name').fill(who.name);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Phone (optional)').fill(who.phone);
  await page.getByLabel('Postal address (needed for copies by mail)').fill(who.address);
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Records request R-\d{4}-\d{4}$/);
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Records request ', '');

  await page.goto('/requests/log');
  await expect(page.getByRole('rowheader', { name: new RegExp(`^${number}\\b`) })).toBeVisible();
  const html = await page.content();
  const json = await (await page.request.get('/requests/log.json')).text();
  const csv = await (await page.request.get('/requests/log.csv')).text();
  expect(json).toContain(number);
  expect(csv).toContain(number);
  for (const [where, body] of [
    ['HTML', html],
    ['JSON', json],
    ['CSV', csv],
  ] as const) {
    for (const secret of [who.name, who.email, who.phone, who.address, 'Quillon', 'zebra-striped'])
      expect(body, `${where} must not contain "${secret}"`).not.toContain(secret);
  }
});
