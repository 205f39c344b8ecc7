/**
 * Accounts: invitations, password resets, roles and project membership (signing in: sign-in.ts).
 * Every change is audited in its transaction; every message goes through the outbox in the same one.
 */
import { ROLE_LABEL } from '#lib/shared/labels.ts';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { ROLES, authTokens, projectMembers, projects, userRoles, users, type Role } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { hashPassword } from './passwords.ts';
import { deleteUserSessions, type SessionUser } from './sessions.ts';
import { hashToken, looksLikeToken, newToken } from '#lib/server/platform/tokens.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { hit, type Limit } from '#lib/server/platform/http/rate-limit.ts';
import { fail, failAt, type Refusal, type Result } from '#lib/server/platform/result.ts';

export const RESET_LIMITS = {
  account: { limit: 3, windowMs: 60 * 60 * 1000 } satisfies Limit,
  ip: { limit: 10, windowMs: 60 * 60 * 1000 } satisfies Limit,
};
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface InviteInput {
  email: string;
  name: string;
  title?: string | null;
  roles: Role[];
  projectIds: number[];
}

/** Refused in one sentence, shown above the form. */
export type InviteResult = Result<{ userId: number }, Refusal>;

/** Create the account (no password yet) and send a single-use link to set one. */
export async function inviteUser(
  db: Db,
  actor: SessionUser,
  input: InviteInput,
  baseUrl: string,
  now = new Date(),
): Promise<InviteResult> {
  const email = normalizeEmail(input.email);
  if ((await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)).length) {
    return fail('An account with this email address already exists.');
  }
  const projectIds = input.roles.includes('operator') ? [...new Set(input.projectIds)] : [];
  if (projectIds.length) {
    const found = await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, projectIds));
    if (found.length !== projectIds.length) return fail('One of the chosen projects does not exist.');
  }
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  const userId = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, name: input.name.trim(), title: input.title?.trim() || null })
      .returning({ id: users.id });
    for (const role of input.roles) await tx.insert(userRoles).values({ userId: user!.id, role });
    for (const projectId of projectIds) await tx.insert(projectMembers).values({ userId: user!.id, projectId });
    await tx.insert(authTokens).values({
      userId: user!.id,
      purpose: 'invite',
      tokenHash: hashToken(token),
      expiresAt,
      createdByUserId: actor.id,
    });
    await auditAsync(
      tx,
      { userId: actor.id },
      {
        action: 'user.invite',
        entityType: 'user',
        entityId: user!.id,
        after: { email, name: input.name, title: input.title ?? null, roles: input.roles, projectIds },
      },
    );
    await enqueueMailAsync(tx, {
      kind: 'invitation',
      to: email,
      data: {
        name: input.name.trim(),
        invitedBy: actor.name,
        roles: input.roles.map((r) => ROLE_LABEL[r]),
        url: `${baseUrl}/account/set-password?token=${token}`,
        expiresText: 'in 7 days',
      },
    });
    return user!.id;
  });
  return { ok: true, userId };
}

/** How long the link `npm run setup` prints stays usable: it is shown once, to whoever runs the command. */
export const FIRST_ADMIN_TTL_MS = 24 * 60 * 60 * 1000;

/** Has anyone an account (a new town's first administrator included)? */
export async function hasAnyAccount(db: Db): Promise<boolean> {
  return (
    (
      await db
        .select({ one: sql`1` })
        .from(users)
        .limit(1)
    ).length > 0
  );
}

/** Is there an administrator who can sign in (enabled, with a password)? Until there is, the portal is in its first run. */
export async function hasActiveAdmin(db: Db): Promise<boolean> {
  const found = await db
    .select({ one: sql`1` })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin')))
    .where(and(eq(users.disabled, false), sql`${users.passwordHash} is not null`))
    .limit(1);
  return found.length > 0;
}

export type FirstAdminResult = Result<{ userId: number; url: string; expiresAt: Date; again: boolean }, Refusal>;

/**
 * The first administrator of a new town (`npm run setup`): the account and a one-time link to choose a
 * password (an invitation token, so the link is the same single-use kind staff get by mail), returned for
 * the command to print once, never mailed (a new town has no mail set up yet). Refused once an
 * administrator can sign in; the same address again gets a fresh link and the old one stops working, so a
 * lost or expired link is never a dead end.
 */
export async function createFirstAdmin(
  db: Db,
  input: { email: string; name: string },
  baseUrl: string,
  now = new Date(),
): Promise<FirstAdminResult> {
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
    return failAt(`“${input.email}” is not an email address.`, 'email');
  if (!name || name.length > 120) return failAt('Give the administrator’s name (at most 120 characters).', 'name');
  const token = newToken();
  const expiresAt = new Date(now.getTime() + FIRST_ADMIN_TTL_MS);
  return db.transaction(async (tx): Promise<FirstAdminResult> => {
    if (await hasActiveAdmin(tx)) {
      const message =
        'This portal already has an administrator who can sign in: they invite everyone else at /staff/users ' +
        '(a forgotten password: “Forgot your password?” on the sign-in page).';
      return fail(message);
    }
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    const pending =
      existing &&
      (
        await tx
          .select({ one: sql`1` })
          .from(userRoles)
          .where(and(eq(userRoles.userId, existing.id), eq(userRoles.role, 'admin')))
          .limit(1)
      ).length > 0;
    if (existing && !pending)
      return failAt(`${email} already has an account without the administrator role; choose another address.`, 'email');
    const userId = existing
      ? existing.id
      : (await tx.insert(users).values({ email, name, createdAt: now, updatedAt: now }).returning({ id: users.id }))[0]!
          .id;
    if (existing) {
      // A fresh link for the same first administrator: the earlier one stops working.
      await tx.update(users).set({ disabled: false, updatedAt: now }).where(eq(users.id, userId));
      await tx
        .update(authTokens)
        .set({ usedAt: now })
        .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
    } else {
      await tx.insert(userRoles).values({ userId, role: 'admin' });
    }
    await tx
      .insert(authTokens)
      .values({ userId, purpose: 'invite', tokenHash: hashToken(token), expiresAt, createdAt: now });
    await auditAsync(
      tx,
      { label: 'setup' },
      {
        action: 'user.first_admin',
        entityType: 'user',
        entityId: userId,
        after: { email, name, roles: ['admin'], again: Boolean(existing) },
      },
    );
    return {
      ok: true,
      userId,
      url: `${baseUrl}/account/set-password?token=${token}`,
      expiresAt,
      again: Boolean(existing),
    };
  });
}

/** Ask for a reset link. Always looks the same to the caller, account or not. */
export async function requestPasswordReset(
  db: Db,
  emailInput: string,
  ip: string,
  baseUrl: string,
  now = new Date(),
): Promise<{ limited: boolean }> {
  const email = normalizeEmail(emailInput);
  const a = await hit(db, `reset:account:${email}`, RESET_LIMITS.account, now);
  const b = await hit(db, `reset:ip:${ip}`, RESET_LIMITS.ip, now);
  if (!a.allowed || !b.allowed) return { limited: true };
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || user.disabled) return { limited: false };
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx.insert(authTokens).values({
      userId: user.id,
      purpose: 'reset',
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    });
    await auditAsync(
      tx,
      { label: 'public', ip },
      { action: 'user.password_reset_requested', entityType: 'user', entityId: user.id },
    );
    await enqueueMailAsync(tx, {
      kind: 'password-reset',
      to: user.email,
      data: { name: user.name, url: `${baseUrl}/account/set-password?token=${token}`, expiresText: 'in 1 hour' },
    });
  });
  return { limited: false };
}

/** What a link in auth_tokens is for: an invitation, a password reset, or signing in once. */
export type AuthTokenPurpose = 'invite' | 'reset' | 'sign-in';

export type TokenCheck<P extends AuthTokenPurpose = 'invite' | 'reset'> = Result<
  { tokenId: number; userId: number; purpose: P; email: string; name: string },
  Refusal
>;

/**
 * Is this link still usable, and for one of `purposes`? A link of another kind is not valid here: a sign-in
 * link never sets a password, nor a reset link signs in.
 */
export async function checkAuthToken<P extends AuthTokenPurpose = 'invite' | 'reset'>(
  db: Db,
  token: string | null | undefined,
  now = new Date(),
  purposes: readonly P[] = ['invite', 'reset'] as P[],
): Promise<TokenCheck<P>> {
  const invalid = fail('This link is not valid. Ask for a new one.');
  if (!looksLikeToken(token)) return invalid;
  const [row] = await db
    .select({
      id: authTokens.id,
      userId: authTokens.userId,
      purpose: authTokens.purpose,
      expiresAt: authTokens.expiresAt,
      usedAt: authTokens.usedAt,
      email: users.email,
      name: users.name,
      disabled: users.disabled,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.disabled || !(purposes as readonly string[]).includes(row.purpose)) return invalid;
  if (row.usedAt) return fail('This link has already been used. Sign in, or ask for a new link.');
  if (row.expiresAt <= now) return fail('This link has expired. Ask for a new one.');
  return { ok: true, tokenId: row.id, userId: row.userId, purpose: row.purpose as P, email: row.email, name: row.name };
}

/** Use a link to set the password: single use, signs out every other session. */
export async function setPasswordWithToken(
  db: Db,
  token: string,
  password: string,
  ip: string,
  baseUrl: string,
  now = new Date(),
): Promise<TokenCheck> {
  const check = await checkAuthToken(db, token, now);
  if (!check.ok) return check;
  const passwordHash = await hashPassword(password);
  // Re-check inside the transaction: the link is single-use even under concurrent submissions.
  const used = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.id, check.tokenId), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
      .returning({ id: authTokens.id });
    if (claimed.length !== 1) return false;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, check.userId));
    // Any other outstanding links for this account stop working too.
    await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.userId, check.userId), isNull(authTokens.usedAt)));
    await deleteUserSessions(tx, check.userId);
    await auditAsync(
      tx,
      { userId: check.userId, ip },
      {
        action: check.purpose === 'invite' ? 'user.invitation_accepted' : 'user.password_reset',
        entityType: 'user',
        entityId: check.userId,
      },
    );
    if (check.purpose === 'reset') {
      await enqueueMailAsync(tx, {
        kind: 'password-changed',
        to: check.email,
        data: { name: check.name, signInUrl: `${baseUrl}/signin` },
      });
    }
    return true;
  });
  return used ? check : fail('This link has already been used. Sign in, or ask for a new link.');
}

export async function listUsers(db: Db) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      title: users.title,
      disabled: users.disabled,
      hasPassword: sql<number>`${users.passwordHash} is not null`,
      lastSignInAt: users.lastSignInAt,
    })
    .from(users)
    .orderBy(asc(users.name));
  const roles = await db.select().from(userRoles);
  const members = await db
    .select({ userId: projectMembers.userId, n: sql<number>`count(*)` })
    .from(projectMembers)
    .groupBy(projectMembers.userId);
  return rows.map((u) => ({
    ...u,
    hasPassword: Boolean(u.hasPassword),
    roles: roles.filter((r) => r.userId === u.id).map((r) => r.role),
    projectCount: members.find((m) => m.userId === u.id)?.n ?? 0,
  }));
}

export async function getUserForAdmin(db: Db, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) return undefined;
  const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id))).map(
    (r) => r.role,
  );
  const memberOf = await db
    .select({ id: projects.id, name: projects.name, slug: projects.slug })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, id))
    .orderBy(asc(projects.name));
  const { passwordHash, ...safe } = user;
  return { ...safe, hasPassword: passwordHash != null, roles, memberOf };
}

export interface AccessInput {
  roles: Role[];
  projectIds: number[];
  disabled: boolean;
}

/** Change roles, project membership and whether the account is disabled (disabling signs it out). */
export async function updateUserAccess(
  db: Db,
  actor: SessionUser,
  userId: number,
  input: AccessInput,
): Promise<Result<object, Refusal>> {
  const before = await getUserForAdmin(db, userId);
  if (!before) return fail('No such user.');
  if (actor.id === userId && (!input.roles.includes('admin') || input.disabled)) {
    return fail('You cannot remove your own administrator role or disable your own account.');
  }
  const roles = ROLES.filter((r) => input.roles.includes(r));
  const projectIds = roles.includes('operator') ? [...new Set(input.projectIds)] : [];
  await db.transaction(async (tx) => {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    for (const role of roles) await tx.insert(userRoles).values({ userId, role });
    await tx.delete(projectMembers).where(eq(projectMembers.userId, userId));
    for (const projectId of projectIds) await tx.insert(projectMembers).values({ userId, projectId });
    await tx.update(users).set({ disabled: input.disabled, updatedAt: new Date() }).where(eq(users.id, userId));
    if (input.disabled) await deleteUserSessions(tx, userId);
    await auditAsync(
      tx,
      { userId: actor.id },
      {
        action: 'user.update_access',
        entityType: 'user',
        entityId: userId,
        before: { roles: before.roles, projectIds: before.memberOf.map((p) => p.id), disabled: before.disabled },
        after: { roles, projectIds, disabled: input.disabled },
      },
    );
  });
  return { ok: true };
}

export async function isProjectMember(db: Pick<Db, 'select'>, userId: number, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(projectMembers)
    .where(and(eq(projectMembers.userId, userId), eq(projectMembers.projectId, projectId)))
    .limit(1);
  return row !== undefined;
}

export type { Actor };

/** Users who hold a role, for mail (e.g. every officer gets 48-hour notices). */
export function usersWithRole(db: Pick<Db, 'select'>, role: 'officer' | 'clerk' | 'admin') {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, role)))
    .where(eq(users.disabled, false));
}

/** Operator accounts on a project (for mail about enforcement). */
export function projectOperatorEmails(db: Pick<Db, 'select'>, projectId: number) {
  return db
    .select({ name: users.name, email: users.email })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), eq(users.disabled, false)));
}
