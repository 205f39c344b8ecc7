/**
 * Signing in: by password, slowed after failures rather than locked (sign-in-limits.rules.ts), and by a
 * one-time link sent by mail, the way in that works while the password path is slowed (decision 0061).
 * Both answer the same whether or not the account exists, and both audit `user.sign_in` with the method.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { authTokens, users } from '#db/schema.ts';
import { auditAsync } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import {
  clearLimit,
  countFailure,
  hit,
  readFailures,
  uncountFailure,
  type Limit,
} from '#lib/server/platform/http/rate-limit.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { hashToken, newToken } from '#lib/server/platform/tokens.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { loadUser, type SessionUser } from './sessions.ts';
import { SIGN_IN_SLOW_DOWN, signInWait, type SignInScope } from './sign-in-limits.rules.ts';
import { checkAuthToken, normalizeEmail } from './users.ts';
import { fail, type Refusal, type Result } from '#lib/server/platform/result.ts';

const SCOPES = ['pair', 'account', 'address'] as const satisfies readonly SignInScope[];

/** The failure counters one try counts against. */
function failureKeys(email: string, ip: string): Record<SignInScope, string> {
  return {
    pair: `signin-fail:pair:${ip}|${email}`,
    account: `signin-fail:account:${email}`,
    address: `signin-fail:address:${ip}`,
  };
}

/** A refusal says why, and how long to wait when the tries are slowed down; the page words it. */
export type SignInResult = Result<
  { user: SessionUser },
  { reason: 'invalid' } | { reason: 'slowed'; scope: SignInScope; waitMs: number }
>;

/** Check an email and password. Same message and similar timing whether or not the account exists. */
export async function authenticate(
  db: Db,
  emailInput: string,
  password: string,
  ip: string,
  now = new Date(),
): Promise<SignInResult> {
  const email = normalizeEmail(emailInput);
  const keys = failureKeys(email, ip);
  // The try is counted as a failure before the password is checked, in the transaction that checks the
  // waits: tries sent all at once cannot each pass the check while the first is being verified.
  const counted = await db.transaction(async (tx) => {
    const before = {
      pair: await readFailures(tx, keys.pair),
      account: await readFailures(tx, keys.account),
      address: await readFailures(tx, keys.address),
    };
    const wait = signInWait(before, now);
    if (wait) return { wait };
    for (const scope of SCOPES) await countFailure(tx, keys[scope], SIGN_IN_SLOW_DOWN[scope].forgetAfterMs, now);
    return { before };
  });
  if (counted.wait) return { ok: false, reason: 'slowed', ...counted.wait };
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const good =
    row?.passwordHash && !row.disabled
      ? await verifyPassword(row.passwordHash, password)
      : await verifyAgainstDummy(password);
  if (!good || !row) return { ok: false, reason: 'invalid' };
  await db.transaction(async (tx) => {
    // The person proved who they are from here: their own slate is clean; what others did is kept.
    await clearLimit(tx, keys.pair);
    await uncountFailure(tx, keys.account, now, counted.before.account?.lastAt);
    await uncountFailure(tx, keys.address, now, counted.before.address?.lastAt);
    await tx.update(users).set({ lastSignInAt: now }).where(eq(users.id, row.id));
    await auditAsync(
      tx,
      { userId: row.id, ip },
      { action: 'user.sign_in', entityType: 'user', entityId: row.id, after: { method: 'password' } },
    );
  });
  return { ok: true, user: (await loadUser(db, row.id))! };
}

export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/**
 * Links asked for, per hour: from one address for one account, for one account from anywhere (what its
 * inbox can be sent), and from one address for any account. Counted whether or not the account exists.
 */
export const SIGN_IN_LINK_LIMITS = {
  pair: { limit: 3, windowMs: 60 * 60 * 1000 } satisfies Limit,
  account: { limit: 10, windowMs: 60 * 60 * 1000 } satisfies Limit,
  address: { limit: 30, windowMs: 60 * 60 * 1000 } satisfies Limit,
};

/** Mail a one-time sign-in link. Looks the same to the caller whether or not the account exists. */
export async function requestSignInLink(
  db: Db,
  emailInput: string,
  ip: string,
  baseUrl: string,
  now = new Date(),
): Promise<{ limited: false } | { limited: true; retryAfterMs: number }> {
  const email = normalizeEmail(emailInput);
  const states = [
    await hit(db, `signin-link:pair:${ip}|${email}`, SIGN_IN_LINK_LIMITS.pair, now),
    await hit(db, `signin-link:account:${email}`, SIGN_IN_LINK_LIMITS.account, now),
    await hit(db, `signin-link:address:${ip}`, SIGN_IN_LINK_LIMITS.address, now),
  ].filter((s) => !s.allowed);
  if (states.length) return { limited: true, retryAfterMs: Math.max(...states.map((s) => s.retryAfterMs)) };
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || user.disabled) return { limited: false };
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx.insert(authTokens).values({
      userId: user.id,
      purpose: 'sign-in',
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS),
    });
    await auditAsync(
      tx,
      { label: 'public', ip },
      { action: 'user.sign_in_link_requested', entityType: 'user', entityId: user.id },
    );
    await enqueueMailAsync(tx, {
      kind: 'sign-in-link',
      to: user.email,
      data: { name: user.name, url: `${baseUrl}/account/sign-in-link?token=${token}`, expiresText: 'in 15 minutes' },
    });
  });
  return { limited: false };
}

/** Is this sign-in link still usable? (Opening it changes nothing: mail scanners open links too.) */
export function checkSignInLink(db: Db, token: string | null | undefined, now = new Date()) {
  return checkAuthToken(db, token, now, ['sign-in']);
}

/**
 * Sign in with a link: once, within its 15 minutes, for an account not disabled. It does not look at the
 * password's failure counters, so it works while the password path is slowed.
 */
export async function signInWithLink(
  db: Db,
  token: string,
  ip: string,
  now = new Date(),
): Promise<Result<{ user: SessionUser }, Refusal>> {
  const check = await checkSignInLink(db, token, now);
  if (!check.ok) return check;
  // Claimed inside the transaction: the link is single-use even when pressed twice at once.
  const signedIn = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.id, check.tokenId), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
      .returning({ id: authTokens.id });
    if (claimed.length !== 1) return false;
    // Other sign-in links for the account stop working: one way in per request.
    await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.userId, check.userId), eq(authTokens.purpose, 'sign-in'), isNull(authTokens.usedAt)));
    await tx.update(users).set({ lastSignInAt: now }).where(eq(users.id, check.userId));
    await auditAsync(
      tx,
      { userId: check.userId, ip },
      { action: 'user.sign_in', entityType: 'user', entityId: check.userId, after: { method: 'link' } },
    );
    return true;
  });
  if (!signedIn) return fail('This link has already been used. Sign in, or ask for a new link.');
  return { ok: true, user: (await loadUser(db, check.userId))! };
}
