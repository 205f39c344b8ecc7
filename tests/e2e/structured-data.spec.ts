/**
 * In the browser: the schema.org JSON-LD of the project, open-data and records request pages
 * parses and names what it must, and the Content-Security-Policy (no inline script) raises no violation
 * for it (a data block is never run); the project page with every folded section opened (grouped
 * documents, older summaries, the compliance history of earlier years, earlier timeline entries) stays
 * at zero axe violations, and reads well at a phone's width.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoViolations, one } from './a11y.ts';

/** Record every securitypolicyviolation event from the first script on (the fixture watches the console too). */
async function watchCsp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective}: ${e.blockedURI}`));
  });
}

const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
const structuredData = (page: Page) =>
  page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((nodes) => nodes.map((n) => JSON.parse(n.textContent ?? 'null')));

test('JSON-LD on the project, open-data and records request pages parses, is complete and breaks no CSP rule', async ({
  page,
}) => {
  await watchCsp(page);
  const p = one<{ slug: string; name: string; latitude: number; longitude: number }>(
    "select slug, name, latitude, longitude from projects where status = 'stop_work' and published = 1 order by slug limit 1",
  );

  await page.goto(`/projects/${p.slug}`);
  const [place] = await structuredData(page);
  expect(place).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Place',
    name: p.name,
    address: { '@type': 'PostalAddress', addressLocality: 'Rotterdam' },
  });
  expect(place.geo).toMatchObject({ '@type': 'GeoCoordinates' });
  expect(place.geo.latitude).toBeCloseTo(p.latitude, 5);
  expect(place.geo.longitude).toBeCloseTo(p.longitude, 5);
  expect(await cspViolations(page)).toEqual([]);

  await page.goto('/open-data');
  const [catalog] = await structuredData(page);
  expect(catalog).toMatchObject({ '@type': 'DataCatalog', name: expect.any(String) });
  expect(catalog.dataset.length).toBeGreaterThanOrEqual(3);
  for (const d of catalog.dataset)
    expect(d).toMatchObject({
      '@type': 'Dataset',
      name: expect.any(String),
      description: expect.any(String),
      distribution: expect.any(Array),
    });
  expect(await cspViolations(page)).toEqual([]);

  await page.goto('/requests/new');
  const [service] = await structuredData(page);
  expect(service).toMatchObject({
    '@type': 'GovernmentService',
    name: expect.any(String),
    provider: { '@type': 'GovernmentOrganization' },
    areaServed: { name: 'Town of Rotterdam, New York' },
  });
  expect(await cspViolations(page)).toEqual([]);
});

test('the project page with every folded section open has no accessibility violations, and is far shorter on a phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const busy = one<{ slug: string }>(
    'select p.slug from projects p join documents d on d.project_id = p.id where p.published = 1 and d.public = 1 group by p.id order by count(*) desc, p.slug limit 1',
  ).slug;
  const inspected = one<{ slug: string }>(
    'select p.slug from projects p join town_inspections t on t.project_id = p.id where p.published = 1 group by p.id order by count(*) desc, p.slug limit 1',
  ).slug;
  for (const slug of [busy, inspected]) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/projects/${slug}`);
    // Folded away, the documents and older entries cost no height: one summary line per group.
    const folded = await page.evaluate(() => document.documentElement.scrollHeight);
    // Tables read as labelled cards on a phone (taller than rows), so the bound has room for them.
    expect.soft(folded, `${slug}: page height on a phone`).toBeLessThan(16_000);
    await page.evaluate(() =>
      document.querySelectorAll('main details').forEach((d) => ((d as HTMLDetailsElement).open = true)),
    );
    await expect(page.locator('main details:not([open])')).toHaveCount(0);
    await expectNoViolations(page, `/projects/${slug} with every section open, at a phone's width`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoViolations(page, `/projects/${slug} with every section open`);
  }
  // A document group's summary names the type and how many; opening it shows the newest first.
  await page.goto(`/projects/${busy}`);
  const reports = page.locator('#documents-inspection_report');
  await expect(reports.locator('> summary')).toHaveText(/^Inspection reports \(\d+\), latest /);
  await reports.locator('> summary').click();
  await expect(reports.getByRole('region').first().getByRole('table')).toBeVisible();
});
