/**
 * The public storm pages say, for every site under construction when a storm of the threshold ended, whether it
 * was inspected within the window; they read the same duty as the post-storm findings, so a site the page calls
 * "not inspected in time" has the finding for that storm, and one inspected in time has none.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { complianceFor } from '#lib/server/compliance/compliance.ts';
import { recentStorms } from '#lib/server/public/storms.ts';
import { htmlText } from '../support/crawl.ts';
import { get } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
let db: DB;

beforeAll(async () => {
  portal = await startPortal({});
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
}, 300_000);

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
});

describe('the storm pages', () => {
  it('list each storm of half an inch or more with its counts, newest first', async () => {
    const now = new Date();
    const { storms } = await recentStorms(asyncOf(db), now);
    expect(storms.length).toBeGreaterThan(0);
    const page = htmlText(await (await get(portal.url, '/storms')).text());
    expect(page).toContain('Storms and post-storm inspections');
    for (const s of storms.slice(0, 5)) expect(page).toContain(`${s.storm.inches.toFixed(2)} in.`);
    const small = db.$client.prepare('select id from storm_events where inches < 0.5 limit 1').get() as
      { id: number } | undefined;
    if (small) expect((await get(portal.url, `/storms/${small.id}`)).status).toBe(404);
    expect((await get(portal.url, '/storms/999999999')).status).toBe(404);
  });

  it('call a site "not inspected in time" exactly where the compliance rules found the post-storm finding', async () => {
    const now = new Date();
    const { storms } = await recentStorms(asyncOf(db), now, 50);
    const findings = new Map(
      (await complianceFor(asyncOf(db), {}, now)).map((c) => [
        c.project.slug,
        new Set(c.findings.filter((f) => f.rule === 'post-storm').map((f) => f.key)),
      ]),
    );
    let missed = 0;
    let met = 0;
    for (const p of storms) {
      const listed = new Map(p.sites.map((s) => [s.slug, s.duty.kind]));
      for (const [slug, keys] of findings) {
        const has = keys.has(`post-storm:${p.storm.id}`);
        // Unpublished sites are not on the public page; every published one with the finding is, as missed.
        if (has && listed.has(slug)) expect(listed.get(slug), `${slug} after storm ${p.storm.id}`).toBe('missed');
        if (listed.get(slug) === 'missed') expect(has, `${slug} after storm ${p.storm.id}`).toBe(true);
        if (listed.get(slug) === 'met') expect(has).toBe(false);
      }
      missed += p.counts.missed;
      met += p.counts.met;
    }
    // The demo has both kinds, so the comparison above compared something.
    expect(missed).toBeGreaterThan(0);
    expect(met).toBeGreaterThan(0);
  });

  it('show each site of a storm with what it did, in words', async () => {
    const { storms } = await recentStorms(asyncOf(db), new Date(), 50);
    const storm = storms.find((p) => p.counts.missed > 0 && p.counts.met > 0) ?? storms.find((p) => p.sites.length)!;
    const page = htmlText(await (await get(portal.url, `/storms/${storm.storm.id}`)).text());
    for (const s of storm.sites) expect(page).toContain(s.name);
    if (storm.counts.missed) expect(page).toContain(`Not inspected within ${storm.hours} hours: due by`);
    if (storm.counts.met) expect(page).toMatch(new RegExp(`Inspected .+, within ${storm.hours} hours\\.`));
  });

  it('are open data too: one record per storm and site, the same duties, listed in /data.json', async () => {
    const { storms } = await recentStorms(asyncOf(db), new Date(), 200);
    const json = (await (await get(portal.url, '/api/post-storm-inspections.json')).json()) as {
      count: number;
      post_storm_inspections: Array<{ storm_id: number; project_slug: string; inspection: string; due_by: string }>;
    };
    const expected = storms.flatMap((p) => p.sites.map((s) => `${p.storm.id} ${s.slug} ${s.duty.kind}`)).sort();
    expect(json.post_storm_inspections.map((r) => `${r.storm_id} ${r.project_slug} ${r.inspection}`).sort()).toEqual(
      expected,
    );
    expect(json.count).toBe(expected.length);
    const csv = await (await get(portal.url, '/api/post-storm-inspections.csv')).text();
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'storm_id,storm_url,storm_ended_at,rain_inches,project_id,project_slug,project_name,project_url,inspection,due_by,inspected_at',
    );
    const catalog = (await (await get(portal.url, '/data.json')).json()) as {
      dataset: Array<{ identifier: string; license: string }>;
    };
    const entry = catalog.dataset.find((d) => d.identifier.endsWith('#post-storm-inspections'));
    expect(entry?.license).toMatch(/creativecommons/);
  });
});
