/**
 * scripts/module-hooks.ts replaces drizzle-orm's mapResultRow with one that decides each column's decoder
 * once per query (decision 0052). The same queries, run in a fresh Node with drizzle as shipped and with
 * the hook, must map every row the same: typed columns (booleans, timestamps, JSON), sql`` with
 * mapWith, a subquery's fields, nested objects, and left joins whose joined side is null.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { MODULE_HOOKS_FLAG, ROOT } from '../support/portal.ts';

const PROBE = `
import Database from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import * as utils from 'drizzle-orm/utils';
const owners = sqliteTable('owners', { id: integer('id').primaryKey(), name: text('name').notNull(), active: integer('active', { mode: 'boolean' }).notNull(), seen: integer('seen', { mode: 'timestamp' }) });
const sites = sqliteTable('sites', { id: integer('id').primaryKey(), ownerId: integer('owner_id'), tags: text('tags', { mode: 'json' }), acres: integer('acres') });
const client = new Database(':memory:');
client.exec("create table owners (id integer primary key, name text not null, active integer not null, seen integer); create table sites (id integer primary key, owner_id integer, tags text, acres integer)");
const db = drizzle(client);
db.insert(owners).values([{ id: 1, name: 'Ann', active: true, seen: new Date('2026-05-01T12:00:00Z') }, { id: 2, name: 'Bo', active: false, seen: null }]).run();
db.insert(sites).values([{ id: 10, ownerId: 1, tags: ['a', 'b'], acres: 3 }, { id: 11, ownerId: null, tags: null, acres: null }]).run();
const big = db.select({ id: sites.id, acres: sites.acres }).from(sites).as('big');
const out = {
  patched: String(utils.mapResultRow).includes('rowPlan'),
  whole: db.select().from(owners).orderBy(owners.id).all(),
  joined: db.select().from(sites).leftJoin(owners, eq(owners.id, sites.ownerId)).orderBy(sites.id).all(),
  nested: db.select({ site: { id: sites.id, tags: sites.tags }, owner: { name: owners.name, active: owners.active }, n: sql\`count(*) over ()\`.mapWith(Number), label: sql\`'site ' || \${sites.id}\` }).from(sites).leftJoin(owners, eq(owners.id, sites.ownerId)).orderBy(sites.id).all(),
  sub: db.select({ id: big.id, acres: big.acres }).from(big).orderBy(big.id).all(),
  one: db.select({ name: owners.name, seen: owners.seen }).from(owners).where(eq(owners.id, 1)).get(),
  prepared: db.select({ active: owners.active }).from(owners).where(eq(owners.id, sql.placeholder('id'))).prepare().all({ id: 2 }),
};
// undefined written out, so a key missing on one side and undefined on the other still differ.
console.log(JSON.stringify(out, (key, value) => (value === undefined ? '(undefined)' : value)));
`;

describe('drizzle row mapping through the module hook', () => {
  const probe = (flags: string[]) =>
    JSON.parse(
      execFileSync(process.execPath, [...flags, '--input-type=module', '-e', PROBE], { cwd: ROOT, encoding: 'utf8' })
        .trim()
        .split('\n')
        .pop()!,
    );

  it('maps every kind of row exactly as drizzle as shipped does', () => {
    const shipped = probe([]);
    const hooked = probe([MODULE_HOOKS_FLAG]);
    expect(shipped.patched).toBe(false);
    expect(hooked.patched).toBe(true);
    expect({ ...hooked, patched: undefined }).toEqual({ ...shipped, patched: undefined });
    // And what drizzle means by them: a left join's missing side is null, typed columns decoded.
    expect(hooked.joined[1]).toEqual({ sites: { id: 11, ownerId: null, tags: null, acres: null }, owners: null });
    expect(hooked.whole[0]).toEqual({ id: 1, name: 'Ann', active: true, seen: '2026-05-01T12:00:00.000Z' });
    expect(hooked.nested[0]).toEqual({
      site: { id: 10, tags: ['a', 'b'] },
      owner: { name: 'Ann', active: true },
      n: 2,
      label: 'site 10',
    });
    expect(hooked.prepared).toEqual([{ active: false }]);
  });
});
