/**
 * The conversation on a records request: the pure rules (decision 0029). How long a message may be and how many a
 * request takes an hour, the status a request returns to when the requester answers the clerk's question,
 * the business day that answer counts from, and the plain sentence that tells the requester which date holds
 * while the Town waits for them (decision 0029). No database access here.
 */
import type { RequestStatus } from '#db/schema.ts';
import { formatDay } from '#lib/shared/format.ts';

/** Plain text, at most this many characters (the form says so beside the box). */
export const MESSAGE_MAX_CHARS = 4000;

/** Per request and per side: the requester's link cannot flood the clerks, nor a clerk the requester. */
export const MESSAGE_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 } as const;

export type MessageSender = 'requester' | 'clerk';

export function messageLimitKey(requestId: number, sender: MessageSender): string {
  return `request-message:${sender}:${requestId}`;
}

/**
 * The status a request goes back to when the requester answers: what it was when the clerk asked (a request
 * acknowledged while it waited is acknowledged), or, when that is not known, what its facts say.
 */
export function statusAfterAnswer(r: {
  statusBeforeClarification: RequestStatus | null;
  acknowledgedOn: string | null;
}): RequestStatus {
  const before = r.statusBeforeClarification;
  if (before && before !== 'awaiting_clarification' && !(before === 'received' && r.acknowledgedOn)) return before;
  return r.acknowledgedOn ? 'acknowledged' : 'received';
}

/**
 * Which date holds while the Town waits for the requester's answer (decision 0029, POL §89(3)(a)): asking a
 * question neither pauses nor restarts the five business days, nor moves a date the Town gave in writing.
 */
export function clarificationDatesText(
  r: {
    dueOn: string;
    acknowledgedOn: string | null;
    promisedOn: string | null;
  },
  kindWord = 'Town',
): string {
  if (!r.acknowledgedOn) {
    return `Your due date still holds: the ${kindWord} must answer by close of business on ${formatDay(r.dueOn)}. Asking you a question does not pause or restart the five business days the law gives.`;
  }
  return `The date the ${kindWord} gave in writing still holds: the records are expected by ${formatDay(r.promisedOn ?? r.dueOn)}. Asking you a question does not move it; only a new date with a written reason can.`;
}
