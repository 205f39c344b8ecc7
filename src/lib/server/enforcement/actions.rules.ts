/**
 * The rules of enforcement actions under the ordinance ("Enforcement and penalties"), as pure functions:
 *
 * - the state machine: issued → complied → closed; issued/complied → escalated (a stronger action
 *   follows); withdrawn; a stop-work order closes only with the date it was lifted; a fine closes only
 *   when paid or waived;
 * - fines: a court penalty ("upon conviction", R(3)): the officer refers the case to court; the court
 *   convicts and imposes the fine, at most $250 for each day the violation existed (each day a
 *   separate offense); the officer records the court, docket, conviction date and fine (decision 0025);
 * - the SWPPP deficiency notice: the permittee has seven days to amend the SWPPP and certify the changes
 *   (or as otherwise provided by the town);
 * - fine payments: assessed → partly paid → paid, or waived.
 */
import { daysBetween } from '#lib/shared/days.ts';
import type { EnforcementStatus, EnforcementType } from '#db/schema.ts';
import { formatDay, formatMoney, plural } from '#lib/shared/format.ts';
import type { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { calendarDayPeriod, type Period } from '#lib/server/platform/time/periods.rules.ts';
import { DEFAULT_LOCAL_LAW, daysInWords, type LocalLawValues } from '#lib/server/platform/local-law.rules.ts';
import { fail, type Failure, type Refusal, type Result } from '#lib/server/platform/result.ts';

/** The model law's maximum: "a fine not to exceed $250"; each day is a separate offense. The town's own is a setting (decision 0044). */
export const MAX_DAILY_FINE_CENTS = DEFAULT_LOCAL_LAW.maxDailyFineCents;
/** "Within seven days of such notification (or as otherwise provided by the Town)"; the town's own is a setting. */
export const SWPPP_CORRECTION_DAYS = DEFAULT_LOCAL_LAW.correctionDays;

export type EnforcementCategory = 'informal' | 'formal' | 'judicial';
export type FineStatus = 'assessed' | 'partly_paid' | 'paid' | 'waived';

export interface TypeRule {
  category: EnforcementCategory;
  /** The ordinance subsection it rests on, as the officer usually cites it. */
  citation: string | null;
  /** A comply-by date is required when issuing. */
  needsComplyBy: boolean;
  /** Required measures must be listed. */
  needsMeasures: boolean;
}

/** Defaults per type; the officer can cite more precisely when issuing (citation null: no default). */
export const ENFORCEMENT_TYPE_RULES: Record<EnforcementType, TypeRule> = {
  // A warning or a notice of violation cites what was violated: no one section fits every case.
  written_warning: { category: 'informal', citation: null, needsComplyBy: false, needsMeasures: true },
  notice_of_violation: { category: 'formal', citation: null, needsComplyBy: true, needsMeasures: true },
  swppp_deficiency_notice: {
    category: 'formal',
    citation: 'Subsection R(2)',
    needsComplyBy: true,
    needsMeasures: true,
  },
  stop_work_order: { category: 'formal', citation: 'Subsection R(1)', needsComplyBy: false, needsMeasures: true },
  fine: { category: 'judicial', citation: 'Subsection R(3)', needsComplyBy: false, needsMeasures: false },
  occupancy_hold: { category: 'formal', citation: 'Subsection R(4)', needsComplyBy: false, needsMeasures: true },
  dec_referral: { category: 'formal', citation: 'Subsection R(3)', needsComplyBy: false, needsMeasures: false },
};

/**
 * What a notice cites: the section the officer entered, else the sections of the violations it is
 * issued for, else the usual section of its kind; undefined when none applies (the officer must cite).
 */
export function citationFor(
  type: EnforcementType,
  entered: string | null | undefined,
  violationSections: Array<string | null | undefined>,
): string | undefined {
  if (entered?.trim()) return entered.trim();
  const cited = [...new Set(violationSections.map((v) => v?.trim()).filter((v): v is string => Boolean(v)))];
  if (cited.length) return cited.join('; ');
  return ENFORCEMENT_TYPE_RULES[type].citation ?? undefined;
}

// ---------------------------------------------------------------------------------------------
// Fines

export interface FineInput {
  /** Days the violation existed (each a separate offense). */
  days: number;
  dailyRateCents: number;
}

export type FineResult =
  | {
      ok: true;
      days: number;
      dailyRateCents: number;
      assessedCents: number;
      /** The rate asked for, when it was above the cap and was lowered to it. */
      cappedFromCents?: number;
      /** The working, in words, for the officer to confirm and for the notice. */
      lines: string[];
    }
  | Failure;

/** The town's fine cap and its citation (loaded by the services, decision 0044). */
export type FineLaw = Pick<LocalLawValues, 'maxDailyFineCents' | 'citations'>;

/** Days × rate, the rate capped at the law's most a day (the town's setting, $250 in the model law). The officer confirms the result before it is assessed. */
export function calculateFine(input: FineInput, law: FineLaw = DEFAULT_LOCAL_LAW): FineResult {
  const MAX = law.maxDailyFineCents;
  if (!Number.isInteger(input.days) || input.days < 1)
    return fail('Enter the number of days the violation existed, a whole number of 1 or more.', 'days');
  if (input.days > 3650) return fail('Enter at most 3,650 days (ten years).', 'days');
  if (!Number.isInteger(input.dailyRateCents) || input.dailyRateCents < 1)
    return fail('Enter a daily fine of at least $0.01, like 150 or 150.00.', 'dailyRateCents');
  const capped = input.dailyRateCents > MAX;
  const rate = capped ? MAX : input.dailyRateCents;
  const assessedCents = rate * input.days;
  const lines: string[] = [];
  if (capped)
    lines.push(
      `The law allows at most ${formatMoney(MAX)} a day; the ${formatMoney(input.dailyRateCents)} entered is lowered to ${formatMoney(MAX)}.`,
    );
  lines.push(`${plural(input.days, 'day')} × ${formatMoney(rate)} a day = ${formatMoney(assessedCents)}.`);
  lines.push('Each day the violation existed is a separate offense.');
  return {
    ok: true,
    days: input.days,
    dailyRateCents: rate,
    assessedCents,
    cappedFromCents: capped ? input.dailyRateCents : undefined,
    lines,
  };
}

export interface ConvictionInput {
  convictedOn: string;
  /** The day the case was referred to court (the action's issue date). */
  referredOn: string;
  docketNumber: string;
  /** Days of violation the court convicted on (each a separate offense). */
  days: number;
  /** The fine the court imposed. */
  fineCents: number;
}

export type ConvictionResult = Result<{ maxCents: number; words: string }>;

/** Check the court's conviction as the officer records it: a fine of at most the law's most (the town's setting) per day of violation. */
export function checkConviction(c: ConvictionInput, today: string, law: FineLaw = DEFAULT_LOCAL_LAW): ConvictionResult {
  if (c.convictedOn > today) return fail('The conviction date cannot be in the future.', 'convictedOn');
  if (c.convictedOn < c.referredOn)
    return fail(
      `The conviction cannot come before the case was referred to court (${formatDay(c.referredOn)}).`,
      'convictedOn',
    );
  if (!c.docketNumber.trim()) return fail('Enter the court’s docket number.', 'docketNumber');
  if (!Number.isInteger(c.days) || c.days < 1)
    return fail(
      'Enter the number of days of violation the court convicted on, a whole number of 1 or more.',
      'fineDays',
    );
  if (!Number.isInteger(c.fineCents) || c.fineCents < 1)
    return fail('Enter the fine the court imposed, like 750.00.', 'fineAmount');
  const maxCents = c.days * law.maxDailyFineCents;
  if (c.fineCents > maxCents) {
    return fail(
      `The law allows at most ${formatMoney(law.maxDailyFineCents)} for each day of violation: at most ${formatMoney(maxCents)} for ${plural(c.days, 'day')}. Check the court’s judgment.`,
      'fineAmount',
    );
  }
  return {
    ok: true,
    maxCents,
    words: `Fined ${formatMoney(c.fineCents)} by the court on ${formatDay(c.convictedOn)} for ${plural(c.days, 'day')} of violation (at most ${formatMoney(maxCents)}).`,
  };
}

/** Days a violation existed from the first to the last day, both counted. */
export function violationDays(firstDay: string, lastDay: string): number {
  return daysBetween(firstDay, lastDay) + 1;
}

export type PaymentResult = Result<{ paidCents: number; status: FineStatus; balanceCents: number }, Refusal>;

/** Record a payment toward a fine: never more than the balance, never on a waived fine. */
export function applyFinePayment(
  fine: { assessedCents: number | null; paidCents: number; status: FineStatus | null },
  amountCents: number,
): PaymentResult {
  if (fine.assessedCents == null) return fail('The court has not imposed a fine: record the conviction first.');
  if (fine.status === 'waived') return fail('This fine was waived; no payment can be recorded.');
  if (!Number.isInteger(amountCents) || amountCents < 1) return fail('Enter the amount paid, like 250.00.');
  const balance = fine.assessedCents - fine.paidCents;
  if (balance <= 0) return fail('This fine is already paid in full.');
  if (amountCents > balance) return fail(`The payment is more than the balance of ${formatMoney(balance)}.`);
  const paidCents = fine.paidCents + amountCents;
  return {
    ok: true,
    paidCents,
    balanceCents: fine.assessedCents - paidCents,
    status: fineStatusFor(fine.assessedCents, paidCents),
  };
}

export function fineStatusFor(assessedCents: number, paidCents: number): FineStatus {
  if (paidCents >= assessedCents) return 'paid';
  return paidCents > 0 ? 'partly_paid' : 'assessed';
}

// ---------------------------------------------------------------------------------------------
// The SWPPP deficiency notice

export interface CorrectionDeadline {
  dueOn: string;
  period: Period;
  /** Set when the town gave a different date ("or as otherwise provided by the Town"). */
  otherwiseProvided: boolean;
  explanation: string;
}

const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/** The town's days (the model law's seven) from the notification to amend the SWPPP and certify the changes in writing. */
export function swpppCorrectionDeadline(
  notifiedOn: string,
  calendar: BusinessCalendar,
  otherwiseProvided?: string | null,
  law: Pick<LocalLawValues, 'correctionDays'> = DEFAULT_LOCAL_LAW,
  /** The municipality's kind ("village"), named when it set another date. */
  kind = 'town',
): CorrectionDeadline {
  const n = law.correctionDays;
  const period = calendarDayPeriod(notifiedOn, n, calendar);
  if (otherwiseProvided && otherwiseProvided !== period.dueOn) {
    return {
      dueOn: otherwiseProvided,
      period,
      otherwiseProvided: true,
      explanation: `The ${kind} set ${formatDay(otherwiseProvided)} instead of the usual ${daysInWords(n)} (${formatDay(period.dueOn)}).`,
    };
  }
  return {
    dueOn: period.dueOn,
    period,
    otherwiseProvided: false,
    explanation: period.rolledBecause
      ? `${cap(daysInWords(n))} after ${formatDay(notifiedOn)} is ${formatDay(period.lastDay)} (${period.rolledBecause}), so the deadline runs to the next business day, ${formatDay(period.dueOn)}.`
      : `${cap(daysInWords(n))} after ${formatDay(notifiedOn)}: ${formatDay(period.dueOn)}.`,
  };
}

// ---------------------------------------------------------------------------------------------
// The state machine

export type EnforcementEvent = 'comply' | 'escalate' | 'withdraw' | 'close';

export interface ActionState {
  type: EnforcementType;
  status: EnforcementStatus;
  issuedOn: string;
  closedOn: string | null;
  liftedOn: string | null;
  fineStatus: FineStatus | null;
}

export interface EventInput {
  /** The date the event happened (local). */
  on: string;
  /** Stop-work orders: the date the town confirmed compliance and lifted it. */
  liftedOn?: string | null;
}

export type StatePatch = Partial<{
  status: EnforcementStatus;
  closedOn: string | null;
  liftedOn: string | null;
  compliedOn: string | null;
}>;
export type TransitionResult = Result<{ patch: StatePatch }, Refusal>;

/** Whether an action in each status can still move; every status is placed (decision 0088). */
const OPEN_STATUS = {
  issued: true,
  complied: true,
  escalated: true,
  withdrawn: false,
  closed: false,
} as const satisfies Record<EnforcementStatus, boolean>;

/** The events an action can take now, for the officer's buttons. */
export function availableEvents(a: ActionState): EnforcementEvent[] {
  if (!OPEN_STATUS[a.status] || a.closedOn) return [];
  const out: EnforcementEvent[] = [];
  if (a.status === 'issued') out.push('comply');
  if (a.status !== 'escalated') out.push('escalate');
  out.push('withdraw', 'close');
  return out;
}

/** Apply an event; dates must fall between the issued date and today. */
export function transition(
  a: ActionState,
  event: EnforcementEvent,
  input: EventInput,
  today: string,
  /** The municipality's kind ("village"), named in what a message asks for. */
  kind = 'town',
): TransitionResult {
  if (!availableEvents(a).includes(event)) {
    return fail(
      a.closedOn || !OPEN_STATUS[a.status]
        ? 'This action is already resolved; it cannot change.'
        : `This action cannot be ${EVENT_PAST[event]} now.`,
    );
  }
  const when = event === 'close' && a.type === 'stop_work_order' ? (input.liftedOn ?? '') : input.on;
  if (!when) {
    return fail(
      a.type === 'stop_work_order' && event === 'close'
        ? `A stop-work order closes only when lifted: enter the date the ${kind} lifted it.`
        : 'Enter the date.',
    );
  }
  if (when < a.issuedOn) return fail(`The date cannot be before the action was issued (${formatDay(a.issuedOn)}).`);
  if (when > today) return fail('The date cannot be in the future.');
  switch (event) {
    case 'comply':
      return { ok: true, patch: { status: 'complied', compliedOn: when } };
    case 'escalate':
      return { ok: true, patch: { status: 'escalated' } };
    case 'withdraw':
      // A withdrawn stop-work order no longer stops work: it carries the date work may resume.
      return {
        ok: true,
        patch: { status: 'withdrawn', closedOn: when, ...(a.type === 'stop_work_order' ? { liftedOn: when } : {}) },
      };
    case 'close':
      if (a.type === 'fine' && a.fineStatus !== 'paid' && a.fineStatus !== 'waived') {
        return fail(
          'A court referral closes only when the fine the court imposed is paid in full or waived; withdraw it if the court dismissed the case.',
        );
      }
      return {
        ok: true,
        patch: { status: 'closed', closedOn: when, ...(a.type === 'stop_work_order' ? { liftedOn: when } : {}) },
      };
  }
}

const EVENT_PAST: Record<EnforcementEvent, string> = {
  comply: 'marked complied',
  escalate: 'escalated',
  // An action not yet resolved can always be withdrawn or closed, and a resolved one gets its own message.
  // Stryker disable next-line StringLiteral: never shown (withdrawing is refused only to a resolved action)
  withdraw: 'withdrawn',
  // Stryker disable next-line StringLiteral: never shown (closing is refused only to a resolved action)
  close: 'closed',
};

/**
 * The project's status after a stop-work order is issued or lifted. While any stop-work order is in
 * force the status is stop_work; when the last one is lifted, the status it had before comes back.
 */
export function projectStatusAfterStopWork<S extends string>(
  current: S,
  stopWorkInForce: boolean,
  statusBefore: S | null | undefined,
  fallback: S,
): S {
  if (stopWorkInForce) return 'stop_work' as S;
  if (current !== 'stop_work') return current;
  return statusBefore && statusBefore !== 'stop_work' ? statusBefore : fallback;
}
