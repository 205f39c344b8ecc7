/**
 * The officer at a site on a phone, the signal gone: a photo added to the town inspection just recorded is kept
 * on the device and sent when the connection returns; the officer then sees it under the inspection with when
 * and where the camera says it was taken, and the public copy of the file carries no EXIF.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD } from './own-portal.ts';
import { demoTemplate, startPortal, tempDir, type Portal } from '../support/portal.ts';

let portal: Portal;
const SLUG = 'curry-road-distribution-center';

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const template = demoTemplate();
  if (!template) throw new Error('No demo template (the Playwright global setup seeds one).');
  const dataDir = tempDir();
  fs.cpSync(template, dataDir, { recursive: true });
  portal = await startPortal({ dataDir });
});

test.afterAll(async () => {
  await portal?.stop();
});

test('a photo of a town inspection taken without a signal is kept on the device and added when the connection returns', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${portal.url}/signin`);
  await page.getByLabel('Email address').fill('officer@rotterdam.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const here = `${portal.url}/staff/projects/${SLUG}/inspections`;
  await page.goto(here);
  await page.getByLabel('Findings').fill('Sediment tracked onto Curry Road at the gate; no signal here.');
  await page.getByRole('button', { name: 'Record the inspection' }).click();
  await expect(page).toHaveURL(/\?saved=inspection#town-inspections$/);

  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7b6a4f' } })
    .withExif({
      IFD0: { Make: 'FieldPhone', Model: 'Serial 9921-QZ' },
      IFD2: { DateTimeOriginal: '2026:12:04 09:05:00', OffsetTimeOriginal: '-05:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 48/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 56/1 0/1' },
    })
    .jpeg()
    .toBuffer();
  const newest = page.locator('#town-inspections + ul.history > li').first();
  await newest.getByText('Add photos of this inspection').click();
  await newest.getByLabel('Photos (take them now, or choose them)').setInputFiles({
    name: 'IMG_9921.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await newest.getByLabel('Public (shown with the inspection on the project’s page)').check();

  await context.setOffline(true);
  await newest.getByRole('button', { name: 'Add the photos' }).click();
  await expect(page.getByText(/saved on this device and will be sent when the connection returns/)).toBeVisible();
  await context.setOffline(false);
  // The redirect is followed by the page script, which cannot see its fragment.
  await expect(page).toHaveURL(/\?saved=photos$/);
  await expect(page.getByRole('status').filter({ hasText: 'Photos added to the inspection.' })).toBeVisible();

  const added = page.locator('#town-inspections + ul.history > li').first();
  await expect(added.getByRole('link', { name: /^Photo from the inspection of / })).toBeVisible();
  await expect(added.getByText('Taken Dec 4, 2026, 9:05 AM, at 42.8, -73.933333')).toBeVisible();
  const href = await added.getByRole('link', { name: /^Photo from the inspection of / }).getAttribute('href');
  const id = href!.split('/').pop();
  const file = Buffer.from(await (await page.request.get(`${portal.url}/documents/${id}`)).body());
  expect((await sharp(file).metadata()).exif).toBeUndefined();
  expect(file.includes(Buffer.from('9921-QZ'))).toBe(false);
});
