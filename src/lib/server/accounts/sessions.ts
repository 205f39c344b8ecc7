/**
 * Server-side sessions in SQLite. The cookie holds a random token; the table holds its SHA-256.
 * Sliding idle expiry plus an absolute limit; a new session (and token) on every sign-in.
 */
import { eq, lt, or } from 'drizzle-orm';
import { sessions, userRoles, users, type Role } from '#db/schema.ts';
import { writeUnlessLockedAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { hashToken, looksLikeToken, newToken } from '#lib/server/platform/tokens.ts';

export const SESSION_COOKIE = 'rsp_session';
/** Signed out after this long without a request. */
export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
/** Signed out this long after signing in, however active. */
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** Don't write lastSeenAt on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  title: string | null;
  roles: Role[];
}

export interface ValidSession {
  sessionId: string;
  user: SessionUser;
  expiresAt: Date;
}

export async function createSession(
  db: Db,
  userId: number,
  meta: { ip?: string | null; userAgent?: string | null } = {},
  now = new Date(),
) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

export async function loadUser(db: Db, userId: number): Promise<SessionUser | undefined> {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, title: users.title, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || user.disabled) return undefined;
  const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map(
    (r) => r.role,
  );
  return { id: user.id, email: user.email, name: user.name, title: user.title, roles };
}

/** The session behind a cookie token, refreshed; undefined (and deleted) when expired or unknown. */
export async function validateSession(
  db: Db,
  token: string | undefined,
  now = new Date(),
): Promise<ValidSession | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const id = hashToken(token);
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  if (!row) return undefined;
  const idleExpired = now.getTime() - row.lastSeenAt.getTime() > IDLE_TIMEOUT_MS;
  // Every signed-in page view may write here: while another process holds the write lock these writes are
  // skipped, never waited for (decision 0085). An expired session is refused all the same (the hourly purge
  // removes its row); a touch missed is made by the next view.
  const forget = () => writeUnlessLockedAsync(db, (sync) => sync.delete(sessions).where(eq(sessions.id, id)).run());
  if (idleExpired || now >= row.expiresAt) {
    await forget();
    return undefined;
  }
  const user = await loadUser(db, row.userId);
  if (!user) {
    await forget();
    return undefined;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await writeUnlessLockedAsync(db, (sync) =>
      sync.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id)).run(),
    );
  }
  return { sessionId: id, user, expiresAt: row.expiresAt };
}

export async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (looksLikeToken(token)) await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Sign out everywhere. */
export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS))));
}
