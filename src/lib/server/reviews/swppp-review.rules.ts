/**
 * The SWPPP review clocks (ordinance, "Review and approval"; amendments are "processed and approved or
 * disapproved in the same manner"):
 *
 * - Within 30 days (the town's setting, decision 0044) of receipt the Stormwater Management Officer determines whether the SWPPP is complete;
 *   if not, the applicant is told in writing what is missing. A revised plan is a new receipt.
 * - Within 30 days after receiving a complete plan, the officer approves, approves with conditions, or
 *   disapproves with reasons. The complete plan is "received" on its receipt date when it was complete
 *   as received, or on the day the revised plan with the missing information arrived; never on the day
 *   the officer happened to record it as complete (decision 0023).
 * - Failure to act on a *complete* application within 30 days authorizes the applicant to proceed as
 *   filed, unless the time is extended by agreement. A plan whose completeness the town never determined
 *   is not authorized: it shows that the town has not decided within the 30 days (decision 0023).
 * - An amendment found deficient follows Subsection R(2): seven days from the notice to amend the SWPPP
 *   and certify the changes (decision 0024).
 *
 * Days are calendar days (GCL §20: the day of receipt is not counted; §25-a: a period ending on a closed
 * day runs to the next business day). Pure: facts and a calendar in, plain words out.
 */
import { SWPPP_DECISION_LABEL } from '#lib/shared/labels.ts';
import { SWPPP_DECISIONS, type SwpppDecision } from '#db/enums.ts';
export { SWPPP_DECISIONS, type SwpppDecision };
import { addDays, daysBetween, maxDay } from '#lib/shared/days.ts';
import { formatDay } from '#lib/shared/format.ts';
import {
  DEFAULT_LOCAL_LAW,
  daysInWords,
  lawCitation,
  type LocalLawValues,
} from '#lib/server/platform/local-law.rules.ts';
import type { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { calendarDayPeriod, daysLeftWords, type Period } from '#lib/server/platform/time/periods.rules.ts';
import { swpppCorrectionDeadline } from '#lib/server/enforcement/actions.rules.ts';

/** The model law's 30 days; a town's own number comes in as a fact (`ReviewLaw`, decision 0044). */
export const SWPPP_REVIEW_DAYS = DEFAULT_LOCAL_LAW.swpppReviewDays;

/** The town's periods the clock counts with (loaded by the services from the local-law settings). */
export type ReviewLaw = Pick<LocalLawValues, 'swpppReviewDays' | 'correctionDays' | 'citations'>;

export interface ReviewFacts {
  receivedOn: string;
  resubmittedOn?: string | null;
  completeOn?: string | null;
  deficienciesNotifiedOn?: string | null;
  decision?: string | null;
  decidedOn?: string | null;
  extendedUntil?: string | null;
  /** An amendment to an approved SWPPP (Subsection R(2)'s seven days apply to a deficient one). */
  amendment?: boolean;
}

export type ReviewStage =
  'completeness' | 'completeness_overdue' | 'awaiting_revision' | 'decision' | 'decided' | 'authorized_as_filed';

export interface ReviewClock {
  stage: ReviewStage;
  /** The clock that runs (or ran out), if any. */
  clock?: {
    kind: 'completeness' | 'decision';
    period: Period;
    /** The effective deadline: the period's due date, or a later date agreed with the applicant. */
    deadline: string;
    extended: boolean;
    /** Calendar days from today to the deadline (0 = today, negative = passed). */
    daysLeft: number;
    /** Which day of the period today is, counted from the receipt ("Day 22 of 30"; `reviewDay`). */
    day: ReviewDay;
  };
  /** The first day the applicant may proceed as filed because the town did not act in time. */
  authorizedOn?: string;
  /** An amendment found deficient: the day the amended SWPPP and its certification are due (R(2)). */
  revisionDueOn?: string;
  /** For the officer: one line with what is due. */
  headline: string;
  /** For residents: the plan's standing in plain words. */
  publicStatus: string;
  /** How the dates were worked out. */
  explanation: string[];
  /** Whether the officer has something to do on this review. */
  needsAction: boolean;
}

/** The revised plan that answers the deficiency notice, if one arrived (on the notice's own day counts). */
export function answeringRevision(r: Pick<ReviewFacts, 'resubmittedOn' | 'deficienciesNotifiedOn'>): string | null {
  if (!r.resubmittedOn) return null;
  return !r.deficienciesNotifiedOn || r.resubmittedOn >= r.deficienciesNotifiedOn ? r.resubmittedOn : null;
}

/**
 * Whether the review waits for the revised plan a deficiency notice asked for: noticed, not yet answered by a
 * revised plan, neither found complete nor decided. The next plan the project sends is that revised plan.
 */
export function awaitsRevisedPlan(
  r: Pick<ReviewFacts, 'resubmittedOn' | 'deficienciesNotifiedOn' | 'completeOn' | 'decidedOn'>,
): boolean {
  return Boolean(r.deficienciesNotifiedOn) && !r.completeOn && !r.decidedOn && !answeringRevision(r);
}

/**
 * The day the town received a complete plan: the revised plan's receipt when one answered a deficiency
 * notice, else the original receipt (the plan was complete as received). Not the day it was recorded.
 * A record found incomplete whose revised plan's receipt was never entered (older records) can only
 * count from the day it was found complete.
 */
export function completePlanReceivedOn(
  r: Pick<ReviewFacts, 'receivedOn' | 'resubmittedOn' | 'deficienciesNotifiedOn' | 'completeOn'>,
): string {
  const revised = answeringRevision(r);
  if (revised) return revised;
  return r.deficienciesNotifiedOn && r.completeOn ? r.completeOn : r.receivedOn;
}

/** The clock for one review (an original SWPPP or an amendment) as of `today`. */
export function reviewClock(
  r: ReviewFacts,
  today: string,
  calendar: BusinessCalendar,
  law: ReviewLaw = DEFAULT_LOCAL_LAW,
  /** The municipality's word ("Village"), which the public status and the desk name. */
  kindWord = 'Town',
): ReviewClock {
  const N = law.swpppReviewDays;
  const kindLower = kindWord.toLowerCase();
  const decision = r.decision as SwpppDecision | null | undefined;
  const resubmitted = answeringRevision(r);
  const start = completePlanReceivedOn(r);

  if (decision && r.decidedOn) {
    const label = SWPPP_DECISION_LABEL[decision] ?? decision;
    const explanation = [`${label} in writing on ${formatDay(r.decidedOn)}.`];
    // Say so when the decision came after the applicant had already been authorized by default.
    const due = calendarDayPeriod(start, N, calendar).dueOn;
    const deadline = r.extendedUntil ? maxDay(due, r.extendedUntil) : due;
    if (r.decidedOn > deadline) {
      explanation.push(
        `The decision came after the deadline of ${formatDay(deadline)}; from ${formatDay(addDays(deadline, 1))} the applicant was authorized to proceed as filed.`,
      );
    }
    return {
      stage: 'decided',
      headline: `${label} on ${formatDay(r.decidedOn)}`,
      publicStatus: `${label} on ${formatDay(r.decidedOn)}`,
      explanation,
      needsAction: false,
    };
  }

  if (r.deficienciesNotifiedOn && !r.completeOn && !resubmitted) {
    const explanation = [
      `Received ${formatDay(r.receivedOn)}; the applicant was told in writing on ${formatDay(r.deficienciesNotifiedOn)} what the plan lacks.`,
      `No clock runs until a revised plan arrives; its receipt starts a new ${N}-day completeness review.`,
    ];
    if (r.amendment) {
      // Subsection R(2): seven days from the notification to amend the SWPPP and certify the changes.
      const due = swpppCorrectionDeadline(r.deficienciesNotifiedOn, calendar, null, law);
      const late = today > due.dueOn;
      explanation.push(
        `${lawCitation(law, 'correctionDays')}: the permittee has ${daysInWords(law.correctionDays)} to amend the SWPPP and certify the changes in writing. ${due.explanation}`,
      );
      return {
        stage: 'awaiting_revision',
        revisionDueOn: due.dueOn,
        headline: late
          ? `Deficiencies sent ${formatDay(r.deficienciesNotifiedOn)}; the amended SWPPP was due ${formatDay(due.dueOn)} and has not arrived`
          : `Deficiencies sent ${formatDay(r.deficienciesNotifiedOn)}; the amended SWPPP is due ${formatDay(due.dueOn)}`,
        publicStatus: `Amendment found deficient on ${formatDay(r.deficienciesNotifiedOn)}; the permittee must amend the SWPPP and certify the changes by ${formatDay(due.dueOn)}.`,
        explanation,
        needsAction: late,
      };
    }
    return {
      stage: 'awaiting_revision',
      headline: `Deficiencies sent ${formatDay(r.deficienciesNotifiedOn)}; waiting for a revised plan`,
      publicStatus: `Found incomplete on ${formatDay(r.deficienciesNotifiedOn)}; the applicant must submit a revised plan. Land development may not proceed until a revised plan is approved.`,
      explanation,
      needsAction: false,
    };
  }

  const kind: 'completeness' | 'decision' = r.completeOn ? 'decision' : 'completeness';
  const period = calendarDayPeriod(start, N, calendar);
  const extended = Boolean(r.extendedUntil && r.extendedUntil > period.dueOn);
  const deadline = extended ? (r.extendedUntil as string) : period.dueOn;
  const daysLeft = daysBetween(today, deadline);
  const clock = { kind, period, deadline, extended, daysLeft, day: reviewDay(period, today) };

  const explanation: string[] = [];
  if (kind === 'completeness') {
    explanation.push(
      `${resubmitted ? 'Revised plan received' : 'Received'} ${formatDay(start)}. The officer has ${N} days from receipt to decide whether it is complete; the day of receipt is not counted.`,
    );
  } else {
    explanation.push(
      `Complete plan received ${formatDay(start)}${resubmitted ? ' (the revised plan with the missing information)' : ' (complete as received)'}; recorded as complete on ${formatDay(r.completeOn as string)}. The officer has ${N} days from receiving the complete plan to approve, approve with conditions, or disapprove.`,
    );
  }
  explanation.push(
    period.rolledBecause
      ? `Day ${N} is ${formatDay(period.lastDay)}, a ${period.rolledBecause === 'Saturday' || period.rolledBecause === 'Sunday' ? period.rolledBecause : `closed day (${period.rolledBecause})`}, so the period runs to the next business day, ${formatDay(period.dueOn)}.`
      : `Day ${N} is ${formatDay(period.dueOn)}.`,
  );
  if (extended) explanation.push(`Extended by agreement with the applicant to ${formatDay(deadline)}.`);

  if (daysLeft < 0 && kind === 'completeness') {
    // Only a complete application the town did not act on is authorized as filed (decision 0023).
    explanation.push(
      `No completeness determination was recorded by ${formatDay(deadline)}. The default authorization applies only to a complete plan, so the applicant is not authorized to proceed as filed; the ${kindLower} must still decide.`,
    );
    return {
      stage: 'completeness_overdue',
      clock,
      headline: `Completeness determination overdue since ${formatDay(deadline)}: the ${kindWord} has not decided within the ${N} days the law gives`,
      publicStatus: `Received ${formatDay(r.receivedOn)}${resubmitted ? `, revised plan received ${formatDay(resubmitted)}` : ''}; the ${kindWord} has not decided within the ${N} days the law gives (by ${formatDay(deadline)}) whether the plan is complete. This is not an approval.`,
      explanation,
      needsAction: true,
    };
  }
  if (daysLeft < 0) {
    const authorizedOn = addDays(deadline, 1);
    explanation.push(
      `No decision was recorded by ${formatDay(deadline)}, so from ${formatDay(authorizedOn)} the applicant is authorized to proceed as filed.`,
    );
    return {
      stage: 'authorized_as_filed',
      clock,
      authorizedOn,
      headline: `No decision within ${extended ? 'the extended time' : `${N} days`}: the applicant has been authorized to proceed as filed since ${formatDay(authorizedOn)}`,
      publicStatus: `The ${kindLower} did not act on the complete plan within ${extended ? 'the time agreed with the applicant' : `${N} days`}, so under the law the applicant has been authorized to proceed as filed since ${formatDay(authorizedOn)}.`,
      explanation,
      needsAction: true,
    };
  }
  const task = kind === 'completeness' ? 'Completeness determination' : 'Decision';
  return {
    stage: kind,
    clock,
    headline: `${task} due ${formatDay(deadline)} (${daysLeftWords(daysLeft)})`,
    publicStatus:
      kind === 'completeness'
        ? `Received ${formatDay(r.receivedOn)}${resubmitted ? `, revised plan received ${formatDay(resubmitted)}` : ''}; the ${kindLower} is checking that it is complete (by ${formatDay(deadline)}).`
        : `Complete plan received ${formatDay(start)}; the ${kindLower}'s decision is due by ${formatDay(deadline)}.`,
    explanation,
    needsAction: true,
  };
}

export interface ReviewDay {
  /** 0 on the day of receipt, 1 the day after, N on the period's last day; above N once past it. */
  day: number;
  /** The period's length (the town's setting). */
  of: number;
  /** "Day 22 of 30", or how a day past the last is still within the period. */
  words: string;
}

/**
 * Which day of a review period `today` is: the one count every page shows. Counted forward from the day the
 * period runs from (GCL §20: that day is not counted, so the day after receipt is day 1), never backward
 * from the due date: a last day moved past a closed day (§25-a) or an extension adds days at the end, not
 * at the start (received Nov 13, Dec 5 is day 22 although day 30 falls on a Sunday).
 */
export function reviewDay(period: Pick<Period, 'from' | 'days' | 'lastDay'>, today: string): ReviewDay {
  const day = Math.max(0, daysBetween(period.from, today));
  const of = period.days;
  if (day === 0)
    return {
      day,
      of,
      words: `Day 0 of ${of}: the day of receipt is not counted, day 1 is ${formatDay(addDays(period.from, 1))}`,
    };
  if (day <= of) return { day, of, words: `Day ${day} of ${of}` };
  return { day, of, words: `Day ${day}: day ${of} was ${formatDay(period.lastDay)}` };
}
