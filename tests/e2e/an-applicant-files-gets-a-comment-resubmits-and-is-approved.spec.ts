/**
 * Applying online, in a browser, from the first page to the letter (decision 0113): someone with no account asks
 * for one on /apply, opens the mailed link (read from the outbox) and chooses a password; files the application
 * (refused once without the certification, keeping what was typed) with a 3-page SWPPP; the clerk finds it
 * complete and lists a fee; the officer sends a deficiency notice with a comment placed at a section and page;
 * the applicant sees it and uploads the revised plan; the officer finds the plan complete and approves it; the
 * applicant's page says "Approved" and the letter answers a PDF. At each step the SWPPP's review clock on the
 * applicant's page is the one the review rules give for what happened, counted with the town's calendar.
 * Axe checks /apply and the applicant's application page.
 */
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { expect, test } from './fixtures.ts';
import { expectErrorsAnnounced, expectNoViolations, one, signIn } from './a11y.ts';
import { openReader } from '#lib/server/platform/db.ts';
import { loadLocalLaw } from '#lib/server/platform/local-law.ts';
import { loadCalendar } from '#lib/server/platform/time/calendar.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { town } from '#lib/server/platform/town-profile.ts';
import { reviewClock, type ReviewClock, type ReviewFacts } from '#lib/server/reviews/swppp-review.rules.ts';
import { addDays } from '#lib/shared/days.ts';
import { pdfText } from '../support/crawl.ts';
import { formatDay } from '#lib/shared/format.ts';

const STAMP = Date.now();
const APPLICANT = { name: 'Pat Ortega', email: `pat.ortega.${STAMP}@builder.example` };
const PASSWORD = 'a long and careful passphrase 42';
const PROJECT = `Mariaville Road Townhomes ${STAMP}`;
const COMMENT = { section: '3.2 Sediment basin', page: '2', text: 'Show the basin’s outlet detail.' };

async function pdf(pages: number, label: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const doc = await PDFDocument.create();
  doc.setTitle(label);
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]).drawText(`${label}, page ${i + 1}`, { x: 72, y: 720 });
  return {
    name: `${label.toLowerCase().replace(/\W+/g, '-')}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.from(await doc.save()),
  };
}

/** The clock the review rules give for these facts today, with the e2e portal's calendar and law (read-only). */
function expectedClock(facts: ReviewFacts): ReviewClock {
  const db = openReader(path.join(process.env.E2E_DATA_DIR as string, 'portal.db'), { readonly: true });
  try {
    return reviewClock(facts, townToday(), loadCalendar(db), loadLocalLaw(db), town(db).kindWord);
  } finally {
    db.$client.close();
  }
}

/** The one review on the applicant's page shows this clock: its headline, and the day and deadline when one runs. */
async function expectReviewShows(page: Page, clock: ReviewClock): Promise<void> {
  const review = page.getByTestId('review');
  await expect(review).toHaveCount(1);
  await expect(review.locator('p strong').first()).toHaveText(clock.headline);
  if (clock.clock)
    await expect(review).toContainText(`${clock.clock.day.words}. Deadline: ${formatDay(clock.clock.deadline)}.`);
}

/** A staff member's page in a context of its own, signed in, watched for page errors like the applicant's. */
async function staffPage(browser: Browser, email: string, problems: string[]): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (err) => problems.push(`${email}: ${err.message}`));
  await signIn(page, email);
  return page;
}

test('an applicant files, gets a comment at its place, uploads the revised plan, and is approved', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const staffProblems: string[] = [];
  const today = townToday();

  // 1. Anonymous on /apply: ask for an account, open the mailed link, choose a password.
  await page.goto('/apply');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apply for a site development permit');
  await expectNoViolations(page, '/apply');
  await page.getByLabel('Your name').fill(APPLICANT.name);
  await page.getByLabel('Email address').fill(APPLICANT.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page).toHaveURL(/\/apply\?sent=1$/);
  await expect(page.getByRole('status')).toContainText(
    'Check your email: we sent a link to that address. Open it to confirm the address and choose a password',
  );
  await expectNoViolations(page, '/apply?sent=1');
  const mail = one<{ text_body: string }>(
    "select text_body from outbox where to_address = ? and kind = 'applicant-confirm' order by id desc",
    APPLICANT.email,
  );
  const link = /https?:\/\/\S+\/account\/set-password\?token=[A-Za-z0-9_-]{43}/.exec(mail.text_body)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(`Welcome, ${APPLICANT.name}.`)).toContainText(APPLICANT.email);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Type it again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(page).toHaveURL(/\/account\?welcome=1$/);
  await expect(page.getByRole('status')).toHaveText('Your password is saved and you are signed in.');

  // 2. The application: refused once without the certification, keeping what was typed; then filed.
  await page.goto('/operator/applications/new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apply for a site development permit');
  const plannedStart = addDays(today, 60);
  await page.getByLabel('Project name').fill(PROJECT);
  await page
    .getByLabel('Brief description of the work, for the public')
    .fill('Twelve townhomes with a private drive and a stormwater pond.');
  await page.getByLabel('Site address').fill('2900 Mariaville Road');
  await page.getByLabel('ZIP code (optional)').fill('12306');
  await page.getByRole('radio', { name: /^Major project/ }).check();
  await page.getByLabel('Whole site (acres)').fill('6.2');
  await page.getByLabel('Area to be disturbed (acres)').fill('3.9');
  await page.getByLabel('Planned start').fill(plannedStart);
  await page.getByLabel('Owner or operator (company or person)').fill('Mariaville Builders LLC');
  await expect(page.getByLabel('Person to contact')).toHaveValue(APPLICANT.name);
  await page.getByLabel('Business phone (optional)').fill('518-555-0142');
  await expect(page.getByLabel('Date on the SWPPP')).toHaveValue(today);
  const swppp = await pdf(3, 'Mariaville Road SWPPP');
  await page.getByLabel('The SWPPP, as one PDF').setInputFiles(swppp);
  const certify = page.getByRole('checkbox', { name: /^I certify that this application is true/ });
  await expect(certify).not.toBeChecked();
  await page.getByRole('button', { name: 'File the application' }).click();
  await expect(page.locator('#f-certify-error')).toHaveText(
    'Certify that the application is true and that you may file it for the owner or operator.',
  );
  await expect(certify).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#f-swppp-error')).toContainText('Choose the SWPPP and its attachments again');
  await expect(page.getByLabel('Project name')).toHaveValue(PROJECT);
  await expect(page.getByLabel('Site address')).toHaveValue('2900 Mariaville Road');
  await expect(page.getByRole('radio', { name: /^Major project/ })).toBeChecked();
  await expect(page.getByLabel('Whole site (acres)')).toHaveValue('6.2');
  await expect(page.getByLabel('Planned start')).toHaveValue(plannedStart);
  await expect(page.getByLabel('Owner or operator (company or person)')).toHaveValue('Mariaville Builders LLC');
  await expectErrorsAnnounced(page, 'the application refused without the certification');
  await page.getByLabel('The SWPPP, as one PDF').setInputFiles(swppp);
  await certify.check();
  await page.getByRole('button', { name: 'File the application' }).click();
  await expect(page).toHaveURL(/\/operator\/applications\/\d+\?filed=1$/);
  const applicationUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Application: ${PROJECT}`);
  await expect(page.getByRole('status')).toContainText('Application filed: the Town received it today.');
  await expect(page.getByTestId('intake')).toHaveText(
    `Received on ${formatDay(today)}; the clerk has not yet checked that it has its parts.`,
  );
  const filed = expectedClock({ receivedOn: today });
  expect(filed.stage).toBe('completeness');
  expect(filed.clock!.day.words).toMatch(/^Day 0 of 30: /);
  // Thirty calendar days after today, or the next business day when that day is closed.
  expect(filed.clock!.deadline >= addDays(today, 30) && filed.clock!.deadline <= addDays(today, 34)).toBe(true);
  await expectReviewShows(page, filed);
  await expect(page.getByTestId('review')).toContainText(
    `Day 0 of 30: the day of receipt is not counted, day 1 is ${formatDay(addDays(today, 1))}`,
  );
  await expect(page.getByTestId('review').getByRole('heading', { level: 3 })).toHaveText(
    `Stormwater Pollution Prevention Plan (SWPPP), received ${formatDay(today)}`,
  );
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Stormwater Pollution Prevention Plan (SWPPP)' }),
  ).toContainText('(3 pages)');
  await expectNoViolations(page, 'the application page, filed');

  // 3. The clerk finds it complete and lists a fee.
  const clerk = await staffPage(browser, 'clerk@rotterdam.example', staffProblems);
  await clerk.goto('/staff/applications');
  await clerk.getByRole('link', { name: PROJECT }).click();
  await expect(clerk.getByRole('heading', { level: 1 })).toHaveText(`Application: ${PROJECT}`);
  const reviewHref = (await clerk.getByRole('link', { name: 'The SWPPP review' }).getAttribute('href'))!;
  const slug = /^\/staff\/projects\/([^/]+)\/swppp$/.exec(reviewHref)![1]!;
  await clerk.getByRole('radio', { name: 'Complete: publish the project page' }).check();
  await expect(clerk.getByLabel('Date of the check')).toHaveValue(today);
  await clerk.getByRole('button', { name: 'Record the check' }).click();
  await expect(clerk.getByRole('status')).toContainText('Found complete: the project page is public');
  const feeForm = clerk.locator('form').filter({ has: clerk.getByRole('button', { name: 'List the fee' }) });
  await feeForm.getByLabel('What it is for').fill('Site development permit application fee');
  await feeForm.getByLabel('Amount ($)').fill('150');
  await feeForm.getByRole('button', { name: 'List the fee' }).click();
  await expect(clerk.getByRole('status')).toContainText('The fee is on the invoice the applicant sees.');
  await expect(clerk.getByTestId('invoice-total')).toHaveText('$150.00 due of $150.00.');
  await clerk.context().close();

  await page.goto(applicationUrl);
  await expect(page.getByTestId('intake')).toHaveText(
    `Found complete on ${formatDay(today)}; its project page is public.`,
  );
  await expect(page.getByRole('link', { name: `/projects/${slug}` })).toBeVisible();
  await expect(page.getByTestId('invoice-total')).toHaveText('$150.00 due of $150.00.');
  // The clerk's check stops no clock.
  await expectReviewShows(page, filed);

  // 4. The officer sends a deficiency notice with a comment at its place in the plan.
  const officer = await staffPage(browser, 'officer@rotterdam.example', staffProblems);
  await officer.goto(`/staff/projects/${slug}/swppp`);
  await expect(officer.getByText(filed.headline)).toBeVisible();
  await officer.getByText('The plan is not complete: record the written notice of deficiencies').click();
  const notice = officer
    .locator('form')
    .filter({ has: officer.getByRole('button', { name: 'Record the deficiency notice' }) });
  await expect(notice.getByLabel('Notice sent on')).toHaveValue(today);
  await notice
    .getByLabel('What the plan lacks, and what completeness requires')
    .fill('The sediment basin lacks its outlet structure.');
  const row = notice.getByRole('group', { name: 'Comment 1', exact: true });
  await row.getByLabel('Section').fill(COMMENT.section);
  await row.getByLabel('Page of the PDF').fill(COMMENT.page);
  await row.getByLabel('Comment').fill(COMMENT.text);
  await notice.getByRole('button', { name: 'Record the deficiency notice' }).click();
  await expect(officer.getByRole('status')).toContainText('Deficiencies recorded.');
  await expect(officer.getByText(`Section ${COMMENT.section}, page ${COMMENT.page}:`)).toBeVisible();

  // 5. The applicant sees the comment at its place, uploads the revised plan, and the completeness clock restarts.
  await page.goto(applicationUrl);
  const noticed = expectedClock({ receivedOn: today, deficienciesNotifiedOn: today });
  expect(noticed.stage).toBe('awaiting_revision');
  await expectReviewShows(page, noticed);
  const answer = page.getByRole('region', { name: 'What the revised plan must answer' });
  await expect(answer).toContainText(
    `Notice of deficiencies of ${formatDay(today)}: The sediment basin lacks its outlet structure.`,
  );
  await expect(answer.getByRole('listitem')).toHaveText(
    `Section ${COMMENT.section}, page ${COMMENT.page}: ${COMMENT.text}`,
  );
  await expectNoViolations(page, 'the application page, with the officer’s comments');
  await answer.getByRole('link', { name: 'Upload the revised plan' }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/projects/${slug}/documents/new\\?type=swppp_amendment$`));
  await expect(page.getByRole('radio', { name: /^SWPPP amendment/ })).toBeChecked();
  await expect(page.getByLabel('Date on the document')).toHaveValue(today);
  await page.getByLabel('Short description (optional)').fill('adds the sediment basin outlet detail');
  await page.getByLabel('PDF file').setInputFiles(await pdf(4, 'Mariaville Road SWPPP revised'));
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/projects/${slug}\\?filed=document$`));
  await page.goto('/operator');
  await page.getByRole('region', { name: 'Your permit applications' }).getByRole('link', { name: PROJECT }).click();
  await expect(page).toHaveURL(new RegExp(`${applicationUrl}$`));
  const revised = expectedClock({
    receivedOn: today,
    deficienciesNotifiedOn: today,
    resubmittedOn: today,
    // The revision of the original SWPPP is that SWPPP's next version, not an amendment (no R(2) seven days).
    amendment: false,
  });
  expect(revised.stage).toBe('completeness');
  expect(revised.clock!.day.words).toMatch(/^Day 0 of 30: /);
  expect(revised.clock!.period.from).toBe(today);
  await expectReviewShows(page, revised);
  await expect(page.getByTestId('review').getByRole('heading', { level: 3 })).toContainText(
    `, received ${formatDay(today)}, revised plan received ${formatDay(today)}`,
  );
  await expect(page.getByTestId('review')).toContainText(`Revised plan received ${formatDay(today)}.`);
  await expect(page.getByRole('region', { name: 'What the revised plan must answer' })).toHaveCount(0);

  // 6. The officer finds the plan complete today, then approves it today.
  await officer.goto(`/staff/projects/${slug}/swppp`);
  await expect(officer.getByText(revised.headline)).toBeVisible();
  await expect(officer.getByLabel('Found complete on')).toHaveValue(today);
  await officer.getByRole('button', { name: 'Record: the plan is complete' }).click();
  await expect(officer.getByRole('status')).toContainText('Recorded as complete');
  const complete = expectedClock({
    receivedOn: today,
    deficienciesNotifiedOn: today,
    resubmittedOn: today,
    completeOn: today,
    amendment: false,
  });
  expect(complete.stage).toBe('decision');
  await expect(officer.getByText(complete.headline)).toBeVisible();
  const decide = officer.locator('form').filter({ has: officer.getByRole('button', { name: 'Record the decision' }) });
  await decide.getByRole('radio', { name: 'Approved', exact: true }).check();
  await expect(decide.getByLabel('Decided on')).toHaveValue(today);
  await decide.getByRole('button', { name: 'Record the decision' }).click();
  await expect(officer.getByRole('status')).toContainText('Decision recorded.');
  await officer.context().close();

  await page.goto(applicationUrl);
  const approved = expectedClock({
    receivedOn: today,
    deficienciesNotifiedOn: today,
    resubmittedOn: today,
    completeOn: today,
    decision: 'approved',
    decidedOn: today,
    amendment: false,
  });
  expect(approved.headline).toBe(`Approved on ${formatDay(today)}`);
  await expectReviewShows(page, approved);
  const letter = page.getByTestId('review').getByRole('link', { name: 'The officer’s letter (PDF)' });
  const answered = await page.request.get((await letter.getAttribute('href'))!);
  expect(answered.status()).toBe(200);
  expect(answered.headers()['content-type']).toBe('application/pdf');
  const letterBytes = await answered.body();
  expect(letterBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The original application's decision, not an amendment's.
  const words = pdfText(new Uint8Array(letterBytes)).replace(/\s+/g, ' ');
  expect(words).toContain('The permit application is approved.');
  expect(words).not.toMatch(/amendment/i);
  await expectNoViolations(page, 'the application page, approved');
  expect(staffProblems, 'page errors on the staff pages').toEqual([]);
});
