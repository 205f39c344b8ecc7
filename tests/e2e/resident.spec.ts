import { expect, test } from './fixtures.ts';

test('a resident finds an active project and reads its latest summary and enforcement status', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Construction near you');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Land development projects');

  await page.getByLabel('Status').selectOption('active');
  await page.getByRole('button', { name: 'Show projects' }).click();
  await expect(page).toHaveURL(/status=active/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects: Active construction');
  const cards = page.locator('.project-card');
  await expect(cards.first()).toBeVisible();
  // Every listed project is active.
  const badges = await cards.locator('.badge').allTextContents();
  expect(badges.length).toBeGreaterThan(0);
  for (const b of badges) expect(b).toBe('Active construction');

  const first = cards.first().getByRole('link');
  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('heading', { name: /^Enforcement: / })).toBeVisible();

  const summaries = page.locator('article.summary');
  await expect(summaries.first()).toBeVisible();
  await expect(summaries.first().getByRole('heading')).toContainText('latest');
  await expect(summaries.first()).toContainText(/Inspections: \d+ done of \d+ required/);
});

test('a missing project answers a real 404 page', async ({ page }) => {
  const response = await page.goto('/projects/this-project-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await page.getByRole('link', { name: 'Browse all projects' }).click();
  await expect(page).toHaveURL(/\/projects$/);
});

test('on a 390 px phone the public pages with tables never scroll sideways, and the lists show every value in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/operators');
  const company = await page.locator('main table a[href^="/operators/"]').first().getAttribute('href');
  for (const url of [
    '/projects',
    '/projects/carman-road-child-care-center',
    '/requests/log',
    '/operators',
    company!,
    '/open-data/records-requests',
  ]) {
    await page.goto(url);
    const r = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      // The lists stack each row as a card: every value of their cells lies within the screen.
      const outside = [...document.querySelectorAll<HTMLElement>('main table.cards td, main table.cards th')]
        .filter((cell) => {
          const box = cell.getBoundingClientRect();
          return box.width > 0 && (box.left < -1 || box.right > width + 1);
        })
        .map((cell) => cell.textContent!.trim().slice(0, 40));
      return {
        scrollWidth: document.documentElement.scrollWidth,
        cards: document.querySelectorAll('main table.cards').length,
        outside,
      };
    });
    expect.soft(r.scrollWidth, `${url} scrolls sideways`).toBeLessThanOrEqual(390);
    expect.soft(r.outside, `${url}: values out of view`).toEqual([]);
    if (url !== '/projects' && url !== '/open-data/records-requests')
      expect.soft(r.cards, `${url} stacks its tables`).toBeGreaterThan(0);
  }
});
