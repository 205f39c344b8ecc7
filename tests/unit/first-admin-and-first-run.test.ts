/**
 * A new town's first run: `npm run setup` makes the first administrator with a one-time link to choose a
 * password (an invitation token), and until an administrator can sign in, the sign-in pages lead to the
 * first-run page that explains the command (there is no open sign-up). Real SQLite in memory.
 */
import { describe, expect, it } from 'vitest';
import { auditLog, userRoles, users } from '#db/schema.ts';
import { FIRST_RUN_PAGE, firstRunRedirect } from '#lib/server/accounts/landing.rules.ts';
import {
  checkAuthToken,
  createFirstAdmin,
  FIRST_ADMIN_TTL_MS,
  hasActiveAdmin,
  setPasswordWithToken,
} from '#lib/server/accounts/users.ts';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const NOW = new Date('2026-12-05T09:00:00Z');
const BASE = 'https://stormwater.pinebrook.example';
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

function freshDb() {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  return db;
}

describe('the first administrator (npm run setup)', () => {
  it('is made with the admin role and a one-time link that sets the password, after which setup is refused', async () => {
    const db = freshDb();
    expect(await hasActiveAdmin(asyncOf(db))).toBe(false);
    const made = await createFirstAdmin(
      asyncOf(db),
      { email: ' Ada@Pinebrook.Example ', name: 'Ada Clerk' },
      BASE,
      NOW,
    );
    if (!made.ok) throw new Error(made.message);
    expect(made.url).toMatch(new RegExp(`^${BASE}/account/set-password\\?token=[A-Za-z0-9_-]{43}$`));
    expect(made.expiresAt.getTime() - NOW.getTime()).toBe(FIRST_ADMIN_TTL_MS);
    expect(
      db
        .select()
        .from(users)
        .all()
        .map((u) => [u.email, u.name, u.passwordHash]),
    ).toEqual([['ada@pinebrook.example', 'Ada Clerk', null]]);
    expect(
      db
        .select()
        .from(userRoles)
        .all()
        .map((r) => r.role),
    ).toEqual(['admin']);
    // The link is an invitation like any other staff gets; no mail is queued for it.
    const check = await checkAuthToken(asyncOf(db), tokenOf(made.url), NOW);
    expect(check).toMatchObject({ ok: true, purpose: 'invite', email: 'ada@pinebrook.example' });
    expect(db.$client.prepare('select count(*) n from outbox').get()).toEqual({ n: 0 });
    expect(
      db
        .select()
        .from(auditLog)
        .all()
        .map((a) => [a.action, a.actorLabel]),
    ).toEqual([['user.first_admin', 'setup']]);
    // Not yet an administrator who can sign in: the first run goes on until the password is chosen.
    expect(await hasActiveAdmin(asyncOf(db))).toBe(false);

    const set = await setPasswordWithToken(
      asyncOf(db),
      tokenOf(made.url),
      'a long village password 2026',
      '127.0.0.1',
      BASE,
      NOW,
    );
    expect(set.ok).toBe(true);
    expect(await hasActiveAdmin(asyncOf(db))).toBe(true);
    // Used once only.
    expect((await checkAuthToken(asyncOf(db), tokenOf(made.url), NOW)).ok).toBe(false);

    const again = await createFirstAdmin(
      asyncOf(db),
      { email: 'someone@else.example', name: 'Someone Else' },
      BASE,
      NOW,
    );
    expect(again).toMatchObject({ ok: false, message: expect.any(String) });
    expect(again.ok || again.fields).toBeUndefined();
    expect(db.select().from(users).all()).toHaveLength(1);
  });

  it('run again for the same address before the link was used: a new link, and the old one stops working', async () => {
    const db = freshDb();
    const first = await createFirstAdmin(asyncOf(db), { email: 'ada@pinebrook.example', name: 'Ada Clerk' }, BASE, NOW);
    const second = await createFirstAdmin(
      asyncOf(db),
      { email: 'ada@pinebrook.example', name: 'Ada Clerk' },
      BASE,
      new Date(NOW.getTime() + 60_000),
    );
    if (!first.ok || !second.ok) throw new Error('refused');
    expect(second.again).toBe(true);
    expect(second.userId).toBe(first.userId);
    expect((await checkAuthToken(asyncOf(db), tokenOf(first.url), NOW)).ok).toBe(false);
    expect((await checkAuthToken(asyncOf(db), tokenOf(second.url), NOW)).ok).toBe(true);
    expect(db.select().from(userRoles).all()).toHaveLength(1);
  });

  it('expires after 24 hours, and refuses a bad address, an empty name and an address that holds another role', async () => {
    const db = freshDb();
    const made = await createFirstAdmin(asyncOf(db), { email: 'ada@pinebrook.example', name: 'Ada' }, BASE, NOW);
    if (!made.ok) throw new Error(made.message);
    expect(
      (await checkAuthToken(asyncOf(db), tokenOf(made.url), new Date(NOW.getTime() + FIRST_ADMIN_TTL_MS))).ok,
    ).toBe(false);
    expect(await createFirstAdmin(asyncOf(db), { email: 'not an address', name: 'X' }, BASE, NOW)).toMatchObject({
      ok: false,
      fields: { email: expect.any(String) },
    });
    expect(await createFirstAdmin(asyncOf(db), { email: 'x@pinebrook.example', name: '  ' }, BASE, NOW)).toMatchObject({
      ok: false,
      fields: { name: expect.any(String) },
    });
    const clerk = db.insert(users).values({ email: 'clerk@pinebrook.example', name: 'Clerk' }).returning().get();
    db.insert(userRoles).values({ userId: clerk.id, role: 'clerk' }).run();
    expect(
      await createFirstAdmin(asyncOf(db), { email: 'clerk@pinebrook.example', name: 'Clerk' }, BASE, NOW),
    ).toMatchObject({
      ok: false,
      fields: { email: expect.any(String) },
    });
  });
});

describe('the first-run page', () => {
  it('is where the sign-in pages lead while no administrator can sign in; never otherwise', async () => {
    for (const page of ['/signin', '/account/forgot']) {
      expect(firstRunRedirect(page, false)).toBe(FIRST_RUN_PAGE);
      expect(firstRunRedirect(page, true)).toBeNull();
    }
    expect(firstRunRedirect(FIRST_RUN_PAGE, false)).toBeNull();
    expect(firstRunRedirect(FIRST_RUN_PAGE, true)).toBe('/signin');
    // Public pages stay public in a first run: residents can read a seeded town before anyone signs in.
    for (const page of ['/', '/projects', '/requests/new', '/staff']) expect(firstRunRedirect(page, false)).toBeNull();
  });
});
