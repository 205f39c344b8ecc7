/**
 * axe (WCAG 2.1 A and AA rules) on every page type, public, staff and operator: zero violations.
 * Add each new page type to the lists below.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const PASSWORD = 'rotterdam-demo-2026';

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

async function signIn(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/(staff|operator)/);
}

test('public pages have no WCAG 2.1 AA violations', async ({ page }) => {
  await page.goto('/projects?status=active');
  const slug = (await page.locator('.project-card a').first().getAttribute('href'))!;
  const pages = ['/', '/projects', '/projects?status=stop_work', slug, '/projects/hamburg-street-mixed-use', '/help', '/help/ordinance', '/help/records-requests', '/help/fees', '/projects/no-such-project', '/signin', '/account/forgot', '/account/set-password?token=bad'];
  for (const url of pages) {
    await page.goto(url);
    await expectNoViolations(page, url);
  }
});

test('a form with errors has no violations', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoViolations(page, '/signin with errors');
});

test('staff pages have no WCAG 2.1 AA violations', async ({ page }) => {
  await signIn(page, 'admin@rotterdam.example');
  for (const url of ['/staff', '/staff/users', '/staff/mail', '/staff/audit', '/account']) {
    await page.goto(url);
    await expectNoViolations(page, url);
  }
  await page.goto('/staff/users');
  await page.locator('table a').first().click();
  await expectNoViolations(page, 'a user');
  await page.goto('/staff/audit');
  await expectNoViolations(page, 'audit');
});

test('operator pages have no WCAG 2.1 AA violations', async ({ page }) => {
  await signIn(page, 'operator@rotterdam.example');
  await expectNoViolations(page, '/operator');
  await page.locator('.project-card h2 a').first().click();
  await expectNoViolations(page, 'operator project');
});

// Data tables may scroll inside their own region (WCAG 1.4.10 exception); the page itself must not.
test('text resizes to 200% without loss of content or horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 640, height: 800 });
  for (const url of ['/', '/projects', '/projects/hamburg-street-mixed-use']) {
    await page.goto(url);
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, url).toBeLessThanOrEqual(0);
  }
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/projects');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});
