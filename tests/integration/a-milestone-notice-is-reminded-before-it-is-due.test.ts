/**
 * The 48-hour notice of Subsection L(1), reminded before it is due (decision 0106), through the outbox to a
 * real SMTP server: the NOI's planned start stands for the start of construction until the schedule records a
 * day; each recorded milestone is reminded of three days (the default) before its notice is due, that is five
 * before the work, with the link to the notices page; a notice already given for that work means no reminder; a
 * plan is saved only within its range, and audited.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '#db/seed/reference.ts';
import { seedTownProfile } from '#db/seed/town-profiles.ts';
import { migrateDatabase, openDatabase, schema, type DB } from '#lib/server/platform/db.ts';
import { createTransport } from '#lib/server/platform/mail/transport.ts';
import { deliverDue } from '#lib/server/platform/mail/worker.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { plannedScheduleOf, saveMilestonePlans } from '#lib/server/enforcement/milestone-plans.ts';
import { sendReminderDigests } from '#lib/server/reminders/reminders.ts';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';
import { tempDir } from '../support/portal.ts';

const BASE = 'https://portal.example';
const OPERATOR = 'site.lead@buildright.example';
const at = (day: string, time = '06:00') => townInstant(day, time);

let mailbox: Mailbox;
let db: DB;
let operatorId: number;
let projectId: number;

async function runDay(now: Date): Promise<number> {
  const written = await sendReminderDigests(asyncOf(db), now, BASE);
  await deliverDue(db, createTransport({ smtpUrl: `smtp://127.0.0.1:${mailbox.port}`, mailDir: tempDir() }), {
    from: 'portal@town.example',
  });
  return written;
}

const toOperator = () => mailbox.messages.filter((m) => addressedTo(m, OPERATOR));

function notice(
  milestone: (typeof schema.inspectionNotices.$inferInsert)['milestone'],
  workOn: string,
  givenOn: string,
) {
  db.insert(schema.inspectionNotices)
    .values({
      projectId,
      milestone,
      scheduledFor: at(workOn, '07:30'),
      givenAt: at(givenOn, '09:00'),
      givenByUserId: operatorId,
    })
    .run();
}

beforeAll(async () => {
  mailbox = await startMailbox();
  db = openDatabase(':memory:');
  migrateDatabase(db);
  const now = at('2026-03-01');
  await seedReferenceData(db, { now });
  seedTownProfile(db, now);
  projectId = db
    .insert(schema.projects)
    .values({
      slug: 'hamburg-street-lofts',
      name: 'Hamburg Street Lofts',
      siteAddress: '40 Hamburg Street',
      kind: 'major',
      status: 'approved',
      plannedStartOn: '2026-04-13',
    })
    .returning({ id: schema.projects.id })
    .get().id;
  operatorId = db
    .insert(schema.users)
    .values({ email: OPERATOR, name: 'Avery Site Lead' })
    .returning({ id: schema.users.id })
    .get().id;
  db.insert(schema.userRoles).values({ userId: operatorId, role: 'operator' }).run();
  db.insert(schema.projectMembers).values({ userId: operatorId, projectId }).run();
  // Only the milestone notices are reminded of here (the column's default, three days), so nothing else mails.
  db.insert(schema.reminderPreferences)
    .values({ userId: operatorId, inspectionDays: null, summaryDays: null, correctiveDays: null, requestDays: null })
    .run();
});

afterAll(async () => {
  await mailbox?.close();
});

describe('a 48-hour notice before a planned milestone', () => {
  it('the NOI’s planned start: nothing four days before the notice is due, one mail three days before, with the link to give it', async () => {
    // Work planned Monday April 13: the notice is due by Saturday April 11; three days before is April 8.
    expect(await runDay(at('2026-04-07'))).toBe(0);
    expect(await runDay(at('2026-04-08'))).toBe(1);
    const mail = await mailbox.waitFor((m) => addressedTo(m, OPERATOR));
    expect(mail.text).toContain(
      '48-hour notice to the Stormwater Management Officer before “Start of construction and initial erosion and sediment controls”, planned for April 13, 2026: give it by April 11, 2026.',
    );
    expect(mail.text).toContain(`${BASE}/operator/projects/hamburg-street-lofts/notices`);
    expect(await runDay(at('2026-04-09'))).toBe(0);
    expect(toOperator()).toHaveLength(1);
  });

  it('a schedule outside its range is refused beside the milestone, and nothing is kept', async () => {
    const r = await saveMilestonePlans(
      asyncOf(db),
      { userId: operatorId },
      projectId,
      { rough_grading_complete: '2026-05-20', final_grading_complete: '2031-01-01' },
      at('2026-04-14'),
    );
    expect(r.ok).toBe(false);
    expect(!r.ok && r.fields?.final_grading_complete).toBe('Enter a day from April 13, 2025 to April 16, 2029.');
    expect(db.select().from(schema.milestonePlans).all()).toEqual([]);
  });

  it('each recorded milestone is reminded of before its notice is due, and the plan is audited', async () => {
    const r = await saveMilestonePlans(
      asyncOf(db),
      { userId: operatorId },
      projectId,
      { rough_grading_complete: '2026-05-20', final_grading_complete: '2026-06-22' },
      at('2026-04-14'),
    );
    expect(r).toEqual({ ok: true, changed: 2 });
    const audited = db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'milestones.plan')).all();
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actorUserId).toBe(operatorId);
    // Saving the same days again changes nothing and audits nothing.
    expect(
      await saveMilestonePlans(
        asyncOf(db),
        { userId: operatorId },
        projectId,
        { rough_grading_complete: '2026-05-20', final_grading_complete: '2026-06-22' },
        at('2026-04-15'),
      ),
    ).toEqual({ ok: true, changed: 0 });
    expect(await runDay(at('2026-05-14'))).toBe(0);
    expect(await runDay(at('2026-05-15'))).toBe(1);
    const mail = await mailbox.waitFor((m) => addressedTo(m, OPERATOR) && (m.text ?? '').includes('rough grading'));
    expect(toOperator()).toHaveLength(2);
    expect(mail.text).toContain('“Completion of rough grading”, planned for May 20, 2026: give it by May 18, 2026.');
    expect(mail.text).not.toContain('final grading');
  });

  it('a notice already given for the planned work means no reminder for it', async () => {
    // Given early, for work two days before the planned day: the same step of the schedule.
    notice('final_grading_complete', '2026-06-20', '2026-06-10');
    expect(await runDay(at('2026-06-17'))).toBe(0);
    expect(await runDay(at('2026-06-19'))).toBe(0);
    expect(toOperator()).toHaveLength(2);
  });

  it('a notice for the same milestone in another season does not count: the planned work is reminded of', async () => {
    await saveMilestonePlans(
      asyncOf(db),
      { userId: operatorId },
      projectId,
      { close_of_season: '2026-11-16' },
      at('2026-06-25'),
    );
    notice('close_of_season', '2025-11-17', '2025-11-10');
    expect(await runDay(at('2026-11-11'))).toBe(1);
    const mail = await mailbox.waitFor((m) => addressedTo(m, OPERATOR) && (m.text ?? '').includes('Close of the'));
    expect(mail.text).toContain('planned for November 16, 2026: give it by November 14, 2026.');
    expect(toOperator()).toHaveLength(3);
  });

  it('the officer sees the schedule soonest first, where each day came from and whether notice came', async () => {
    const project = db.select().from(schema.projects).where(eq(schema.projects.id, projectId)).get()!;
    expect(await plannedScheduleOf(asyncOf(db), project)).toEqual([
      { milestone: 'start_of_construction', plannedOn: '2026-04-13', fromNoi: true, noticeGiven: false },
      { milestone: 'close_of_season', plannedOn: '2026-11-16', fromNoi: false, noticeGiven: false },
    ]);
  });
});
