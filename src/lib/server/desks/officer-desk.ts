/**
 * The Stormwater Management Officer's desk: what needs a decision today, and the calendar of 48-hour
 * notices, town inspections (scheduled ahead and recorded) and deadlines (the same events feed the
 * private iCalendar link).
 */
import { overdueInspections, overdueMaintenance } from '#lib/server/stormwater-practices/overdue.ts';
import { addDays, daysBetween } from '#lib/shared/days.ts';
import { and, desc, eq, gte, inArray, isNotNull, lt, lte, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { enforcementActions, inspectionNotices, projects, townInspections } from '#db/schema.ts';
import { endSentence, formatDay, formatInstant, formatMoney } from '#lib/shared/format.ts';
import { ENFORCEMENT_TYPE_LABEL, MILESTONE_LABEL, TOWN_INSPECTION_OUTCOME_LABEL } from '#lib/shared/labels.ts';
import { loadCalendarAsync } from '#lib/server/platform/time/calendar.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import type { IcalEvent } from '#lib/server/platform/feeds/ical.ts';
import { noticeTiming } from '#lib/server/enforcement/inspection-notice.rules.ts';
import { noticesBetween, scheduledBetween, townInspectionsBetween } from '#lib/server/enforcement/town-inspections.ts';
import type { TownInspectionOutcome } from '#lib/server/enforcement/inspection-notice.rules.ts';
import { guaranteesNeedingAttention } from '#lib/server/projects/guarantees.ts';
import { daysLeftWords } from '#lib/server/platform/time/periods.rules.ts';
import { openReviews } from '#lib/server/reviews/swppp-review.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { inForceSql } from '#lib/server/enforcement/in-force.rules.ts';
import { findingsPrecededByReminderCached } from '#lib/server/reminders/reminders.ts';

/** Deadlines this close count as "passing" on the desk. */
export const DEADLINE_HORIZON_DAYS = 3;
/** Notices this far ahead are shown so the officer can plan the inspection. */
export const NOTICE_HORIZON_DAYS = 3;
/** Notices this far back without a recorded inspection stay on the desk. */
export const NOTICE_LOOKBACK_DAYS = 14;

/** A scheduled inspection's milestone in words, or what it is when it is not one. */
const scheduledWhat = (milestone: string | null) =>
  milestone ? MILESTONE_LABEL[milestone as keyof typeof MILESTONE_LABEL] : 'site inspection (not a noticed milestone)';
/** "Approved", "Deficient", "Follow-up needed": the outcome's label before its explanation. */
const outcomeWords = (outcome: string) =>
  (TOWN_INSPECTION_OUTCOME_LABEL[outcome as TownInspectionOutcome] ?? outcome).split(':')[0];

/** Enforcement actions in force (the one definition, inForceSql) that also meet `where`, with their project. */
function actionsInForce(db: Db, where: SQL, order: SQLiteColumn) {
  return db
    .select({ a: enforcementActions, slug: projects.slug, name: projects.name })
    .from(enforcementActions)
    .innerJoin(projects, eq(projects.id, enforcementActions.projectId))
    .where(and(inForceSql, where))
    .orderBy(order);
}

/** The officer's desk, read in one snapshot: its counts and its lists agree. */
export function officerDesk(db: Db, today: string, now = new Date()) {
  return readSnapshotAsync(db, () => readOfficerDesk(db, today, now));
}

async function readOfficerDesk(db: Db, today: string, now: Date) {
  const noticeFrom = townInstant(addDays(today, -NOTICE_LOOKBACK_DAYS));
  const noticeTo = townInstant(addDays(today, NOTICE_HORIZON_DAYS + 1));
  const other = {
    calendar: await loadCalendarAsync(db),
    scheduled: await scheduledBetween(db, noticeFrom, noticeTo),
  };
  const reminded = await findingsPrecededByReminderCached(db, now);
  // Permanent practices whose routine inspection is overdue, and required maintenance past due (decision 0035).
  const practiceInspectionsDue = await overdueInspections(db, today);
  const practiceMaintenanceDue = await overdueMaintenance(db, today);
  const reviews = (await openReviews(db, today, other.calendar)).filter((r) => r.clock.needsAction);

  // Inspections the officer scheduled ahead, not yet recorded: coming up, or past with no outcome recorded.
  const scheduled = other.scheduled.map((x) => ({
    id: x.id,
    projectSlug: x.projectSlug,
    projectName: x.projectName,
    what: scheduledWhat(x.milestone),
    scheduledFor: x.scheduledFor,
    noticeId: x.noticeId,
    past: x.scheduledFor.getTime() < now.getTime(),
  }));
  const noticesScheduled = new Set(scheduled.map((x) => x.noticeId).filter((n): n is number => n != null));
  const notices = (
    await db
      .select({ notice: inspectionNotices, slug: projects.slug, name: projects.name, inspectionId: townInspections.id })
      .from(inspectionNotices)
      .innerJoin(projects, eq(projects.id, inspectionNotices.projectId))
      .leftJoin(townInspections, eq(townInspections.noticeId, inspectionNotices.id))
      .where(and(gte(inspectionNotices.scheduledFor, noticeFrom), lt(inspectionNotices.scheduledFor, noticeTo)))
      .orderBy(inspectionNotices.scheduledFor)
  )
    // A notice with an inspection recorded is done; one with an inspection scheduled is listed there.
    .filter((r) => r.inspectionId == null && !noticesScheduled.has(r.notice.id))
    .map((r) => ({
      id: r.notice.id,
      projectSlug: r.slug,
      projectName: r.name,
      milestone: MILESTONE_LABEL[r.notice.milestone],
      scheduledFor: r.notice.scheduledFor,
      timing: noticeTiming(r.notice.givenAt, r.notice.scheduledFor),
      givenByName: r.notice.givenByName,
      past: r.notice.scheduledFor.getTime() < now.getTime(),
    }));

  const deadlines = (
    await actionsInForce(
      db,
      and(
        isNotNull(enforcementActions.complyBy),
        lte(enforcementActions.complyBy, addDays(today, DEADLINE_HORIZON_DAYS)),
        inArray(enforcementActions.status, ['issued', 'complied']),
      )!,
      enforcementActions.complyBy,
    )
  ).map((r) => ({
    id: r.a.id,
    projectSlug: r.slug,
    projectName: r.name,
    type: r.a.type,
    complyBy: r.a.complyBy as string,
    daysLeft: daysBetween(today, r.a.complyBy as string),
    compliedOn: r.a.status === 'complied' ? r.a.compliedOn : undefined,
    reportedComplied: r.a.status === 'complied',
    requiredMeasures: r.a.requiredMeasures,
  }));

  const orders = await actionsInForce(db, eq(enforcementActions.type, 'stop_work_order'), enforcementActions.issuedOn);
  // The latest town inspection since each order: one query for all orders, not one per order, newest first.
  const since = orders.reduce<string | undefined>(
    (min, r) => (min === undefined || r.a.issuedOn < min ? r.a.issuedOn : min),
    undefined,
  );
  const inspectionsSince = orders.length
    ? await db
        .select({
          projectId: townInspections.projectId,
          inspectedOn: townInspections.inspectedOn,
          outcome: townInspections.outcome,
        })
        .from(townInspections)
        .where(
          and(
            inArray(townInspections.projectId, [...new Set(orders.map((r) => r.a.projectId))]),
            gte(townInspections.inspectedOn, since!),
          ),
        )
        .orderBy(desc(townInspections.inspectedOn), desc(townInspections.id))
    : [];
  const stopWork = orders.map((r) => {
    const found = inspectionsSince.find((t) => t.projectId === r.a.projectId && t.inspectedOn >= r.a.issuedOn);
    const last = found ? { inspectedOn: found.inspectedOn, outcome: found.outcome } : undefined;
    return {
      id: r.a.id,
      projectSlug: r.slug,
      projectName: r.name,
      issuedOn: r.a.issuedOn,
      days: daysBetween(r.a.issuedOn, today),
      lastInspection: last ? { ...last, outcomeWords: outcomeWords(last.outcome) } : undefined,
    };
  });

  const finesDue = (
    await actionsInForce(
      db,
      and(
        eq(enforcementActions.type, 'fine'),
        inArray(enforcementActions.fineStatus, ['assessed', 'partly_paid']),
        lt(enforcementActions.fineDueOn, today),
      )!,
      enforcementActions.fineDueOn,
    )
  ).map((r) => ({
    id: r.a.id,
    projectSlug: r.slug,
    projectName: r.name,
    dueOn: r.a.fineDueOn as string,
    balanceCents: (r.a.fineAssessedCents ?? 0) - r.a.finePaidCents,
  }));

  const guarantees = await guaranteesNeedingAttention(db, today);
  const total =
    reviews.length +
    scheduled.length +
    notices.length +
    deadlines.length +
    stopWork.length +
    finesDue.length +
    guarantees.length +
    practiceInspectionsDue.length +
    practiceMaintenanceDue.length;
  return {
    reviews,
    scheduled,
    notices,
    deadlines,
    stopWork,
    finesDue,
    guarantees,
    practiceInspectionsDue,
    practiceMaintenanceDue,
    total,
    // How many findings a reminder came before (decision 0106).
    reminded,
  };
}

export type OfficerDesk = Awaited<ReturnType<typeof officerDesk>>;

export interface CalendarItem {
  uid: string;
  /** Local day. */
  day: string;
  /** Timed items (48-hour notices, scheduled inspections) have a start instant. */
  start?: Date;
  kind: 'notice' | 'scheduled_inspection' | 'town_inspection' | 'comply_by' | 'swppp_deadline';
  title: string;
  detail: string;
  href: string;
  late?: boolean;
}

/** Everything dated between fromDay (inclusive) and toDay (exclusive). */
export async function calendarItems(db: Db, fromDay: string, toDay: string, today: string): Promise<CalendarItem[]> {
  const items: CalendarItem[] = [];
  const from = townInstant(fromDay);
  const to = townInstant(toDay);
  const other = await readSnapshotAsync(db, async () => ({
    notices: await noticesBetween(db, from, to),
    scheduled: await scheduledBetween(db, from, to),
    inspected: await townInspectionsBetween(db, fromDay, toDay),
    words: await townAsync(db),
  }));
  for (const n of other.notices) {
    items.push({
      uid: `notice-${n.id}`,
      day: formatLocalDay(n.scheduledFor),
      start: n.scheduledFor,
      kind: 'notice',
      title: `${n.projectName}: ${MILESTONE_LABEL[n.milestone]}`,
      detail: `48-hour notice${n.givenByName ? ` given by ${n.givenByName}` : ''}. ${endSentence(n.timing.words)}${n.notes?.trim() ? ` ${endSentence(n.notes)}` : ''} ${endSentence(n.siteAddress)}`,
      href: `/staff/projects/${n.projectSlug}/inspections`,
      late: n.timing.late,
    });
  }
  const { kindWord, profile } = other.words;
  for (const x of other.scheduled) {
    items.push({
      uid: `scheduled-inspection-${x.id}`,
      day: formatLocalDay(x.scheduledFor),
      start: x.scheduledFor,
      kind: 'scheduled_inspection',
      title: `${x.projectName}: ${scheduledWhat(x.milestone)}`,
      detail: `${kindWord} inspection scheduled; record its outcome on the project’s inspections page.${x.notes?.trim() ? ` ${endSentence(x.notes)}` : ''} ${endSentence(x.siteAddress)}`,
      href: `/staff/projects/${x.projectSlug}/inspections?scheduled=${x.id}#record-inspection`,
    });
  }
  for (const t of other.inspected) {
    items.push({
      uid: `town-inspection-${t.id}`,
      day: t.inspectedOn,
      kind: 'town_inspection',
      title: `${t.projectName}: ${profile.kind} inspection, ${outcomeWords(t.outcome).toLowerCase()}`,
      detail: t.findings ?? '',
      href: `/staff/projects/${t.projectSlug}/inspections`,
    });
  }
  const complyBy = await actionsInForce(
    db,
    and(gte(enforcementActions.complyBy, fromDay), lt(enforcementActions.complyBy, toDay))!,
    enforcementActions.complyBy,
  );
  for (const r of complyBy) {
    items.push({
      uid: `comply-by-${r.a.id}`,
      day: r.a.complyBy as string,
      kind: 'comply_by',
      title: `${r.name}: ${ENFORCEMENT_TYPE_LABEL[r.a.type]} comply-by date`,
      detail: r.a.requiredMeasures ?? r.a.summary,
      href: `/staff/enforcement/${r.a.id}`,
    });
  }
  for (const r of await openReviews(db, today)) {
    const c = r.clock.clock;
    if (!c || c.deadline < fromDay || c.deadline >= toDay) continue;
    items.push({
      uid: `swppp-review-${r.id}-${c.kind}`,
      day: c.deadline,
      kind: 'swppp_deadline',
      title: `${r.projectName}: SWPPP ${r.amendment ? 'amendment ' : ''}${c.kind === 'completeness' ? 'completeness determination' : 'decision'} due`,
      detail: r.clock.headline,
      href: `/staff/projects/${r.projectSlug}/swppp`,
    });
  }
  return items.sort((a, b) => a.day.localeCompare(b.day) || (a.start?.getTime() ?? 0) - (b.start?.getTime() ?? 0));
}

/** `townSlug` keeps each event's UID as subscribed calendars first saw it (`…@<slug>-stormwater`, as before the town was data): a new UID shows every event twice. */
export function calendarIcalEvents(items: CalendarItem[], baseUrl: string, stamp: Date, townSlug: string): IcalEvent[] {
  return items.map((i) => ({
    uid: `${i.uid}@${townSlug}-stormwater`,
    summary: `${i.late ? '[LATE NOTICE] ' : ''}${i.title}`,
    description: i.detail,
    url: `${baseUrl}${i.href}`,
    ...(i.start ? { start: i.start, end: new Date(i.start.getTime() + 60 * 60_000) } : { date: i.day }),
    stamp,
  }));
}

function formatLocalDay(d: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
}

/** Short lines for the desk, shared by the page and tests. */
export const deskWords = {
  notice: (n: OfficerDesk['notices'][number]) =>
    `${n.milestone}, ${formatInstant(n.scheduledFor)}${n.givenByName ? `; notice given by ${n.givenByName}` : ''}`,
  scheduled: (x: OfficerDesk['scheduled'][number]) => `${x.what}, ${formatInstant(x.scheduledFor)}`,
  deadline: (d: OfficerDesk['deadlines'][number]) =>
    d.reportedComplied
      ? `${ENFORCEMENT_TYPE_LABEL[d.type]}: compliance reported${d.compliedOn ? ` ${formatDay(d.compliedOn)}` : ''}; confirm it and close the action`
      : `${ENFORCEMENT_TYPE_LABEL[d.type]}: comply by ${formatDay(d.complyBy)} (${daysLeftWords(d.daysLeft)})`,
  fine: (f: OfficerDesk['finesDue'][number]) => `${formatMoney(f.balanceCents)} unpaid, due ${formatDay(f.dueOn)}`,
};
