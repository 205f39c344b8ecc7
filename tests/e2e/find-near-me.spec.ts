/**
 * A resident finding construction: search-as-you-type by a partial street name, /search without
 * JavaScript, "use my location" (browser geolocation) listing the nearest project first, and the map.
 */
import { expect, test } from './fixtures.ts';

// A demo project (its coordinates come from the seed, so read them from the open data API).
const SLUG = 'curry-road-distribution-center';

test('search-as-you-type finds a demo project by a partial street name', async ({ page }) => {
  await page.goto('/search');
  const box = page.getByLabel(/Project name, street/);
  await box.click();
  await box.pressSequentially('westc', { delay: 30 });
  const results = page.locator('[data-search-results] .search-results');
  // Answered in the browser: the list appears without a page load, with the match marked.
  await expect(results.getByRole('link', { name: 'Westcott Road Townhomes' })).toBeVisible();
  await expect(page).toHaveURL(/\/search\?q=westc$/);
  await expect(results.locator('mark').first()).toHaveText(/Westcott/);
  await expect(page.getByRole('status')).toContainText('for “westc”');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/search still finds a project by a partial street name, ranked and highlighted', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel(/Find a project by name/).fill('curr ro');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?q=curr\+ro/);
    const first = page.locator('.search-results > li').first();
    await expect(first.getByRole('link')).toHaveText(/Curry Road/);
    await expect(first.locator('mark').first()).toHaveText('Curry');
    await expect(page.getByRole('status')).toContainText(/\d+ results? for “curr ro”/);
  });

  test('a hostile query answers a page, not an error', async ({ page }) => {
    for (const q of ['"', 'title:', '*', '~2', '🚧', 'x'.repeat(1000)]) {
      const res = await page.goto(`/search?q=${encodeURIComponent(q)}`);
      expect(res?.status(), q).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
    }
  });

  test('near me works with a typed address', async ({ page }) => {
    await page.goto('/near');
    await page.getByLabel('Address or street in Rotterdam').fill('Curry Rd');
    await page.getByLabel('Within').selectOption('1');
    await page.getByRole('button', { name: 'Find construction' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: /within 1 mile of Curry Road, nearest first/ }),
    ).toBeVisible();
    await expect(page.locator('.near-list li').first()).toContainText(/miles|feet|right here/);
  });
});

test('"use my location" lists the nearest project first, with distance and direction', async ({ browser, request }) => {
  const project = await (await request.get(`/api/projects?status=active`)).json();
  const target = project.projects.find((p: { slug: string }) => p.slug === SLUG);
  expect(target).toBeTruthy();
  // Stand about 100 feet north of the site.
  const context = await browser.newContext({
    geolocation: { latitude: target.latitude + 0.0003, longitude: target.longitude },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto('/near');
  await page.getByLabel('Within').selectOption('0.5');
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page).toHaveURL(/\/near\?lat=.*&lon=.*&r=0\.5/);
  await expect(page.getByRole('heading', { level: 2 })).toContainText('of your location, nearest first');
  const first = page.locator('.near-list li').first();
  await expect(first.getByRole('link')).toHaveText(target.name);
  await expect(first.locator('.distance')).toHaveText(/^(\d+ feet|less than 50 feet) south$/);
  // The map island drew a marker for it, and the tiles failing offline did not stop it.
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
  await context.close();
});

test('the map shows markers and the same projects in a list; other pages load no map script', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/map');
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
  await expect(page.locator('.map-list').getByRole('link', { name: 'Curry Road Distribution Center' })).toBeVisible();
  const mapScripts = scripts.length;
  expect(mapScripts).toBeGreaterThan(0);
  scripts.length = 0;
  await page.goto('/projects');
  await page.goto(`/projects/${SLUG}`);
  expect(scripts).toEqual([]);
});

test('every marker a finger can tap on /map, /practices and /near is at least 24 by 24 CSS pixels', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of ['/map', '/practices', '/practices?address=Curry+Road&r=1', '/near?address=Curry+Road&r=1']) {
    await page.goto(path);
    await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
    // Markers (status shapes, groups, the chosen place) and any vector shape that takes taps.
    const targets = await page
      .locator('.leaflet-marker-icon.leaflet-interactive, .leaflet-overlay-pane .leaflet-interactive')
      .evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { what: el.outerHTML.slice(0, 80), width: r.width, height: r.height };
        }),
      );
    expect(targets.length, path).toBeGreaterThan(0);
    for (const t of targets) {
      expect(t.width, `${path}: ${t.what}`).toBeGreaterThanOrEqual(24);
      expect(t.height, `${path}: ${t.what}`).toBeGreaterThanOrEqual(24);
    }
  }
  // The place a resident pins on the report form takes no taps itself: a tap there re-pins through the map.
  await page.goto('/report');
  await page.locator('[data-report-map]').click({ position: { x: 100, y: 100 } });
  await expect(page.locator('[data-report-map] .leaflet-overlay-pane path')).toHaveCount(1);
  await expect(page.locator('[data-report-map] .leaflet-interactive')).toHaveCount(0);
});

test('search, near me, the map, alerts and open data fit a phone-sized screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of [
    '/search?q=curry',
    '/near?address=Curry+Road&r=1',
    '/map',
    '/alerts/new?project=curry-road-distribution-center',
    '/open-data',
    '/open-data/records-requests',
  ]) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
