/**
 * Clarification (decision 0029), in a browser, against a portal of its own whose mail goes to a real SMTP
 * server started here:
 * a requester sends a request and writes to the clerk from the tracking page; the clerk acknowledges it and
 * asks for clarification; the requester reads the question in the mail, opens the tracking link from it,
 * sees "Waiting for you", which date holds and the reply box on top, and answers; the clerk is mailed, and
 * the request, which waited at the bottom of the queue, comes back to the top of it (decision 0029).
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInAt, trackingLinkIn } from './own-portal.ts';
import { axeViolations, duplicateIds } from './a11y.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { postAction } from '../support/http.ts';
import { freePort, startPortal, type Portal } from '../support/portal.ts';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';

const REQUESTER = 'clarify.requester@example.org';
/** Both test requests carry this name, so a queue search lists exactly those two, in queue order. */
const NAME = 'Quinn Zephyrine';

let portal: Portal;
let mailbox: Mailbox;
let facts: { slug: string; swpppId: number; swpppTitle: string };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const smtpPort = await freePort();
  mailbox = await startMailbox(smtpPort);
  portal = await startPortal({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_POLL_MS: '200',
      MAIL_RETRY_BASE_MS: '300',
      REQUESTS_PER_IP_PER_HOUR: '1000',
    },
  });
  const db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  const row = db.$client
    .prepare(
      "select p.slug, d.id, d.title from projects p join documents d on d.project_id = p.id and d.type = 'swppp' and d.public = 1 where p.published = 1 order by p.name, d.document_date desc, d.id desc limit 1",
    )
    .get() as { slug: string; id: number; title: string };
  facts = { slug: row.slug, swpppId: row.id, swpppTitle: row.title };
  db.$client.close();
});

test.afterAll(async () => {
  await portal?.stop();
  await mailbox?.close();
});

const signIn = (page: Page, email: string) => signInAt(page, portal.url, email);
const linkIn = trackingLinkIn;

/** The request numbers the queue lists for a search on NAME, in queue order. */
async function queueOrder(page: Page): Promise<string[]> {
  await page.goto(`${portal.url}/staff/requests?q=${encodeURIComponent(NAME)}`);
  return (await page.locator('table.queue tbody tr td:first-child a').allTextContents()).map((s) => s.trim());
}

async function expectAccessible(page: Page, label: string) {
  expect.soft(await axeViolations(page), `axe violations on ${label}`).toEqual([]);
  expect.soft(await duplicateIds(page), `duplicate ids on ${label}`).toEqual([]);
}

test('requester and clerk exchange a clarification through mail, and the answered request comes back to the top of the queue', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // Another request by the same name, sent first: due the same day, so it would come first on its own.
  const other = await postAction(portal.url, '/requests/new', 'requests.submit', {
    formKey: 'clarify-e2e-other-request-key'.padEnd(43, 'x'),
    intent: 'submit',
    project: facts.slug,
    documentIds: String(facts.swpppId),
    delivery: 'paper_pickup',
    name: NAME,
    email: 'clarify.other@example.org',
  });
  expect(other.status).toBe(303);

  // The requester sends theirs in the browser.
  const requester = await (await browser.newContext()).newPage();
  await requester.goto(`${portal.url}/requests/new?project=${facts.slug}`);
  await requester
    .getByRole('checkbox', { name: new RegExp(`^${facts.swpppTitle.replace(/[()]/g, '\\$&')}`) })
    .first()
    .check();
  await requester.getByRole('radio', { name: 'Paper copies, picked up at Town Hall' }).check();
  await requester.getByLabel('Name').fill(NAME);
  await requester.getByLabel('Email address').fill(REQUESTER);
  await requester.getByRole('button', { name: 'Send the request' }).click();
  await expect(requester.getByRole('heading', { level: 1 })).toHaveText(/^Records request R-\d{4}-\d{4}$/);
  const number = (await requester.getByRole('heading', { level: 1 }).textContent())!.replace('Records request ', '');

  // A first message from the requester reaches the clerks by mail.
  await requester.getByLabel('Write to the Town Clerk').fill('I need the version with the stamped plan sheets.');
  await requester.getByRole('button', { name: 'Send the message' }).click();
  await expect(requester.getByRole('status')).toHaveText('Your message was sent to the Town Clerk.');
  const first = await mailbox.waitFor(
    (m) =>
      addressedTo(m, 'clerk@rotterdam.example') &&
      m.subject === `Records request ${number}: a message from the requester`,
  );
  expect(first.text).toContain('I need the version with the stamped plan sheets.');

  // The clerk acknowledges (the promised date is later than the other request's due date).
  await signIn(page, 'clerk@rotterdam.example');
  const otherNumber = (await queueOrder(page)).find((n) => n !== number)!;
  await page.locator('table.queue').getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Request ${number}`);
  await expect(page.locator('#thread ~ ol.thread').first()).toContainText(
    'I need the version with the stamped plan sheets.',
  );
  await page.getByRole('button', { name: 'Acknowledge and email the requester' }).click();
  await expect(page.getByRole('status')).toHaveText('Acknowledged. The requester was told the date.');
  expect(await queueOrder(page)).toEqual([otherNumber, number]);

  // … and asks for clarification.
  await page.locator('table.queue').getByRole('link', { name: number }).click();
  await page.getByLabel('Message to the requester').fill('Which plan sheets: the 2025 set or the revised 2026 set?');
  await page.getByRole('checkbox', { name: /^Ask for clarification/ }).check();
  await page.getByRole('button', { name: 'Send to the requester' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'The question was sent. The request waits for the requester’s answer.',
  );
  await expect(page.getByText('Waiting for the requester’s answer', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'the clerk’s request page with a thread, waiting for the requester');
  // Waiting for the requester: no deadline of the Town's, at the bottom.
  expect(await queueOrder(page)).toEqual([otherNumber, number]);

  // The requester reads the question in the mail and opens the link in it.
  const question = await mailbox.waitFor(
    (m) =>
      addressedTo(m, REQUESTER) && m.subject === `Records request ${number}: the Town Clerk has a question for you`,
  );
  expect(question.text).toContain('Which plan sheets: the 2025 set or the revised 2026 set?');
  expect(question.text).toContain('The date the Town gave in writing still holds');
  await requester.goto(linkIn(question));
  const waiting = requester.getByRole('region', { name: 'Waiting for you: the Town Clerk has a question' });
  await expect(waiting).toContainText('Which plan sheets: the 2025 set or the revised 2026 set?');
  await expect(waiting).toContainText('Asking you a question does not move it');
  await expectAccessible(requester, 'the tracking page waiting for the requester’s answer');
  // The reply box comes before the rest of the page.
  const box = requester.getByLabel('Your answer');
  const boxTop = (await box.boundingBox())!.y;
  const dueTop = (await requester.getByRole('heading', { name: 'How the due date was counted' }).boundingBox())!.y;
  expect(boxTop).toBeLessThan(dueTop);
  // An empty answer is refused beside the box.
  await requester.getByRole('button', { name: 'Send my answer' }).click();
  await expect(requester.getByText('Write the message.').first()).toBeVisible();
  await requester.getByLabel('Your answer').fill('The revised 2026 set, please.');
  await requester.getByRole('button', { name: 'Send my answer' }).click();
  await expect(requester.getByRole('status')).toHaveText(
    'Thank you: your answer was sent, and the request is back with the Town Clerk.',
  );
  await expect(requester.getByRole('region', { name: 'Waiting for you: the Town Clerk has a question' })).toHaveCount(
    0,
  );
  await expect(requester.locator('dl.facts strong').first()).toHaveText('Acknowledged');

  // The clerk is mailed, and the answered request is now at the top.
  const answered = await mailbox.waitFor(
    (m) =>
      addressedTo(m, 'clerk@rotterdam.example') &&
      m.subject === `Records request ${number}: the requester answered your question`,
  );
  expect(answered.text).toContain('The revised 2026 set, please.');
  expect(await queueOrder(page)).toEqual([number, otherNumber]);
  await expect(page.locator('table.queue tbody tr').first()).toContainText('The requester answered');
  await page.locator('table.queue').getByRole('link', { name: number }).click();
  await expect(page.getByText('The requester answered your question')).toBeVisible();
  const thread = page.locator('ol.thread li');
  await expect(thread).toHaveCount(3);
  await expect(thread.nth(0)).toContainText('The requester');
  await expect(thread.nth(1)).toContainText('asked for clarification');
  await expect(thread.nth(2)).toContainText('answered the question');
  await expect(thread.nth(2)).toContainText('The revised 2026 set, please.');
  await requester.close();
});
