/**
 * Failed sign-ins slow the next try (per account and address, then per account and per address past
 * higher ceilings), never lock for a window, and the one-time sign-in link gets the real person in:
 * the rules with fixed clocks, then the services on a real SQLite database.
 */
import { describe, expect, it } from 'vitest';
import { auditLog, authTokens, outbox, users } from '#db/schema.ts';
import { hashPassword } from '#lib/server/accounts/passwords.ts';
import {
  SIGN_IN_SLOW_DOWN,
  signInWait,
  slowedMessage,
  waitAfter,
  waitLeft,
  waitText,
} from '#lib/server/accounts/sign-in-limits.rules.ts';
import {
  authenticate,
  checkSignInLink,
  requestSignInLink,
  signInWithLink,
  SIGN_IN_LINK_TTL_MS,
} from '#lib/server/accounts/sign-in.ts';
import { checkAuthToken } from '#lib/server/accounts/users.ts';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { and, eq } from 'drizzle-orm';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const t0 = new Date('2026-03-02T14:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('the waits', () => {
  it('the pair of an account and an address: five free failures, then 1, 2, 4, 8 and at most 15 minutes', async () => {
    const waits = [4, 5, 6, 7, 8, 9, 20, 1000].map((n) => waitAfter(n, SIGN_IN_SLOW_DOWN.pair) / MINUTE);
    expect(waits).toEqual([0, 1, 2, 4, 8, 15, 15, 15]);
  });

  it('the address (a town office) past 30 failures and the account past 50 wait seconds, a minute at most', async () => {
    expect([29, 30, 31, 32, 33, 100].map((n) => waitAfter(n, SIGN_IN_SLOW_DOWN.address) / SECOND)).toEqual([
      0, 10, 20, 40, 60, 60,
    ]);
    expect([49, 50, 51, 52, 53].map((n) => waitAfter(n, SIGN_IN_SLOW_DOWN.account) / SECOND)).toEqual([
      0, 15, 30, 60, 60,
    ]);
  });

  it('count from the last failure, and are forgotten after a quiet spell', async () => {
    const failures = { count: 6, lastAt: t0 };
    expect(waitLeft(failures, SIGN_IN_SLOW_DOWN.pair, at(30 * SECOND))).toBe(90 * SECOND);
    expect(waitLeft(failures, SIGN_IN_SLOW_DOWN.pair, at(2 * MINUTE))).toBe(0);
    expect(waitLeft({ count: 40, lastAt: t0 }, SIGN_IN_SLOW_DOWN.address, at(59 * MINUTE))).toBe(0);
    expect(waitLeft({ count: 400, lastAt: t0 }, SIGN_IN_SLOW_DOWN.address, at(SECOND))).toBe(59 * SECOND);
    expect(waitLeft({ count: 400, lastAt: t0 }, SIGN_IN_SLOW_DOWN.address, at(60 * MINUTE))).toBe(0);
  });

  it('the longest wait of the three scopes wins and says which it is, in plain words', async () => {
    const wait = signInWait(
      { pair: { count: 5, lastAt: t0 }, account: undefined, address: { count: 30, lastAt: t0 } },
      at(SECOND),
    );
    expect(wait).toEqual({ scope: 'pair', waitMs: 59 * SECOND });
    expect(
      signInWait({ pair: { count: 4, lastAt: t0 }, account: { count: 49, lastAt: t0 }, address: undefined }, t0),
    ).toBeUndefined();
    expect(slowedMessage('pair', 2 * MINUTE)).toBe(
      'Too many tries from here for this account. Wait 2 minutes, or get a one-time sign-in link by email.',
    );
    expect(slowedMessage('address', 9500)).toBe(
      'Too many tries from this connection. Wait 10 seconds, or get a one-time sign-in link by email.',
    );
    expect([500, 1000, 59_001, 60_000, 61_000].map(waitText)).toEqual([
      '1 second',
      '1 second',
      '1 minute',
      '1 minute',
      '2 minutes',
    ]);
  });
});

const PASSWORD = 'a good long passphrase';

async function freshDb() {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  const passwordHash = await hashPassword(PASSWORD);
  const user = db
    .insert(users)
    .values({ email: 'clerk@example.org', name: 'Clara Clerk', passwordHash })
    .returning()
    .get();
  const gone = db
    .insert(users)
    .values({ email: 'gone@example.org', name: 'Gone', passwordHash, disabled: true })
    .returning()
    .get();
  return { db, userId: user.id, goneId: gone.id };
}

describe('signing in by password', () => {
  it('a guesser at one address never slows the real person at another', async () => {
    const { db, userId } = await freshDb();
    for (let i = 0; i < 5; i++)
      expect(await authenticate(asyncOf(db), 'clerk@example.org', 'wrong', '203.0.113.5', at(i * SECOND))).toEqual({
        ok: false,
        reason: 'invalid',
      });
    expect(
      await authenticate(asyncOf(db), 'clerk@example.org', PASSWORD, '203.0.113.5', at(10 * SECOND)),
    ).toMatchObject({
      ok: false,
      reason: 'slowed',
      scope: 'pair',
      waitMs: 54 * SECOND,
    });
    const real = await authenticate(asyncOf(db), 'Clerk@Example.org ', PASSWORD, '198.51.100.9', at(11 * SECOND));
    expect(real).toMatchObject({ ok: true, user: { id: userId } });
    // After the wait, the guesser's address may try once more; one more failure doubles the wait.
    expect(await authenticate(asyncOf(db), 'clerk@example.org', 'wrong', '203.0.113.5', at(64 * SECOND))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(
      await authenticate(asyncOf(db), 'clerk@example.org', PASSWORD, '203.0.113.5', at(65 * SECOND)),
    ).toMatchObject({
      reason: 'slowed',
      waitMs: 119 * SECOND,
    });
    expect(
      await authenticate(asyncOf(db), 'clerk@example.org', PASSWORD, '203.0.113.5', at(184 * SECOND)),
    ).toMatchObject({
      ok: true,
    });
    const methods = db
      .select({ after: auditLog.afterJson })
      .from(auditLog)
      .where(eq(auditLog.action, 'user.sign_in'))
      .all();
    expect(methods.map((m) => m.after)).toEqual(['{"method":"password"}', '{"method":"password"}']);
  });

  it('tries sent together are each counted before any password is checked', async () => {
    const { db } = await freshDb();
    const all = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        authenticate(asyncOf(db), 'clerk@example.org', `wrong ${i}`, '203.0.113.5', t0),
      ),
    );
    expect(all.filter((r) => !r.ok && r.reason === 'invalid')).toHaveLength(5);
    expect(all.filter((r) => !r.ok && r.reason === 'slowed')).toHaveLength(7);
  });

  it('a right password past the address ceiling adds nothing to the office’s wait', async () => {
    const { db } = await freshDb();
    for (let i = 0; i < 30; i++) await authenticate(asyncOf(db), `guess${i}@example.org`, 'wrong', '203.0.113.5', t0);
    expect(await authenticate(asyncOf(db), 'clerk@example.org', PASSWORD, '203.0.113.5', at(SECOND))).toMatchObject({
      reason: 'slowed',
      scope: 'address',
      waitMs: 9 * SECOND,
    });
    expect(
      await authenticate(asyncOf(db), 'clerk@example.org', PASSWORD, '203.0.113.5', at(10 * SECOND)),
    ).toMatchObject({
      ok: true,
    });
    // The success was taken back out of the count: the next person waits no longer than before it.
    expect(await authenticate(asyncOf(db), 'other@example.org', 'wrong', '203.0.113.5', at(10 * SECOND))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(
      await authenticate(asyncOf(db), 'clerk@example.org', PASSWORD, '203.0.113.5', at(11 * SECOND)),
    ).toMatchObject({
      scope: 'address',
      waitMs: 19 * SECOND,
    });
  });
});

describe('the one-time sign-in link', () => {
  const mailedToken = (db: Awaited<ReturnType<typeof freshDb>>['db']) => {
    const mail = db.select().from(outbox).where(eq(outbox.kind, 'sign-in-link')).all().at(-1)!;
    return /\/account\/sign-in-link\?token=([A-Za-z0-9_-]{43})/.exec(mail.textBody)![1];
  };

  it('is mailed (only its hash stored) and signs in once, within 15 minutes, with the method audited', async () => {
    const { db, userId } = await freshDb();
    expect(
      await requestSignInLink(asyncOf(db), 'clerk@example.org', '203.0.113.5', 'https://portal.example', t0),
    ).toEqual({
      limited: false,
    });
    const token = mailedToken(db);
    const stored = db.select().from(authTokens).where(eq(authTokens.userId, userId)).get()!;
    expect(stored).toMatchObject({ purpose: 'sign-in', expiresAt: at(SIGN_IN_LINK_TTL_MS), usedAt: null });
    expect(stored.tokenHash).not.toContain(token);
    expect(await checkSignInLink(asyncOf(db), token, at(SIGN_IN_LINK_TTL_MS))).toMatchObject({
      ok: false,
      message: 'This link has expired. Ask for a new one.',
    });
    expect(await signInWithLink(asyncOf(db), token, '203.0.113.5', at(SIGN_IN_LINK_TTL_MS))).toMatchObject({
      ok: false,
    });
    expect(await signInWithLink(asyncOf(db), token, '203.0.113.5', at(SIGN_IN_LINK_TTL_MS - 1))).toMatchObject({
      ok: true,
      user: { id: userId },
    });
    expect(await signInWithLink(asyncOf(db), token, '203.0.113.5', at(SIGN_IN_LINK_TTL_MS - 1))).toEqual({
      ok: false,
      message: 'This link has already been used. Sign in, or ask for a new link.',
    });
    const audit = db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.sign_in'), eq(auditLog.actorUserId, userId)))
      .get()!;
    expect(audit.afterJson).toBe('{"method":"link"}');
    // A sign-in link never sets a password.
    expect(await checkAuthToken(asyncOf(db), token, t0)).toMatchObject({
      ok: false,
      message: 'This link is not valid. Ask for a new one.',
    });
  });

  it('works while the password is slowed for that account at that address', async () => {
    const { db, userId } = await freshDb();
    for (let i = 0; i < 5; i++) await authenticate(asyncOf(db), 'clerk@example.org', 'wrong', '203.0.113.5', t0);
    expect(await authenticate(asyncOf(db), 'clerk@example.org', PASSWORD, '203.0.113.5', at(SECOND))).toMatchObject({
      reason: 'slowed',
    });
    await requestSignInLink(asyncOf(db), 'clerk@example.org', '203.0.113.5', 'https://portal.example', at(SECOND));
    expect(await signInWithLink(asyncOf(db), mailedToken(db), '203.0.113.5', at(2 * SECOND))).toMatchObject({
      ok: true,
      user: { id: userId },
    });
  });

  it('answers the same for an unknown or disabled account and mails neither; a disabled account’s link stops working', async () => {
    const { db, goneId } = await freshDb();
    expect(
      await requestSignInLink(asyncOf(db), 'nobody@example.org', '203.0.113.5', 'https://portal.example', t0),
    ).toEqual({
      limited: false,
    });
    expect(
      await requestSignInLink(asyncOf(db), 'gone@example.org', '203.0.113.5', 'https://portal.example', t0),
    ).toEqual({
      limited: false,
    });
    expect(db.select().from(outbox).all()).toHaveLength(0);
    await requestSignInLink(asyncOf(db), 'clerk@example.org', '203.0.113.5', 'https://portal.example', t0);
    const token = mailedToken(db);
    db.update(users).set({ disabled: true }).where(eq(users.email, 'clerk@example.org')).run();
    expect(await signInWithLink(asyncOf(db), token, '203.0.113.5', at(SECOND))).toMatchObject({
      ok: false,
      message: 'This link is not valid. Ask for a new one.',
    });
    expect(goneId).toBeGreaterThan(0);
  });

  it('is limited: three an hour for an account from one address, ten for an account from anywhere', async () => {
    const ask = async (ip: string, ms: number) =>
      (await requestSignInLink(asyncOf(db), 'clerk@example.org', ip, 'https://portal.example', at(ms))).limited;
    const db = openDatabase(':memory:');
    migrateDatabase(db);
    const inTurn = async (asks: (() => Promise<boolean>)[]) => {
      const answers = [];
      for (const a of asks) answers.push(await a());
      return answers;
    };
    expect(await inTurn([0, 1, 2, 3].map((i) => () => ask('203.0.113.5', i * SECOND)))).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(await inTurn(Array.from({ length: 8 }, (_, i) => () => ask(`198.51.100.${i}`, 10 * SECOND)))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(await ask('203.0.113.5', 60 * MINUTE)).toBe(false);
  });
});
