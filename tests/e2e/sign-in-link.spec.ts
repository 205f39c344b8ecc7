/**
 * In a browser, against a portal of its own whose mail goes to a real SMTP server: after five wrong
 * passwords the sign-in page offers the one-time link first, with the address already typed; the link
 * arrives by mail, opening it only shows a "Sign in" button, pressing it signs in (while the password is
 * still slowed), and the link does not work twice. Axe checks the slowed page and the link's page.
 */
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './a11y.ts';
import { DEMO_PASSWORD } from './own-portal.ts';
import { freePort, startPortal, type Portal } from '../support/portal.ts';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';

const OFFICER = 'officer@rotterdam.example';

let portal: Portal;
let mailbox: Mailbox;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const smtpPort = await freePort();
  mailbox = await startMailbox(smtpPort);
  portal = await startPortal({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_POLL_MS: '200', MAIL_RETRY_BASE_MS: '300' },
  });
});

test.afterAll(async () => {
  await portal?.stop();
  await mailbox?.close();
});

test('slowed after five wrong passwords, the officer gets in by the one-time link from the mail, once', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto(`${portal.url}/signin`);
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('Email address').fill(OFFICER);
    await page.getByLabel('Password').fill(`not the password ${i}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').first()).toContainText('That email and password do not match an account');
  }
  // The right password now waits; the page says so and offers the link first, the address typed in.
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').first()).toContainText(
    /Too many tries from here for this account\. Wait .+, or get a one-time sign-in link by email\./,
  );
  const offer = page.locator('section.callout');
  await expect(offer.getByRole('heading', { name: 'Get in without waiting' })).toBeVisible();
  await expect(offer.getByLabel('Your account’s email')).toHaveValue(OFFICER);
  const offerTop = (await offer.boundingBox())!.y;
  expect(offerTop).toBeLessThan((await page.getByLabel('Password').boundingBox())!.y);
  await expectNoViolations(page, '/signin slowed');

  await offer.getByRole('button', { name: 'Email me a one-time sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText(
    'If an account exists for that address, we have sent it a one-time sign-in link.',
  );
  const mail = await mailbox.waitFor((m) => addressedTo(m, OFFICER) && /one-time sign-in link/.test(m.subject ?? ''));
  const link = mail.text!.match(/https?:\/\/\S+\/account\/sign-in-link\?token=[A-Za-z0-9_-]{43}/)![0];

  // Opening the link signs nobody in: it shows whose account and a button.
  await page.goto(link);
  await expect(page.getByText(`Sign in as`)).toContainText(OFFICER);
  await expectNoViolations(page, 'the sign-in link page');
  expect((await page.context().cookies()).some((c) => c.name === 'rsp_session')).toBe(false);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Good to see you/);

  // Used once: opened again, it says so.
  await page.getByRole('button', { name: 'Sign out' }).click();
  const again = await page.goto(link);
  expect(again?.status()).toBe(404);
  await expect(page.getByRole('alert')).toContainText('This link has already been used.');
});
