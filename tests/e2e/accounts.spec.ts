import { expect, test } from './fixtures.ts';

const PASSWORD = 'rotterdam-demo-2026';

for (const [email, landing, heading] of [
  ['admin@rotterdam.example', '/staff', /Good to see you/],
  ['clerk@rotterdam.example', '/staff', /Good to see you/],
  ['officer@rotterdam.example', '/staff', /Good to see you/],
  ['operator@rotterdam.example', '/operator', /Your projects/],
] as const) {
  test(`${email} signs in and lands in the right area`, async ({ page }) => {
    await page.goto('/signin');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`${landing}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin/);
  });
}

test('the clerk sees the records panel, not administration', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Email address').fill('clerk@rotterdam.example');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Records requests' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Administration' })).toHaveCount(0);
  const res = await page.goto('/staff/users');
  expect(res?.status()).toBe(403);
});

test('a wrong password shows an error and keeps the email typed', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Email address').fill('officer@rotterdam.example');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('That email and password do not match an account');
  await expect(page.getByLabel('Email address')).toHaveValue('officer@rotterdam.example');
  await expect(page.getByLabel('Password')).toHaveValue('');
});

test('a staff page asks anonymous visitors to sign in, then returns to it', async ({ page }) => {
  await page.goto('/staff/audit');
  await expect(page).toHaveURL(/\/signin\?next=%2Fstaff%2Faudit/);
  await page.getByLabel('Email address').fill('admin@rotterdam.example');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff\/audit$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log');
});
