/**
 * A resident's report on a phone, end to end with a real SMTP server (decision 0032): from a project's page,
 * "Report a problem at this site" with a photo; the officer links it, approves the photo, records a
 * town inspection and a violation from it; the reporter's status page shows each step, and each step
 * arrived by mail.
 */
import sharp from 'sharp';
import { devices } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInAt } from './own-portal.ts';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';
import { freePort, startPortal, type Portal } from '../support/portal.ts';

const SLUG = 'westcott-road-townhomes';
const NAME = 'Westcott Road Townhomes';
const EMAIL = 'phone.reporter@example.org';

let portal: Portal;
let mailbox: Mailbox;

test.use({ ...devices['Pixel 7'] });

test.beforeAll(async () => {
  const smtpPort = await freePort();
  mailbox = await startMailbox(smtpPort);
  portal = await startPortal({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_POLL_MS: '200' } });
});

test.afterAll(async () => {
  await portal?.stop();
  await mailbox?.close();
});

test('report with a photo → the officer links it, inspects, records a violation → the status page and the mail show each step', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 110, g: 80, b: 50 } },
  })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 48/1 0/1' } })
    .toBuffer();

  await page.goto(`${portal.url}/projects/${SLUG}`);
  await page.getByRole('link', { name: 'Report a problem at this site' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report a problem at a construction site');
  await expect(page.getByText(`About ${NAME}`)).toBeVisible();
  await expect(page.getByText('Faces and licence plates in your photos are your risk')).toBeVisible();
  await page.getByLabel('Missing or damaged silt fence').check();
  const SAW = 'The silt fence along the stream is flat on the ground; muddy water is running under it.';
  await page.getByLabel('What did you see?').fill(SAW);
  await page.getByLabel('Email').fill(EMAIL);
  // A wrong file first (a text file renamed .jpg): the message is beside the photos, and nothing typed is lost.
  await page.getByLabel(/^Photos/).setInputFiles({
    name: 'notes.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('Just some notes, not a photo.\n'),
  });
  await page.getByRole('button', { name: 'Send the report' }).click();
  const photos = page.getByLabel(/^Photos/);
  await expect(photos).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await photos.getAttribute('aria-describedby')) ?? '';
  await expect(page.locator(`[id="${describedBy.split(' ').find((x) => x.endsWith('error'))}"]`)).toContainText(
    'notes.jpg',
  );
  await expect(page.getByLabel('What did you see?')).toHaveValue(SAW);
  await expect(page.getByLabel('Email')).toHaveValue(EMAIL);
  await expect(page.getByLabel('Missing or damaged silt fence')).toBeChecked();
  await expect(page.getByText(`About ${NAME}`)).toBeVisible();
  await expect(page.getByText('if you chose photos, choose them again')).toBeVisible();
  // The map comes back with the pin where it was: nothing about the place has to be done again.
  await expect(page.locator('[data-report-map]')).toBeVisible();
  await expect(page.locator('[data-report-map] .leaflet-overlay-pane path')).toHaveCount(1);
  await expect(page.locator('[data-place-status]')).toContainText('Pinned');
  await page.getByLabel(/^Photos/).setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Send the report' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Report \d+: Missing or damaged silt fence$/);
  await expect(page.getByText('Status: Received.')).toBeVisible();
  const statusUrl = page.url().replace(/\?.*$/, '');
  const id = statusUrl.match(/\/reports\/(\d+)$/)![1];
  await mailbox.waitFor((m) => addressedTo(m, EMAIL) && /received your report/.test(m.subject ?? ''));
  await expect(page.getByText('No photos are shown')).toBeVisible();

  // The officer, on a phone too.
  const officerContext = await browser.newContext({ ...devices['Pixel 7'] });
  const officer = await officerContext.newPage();
  await signInAt(officer, portal.url, 'officer@rotterdam.example');
  await officer.goto(`${portal.url}/staff/reports`);
  // The queue: a thumbnail of the photo in the report's row, and the report on the map.
  await expect(officer.getByRole('img', { name: `Photo 1 of report ${id}` })).toBeVisible();
  await expect(officer.getByRole('region', { name: /Map of the reports in the queue/ })).toBeVisible();
  await expect(officer.locator('.leaflet-marker-icon').first()).toBeVisible();
  await officer.getByRole('link', { name: `Report ${id}: Missing or damaged silt fence` }).click();
  await expect(officer.getByRole('heading', { level: 1 })).toHaveText(`Report ${id}: Missing or damaged silt fence`);
  await expect(officer.getByText(EMAIL)).toBeVisible();

  await officer.getByLabel('Project', { exact: true }).selectOption({ label: NAME });
  await officer.getByRole('button', { name: 'Link the report' }).click();
  await expect(officer.getByText('Saved.')).toBeVisible();
  await expect(officer.getByText('Under review', { exact: true }).first()).toBeVisible();

  await officer.getByRole('button', { name: 'Approve photo 1 for the public' }).click();
  await expect(officer.getByRole('button', { name: 'Take photo 1 off the public page' })).toBeVisible();

  await officer.getByLabel('Follow-up needed').check();
  await officer
    .getByLabel('Findings (public on the project page)')
    .fill('Silt fence down along 60 feet of the stream bank.');
  await officer.getByRole('button', { name: 'Record the inspection' }).click();
  await expect(officer.getByText('Saved.')).toBeVisible();

  await officer.locator('#v-description').fill('Silt fence not maintained; sediment reaching the stream.');
  await officer.getByRole('button', { name: 'Record the violation' }).click();
  await expect(officer.getByText('Saved.')).toBeVisible();
  await officerContext.close();

  // The reporter's page shows each step, and the approved photo.
  await page.goto(statusUrl);
  await expect(page.getByText('Status: Violation found.')).toBeVisible();
  const steps = page.locator('.report-steps');
  await expect(steps).toContainText(`The stormwater officer linked this report to ${NAME}`);
  await expect(steps).toContainText('The town inspected the site on');
  await expect(steps).toContainText('The town recorded a violation at the site');
  await expect(page.getByRole('img', { name: `Photo 1 of Report ${id}` })).toBeVisible();
  await expect(page.getByText(EMAIL)).toHaveCount(0);

  // And each step by mail.
  for (const subject of [/Under review/, /Inspected/, /Violation found/]) {
    const mail = await mailbox.waitFor((m) => addressedTo(m, EMAIL) && subject.test(m.subject ?? ''));
    expect(mail.text).toContain(`/reports/${id}`);
  }
});

test('a neighbour follows a report, adds to it and says it is still happening, on a phone', async ({ page }) => {
  test.setTimeout(180_000);
  const NEIGHBOUR = 'phone.neighbour@example.org';
  await page.goto(`${portal.url}/reports`);
  await page
    .getByRole('link', { name: /^Report \d+$/ })
    .first()
    .click();
  const statusUrl = page.url().replace(/\?.*$/, '');
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.split(':')[0];

  // Follow: the address is asked for, and nothing is sent but the confirmation until its link is used.
  await page.getByLabel('Email').fill('not an address');
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email').fill(NEIGHBOUR);
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByText('Check your email: follow the link in it to confirm')).toBeVisible();
  const confirm = await mailbox.waitFor((m) => addressedTo(m, NEIGHBOUR) && /Confirm: follow/.test(m.subject ?? ''));
  await page.goto(/https?:\/\/\S+\/reports\/follow\?confirm=[\w-]{43}/.exec(confirm.text ?? '')![0]);
  await page.getByRole('button', { name: 'Yes, email me at each step' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`You follow ${number}`);

  // Add to it: the words on the page at once.
  await page.goto(statusUrl);
  await page.getByRole('link', { name: 'Add information or a photo' }).click();
  await page.getByRole('button', { name: 'Add to the report' }).click();
  await expect(page.getByLabel('What do you see?')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('What do you see?').fill('Mud on the sidewalk by the gate this morning.');
  await page.getByRole('button', { name: 'Add to the report' }).click();
  await expect(page.getByText('Thank you: what you added is below.')).toBeVisible();
  await expect(page.locator('.report-steps')).toContainText('Mud on the sidewalk by the gate this morning.');

  // Still happening: said once, told to the officer; the follower hears of the step.
  await page.getByRole('button', { name: 'It is still happening' }).click();
  await expect(page.getByText('Thank you: the stormwater officer has been told')).toBeVisible();
  await expect(page.locator('.report-steps')).toContainText('that the problem is still happening');
  await mailbox.waitFor((m) => addressedTo(m, NEIGHBOUR) && (m.text ?? '').includes('still happening'));
});
