/**
 * The outbox: mail is rendered and written to the `outbox` table inside the transaction of the change
 * that causes it, so a message exists exactly when its change does. The worker delivers it later.
 */
import { outbox } from '#db/schema.ts';
import type { Tx } from '#lib/server/platform/audit.ts';
import { insertRow, insertRowAsync } from '#lib/server/platform/insert-row.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { town, townAsync } from '#lib/server/platform/town-profile.ts';
import type { TownWords } from '#lib/shared/town-profile.ts';
import { renderMail, type MailData, type MailKind } from '#lib/server/platform/mail/templates/index.ts';

export interface OutgoingMail<K extends MailKind> {
  kind: K;
  to: string;
  data: MailData<K>;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** The outbox's row for a message: rendered now, in the municipality's words. */
function outboxRow<K extends MailKind>(mail: OutgoingMail<K>, words: TownWords) {
  const rendered = renderMail(mail.kind, mail.data, words);
  return {
    kind: mail.kind,
    toAddress: mail.to,
    subject: oneLine(rendered.subject),
    textBody: rendered.text,
    htmlBody: rendered.html,
    headersJson: mail.headers ? JSON.stringify(mail.headers) : null,
  };
}

export function enqueueMail<K extends MailKind>(tx: Tx, mail: OutgoingMail<K>): number {
  const id = insertRow(tx, outbox, outboxRow(mail, town(tx)));
  notifyOutbox();
  return id;
}

/**
 * A subject is one header line: a line break typed into a project name (or any text a subject quotes)
 * must not start a header of its own, whatever the transport does. Control characters become spaces.
 */
export function oneLine(subject: string): string {
  return subject
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * The worker registers here so new mail goes out without waiting for the next poll. Kept on globalThis:
 * the worker (started by scripts/start.ts) and the built server are separate module instances in one process.
 */
const NUDGE = Symbol.for('stormwater-portal.outbox-nudge');
type Holder = { [NUDGE]?: () => void };

export function onOutboxChange(fn: (() => void) | undefined): void {
  (globalThis as Holder)[NUDGE] = fn;
}

function notifyOutbox(): void {
  const fn = (globalThis as Holder)[NUDGE];
  // setImmediate: run after the surrounding transaction has committed.
  if (fn) setImmediate(fn);
}

/** `enqueueMail` on the asynchronous face (decision 0080): the message in the caller's transaction. */
export async function enqueueMailAsync<K extends MailKind>(tx: Db, mail: OutgoingMail<K>): Promise<number> {
  const id = await insertRowAsync(tx, outbox, outboxRow(mail, await townAsync(tx)));
  notifyOutbox();
  return id;
}
