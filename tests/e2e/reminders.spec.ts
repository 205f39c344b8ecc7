/**
 * In a browser, against a portal of its own whose mail goes to a real SMTP server: an operator who had switched
 * every reminder off asks, on their account page, to be reminded of monthly summaries (a wrong number first:
 * the message is beside the field and what was typed stays), gets the reminder mail before a summary is due,
 * and files the summary from the mail's link. On a project's notices page they record the schedule's milestones,
 * whose 48-hour notices are then reminded of (a day out of range is said beside its field and kept).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD } from './own-portal.ts';
import { expectNoViolations } from './a11y.ts';
import { demoTemplate, freePort, startPortal, tempDir, type Portal } from '../support/portal.ts';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';

const OPERATOR = 'operator@rotterdam.example';

let portal: Portal;
let mailbox: Mailbox;
let ownSlug: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  // The demo town, with this operator's reminders all switched off and none sent yet, so the job's first look
  // (when the portal starts) mails them nothing and their choice below decides what comes.
  const template = demoTemplate();
  if (!template) throw new Error('No demo template (the Playwright global setup seeds one).');
  const dataDir = tempDir();
  fs.cpSync(template, dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'portal.db'));
  const { id } = db.prepare('select id from users where email = ?').get(OPERATOR) as { id: number };
  db.prepare('delete from reminder_digests where user_id = ?').run(id);
  db.prepare(
    'insert into reminder_preferences (user_id, inspection_days, summary_days, corrective_days, request_days, milestone_days) values (?, null, null, null, null, null) on conflict (user_id) do update set inspection_days = null, summary_days = null, corrective_days = null, request_days = null, milestone_days = null',
  ).run(id);
  ownSlug = (
    db
      .prepare(
        'select p.slug from projects p join project_members m on m.project_id = p.id where m.user_id = ? order by p.slug limit 1',
      )
      .get(id) as { slug: string }
  ).slug;
  db.close();
  const smtpPort = await freePort();
  mailbox = await startMailbox(smtpPort);
  portal = await startPortal({
    dataDir,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_POLL_MS: '200',
      MAIL_RETRY_BASE_MS: '300',
      JOBS_TICK_MS: '250',
      REMINDERS_EVERY_MS: '250',
    },
  });
});

test.afterAll(async () => {
  await portal?.stop();
  await mailbox?.close();
});

test('an operator asks for reminders of monthly summaries, gets one by mail before the due date, and files from its link', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${portal.url}/signin`);
  await page.getByLabel('Email address').fill(OPERATOR);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/operator$/);

  await page.goto(`${portal.url}/account`);
  const reminders = page.getByRole('region', { name: 'Reminders by mail' });
  const on = reminders.getByLabel('Remind me of monthly summaries');
  const days = reminders.getByLabel('Days before the due date, for monthly summaries');
  await expect(on).not.toBeChecked();
  await on.check();
  await days.fill('six weeks');
  await reminders.getByRole('button', { name: 'Save reminder choices' }).click();
  await expect(page.getByRole('alert').first()).toContainText('There is a problem');
  const field = page.getByRole('region', { name: 'Reminders by mail' });
  await expect(field.getByText('Enter a whole number of days from 0 (on the day) to 60.').first()).toBeVisible();
  await expect(field.getByLabel('Days before the due date, for monthly summaries')).toHaveValue('six weeks');
  await expect(field.getByLabel('Remind me of monthly summaries')).toBeChecked();
  // Every month's summary is due by the 10th of the next (or the business day after): 60 days covers this month's.
  await field.getByLabel('Days before the due date, for monthly summaries').fill('60');
  await field.getByRole('button', { name: 'Save reminder choices' }).click();
  await expect(page.getByRole('status').first()).toContainText('Your reminder choices are saved');
  await expect(page.getByLabel('Days before the due date, for monthly summaries')).toHaveValue('60');

  const mail = await mailbox.waitFor((m) => addressedTo(m, OPERATOR) && /Monthly summary/.test(m.text ?? ''), 30_000);
  expect(mail.text).toContain('Nothing here is late yet.');
  const link = mail.text!.match(
    /https?:\/\/\S+\/operator\/projects\/([a-z0-9-]+)\/summaries\/new\?month=(\d{4}-\d{2})/,
  )!;
  const [url, slug, month] = link;
  const monthName = new Date(`${month}-01T12:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  expect(mail.text).toContain(`Monthly summary for ${monthName}`);

  // The link names the town's public address; this portal answers on its own port.
  const target = new URL(url);
  await page.goto(`${portal.url}${target.pathname}${target.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('File a monthly summary');
  await expect(page.locator('input[type="hidden"][name="month"]')).toHaveValue(month);
  await page
    .getByLabel('What happened this month, in plain words')
    .fill(`In ${monthName} our inspector checked the site every week; the controls held.`);
  await page.getByLabel('Title').fill('Site superintendent');
  await page.getByLabel('I certify this summary as stated above').check();
  await page.getByRole('button', { name: 'File and publish the summary' }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/projects/${slug}\\?filed=summary$`));
});

test('an operator records the schedule’s milestones on the notices page; a day out of range is said beside it and kept', async ({
  page,
}) => {
  await page.goto(`${portal.url}/signin`);
  await page.getByLabel('Email address').fill(OPERATOR);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/operator$/);

  await page.goto(`${portal.url}/operator/projects/${ownSlug}/notices`);
  const schedule = page.getByRole('group', { name: 'Planned day of each milestone’s work' });
  const rough = schedule.getByLabel('Completion of rough grading');
  const final = schedule.getByLabel('Completion of final grading');
  await rough.fill('2027-05-03');
  await final.fill('2035-06-01');
  await page.getByRole('button', { name: 'Save the schedule' }).click();
  const summary = page.getByRole('alert').first();
  await expect(summary).toContainText('There is a problem');
  await expect(summary.getByRole('link', { name: /^Enter a day from / })).toBeVisible();
  await expect(rough).toHaveValue('2027-05-03');
  await expect(final).toHaveValue('2035-06-01');

  await final.fill('2027-06-14');
  await page.getByRole('button', { name: 'Save the schedule' }).click();
  await expect(page).toHaveURL(/\?planned=1#schedule$/);
  await expect(page.getByRole('status').first()).toContainText('Your schedule is saved');
  await expect(rough).toHaveValue('2027-05-03');
  await expect(final).toHaveValue('2027-06-14');
  await expectNoViolations(page, `/operator/projects/${ownSlug}/notices`);
});
