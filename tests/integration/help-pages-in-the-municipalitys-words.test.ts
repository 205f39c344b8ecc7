/**
 * Decision 0077 over real HTTP: every help page the Village of Pinebrook serves (and the help index, and a
 * search that finds help pages) names the village, its clerk and offices, and never the other town nor
 * "Town" as the municipality's word; the fees page quotes the very schedule its invoices use ($0.20 a page,
 * $4.00 a plan sheet), and the law page says no law is entered until the admin enters one with its number
 * and date. The demo town, the other way round: its law as entered, and no "Pinebrook".
 */
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { replaceOrdinanceText } from '#lib/server/platform/ordinance-text.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { feeScheduleOn } from '#lib/server/records-requests/fee-schedules.ts';
import { formatMoney } from '#lib/shared/format.ts';
import { get } from '../support/http.ts';
import { ROOT, startPortal, tempDir, type Portal } from '../support/portal.ts';

let village: Portal;
let demo: Portal;
let db: DB;
const SLUGS = ['about', 'records-requests', 'fees', 'glossary', 'ordinance'];

/** What a reader sees of a page: tags removed, the common entities decoded. */
const visible = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const page = async (portal: Portal, url: string) => {
  const res = await get(portal.url, url);
  expect(res.status, url).toBe(200);
  return visible(await res.text());
};

beforeAll(async () => {
  const dataDir = tempDir('rsp-village-help-');
  const seeded = spawnSync(process.execPath, [path.join(ROOT, 'scripts/seed.ts'), '--town', 'village-demo'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  [village, demo] = await Promise.all([startPortal({ dataDir }), startPortal()]);
  db = openDatabase(path.join(dataDir, 'portal.db'));
}, 180_000);
afterAll(async () => {
  db?.$client.close();
  await Promise.all([village?.stop(), demo?.stop()]);
});

describe('the village’s help pages', () => {
  it('name the village and its offices on every page, never the other town nor “Town”', async () => {
    for (const url of ['/help', ...SLUGS.map((s) => `/help/${s}`), '/search?q=clerk']) {
      const text = await page(village, url);
      expect(text.match(/rotterdam|sunrise boulevard|schenectady/i), url).toBeNull();
      expect(text.match(/\bTown\b[^.]{0,40}/), url).toBeNull();
    }
    const about = await page(village, '/help/about');
    expect(about).toContain('The Village of Pinebrook’s erosion and sediment control law');
    expect(about).toContain('Village Department of Public Works, 2 Depot Road, Pinebrook, NY 12999 - (518) 555-0172');
    expect(about).toContain("Village Clerk's office, 14 Mill Street, Pinebrook, NY 12999");
    const requests = await page(village, '/help/records-requests');
    expect(requests).toContain('Ready for pickup at Village Hall');
    expect(requests).toContain("Lincoln's Birthday (February 12)");
    expect(requests).toContain('Business day 5 is Thursday, December 3, 2026');
  });

  it('quotes the fee schedule an invoice issued today uses', async () => {
    const fees = await feeScheduleOn(asyncOf(db), townToday());
    const text = await page(village, '/help/fees');
    expect(text).toContain(`Paper copies up to 9 x 14 inches ${formatMoney(fees.perPageCents)} per page`);
    expect(text).toContain(`actual cost of reproduction: ${formatMoney(fees.largeFormatSheetCents)} per sheet`);
    expect(text).toContain(`Copies on a CD ${formatMoney(fees.cdCents)} per disc`);
    expect(text).toContain(`Copies on a USB drive ${formatMoney(fees.usbCents)} per drive`);
    expect(formatMoney(fees.perPageCents)).toBe('$0.20');
    expect(text).not.toMatch(/\$0\.25 per page|\$5\.00/);
  });

  it('say no law is entered, and then show the law the admin entered with its number and date', async () => {
    expect(await page(village, '/help/ordinance')).toContain(
      'The Village of Pinebrook has not yet put the text of its erosion and sediment control law on this portal',
    );
    const law = `# Chapter 7. Erosion and Sediment Control\n\n${'Every site in the Village shall keep its silt fence standing and repaired after each storm. '.repeat(5)}`;
    expect(
      await replaceOrdinanceText(
        asyncOf(db),
        { label: 'system' },
        { text: law, lawNumber: 'Local Law No. 1 of 2021', adoptedOn: '2021-04-12' },
        'test',
      ),
    ).toEqual({ ok: true });
    await expect
      .poll(async () => page(village, '/help/ordinance'), { timeout: 10_000 })
      .toContain(
        'The full text of the Village of Pinebrook’s erosion and sediment control law, Local Law No. 1 of 2021, adopted by the Board of Trustees on April 12, 2021',
      );
  });
});

describe('the demo town’s help pages', () => {
  it('show its law as entered, and never the village', async () => {
    const law = await page(demo, '/help/ordinance');
    expect(law).toContain(
      'Town of Rotterdam’s erosion and sediment control law, Local Law No. 2 of 2009, adopted by the Town Board on March 11, 2009',
    );
    expect(law).toContain('Stormwater runoff and sediment transports pollutants');
    for (const url of ['/help', ...SLUGS.map((s) => `/help/${s}`)])
      expect((await page(demo, url)).match(/pinebrook/i), url).toBeNull();
    expect(await page(demo, '/help/fees')).toContain('Paper copies up to 9 x 14 inches $0.25 per page');
  });
});
