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

test('the project list works on a phone-sized screen without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/projects');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
