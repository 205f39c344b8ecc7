/**
 * When the town enters its own law (decisions 0044 and 0077), the site search answers from the town's text
 * and no longer leads to words the ordinance page stopped showing; removing the law brings the page's own
 * sections back. The change is noticed by the index's fingerprint, like any other public change (a real
 * database file and the real index worker).
 */
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { removeOrdinanceText, replaceOrdinanceText } from '#lib/server/platform/ordinance-text.ts';
import { helpWithTownOrdinance, searchFingerprint, type HelpDoc } from '#lib/server/public/search/documents.ts';
import { SearchService } from '#lib/server/public/search/service.ts';

const BUILT_IN: HelpDoc[] = [
  {
    id: 'ordinance',
    title: 'The ordinance',
    description: 'The erosion and sediment control law',
    url: '/help/ordinance',
    body: 'The model town law.',
  },
  {
    id: 'ordinance#stop-work-orders',
    title: 'The ordinance: Stop-work orders',
    description: 'The erosion and sediment control law',
    url: '/help/ordinance#stop-work-orders',
    body: 'A kittiwake clause of the built-in text.',
  },
  { id: 'fees', title: 'Fees', description: 'Copying fees', url: '/help/fees', body: 'Twenty-five cents a page.' },
];

const TOWN_LAW = `# Local Law No. 3 of 2026

## Erosion control

Every ptarmigan site within the Village shall keep its silt fence standing and repaired, and the
operator shall inspect each practice after every storm of half an inch of rain or more, writing down
what was found and what was mended, and keep those reports at the site for the officer to read.`;

describe("the site search and the town's own ordinance", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-ordinance-search-'));
  const dbPath = path.join(dir, 'portal.db');
  const db = openDatabase(dbPath);
  migrateDatabase(db);
  const service = new SearchService({
    dbPath,
    help: async () => BUILT_IN,
    checkEveryMs: 0,
    debounceMs: 10,
    idleCheckMs: 0,
    log: () => {},
  });
  afterAll(async () => {
    await service.close();
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const urls = async (q: string) => (await service.search(q)).hits.map((h) => h.url);

  it('keeps the other help pages and puts the town text in place of every built-in ordinance section', () => {
    const help = helpWithTownOrdinance(BUILT_IN, TOWN_LAW);
    expect(help.map((h) => h.id)).not.toContain('ordinance#stop-work-orders');
    expect(help.find((h) => h.id === 'fees')).toEqual(BUILT_IN[2]);
    const town = help.filter((h) => h.id.startsWith('ordinance'));
    expect(town.map((h) => h.title)).toEqual(['The ordinance', 'The ordinance: Erosion control']);
    expect(town.every((h) => h.url === '/help/ordinance')).toBe(true);
    expect(helpWithTownOrdinance(BUILT_IN, undefined)).toBe(BUILT_IN);
  });

  it('answers from the town text once it is entered, and from the page’s own words once it is removed', async () => {
    expect(await service.rebuild()).toBe(true);
    expect(await urls('kittiwake')).toEqual(['/help/ordinance#stop-work-orders']);
    expect(await urls('ptarmigan')).toEqual([]);

    const before = searchFingerprint(db);
    expect(
      await replaceOrdinanceText(
        asyncOf(db),
        { label: 'system' },
        { text: TOWN_LAW, lawNumber: 'Local Law No. 3 of 2026', adoptedOn: '2026-01-05' },
        'paste',
      ),
    ).toEqual({ ok: true });
    expect(searchFingerprint(db)).not.toBe(before);
    await service.checkForChanges(true);
    await expect.poll(() => urls('ptarmigan'), { timeout: 15_000 }).toEqual(['/help/ordinance']);
    expect(await urls('kittiwake')).toEqual([]);

    expect(await removeOrdinanceText(asyncOf(db), { label: 'system' })).toEqual({ ok: true });
    await service.checkForChanges(true);
    await expect.poll(() => urls('kittiwake'), { timeout: 15_000 }).toEqual(['/help/ordinance#stop-work-orders']);
    expect(await urls('ptarmigan')).toEqual([]);
  });
});
