/**
 * The conversation on a records request, both ways (decision 0029). The requester writes from the tracking page
 * (the token is the key) and every active clerk is mailed; a clerk writes from the request page and the
 * requester is mailed. A clerk may ask for clarification: the request waits for the requester
 * (`awaiting_clarification`), and their answer returns it to the status it had and to the top of the queue
 * (respondBy in request.rules.ts). Each message is audited, and its mail is written in the same transaction.
 */
import { usersWithRole } from '#lib/server/accounts/users.ts';
import { and, asc, eq } from 'drizzle-orm';
import { requestEvents, requestMessages, users } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import { hit, minutesText } from '#lib/server/platform/http/rate-limit.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { loadCalendarAsync, closeOfBusinessAsync } from '#lib/server/platform/time/calendar.ts';
import { firstBusinessDayAt } from '#lib/server/platform/time/deadlines.rules.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { mailLinkAsync } from './links.ts';
import {
  clarificationDatesText,
  MESSAGE_LIMIT,
  MESSAGE_MAX_CHARS,
  messageLimitKey,
  statusAfterAnswer,
  type MessageSender,
} from './messages.rules.ts';
import { isOpen } from './request.rules.ts';
import { addEventAsync, auditView, getRequestAsync, updateRequestAsync } from './store.ts';
import { fail, type Failure, type Result } from '#lib/server/platform/result.ts';

export interface ThreadMessage {
  id: string;
  at: Date;
  sender: MessageSender;
  /** The clerk's name (staff pages only show it); null for the requester. */
  authorName: string | null;
  kind: 'message' | 'clarification' | 'answer';
  body: string;
}

/**
 * The whole conversation, oldest first: both sides' messages, and the clerk's notes to the requester written
 * before the thread existed (request events of kind note_to_requester).
 */
export async function loadThread(db: Pick<Db, 'select'>, requestId: number): Promise<ThreadMessage[]> {
  const messages = (
    await db
      .select({
        id: requestMessages.id,
        at: requestMessages.at,
        sender: requestMessages.sender,
        kind: requestMessages.kind,
        body: requestMessages.body,
        authorName: users.name,
      })
      .from(requestMessages)
      .leftJoin(users, eq(users.id, requestMessages.authorUserId))
      .where(eq(requestMessages.requestId, requestId))
  ).map((m) => ({ ...m, id: `m${m.id}`, authorName: m.sender === 'clerk' ? m.authorName : null }));
  const notes = (
    await db
      .select({ id: requestEvents.id, at: requestEvents.at, body: requestEvents.body, authorName: users.name })
      .from(requestEvents)
      .leftJoin(users, eq(users.id, requestEvents.actorUserId))
      .where(and(eq(requestEvents.requestId, requestId), eq(requestEvents.kind, 'note_to_requester')))
      .orderBy(asc(requestEvents.at))
  ).map((n) => ({ ...n, id: `n${n.id}`, sender: 'clerk' as const, kind: 'message' as const }));
  return [...messages, ...notes].sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));
}

function checkBody(raw: string): string | Failure {
  const body = raw.trim();
  if (!body) return fail('Write the message.', 'body');
  if ([...body].length > MESSAGE_MAX_CHARS)
    return fail(`Use at most ${MESSAGE_MAX_CHARS.toLocaleString('en-US')} characters for the message.`, 'body');
  return body;
}

/** The hour's limit on messages from one side of a request: counted, and a refusal when it is over. */
async function limited(tx: Db, requestId: number, sender: MessageSender, now: Date, clerkWord: string) {
  const state = await hit(tx, messageLimitKey(requestId, sender), MESSAGE_LIMIT, now);
  return state.allowed
    ? undefined
    : fail(
        `Too many messages on this request in the last hour. Wait ${minutesText(state.retryAfterMs)} and send it again${sender === 'requester' ? `, or telephone the ${clerkWord}` : ''}.`,
      );
}

/**
 * The requester writes from the tracking page; an answer to the clerk's question returns the request to the
 * clerk. The request is read in the transaction that records the message, so an answer sent twice at once
 * returns the request once.
 */
export function sendRequesterMessage(
  db: Db,
  actor: Actor,
  requestId: number,
  rawBody: string,
  baseUrl: string,
  now = new Date(),
): Promise<Result<{ answered: boolean }>> {
  return db.transaction(async (tx): Promise<Result<{ answered: boolean }>> => {
    const r = await getRequestAsync(tx, requestId);
    if (!r) return fail('No such request.');
    if (!isOpen(r.status)) return fail('This request is closed. For more records, make a new request.');
    const body = checkBody(rawBody);
    if (typeof body !== 'string') return body;
    const clerks = await usersWithRole(tx, 'clerk');
    const words = await townAsync(tx);
    // The answer counts from the business day it arrives (after close of business or on a closed day: the
    // next), and the request is due to the clerk that day: the top of the queue (decision 0029).
    const answeredOn = firstBusinessDayAt(now, await loadCalendarAsync(tx), await closeOfBusinessAsync(tx));
    const over = await limited(tx, r.id, 'requester', now, words.clerk);
    if (over) return over;
    const answering = r.status === 'awaiting_clarification';
    await tx
      .insert(requestMessages)
      .values({ requestId: r.id, at: now, sender: 'requester', kind: answering ? 'answer' : 'message', body });
    let after = r;
    if (answering) {
      after = await updateRequestAsync(
        tx,
        r,
        { status: statusAfterAnswer(r), statusBeforeClarification: null, clarificationAnsweredOn: answeredOn },
        now,
      );
      await addEventAsync(tx, r.id, {
        kind: 'status',
        visible: true,
        at: now,
        body: `You answered the ${words.kindWord}’s question; the request is back with the ${words.clerk}.`,
      });
    }
    await auditAsync(tx, actor, {
      action: answering ? 'records_request.clarification_answered' : 'records_request.message_from_requester',
      entityType: 'records_request',
      entityId: r.id,
      before: answering ? auditView(r) : undefined,
      after: { ...(answering ? auditView(after) : {}), body },
    });
    for (const c of clerks) {
      await enqueueMailAsync(tx, {
        kind: 'request-message-to-clerk',
        to: c.email,
        data: {
          number: r.number,
          clerkName: c.name,
          requesterName: r.requesterName,
          body,
          answered: answering,
          staffUrl: `${baseUrl}/staff/requests/${r.id}#thread`,
        },
      });
    }
    return { ok: true, answered: answering };
  });
}

/**
 * A clerk writes to the requester; with `clarify`, the request waits for their answer. The request is read in
 * the transaction that records the message, so two clerks cannot both ask and overwrite the status kept for
 * the answer.
 */
export function sendClerkMessage(
  db: Db,
  actor: Actor & { userId: number },
  requestId: number,
  input: { body: string; clarify: boolean },
  baseUrl: string,
  now = new Date(),
): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const r = await getRequestAsync(tx, requestId);
    if (!r) return fail('No such request.');
    const body = checkBody(input.body);
    if (typeof body !== 'string') return body;
    if (input.clarify && !isOpen(r.status))
      return fail('This request is closed: there is nothing to clarify. Send a message instead.', 'clarify');
    if (input.clarify && r.status === 'awaiting_clarification')
      return fail('The request is already waiting for the requester’s answer. Send a message instead.', 'clarify');
    if (input.clarify && !r.requesterEmail)
      return fail('The requester gave no email address: ask them by telephone or letter, and note it here.', 'clarify');
    const words = await townAsync(tx);
    const over = await limited(tx, r.id, 'clerk', now, words.clerk);
    if (over) return over;
    const link = await mailLinkAsync(tx, r, baseUrl);
    await tx.insert(requestMessages).values({
      requestId: r.id,
      at: now,
      sender: 'clerk',
      authorUserId: actor.userId,
      kind: input.clarify ? 'clarification' : 'message',
      body,
    });
    // Any change made by the Town ends the "answered" place at the top of the queue (store.ts updateRequest).
    const after = await updateRequestAsync(
      tx,
      r,
      input.clarify ? { status: 'awaiting_clarification', statusBeforeClarification: r.status } : {},
      now,
    );
    if (input.clarify) {
      await addEventAsync(tx, r.id, {
        kind: 'status',
        visible: true,
        actorUserId: actor.userId,
        at: now,
        body: `The ${words.kindWord} asked you a question (see Messages). ${clarificationDatesText(r, words.kindWord)}`,
      });
    }
    await auditAsync(tx, actor, {
      action: input.clarify ? 'records_request.ask_clarification' : 'records_request.message_to_requester',
      entityType: 'records_request',
      entityId: r.id,
      before: input.clarify ? auditView(r) : undefined,
      after: { ...(input.clarify ? auditView(after) : {}), body },
    });
    if (r.requesterEmail) {
      await enqueueMailAsync(tx, {
        kind: 'request-message-to-requester',
        to: r.requesterEmail,
        data: {
          number: r.number,
          name: r.requesterName,
          trackUrl: link,
          body,
          clarify: input.clarify,
          datesText: input.clarify ? clarificationDatesText(r, words.kindWord) : null,
        },
      });
    }
    return { ok: true };
  });
}
