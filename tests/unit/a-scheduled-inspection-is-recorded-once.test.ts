/**
 * The town's inspections and the milestone plans read what they check in the transaction that writes (decision
 * 0080, step 2e): a scheduled inspection whose outcome two officers record at once is recorded once, and two
 * saves of a project's schedule at once each audit what the other left, not what both read before.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, scheduledInspections, townInspections } from '#db/schema.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { recordTownInspection, scheduleInspection } from '#lib/server/enforcement/town-inspections.ts';
import { saveMilestonePlans } from '#lib/server/enforcement/milestone-plans.ts';
import { requestsTown } from '../support/requests-db.ts';

const NOW = new Date('2026-12-07T15:00:00Z');
let db: DB;
let projectId: number;
let officer: { userId: number };

// The service tests' town: one project and its stormwater officer on an in-memory database.
beforeEach(async () => {
  ({ db, projectId, officer } = await requestsTown(NOW));
});

describe('one scheduled inspection recorded by two officers at once', () => {
  it('is recorded once; the second is told beside the field to choose one not recorded yet', async () => {
    const scheduled = await scheduleInspection(
      asyncOf(db),
      officer,
      projectId,
      { noticeId: null, milestone: null, scheduledFor: new Date('2026-12-04T15:00:00Z'), notes: null },
      new Date('2026-12-01T15:00:00Z'),
    );
    if (!scheduled.ok) throw new Error(JSON.stringify(scheduled));
    const outcome = {
      scheduledId: scheduled.id,
      noticeId: null,
      milestone: null,
      inspectedOn: '2026-12-04',
      outcome: 'approved' as const,
      findings: 'Silt fence in place.',
      violation: null,
    };
    const answers = await Promise.all([
      recordTownInspection(asyncOf(db), officer, projectId, outcome, '2026-12-07'),
      recordTownInspection(asyncOf(db), officer, projectId, outcome, '2026-12-07'),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toEqual({
      ok: false,
      fields: { scheduledId: 'Choose a scheduled inspection of this project that is not recorded yet.' },
    });
    expect(db.select().from(townInspections).all()).toHaveLength(1);
    const row = db.select().from(scheduledInspections).where(eq(scheduledInspections.id, scheduled.id)).get();
    expect(row?.townInspectionId).toBe(db.select().from(townInspections).get()!.id);
  });
});

describe('a project’s schedule saved twice at once', () => {
  it('keeps the later save, and its audit entry starts from what the first one left', async () => {
    const [first, second] = await Promise.all([
      saveMilestonePlans(asyncOf(db), officer, projectId, { rough_grading_complete: '2027-03-01' }, NOW),
      saveMilestonePlans(asyncOf(db), officer, projectId, { rough_grading_complete: '2027-04-01' }, NOW),
    ]);
    expect(first).toEqual({ ok: true, changed: 1 });
    expect(second).toEqual({ ok: true, changed: 1 });
    const entries = db.select().from(auditLog).where(eq(auditLog.action, 'milestones.plan')).all();
    expect(entries.map((e) => [JSON.parse(e.beforeJson ?? '{}'), JSON.parse(e.afterJson ?? '{}')])).toEqual([
      [{}, { rough_grading_complete: '2027-03-01' }],
      [{ rough_grading_complete: '2027-03-01' }, { rough_grading_complete: '2027-04-01' }],
    ]);
  });
});
