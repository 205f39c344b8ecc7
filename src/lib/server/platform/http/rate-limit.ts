/**
 * Fixed-window rate limits kept in SQLite (they survive restarts and hold across workers).
 * Used for sign-in (per account and per IP), request submission and subscriptions.
 */
import { eq } from 'drizzle-orm';
import { rateLimits } from '#db/schema.ts';
import type { DB } from '#lib/server/platform/db.ts';

export interface Limit {
  limit: number;
  windowMs: number;
}

export interface LimitState {
  allowed: boolean;
  count: number;
  /** Milliseconds until the window resets. */
  retryAfterMs: number;
}

/** Count one hit against `key` and say whether it is within the limit (in a transaction of its own, or the caller's). */
export function hit(db: Pick<DB, 'transaction'>, key: string, { limit, windowMs }: Limit, now = new Date()): LimitState {
  return db.transaction((tx) => {
    const row = tx.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
    const fresh = !row || now.getTime() - row.windowStart.getTime() >= windowMs;
    const windowStart = fresh ? now : row!.windowStart;
    const count = fresh ? 1 : row!.count + 1;
    tx.insert(rateLimits)
      .values({ key, windowStart, count })
      .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart, count } })
      .run();
    return { allowed: count <= limit, count, retryAfterMs: windowStart.getTime() + windowMs - now.getTime() };
  });
}

/** Whether `key` is currently over its limit, without counting a hit. */
export function isLimited(db: DB, key: string, { limit, windowMs }: Limit, now = new Date()): LimitState {
  const row = db.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  if (!row || now.getTime() - row.windowStart.getTime() >= windowMs) return { allowed: true, count: 0, retryAfterMs: 0 };
  return { allowed: row.count < limit, count: row.count, retryAfterMs: row.windowStart.getTime() + windowMs - now.getTime() };
}

export function clearLimit(db: DB, key: string): void {
  db.delete(rateLimits).where(eq(rateLimits.key, key)).run();
}

export function minutesText(ms: number): string {
  const m = Math.max(1, Math.ceil(ms / 60_000));
  return `${m} ${m === 1 ? 'minute' : 'minutes'}`;
}
