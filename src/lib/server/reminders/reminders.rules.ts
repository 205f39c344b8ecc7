/**
 * Reminders before a deadline (decision 0106): which of a person's duties to mail them about today. Pure: the
 * duties come from the same rules that later make the findings (a compliance obligation, an L(4) request
 * still awaiting the operator), so a duty that is met is no longer a duty and is never reminded of. The
 * loader and the daily digest: reminders.ts.
 *
 * Days are town-local `YYYY-MM-DD` (America/New_York). How early is counted in calendar days before the due
 * date; the due date itself is counted as the law counts it (seven calendar days for an inspection, one
 * business day for a corrective action, five business days for an L(4) request), by the rule that owns it.
 */
import { addDays, daysBetween } from '#lib/shared/days.ts';
import { MILESTONE_LABEL } from '#lib/shared/labels.ts';
import type { Milestone } from '#db/enums.ts';
import { formatDay } from '#lib/shared/format.ts';
import type { Obligation } from '#lib/server/compliance/compliance.rules.ts';

/** The duties a person may be reminded of, in the order the profile form lists them. */
export const REMINDER_KINDS = [
  'inspection',
  'monthly-summary',
  'corrective-action',
  'operator-request',
  'milestone-notice',
  'annual-report',
  'guarantee-expiry',
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** Whose duties each kind is: the operator's (at their projects and practices) or the officer's (town-wide). */
export const REMINDER_KIND_ROLE: Record<ReminderKind, 'operator' | 'officer'> = {
  inspection: 'operator',
  'monthly-summary': 'operator',
  'corrective-action': 'operator',
  'operator-request': 'operator',
  'milestone-notice': 'operator',
  'annual-report': 'operator',
  'guarantee-expiry': 'officer',
};

/** The kinds a person with these roles chooses among. */
export function reminderKindsFor(roles: readonly string[]): ReminderKind[] {
  return REMINDER_KINDS.filter((k) => roles.includes(REMINDER_KIND_ROLE[k]));
}

/** How many days ahead, per kind; null is "no reminders of this kind". */
export type ReminderPreferences = Record<ReminderKind, number | null>;

/**
 * The defaults for a person who never chose: an inspection two days ahead (a seven-day cycle leaves little
 * room), a monthly summary a week ahead, a corrective action the day before (the law gives one business day),
 * an L(4) request two days ahead (five business days), the 48-hour notice three days before it must be given
 * (five before the milestone's work), a practice owner's annual report a month ahead; the officer, a
 * guarantee's expiry a month ahead (time to ask for the renewal).
 * The milestone notice's default is also reminder_preferences.milestone_days' column default (db/schema.ts).
 */
export const DEFAULT_REMINDER_PREFERENCES: ReminderPreferences = {
  inspection: 2,
  'monthly-summary': 7,
  'corrective-action': 1,
  'operator-request': 2,
  'milestone-notice': 3,
  'annual-report': 30,
  'guarantee-expiry': 30,
};

/** The earliest a reminder may be asked for (a guarantee's or a summary's date can be weeks ahead). */
export const MAX_LEAD_DAYS = 60;

export const REMINDER_KIND_LABEL: Record<ReminderKind, string> = {
  inspection: 'Site inspections (every seven days, or twice a week)',
  'monthly-summary': 'Monthly summaries',
  'corrective-action': 'Corrective actions’ due dates',
  'operator-request': 'Requests for the SWPPP and reports (five business days)',
  'milestone-notice': '48-hour notices before the milestones your schedule shows',
  'annual-report': 'Annual maintenance reports for practices you maintain (due January 31)',
  'guarantee-expiry': 'Performance guarantees expiring (a bond or letter of credit to renew)',
};

/** The kind in a few words, for the form's "days ahead" fields. */
export const REMINDER_KIND_SHORT: Record<ReminderKind, string> = {
  inspection: 'inspections',
  'monthly-summary': 'monthly summaries',
  'corrective-action': 'corrective actions',
  'operator-request': 'requests',
  'milestone-notice': 'milestone notices',
  'annual-report': 'annual reports',
  'guarantee-expiry': 'guarantees',
};

/** One duty of one project, with the day it is due by. */
export interface Duty {
  /** The project it is owed at; null for a permanent practice's duty (its key names the practice). */
  projectId: number | null;
  kind: ReminderKind;
  /** The duty's key (compliance findings.rules.ts: dutyKey); the finding its lapse becomes reads the same. */
  duty: string;
  dueOn: string;
  /** Plain words, e.g. "Monthly summary for November 2026, due by December 10, 2026." */
  text: string;
  /** Whether it is already done (a filed summary, an answered request): never reminded of. */
  met: boolean;
}

/** Which reminder kind an obligation is, if the portal reminds of it (the post-storm inspection has its own mail). */
export function reminderKindOf(o: Pick<Obligation, 'kind'>): ReminderKind | undefined {
  switch (o.kind) {
    case 'inspection':
    case 'twice-weekly':
      return 'inspection';
    case 'monthly-summary':
      return 'monthly-summary';
    case 'corrective-action':
      return 'corrective-action';
    default:
      return undefined;
  }
}

/** A compliance obligation as a duty (undefined when it is not one the portal reminds of). */
export function dutyFromObligation(projectId: number, o: Obligation): Duty | undefined {
  const kind = reminderKindOf(o);
  if (!kind || !o.duty) return undefined;
  return { projectId, kind, duty: o.duty, dueOn: o.dueOn, text: o.text, met: false };
}

/** What was already sent to the person: each duty once, and one digest a day. */
export interface SentBefore {
  /** `${projectId} ${duty}` of every duty already reminded of. */
  duties: ReadonlySet<string>;
  /** Whether a digest already went to them today. */
  digestToday: boolean;
}

export const sentKey = (projectId: number | null, duty: string) => `${projectId ?? ''} ${duty}`;

/**
 * The reminders to put in today's digest: duties not met, due today or later and no later than the person's
 * days ahead for their kind, not reminded of before; nothing when a digest already went today. Soonest first.
 */
export function remindersDue(
  duties: readonly Duty[],
  prefs: ReminderPreferences,
  sent: SentBefore,
  today: string,
): Duty[] {
  if (sent.digestToday) return [];
  return duties
    .filter((d) => {
      const ahead = prefs[d.kind];
      if (ahead == null || d.met) return false;
      const left = daysBetween(today, d.dueOn);
      return left >= 0 && left <= ahead && !sent.duties.has(sentKey(d.projectId, d.duty));
    })
    .sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : (a.projectId ?? 0) - (b.projectId ?? 0)));
}

/** A milestone's work as the schedule shows it: a recorded plan, or the NOI's planned start of construction. */
export interface PlannedMilestone {
  milestone: Milestone;
  /** The town day its work is expected to begin. */
  plannedOn: string;
}

/**
 * The milestones a project's schedule shows: each recorded plan, and the NOI's planned start standing for the
 * start of construction while none is recorded and construction has not begun.
 */
export function plannedMilestones(
  project: { plannedStartOn: string | null; actualStartOn: string | null },
  plans: readonly PlannedMilestone[],
): PlannedMilestone[] {
  const out = [...plans];
  if (project.plannedStartOn && !project.actualStartOn && !plans.some((p) => p.milestone === 'start_of_construction'))
    out.push({ milestone: 'start_of_construction', plannedOn: project.plannedStartOn });
  return out;
}

/** Days either side of the planned day within which a notice is for that planned work (the schedule slips). */
export const NOTICE_MATCH_DAYS = 30;

/**
 * Subsection L(1)'s 48-hour notice before a planned milestone, as a duty: given by two days before the planned
 * day (48 hours before work that begins that morning). Met by a notice for the same milestone whose work falls
 * within a month of the planned day: a notice for earlier or later work of the same step counts, one from a
 * past season does not.
 */
export function milestoneNoticeDuty(
  projectId: number,
  plan: PlannedMilestone,
  noticesWorkDays: ReadonlyArray<{ milestone: Milestone; workOn: string }>,
): Duty {
  const dueOn = addDays(plan.plannedOn, -2);
  const label = MILESTONE_LABEL[plan.milestone];
  return {
    projectId,
    kind: 'milestone-notice',
    duty: `milestone-notice:${plan.milestone}:${plan.plannedOn}`,
    dueOn,
    text: `48-hour notice to the Stormwater Management Officer before “${label}”, planned for ${formatDay(plan.plannedOn)}: give it by ${formatDay(dueOn)}.`,
    met: noticesWorkDays.some(
      (n) => n.milestone === plan.milestone && Math.abs(daysBetween(plan.plannedOn, n.workOn)) <= NOTICE_MATCH_DAYS,
    ),
  };
}

/** A practice owner's annual report (stormwater-practices/practices.rules.ts: annualReportsComing) as a duty. */
export function annualReportDuty(practiceId: number, r: { year: number; dueOn: string }): Duty {
  return {
    projectId: null,
    kind: 'annual-report',
    duty: `annual-report:${practiceId}:${r.year}`,
    dueOn: r.dueOn,
    text: `Annual maintenance report for ${r.year}, due by ${formatDay(r.dueOn)}.`,
    met: false,
  };
}

/** A guarantee waiting for its renewal (projects/guarantees.rules.ts: renewalDue) as the officer's duty. */
export function renewalDuty(
  projectId: number,
  g: { id: number; expiresOn: string; kindWords: string; amountWords: string },
): Duty {
  return {
    projectId,
    kind: 'guarantee-expiry',
    duty: `guarantee-expiry:${g.id}:${g.expiresOn}`,
    dueOn: g.expiresOn,
    text: `The ${g.kindWords} of ${g.amountWords} expires on ${formatDay(g.expiresOn)}: ask for a renewal.`,
    met: false,
  };
}

/** A finding preceded by a reminder: one was sent for its duty before the finding began. */
export function precededByReminder(findingFrom: string, remindedOn: readonly string[]): boolean {
  return remindedOn.some((day) => day < findingFrom);
}
