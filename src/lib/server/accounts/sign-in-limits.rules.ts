/**
 * How failed sign-ins slow the next try (decision 0061). Failures are counted in three scopes: the pair of
 * one account and one address (the person guessing), the account from anywhere (guessing spread over many
 * addresses) and the address for any account (many accounts tried from one place). Past its free failures
 * a scope makes the next try wait, growing with each further failure up to a cap; it never refuses for a
 * whole window, and the one-time sign-in link by email always works meanwhile. Pure: the counts and the
 * clock come in, a wait in plain words goes out.
 */

export type SignInScope = 'pair' | 'account' | 'address';

export interface SlowDown {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; it doubles with each further one… */
  firstWaitMs: number;
  /** …up to this. */
  maxWaitMs: number;
  /** A scope with no failure for this long starts again from nothing. */
  forgetAfterMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const SIGN_IN_SLOW_DOWN: Record<SignInScope, SlowDown> = {
  // The person at the keyboard: five tries, then 1, 2, 4, 8 and at most 15 minutes between tries.
  pair: { freeFailures: 5, firstWaitMs: MINUTE, maxWaitMs: 15 * MINUTE, forgetAfterMs: 24 * HOUR },
  // Only many addresses together reach this; the real person is slowed at most a minute by them.
  account: { freeFailures: 50, firstWaitMs: 15 * SECOND, maxWaitMs: MINUTE, forgetAfterMs: 24 * HOUR },
  // A town office shares one address: past 30 failures everyone there waits, seconds first and a minute at most.
  address: { freeFailures: 30, firstWaitMs: 10 * SECOND, maxWaitMs: MINUTE, forgetAfterMs: HOUR },
};

/** A scope's failures so far and when the last one was. */
export interface Failures {
  count: number;
  lastAt: Date;
}

/** The wait owed after `failures` failures in a scope (0 within the free ones). */
export function waitAfter(failures: number, rule: SlowDown): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures, 30);
  return Math.min(rule.maxWaitMs, rule.firstWaitMs * 2 ** doublings);
}

/** How long a scope still makes the next try wait at `now` (0: it may go ahead). */
export function waitLeft(failures: Failures | undefined, rule: SlowDown, now: Date): number {
  if (!failures) return 0;
  const since = now.getTime() - failures.lastAt.getTime();
  if (since >= rule.forgetAfterMs) return 0;
  return Math.max(0, waitAfter(failures.count, rule) - since);
}

/** The longest wait any scope asks for, and which one asks it; undefined when the try may go ahead. */
export function signInWait(
  failures: Record<SignInScope, Failures | undefined>,
  now: Date,
  rules: Record<SignInScope, SlowDown> = SIGN_IN_SLOW_DOWN,
): { scope: SignInScope; waitMs: number } | undefined {
  let longest: { scope: SignInScope; waitMs: number } | undefined;
  for (const scope of ['pair', 'account', 'address'] as const) {
    const waitMs = waitLeft(failures[scope], rules[scope], now);
    if (waitMs > 0 && (!longest || waitMs > longest.waitMs)) longest = { scope, waitMs };
  }
  return longest;
}

/** "40 seconds", "1 minute", "2 minutes": seconds under a minute, else whole minutes rounded up. */
export function waitText(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / SECOND));
  if (s < 60) return `${s} ${s === 1 ? 'second' : 'seconds'}`;
  const m = Math.ceil(ms / MINUTE);
  return `${m} ${m === 1 ? 'minute' : 'minutes'}`;
}

const FROM: Record<SignInScope, string> = {
  pair: 'Too many tries from here for this account.',
  account: 'Too many tries for this account from different places.',
  address: 'Too many tries from this connection.',
};

/** What a slowed sign-in says beside the form: why, how long, and the way in that does not wait. */
export function slowedMessage(scope: SignInScope, waitMs: number): string {
  return `${FROM[scope]} Wait ${waitText(waitMs)}, or get a one-time sign-in link by email.`;
}
