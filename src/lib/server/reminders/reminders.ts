/**
 * Reminders before a deadline (decision 0106): each operator's choices, and the daily digest that mails them
 * what is due soon at their own projects. The duties are the compliance engine's obligations and the L(4)
 * requests still awaiting the operator, so a duty met is never reminded of; which to send is
 * reminders.rules.ts. The digest, the duties it names and its mail are written in one transaction, and the
 * unique indexes make a rerun or a second tick send nothing twice.
 */
import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import {
  operatorRequests,
  performanceGuarantees,
  practiceMaintenanceReports,
  projectMembers,
  projects,
  reminderDigests,
  reminderItems,
  reminderPreferences,
  stormwaterPractices,
  userRoles,
  users,
} from '#db/schema.ts';
import { addDays } from '#lib/shared/days.ts';
import { formatDay, formatMoney } from '#lib/shared/format.ts';
import { GUARANTEE_KIND_LABEL } from '#lib/shared/labels.ts';
import { renewalDue } from '#lib/server/projects/guarantees.rules.ts';
import { complianceContext, complianceFor } from '#lib/server/compliance/compliance.ts';
import { dutyKey, dutyOf, type Finding } from '#lib/server/compliance/compliance.rules.ts';
import { timeliness } from '#lib/server/operator-requests/request.rules.ts';
import { annualReportsComing } from '#lib/server/stormwater-practices/practices.rules.ts';
import { milestoneNoticeDuties } from '#lib/server/enforcement/milestone-plans.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { asyncOf, readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import type { Job } from '#lib/server/platform/jobs.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import {
  annualReportDuty,
  DEFAULT_REMINDER_PREFERENCES,
  dutyFromObligation,
  MAX_LEAD_DAYS,
  precededByReminder,
  renewalDuty,
  remindersDue,
  sentKey,
  type Duty,
  type ReminderKind,
  type ReminderPreferences,
} from './reminders.rules.ts';

const COLUMN: Record<
  ReminderKind,
  | 'inspectionDays'
  | 'summaryDays'
  | 'correctiveDays'
  | 'requestDays'
  | 'milestoneDays'
  | 'annualReportDays'
  | 'guaranteeDays'
> = {
  inspection: 'inspectionDays',
  'monthly-summary': 'summaryDays',
  'corrective-action': 'correctiveDays',
  'operator-request': 'requestDays',
  'milestone-notice': 'milestoneDays',
  'annual-report': 'annualReportDays',
  'guarantee-expiry': 'guaranteeDays',
};

type PreferenceRow = typeof reminderPreferences.$inferSelect;

function fromRow(row: PreferenceRow | undefined): ReminderPreferences {
  if (!row) return { ...DEFAULT_REMINDER_PREFERENCES };
  return {
    inspection: row.inspectionDays,
    'monthly-summary': row.summaryDays,
    'corrective-action': row.correctiveDays,
    'operator-request': row.requestDays,
    'milestone-notice': row.milestoneDays,
    'annual-report': row.annualReportDays,
    'guarantee-expiry': row.guaranteeDays,
  };
}

/** A person's choices (the defaults until they save their own). */
export async function reminderPreferencesOf(db: Db, userId: number): Promise<ReminderPreferences> {
  const [row] = await db.select().from(reminderPreferences).where(eq(reminderPreferences.userId, userId));
  return fromRow(row);
}

/**
 * Save a person's own choices for the kinds in `change` (the others keep what they were), audited. The choices
 * kept are read in the transaction that changes them, so the audit's "before" is what was replaced.
 */
export async function saveReminderPreferences(
  db: Db,
  actor: Actor & { userId: number },
  change: Partial<ReminderPreferences>,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await reminderPreferencesOf(tx, actor.userId);
    const next = { ...before, ...change };
    const values = Object.fromEntries(Object.entries(COLUMN).map(([kind, col]) => [col, next[kind as ReminderKind]]));
    await tx
      .insert(reminderPreferences)
      .values({ userId: actor.userId, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: reminderPreferences.userId, set: { ...values, updatedAt: now } });
    await auditAsync(tx, actor, {
      action: 'reminders.preferences',
      entityType: 'user',
      entityId: actor.userId,
      before,
      after: next,
    });
  });
}

/** Where the duty is done: the form for it, at the operator's own project (or the practice they maintain). */
function dutyLink(slug: string, d: Duty, requestIds: Map<string, number>): { path: string; label: string } {
  const base = `/operator/projects/${slug}`;
  const id = d.duty.slice(d.duty.indexOf(':') + 1);
  switch (d.kind) {
    case 'monthly-summary':
      return { path: `${base}/summaries/new?month=${id}`, label: 'File the summary' };
    case 'inspection':
      return { path: `${base}/inspections/new`, label: 'File the inspection report' };
    case 'corrective-action':
      return { path: base, label: 'Open the project' };
    case 'operator-request':
      return { path: `/operator/requests/${requestIds.get(d.duty) ?? ''}`, label: 'Answer the request' };
    case 'milestone-notice':
      return { path: `${base}/notices`, label: 'Give the 48-hour notice' };
    case 'annual-report':
      return { path: `/operator/practices/${id.split(':')[0]}#file`, label: 'File the annual report' };
    case 'guarantee-expiry':
      return { path: `/staff/projects/${slug}/guarantees`, label: 'Open the guarantees' };
  }
}

/** One person's duties, each with where it is owed and the page where it is done. */
interface Recipient {
  name: string;
  email: string;
  duties: Array<{ duty: Duty; place: string; path: string; label: string }>;
}

/** Every operator's duties at their own projects and at the practices they maintain, as of `now`. */
async function recipients(db: Db, now: Date): Promise<Map<number, Recipient>> {
  const out = new Map<number, Recipient>();
  const today = townToday(now);
  // Who already had today's digest needs nothing worked out again (the job looks every 15 minutes).
  const doneToday = new Set(
    (
      await db.select({ userId: reminderDigests.userId }).from(reminderDigests).where(eq(reminderDigests.day, today))
    ).map((r) => r.userId),
  );
  const recipient = (u: { userId: number; name: string; email: string }) => {
    let r = out.get(u.userId);
    if (!r) out.set(u.userId, (r = { name: u.name, email: u.email, duties: [] }));
    return r;
  };
  const operator = and(eq(users.disabled, false), eq(userRoles.role, 'operator'));

  const members = (
    await db
      .select({
        userId: users.id,
        name: users.name,
        email: users.email,
        projectId: projects.id,
        slug: projects.slug,
        projectName: projects.name,
      })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .where(operator)
  ).filter((m) => !doneToday.has(m.userId));
  if (members.length) {
    const projectIds = [...new Set(members.map((m) => m.projectId))];
    const ctx = await complianceContext(db, now);
    // The duties of each project: the engine's obligations, and the L(4) requests still awaiting the operator.
    const duties = new Map<number, Duty[]>();
    const add = (d: Duty & { projectId: number }) => duties.set(d.projectId, [...(duties.get(d.projectId) ?? []), d]);
    for (const c of await complianceFor(db, { projectIds }, now, ctx))
      for (const o of c.due) {
        const d = dutyFromObligation(c.projectId, o);
        if (d) add({ ...d, projectId: c.projectId });
      }
    const requestIds = new Map<string, number>();
    const overdueBefore = ctx.overdueBefore ?? townToday(now);
    for (const r of await db
      .select()
      .from(operatorRequests)
      .where(and(inArray(operatorRequests.projectId, projectIds), eq(operatorRequests.status, 'received')))) {
      const duty = dutyKey('operator-request', r.number);
      requestIds.set(duty, r.id);
      add({
        projectId: r.projectId,
        kind: 'operator-request',
        duty,
        dueOn: r.dueOn,
        text: `Request ${r.number} from ${r.requesterName}: the SWPPP and reports asked for must be available by ${formatDay(r.dueOn)} (five business days).`,
        met: timeliness(r, overdueBefore) !== 'pending',
      });
    }
    // The 48-hour notices before the milestones each schedule shows.
    for (const d of await milestoneNoticeDuties(db, projectIds, today)) add(d);
    for (const m of members)
      for (const d of duties.get(m.projectId) ?? [])
        recipient(m).duties.push({ duty: d, place: m.projectName, ...dutyLink(m.slug, d, requestIds) });
  }

  // A privately maintained practice's annual report, to the account that maintains it.
  const practices = (
    await db
      .select({
        userId: users.id,
        name: users.name,
        email: users.email,
        practiceId: stormwaterPractices.id,
        practiceName: stormwaterPractices.name,
        ownerKind: stormwaterPractices.ownerKind,
        inServiceOn: stormwaterPractices.inServiceOn,
        removedOn: stormwaterPractices.removedOn,
      })
      .from(stormwaterPractices)
      .innerJoin(users, eq(users.id, stormwaterPractices.maintainerUserId))
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(and(operator, eq(stormwaterPractices.ownerKind, 'private')))
  ).filter((p) => !doneToday.has(p.userId));
  if (practices.length) {
    const filed = new Map<number, Map<number, string>>();
    for (const r of await db
      .select({
        practiceId: practiceMaintenanceReports.practiceId,
        year: practiceMaintenanceReports.year,
        filedOn: practiceMaintenanceReports.filedOn,
      })
      .from(practiceMaintenanceReports)
      .where(
        inArray(
          practiceMaintenanceReports.practiceId,
          practices.map((p) => p.practiceId),
        ),
      )) {
      const years = filed.get(r.practiceId) ?? new Map<number, string>();
      if (!years.has(r.year) || (years.get(r.year) as string) > r.filedOn) years.set(r.year, r.filedOn);
      filed.set(r.practiceId, years);
    }
    for (const p of practices)
      for (const coming of annualReportsComing({ ...p, filed: filed.get(p.practiceId) ?? new Map() }, today)) {
        const d = annualReportDuty(p.practiceId, coming);
        recipient(p).duties.push({ duty: d, place: p.practiceName, ...dutyLink('', d, new Map()) });
      }
  }

  // The officer's: every guarantee not released, until it expires.
  const officers = (
    await db
      .select({ userId: users.id, name: users.name, email: users.email })
      .from(users)
      .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'officer')))
      .where(eq(users.disabled, false))
  ).filter((o) => !doneToday.has(o.userId));
  if (officers.length) {
    for (const r of await db
      .select({ g: performanceGuarantees, slug: projects.slug, name: projects.name })
      .from(performanceGuarantees)
      .innerJoin(projects, eq(projects.id, performanceGuarantees.projectId))
      .where(isNull(performanceGuarantees.releasedOn))) {
      const expiresOn = renewalDue(r.g, today);
      if (!expiresOn) continue;
      const d = renewalDuty(r.g.projectId, {
        id: r.g.id,
        expiresOn,
        kindWords: GUARANTEE_KIND_LABEL[r.g.kind].toLowerCase(),
        amountWords: formatMoney(r.g.amountCents),
      });
      for (const o of officers) recipient(o).duties.push({ duty: d, place: r.name, ...dutyLink(r.slug, d, new Map()) });
    }
  }
  return out;
}

/**
 * Mail each operator (and the officer) one digest of the duties due soon at their own projects and practices, at most once a
 * town day. Returns how many digests were written.
 */
export async function sendReminderDigests(db: Db, now: Date = new Date(), baseUrl?: string): Promise<number> {
  const today = townToday(now);
  // Who owes what, read in one snapshot.
  const people = await readSnapshotAsync(db, () => recipients(db, now));
  if (people.size === 0) return 0;
  const base = baseUrl ?? (await townPublicUrlAsync(db));
  const prefs = new Map(
    (
      await db
        .select()
        .from(reminderPreferences)
        .where(inArray(reminderPreferences.userId, [...people.keys()]))
    ).map((r) => [r.userId, fromRow(r)]),
  );

  let written = 0;
  for (const [userId, person] of people) {
    if (person.duties.length === 0) continue;
    const where = new Map(person.duties.map((x) => [sentKey(x.duty.projectId, x.duty.duty), x]));
    written += await db.transaction(async (tx) => {
      // Read inside the transaction: a second tick or process waits for the first and then sees its digest.
      const [digest] = await tx
        .select({ id: reminderDigests.id })
        .from(reminderDigests)
        .where(and(eq(reminderDigests.userId, userId), eq(reminderDigests.day, today)));
      const digestToday = digest !== undefined;
      const sent = new Set(
        (
          await tx
            .select({ projectId: reminderItems.projectId, duty: reminderItems.duty })
            .from(reminderItems)
            .where(eq(reminderItems.userId, userId))
        ).map((r) => sentKey(r.projectId, r.duty)),
      );
      const due = remindersDue(
        person.duties.map((x) => x.duty),
        prefs.get(userId) ?? DEFAULT_REMINDER_PREFERENCES,
        { duties: sent, digestToday },
        today,
      );
      if (due.length === 0) return 0;
      const outboxId = await enqueueMailAsync(tx, {
        kind: 'reminders-digest',
        to: person.email,
        data: {
          name: person.name,
          dateText: formatDay(today),
          items: due.map((d) => {
            const x = where.get(sentKey(d.projectId, d.duty))!;
            return { project: x.place, text: d.text, label: x.label, url: `${base}${x.path}` };
          }),
          settingsUrl: `${base}/account#reminders`,
        },
      });
      const [{ id: digestId }] = await tx
        .insert(reminderDigests)
        .values({ userId, day: today, outboxId, sentAt: now })
        .returning({ id: reminderDigests.id });
      for (const d of due) {
        const practiceId = d.kind === 'annual-report' ? Number(d.duty.split(':')[1]) : null;
        await tx
          .insert(reminderItems)
          .values({ digestId, userId, projectId: d.projectId, practiceId, duty: d.duty, dueOn: d.dueOn, day: today })
          .onConflictDoNothing();
      }
      return 1;
    });
  }
  return written;
}

/** How often the job looks (a digest goes at most once a town day, on the first look of the day). */
export function remindersEveryMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.REMINDERS_EVERY_MS);
  return Number.isFinite(n) && n >= 100 ? n : 15 * 60_000;
}

export const remindersJob: Job = {
  name: 'reminders-digest',
  everyMs: remindersEveryMs(),
  run: async (db, now) => void (await sendReminderDigests(asyncOf(db), now)),
};

/** How far back the desk counts findings. */
export const REMINDER_COUNT_MONTHS = 12;

/**
 * Of the findings that began in the last twelve months and are the lapse of a duty the portal reminds of (an
 * inspection, a monthly summary, a corrective action, an L(4) request), how many had a reminder for that same
 * duty sent before the day the finding began (decision 0106).
 */
export async function findingsPrecededByReminder(
  db: Db,
  now: Date = new Date(),
  known?: Array<{ projectId: number; findings: Finding[] }>,
): Promise<{ preceded: number; total: number; since: string }> {
  const findings = known ?? (await complianceFor(db, {}, now));
  const today = townToday(now);
  const since = addDays(today, -365);
  const reminded = new Map<string, string[]>();
  for (const r of await db
    .select({ projectId: reminderItems.projectId, duty: reminderItems.duty, day: reminderItems.day })
    .from(reminderItems)
    .where(gte(reminderItems.day, addDays(since, -(MAX_LEAD_DAYS + 1))))) {
    const k = sentKey(r.projectId, r.duty);
    reminded.set(k, [...(reminded.get(k) ?? []), r.day]);
  }
  let preceded = 0;
  let total = 0;
  for (const p of findings)
    for (const f of p.findings) {
      const duty = dutyOf(f);
      if (!duty || f.from <= since || f.from > today) continue;
      total++;
      if (precededByReminder(f.from, reminded.get(sentKey(p.projectId, duty)) ?? [])) preceded++;
    }
  return { preceded, total, since: addDays(since, 1) };
}

/** The whole town's history costs about a second at 10,000 projects: the desk reuses the count for ten minutes. */
let countCache: { db: Db; at: number; value: Awaited<ReturnType<typeof findingsPrecededByReminder>> } | undefined;

export async function findingsPrecededByReminderCached(db: Db, now: Date = new Date()) {
  const t = now.getTime();
  if (countCache && countCache.db === db && t >= countCache.at && t - countCache.at < 10 * 60_000)
    return countCache.value;
  const value = await findingsPrecededByReminder(db, now);
  countCache = { db, at: t, value };
  return value;
}
