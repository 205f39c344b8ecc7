/**
 * A records-request town on an in-memory database for the service tests: reference data, the town
 * profile, one project with a SWPPP and two inspection reports, a clerk and an appeals officer, and
 * helpers to make a request received at a given instant and read what the outbox holds.
 */
import { eq } from 'drizzle-orm';
import { seedReferenceData } from '#db/seed/reference.ts';
import { seedTownProfile } from '#db/seed/town-profiles.ts';
import { migrateDatabase, openDatabase, schema, type DB } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { setAppealsOfficer } from '#lib/server/records-requests/appeals.ts';
import { checkSelection, createRecordsRequest, type NewRequest } from '#lib/server/records-requests/submit.ts';

export const BASE = 'https://portal.example';

export interface RequestsTown {
  db: DB;
  projectId: number;
  docs: { swppp: number; reports: number[] };
  clerk: { userId: number };
  officer: { userId: number };
  request: (receivedAt: Date, overrides?: Partial<NewRequest> & { documentIds?: number[] }) => Promise<{ id: number }>;
  row: (id: number) => typeof schema.recordsRequests.$inferSelect;
  mail: (kind: string) => Array<typeof schema.outbox.$inferSelect>;
}

export async function requestsTown(now: Date): Promise<RequestsTown> {
  process.env.TRACKING_LINK_SECRET ??= 'unit-test-secret-for-tracking-links';
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  await seedReferenceData(db, { now });
  seedTownProfile(db, now);
  const projectId = Number(
    db
      .insert(schema.projects)
      .values({
        slug: 'curry-road',
        name: 'Curry Road Distribution Center',
        siteAddress: '1 Curry Road',
        kind: 'major',
        status: 'active',
      })
      .run().lastInsertRowid,
  );
  const doc = (type: 'swppp' | 'inspection_report', title: string, date: string, pageCount: number) =>
    Number(
      db
        .insert(schema.documents)
        .values({
          projectId,
          type,
          title,
          filename: `${title}.pdf`,
          sha256: 'a'.repeat(64),
          mimeType: 'application/pdf',
          sizeBytes: 1000,
          pageCount,
          largeFormatPages: 0,
          documentDate: date,
          public: true,
        })
        .run().lastInsertRowid,
    );
  const docs = {
    swppp: doc('swppp', 'SWPPP', '2025-11-06', 70),
    reports: ['2026-10-01', '2026-10-08'].map((d) => doc('inspection_report', `Inspection report ${d}`, d, 2)),
  };
  const user = (email: string, name: string, role: 'clerk' | 'officer') => {
    const id = Number(db.insert(schema.users).values({ email, name }).run().lastInsertRowid);
    db.insert(schema.userRoles).values({ userId: id, role }).run();
    return { userId: id };
  };
  const clerk = user('clerk@example.org', 'Dana Clerk', 'clerk');
  const officer = user('supervisor@example.org', 'Sam Supervisor', 'officer');
  await setAppealsOfficer(asyncOf(db), clerk, officer.userId, now);
  const request: RequestsTown['request'] = async (receivedAt, overrides = {}) => {
    const selection = await checkSelection(asyncOf(db), 'curry-road', {
      documentIds: overrides.documentIds ?? [docs.swppp],
    });
    if (selection.problems.length) throw new Error(selection.problems.join('; '));
    const result = await createRecordsRequest(
      asyncOf(db),
      {
        channel: 'web',
        receivedAt,
        selection,
        delivery: 'electronic',
        requester: { name: 'Pat Requester', email: 'pat@example.org' },
        ...overrides,
      },
      { label: 'requester' },
      BASE,
    );
    if (!result.ok) throw new Error('limited');
    return { id: result.id };
  };
  return {
    db,
    projectId,
    docs,
    clerk,
    officer,
    request,
    row: (id) => db.select().from(schema.recordsRequests).where(eq(schema.recordsRequests.id, id)).get()!,
    mail: (kind) =>
      db
        .select()
        .from(schema.outbox)
        .all()
        .filter((m) => m.kind === kind),
  };
}
