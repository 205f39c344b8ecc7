/**
 * The 48-hour inspection notice (ordinance, "Erosion and sediment control inspection"): the applicant
 * notifies the Stormwater Management Officer at least 48 hours before each milestone. Pure.
 */
import { TOWN_INSPECTION_OUTCOMES, type TownInspectionOutcome } from '#db/enums.ts';
export { TOWN_INSPECTION_OUTCOMES, type TownInspectionOutcome };
import type { INSPECTION_MILESTONES } from '#db/schema.ts';

import type { Milestone } from '#db/enums.ts';
export type { Milestone };
export const NOTICE_HOURS = 48;

export interface NoticeTiming {
  /** Whole hours between the notice and the milestone. */
  hours: number;
  late: boolean;
  words: string;
}

export function noticeTiming(givenAt: Date, scheduledFor: Date): NoticeTiming {
  const ms = scheduledFor.getTime() - givenAt.getTime();
  const hours = Math.floor(ms / 3_600_000);
  const late = ms < NOTICE_HOURS * 3_600_000;
  if (ms <= 0) return { hours, late: true, words: 'Given after the milestone time: no advance notice' };
  const span = hours >= 72 ? `${Math.floor(hours / 24)} days` : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return { hours, late, words: late ? `Given ${span} ahead: late (the law requires at least ${NOTICE_HOURS} hours)` : `Given ${span} ahead` };
}

export type NoticeProblem = { field: 'scheduledDate' | 'scheduledTime'; message: string } | undefined;

/** An operator may give a late notice (it is recorded as late), but not one for a time already past. */
export function noticeProblem(givenAt: Date, scheduledFor: Date): NoticeProblem {
  if (Number.isNaN(scheduledFor.getTime())) return { field: 'scheduledDate', message: 'Enter the date and time the milestone work will happen.' };
  if (scheduledFor.getTime() <= givenAt.getTime()) return { field: 'scheduledDate', message: 'The milestone time has passed: give notice before the work happens.' };
  if (scheduledFor.getTime() - givenAt.getTime() > 366 * 86_400_000) return { field: 'scheduledDate', message: 'Give notice within a year of the work.' };
  return undefined;
}

/**
 * Who gave a notice and who recorded it, in words: an operator gives notice in the portal themselves
 * ("given by Pat Lee"); the officer records one taken by phone ("given by Dale Ferris (phone); recorded
 * by Sam Okafor"). Notices recorded before the giver's name was kept show only who recorded them.
 */
export function noticeGivenWords(givenByName: string | null | undefined, recordedByName: string | null | undefined): string {
  const giver = givenByName?.trim();
  const recorder = recordedByName?.trim();
  if (giver && recorder && giver !== recorder) return `given by ${giver}; recorded by ${recorder}`;
  if (giver) return `given by ${giver}`;
  if (recorder) return `recorded by ${recorder}`;
  return '';
}

/** Town inspections are scheduled ahead: not for a time already past (record those), nor years out. */
export function scheduleProblem(scheduledFor: Date, now: Date): { field: 'scheduledDate'; message: string } | undefined {
  if (Number.isNaN(scheduledFor.getTime())) return { field: 'scheduledDate', message: 'Enter the date and time of the inspection.' };
  if (scheduledFor.getTime() < now.getTime() - 60_000) return { field: 'scheduledDate', message: 'That time has passed: schedule an inspection ahead, or record one that has happened under “Record a town inspection”.' };
  if (scheduledFor.getTime() - now.getTime() > 366 * 86_400_000) return { field: 'scheduledDate', message: 'Schedule the inspection within a year.' };
  return undefined;
}
