/**
 * The 48-hour inspection notice (ordinance, "Erosion and sediment control inspection"): the applicant
 * notifies the Stormwater Management Officer at least 48 hours before each milestone. Pure.
 */
import { TOWN_INSPECTION_OUTCOMES, type TownInspectionOutcome } from '#db/enums.ts';
export { TOWN_INSPECTION_OUTCOMES, type TownInspectionOutcome };

import type { Milestone } from '#db/enums.ts';
export type { Milestone };
export const NOTICE_HOURS = 48;

export interface NoticeTiming {
  /** Whole hours between the notice and the milestone. */
  hours: number;
  late: boolean;
  /** Given at or after the milestone time: no advance notice at all. */
  afterMilestone: boolean;
  words: string;
}

export function noticeTiming(givenAt: Date, scheduledFor: Date): NoticeTiming {
  const ms = scheduledFor.getTime() - givenAt.getTime();
  const hours = Math.floor(ms / 3_600_000);
  const late = ms < NOTICE_HOURS * 3_600_000;
  if (ms <= 0)
    return { hours, late: true, afterMilestone: true, words: 'Given after the milestone time: no advance notice' };
  const span = hours >= 72 ? `${Math.floor(hours / 24)} days` : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return {
    hours,
    late,
    afterMilestone: false,
    words: late ? `Given ${span} ahead: late (the law requires at least ${NOTICE_HOURS} hours)` : `Given ${span} ahead`,
  };
}

export type NoticeProblem = { field: 'scheduledDate' | 'scheduledTime'; message: string } | undefined;

/** How far back a notice given after the milestone can still be recorded. */
export const AFTER_MILESTONE_LIMIT_DAYS = 366;

/**
 * A notice can be recorded late, or even after the milestone (it is recorded as such, and is a finding:
 * the law's 48 hours were not given), but not for work more than a year away on either side.
 */
export function noticeProblem(givenAt: Date, scheduledFor: Date): NoticeProblem {
  if (Number.isNaN(scheduledFor.getTime()))
    return { field: 'scheduledDate', message: 'Enter the date and time the milestone work will happen.' };
  const ms = scheduledFor.getTime() - givenAt.getTime();
  if (ms > AFTER_MILESTONE_LIMIT_DAYS * 86_400_000)
    return { field: 'scheduledDate', message: 'Give notice within a year of the work.' };
  if (-ms > AFTER_MILESTONE_LIMIT_DAYS * 86_400_000)
    return {
      field: 'scheduledDate',
      message: 'The milestone was more than a year before the notice: enter the date the work happened.',
    };
  return undefined;
}

export interface NoticeFinding {
  section: string;
  severity: 'medium' | 'low';
  title: string;
  text: string;
}

/**
 * A notice given less than 48 hours ahead, or after the milestone, is a finding against the applicant
 * (ordinance, "Erosion and sediment control inspection": notify "at least 48 hours before"). Undefined
 * for a notice given in time.
 */
export function noticeFinding(
  n: { milestone: string; givenAt: Date; scheduledFor: Date },
  when: (d: Date) => string,
): NoticeFinding | undefined {
  const t = noticeTiming(n.givenAt, n.scheduledFor);
  if (!t.late) return undefined;
  const section = 'Subsection L(1)';
  if (t.afterMilestone) {
    return {
      section,
      severity: 'medium',
      title: 'No advance notice of a milestone',
      text: `Notice of ${n.milestone} (${when(n.scheduledFor)}) was given ${when(n.givenAt)}, after the work: the law requires at least ${NOTICE_HOURS} hours' notice.`,
    };
  }
  return {
    section,
    severity: 'low',
    title: 'Late 48-hour notice',
    text: `Notice of ${n.milestone} (${when(n.scheduledFor)}) was given ${when(n.givenAt)}, ${t.hours} ${t.hours === 1 ? 'hour' : 'hours'} ahead: the law requires at least ${NOTICE_HOURS}.`,
  };
}

/**
 * Who gave a notice and who recorded it, in words: an operator gives notice in the portal themselves
 * ("given by Pat Lee"); the officer records one taken by phone ("given by Dale Ferris (phone); recorded
 * by Sam Okafor"). Notices recorded before the giver's name was kept show only who recorded them.
 */
export function noticeGivenWords(
  givenByName: string | null | undefined,
  recordedByName: string | null | undefined,
): string {
  const giver = givenByName?.trim();
  const recorder = recordedByName?.trim();
  if (giver && recorder && giver !== recorder) return `given by ${giver}; recorded by ${recorder}`;
  if (giver) return `given by ${giver}`;
  if (recorder) return `recorded by ${recorder}`;
  return '';
}

/** Town inspections are scheduled ahead: not for a time already past (record those), nor years out. */
export function scheduleProblem(
  scheduledFor: Date,
  now: Date,
  /** The municipality's kind ("village"), as the page's heading names the form. */
  kind = 'town',
): { field: 'scheduledDate'; message: string } | undefined {
  if (Number.isNaN(scheduledFor.getTime()))
    return { field: 'scheduledDate', message: 'Enter the date and time of the inspection.' };
  if (scheduledFor.getTime() < now.getTime() - 60_000)
    return {
      field: 'scheduledDate',
      message: `That time has passed: schedule an inspection ahead, or record one that has happened under “Record a ${kind} inspection”.`,
    };
  if (scheduledFor.getTime() - now.getTime() > 366 * 86_400_000)
    return { field: 'scheduledDate', message: 'Schedule the inspection within a year.' };
  return undefined;
}
