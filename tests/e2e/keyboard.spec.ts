/**
 * Keyboard only: no mouse clicks, no filling fields programmatically. Every step is Tab / Shift+Tab,
 * Enter, Space, arrow keys or typing, and the page is only looked at to know where focus is. A resident
 * files a records request from the home page; an operator signs in and files a monthly summary. Each
 * page on the way can be tabbed through to its end and back (nothing traps focus).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { PASSWORD } from './a11y.ts';

/** Press Tab (or Shift+Tab) until the target has focus; fail if it is not reached within `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 120, back = false } = {}): Promise<void> {
  const handle = await target.elementHandle();
  if (!handle) throw new Error(`Not on the page: ${target}`);
  for (let i = 0; i < max; i++) {
    if (await handle.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  if (await handle.evaluate((el) => el === document.activeElement)) return;
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} never reached ${target} in ${max} presses`);
}

/** What has focus, for messages. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement!;
    return `${el.tagName.toLowerCase()} ${el.getAttribute('name') ?? ''} ${(el.textContent ?? '').trim().slice(0, 40)}`.trim();
  });

/**
 * No keyboard trap: from the top, Tab reaches the last link of the footer and then leaves the page; from
 * there Shift+Tab comes back to the first control of the main content. Focus never stays put.
 */
async function expectNoTrap(page: Page, label: string): Promise<void> {
  const lastLink = page.locator('footer a').last();
  const firstInMain = page
    .locator('main')
    .locator(
      'a[href], button:not([disabled]), input:not([type=hidden]):not([tabindex="-1"]), select, textarea, summary, [tabindex="0"]',
    )
    .first();
  await tabTo(page, page.getByRole('link', { name: 'Skip to main content' }), { max: 400 });
  await tabTo(page, lastLink, { max: 400 });
  let previous = '';
  for (let i = 0; i < 400; i++) {
    if (await firstInMain.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Shift+Tab');
    const now = await page.evaluate(() => {
      const el = document.activeElement!;
      return el === document.body ? 'body' : `${Array.prototype.indexOf.call(document.querySelectorAll('*'), el)}`;
    });
    expect(now, `${label}: Shift+Tab moved focus (at ${await focused(page)})`).not.toBe(previous);
    previous = now;
  }
  throw new Error(`${label}: Shift+Tab never got back to the start of the main content`);
}

test('a resident files a records request with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  // The skip link first, then the main navigation's "Request copies".
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  const requestLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Request copies' });
  await tabTo(page, requestLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/requests\/new$/);
  await expectNoTrap(page, '/requests/new');

  // Choose the project by typing its name into the list (type-ahead); nothing is sent until asked.
  const project = page.getByRole('combobox', { name: 'Project' });
  await tabTo(page, project, { back: true, max: 200 });
  await page.keyboard.type('Carman Road');
  await expect(project).toHaveValue('carman-road-child-care-center');
  await expect(page).toHaveURL(/\/requests\/new$/);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: "Show this project's documents" })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: /Stormwater pollution prevention plan/ })).toBeVisible();

  // Tick the SWPPP with Space.
  const swppp = page
    .getByRole('group', { name: /Stormwater pollution prevention plan/ })
    .getByRole('checkbox')
    .first();
  await tabTo(page, swppp);
  await page.keyboard.press('Space');
  await expect(swppp).toBeChecked();

  // Delivery: arrow keys move through the radio group; paper copies picked up cost money, and the live
  // estimate (an aria-live region) says so.
  const delivery = page.getByRole('group', { name: /How you want the records/ });
  await tabTo(page, delivery.getByRole('radio', { checked: true }));
  await expect(delivery.getByRole('radio', { name: 'By email or download (free)' })).toBeFocused();
  const paper = delivery.getByRole('radio', { name: 'Paper copies, picked up at Town Hall' });
  for (let i = 0; i < 6 && !(await paper.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(paper).toBeChecked();
  await expect(paper).toBeFocused();
  const estimate = page.locator('[data-estimate-body]');
  await expect(estimate).toHaveAttribute('aria-live', 'polite');
  await expect(estimate.locator('.estimate-total strong')).not.toHaveText('$0.00');

  // Contact details, typed.
  await tabTo(page, page.getByRole('textbox', { name: /^Name/ }));
  await page.keyboard.type('Kim Keyboard');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: /^Email address/ })).toBeFocused();
  await page.keyboard.type('kim.keyboard@example.org');

  // Enter in a text field only previews the cost (it never sends by accident), and keeps what was typed.
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-estimate-body] .estimate-total strong')).not.toHaveText('$0.00');
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Kim Keyboard');

  // Send.
  const send = page.getByRole('button', { name: 'Send the request' });
  await tabTo(page, send, { max: 250 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Records request R-\d{4}-\d{4}$/);
  await expect(page.getByRole('status')).toContainText('Your request was received.');
  await expectNoTrap(page, 'the tracking page');
});

test('a records request sent with an empty name: the error is announced and Tab goes straight to the field', async ({
  page,
}) => {
  await page.goto('/requests/new?project=carman-road-child-care-center');
  const send = page.getByRole('button', { name: 'Send the request' });
  await tabTo(page, send, { max: 200 });
  await page.keyboard.press('Enter');
  // The error summary has focus; Tab reaches its link to the name field, and Enter moves focus to the field.
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expect(alert).toBeFocused();
  await tabTo(page, alert.getByRole('link', { name: /^Enter your name/ }), { max: 10 });
  await page.keyboard.press('Enter');
  // The invalid name field describes its own message, for the screen reader.
  const name = page.getByRole('textbox', { name: /^Name/ });
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(/Enter your name/);
  await page.keyboard.type('Kim Keyboard');
});

test('an operator signs in and files a monthly summary with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await tabTo(page, page.getByRole('link', { name: 'Staff and operator sign-in' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/signin$/);
  await tabTo(page, page.getByRole('textbox', { name: /^Email address/ }));
  await page.keyboard.type('operator@rotterdam.example');
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/operator$/);
  await expectNoTrap(page, '/operator');

  // From the Carman Road card, "File a monthly summary".
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Carman Road Child Care Center' }) });
  await tabTo(page, card.getByRole('link', { name: 'File a monthly summary' }), { max: 200 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('File a monthly summary');
  await expectNoTrap(page, 'the summary form');

  // The numbers and the draft narrative are filled in from the month's reports; check one and add a line.
  await tabTo(page, page.getByRole('textbox', { name: 'Inspections done' }), { max: 200 });
  await expect(page.getByRole('textbox', { name: 'Inspections done' })).not.toHaveValue('');
  const narrative = page.getByRole('textbox', { name: 'What happened this month, in plain words' });
  await tabTo(page, narrative);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Filed from the keyboard: the silt fence held.');
  // Skip past the attachments (optional) to the certification.
  await tabTo(page, page.getByRole('textbox', { name: 'Title' }));
  await expect(page.getByRole('textbox', { name: /^Name/ })).not.toHaveValue('');
  await page.keyboard.type('Site superintendent');
  await page.keyboard.press('Tab');
  const certify = page.getByRole('checkbox', { name: 'I certify this summary as stated above' });
  await expect(certify).toBeFocused();
  await page.keyboard.press('Space');
  await expect(certify).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'File and publish the summary' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/operator\/projects\/carman-road-child-care-center\?filed=summary$/);
  await expect(page.getByRole('status')).toContainText(/summary/i);
  // Published at once on the public project page, reached by keyboard from the workspace.
  await tabTo(page, page.locator('main').getByRole('link', { name: 'Public page' }).first(), { max: 200 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/carman-road-child-care-center$/);
  await expect(page.getByText('Filed from the keyboard: the silt fence held.')).toBeVisible();
});
