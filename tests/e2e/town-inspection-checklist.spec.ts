/**
 * The officer records a town inspection with its checklist on a phone: every visit's items are shown at once,
 * a milestone's items only once a notice for that milestone is chosen, nothing is chosen but "Not checked";
 * the answers given are under the inspection afterwards, with how many were "No"; and axe finds nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './a11y.ts';
import { DEMO_PASSWORD } from './own-portal.ts';
import { demoTemplate, startPortal, tempDir, type Portal } from '../support/portal.ts';

let portal: Portal;
let notice: { slug: string; id: number; milestone: string };

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const template = demoTemplate();
  if (!template) throw new Error('No demo template (the Playwright global setup seeds one).');
  const dataDir = tempDir();
  fs.cpSync(template, dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
  // The latest notice no inspection answered yet, whatever its milestone.
  notice = db
    .prepare(
      `select p.slug, n.id, n.milestone from inspection_notices n join projects p on p.id = n.project_id
       where not exists (select 1 from town_inspections t where t.notice_id = n.id) order by n.id desc limit 1`,
    )
    .get() as typeof notice;
  db.close();
  portal = await startPortal({ dataDir });
});

test.afterAll(async () => {
  await portal?.stop();
});

test('a town inspection’s checklist: every visit’s items, the notice’s milestone’s, the answers under the inspection', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${portal.url}/signin`);
  await page.getByLabel('Email address').fill('officer@rotterdam.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(`${portal.url}/staff/projects/${notice.slug}/inspections`);

  const swppp = page.getByRole('group', { name: 'Is the SWPPP kept at the site (L(4))?' });
  await expect(swppp).toBeVisible();
  await expect(swppp.getByLabel('Not checked')).toBeChecked();
  // No notice chosen: no milestone's items.
  await expect(page.getByRole('group', { name: 'Checklist: at the milestone' })).toBeHidden();

  await page.locator('#i-notice').selectOption(String(notice.id));
  const atMilestone = page.locator('[data-checklist-milestones]:visible');
  await expect(atMilestone.first()).toBeVisible();
  for (const milestones of await atMilestone.evaluateAll((els) =>
    els.map((e) => e.getAttribute('data-checklist-milestones')),
  ))
    expect(milestones!.split(' ')).toContain(notice.milestone);
  await expectNoViolations(page, 'the record form with its checklist');

  await swppp.getByLabel('Yes', { exact: true }).check();
  await page
    .getByRole('group', { name: /^Is sediment kept on the site/ })
    .getByLabel('No', { exact: true })
    .check();
  await atMilestone.first().getByLabel('Not applicable').check();
  await page.getByLabel('Findings').fill('Sediment tracked onto the road at the entrance.');
  await page.getByRole('button', { name: 'Record the inspection' }).click();
  await expect(page).toHaveURL(/\?saved=inspection#town-inspections$/);

  const newest = page.locator('#town-inspections + ul.history > li').first();
  await newest.getByText('Checklist (3 answered, 1 no)').click();
  await expect(newest.getByText('Is the SWPPP kept at the site (L(4))? Yes')).toBeVisible();
  await expect(newest.getByText(/^Is sediment kept on the site, off roads, neighbors and waters\? No$/)).toBeVisible();
});
