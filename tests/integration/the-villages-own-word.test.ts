/**
 * The right word for a village: its public pages, feeds and open data say "Village", "Village Hall", "the
 * Village Clerk", "Board of Trustees", "the village", never "Town" or "the town" for the municipality
 * (the words come from the profile's kind: TownWords); and the server's console names the village's portal.
 * A fresh data directory seeded `--town village-demo`, the built server over HTTP.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../support/http.ts';
import { ROOT, startPortal, tempDir, type Portal } from '../support/portal.ts';

let portal: Portal;
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

/** What a reader sees: tags removed, entities decoded; a feed's or API's text as it is. */
const visible = (body: string) =>
  body
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
/**
 * "Town" as the municipality's word, or "town" alone ("in town", "the town's"); a URL's /feeds/town.atom, a tag
 * id's ":town" and a quoted code ("town", the kind of a row in open data) are no words.
 */
const TOWN_WORD = /(?<![/:"\w-])[Tt]own(?![\w.-]*\.atom)(?:['’]s)?\b/g;

beforeAll(async () => {
  const dataDir = tempDir('rsp-village-words-');
  const seeded = spawnSync(process.execPath, [path.join(ROOT, 'scripts/seed.ts'), '--town', 'village-demo'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  portal = await startPortal({ dataDir });
}, 120_000);
afterAll(async () => {
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

  it('the console names the village’s portal', () => {
    expect(portal.output()).toContain('Pinebrook Stormwater Portal is running at');
    expect(portal.output()).not.toMatch(/rotterdam/i);
  });
});
