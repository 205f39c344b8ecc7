import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const PASSWORD = 'rotterdam-demo-2026';
const DATE = '[A-Z][a-z]+ \\d{1,2}, \\d{4}';

async function signIn(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/signin/);
}

test('the officer issues a stop-work order, residents see it at once, the officer lifts it and the timeline shows both dates', async ({
  page,
  browser,
}) => {
  await signIn(page, 'officer@rotterdam.example');
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Project records' }).click();
  await page.getByLabel('Name, address or permit').fill('Carman Road');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByRole('link', { name: 'Carman Road Child Care Center' }).click();
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Enforcement' }).click();

  await page.getByRole('radio', { name: /^Stop-work order/ }).check();
  await page
    .getByLabel('What was found, in plain words (public)')
    .fill('Muddy water from the site reached the Carman Road storm drain after yesterday’s rain.');
  await page
    .getByLabel('Required measures')
    .fill('Reinstall the silt fence along Carman Road and clean the catch basin.');
  await page
    .getByLabel('A new violation observed (optional)')
    .fill('Sediment-laden runoff leaving the site at the Carman Road entrance.');
  await page.getByRole('button', { name: 'Issue the action' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Stop-work order E-\d+$/);
  await expect(page.locator('.form-alert-success')).toContainText('public status is now “Stop-work order”');

  // A resident (not signed in) sees it at once.
  const resident = await (await browser.newContext()).newPage();
  await resident.goto('/projects/carman-road-child-care-center');
  await expect(resident.locator('p.meta .badge')).toHaveText('Stop-work order');
  const heading = resident.getByRole('heading', {
    name: new RegExp(`^Enforcement: Stop-work order in effect since ${DATE}$`),
  });
  await expect(heading).toBeVisible();
  const since = (await heading.textContent())!.replace('Enforcement: Stop-work order in effect since ', '');
  await resident.goto('/enforcement');
  await expect(resident.getByRole('heading', { name: 'Carman Road Child Care Center: Stop-work order' })).toBeVisible();

  // The officer lifts it.
  await page.getByRole('button', { name: 'Lift the stop-work order' }).click();
  await expect(page.locator('.form-alert-success')).toContainText('The stop-work order is lifted');

  await resident.goto('/projects/carman-road-child-care-center');
  await expect(resident.locator('p.meta .badge')).toHaveText('Active construction');
  await expect(resident.getByRole('heading', { name: /^Enforcement: / })).not.toHaveText(/Stop-work order in effect/);
  const latest = resident.locator('#enforcement-history ~ ol.timeline > li[id^="enforcement-"]').first();
  await expect(latest).toContainText(
    new RegExp(`Stop-work order issued ${since} \\(ordinance Subsection R\\(1\\)\\); lifted ${DATE}\\.`),
  );
  await expect(latest).toContainText('Muddy water from the site reached the Carman Road storm drain');
  await expect(latest.locator('dt', { hasText: 'Lifted' })).toBeVisible();
  await resident.close();
});

test('an operator cannot create or edit enforcement actions: 403 on the pages and the actions', async ({
  page,
  browser,
}) => {
  // The operator of the stop-work site, looking for a way to lift it.
  const resident = await (await browser.newContext()).newPage();
  await resident.goto('/projects/hamburg-street-mixed-use');
  const id = (await resident
    .locator('#enforcement-history ~ ol.timeline > li[id^="enforcement-"]')
    .first()
    .getAttribute('id'))!.replace('enforcement-', '');
  await resident.close();

  await signIn(page, 'operator@rotterdam.example');
  for (const url of [
    '/staff/officer',
    '/staff/enforcement',
    `/staff/enforcement/${id}`,
    '/staff/projects/hamburg-street-mixed-use/enforcement',
    `/staff/enforcement/${id}/notice.pdf`,
  ]) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(403);
  }
  const origin = new URL(page.url()).origin;
  const attempts: Array<[string, Record<string, string>]> = [
    [
      'enforcement.issue',
      { projectId: '1', type: 'written_warning', issuedOn: '2026-01-02', summary: 'An operator trying to issue.' },
    ],
    ['enforcement.transition', { actionId: id, event: 'close', liftedOn: '2026-01-02' }],
    ['enforcement.update', { actionId: id, summary: 'An operator trying to edit.' }],
    ['enforcement.recordPayment', { actionId: id, receivedOn: '2026-01-02', amount: '1', method: 'cash' }],
  ];
  for (const [name, form] of attempts) {
    const res = await page.request.post(`/_actions/${name}`, { form, headers: { Origin: origin } });
    expect(res.status(), name).toBe(403);
  }
  // The no-JavaScript way: the form post to the page is refused as well.
  const viaPage = await page.request.post(`/staff/enforcement/${id}?_action=enforcement.transition`, {
    form: attempts[1][1],
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(viaPage.status()).toBe(403);

  await page.goto('/projects/hamburg-street-mixed-use');
  await expect(page.locator('p.meta .badge')).toHaveText('Stop-work order');
});
