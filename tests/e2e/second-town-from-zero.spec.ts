/**
 * A second municipality from zero, as its clerk would: the village seeded on a fresh data directory, the
 * portal served, the sign-in page explaining the first run, `npm run setup` making the first administrator,
 * who signs in in the browser from the printed link, sets the profile and the law, imports a project from
 * the menu, publishes it, and a resident files a records request. Then every public page, feed, PDF and
 * mail of the village is read: none may name Rotterdam nor call the village a "Town". And the reverse on the
 * demo town: Pinebrook nowhere. The crawls report every page and phrase they find, not only the first.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './a11y.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { billRequest } from '#lib/server/records-requests/billing.ts';
import { issueAction } from '#lib/server/enforcement/actions.ts';
import { updateUserAccess } from '#lib/server/accounts/users.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { config } from '#lib/server/platform/config.ts';
import {
  countsByKind,
  crawlPublic,
  crawlSignedIn,
  findAll,
  routesNotReached,
  PUBLIC_CRAWL_ENTRIES,
  TOWN_WORD,
  type Crawled,
  type Finding,
} from '../support/crawl.ts';
import { villageNoticeOfViolation } from '../support/village.ts';
import { ROOT, startPortal, tempDir, type Portal } from '../support/portal.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const ADMIN = 'ada.clerk@pinebrook.example';
const PASSWORD = 'millpond lanes and falls 2026';
const ENTRIES = PUBLIC_CRAWL_ENTRIES;

let village: Portal;
let villageDir: string;
/** The administrator's session, once signed in: the staff and operator screens are crawled with it. */
let adminCookie = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  villageDir = tempDir('rsp-second-town-');
  const seeded = spawnSync(process.execPath, [path.join(ROOT, 'scripts/seed.ts'), '--town', 'village-demo'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: villageDir },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  // The services this test calls as the clerk and the officer store files and sign links under DATA_DIR, as
  // the server does: the village's, not a `data/` beside the code.
  process.env.DATA_DIR = villageDir;
  if (config().dataDir !== path.resolve(villageDir))
    throw new Error('the configuration was read before DATA_DIR was set');
  // As docs/operating.md says for a real town: no demo town, ever.
  village = await startPortal({ dataDir: villageDir, env: { SEED_DEMO: 'false' } });
});

test.afterAll(async () => {
  await village?.stop();
});

/** Runs `npm run setup`'s script against the village's data directory. */
function setup(...args: string[]) {
  return spawnSync(process.execPath, [path.join(ROOT, 'scripts/setup.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: villageDir, PUBLIC_URL: village.url },
    encoding: 'utf8',
  });
}

/** Every message in a portal's outbox as one text (subject, plain text and HTML). */
function outboxText(db: DB, whose: string): Array<{ url: string; text: string; kind: string }> {
  const rows = db.$client
    .prepare('select id, kind, subject, text_body as text, html_body as html from outbox')
    .all() as Array<{
    id: number;
    kind: string;
    subject: string;
    text: string;
    html: string | null;
  }>;
  return rows.map((m) => ({
    url: `${whose} mail #${m.id} (${m.kind})`,
    kind: m.kind,
    text: `${m.subject}\n${m.text}\n${m.html ?? ''}`,
  }));
}

const report = (found: Finding[]) => found.map((f) => `${f.url}: “${f.phrase}” in “…${f.context}…”`).join('\n');

test('the village from zero: first run, the first administrator, profile, law, an import published, a request filed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // No administrator yet: signing in explains the command; there is no sign-up.
  await page.goto(`${village.url}/signin`);
  await expect(page).toHaveURL(`${village.url}/first-run`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This portal has no administrator yet');
  await expect(page.locator('main')).toContainText('npm run setup -- --email');
  await expect(page.locator('main form')).toHaveCount(0);
  await expectNoViolations(page, '/first-run');

  // The command, as a script would run it; it prints the one-time link once.
  const made = setup('--email', ADMIN, '--name', 'Ada Clerk');
  expect(made.status, made.stderr).toBe(0);
  const link = /https?:\/\/\S+\/account\/set-password\?token=[A-Za-z0-9_-]{43}/.exec(made.stdout)![0];
  expect(link.startsWith(village.url)).toBe(true);

  await page.goto(link);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Type it again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is saved and you are signed in.');
  // The link worked once; the command now refuses, the first-run page is gone.
  const again = setup('--email', 'someone@else.example', '--name', 'Someone');
  expect(again.status).toBe(1);
  expect(again.stderr).toContain('already has an administrator');
  await page.goto(`${village.url}/first-run`);
  await expect(page).not.toHaveURL(/first-run/);

  // The profile.
  await page.goto(`${village.url}/staff`);
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: /profile/i })
    .click();
  const clerkOffice = page.getByRole('group', { name: /clerk's office/i });
  await clerkOffice.getByLabel('Street address, place, state and ZIP').fill('7 Lock Street, Pinebrook, NY 12999');
  await page.getByRole('button', { name: /^Save the .*profile$/ }).click();
  await expect(page.getByRole('status')).toContainText(/profile was saved/);

  // The law: the village's own local law, pasted.
  await page.goto(`${village.url}/staff/settings/ordinance`);
  const law = [
    'Village of Pinebrook Local Law No. 3 of 2024, adopted May 6, 2024: Erosion and Sediment Control.',
    'Section 1. Purpose. The Board of Trustees finds that land disturbance within the Village causes erosion and sediment.',
    'Section 2. Inspections. The operator shall inspect the site at least every five days and after every storm.',
    'Section 3. Records. The SWPPP and inspection reports are kept at the site and made available within five business days.',
  ].join('\n\n');
  await page.getByLabel('The local law’s number').fill('Local Law No. 3 of 2024');
  await page.getByLabel('Adopted on').fill('2024-05-06');
  await page.getByLabel('Or paste the law’s text').fill(law);
  await page.getByRole('button', { name: 'Show this text on the law page' }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');

  // An import, from the admin's own menu; a row without a status is refused beside it; the rest is published.
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Import projects' }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveAttribute(
    'href',
    '/staff',
  );
  const csv =
    'Project name,Site address,Status,Disturbed acres\nBrookside Commons,22 Brook Street,Approved,3.1\nNo Status Lane,4 Lane Road,,1.2\n';
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'pinebrook-projects.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Show the dry run' }).click();
  await expect(page.locator('p.import-counts')).toHaveText(/Dry run: 1 new project, 0 updates, 1 row with problems/);
  await expect(page.locator('table.import-preview tr', { hasText: 'No Status Lane' })).toContainText(
    'a new project needs its status',
  );
  await page.getByRole('button', { name: 'Import 1 project' }).click();
  await expect(page.getByRole('status').first()).toContainText('Imported: 1 new project');
  await expect(page.locator('ul.import-outcome')).toContainText('Brookside Commons: not published yet');
  await page.getByRole('button', { name: 'Publish 1 imported project' }).click();
  await expect(page.getByRole('status').first()).toContainText('Published 1 project');
  await page.locator('ul.import-outcome').getByRole('link', { name: 'its public page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Brookside Commons');
  const db = openDatabase(path.join(villageDir, 'portal.db'));
  const imported = db.$client
    .prepare("select status, published from projects where name in ('Brookside Commons', 'No Status Lane')")
    .all();
  db.$client.close();
  expect(imported).toEqual([{ status: 'approved', published: 1 }]);

  // A resident files a records request about the imported project.
  const resident = await page.context().browser()!.newContext();
  const r = await resident.newPage();
  await r.goto(`${village.url}/requests/new?project=brookside-commons`);
  await r
    .getByLabel('Other records, in your own words (optional)')
    .fill('The erosion and sediment control plan for Brookside Commons.');
  await r.getByRole('radio', { name: /^Paper copies, picked up/ }).check();
  await r.getByLabel('Name').fill('Vera Village');
  await r.getByLabel('Email address').fill('vera@example.org');
  await r.getByRole('button', { name: 'Send the request' }).click();
  await expect(r.getByRole('status')).toContainText('Your request was received.');
  await resident.close();

  // The clerk bills the paper copies (the service behind "Bill the request"), so the village has an invoice PDF.
  const billing = openDatabase(path.join(villageDir, 'portal.db'));
  const item = billing.$client
    .prepare(
      'select i.id, i.request_id as requestId from request_items i join records_requests r on r.id = i.request_id where r.requester_email = ?',
    )
    .get('vera@example.org') as { id: number; requestId: number };
  const billed = await billRequest(
    asyncOf(billing),
    { label: 'system' },
    item.requestId,
    { counts: [{ itemId: item.id, pages: 12, largeFormatSheets: 0 }] },
    village.url,
  );
  expect(billed).toMatchObject({ ok: true });

  // The administrator takes every role (operator of the imported project too), so the crawl reads every staff
  // and operator screen; as the officer, a notice of violation on the village's own project: its PDF is public.
  const admin = billing.$client.prepare('select id, name from users where email = ?').get(ADMIN) as {
    id: number;
    name: string;
  };
  const projectId = (slug: string) =>
    (billing.$client.prepare('select id from projects where slug = ?').get(slug) as { id: number }).id;
  const access = await updateUserAccess(
    asyncOf(billing),
    { id: admin.id, email: ADMIN, name: admin.name, title: null, roles: ['admin'] },
    admin.id,
    { roles: ['admin', 'clerk', 'officer', 'operator'], projectIds: [projectId('brookside-commons')], disabled: false },
  );
  expect(access).toEqual({ ok: true });
  const today = townToday(new Date());
  const notice = await issueAction(
    asyncOf(billing),
    { userId: admin.id, name: admin.name, title: 'Stormwater Management Officer' },
    projectId('millpond-lane-townhouses'),
    villageNoticeOfViolation(today),
    today,
    village.url,
  );
  billing.$client.close();
  expect(notice, JSON.stringify(notice)).toMatchObject({ ok: true });
  await page.context().clearCookies();
  await page.goto(`${village.url}/signin`);
  await page.getByLabel('Email address').fill(ADMIN);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/signin/);
  adminCookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

  // A resident follows the project by mail: the confirmation is one more of the village's messages.
  const follower = await page.context().browser()!.newContext();
  const f = await follower.newPage();
  await f.goto(`${village.url}/alerts/new?project=brookside-commons`);
  await f.getByLabel('Your email address').fill('walt@example.org');
  await f.getByRole('radio', { name: /^Each time/ }).check();
  await f.getByRole('button', { name: 'Send me a confirmation link' }).click();
  await expect(f.getByRole('status')).toContainText('Check your email.');
  await follower.close();
});

/** The crawl's counts, for the closing note: pages, feeds, open data, PDFs, mails. */
function counts(label: string, crawled: Crawled[], mails: number) {
  const by = countsByKind(crawled);
  return `${label}: ${crawled.length} addresses (${by.html ?? 0} pages, ${by.feed ?? 0} feeds, ${(by.json ?? 0) + (by.csv ?? 0) + (by.text ?? 0)} data files, ${by.pdf ?? 0} PDFs), ${mails} mails`;
}

/**
 * The village's words: every public page, feed, open-data file and PDF, the staff and operator screens read
 * as its administrator holding every role, its mail, and the server's console.
 */
async function villageWords(): Promise<{
  publicPages: Crawled[];
  staffPages: Crawled[];
  mail: Array<{ url: string; text: string; kind: string }>;
  all: Array<{ url: string; text: string }>;
}> {
  const db = openDatabase(path.join(villageDir, 'portal.db'));
  // The requester's own pages too (the tracking page and its invoice PDF), from the links their mail carries.
  const bodies = db.$client.prepare('select text_body as text from outbox').all() as Array<{ text: string }>;
  const tracking = bodies.flatMap((m) =>
    [...m.text.matchAll(/\/(?:requests\/track|alerts\/confirm)[/?][^\s)>"]+/g)].map((t) => t[0]),
  );
  const mail = outboxText(db, 'village');
  db.$client.close();
  const publicPages = await crawlPublic(village.url, [...ENTRIES, ...new Set(tracking)], { max: 700 });
  expect(adminCookie, 'the journey signs the administrator in first').not.toBe('');
  const staffPages = await crawlSignedIn(village.url, adminCookie, ['/staff', '/operator', '/account'], { max: 400 });
  const all = [...publicPages, ...staffPages, ...mail, { url: 'the server console', text: village.output() }];
  console.log(counts('Village crawl, public', publicPages, mail.length), mail.map((m) => m.kind).join(', '));
  console.log(counts('Village crawl, staff and operator', staffPages, 0));
  const unreached = routesNotReached([...publicPages, ...staffPages]);
  console.log(`Routes with no page crawled in the village (${unreached.length}): ${unreached.join(' ')}`);
  return { publicPages, staffPages, mail, all };
}

let words: Awaited<ReturnType<typeof villageWords>> | undefined;
const villageOnce = async () => (words ??= await villageWords());

test('the village’s pages, feeds, PDFs, mail and console never name Rotterdam', async () => {
  test.setTimeout(300_000);
  const { publicPages, staffPages, mail, all } = await villageOnce();
  const by = countsByKind(publicPages);
  expect(by.html).toBeGreaterThan(20);
  // The invoice (public through the tracking link) and the notice of violation (a public document).
  expect(by.pdf ?? 0).toBeGreaterThanOrEqual(2);
  // The site posting, the notice and the invoice again from the staff screens.
  expect(countsByKind(staffPages).pdf ?? 0).toBeGreaterThanOrEqual(3);
  expect(staffPages.length).toBeGreaterThan(40);
  // The request's receipt, the clerks' notice of it, the invoice, and the alert's confirmation link.
  expect(mail.length).toBeGreaterThanOrEqual(3);
  const found = findAll(all, /Rotterdam/gi);
  console.log(
    `“Rotterdam” in the village: ${found.length} places on ${new Set(found.map((f) => f.url)).size} pages, mails or the console`,
  );
  expect(found.length, report(found)).toBe(0);
});

test('no public page, feed, PDF or mail of the village calls it a Town', async () => {
  test.setTimeout(300_000);
  const { publicPages, mail } = await villageOnce();
  const found = findAll([...publicPages, ...mail, { url: 'the server console', text: village.output() }], TOWN_WORD);
  console.log(
    `“Town” in the village's public words: ${found.length} places on ${new Set(found.map((f) => f.url)).size} pages or mails`,
  );
  expect(found.length, report(found)).toBe(0);
});

test('no staff or operator screen of the village calls it a Town', async () => {
  test.setTimeout(300_000);
  const { staffPages } = await villageOnce();
  const found = findAll(staffPages, TOWN_WORD);
  console.log(
    `“Town” on the village's staff screens: ${found.length} places on ${new Set(found.map((f) => f.url)).size} screens`,
  );
  expect(found.length, report(found)).toBe(0);
});

test('the demo town’s pages, feeds, PDFs and mail never name Pinebrook', async ({ baseURL }) => {
  test.setTimeout(300_000);
  const crawled = await crawlPublic(baseURL!, ENTRIES, { max: 500, perPath: 2 });
  const db = openDatabase(path.join(process.env.E2E_DATA_DIR!, 'portal.db'));
  const mail = outboxText(db, 'demo town');
  db.$client.close();
  console.log(
    `Demo town crawl: ${crawled.length} addresses (${JSON.stringify(countsByKind(crawled))}) and ${mail.length} mails`,
  );
  expect(crawled.length).toBeGreaterThan(100);
  const found = findAll([...crawled, ...mail], /Pinebrook/gi);
  expect(found.length, report(found)).toBe(0);
});
