/**
 * Decision 0052: a public page's queries run in one read transaction (readSnapshot), so they see one
 * state of the database, and the project list's totals are counted once per change of public data. On a
 * real SQLite file in WAL mode, with a second connection writing as the officer's browser would.
 */
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, readSnapshot, schema } from '#lib/server/platform/db.ts';
import { listProjects } from '#lib/server/public/projects.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-snapshot-'));
const file = path.join(dir, 'portal.db');
const reader = openDatabase(file);
migrateDatabase(reader);
const writer = openDatabase(file);
afterAll(() => {
  reader.$client.close();
  writer.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let n = 0;
function addProject(status: 'active' | 'complete', published = true) {
  n++;
  writer
    .insert(schema.projects)
    .values({ slug: `site-${n}`, name: `Site ${n}`, siteAddress: `${n} Test Rd`, kind: 'minor', status, published })
    .run();
}
const count = () => reader.$client.prepare('select count(*) from projects').pluck().get() as number;

describe('a page reads one snapshot', () => {
  it('does not see another connection’s commit until the page’s reads are done', () => {
    addProject('active');
    const seen = readSnapshot(reader, () => {
      const before = count();
      addProject('active');
      return [before, count()];
    });
    expect(seen).toEqual([1, 1]);
    expect(count()).toBe(2);
  });

  it('ends its transaction when a read throws, so the next page starts clean', () => {
    expect(() =>
      readSnapshot(reader, () => {
        count();
        throw new Error('a bad row');
      }),
    ).toThrow('a bad row');
    expect(reader.$client.inTransaction).toBe(false);
    addProject('complete');
    expect(count()).toBe(3);
  });

  it('inside a transaction already, simply reads in it', () => {
    const inner = reader.$client.transaction(() => readSnapshot(reader, () => reader.$client.inTransaction))();
    expect(inner).toBe(true);
    expect(reader.$client.inTransaction).toBe(false);
  });
});

describe('the project list’s totals', () => {
  it('follow every change to public data, filtered or not, and search counts afresh', async () => {
    const before = {
      all: (await listProjects(asyncOf(reader), {})).total,
      active: (await listProjects(asyncOf(reader), { status: 'active' })).total,
    };
    addProject('active');
    addProject('active', false);
    expect((await listProjects(asyncOf(reader), {})).total).toBe(before.all + 1);
    expect((await listProjects(asyncOf(reader), { status: 'active' })).total).toBe(before.active + 1);
    writer.update(schema.projects).set({ published: true }).run();
    expect((await listProjects(asyncOf(reader), { status: 'active' })).total).toBe(before.active + 2);
    expect((await listProjects(asyncOf(reader), { q: 'Test Rd' })).total).toBe(
      (await listProjects(asyncOf(reader), {})).total,
    );
    expect((await listProjects(asyncOf(reader), { q: `${n} Test` })).items.map((p) => p.slug)).toEqual([`site-${n}`]);
  });

  it('pages agree with the total, in every sort', async () => {
    for (const sort of ['name', 'updated', 'newest', 'start'] as const) {
      const all = await listProjects(asyncOf(reader), { sort, perPage: 100 });
      const paged = [];
      for (const page of [1, 2, 3])
        paged.push(...(await listProjects(asyncOf(reader), { sort, page, perPage: 2 })).items);
      expect(paged.map((p) => p.id)).toEqual(all.items.slice(0, 6).map((p) => p.id));
      expect(new Set(all.items.map((p) => p.id)).size).toBe(all.total);
    }
  });
});
