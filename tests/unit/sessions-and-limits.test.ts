import { describe, expect, it } from 'vitest';
import { userRoles, users } from '#db/schema.ts';
import { hashPassword, passwordProblem, verifyAgainstDummy, verifyPassword } from '#lib/server/accounts/passwords.ts';
import {
  ABSOLUTE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  createSession,
  deleteUserSessions,
  validateSession,
} from '#lib/server/accounts/sessions.ts';
import { safeNextPath } from '#lib/server/accounts/cookies.ts';
import { hashToken } from '#lib/server/platform/tokens.ts';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import {
  clearLimit,
  countFailure,
  hit,
  isLimited,
  readFailures,
  uncountFailure,
} from '#lib/server/platform/http/rate-limit.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

function freshDb() {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  const user = db.insert(users).values({ email: 'a@example.org', name: 'A' }).returning().get();
  db.insert(userRoles).values({ userId: user.id, role: 'clerk' }).run();
  return { db, userId: user.id };
}

describe('passwords', () => {
  it('are hashed with argon2id and verified', async () => {
    const h = await hashPassword('correct horse battery');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(h, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(h, 'wrong')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(await verifyAgainstDummy('x')).toBe(false);
  });

  it('weak passwords get a specific message', async () => {
    expect(passwordProblem('short')).toBe('Use at least 12 characters.');
    expect(passwordProblem('aaaaaaaaaaaaaaaa')).toBe('Use more different characters.');
    expect(passwordProblem('a good long passphrase')).toBeUndefined();
  });
});

describe('sessions', () => {
  it('stores only the token hash and loads the user with roles', async () => {
    const { db, userId } = freshDb();
    const { token } = await createSession(asyncOf(db), userId);
    const row = db.$client.prepare('select id from sessions').get() as { id: string };
    expect(row.id).toBe(hashToken(token));
    expect(row.id).not.toContain(token);
    expect((await validateSession(asyncOf(db), token))?.user).toMatchObject({ id: userId, roles: ['clerk'] });
    expect(await validateSession(asyncOf(db), token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).toBeUndefined();
    expect(await validateSession(asyncOf(db), 'garbage')).toBeUndefined();
  });

  it('expires after idle time, sliding while active', async () => {
    const { db, userId } = freshDb();
    const t0 = new Date('2026-01-05T14:00:00Z');
    const { token } = await createSession(asyncOf(db), userId, {}, t0);
    const later = (ms: number) => new Date(t0.getTime() + ms);
    expect(await validateSession(asyncOf(db), token, later(IDLE_TIMEOUT_MS - 1000))).toBeDefined();
    // The previous request refreshed it: still alive another idle period later.
    expect(await validateSession(asyncOf(db), token, later(2 * IDLE_TIMEOUT_MS - 2000))).toBeDefined();
    expect(await validateSession(asyncOf(db), token, later(3 * IDLE_TIMEOUT_MS))).toBeUndefined();
    // And it is gone for good.
    expect(await validateSession(asyncOf(db), token, later(2 * IDLE_TIMEOUT_MS - 2000))).toBeUndefined();
  });

  it('expires at the absolute limit however active', async () => {
    const { db, userId } = freshDb();
    const t0 = new Date('2026-01-05T14:00:00Z');
    const { token } = await createSession(asyncOf(db), userId, {}, t0);
    for (let t = 0; t < ABSOLUTE_TIMEOUT_MS; t += IDLE_TIMEOUT_MS / 2) {
      expect(await validateSession(asyncOf(db), token, new Date(t0.getTime() + t))).toBeDefined();
    }
    expect(await validateSession(asyncOf(db), token, new Date(t0.getTime() + ABSOLUTE_TIMEOUT_MS))).toBeUndefined();
  });

  it('sign out everywhere ends every session of the user', async () => {
    const { db, userId } = freshDb();
    const a = await createSession(asyncOf(db), userId);
    const b = await createSession(asyncOf(db), userId);
    await deleteUserSessions(asyncOf(db), userId);
    expect(await validateSession(asyncOf(db), a.token)).toBeUndefined();
    expect(await validateSession(asyncOf(db), b.token)).toBeUndefined();
  });

  it('a disabled account loses its sessions', async () => {
    const { db, userId } = freshDb();
    const { token } = await createSession(asyncOf(db), userId);
    db.update(users).set({ disabled: true }).run();
    expect(await validateSession(asyncOf(db), token)).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('allow up to the limit in a window, then refuse until it resets', async () => {
    const { db } = freshDb();
    const limit = { limit: 3, windowMs: 60_000 };
    const t0 = new Date('2026-01-05T14:00:00Z');
    const firstThree = [];
    for (let i = 0; i < 3; i++) firstThree.push((await hit(asyncOf(db), 'k', limit, t0)).allowed);
    expect(firstThree).toEqual([true, true, true]);
    const fourth = await hit(asyncOf(db), 'k', limit, new Date(t0.getTime() + 10_000));
    expect(fourth).toMatchObject({ allowed: false, count: 4, retryAfterMs: 50_000 });
    expect((await isLimited(asyncOf(db), 'k', limit, new Date(t0.getTime() + 20_000))).allowed).toBe(false);
    expect((await hit(asyncOf(db), 'k', limit, new Date(t0.getTime() + 60_000))).allowed).toBe(true);
    await clearLimit(asyncOf(db), 'k');
    expect(await isLimited(asyncOf(db), 'k', limit, t0)).toMatchObject({ allowed: true, count: 0 });
  });

  it('failure counters keep the time of the last failure, start again after a quiet spell, and take back a failure that turned out a success', async () => {
    const { db } = freshDb();
    const t0 = new Date('2026-01-05T14:00:00Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect(await countFailure(asyncOf(db), 'f', 60_000, t0)).toEqual({ count: 1, lastAt: t0 });
    expect(await countFailure(asyncOf(db), 'f', 60_000, at(59_999))).toEqual({ count: 2, lastAt: at(59_999) });
    // Counted ahead of a check that succeeded: one fewer, and the last failure is the earlier one again.
    await countFailure(asyncOf(db), 'f', 60_000, at(70_000));
    await uncountFailure(asyncOf(db), 'f', at(70_000), at(59_999));
    expect(await readFailures(asyncOf(db), 'f')).toEqual({ count: 2, lastAt: at(59_999) });
    // Unless another failure came meanwhile: its time stays.
    await countFailure(asyncOf(db), 'f', 60_000, at(80_000));
    await countFailure(asyncOf(db), 'f', 60_000, at(80_001));
    await uncountFailure(asyncOf(db), 'f', at(80_000), at(59_999));
    expect(await readFailures(asyncOf(db), 'f')).toEqual({ count: 3, lastAt: at(80_001) });
    expect(await countFailure(asyncOf(db), 'f', 60_000, at(140_001))).toEqual({ count: 1, lastAt: at(140_001) });
    await uncountFailure(asyncOf(db), 'f', at(140_001), undefined);
    expect(await readFailures(asyncOf(db), 'f')).toBeUndefined();
  });
});

describe('after sign-in, only same-site paths are followed', () => {
  it.each([
    ['/staff/users', '/staff/users'],
    ['//evil.example/x', '/staff'],
    ['https://evil.example', '/staff'],
    ['/\\evil.example', '/staff'],
    ['', '/staff'],
    // Browsers drop tabs and line breaks inside URLs: these would become //evil.example.
    ['/\t/evil.example', '/staff'],
    ['/\n/evil.example', '/staff'],
    ['/\r\nSet-Cookie: x=1', '/staff'],
    ['/x\\..\\//evil.example', '/staff'],
    ['/staff/requests?status=all#top', '/staff/requests?status=all#top'],
    ['/projects/a b', '/projects/a%20b'],
  ])('%s → %s', (next, expected) => {
    expect(safeNextPath(next, '/staff')).toBe(expected);
  });
});
