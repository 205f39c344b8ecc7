/**
 * A public page per operator company across its sites, over real HTTP against the built portal (demo town):
 * the list names every owner/operator of a published project once; a builder named two ways on two NOI
 * records is one company with both sites; each project page links to its operator's page; the open findings
 * counted there are the ones the open data lists for those projects; an unknown company is a 404.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { get } from '../support/http.ts';
import { htmlText } from '../support/crawl.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
let db: DB;
const all = <T>(q: string, ...args: unknown[]) => db.$client.prepare(q).all(...args) as T[];
const page = async (p: string) => {
  const res = await get(portal.url, p);
  return { status: res.status, html: await res.text() };
};

beforeAll(async () => {
  portal = await startPortal();
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
}, 120_000);

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
});

describe('operator company pages', () => {
  it('lists each owner/operator of a published project once', async () => {
    const { status, html } = await page('/operators');
    expect(status).toBe(200);
    const text = htmlText(html);
    const links = [...html.matchAll(/href="\/operators\/([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(new Set(links).size).toBe(links.length);
    const names = all<{ company_name: string }>(
      "select distinct pa.company_name from parties pa join projects p on p.id = pa.project_id where pa.role = 'owner_operator' and p.published = 1",
    );
    // Two spellings of one builder make one row.
    expect(links.length).toBe(names.length - 1);
    expect(text).toContain('Gregg Hollow Builders');
  });

  it('joins a builder named two ways on two NOI records, and says which names it joined', async () => {
    const { status, html } = await page('/operators/gregg-hollow-builders');
    expect(status).toBe(200);
    const text = htmlText(html);
    const sites = all<{ slug: string; name: string }>(
      "select p.slug, p.name from parties pa join projects p on p.id = pa.project_id where pa.role = 'owner_operator' and pa.company_name like 'Gregg Hollow Builders%' and p.published = 1",
    );
    expect(sites).toHaveLength(2);
    for (const s of sites) expect(html).toContain(`href="/projects/${s.slug}"`);
    expect(text).toContain('“Gregg Hollow Builders LLC”, “Gregg Hollow Builders, LLC”');
    expect(text).toMatch(/Owner\/operator on the NOI record of 2 sites/);
  });

  it("links every published project's page to its operator's page, which lists the project", async () => {
    const projects = all<{ slug: string }>(
      "select distinct p.slug from projects p join parties pa on pa.project_id = p.id and pa.role = 'owner_operator' where p.published = 1 order by p.slug limit 6",
    );
    for (const p of projects) {
      const html = (await page(`/projects/${p.slug}`)).html;
      const company = html.match(/href="(\/operators\/[a-z0-9-]+)">Its record at every site</)?.[1];
      expect(company, p.slug).toBeTruthy();
      expect((await page(company!)).html).toContain(`href="/projects/${p.slug}"`);
    }
  });

  it('counts the open findings the open data lists for its projects', async () => {
    const { html: list } = await page('/operators');
    const slugs = [...list.matchAll(/href="\/operators\/([a-z0-9-]+)"/g)].map((m) => m[1]);
    let checked = 0;
    for (const slug of slugs) {
      const html = (await page(`/operators/${slug}`)).html;
      const projectSlugs = [
        ...new Set([...html.matchAll(/<th scope="row"><a href="\/projects\/([a-z0-9-]+)"/g)].map((m) => m[1])),
      ];
      let open = 0;
      for (const s of projectSlugs) {
        const id = all<{ id: number }>('select id from projects where slug = ?', s)[0].id;
        const data = (await (await get(portal.url, `/api/findings.json?project=${id}&status=open`)).json()) as {
          findings?: unknown[];
          data?: unknown[];
        };
        open += (data.findings ?? data.data ?? []).length;
      }
      const said = Number(
        htmlText(html)
          .match(/As of [^:]+: ([\d,]+) open finding/)?.[1]
          .replace(/,/g, ''),
      );
      expect(said, slug).toBe(open);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('answers 404 for a company no published project names', async () => {
    expect((await page('/operators/no-such-company')).status).toBe(404);
    expect((await page('/operators/..%2Fstaff')).status).toBe(404);
  });
});
