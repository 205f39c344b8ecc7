/**
 * The error summary on a phone (390 CSS pixels wide): a records request sent empty comes back with "There is a
 * problem" focused at the top; tapping a message's link moves focus to its field, whose label is on screen;
 * the page passes axe. A check that asks before sending (the documents are all online already) is a warning:
 * "Please check" in role=status, focused, its link leading to the box that confirms it, with no role=alert and
 * nothing marked in error.
 */
import { expect, test } from './fixtures.ts';
import { expectErrorsAnnounced, expectNoViolations, one } from './a11y.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('a refused records request on a phone: the summary is focused and its link focuses the field', async ({
  page,
}) => {
  await page.goto('/requests/new');
  await page.getByRole('button', { name: 'Send the request' }).click();
  const summary = page.locator('main [data-error-summary]');
  await expect(summary).toBeFocused();
  await expect(summary).toHaveAttribute('role', 'alert');
  await expect(summary.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expectErrorsAnnounced(page, 'the empty records request');
  await expectNoViolations(page, 'the refused records request at 390 px');

  // The link to the email field carries the message shown beside it, and a tap puts focus in the field.
  const link = summary.locator('a[href="#f-email"]');
  const message = (await link.textContent())!.trim();
  await expect(page.locator('#f-email-error')).toHaveText(message);
  await link.tap();
  const email = page.getByRole('textbox', { name: /^Email address/ });
  await expect(email).toBeFocused();
  await expect(page.locator('label[for="f-email"]')).toBeInViewport();
});

test('a check that asks before sending is a warning on a phone, not an error', async ({ page }) => {
  const doc = one<{ id: number; slug: string }>(
    "select d.id, p.slug from documents d join projects p on p.id = d.project_id where d.public = 1 and p.published = 1 and d.type = 'swppp' order by d.id limit 1",
  );
  await page.goto(`/requests/new?project=${doc.slug}`);
  await page.locator(`input[name="documentIds"][value="${doc.id}"]`).check();
  await page.getByLabel('Name').fill('Phone Reader');
  await page.getByLabel('Email address').fill('phone.reader@example.org');
  await page.getByRole('button', { name: 'Send the request' }).click();

  const warning = page.locator('main [data-warning-summary]');
  await expect(warning).toBeFocused();
  await expect(warning).toHaveAttribute('role', 'status');
  await expect(warning.getByRole('heading', { name: 'Please check' })).toBeVisible();
  await expect(page.locator('main [role="alert"], main [data-error-summary], main [aria-invalid="true"]')).toHaveCount(
    0,
  );
  await expect(page.getByText('There is a problem')).toHaveCount(0);
  await expectNoViolations(page, 'the records request that asks before sending, at 390 px');

  await warning.getByRole('link').tap();
  await expect(page.getByRole('checkbox', { name: 'Send the request anyway' })).toBeFocused();
  await expect(page.getByLabel('Name')).toHaveValue('Phone Reader');
});
