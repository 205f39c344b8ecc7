/**
 * Decision 0024: a revised SWPPP amendment after a deficiency notice resumes the review waiting for it,
 * whether the operator uploads it from the workspace or the officer attaches it: one behaviour
 * (`planReceived`). Real SQLite (`:memory:` with the migrations), no mocks.
 */
import { describe, expect, it } from 'vitest';
import { auditLog, projects, swpppReviews, users } from '#db/schema.ts';
import { migrateDatabase, openDatabase, type DB } from '#lib/server/platform/db.ts';
import { fileOperatorDocument } from '#lib/server/filings/operator-documents.ts';
import { attachDocument } from '#lib/server/projects/documents.ts';
import { markComplete, notifyDeficiencies, reviewsForProject } from '#lib/server/reviews/swppp-review.ts';
import { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import type { ReceivedFile } from '#lib/server/platform/files/uploads.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const file = (n: number): ReceivedFile => ({
  field: 'file',
  filename: `amendment-${n}.pdf`,
  sha256: String(n).repeat(64).slice(0, 64),
  sizeBytes: 100,
  mimeType: 'application/pdf',
  kind: 'pdf' as ReceivedFile['kind'],
});

function town() {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  const operator = db.insert(users).values({ email: 'op@example.org', name: 'Pat Operator' }).returning().get();
  const officer = db.insert(users).values({ email: 'smo@example.org', name: 'Sam Officer' }).returning().get();
  const projectId = db
    .insert(projects)
    .values({
      slug: 'site',
      name: 'Site',
      siteAddress: '1 Main St',
      kind: 'major',
      status: 'active',
      published: true,
      latitude: 42.78,
      longitude: -73.97,
    })
    .returning({ id: projects.id })
    .get().id;
  return { db, projectId, operator: { userId: operator.id }, officer: { userId: officer.id } };
}

const reviews = (db: DB) => db.select().from(swpppReviews).all();

describe('a revised SWPPP amendment after a deficiency notice', () => {
  it('uploaded by the operator resumes the review waiting for it instead of opening a new one', async () => {
    const { db, projectId, operator, officer } = town();
    await fileOperatorDocument(
      asyncOf(db),
      operator,
      projectId,
      { type: 'swppp_amendment', documentDate: '2026-03-01', description: '', publicProposed: 'yes' },
      file(1),
      new Date('2026-03-02T15:00:00Z'),
    );
    const [first] = reviews(db);
    expect(first).toMatchObject({ receivedOn: '2026-03-02', resubmittedOn: null });
    expect(
      (
        await notifyDeficiencies(
          asyncOf(db),
          officer,
          first.id,
          { on: '2026-03-10', deficiencies: 'No maintenance schedule.' },
          '2026-03-10',
        )
      ).ok,
    ).toBe(true);

    await fileOperatorDocument(
      asyncOf(db),
      operator,
      projectId,
      { type: 'swppp_amendment', documentDate: '2026-03-15', description: 'revised', publicProposed: 'yes' },
      file(2),
      new Date('2026-03-16T15:00:00Z'),
    );
    const after = reviews(db);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: first.id, resubmittedOn: '2026-03-16' });
    expect(after[0].documentId).not.toBe(first.documentId);
    const [view] = await reviewsForProject(asyncOf(db), projectId, '2026-03-17', new BusinessCalendar());
    expect(view.clock).toMatchObject({ stage: 'completeness', clock: { deadline: '2026-04-15' } });
    // Every change audited, with who did it.
    const actions = db
      .select()
      .from(auditLog)
      .all()
      .map((a) => [a.action, a.actorUserId]);
    expect(actions).toContainEqual(['swppp_review.received', operator.userId]);
    expect(actions).toContainEqual(['swppp_review.resubmitted', operator.userId]);

    // With no review waiting, the next amendment opens a new review.
    expect((await markComplete(asyncOf(db), officer, first.id, '2026-03-20', '2026-03-20')).ok).toBe(true);
    await fileOperatorDocument(
      asyncOf(db),
      operator,
      projectId,
      { type: 'swppp_amendment', documentDate: '2026-04-01', description: '', publicProposed: 'no' },
      file(3),
      new Date('2026-04-02T15:00:00Z'),
    );
    expect(reviews(db)).toHaveLength(2);
  });

  it('attached by the officer behaves the same way', async () => {
    const { db, projectId, officer } = town();
    const first = await attachDocument(asyncOf(db), officer, projectId, file(1), {
      type: 'swppp_amendment',
      title: 'Amendment 1',
      documentDate: '2026-03-02',
      public: false,
    });
    if (!first.ok) throw new Error('attach failed');
    await notifyDeficiencies(
      asyncOf(db),
      officer,
      first.attached.reviewId!,
      { on: '2026-03-10', deficiencies: 'No maintenance schedule.' },
      '2026-03-10',
    );
    const second = await attachDocument(asyncOf(db), officer, projectId, file(2), {
      type: 'swppp_amendment',
      title: 'Amendment 1, revised',
      documentDate: '2026-03-16',
      public: false,
    });
    if (!second.ok) throw new Error('attach failed');
    expect(second.attached).toMatchObject({ reviewId: first.attached.reviewId, resubmission: true });
    expect(reviews(db)).toHaveLength(1);
  });

  it('a plan found incomplete cannot be recorded complete before its revised plan is on record (the decision clock runs from it)', async () => {
    const { db, projectId, operator, officer } = town();
    await fileOperatorDocument(
      asyncOf(db),
      operator,
      projectId,
      { type: 'swppp_amendment', documentDate: '2026-03-01', description: '', publicProposed: 'yes' },
      file(1),
      new Date('2026-03-02T15:00:00Z'),
    );
    const [r] = reviews(db);
    await notifyDeficiencies(asyncOf(db), officer, r.id, { on: '2026-03-10', deficiencies: 'x' }, '2026-03-10');
    const refused = await markComplete(asyncOf(db), officer, r.id, '2026-03-12', '2026-03-12');
    expect(refused).toMatchObject({
      ok: false,
      fields: {
        on: 'The plan was found incomplete: record the day the revised plan with the missing information arrived first.',
      },
    });
  });
});
