/**
 * What a person sees when something fails on our side (a 500): plain words and a reference, never the
 * internal message (a full disk, a locked or read-only database, the name of a setting). The detail goes
 * to the server log under the same reference, so an administrator can find it from the words a user
 * reads out. The 500 page (src/pages/500.astro), the middleware (actions) and action-forms.ts use these.
 */
import { randomUUID } from 'node:crypto';

const ids = new WeakMap<Request, string>();

/**
 * The id of a request, made on first use. Keyed by the request itself: the error page is rendered for
 * the same request, possibly without the middleware (when the middleware was what failed), and shows
 * the id the log has.
 */
export function requestIdFor(request: Request): string {
  let id = ids.get(request);
  if (!id) {
    id = randomUUID();
    ids.set(request, id);
  }
  return id;
}

export const NOTHING_KEPT = 'We could not save this — nothing was kept; try again later.';
export const SAVED_ANYWAY =
  'Your request was saved, but we could not show the page that follows it. Do not send it again; check it again later.';
export const NOT_SHOWN = 'We could not show this page because of a problem on our side. Try again later.';

/** The sentence that gives the reference. */
export function referenceWords(requestId: string): string {
  return `If it keeps happening, tell us and quote this reference: ${requestId}.`;
}

/** A form's message after a failure of ours. */
export function plainFailure(requestId: string, opts: { saved?: boolean } = {}): string {
  return `${opts.saved ? SAVED_ANYWAY : NOTHING_KEPT} ${referenceWords(requestId)}`;
}

/** Whether a message is one of ours (already plain), not an internal one. */
export function isPlainFailure(message: string | undefined): boolean {
  return Boolean(message && (message.startsWith(NOTHING_KEPT) || message.startsWith(SAVED_ANYWAY)));
}

/**
 * Thrown after a change was committed (a step that follows it failed): the 500 page then says the
 * request was saved, so the person does not send it again.
 */
export class FailedAfterSaving extends Error {
  readonly saved = true;
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

export function savedBeforeFailing(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { saved?: unknown }).saved === true;
}

const logged = new WeakSet<object>();

/** Log a failure with its reference (once per error object, however many layers report it). */
export function logFailure(requestId: string, where: string, err: unknown): void {
  if (typeof err === 'object' && err !== null) {
    if (logged.has(err)) return;
    logged.add(err);
  }
  const detail = err instanceof Error ? (err.stack ?? `${err.name}: ${err.message}`) : String(err);
  console.error(`[request ${requestId}] ${where} failed: ${detail}`);
}
