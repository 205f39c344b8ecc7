/**
 * Decision 0051: SQLite reads some bound values while planning (a LIMIT, an `=` term a
 * candidate plan filters on) and then re-prepares the statement whenever that parameter is bound again
 * — with better-sqlite3, on every run. The portal binds every value as `+?`, which the planner does not
 * look through. These tests show the trap on SQLite itself (node:sqlite's authorizer is called once per
 * compile, so it counts re-prepares) and that the portal's queries stay out of it, with the same answers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, schema } from '#lib/server/platform/db.ts';

/** How many times SQLite compiled `sql` again over `runs` runs after the first, its values bound anew each run. */
function compilesOverRuns(file: string, sql: string, values: Array<number | string>, runs = 5): number {
  const db = new DatabaseSync(file);
  try {
    // The authorizer is asked about every table and column each time a statement is compiled.
    let calls = 0;
    db.setAuthorizer(() => {
      calls++;
      return 0; // SQLITE_OK
    });
    const stmt = db.prepare(sql);
    const perCompile = calls;
    stmt.all(...values);
    calls = 0;
    for (let i = 0; i < runs; i++) stmt.all(...values);
    return calls / perCompile;
  } finally {
    db.close();
  }
}

describe('bound values and the query planner', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-bound-'));
  const file = path.join(dir, 'portal.db');
  const db = openDatabase(file);
  migrateDatabase(db);
  const [project] = db
    .insert(schema.projects)
    .values({ slug: 'bound', name: 'Bound values', siteAddress: '1 Test Rd', kind: 'minor', status: 'active' })
    .returning()
    .all();
  for (let i = 1; i <= 5; i++) {
    db.insert(schema.documents)
      .values({
        projectId: project.id,
        type: 'inspection_report',
        title: `Report ${i}`,
        filename: `r${i}.pdf`,
        sha256: 'a'.repeat(64),
        sizeBytes: 10,
        mimeType: 'application/pdf',
        public: i !== 3,
        documentDate: `2026-05-0${i}`,
      })
      .run();
  }
  afterAll(() => {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('SQLite compiles a statement anew on every run when its LIMIT is a bare bound parameter, and never when it is +?', () => {
    expect(
      compilesOverRuns(file, 'select id from documents where project_id = ? order by id limit ?', [project.id, 2]),
    ).toBe(5);
    expect(
      compilesOverRuns(file, 'select id from documents where project_id = +? order by id limit +?', [project.id, 2]),
    ).toBe(0);
  });

  it('the portal writes every bound value as +?, including a LIMIT and an OFFSET', () => {
    const query = db
      .select({ id: schema.documents.id })
      .from(schema.documents)
      .where(and(eq(schema.documents.projectId, project.id), eq(schema.documents.public, true)))
      .orderBy(desc(schema.documents.documentDate))
      .limit(2)
      .offset(1)
      .toSQL();
    expect(query.sql).toMatch(
      /"project_id" = \+\? and "documents"\."public" = \+\?\) order by .* limit \+\? offset \+\?$/,
    );
    expect(query.sql).not.toMatch(/[^+]\?/);
    expect(query.params).toEqual([project.id, 1, 2, 1]);
    expect(compilesOverRuns(file, query.sql, query.params as number[])).toBe(0);
  });

  it('answers as before: values of every type bind and compare as bare parameters do', () => {
    const rows = db
      .select({ title: schema.documents.title })
      .from(schema.documents)
      .where(
        and(
          eq(schema.documents.projectId, project.id),
          eq(schema.documents.public, true),
          eq(schema.documents.type, 'inspection_report'),
        ),
      )
      .orderBy(desc(schema.documents.documentDate))
      .limit(3)
      .offset(1)
      .all();
    expect(rows.map((r) => r.title)).toEqual(['Report 4', 'Report 2', 'Report 1']);
    // Text, a number given as text, and a missing value compare the same way through +? as through ?.
    for (const [sql, value] of [
      ['select count(*) from documents where title = ?', 'Report 1'],
      ['select count(*) from documents where project_id = ?', String(project.id)],
      ['select count(*) from documents where size_bytes = ?', '10'],
      ['select count(*) from documents where supersedes_id is ?', null],
    ] as const) {
      const bare = db.$client.prepare(sql).pluck().get(value);
      expect(db.$client.prepare(sql.replace('?', '+?')).pluck().get(value)).toBe(bare);
    }
  });
});
