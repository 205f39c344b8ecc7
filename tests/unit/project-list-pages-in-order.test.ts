/**
 * The public project list, page by page, in every sort and filter: each published project appears once,
 * in the sort's order (ties by name, then id), and each row is the whole row — whichever way the page's
 * rows are found (listProjects reads a page's ids from the sort's index, then their rows).
 */
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLargeTown } from '#db/seed/large.ts';
import { migrateDatabase, openDatabase, type DB } from '#lib/server/platform/db.ts';
import { listProjects, PROJECT_SORTS, type ProjectSort } from '#lib/server/public/projects.ts';

const ORDER: Record<ProjectSort, string> = {
  name: 'name asc',
  updated: 'updated_at desc, name asc',
  newest: 'noi_received_on desc, name asc',
  start: 'planned_start_on asc, name asc',
};

describe('the project list, page by page', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-list-pages-'));
  let db: DB;
  beforeAll(async () => {
    db = openDatabase(path.join(dir, 'portal.db'));
    migrateDatabase(db);
    await seedLargeTown(db, {
      projects: 120,
      filesDir: path.join(dir, 'files'),
      now: new Date('2026-06-15T16:00:00Z'),
    });
  });
  afterAll(() => {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lists every published project once, in each sort’s order, filtered or not, with every column', async () => {
    const published = db.$client.prepare('select count(*) from projects where published = 1').pluck().get() as number;
    expect(published).toBeGreaterThan(50);
    for (const kind of [undefined, 'major', 'minor'] as const) {
      for (const sort of Object.keys(PROJECT_SORTS) as ProjectSort[]) {
        const expected = db.$client
          .prepare(
            `select id, slug, name from projects where published = 1 ${kind ? `and kind = '${kind}'` : ''} order by ${ORDER[sort]}, id asc`,
          )
          .all() as Array<{ id: number; slug: string; name: string }>;
        const seen: Array<{ id: number; slug: string; name: string }> = [];
        const first = await listProjects(asyncOf(db), { sort, kind, page: 1, perPage: 7 });
        expect(first.total).toBe(expected.length);
        for (let page = 1; page <= first.pages + 1; page++) {
          const list = await listProjects(asyncOf(db), { sort, kind, page, perPage: 7 });
          expect(list.items.length, `${sort} ${kind} page ${page}`).toBe(
            Math.max(0, Math.min(7, expected.length - (page - 1) * 7)),
          );
          for (const item of list.items) {
            expect(item.siteAddress, `${item.slug}`).toBeTruthy();
            expect(typeof item.openActions).toBe('number');
            seen.push({ id: item.id, slug: item.slug, name: item.name });
          }
        }
        expect(seen, `${sort} ${kind ?? 'all'}`).toEqual(expected);
      }
    }
  });

  it('follows a change at once: a renamed project moves, an unpublished one leaves the count and the pages', async () => {
    const names = async () => {
      const first = await listProjects(asyncOf(db), { sort: 'name', page: 1, perPage: 7 });
      const all = [];
      for (let page = 1; page <= first.pages; page++)
        all.push(...(await listProjects(asyncOf(db), { sort: 'name', page, perPage: 7 })).items.map((i) => i.name));
      return { total: first.total, all };
    };
    const before = await names();
    const [firstName] = before.all;
    const id = db.$client
      .prepare('select id from projects where published = 1 and name = ?')
      .pluck()
      .get(firstName) as number;
    // As the officer's edits do, through public_data_version's triggers.
    db.$client.prepare("update projects set name = 'Zzz Renamed Project' where id = ?").run(id);
    const renamed = await names();
    expect(renamed.total).toBe(before.total);
    expect(renamed.all.at(-1)).toBe('Zzz Renamed Project');
    expect(renamed.all).not.toContain(firstName);
    db.$client.prepare('update projects set published = 0 where id = ?').run(id);
    const unpublished = await names();
    expect(unpublished.total).toBe(before.total - 1);
    expect(unpublished.all).toEqual(renamed.all.slice(0, -1));
  });
});
