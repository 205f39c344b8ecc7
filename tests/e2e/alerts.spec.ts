/**
 * Email alerts end to end, through a real SMTP server: subscribe to a project, the confirmation mail
 * arrives, its link activates the subscription, a new enforcement action on that project (inserted
 * straight into the database, as any code path might) sends an alert with List-Unsubscribe headers and
 * a working unsubscribe link.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from './fixtures.ts';
import type { ParsedMail } from 'mailparser';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';
import { freePort, startPortal, type Portal } from '../support/portal.ts';

const SLUG = 'guilderland-avenue-self-storage';
const EMAIL = 'neighbour@example.org';

let portal: Portal;
let mailbox: Mailbox;

test.beforeAll(async () => {
  const smtpPort = await freePort();
  mailbox = await startMailbox(smtpPort);
  portal = await startPortal({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_POLL_MS: '200', JOBS_TICK_MS: '250', ALERTS_EVERY_MS: '250' },
  });
});

test.afterAll(async () => {
  await portal?.stop();
  await mailbox?.close();
});

/** The raw header (mailparser folds List-* headers into a parsed object). */
function rawHeader(m: ParsedMail, name: string): string | undefined {
  return m.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');
}

function firstLink(text: string, pattern: RegExp): string {
  const m = text.match(pattern);
  if (!m) throw new Error(`No link matching ${pattern} in:\n${text}`);
  return m[0];
}

test('a subscription is confirmed by its link, an enforcement action sends an alert, and its unsubscribe link works', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${portal.url}/projects/${SLUG}`);
  await page.getByRole('link', { name: 'Get email alerts about this project' }).click();
  await page.getByLabel('Your email address').fill(EMAIL);
  await page.getByLabel(/Daily digest/).check();
  await page.getByLabel(/Each time/).check();
  await page.getByRole('button', { name: 'Send me a confirmation link' }).click();
  await expect(page.getByRole('status')).toContainText('Check your email');

  const confirmMail = await mailbox.waitFor((m) => addressedTo(m, EMAIL) && /Confirm/.test(m.subject ?? ''));
  expect(rawHeader(confirmMail, 'List-Unsubscribe')).toMatch(
    /^<http:\/\/127\.0\.0\.1:\d+\/alerts\/unsubscribe\/one-click\?token=/,
  );
  const confirmUrl = firstLink(confirmMail.text!, /https?:\/\/\S+\/alerts\/confirm\?token=[\w-]+/);
  await page.goto(confirmUrl);
  await page.getByRole('button', { name: 'Yes, send me alerts' }).click();
  await expect(page.getByRole('status')).toContainText('Your alerts are on');

  // The town records a notice of violation on that project (the officer's screens are another issue's).
  const db = new Database(path.join(portal.dataDir, 'portal.db'));
  db.pragma('busy_timeout = 5000');
  const projectId = (db.prepare('select id from projects where slug = ?').get(SLUG) as { id: number }).id;
  db.prepare(
    `insert into enforcement_actions (project_id, type, category, status, issued_on, issued_by_name, cited_section, summary, comply_by, public)
     values (?, 'notice_of_violation', 'formal', 'issued', '2026-11-30', 'Stormwater Management Officer', '§ 7', 'Silt fence along the east property line was down and sediment reached the street.', '2026-12-04', 1)`,
  ).run(projectId);
  db.close();

  const alert = await mailbox.waitFor(
    (m) => addressedTo(m, EMAIL) && /Notice of violation/.test(m.subject ?? ''),
    30_000,
  );
  expect(alert.text).toContain('Silt fence along the east property line');
  expect(rawHeader(alert, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  expect(rawHeader(alert, 'List-Unsubscribe')).toContain('/alerts/unsubscribe/one-click?token=');

  const unsubscribeUrl = firstLink(alert.text!, /https?:\/\/\S+\/alerts\/unsubscribe\?token=[\w-]+/);
  await page.goto(unsubscribeUrl);
  await expect(page.getByText(/Stop email alerts about/)).toContainText('Guilderland Avenue Self Storage');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toContainText('You are unsubscribed');
});
