/**
 * Accessibility (WCAG 2.1 AA): axe on every page type, public, staff (each role) and operator, including
 * error states and the JavaScript widgets; every form submitted empty announces its errors and ties each
 * one to its field or group; visible focus; 200% text without loss; reduced motion; the skip link.
 *
 * Every route file under src/pages that renders HTML is a page type; each is listed below (a project
 * tab counts as its own type). Add new page types here. One signed-in page per role per test.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  axeViolations,
  checkPage,
  expectErrorsAnnounced,
  expectNoViolations,
  one,
  query,
  signIn,
  submitEmpty,
} from './a11y.ts';

// Each test reads only, and signs in for itself: they may run in either worker, on its own portal.
test.describe.configure({ mode: 'parallel' });

const ACTIVE = 'carman-road-child-care-center';
const STOP_WORK = 'hamburg-street-mixed-use';

/** Open the page, submit the form of this button empty, check the errors are announced and axe is clean. */
async function checkEmptySubmit(
  page: Page,
  url: string,
  button: string | RegExp,
  opts: { fieldMessages?: boolean; axe?: boolean } = {},
) {
  await page.goto(url);
  // Forms folded away in <details> are opened, as a user would, so their buttons can be found.
  await page.evaluate(() =>
    document.querySelectorAll('main details').forEach((d) => ((d as HTMLDetailsElement).open = true)),
  );
  const target = page.locator('main').getByRole('button', { name: button, exact: typeof button === 'string' });
  await submitEmpty(target.first());
  const label = `${url} submitted empty (${button})`;
  await expectErrorsAnnounced(page, label, opts);
  if (opts.axe !== false) await expectNoViolations(page, label);
}

/**
 * Every page type, by route file, with the URLs that show it (placeholders in braces are sample records
 * looked up in the database). A test below fails when a route file under src/pages is missing here.
 */
const PUBLIC: Array<[string, ...string[]]> = [
  ['index.astro', '/'],
  ['apply.astro', '/apply'],
  ['projects/index.astro', '/projects', '/projects?status=stop_work&sort=name', '/projects?q=zzzz-nothing'],
  [
    'projects/[slug].astro',
    '/projects/{active}',
    '/projects/{stopWork}',
    '/projects/{complete}',
    '/projects/{inReview}',
    '/projects/{busy}',
    '/projects/{townInspected}',
  ],
  ['enforcement/index.astro', '/enforcement'],
  ['operators/index.astro', '/operators'],
  ['operators/[slug].astro', '/operators/{operatorCompany}'],
  ['search/index.astro', '/search', '/search?q=silt+fence', '/search?q=zzzz-nothing'],
  ['near.astro', '/near', '/near?address=Curry+Road&r=1', '/near?lat=42.79&lon=-74.0&r=0.5'],
  ['map.astro', '/map', '/map?status=active'],
  // Its error state (a filter that cannot be used, a 400) is checked in tests/e2e/reports-list-on-a-phone.spec.ts.
  ['reports/index.astro', '/reports', '/reports?status=closed', '/reports?project={active}&from=2020-01-01'],
  ['alerts/index.astro', '/alerts'],
  [
    'alerts/new.astro',
    '/alerts/new?project={active}',
    '/alerts/new?lat=42.79&lon=-74.0&r=1&label=Curry+Road',
    '/alerts/new',
    '/alerts/new?sent=1',
  ],
  ['alerts/confirm.astro', '/alerts/confirm?token=not-a-token'],
  ['alerts/unsubscribe/index.astro', '/alerts/unsubscribe?token=not-a-token'],
  ['open-data/index.astro', '/open-data'],
  ['open-data/records-requests.astro', '/open-data/records-requests'],
  ['requests/new.astro', '/requests/new', '/requests/new?project={active}'],
  ['requests/index.astro', '/requests', '/requests?sent=1'],
  // The error state (/requests/log?year=last, a 400) is checked with axe in tests/e2e/public-log.spec.ts.
  ['requests/log.astro', '/requests/log', '/requests/log?project={active}&year=2026', '/requests/log?page=2'],
  [
    'requests/operator/new.astro',
    '/requests/operator/new',
    '/requests/operator/new?project={active}',
    '/requests/operator/new?project={stopWork}',
  ],
  ['help/index.astro', '/help'],
  ['help/[slug].astro', '/help/ordinance', '/help/records-requests', '/help/fees', '/help/glossary', '/help/about'],
  ['signin.astro', '/signin', '/signin?next=/staff/requests', '/signin?link=sent'],
  ['signout.astro', '/signout'],
  ['account/forgot.astro', '/account/forgot', '/account/forgot?sent=1'],
  ['account/set-password.astro', '/account/set-password?token=bad'],
  ['account/sign-in-link.astro', '/account/sign-in-link?token=bad'],
  // Permanent stormwater practices.
  ['practices/index.astro', '/practices', '/practices?lat=42.7868&lon=-73.9756&r=1', '/practices?address=zzzz-nowhere'],
  ['practices/[id].astro', '/practices/{practice}', '/practices/{failingPractice}'],
  // Residents' reports.
  ['report.astro', '/report', '/report?project={active}', '/report?sent=1'],
  ['reports/[id].astro', '/reports/{siteReport}', '/reports/{closedSiteReport}'],
  ['reports/[id]/add.astro', '/reports/{siteReport}/add'],
  ['reports/follow.astro', '/reports/follow?confirm=not-a-token', '/reports/follow?stop=1.not-a-token'],
  // Storms and the post-storm inspection of each site.
  ['storms/index.astro', '/storms'],
  ['storms/[id].astro', '/storms/{storm}'],
];
/** Reached another way in the tests below (a link from mail, a tracking link, a status code). */
// 500.astro is rendered only by a real failure: tests/integration/failures-in-plain-words.test.ts forces one and checks its words.
// first-run.astro shows only while no administrator can sign in (never in the demo town): axe checks it in
// tests/e2e/second-town-from-zero.spec.ts, on a fresh village.
const ELSEWHERE = [
  '404.astro',
  '403.astro',
  '500.astro',
  'first-run.astro',
  'requests/track/[token]/index.astro',
  'requests/track/[token]/invoice.astro',
];

const CLERK: Array<[string, ...string[]]> = [
  ['staff/index.astro', '/staff'],
  ['staff/applications/index.astro', '/staff/applications'],
  ['staff/applications/[id].astro', '/staff/applications/{ownApplication}'],
  ['staff/requests/index.astro', '/staff/requests', '/staff/requests?status=open&flag=overdue'],
  [
    'staff/requests/[id]/index.astro',
    '/staff/requests/{received}',
    '/staff/requests/{billed}',
    '/staff/requests/{costApproval}',
    '/staff/requests/{acknowledged}',
    '/staff/requests/{fulfilled}',
    '/staff/requests/{denied}',
    '/staff/requests/{withdrawn}',
  ],
  ['staff/requests/[id]/invoice.astro', '/staff/requests/{billed}/invoice'],
  ['staff/requests/[id]/upload.astro', '/staff/requests/{received}/upload'],
  ['staff/requests/new.astro', '/staff/requests/new'],
  ['staff/requests/replies.astro', '/staff/requests/replies'],
  [
    'staff/operator-requests/new.astro',
    '/staff/operator-requests/new',
    '/staff/operator-requests/new?project={active}',
  ],
  ['staff/closures.astro', '/staff/closures'],
  ['staff/projects/index.astro', '/staff/projects', '/staff/projects?unpublished=on'],
  ['staff/projects/new.astro', '/staff/projects/new'],
  ['staff/projects/import.astro', '/staff/projects/import'],
  ['account/index.astro', '/account'],
  // The review escrow and the MS4 figures.
  ['staff/projects/[slug]/escrow.astro', '/staff/projects/{escrow}/escrow'],
  ['staff/projects/[slug]/escrow/statement.astro', '/staff/projects/{escrow}/escrow/statement'],
  ['staff/ms4-report.astro', '/staff/ms4-report'],
];
const OFFICER: Array<[string, ...string[]]> = [
  ['staff/index.astro', '/staff'],
  ['staff/officer.astro', '/staff/officer'],
  ['staff/projects/[slug]/index.astro', '/staff/projects/{active}', '/staff/projects/{stopWork}'],
  ['staff/projects/[slug]/edit.astro', '/staff/projects/{active}/edit'],
  ['staff/projects/[slug]/parties.astro', '/staff/projects/{active}/parties'],
  ['staff/projects/[slug]/documents.astro', '/staff/projects/{active}/documents'],
  [
    'staff/projects/[slug]/swppp.astro',
    '/staff/projects/{active}/swppp',
    '/staff/projects/{swpppCompleteness}/swppp',
    '/staff/projects/{swpppDecision}/swppp',
  ],
  ['staff/projects/[slug]/inspections.astro', '/staff/projects/{active}/inspections'],
  [
    'staff/projects/[slug]/enforcement.astro',
    '/staff/projects/{active}/enforcement',
    '/staff/projects/{stopWork}/enforcement',
  ],
  [
    'staff/projects/[slug]/guarantees.astro',
    '/staff/projects/{active}/guarantees',
    '/staff/projects/{guaranteed}/guarantees',
  ],
  ['staff/enforcement/index.astro', '/staff/enforcement', '/staff/enforcement?all=on'],
  [
    'staff/enforcement/[id].astro',
    '/staff/enforcement/{fine}',
    '/staff/enforcement/{stopWorkOrder}',
    '/staff/enforcement/{warning}',
  ],
  ['staff/calendar.astro', '/staff/calendar'],
  ['staff/compliance/index.astro', '/staff/compliance'],
  ['staff/compliance/rules.astro', '/staff/compliance/rules'],
  ['staff/reviews/index.astro', '/staff/reviews'],
  ['staff/reviews/inspections/[id].astro', '/staff/reviews/inspections/{filedInspection}'],
  ['staff/reviews/summaries/[id].astro', '/staff/reviews/summaries/{summary}'],
  ['staff/reviews/documents/[id].astro', '/staff/reviews/documents/{upload}', '/staff/reviews/documents/{asBuilt}'],
  ['staff/storms/index.astro', '/staff/storms'],
  ['staff/operator-requests/index.astro', '/staff/operator-requests', '/staff/operator-requests?status=overdue'],
  [
    'staff/operator-requests/[id].astro',
    '/staff/operator-requests/{operatorRequest}',
    '/staff/operator-requests/{ownOperatorRequest}',
  ],
  // Permanent practices
  ['staff/practices/index.astro', '/staff/practices'],
  ['staff/practices/new.astro', '/staff/practices/new'],
  ['staff/practices/[id].astro', '/staff/practices/{openPractice}', '/staff/practices/{practice}'],
  ['staff/reports/index.astro', '/staff/reports', '/staff/reports?all=1'],
  ['staff/reports/[id].astro', '/staff/reports/{siteReport}', '/staff/reports/{closedSiteReport}'],
  ['staff/reports/categories.astro', '/staff/reports/categories'],
  ['staff/practices/[id]/edit.astro', '/staff/practices/{practice}/edit'],
];
const ADMIN: Array<[string, ...string[]]> = [
  ['staff/requests/appeals.astro', '/staff/requests/appeals'],
  ['staff/requests/settings.astro', '/staff/requests/settings'],
  ['staff/settings.astro', '/staff/settings'],
  ['staff/settings/ordinance.astro', '/staff/settings/ordinance'],
  ['staff/index.astro', '/staff'],
  ['staff/users/index.astro', '/staff/users'],
  ['staff/users/[id].astro', '/staff/users/{operatorUser}'],
  ['staff/mail/index.astro', '/staff/mail', '/staff/mail?status=queued'],
  ['staff/mail/[id].astro', '/staff/mail/{mail}'],
  ['staff/open311-keys.astro', '/staff/open311-keys'],
  ['staff/audit.astro', '/staff/audit', '/staff/audit?entity=records_request'],
  ['staff/compliance/index.astro', '/staff/compliance'],
  ['account/index.astro', '/account'],
];
const OPERATOR: Array<[string, ...string[]]> = [
  ['operator/index.astro', '/operator'],
  ['operator/projects/[slug].astro', '/operator/projects/{active}', '/operator/projects/{stopWork}'],
  ['operator/projects/[slug]/inspections/new.astro', '/operator/projects/{active}/inspections/new'],
  ['operator/projects/[slug]/inspections/[id].astro', '/operator/projects/{active}/inspections/{ownInspection}'],
  ['operator/projects/[slug]/summaries/new.astro', '/operator/projects/{active}/summaries/new'],
  ['operator/projects/[slug]/documents/new.astro', '/operator/projects/{active}/documents/new'],
  ['operator/projects/[slug]/notices.astro', '/operator/projects/{active}/notices'],
  ['operator/requests/index.astro', '/operator/requests'],
  ['operator/requests/[id]/index.astro', '/operator/requests/{ownOperatorRequest}'],
  ['operator/requests/[id]/copies.astro', '/operator/requests/{ownOperatorRequest}/copies'],
  ['account/index.astro', '/account'],
  // Permanent practices
  ['operator/practices/index.astro', '/operator/practices'],
  ['operator/practices/[id].astro', '/operator/practices/{ownPractice}'],
  // Applying online
  ['operator/applications/new.astro', '/operator/applications/new'],
  ['operator/applications/[id].astro', '/operator/applications/{ownApplication}'],
];

/** Forms submitted empty: [page, its submit button]. */
type FormCase = [url: string, button: string | RegExp];
const PUBLIC_FORMS: FormCase[] = [
  ['/signin', 'Sign in'],
  ['/signin', 'Email me a one-time sign-in link'],
  ['/account/forgot', 'Send the link'],
  ['/alerts/new?project={active}', 'Send me a confirmation link'],
  ['/alerts/new?lat=42.79&lon=-74.0&r=1&label=Curry+Road', 'Send me a confirmation link'],
  ['/requests/new', 'Send the request'],
  ['/requests', 'Email me my links'],
  ['/requests/new?project={active}', 'Send the request'],
  ['/requests/operator/new?project={active}', /^(Send the request to the operator|Log my request)$/],
  ['/report', 'Send the report'],
];
const CLERK_FORMS: FormCase[] = [
  ['/staff/applications/{ownApplication}', 'Record the check'],
  ['/staff/applications/{ownApplication}', 'List the fee'],
  ['/staff/applications/{ownApplication}', 'Record the payment'],
  ['/staff/requests/new', 'Enter the request'],
  ['/staff/operator-requests/new?project={active}', 'Log the request'],
  ['/staff/requests/{received}', 'Acknowledge and email the requester'],
  ['/staff/requests/{received}', 'Extend and email the requester'],
  ['/staff/requests/{received}', 'Add the note'],
  ['/staff/requests/{received}', 'Send to the requester'],
  ['/staff/requests/{received}', 'Close as a duplicate'],
  ['/staff/requests/replies', 'Add the reply'],
  ['/staff/requests/{received}', 'Deny the request'],
  ['/staff/requests/{received}', 'Attach'],
  ['/staff/requests/{billed}', 'Record the payment'],
  ['/staff/requests/{billed}', 'Cancel the invoice'],
  ['/staff/requests/{received}/upload', 'Upload and attach'],
  ['/staff/closures', 'Close the town that day'],
  ['/staff/projects/{escrow}/escrow', 'Record the deposit'],
  ['/staff/projects/new', 'Register the project'],
];
const OFFICER_FORMS: FormCase[] = [
  ['/staff/projects/{active}/edit', 'Save the NOI record'],
  ['/staff/projects/{active}/parties', 'Add'],
  ['/staff/projects/{active}/parties', 'Add receiving water'],
  ['/staff/projects/{active}/documents', 'Attach'],
  ['/staff/projects/{active}', 'Record the NOT and close the project'],
  ['/staff/projects/{swpppCompleteness}/swppp', 'Record the deficiency notice'],
  ['/staff/projects/{swpppCompleteness}/swppp', 'Record: the plan is complete'],
  ['/staff/projects/{swpppDecision}/swppp', 'Record the decision'],
  ['/staff/projects/{swpppDecision}/swppp', 'Record the extension'],
  ['/staff/projects/{active}/inspections', 'Record the notice'],
  ['/staff/projects/{active}/inspections', 'Record the inspection'],
  ['/staff/projects/{active}/inspections', 'Schedule the inspection'],
  ['/staff/projects/{active}/inspections', 'Record the violation'],
  ['/staff/projects/{active}/enforcement', 'Issue the action'],
  ['/staff/projects/{active}/guarantees', 'Record the guarantee'],
  ['/staff/projects/{guaranteed}/guarantees', 'Release the guarantee'],
  ['/staff/enforcement/{fine}', 'Record the payment'],
  ['/staff/enforcement/{fine}', 'Waive'],
  ['/staff/enforcement/{fine}', 'Attach evidence'],
  ['/staff/enforcement/{fine}', 'Save the correction'],
  ['/staff/compliance', 'Save settings'],
  ['/staff/reviews/inspections/{filedInspection}', 'Save the review'],
  ['/staff/reviews/summaries/{summary}', 'Save the review'],
  ['/staff/reviews/documents/{upload}', 'Save the review'],
  ['/staff/storms', 'Record the storm'],
  // Permanent practices
  ['/staff/practices/new', 'Add to the inventory'],
  ['/staff/practices/{openPractice}', 'Record the inspection'],
  ['/staff/practices/{openPractice}', 'Record the removal'],
  ['/staff/practices/{openPractice}', 'File the document'],
  ['/staff/practices/{practice}/edit', 'Save the corrections'],
  ['/staff/practices', 'Draw and record'],
  ['/staff/practices', 'Save the intervals'],
  ['/staff/reviews/documents/{asBuilt}', /^(Accept the plans and add the practice|Add the practice)$/],
];
const ADMIN_FORMS: FormCase[] = [
  ['/staff/users', 'Send invitation'],
  // Submitted with no roles, the admin's own account: refused (an admin cannot remove their own role).
  ['/staff/users/{adminUser}', 'Save access'],
];
const OPERATOR_FORMS: FormCase[] = [
  ['/operator/projects/{active}/inspections/new', 'File the inspection report'],
  ['/operator/projects/{active}/summaries/new', 'File and publish the summary'],
  ['/operator/projects/{active}/documents/new', 'Upload'],
  ['/operator/applications/new', 'File the application'],
  ['/operator/applications/{ownApplication}', 'Add to the application'],
  ['/operator/projects/{active}/notices', 'Give notice'],
  ['/operator/requests/{ownOperatorRequest}', 'Offer for inspection'],
  ['/operator/requests/{ownOperatorRequest}/copies', 'Provide copies'],
  ['/operator/practices/{ownPractice}', 'File the report'],
];

/** Sample records for the placeholders, from the demo town. */
function samples(): Record<string, string | number> {
  const slug = (where: string) =>
    one<{ slug: string }>(`select slug from projects p where ${where} order by slug limit 1`).slug;
  const request = (status: string) =>
    one<{ id: number }>('select id from records_requests where status = ? order by id limit 1', status).id;
  const action = (type: string) =>
    one<{ id: number }>('select id from enforcement_actions where type = ? order by id limit 1', type).id;
  return {
    active: ACTIVE,
    stopWork: STOP_WORK,
    complete: slug("status = 'complete' and published = 1"),
    inReview: slug("status = 'swppp_review' and published = 1"),
    // The most public documents (grouped by type) and the most town inspections (the timeline folds).
    busy: one<{ slug: string }>(
      'select p.slug from projects p join documents d on d.project_id = p.id where p.published = 1 and d.public = 1 group by p.id order by count(*) desc, p.slug limit 1',
    ).slug,
    townInspected: one<{ slug: string }>(
      'select p.slug from projects p join town_inspections t on t.project_id = p.id where p.published = 1 group by p.id order by count(*) desc, p.slug limit 1',
    ).slug,
    guaranteed: slug(
      'exists (select 1 from performance_guarantees g where g.project_id = p.id and g.released_on is null)',
    ),
    received: request('received'),
    billed: request('awaiting_payment'),
    costApproval: request('awaiting_cost_approval'),
    acknowledged: request('acknowledged'),
    fulfilled: request('fulfilled'),
    denied: request('denied'),
    withdrawn: request('withdrawn'),
    fine: action('fine'),
    stopWorkOrder: action('stop_work_order'),
    warning: action('written_warning'),
    filedInspection: one<{ id: number }>(
      "select id from inspections where review_status = 'filed' and superseded_at is null order by id limit 1",
    ).id,
    summary: one<{ id: number }>(
      'select id from monthly_summaries where submitted_at is not null order by id desc limit 1',
    ).id,
    upload: one<{ id: number }>(
      "select id from documents where type in ('swppp_amendment', 'as_built', 'not', 'other') order by id limit 1",
    ).id,
    ownInspection: one<{ id: number }>(
      'select i.id from inspections i join projects p on p.id = i.project_id where p.slug = ? order by i.id desc limit 1',
      ACTIVE,
    ).id,
    operatorUser: one<{ id: number }>("select id from users where email = 'operator@rotterdam.example'").id,
    adminUser: one<{ id: number }>("select id from users where email = 'admin@rotterdam.example'").id,
    // Requests to operators (L(4)), from the demo town: one for a project of operator@ (one still to answer, if any), and the oldest of all.
    ownOperatorRequest: one<{ id: number }>(
      "select r.id from operator_requests r join project_members m on m.project_id = r.project_id join users u on u.id = m.user_id where u.email = 'operator@rotterdam.example' order by (r.status = 'received') desc, r.id limit 1",
    ).id,
    operatorRequest: one<{ id: number }>('select id from operator_requests order by id limit 1').id,
    // The demo town's SWPPP reviews: one waiting for completeness, one complete and waiting for the decision.
    swpppCompleteness: 'broadway-lofts',
    swpppDecision: 'altamont-avenue-fuel-station',
    // Permanent practices, the review escrow.
    practice: one<{ id: number }>('select min(id) as id from stormwater_practices').id,
    failingPractice: one<{ id: number }>(
      "select practice_id as id from practice_inspections where condition = 'failing' order by id limit 1",
    ).id,
    openPractice: one<{ id: number }>(
      'select s.id from stormwater_practices s join practice_maintenance_items m on m.practice_id = s.id where m.closed_on is null and s.removed_on is null order by s.id limit 1',
    ).id,
    ownApplication: one<{ id: number }>(
      "select min(a.id) as id from permit_applications a join users u on u.id = a.applicant_user_id where u.email = 'operator@rotterdam.example'",
    ).id,
    ownPractice: one<{ id: number }>(
      "select min(s.id) as id from stormwater_practices s join users u on u.id = s.maintainer_user_id where u.email = 'operator@rotterdam.example'",
    ).id,
    asBuilt: one<{ id: number }>(
      "select id from documents where type = 'as_built_plans' order by review_status = 'filed' desc, id limit 1",
    ).id,
    escrow: 'curry-road-distribution-center',
    // The demo's builder named two ways on two NOI records: one company page with two sites.
    operatorCompany: 'gregg-hollow-builders',
    mail: query<{ id: number }>('select id from outbox order by id desc limit 1')[0]?.id ?? 0,
    siteReport: one<{ id: number }>(
      "select id from site_reports where hidden = 0 and status = 'violation_found' order by id limit 1",
    ).id,
    closedSiteReport: one<{ id: number }>(
      "select id from site_reports where hidden = 0 and status = 'closed' order by id limit 1",
    ).id,
    storm: one<{ id: number }>('select id from storm_events where inches >= 0.5 order by ended_at desc limit 1').id,
  };
}

const fill = (template: string, s: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => {
    if (!(k in s)) throw new Error(`No sample for {${k}}`);
    return String(s[k]);
  });

/** A link with a made-up token answers 404 (the same for forged, used or expired ones), with a page. */
const BROKEN_LINK = /[?&]token=(not-a-token|bad)$/;

async function checkPages(page: Page, list: Array<[string, ...string[]]>) {
  const s = samples();
  for (const [, ...urls] of list)
    for (const url of urls) await checkPage(page, fill(url, s), BROKEN_LINK.test(url) ? 404 : 200);
}

async function checkForms(page: Page, forms: FormCase[], opts: { fieldMessages?: boolean } = {}) {
  const s = samples();
  const axed = new Set<string>();
  for (const [template, button] of forms) {
    const url = fill(template, s);
    // axe once per page in an error state (the other forms of that page only have their errors checked).
    await checkEmptySubmit(page, url, button, { ...opts, axe: !axed.has(url) });
    axed.add(url);
  }
}

test('every public page type has no WCAG 2.1 AA violations', async ({ page }) => {
  test.setTimeout(240_000);
  await checkPages(page, PUBLIC);
  await checkPage(page, '/projects/no-such-project', 404);
  await checkPage(page, '/no/such/page', 404);
  await checkPage(page, '/requests/track/not-a-real-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 404);
  // An address the town cannot find: the message beside the field.
  await page.goto('/near?address=zzzz+nowhere+lane');
  await expectErrorsAnnounced(page, '/near with an unknown address');
  await expectNoViolations(page, '/near with an unknown address');
});

test('public forms submitted empty announce their errors and stay accessible', async ({ page }) => {
  test.setTimeout(120_000);
  await checkForms(page, PUBLIC_FORMS);
});

test('the JavaScript widgets are accessible: search as you type, the map, the fee estimate', async ({ page }) => {
  await page.goto('/search');
  await page.getByLabel(/Project name, street/).pressSequentially('curry ro');
  await expect(page.locator('[data-search-status]')).toContainText(/result/);
  await expectNoViolations(page, '/search while typing');

  await page.goto('/map');
  const marker = page.locator('.leaflet-marker-icon.map-marker').first();
  await expect(marker).toBeVisible();
  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.leaflet-popup')).toBeVisible();
  // Leaflet fades the popup in: axe measures its contrast once it is fully shown.
  await expect(page.locator('.leaflet-popup')).toHaveCSS('opacity', '1');
  await expectNoViolations(page, '/map with a marker selected');

  await page.goto('/near?lat=42.79&lon=-74.0&r=1');
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expectNoViolations(page, '/near with its map');

  await page.goto(`/requests/new?project=${ACTIVE}`);
  await page.locator('input[name="documentIds"]').first().check();
  await expect(page.locator('[data-estimate-body] .estimate-total')).toBeVisible();
  await expectNoViolations(page, '/requests/new with the live estimate');
});

test('the upload progress shown while a filing is being sent is accessible', async ({ page }) => {
  await signIn(page, 'operator@rotterdam.example');
  const url = `/operator/projects/${ACTIVE}/documents/new`;
  await page.goto(url);
  await expect(page.locator('form[data-upload-progress][data-enhanced="true"]')).toHaveCount(1);
  // Hold the server's answer so the progress stays on screen while axe looks at it.
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  await page.route(`**${url}`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await held;
    await route.continue();
  });
  await page.getByRole('radio', { name: /^As-built plans/ }).check();
  await page
    .getByLabel('PDF file')
    .setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') });
  await page.getByRole('button', { name: 'Upload' }).click();
  const progress = page.locator('.upload-progress');
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('status')).toContainText(/upload/i);
  await expect(progress.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expectNoViolations(page, `${url} while uploading`);
  release();
  await expect(page.locator('main .form-alert-error')).toBeVisible(); // the date was left empty
  await page.unrouteAll({ behavior: 'wait' });
});

test('a requester’s tracking page and invoice, reached through the link the clerk gives out', async ({
  page,
  browser,
}) => {
  await signIn(page, 'clerk@rotterdam.example');
  await page.goto(`/staff/requests/${samples().billed}`);
  await page.getByRole('button', { name: 'Make a new tracking link' }).click();
  const shown = await page.locator('main').textContent();
  const link = shown!.match(/https?:\/\/\S+?\/requests\/track\/[A-Za-z0-9_-]{43}/)![0];
  await expectNoViolations(page, 'a staff request showing its new tracking link');
  const requester = await (await browser.newContext()).newPage();
  await checkPage(requester, link);
  // The records-request reply box, sent empty, announces its error and stays accessible.
  await submitEmpty(requester.getByRole('button', { name: 'Send the message' }));
  await expectErrorsAnnounced(requester, 'the tracking page’s reply box sent empty');
  await expectNoViolations(requester, 'the tracking page’s reply box sent empty');
  await checkPage(requester, `${link}/invoice`);
  await requester.close();
});

test('clerk pages have no violations, and their forms announce errors', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'clerk@rotterdam.example');
  await checkPages(page, CLERK);
  await checkForms(page, CLERK_FORMS);
});

test('officer pages (desk, register and every project tab, enforcement, calendar, compliance, reviews, storms) have no violations, and their forms announce errors', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, 'officer@rotterdam.example');
  await checkPages(page, OFFICER);
  await checkForms(page, OFFICER_FORMS);
});

test('admin pages have no violations, and their forms announce errors', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@rotterdam.example');
  // A real invitation first: its mail is a message to open, and its link the set-password page.
  await page.goto('/staff/users');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Pat Accessible');
  await page.getByRole('textbox', { name: /^Email address/ }).fill('pat.accessible@example.org');
  await page.getByRole('checkbox', { name: /^Clerk/ }).check();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  await checkPages(page, ADMIN);
  await checkForms(page, ADMIN_FORMS.slice(0, 1));
  await checkForms(page, ADMIN_FORMS.slice(1), { fieldMessages: false });

  const mail = one<{ text_body: string }>(
    "select text_body from outbox where to_address = 'pat.accessible@example.org' order by id desc limit 1",
  );
  const setPassword = mail.text_body.match(/https?:\/\/\S+\/account\/set-password\?token=[\w-]+/)![0];
  const invitee = await (await browser.newContext()).newPage();
  await checkPage(invitee, setPassword);
  await checkEmptySubmit(invitee, setPassword, /password/i);
  await invitee.close();
});

test('alert confirmation and unsubscribe pages, from a real subscription', async ({ page }) => {
  await page.goto(`/alerts/new?project=${ACTIVE}`);
  await page.getByLabel('Your email address').fill('a11y.alerts@example.org');
  await page.getByRole('button', { name: 'Send me a confirmation link' }).click();
  await expect(page.getByRole('status')).toContainText('Check your email');
  const mail = one<{ text_body: string }>(
    "select text_body from outbox where to_address = 'a11y.alerts@example.org' order by id desc limit 1",
  );
  const confirm = mail.text_body.match(/https?:\/\/\S+\/alerts\/confirm\?token=[\w-]+/)![0];
  await checkPage(page, confirm);
  await page.getByRole('button', { name: 'Yes, send me alerts' }).click();
  await expect(page.getByRole('status')).toContainText('Your alerts are on');
  await expectNoViolations(page, 'alerts confirmed');
  // Only the token's hash is stored: take the link from a mail sent to the subscriber.
  const sent = one<{ text_body: string }>(
    "select text_body from outbox where to_address = 'a11y.alerts@example.org' and text_body like '%/alerts/unsubscribe?token=%' order by id desc limit 1",
  );
  const token = sent.text_body.match(/\/alerts\/unsubscribe\?token=([\w-]+)/)![1];
  await checkPage(page, `/alerts/unsubscribe?token=${token}`);
});

test('operator pages have no violations, and their forms (uploads included) announce errors', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'operator@rotterdam.example');
  await checkPages(page, OPERATOR);
  await checkPage(page, '/staff', 403);
  await checkForms(page, OPERATOR_FORMS);
});

test('without JavaScript, an upload form submitted empty announces its errors the same way', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, 'operator@rotterdam.example');
  await checkEmptySubmit(page, `/operator/projects/${ACTIVE}/documents/new`, 'Upload', { axe: false });
  await context.close();
});

test('the accessibility check itself reports a planted violation, by tag and by rule, on the first page of a context and the next', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const plant = () =>
    page.evaluate(() => {
      const img = document.createElement('img');
      img.src = '/favicon.svg';
      document.querySelector('main')!.append(img);
      (document.querySelector('main h1') as HTMLElement).style.color = '#ddd'; // CSSOM: the CSP forbids style attributes
    });
  // The first page was opened before the check added axe to the context: axe is put into it then.
  await page.goto('/projects');
  expect(await axeViolations(page)).toEqual([]);
  await plant();
  const first = await axeViolations(page);
  expect(first.find((v) => v.startsWith('image-alt (critical)'))).toBeTruthy();
  expect(first.find((v) => v.startsWith('color-contrast (serious)'))).toMatch(/→ .*h1/);
  // The next page has axe from the context's init script.
  await page.goto('/enforcement');
  await plant();
  expect((await axeViolations(page, ['image-alt'])).map((v) => v.split(' ')[0])).toEqual(['image-alt']);
  await context.close();
});

test('every route file that renders a page is in the lists above', () => {
  const root = path.resolve('src/pages');
  const routes = (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.astro'))
    .map((f) => f.split(path.sep).join('/'));
  const listed = new Set(
    [...PUBLIC, ...CLERK, ...OFFICER, ...ADMIN, ...OPERATOR].map(([route]) => route).concat(ELSEWHERE),
  );
  expect(routes.filter((r) => !listed.has(r)).sort()).toEqual([]);
  expect([...listed].filter((r) => !routes.includes(r)).sort()).toEqual([]);
});

// ---------------------------------------------------------------------------------------------------
// Visible focus, reflow, reduced motion, skip link

/** The focus indicator of the focused element: outline (2px or more) or box-shadow, as computed. */
async function focusIndicator(page: Page): Promise<{ tag: string; indicator: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    const outline =
      s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2
        ? `${s.outlineWidth} ${s.outlineStyle} ${s.outlineColor}`
        : '';
    const shadow = s.boxShadow !== 'none' ? s.boxShadow : '';
    const type = el instanceof HTMLInputElement ? `[type=${el.type}]` : '';
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : '';
    return { tag: `${el.tagName.toLowerCase()}${type}${cls}`, indicator: outline || shadow };
  });
}

/** Tab through the whole page (at most `max` stops): every stop shows a focus indicator. Returns what was reached. */
async function tabThrough(page: Page, url: string, max: number): Promise<string[]> {
  await page.goto(url);
  const reached: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focusIndicator(page);
    if (f.tag === 'body') break; // past the last stop
    reached.push(f.tag);
    expect.soft(f.indicator, `${url}: ${f.tag} (tab stop ${i + 1}) shows where focus is`).not.toBe('');
  }
  return reached;
}

test('every interactive element shows a visible focus indicator when reached by keyboard', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const reached = new Set<string>();
  const add = (tags: string[]) => tags.forEach((t) => reached.add(t.replace(/\..*$/, '')));
  add(await tabThrough(page, '/', 40));
  add(await tabThrough(page, `/requests/new?project=${ACTIVE}`, 150));
  add(await tabThrough(page, '/map', 80));
  const clerk = await (await browser.newContext()).newPage();
  await signIn(clerk, 'clerk@rotterdam.example');
  add(await tabThrough(clerk, `/staff/requests/${samples().billed}`, 250));
  await clerk.close();
  // Links, buttons, every kind of input, selects, text areas, <summary>, the map and its markers, and the
  // scrolling table regions were all reached, and all showed focus.
  for (const kind of [
    'a',
    'button',
    'input[type=text]',
    'input[type=email]',
    'input[type=date]',
    'input[type=checkbox]',
    'input[type=radio]',
    'select',
    'textarea',
    'summary',
    'div',
  ]) {
    expect.soft([...reached], `reached a ${kind}`).toContain(kind);
  }
});

test('text resizes to 200% and the page reflows at 320 CSS px without loss of content (public, staff, operator)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const s = samples();
  const pages: Array<[role: string | null, urls: string[]]> = [
    [
      null,
      [
        '/',
        '/projects',
        `/projects/${STOP_WORK}`,
        `/projects/${ACTIVE}`,
        '/enforcement',
        '/search?q=curry',
        '/near?lat=42.79&lon=-74.0&r=1',
        '/map',
        '/requests/new?project=' + ACTIVE,
        '/help/ordinance',
        '/open-data',
        '/open-data/records-requests',
        '/alerts',
      ],
    ],
    [
      'clerk',
      [
        '/staff',
        '/staff/requests',
        `/staff/requests/${s.received}`,
        `/staff/requests/${s.billed}`,
        '/staff/requests/new',
        '/staff/projects',
        '/staff/closures',
      ],
    ],
    [
      'officer',
      [
        '/staff/officer',
        `/staff/projects/${ACTIVE}/edit`,
        `/staff/projects/${ACTIVE}/inspections`,
        `/staff/projects/${ACTIVE}/enforcement`,
        `/staff/enforcement/${s.fine}`,
        '/staff/calendar',
        '/staff/reviews',
        '/staff/storms',
      ],
    ],
    ['admin', ['/staff/users', '/staff/mail', '/staff/audit']],
    [
      'operator',
      [
        '/operator',
        `/operator/projects/${ACTIVE}`,
        `/operator/projects/${ACTIVE}/inspections/new`,
        `/operator/projects/${ACTIVE}/summaries/new`,
        `/operator/projects/${ACTIVE}/notices`,
      ],
    ],
  ];
  // Two ways to get 320 CSS px of text width: a 320 px window (a 1280 px window zoomed to 400%), and a
  // 640 px window with text at 200%. The page must not scroll sideways; data tables may scroll inside
  // their own region, which must then be reachable by keyboard (axe's scrollable-region-focusable).
  // The 320 px window first: a phone loads the page at that width; text is enlarged after loading.
  const layouts = [
    { width: 320, fontSize: '' },
    { width: 640, fontSize: '200%' },
  ];
  for (const [role, urls] of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (role) await signIn(page, `${role}@rotterdam.example`);
    // Each page is opened once and laid out both ways, as a reader resizing the window would.
    for (const url of urls) {
      await page.setViewportSize({ width: layouts[0].width, height: 800 });
      await page.goto(url);
      for (const layout of layouts) {
        await page.setViewportSize({ width: layout.width, height: 800 });
        await page.evaluate((size) => (document.documentElement.style.fontSize = size), layout.fontSize);
        const r = await page.evaluate(() => {
          const doc = document.documentElement;
          // Text cut off by an overflow:hidden box is lost content (the visually-hidden helpers excepted).
          const clipped = [...document.querySelectorAll<HTMLElement>('main *')]
            .filter((el) => {
              const st = getComputedStyle(el);
              return (
                st.overflowX === 'hidden' &&
                el.scrollWidth > el.clientWidth + 1 &&
                // The column names of a table stacked as cards are hidden as .visually-hidden hides them.
                !el.closest('.leaflet-container, .visually-hidden, .hp, table.cards thead')
              );
            })
            .map((el) => el.tagName.toLowerCase() + (el.className ? `.${String(el.className).split(' ')[0]}` : ''));
          return { overflow: doc.scrollWidth - doc.clientWidth, clipped };
        });
        const where = `${url} at ${layout.width}px${layout.fontSize ? ` with ${layout.fontSize} text` : ''}`;
        expect.soft(r.overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
        expect.soft(r.clipped, `${where} clips content`).toEqual([]);
        if (!layout.fontSize)
          expect.soft(await axeViolations(page, ['scrollable-region-focusable']), where).toEqual([]);
      }
    }
    await context.close();
  }
});

test('with reduced motion there are no CSS transitions or animations, and the map neither glides nor fades', async ({
  page,
}) => {
  const moving = () =>
    page.evaluate(() => {
      const found: string[] = [];
      for (const el of document.querySelectorAll('*')) {
        for (const pseudo of [null, '::before', '::after']) {
          const st = getComputedStyle(el, pseudo);
          const seconds = `${st.transitionDuration},${st.animationDuration}`.split(',').map((d) => parseFloat(d));
          if ((st.animationName !== 'none' || st.transitionProperty !== 'none') && seconds.some((d) => d > 0)) {
            found.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}${pseudo ?? ''}`);
          }
        }
      }
      return found;
    });
  /** Zoom in and pan with the keyboard; the animation classes Leaflet put on its panes meanwhile. */
  const zoomAndPan = async () => {
    await page.locator('.leaflet-container').evaluate((map) => {
      const seen = ((window as unknown as { seenClasses: Set<string> }).seenClasses = new Set<string>());
      new MutationObserver((records) => {
        for (const r of records) for (const c of (r.target as HTMLElement).classList) if (/anim/.test(c)) seen.add(c);
      }).observe(map, { attributes: true, attributeFilter: ['class'], subtree: true });
    });
    await page.locator('.leaflet-container').focus();
    await page.keyboard.press('+');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    // Leaflet starts a zoom animation on the next frame; two frames later any animation class is on.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    return page.evaluate(() => [...(window as unknown as { seenClasses: Set<string> }).seenClasses].sort());
  };

  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const url of ['/', '/requests/new', `/projects/${ACTIVE}`, '/map']) {
    await page.goto(url);
    expect.soft(await moving(), url).toEqual([]);
  }
  // Leaflet: no zoom, fade or marker animation; zooming and panning jump rather than glide.
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
  await expect(page.locator('.leaflet-container')).not.toHaveClass(/leaflet-fade-anim/);
  await expect(page.locator('.leaflet-proxy')).toHaveCount(0); // Leaflet makes it only to animate zooms
  expect(await zoomAndPan()).toEqual([]);
  expect(await moving()).toEqual([]);

  // Without the preference the same steps do animate: the preference is what turns it off.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/map');
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
  await expect(page.locator('.leaflet-container')).toHaveClass(/leaflet-fade-anim/);
  await expect(page.locator('.leaflet-proxy')).toHaveCount(1);
  expect(await zoomAndPan()).toEqual(expect.arrayContaining(['leaflet-pan-anim']));
});

test('the skip link moves focus to the main content', async ({ page }) => {
  for (const url of ['/projects', '/requests/new']) {
    await page.goto(url);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    expect((await focusIndicator(page)).indicator).not.toBe('');
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  }
});
