/**
 * Residents' reports on a phone (390 CSS pixels wide): /reports shows a map of them above the list, every
 * marker a finger can tap at least 24 by 24; the filters narrow the list to one status and lead to a report's
 * page; a filter that cannot be used is announced beside its field. On the report form, a pin put where a
 * report is already open brings up "Is it one of these?" with that report.
 */
import { expect, test } from './fixtures.ts';
import { expectErrorsAnnounced, expectNoViolations } from './a11y.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('/reports on a phone: map, list, filter by status, open a report', async ({ page }) => {
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Residents’ reports');
  await expect(page.getByRole('region', { name: /^Map of \d+ reports/ })).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
  const targets = await page
    .locator('.leaflet-marker-icon.leaflet-interactive')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
  expect(Math.min(...targets)).toBeGreaterThanOrEqual(24);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  await expectNoViolations(page, '/reports at 390 px');

  await page.getByLabel('Status').selectOption({ label: 'Violation found' });
  await page.getByRole('button', { name: 'Show reports' }).click();
  await expect(page).toHaveURL(/\/reports\?status=violation_found/);
  const rows = page.locator('table.cards tbody tr');
  await expect(rows.first()).toBeVisible();
  for (const status of await rows.locator('td[data-label="Status"]').allTextContents())
    expect(status).toBe('Violation found');
  const first = rows.first().getByRole('link').first();
  const number = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^${number}: `));
  await expect(page.getByText('Status: Violation found.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').first()).toHaveText(
    'Residents’ reports',
  );

  const res = await page.goto('/reports?from=2026-02-30');
  expect(res?.status()).toBe(400);
  await expectErrorsAnnounced(page, '/reports with a day that does not exist');
  await expectNoViolations(page, '/reports with a day that does not exist');
});

test('the report form: a pin where a report is open brings up “Is it one of these?”', async ({ browser, request }) => {
  const geo = (await (await request.get('/reports.geojson?status=received')).json()) as {
    features: Array<{ geometry: { coordinates: [number, number] }; properties: { path: string } }>;
  };
  const open = geo.features[0];
  const [longitude, latitude] = open.geometry.coordinates;
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    geolocation: { latitude, longitude },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto('/report');
  const nearby = page.locator('[data-nearby-reports]');
  await expect(nearby).toBeHidden();
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(nearby.getByRole('heading', { name: 'Is it one of these? Add to it.' })).toBeVisible();
  await expect(nearby.locator(`a[href="${open.properties.path}"]`)).toBeVisible();
  await expect(page.locator('[data-nearby-status]')).toContainText('already open near this place');
  await context.close();
});
