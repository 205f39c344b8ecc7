/**
 * platform/insert-row.ts prepares one insert per table and set of columns and binds each row to it. The rows
 * it stores must be the rows drizzle's own insert stores: timestamps through the columns' encoders, nulls written, undefined columns left to their defaults, and a second row with
 * other columns getting a statement of its own.
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { openDatabase, migrateDatabase } from '#lib/server/platform/db.ts';
import * as schema from '#db/schema.ts';
import { insertRow } from '#lib/server/platform/insert-row.ts';

function fresh() {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  return db;
}

const storms: Array<typeof schema.stormEvents.$inferInsert> = [
  {
    endedAt: new Date('2026-05-01T12:30:00Z'),
    inches: 0.75,
    gauge: 'Town Hall',
    source: 'manual',
    createdAt: new Date('2026-05-01T14:30:00Z'),
  },
  {
    endedAt: new Date('2026-05-09T03:00:00Z'),
    inches: 1.2,
    gauge: 'Town Hall',
    source: 'manual',
    createdAt: new Date('2026-05-09T05:00:00Z'),
  },
  // Other columns: a row with createdAt left to its default.
  { endedAt: new Date('2026-06-02T18:00:00Z'), inches: 0.5, gauge: null, source: 'manual' },
];

describe('insertRow (the demo seed, audit rows, the outbox, records requests)', () => {
  it('stores the same rows as drizzle’s insert, and says each new id', () => {
    const viaDrizzle = fresh();
    const viaPrepared = fresh();
    const ids: number[] = [];
    viaDrizzle.transaction((tx) => {
      for (const s of storms) tx.insert(schema.stormEvents).values(s).run();
    });
    viaPrepared.transaction((tx) => {
      for (const s of storms) ids.push(insertRow(tx, schema.stormEvents, s));
    });
    // createdAt: the value given, or (left undefined) the clock's default, whatever today is.
    const read = (db: ReturnType<typeof fresh>) =>
      db
        .select()
        .from(schema.stormEvents)
        .orderBy(schema.stormEvents.id)
        .all()
        .map(({ createdAt, ...rest }, i) => ({
          ...rest,
          createdAt: storms[i].createdAt ? createdAt.toISOString() : 'a default',
        }));
    expect(read(viaPrepared)).toEqual(read(viaDrizzle));
    expect(read(viaPrepared).map((r) => r.createdAt)).toEqual([
      '2026-05-01T14:30:00.000Z',
      '2026-05-09T05:00:00.000Z',
      'a default',
    ]);
    expect(ids).toEqual(read(viaPrepared).map((r) => r.id));
    const stored = viaPrepared.select().from(schema.stormEvents).orderBy(schema.stormEvents.id).all();
    expect(stored[0].endedAt).toEqual(storms[0].endedAt);
    expect(stored[2].gauge).toBeNull();
  });

  it('a statement prepared in one transaction serves the next on the same connection, and the connection outside any', () => {
    const db = fresh();
    const ids = [
      db.transaction((tx) => insertRow(tx, schema.stormEvents, storms[0])),
      db.transaction((tx) => insertRow(tx, schema.stormEvents, storms[1])),
      insertRow(db, schema.stormEvents, storms[0]),
    ];
    expect(ids).toEqual([1, 2, 3]);
    // A transaction rolled back takes its row with it, statement or not.
    expect(() =>
      db.transaction((tx) => {
        insertRow(tx, schema.stormEvents, storms[1]);
        throw new Error('changed my mind');
      }),
    ).toThrow('changed my mind');
    const stored = db.select().from(schema.stormEvents).orderBy(schema.stormEvents.id).all();
    expect(stored.map((r) => [r.id, r.inches, r.endedAt.toISOString()])).toEqual([
      [1, 0.75, '2026-05-01T12:30:00.000Z'],
      [2, 1.2, '2026-05-09T03:00:00.000Z'],
      [3, 0.75, '2026-05-01T12:30:00.000Z'],
    ]);
  });

  it('a table with a default computed in JavaScript is inserted the ordinary way: each row gets its own value', () => {
    let n = 0;
    const tickets = sqliteTable('tickets', {
      id: integer('id').primaryKey(),
      label: text('label').notNull(),
      serial: integer('serial').$defaultFn(() => ++n),
    });
    const client = new Database(':memory:');
    client.exec('create table tickets (id integer primary key, label text not null, serial integer)');
    const db = drizzle({ client });
    db.transaction((tx) => {
      insertRow(tx, tickets, { label: 'a' });
      insertRow(tx, tickets, { label: 'b' });
    });
    expect(db.select().from(tickets).orderBy(tickets.id).all()).toEqual([
      { id: 1, label: 'a', serial: 1 },
      { id: 2, label: 'b', serial: 2 },
    ]);
  });
});
