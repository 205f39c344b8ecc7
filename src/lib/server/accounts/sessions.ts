/**
 * Server-side sessions in SQLite. The cookie holds a random token; the table holds its SHA-256.
 * Sliding idle expiry plus an absolute limit; a new session (and token) on every sign-in.
 */
import { eq, lt, or } from 'drizzle-orm';
import { sessions, userRoles, users, type Role } from '#db/schema.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { hashToken, looksLikeToken, newToken } from '#lib/server/platform/tokens.ts';
import { writeUnlessLocked } from '#lib/server/platform/write-lock.ts';

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

export function createSession(
  db: DB,
  userId: number,
  meta: { ip?: string | null; userAgent?: string | null } = {},
  now = new Date(),
) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS);
  db.insert(sessions)
    .values({
      id: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .run();
  return { token, expiresAt };
}

export function loadUser(db: DB, userId: number): SessionUser | undefined {
  const user = db
    .select({ id: users.id, email: users.email, name: users.name, title: users.title, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user || user.disabled) return undefined;
  const roles = db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .all()
    .map((r) => r.role);
  return { id: user.id, email: user.email, name: user.name, title: user.title, roles };
}

/** The session behind a cookie token, refreshed; undefined (and deleted) when expired or unknown. */
export function validateSession(db: DB, token: string | undefined, now = new Date()): ValidSession | undefined {
  if (!looksLikeToken(token)) return undefined;
  const id = hashToken(token);
  const row = db.select().from(sessions).where(eq(sessions.id, id)).get();
  if (!row) return undefined;
  const idleExpired = now.getTime() - row.lastSeenAt.getTime() > IDLE_TIMEOUT_MS;
  // Every signed-in page view may write here: while another process holds the write lock these writes are
  // skipped, never waited for (decision 0085). An expired session is refused all the same (the hourly purge
  // removes its row); a touch missed is made by the next view.
  if (idleExpired || now >= row.expiresAt) {
    writeUnlessLocked(db, () => db.delete(sessions).where(eq(sessions.id, id)).run());
    return undefined;
  }
  const user = loadUser(db, row.userId);
  if (!user) {
    writeUnlessLocked(db, () => db.delete(sessions).where(eq(sessions.id, id)).run());
    return undefined;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    writeUnlessLocked(db, () => db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id)).run());
  }
  return { sessionId: id, user, expiresAt: row.expiresAt };
}

export function deleteSession(db: DB, token: string | undefined): void {
  if (looksLikeToken(token))
    db.delete(sessions)
      .where(eq(sessions.id, hashToken(token)))
      .run();
}

/** Sign out everywhere. */
export function deleteUserSessions(db: Pick<DB, 'delete'>, userId: number): void {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}

export function purgeExpiredSessions(db: DB, now = new Date()): void {
  db.delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS))))
    .run();
}
