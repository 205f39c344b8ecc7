/**
 * Reminders before a deadline (decision 0106), through the outbox to a real SMTP server: an operator is mailed
 * once, a week before a monthly summary is due, with the link to file it; a second run the same day and the
 * next day send nothing for it; once the summary is filed no reminder goes; only the operator's own projects are
 * named; and the desk's count says the finding of a missed duty was preceded by a reminder.
 */
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '#db/seed/reference.ts';
import { seedTownProfile } from '#db/seed/town-profiles.ts';
import { migrateDatabase, openDatabase, schema, type DB } from '#lib/server/platform/db.ts';
import { createTransport } from '#lib/server/platform/mail/transport.ts';
import { deliverDue } from '#lib/server/platform/mail/worker.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { findingsPrecededByReminder, sendReminderDigests } from '#lib/server/reminders/reminders.ts';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';
import { tempDir } from '../support/portal.ts';

const BASE = 'https://portal.example';
const OPERATOR = 'ops@sitework.example';
const OTHER = 'other@sitework.example';
const at = (day: string, time = '06:00') => townInstant(day, time);

let mailbox: Mailbox;
let db: DB;
let operatorId: number;
let ownProject: number;

function project(slug: string, name: string): number {
  return Number(
    db
      .insert(schema.projects)
      .values({ slug, name, siteAddress: '1 Curry Road', kind: 'major', status: 'active', actualStartOn: '2026-03-02' })
      .run().lastInsertRowid,
  );
}

function operator(email: string, name: string, projectId: number): number {
  const id = Number(db.insert(schema.users).values({ email, name }).run().lastInsertRowid);
  db.insert(schema.userRoles).values({ userId: id, role: 'operator' }).run();
  db.insert(schema.projectMembers).values({ userId: id, projectId }).run();
  // Monthly summaries only (a week ahead, the default), so the inspections' reminders stay out of the way.
  db.insert(schema.reminderPreferences)
    .values({ userId: id, inspectionDays: null, summaryDays: 7, correctiveDays: 1, requestDays: 2 })
    .run();
  return id;
}

/** Run the daily job at `now` and deliver what it wrote over SMTP; the digests written. */
async function runDay(now: Date): Promise<number> {
  const written = await sendReminderDigests(asyncOf(db), now, BASE);
  await deliverDue(db, createTransport({ smtpUrl: `smtp://127.0.0.1:${mailbox.port}`, mailDir: tempDir() }), {
    from: 'portal@town.example',
  });
  return written;
}

const toOperator = () => mailbox.messages.filter((m) => addressedTo(m, OPERATOR));

beforeAll(async () => {
  mailbox = await startMailbox();
  db = openDatabase(':memory:');
  migrateDatabase(db);
  const now = at('2026-03-01');
  await seedReferenceData(db, { now });
  seedTownProfile(db, now);
  ownProject = project('curry-road', 'Curry Road Distribution Center');
  const othersProject = project('mariaville-lane', 'Mariaville Lane Homes');
  operatorId = operator(OPERATOR, 'Dana Operator', ownProject);
  operator(OTHER, 'Lee Other', othersProject);
  // Both sites are inspected every week, so only the monthly summary is coming due.
  for (const projectId of [ownProject, othersProject])
    for (const day of ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30', '2026-04-01'])
      db.insert(schema.inspections)
        .values({ projectId, inspectedAt: at(day, '10:00'), type: 'routine', inspectorName: 'Q. Inspector' })
        .run();
});

afterAll(async () => {
  await mailbox?.close();
});

describe('a reminder before a monthly summary is due', () => {
  it('eight days before, nothing; seven days before, one mail with the link to file it, for the operator’s own site only', async () => {
    expect(await runDay(at('2026-04-02'))).toBe(0);
    expect(await runDay(at('2026-04-03'))).toBe(2);
    const mail = await mailbox.waitFor((m) => addressedTo(m, OPERATOR));
    expect(mail.subject).toBe(
      'Due soon at Curry Road Distribution Center: Monthly summary for March 2026, due by April 10, 2026',
    );
    expect(mail.text).toContain(`${BASE}/operator/projects/curry-road/summaries/new?month=2026-03`);
    expect(mail.text).not.toContain('Mariaville');
    const other = await mailbox.waitFor((m) => addressedTo(m, OTHER));
    expect(other.text).not.toContain('Curry Road');
    // The digest names its message in the outbox: both were written in one transaction.
    const digest = db.select().from(schema.reminderDigests).where(eq(schema.reminderDigests.userId, operatorId)).get();
    expect(db.select().from(schema.outbox).where(eq(schema.outbox.id, digest!.outboxId)).get()?.toAddress).toBe(
      OPERATOR,
    );
  });

  it('a second run the same day, and the days after, send nothing twice', async () => {
    expect(await runDay(at('2026-04-03', '18:00'))).toBe(0);
    expect(await runDay(at('2026-04-04'))).toBe(0);
    expect(toOperator()).toHaveLength(1);
  });

  it('once the summary is filed, no reminder goes for it, whatever the operator chose', async () => {
    db.insert(schema.monthlySummaries)
      .values({ projectId: ownProject, month: '2026-03', submittedAt: at('2026-04-05', '09:00') })
      .run();
    // Even a person never reminded before (the reminder record removed) gets nothing for a duty met.
    db.delete(schema.reminderItems).where(eq(schema.reminderItems.userId, operatorId)).run();
    expect(await runDay(at('2026-04-06'))).toBe(0);
    expect(toOperator()).toHaveLength(1);
  });

  it('an L(4) request is reminded of two days before its fifth business day, and not once it is answered', async () => {
    const request = (number: string, dueOn: string) =>
      db
        .insert(schema.operatorRequests)
        .values({
          number,
          trackingTokenHash: `hash-${number}`,
          projectId: ownProject,
          receivedAt: at('2026-04-13', '09:00'),
          dueOn,
          requesterName: 'Rowan Resident',
          wantsSwppp: true,
        })
        .run();
    // Received Monday April 13: the fifth business day is Monday April 20.
    request('OR-2026-0001', '2026-04-20');
    request('OR-2026-0002', '2026-04-20');
    db.update(schema.operatorRequests)
      .set({ status: 'fulfilled', answeredOn: '2026-04-16', availableOn: '2026-04-16' })
      .where(eq(schema.operatorRequests.number, 'OR-2026-0002'))
      .run();
    expect(await runDay(at('2026-04-17'))).toBe(0);
    expect(await runDay(at('2026-04-18'))).toBe(1);
    const mail = await mailbox.waitFor((m) => addressedTo(m, OPERATOR) && /OR-2026-0001/.test(m.text ?? ''));
    expect(mail.text).not.toContain('OR-2026-0002');
    expect(mail.text).toMatch(/Answer the request: https:\/\/portal\.example\/operator\/requests\/\d+/);
  });

  it('the desk counts the findings that had a reminder before them, and those that had none', async () => {
    // The other operator never filed March: a finding from April 11, preceded by the reminder of April 3.
    // Neither site files April nor is inspected after April 1, and the job is not run after April 18: April's
    // summaries (findings from May 12) and the inspections due April 8 (findings from April 9) had no reminder.
    // Request OR-2026-0001 was never answered: a finding from April 21, preceded by the reminder of April 18.
    expect(await findingsPrecededByReminder(asyncOf(db), at('2026-05-12', '12:00'))).toEqual({
      preceded: 2,
      total: 6,
      since: '2025-05-13',
    });
  });

  it('the owner of a practice is reminded of its annual report a month before January 31, with the link to file it', async () => {
    const practiceId = Number(
      db
        .insert(schema.stormwaterPractices)
        .values({
          name: 'Bioretention basin B',
          type: 'pond',
          location: 'Behind building 2',
          latitude: 42.8,
          longitude: -73.9,
          projectId: ownProject,
          ownerKind: 'private',
          ownerName: 'Curry Road LLC',
          maintainerUserId: operatorId,
          inServiceOn: '2026-03-01',
        })
        .run().lastInsertRowid,
    );
    db.update(schema.reminderPreferences)
      .set({ annualReportDays: 30 })
      .where(eq(schema.reminderPreferences.userId, operatorId))
      .run();
    expect(await runDay(at('2026-12-31'))).toBe(0);
    expect(await runDay(at('2027-01-01'))).toBe(1);
    const mail = await mailbox.waitFor(
      (m) => addressedTo(m, OPERATOR) && /Annual maintenance report/.test(m.text ?? ''),
    );
    expect(mail.subject).toBe(
      'Due soon at Bioretention basin B: Annual maintenance report for 2026, due by January 31, 2027',
    );
    expect(mail.text).toContain(`File the annual report: ${BASE}/operator/practices/${practiceId}#file`);
    expect(await runDay(at('2027-01-02'))).toBe(0);
  });

  it('the officer is reminded a month before a letter of credit expires; renewed to a later date, reminded again before that one', async () => {
    const officer = Number(
      db.insert(schema.users).values({ email: 'officer@town.example', name: 'Sam Officer' }).run().lastInsertRowid,
    );
    db.insert(schema.userRoles).values({ userId: officer, role: 'officer' }).run();
    const guarantee = Number(
      db
        .insert(schema.performanceGuarantees)
        .values({
          projectId: ownProject,
          kind: 'letter_of_credit',
          amountCents: 4_500_000,
          institution: 'Trustco Bank',
          expiresOn: '2027-03-15',
        })
        .run().lastInsertRowid,
    );
    expect(await runDay(at('2027-02-12'))).toBe(0);
    expect(await runDay(at('2027-02-13'))).toBe(1);
    const mail = await mailbox.waitFor((m) => addressedTo(m, 'officer@town.example'));
    expect(mail.subject).toBe(
      'Due soon at Curry Road Distribution Center: The irrevocable letter of credit of $45,000.00 expires on March 15, 2027: ask for a renewal',
    );
    expect(mail.text).toContain(`Open the guarantees: ${BASE}/staff/projects/curry-road/guarantees`);
    // The operator is not told of the Town's guarantee.
    expect(toOperator().some((m) => /letter of credit/.test(m.text ?? ''))).toBe(false);
    db.update(schema.performanceGuarantees)
      .set({ expiresOn: '2028-03-15' })
      .where(eq(schema.performanceGuarantees.id, guarantee))
      .run();
    expect(await runDay(at('2027-02-20'))).toBe(0);
    expect(await runDay(at('2028-02-14'))).toBe(1);
  });
});
