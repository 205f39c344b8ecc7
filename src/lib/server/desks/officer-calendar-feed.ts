/**
 * The officer's private iCalendar feed: an unguessable token in the URL (calendar apps cannot sign in),
 * only its SHA-256 stored, one live link per user, revocable. A new link revokes the old one.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { calendarFeedTokens } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { hashToken, looksLikeToken, newToken } from '#lib/server/platform/tokens.ts';
import { loadUser, type SessionUser } from '#lib/server/accounts/sessions.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';

export async function createFeedToken(db: Db, actor: Actor & { userId: number }, now = new Date()): Promise<string> {
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(calendarFeedTokens)
      .set({ revokedAt: now })
      .where(and(eq(calendarFeedTokens.userId, actor.userId), isNull(calendarFeedTokens.revokedAt)));
    const [row] = await tx
      .insert(calendarFeedTokens)
      .values({ userId: actor.userId, tokenHash: hashToken(token), createdAt: now })
      .returning({ id: calendarFeedTokens.id });
    await auditAsync(tx, actor, {
      action: 'calendar_feed.create',
      entityType: 'calendar_feed',
      entityId: row!.id,
      after: { userId: actor.userId },
    });
  });
  return token;
}

export function revokeFeedTokens(db: Db, actor: Actor & { userId: number }, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const n = (
      await tx
        .update(calendarFeedTokens)
        .set({ revokedAt: now })
        .where(and(eq(calendarFeedTokens.userId, actor.userId), isNull(calendarFeedTokens.revokedAt)))
        .returning({ id: calendarFeedTokens.id })
    ).length;
    if (n)
      await auditAsync(tx, actor, {
        action: 'calendar_feed.revoke',
        entityType: 'calendar_feed',
        entityId: null,
        after: { userId: actor.userId, revoked: n },
      });
    return n;
  });
}

export async function activeFeed(db: Pick<Db, 'select'>, userId: number) {
  const [feed] = await db
    .select({ createdAt: calendarFeedTokens.createdAt, lastUsedAt: calendarFeedTokens.lastUsedAt })
    .from(calendarFeedTokens)
    .where(and(eq(calendarFeedTokens.userId, userId), isNull(calendarFeedTokens.revokedAt)))
    .limit(1);
  return feed;
}

/** The user behind a feed token, if the link is live and the user may still see the calendar. */
export async function userForFeedToken(
  db: Db,
  token: string | undefined,
  now = new Date(),
): Promise<SessionUser | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const [row] = await db
    .select()
    .from(calendarFeedTokens)
    .where(eq(calendarFeedTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.revokedAt) return undefined;
  const user = await loadUser(db, row.userId);
  if (!user || !user.roles.includes('officer')) return undefined;
  // Record use at most hourly: calendar apps poll often.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 3_600_000) {
    await db.update(calendarFeedTokens).set({ lastUsedAt: now }).where(eq(calendarFeedTokens.id, row.id));
  }
  return user;
}
