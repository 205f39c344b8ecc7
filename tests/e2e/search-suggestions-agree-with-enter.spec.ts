/**
 * What search-as-you-type lists is what Enter lists: the words of descriptions and of public PDFs
 * included, not only names, addresses and numbers.
 */
import { expect, test } from './fixtures.ts';

test('typing "silt fence" lists what pressing Enter lists, PDF pages included', async ({ page }) => {
  // The full search answers once its index is built (until then a plain listing answers both ways).
  await expect.poll(async () => (await page.request.get('/search/index.json')).status(), { timeout: 60_000 }).toBe(200);
  await page.goto('/search');
  const box = page.getByLabel(/Project name, street/);
  await box.click();
  await box.pressSequentially('silt fence', { delay: 30 });
  const links = page.locator('[data-search-results] .search-results h2 a');
  // The full search's answer: PDF pages, each named by its page.
  await expect(page.locator('[data-search-results]')).toContainText(/Document, page \d/);
  const typed = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  const said = await page.getByRole('status').textContent();
  expect(typed.length).toBeGreaterThan(1);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=silt\+fence$/);
  await expect(links.first()).toBeVisible();
  expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(typed);
  await expect(page.getByRole('status')).toHaveText(said ?? '');
});
