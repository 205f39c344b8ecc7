/**
 * Records requests (FOIL, Public Officers Law §89(3), and the ordinance's five business days): the pure
 * rules. Which statuses are open, what the town must do next and by when, request and invoice numbers,
 * and the plain-words explanation the requester sees. No database access here.
 */
import type { TownWords } from '#lib/shared/town-profile.ts';
import { createHash } from 'node:crypto';
import { REQUEST_STATUSES, type DeliveryMethod, type RequestStatus } from '#db/enums.ts';
import { membersWhere } from '#lib/shared/closed-lists.ts';
import { formatDay, formatInstant, sequenceNumber } from '#lib/shared/format.ts';
import { copiesRespondBy, madeAvailableOn, readyWords } from './delivery.rules.ts';
import { costApprovalClause } from '#lib/shared/fees.ts';

import type { RequestChannel } from '#db/enums.ts';
export type { RequestChannel };

/**
 * Whether a request in each status is still open (the Town owes an answer, a bill, copies or the requester's
 * reply). Every status is placed (decision 0088): a new one fails the build until it is.
 */
const OPEN = {
  received: true,
  acknowledged: true,
  awaiting_cost_approval: true,
  awaiting_payment: true,
  fulfilled: false,
  denied: false,
  withdrawn: false,
  awaiting_clarification: true,
  copies_ready: true,
  closed_duplicate: false,
} as const satisfies Record<RequestStatus, boolean>;
export const OPEN_STATUSES = membersWhere(REQUEST_STATUSES, OPEN);

export function isOpen(status: RequestStatus): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/**
 * The municipality's words the requester's sentences name (decision 0078), from its profile: "the Village",
 * "Village Hall".
 */
export type RequestWords = Pick<TownWords, 'kindWord' | 'hall'>;

/** What each status means, in the requester's words. */
export function requestStatusMeaning(w: RequestWords): Record<RequestStatus, string> {
  return {
    received: `The ${w.kindWord} has your request and is gathering the records.`,
    acknowledged: `The ${w.kindWord} has acknowledged your request in writing and given an approximate date.`,
    awaiting_cost_approval:
      'The cost is above the limit you gave, or includes staff time. Nothing is copied or charged until you approve it.',
    awaiting_payment: 'The records are ready. They are released when the invoice is paid.',
    fulfilled: 'The records have been provided.',
    denied: 'The request was denied in writing. You may appeal.',
    withdrawn: 'The request was withdrawn.',
    awaiting_clarification: `The ${w.kindWord} asked you a question about your request. Answer it below; the request goes back to the clerk as soon as you do.`,
    closed_duplicate: `The request asks for the same records as another request, and the ${w.kindWord} answers them there.`,
    copies_ready: `The copies are paid for (or free) and ready: waiting at ${w.hall} for you to pick up, or to be mailed, as you asked.`,
  };
}

export const REQUEST_CHANNELS_FOR_CLERK: RequestChannel[] = ['email', 'mail', 'walk_in', 'phone'];

/** What a denial says about appealing (POL §89(4)(a)), in the town's words (its profile). */
export function appealRights(t: TownWords): string {
  const o = t.profile.appealsOfficer;
  const office = t.profile.clerkOffice.address;
  return `You may appeal this denial in writing within 30 days to the ${t.fullName} Records Access Appeals Officer${o.title ? ` (${o.title})` : ''}${office ? `, ${office}` : ''}, or by e-mail. The appeals officer must answer within 10 business days (Public Officers Law §89(4)(a)).`;
}

/** How to pay an invoice: at the clerk's office, or a check by mail, in the town's words. */
export function howToPay(t: TownWords): string {
  const o = t.profile.clerkOffice;
  return `Pay at the ${o.name}${o.address ? `, ${o.address}` : ''} (cash, check or card), or mail a check payable to "${t.fullName}" with the invoice number.`;
}

/**
 * The date the town must next act by. Before anything is sent it is the statutory due date; after an
 * acknowledgment, the date the town promised. While the request waits for the requester (to approve a
 * cost or to pay) the next move is theirs, and a closed request has none.
 */
export function respondBy(r: {
  status: RequestStatus;
  dueOn: string;
  promisedOn: string | null;
  acknowledgedOn?: string | null;
  clarificationAnsweredOn?: string | null;
  delivery?: DeliveryMethod;
  copiesReadyOn?: string | null;
  accessDueOn?: string | null;
}): string | null {
  const next = townRespondBy(r);
  // The requester answered the clerk's question: the request is at the top of the queue (decision 0029), due the
  // day they answered (never later than its own deadline), until the Town next acts on it.
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a null date is never less than a day nor a day less than null, and `<=` returns the same day
  if (next != null && r.clarificationAnsweredOn != null && r.clarificationAnsweredOn < next)
    return r.clarificationAnsweredOn;
  return next;
}

function townRespondBy(r: {
  status: RequestStatus;
  dueOn: string;
  promisedOn: string | null;
  acknowledgedOn?: string | null;
  delivery?: DeliveryMethod;
  copiesReadyOn?: string | null;
  accessDueOn?: string | null;
}): string | null {
  // Copies ready: a pickup waits for the requester; mailing is the Town's next move (delivery.rules.ts).
  if (r.status === 'copies_ready')
    return r.delivery
      ? copiesRespondBy({ delivery: r.delivery, copiesReadyOn: r.copiesReadyOn, promisedOn: r.promisedOn })
      : null;
  // Waiting for the requester's clarification (decision 0029): asking a question does not pause POL §89(3)(a).
  // Unacknowledged, the five business days still bind, so the statutory due date stays the deadline; once
  // acknowledged, the next move is the requester's, as for a cost approval.
  if (r.status === 'awaiting_clarification') return r.acknowledgedOn ? null : r.dueOn;
  // An appeal granted reopens the request: access is owed by the day the officer's grant gives (decision 0065).
  if (r.accessDueOn != null && (r.status === 'received' || r.status === 'acknowledged')) return r.accessDueOn;
  if (r.status === 'received') return r.dueOn;
  // A late acknowledgment does not cure the missed deadline (POL §89(4)(a)): the request stays overdue.
  if (r.status === 'acknowledged') return acknowledgedLate(r) ? r.dueOn : (r.promisedOn ?? r.dueOn);
  return null;
}

/**
 * The deadline the Town's next act would meet: the promised date once acknowledged in time, else the
 * statutory due date (a late acknowledgment leaves the five days missed).
 */
export function townDeadline(r: { dueOn: string; acknowledgedOn?: string | null; promisedOn?: string | null }): string {
  return r.acknowledgedOn != null && !acknowledgedLate(r) && r.promisedOn != null ? r.promisedOn : r.dueOn;
}

/**
 * The day a staff act stating its own date counts for on the clock (decision 0064). Recorded while its
 * deadline still runs, the stated day stands (a letter sent yesterday, entered today). Recorded once the
 * deadline has passed, a stated day on or before it would erase the miss after the fact: the act counts
 * for the day it was recorded, and the stated day is kept only as the Town's claim.
 */
export function clockDay(
  stated: string,
  recordedOn: string,
  deadline: string,
  overdueBefore: string,
): { on: string; claimedOn: string | null } {
  if (duePassed(deadline, overdueBefore) && stated <= deadline && stated < recordedOn)
    return { on: recordedOn, claimedOn: stated };
  return { on: stated, claimedOn: null };
}

/** The timeline's words for a back-dated act: the day claimed, and the day the clock counts. */
export function claimedDayText(claimedOn: string, recordedOn: string, deadline: string, kindWord: string): string {
  return `The ${kindWord} dates this ${formatDay(claimedOn)}, but recorded it on ${formatDay(recordedOn)}, after the deadline of ${formatDay(deadline)}; the law's clock counts it from the day it was recorded.`;
}

/** An acknowledgment dated after the statutory due date is late; it is recorded as such. */
export function acknowledgedLate(r: { dueOn: string; acknowledgedOn?: string | null }): boolean {
  // Stryker disable next-line ConditionalExpression: a null acknowledgment is not after a date either
  return r.acknowledgedOn != null && r.acknowledgedOn > r.dueOn;
}

/**
 * Whether a due date has passed at `now`: a deadline is met at close of business, so it passes when that
 * day is over (`overdueBefore` is today after close of business, else today: see deadlineWindow).
 */
export function duePassed(dueOn: string, overdueBefore: string): boolean {
  return dueOn < overdueBefore;
}

export interface AnswerFacts {
  status: RequestStatus;
  dueOn: string;
  acknowledgedOn: string | null;
  fulfilledOn: string | null;
  deniedOn: string | null;
  withdrawnOn: string | null;
  /** Paper copies ready for pickup answer the request that day (delivery.rules.ts, decision 0030). */
  delivery?: DeliveryMethod;
  copiesReadyOn?: string | null;
  /** The day the request was closed as a duplicate of another. */
  duplicateClosedOn?: string | null;
  /** The approximate date given with the acknowledgment (or the latest extension): a deadline too (decision 0063). */
  promisedOn?: string | null;
  /** The first day the Town billed the request (cost approval asked, or invoice issued). */
  billedOn?: string | null;
}

/** The first day the Town answered in writing (acknowledged, granted or denied), or null. */
export function firstAnswerOn(r: AnswerFacts): string | null {
  const available = r.delivery ? madeAvailableOn({ delivery: r.delivery, copiesReadyOn: r.copiesReadyOn }) : null;
  // Stryker disable next-line MethodExpression,ConditionalExpression: unfiltered, sort() puts a null after the dates
  const days = [r.acknowledgedOn, r.fulfilledOn, r.deniedOn, available].filter((d): d is string => d != null);
  return days.sort()[0] ?? null;
}

/**
 * POL §89(3)(a), §89(4)(a): the five business days ran out without an answer (no acknowledgment, grant or
 * denial by close of business on the due date). That is a denial the requester may appeal, and it stays so:
 * a later answer is recorded as late, and a closure never moves a due date that has passed.
 * A request withdrawn before its due date passed was not missed.
 */
export function missedDeadline(r: AnswerFacts, overdueBefore: string): boolean {
  return missedDeadlineOn(r, overdueBefore) != null;
}

/** The five business days ran out without a first answer (the first of the two time limits below). */
function fiveDaysMissed(r: AnswerFacts, overdueBefore: string): boolean {
  const answered = firstAnswerOn(r);
  if (answered != null) return answered > r.dueOn;
  return unansweredPast(r, r.dueOn, overdueBefore);
}

/** Still unanswered once `deadline` passed: not withdrawn nor closed in time as a duplicate by then. */
function unansweredPast(r: AnswerFacts, deadline: string, overdueBefore: string): boolean {
  // Stryker disable next-line ConditionalExpression: a null withdrawal is not on or before a date either
  if (r.withdrawnOn != null && r.withdrawnOn <= deadline) return false;
  // Closed in time as a duplicate: the records are answered on the other request.
  // Stryker disable next-line ConditionalExpression: a null closing day is not on or before a date either
  if (r.duplicateClosedOn != null && r.duplicateClosedOn <= deadline) return false;
  return duePassed(deadline, overdueBefore);
}

/**
 * The first day the Town granted or denied (more than an acknowledgment): records provided or made
 * available, denied in writing, or billed (from then the next move is the requester's: a cost to approve
 * or an invoice to pay, decision 0063).
 */
export function decidedOn(r: AnswerFacts): string | null {
  const available = r.delivery ? madeAvailableOn({ delivery: r.delivery, copiesReadyOn: r.copiesReadyOn }) : null;
  // Stryker disable next-line MethodExpression,ConditionalExpression: unfiltered, sort() puts a null after the dates
  const days = [r.fulfilledOn, r.deniedOn, r.billedOn, available].filter((d): d is string => d != null);
  return days.sort()[0] ?? null;
}

/**
 * POL §89(3)(a) and 21 NYCRR 1401.5: the approximate date given with an acknowledgment is a time limit of
 * its own. Acknowledged in time, the request must be granted or denied by close of business on that date;
 * otherwise it is a denial the requester may appeal, as the missed five days are (decision 0063). It stays
 * one: a later grant is late, and the clerk may not extend a date that has passed.
 */
export function promiseMissed(r: AnswerFacts, overdueBefore: string): boolean {
  // Stryker disable next-line ConditionalExpression: with no promised date, `decided > null` and `null < overdueBefore` are false all the same
  if (r.promisedOn == null || r.acknowledgedOn == null) return false;
  const decided = decidedOn(r);
  if (decided != null) return decided > r.promisedOn;
  return unansweredPast(r, r.promisedOn, overdueBefore);
}

/**
 * The day a time limit ran out unanswered, which is the day of the denial an appeal counts from: the due
 * date when the five business days were missed, else the promised date when that was; null when neither.
 */
export function missedDeadlineOn(r: AnswerFacts, overdueBefore: string): string | null {
  if (fiveDaysMissed(r, overdueBefore)) return r.dueOn;
  if (promiseMissed(r, overdueBefore)) return r.promisedOn!;
  return null;
}

/**
 * When the town's calendar changes (a closure added or cancelled), the due date it gives. A due date that
 * has already passed stays as it was (the deadline was missed or met on the calendar of the day), and a new
 * date never lands on a day already over (reopening a past day cannot make a request overdue after the fact).
 */
export function dueDateAfterCalendarChange(
  current: string,
  recomputed: string,
  overdueBefore: string,
  opts: { onlyLater?: boolean } = {},
): string {
  if (duePassed(current, overdueBefore)) return current;
  if (duePassed(recomputed, overdueBefore)) return current;
  // A change in the statute's holiday table only ever adds days to a date the requester was told (decision 0092).
  if (opts.onlyLater && recomputed < current) return current;
  return recomputed;
}

export function missedDeadlineText(kindWord: string): string {
  return `The ${kindWord} did not answer this request within the five business days the law gives. Under Public Officers Law §89(4)(a) that counts as a denial, and you may appeal it.`;
}

/** The same denial when the date the municipality gave with its acknowledgment passed without a grant or denial. */
export function missedPromiseText(promisedOn: string, kindWord: string): string {
  return `The ${kindWord} acknowledged this request and gave ${formatDay(promisedOn)} as the date it would be answered, and that date passed without the records being granted or denied. Under Public Officers Law §89(3)(a) and §89(4)(a) that counts as a denial, and you may appeal it.`;
}

/** What the requester and the clerk read about a missed time limit, or null when none was missed. */
export function missedText(r: AnswerFacts, overdueBefore: string, kindWord: string): string | null {
  const on = missedDeadlineOn(r, overdueBefore);
  if (on == null) return null;
  return on === r.dueOn ? missedDeadlineText(kindWord) : missedPromiseText(on, kindWord);
}

/** R-2026-0042, INV-2026-0007: per-year sequences, at least four digits. */
export function formatNumber(prefix: 'R' | 'INV', year: string, n: number): string {
  return sequenceNumber(prefix, year, n);
}

/** The public form's one-time key, hashed: a resubmitted form finds the request it already made. */
export function submissionKeyHash(formKey: string): string {
  return createHash('sha256').update(`submission-key:${formKey}`).digest('hex');
}

/** The same request sent twice hashes the same; a different one (edited after Back) does not. */
export function submissionFingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

export interface TimelineFacts {
  status: RequestStatus;
  dueOn: string;
  acknowledgedOn: string | null;
  promisedOn: string | null;
  extensionReason: string | null;
  costLimitCents: number | null;
  costApprovalRequestedAt: Date | null;
  /** The amount waiting for approval: the draft invoice's total, else the estimate. */
  pendingCostCents: number | null;
  deniedOn: string | null;
  fulfilledOn: string | null;
  withdrawnOn: string | null;
  /** Paper copies: the day they were ready, picked up, mailed (decision 0030). */
  delivery?: DeliveryMethod;
  copiesReadyOn?: string | null;
  pickedUpOn?: string | null;
  mailedOn?: string | null;
}

/**
 * What happened after the five-day count, in plain words: acknowledgment and promised date, an
 * extension and its reason, a wait for the requester's cost approval, and how the request ended.
 */
export function explainAfterDueDate(f: TimelineFacts, w: RequestWords): string[] {
  const lines: string[] = [];
  if (f.acknowledgedOn) {
    lines.push(
      `On ${formatDay(f.acknowledgedOn)} the ${w.kindWord} acknowledged the request in writing` +
        (f.promisedOn
          ? ` and gave ${formatDay(f.promisedOn)} as the approximate date the records will be ready.`
          : '.'),
    );
    if (acknowledgedLate(f))
      lines.push(`That acknowledgment was late: it came after the due date, ${formatDay(f.dueOn)}.`);
    if (f.extensionReason) lines.push(`Reason given for that date: ${f.extensionReason}`);
  }
  if (f.status === 'awaiting_cost_approval') {
    const since = f.costApprovalRequestedAt ? ` since ${formatInstant(f.costApprovalRequestedAt)}` : '';
    lines.push(
      `The request has been waiting for your approval${since}: ${costApprovalClause({ totalCents: f.pendingCostCents, limitCents: f.costLimitCents, kindWord: w.kindWord })}. ` +
        `Nothing is copied or charged until you approve it, so the time it waits for you is not counted as the ${w.kindWord}'s delay.`,
    );
  }
  if (f.status === 'awaiting_payment')
    lines.push(
      'The records are ready and the invoice is issued; electronic copies are released as soon as it is paid.',
    );
  if (f.copiesReadyOn)
    lines.push(
      `The copies were ready on ${formatDay(f.copiesReadyOn)}${f.delivery === 'paper_mail' ? ', to be mailed' : `, for pickup at ${w.hall}`}.`,
    );
  if (f.status === 'fulfilled' && f.pickedUpOn) lines.push(`The copies were picked up on ${formatDay(f.pickedUpOn)}.`);
  else if (f.status === 'fulfilled' && f.mailedOn) lines.push(`The copies were mailed on ${formatDay(f.mailedOn)}.`);
  else if (f.status === 'fulfilled' && f.fulfilledOn)
    lines.push(`The records were provided on ${formatDay(f.fulfilledOn)}.`);
  if (f.status === 'denied' && f.deniedOn) lines.push(`The request was denied in writing on ${formatDay(f.deniedOn)}.`);
  if (f.status === 'withdrawn' && f.withdrawnOn)
    lines.push(`The request was withdrawn on ${formatDay(f.withdrawnOn)}.`);
  return lines;
}

/** Words for a delivery method inside a sentence ("… by email", "… on a USB drive"). */
export const DELIVERY_PHRASE: Record<DeliveryMethod, string> = {
  electronic: 'by email or download',
  paper_pickup: 'as paper copies to pick up',
  paper_mail: 'as paper copies by mail',
  cd: 'on a CD',
  usb: 'on a USB drive',
  inspect: 'to inspect in person',
};

/** What the requester is told when the records are released, by delivery (paper: ready for pickup, or to be mailed). */
export function readyText(delivery: DeliveryMethod, t: TownWords): string {
  return readyWords(delivery, t);
}
