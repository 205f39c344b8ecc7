/**
 * An import that finishes (decision 0076): a new project's row without a status is refused (never counted
 * as under construction), the dry run counts it with its reason beside it, and whoever imported publishes
 * what the import registered. Real SQLite in memory, through the import's own loader and services.
 */
import { describe, expect, it } from 'vitest';
import { auditLog, userRoles, users } from '#db/schema.ts';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { guessMapping } from '#lib/server/projects/import.rules.ts';
import { importOutcome, importProjects, previewImport, publishImported } from '#lib/server/projects/import.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const NOW = new Date('2026-12-05T09:00:00Z');
const CSV = [
  'Project name,Site address,Status,NOT filed',
  'Mill Pond Lane Townhouses,12 Mill Pond Lane,Active construction,',
  'Falls Road Garage,3 Falls Road,,',
  'Orchard Court,5 Orchard Court,Approved,',
  'Old Creamery,1 Creamery Road,,2025-10-01',
].join('\n');

function freshDb() {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  const admin = db.insert(users).values({ email: 'ada@pinebrook.example', name: 'Ada' }).returning().get();
  db.insert(userRoles).values({ userId: admin.id, role: 'admin' }).run();
  return { db, actor: { userId: admin.id } };
}
const statuses = (db: ReturnType<typeof freshDb>['db']) =>
  Object.fromEntries(
    (
      db.$client.prepare('select name, status from projects order by name').all() as Array<{
        name: string;
        status: string;
      }>
    ).map((r) => [r.name, r.status]),
  );

describe('a new project’s status on import', () => {
  it('a row with no status is refused with its reason beside it; none becomes active; a NOT date makes it complete', async () => {
    const { db, actor } = freshDb();
    const preview = await previewImport(asyncOf(db), CSV);
    expect(preview.counts).toEqual({ create: 3, update: 0, error: 1 });
    const refused = preview.rows.find((r) => r.name === 'Falls Road Garage')!;
    expect(refused.action).toBe('error');
    expect(refused.problems).toEqual([
      'Status: a new project needs its status (like “Approved, not started”, “Active construction” or “Complete (NOT filed)”); the portal does not guess whether work has started.',
    ]);

    const done = await importProjects(asyncOf(db), actor, CSV, guessMapping(preview.headers), 'pinebrook.csv');
    expect(done).toMatchObject({ ok: true, created: 3, updated: 0, skipped: 1 });
    expect(statuses(db)).toEqual({
      'Mill Pond Lane Townhouses': 'active',
      'Old Creamery': 'complete',
      'Orchard Court': 'approved',
    });
  });

  it('a file with no status column at all registers nothing under construction', async () => {
    const { db } = freshDb();
    const preview = await previewImport(asyncOf(db), 'Project name,Site address\nA,1 A Street\nB,2 B Street');
    expect(preview.counts).toEqual({ create: 0, update: 0, error: 2 });
  });
});

describe('publishing what an import registered', () => {
  it('the importer sees what the import made and publishes it all at once, each audited; then there is nothing left to publish', async () => {
    const { db, actor } = freshDb();
    const preview = await previewImport(asyncOf(db), CSV);
    const done = await importProjects(asyncOf(db), actor, CSV, preview.mapping, 'pinebrook.csv');
    if (!done.ok) throw new Error(done.message);
    const outcome = (await importOutcome(asyncOf(db), done.importId))!;
    expect(outcome).toMatchObject({ importId: done.importId, created: 3, updated: 0, skipped: 1 });
    expect(outcome.projects.map((p) => [p.name, p.published])).toEqual([
      ['Mill Pond Lane Townhouses', false],
      ['Old Creamery', false],
      ['Orchard Court', false],
    ]);

    expect(await publishImported(asyncOf(db), actor, done.importId, NOW)).toEqual({ ok: true, published: 3 });
    expect((await importOutcome(asyncOf(db), done.importId))!.projects.every((p) => p.published)).toBe(true);
    const published = db
      .select()
      .from(auditLog)
      .all()
      .filter((a) => a.action === 'project.publish');
    expect(published).toHaveLength(3);
    expect(published.every((a) => a.actorUserId === actor.userId)).toBe(true);
    expect(await publishImported(asyncOf(db), actor, done.importId, NOW)).toMatchObject({ ok: false });
  });

  it('an id that is not an import is not on file', async () => {
    const { db, actor } = freshDb();
    expect(await importOutcome(asyncOf(db), 1)).toBeUndefined();
    expect(await publishImported(asyncOf(db), actor, 99, NOW)).toEqual({
      ok: false,
      message: 'That import is not on file.',
    });
  });
});
