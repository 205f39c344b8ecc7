/**
 * The right word for a village: its public pages, feeds and open data say "Village", "Village Hall", "the
 * Village Clerk", "Board of Trustees", "the village", never "Town" or "the town" for the municipality
 * (the words come from the profile's kind: TownWords); and the server's console names the village's portal.
 * A fresh data directory seeded `--town village-demo`, the built server over HTTP. Then the wider reading the
 * browser journey makes (tests/e2e/second-town-from-zero.spec.ts), without a browser: every public page, PDF
 * and mail a crawl reaches, and every staff and operator screen read by an administrator holding every role.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { config } from '#lib/server/platform/config.ts';
import { createFirstAdmin, setPasswordWithToken, updateUserAccess } from '#lib/server/accounts/users.ts';
import { billRequest } from '#lib/server/records-requests/billing.ts';
import { checkSelection, createRecordsRequest } from '#lib/server/records-requests/submit.ts';
import { issueAction } from '#lib/server/enforcement/actions.ts';
import { subscribe } from '#lib/server/public/alerts/subscriptions.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import {
  crawlPublic,
  crawlSignedIn,
  findAll,
  PUBLIC_CRAWL_ENTRIES,
  TOWN_WORD,
  type Finding,
} from '../support/crawl.ts';
import { get, signIn } from '../support/http.ts';
import { villageNoticeOfViolation } from '../support/village.ts';
import { ROOT, startPortal, tempDir, type Portal } from '../support/portal.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

let portal: Portal;
let db: DB;
let dataDir: string;
const PROJECT = 'millpond-lane-townhouses';
const PAGES = [
  '/',
  '/projects',
  `/projects/${PROJECT}`,
  '/projects/depot-road-salt-barn',
  '/projects/orchard-street-library-annex',
  '/enforcement',
  '/requests',
  '/requests/new',
  `/requests/new?project=${PROJECT}`,
  '/requests/operator/new',
  `/requests/operator/new?project=${PROJECT}`,
  '/requests/log',
  '/report',
  '/map',
  '/near?lat=43.31&lon=-73.63&r=1',
  '/open-data/records-requests',
  '/alerts',
  '/alerts/new',
  '/practices',
  '/search?q=millpond',
  '/signin',
  '/account/forgot',
  '/help',
  '/help/about',
  '/help/records-requests',
  '/help/fees',
  '/help/glossary',
  '/help/ordinance',
  '/nope-not-here',
  '/enforcement/feed.xml',
  '/feeds/town.atom',
  `/feeds/projects/${PROJECT}.atom`,
  '/feeds/calendar.ics',
  '/api/findings.json',
  '/api/projects',
  '/data.json',
  '/open311/v2/services.json',
];
/** Where the wider crawl starts (the browser journey's entries). */
const ENTRIES = PUBLIC_CRAWL_ENTRIES;
const ADMIN = 'ada.clerk@pinebrook.example';
const PASSWORD = 'millpond lanes and falls 2026';

/** What a reader sees: tags removed, entities decoded; a feed's or API's text as it is. */
const visible = (body: string) =>
  body
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const report = (found: Finding[]) => found.map((f) => `${f.url}: “${f.phrase}” in “…${f.context}…”`);

/** Every message in the outbox as one text (subject, plain text and HTML). */
function outboxText(): Array<{ url: string; text: string }> {
  const rows = db.$client
    .prepare('select id, kind, subject, text_body as text, html_body as html from outbox')
    .all() as Array<{ id: number; kind: string; subject: string; text: string; html: string | null }>;
  return rows.map((m) => ({ url: `mail #${m.id} (${m.kind})`, text: `${m.subject}\n${m.text}\n${m.html ?? ''}` }));
}

beforeAll(async () => {
  dataDir = tempDir('rsp-village-words-');
  const seeded = spawnSync(process.execPath, [path.join(ROOT, 'scripts/seed.ts'), '--town', 'village-demo'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  // The services called below store files and sign links under DATA_DIR, as the server does.
  process.env.DATA_DIR = dataDir;
  if (config().dataDir !== path.resolve(dataDir)) throw new Error('the configuration was read before DATA_DIR was set');
  portal = await startPortal({ dataDir });
  db = openDatabase(path.join(dataDir, 'portal.db'));
}, 240_000);
afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
});

describe('the village’s own word', () => {
  it('no public page, feed or open data says “Town” for the village', async () => {
    const found: string[] = [];
    for (const url of PAGES) {
      const text = visible(await (await get(portal.url, url)).text());
      for (const m of text.matchAll(TOWN_WORD))
        found.push(`${url}: …${text.slice(Math.max(0, m.index - 50), m.index + 40)}…`);
      expect(text.match(/rotterdam/i), url).toBeNull();
    }
    expect(found).toEqual([]);
  });

  it('the console names the village’s portal', async () => {
    expect(portal.output()).toContain('Pinebrook Stormwater Portal is running at');
    expect(portal.output()).not.toMatch(/rotterdam/i);
  });
});

describe('the village’s every page, PDF, mail and staff screen', () => {
  let cookie = '';
  beforeAll(async () => {
    // An administrator holding every role (operator of every project), as the browser journey makes one.
    const first = await createFirstAdmin(asyncOf(db), { email: ADMIN, name: 'Ada Clerk' }, portal.url);
    if (!first.ok) throw new Error(first.message);
    const token = new URL(first.url).searchParams.get('token')!;
    const set = await setPasswordWithToken(asyncOf(db), token, PASSWORD, '127.0.0.1', portal.url);
    if (!set.ok) throw new Error(set.message);
    const projectIds = (db.$client.prepare('select id from projects').all() as Array<{ id: number }>).map((p) => p.id);
    const access = await updateUserAccess(
      asyncOf(db),
      { id: first.userId, email: ADMIN, name: 'Ada Clerk', title: null, roles: ['admin'] },
      first.userId,
      { roles: ['admin', 'clerk', 'officer', 'operator'], projectIds, disabled: false },
    );
    if (!access.ok) throw new Error(access.message);

    // A records request (its receipt and the clerks' notice), billed (the invoice and its PDF).
    const made = await createRecordsRequest(
      asyncOf(db),
      {
        channel: 'web',
        receivedAt: new Date(),
        selection: await checkSelection(asyncOf(db), PROJECT, {
          documentIds: [],
          freeText: 'The erosion control plan.',
        }),
        delivery: 'paper_pickup',
        requester: { name: 'Vera Village', email: 'vera@example.org' },
      },
      { label: 'requester' },
      portal.url,
    );
    if (!made.ok) throw new Error('request refused');
    const item = db.$client.prepare('select id from request_items where request_id = ?').get(made.id) as {
      id: number;
    };
    const billed = await billRequest(
      asyncOf(db),
      { label: 'system' },
      made.id,
      { counts: [{ itemId: item.id, pages: 12, largeFormatSheets: 0 }] },
      portal.url,
    );
    if (!billed.ok) throw new Error(billed.message);

    // A public notice of violation (its PDF, the followers' mail).
    const today = townToday(new Date());
    const projectId = (db.$client.prepare('select id from projects where slug = ?').get(PROJECT) as { id: number }).id;
    const notice = await issueAction(
      asyncOf(db),
      { userId: first.userId, name: 'Ada Clerk', title: 'Stormwater Management Officer' },
      projectId,
      villageNoticeOfViolation(today),
      today,
      portal.url,
    );
    if (!notice.ok) throw new Error(notice.message);
    await subscribe(
      asyncOf(db),
      { email: 'walt@example.org', target: 'project', projectSlug: PROJECT, frequency: 'immediate' },
      { ip: '127.0.0.1', baseUrl: portal.url },
    );
    cookie = await signIn(portal.url, ADMIN, PASSWORD);
  }, 240_000);

  it('no public page, PDF, mail or the console calls it a Town', async () => {
    const bodies = db.$client.prepare('select text_body as text from outbox').all() as Array<{ text: string }>;
    const tracking = bodies.flatMap((m) =>
      [...m.text.matchAll(/\/(?:requests\/track|alerts\/confirm)[/?][^\s)>"]+/g)].map((t) => t[0]),
    );
    const pages = await crawlPublic(portal.url, [...ENTRIES, ...new Set(tracking)], { max: 700 });
    expect(pages.length).toBeGreaterThan(50);
    const found = findAll([...pages, ...outboxText(), { url: 'the server console', text: portal.output() }], TOWN_WORD);
    expect(report(found)).toEqual([]);
  });

  it('no staff or operator screen calls it a Town', async () => {
    const pages = await crawlSignedIn(portal.url, cookie, ['/staff', '/operator', '/account'], { max: 400 });
    expect(pages.length).toBeGreaterThan(40);
    expect(report(findAll(pages, TOWN_WORD))).toEqual([]);
  });
});
