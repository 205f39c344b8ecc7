/**
 * Rate limits kept in SQLite (they survive restarts and hold across workers): fixed windows for request
 * submission, subscriptions and mailed links, and failure counters for sign-in, whose waits grow with the
 * count (the rules are the caller's: accounts/sign-in-limits.rules.ts).
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import { rateLimits } from '#db/schema.ts';
import { preparedOnce } from '#lib/server/platform/db.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';

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

/**
 * Count one hit against `key` and say whether it is within the limit (alone, or in the caller's transaction).
 * One statement reads and moves the counter: two requests counted side by side (two connections, or two
 * PostgreSQL transactions) each count, and never both read the same count and write the same next one.
 */
export async function hit(
  db: Pick<Db, 'insert'>,
  key: string,
  { limit, windowMs }: Limit,
  now = new Date(),
): Promise<LimitState> {
  const row = (await preparedOnce(db, 'rateLimit.hit', () =>
    db
      .insert(rateLimits)
      .values({ key: sql.placeholder('key'), windowStart: sql.placeholder('now'), count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        // A window that has run out starts again with this hit. (Both right-hand sides read the row as it was.)
        set: {
          windowStart: sql`case when ${rateLimits.windowStart} <= ${sql.placeholder('endedBy')} then excluded.window_start else ${rateLimits.windowStart} end`,
          count: sql`case when ${rateLimits.windowStart} <= ${sql.placeholder('endedBy')} then 1 else ${rateLimits.count} + 1 end`,
        },
      })
      .returning({ windowStart: rateLimits.windowStart, count: rateLimits.count })
      .prepare(),
  ).get({ key, now, endedBy: now.getTime() - windowMs }))!;
  return {
    allowed: row.count <= limit,
    count: row.count,
    retryAfterMs: row.windowStart.getTime() + windowMs - now.getTime(),
  };
}

/** The key's window, if it has one (a statement prepared once per connection: every form sent reads it). */
function readLimit(db: Pick<Db, 'select'>, key: string) {
  return preparedOnce(db, 'rateLimit.read', () =>
    db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, sql.placeholder('key')))
      .prepare(),
  ).get({ key });
}

/** Whether `key` is currently over its limit, without counting a hit. */
export async function isLimited(
  db: Pick<Db, 'select'>,
  key: string,
  { limit, windowMs }: Limit,
  now = new Date(),
): Promise<LimitState> {
  const row = await readLimit(db, key);
  if (!row || now.getTime() - row.windowStart.getTime() >= windowMs)
    return { allowed: true, count: 0, retryAfterMs: 0 };
  return {
    allowed: row.count < limit,
    count: row.count,
    retryAfterMs: row.windowStart.getTime() + windowMs - now.getTime(),
  };
}

export async function clearLimit(db: Pick<Db, 'delete'>, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** A failure counter: how many so far, and when the last one was (stored as the row's window start). */
export interface FailureCount {
  count: number;
  lastAt: Date;
}

export async function readFailures(db: Pick<Db, 'select'>, key: string): Promise<FailureCount | undefined> {
  const row = await readLimit(db, key);
  return row ? { count: row.count, lastAt: row.windowStart } : undefined;
}

/**
 * Count one failure against `key` now; a counter quiet for `forgetAfterMs` starts again from one. One
 * statement reads and moves the counter, as `hit` does.
 */
export async function countFailure(
  db: Pick<Db, 'insert'>,
  key: string,
  forgetAfterMs: number,
  now = new Date(),
): Promise<FailureCount> {
  const row = (await preparedOnce(db, 'rateLimit.failure', () =>
    db
      .insert(rateLimits)
      .values({ key: sql.placeholder('key'), windowStart: sql.placeholder('now'), count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          windowStart: sql`excluded.window_start`,
          count: sql`case when ${rateLimits.windowStart} > ${sql.placeholder('forgottenBy')} then ${rateLimits.count} + 1 else 1 end`,
        },
      })
      .returning({ count: rateLimits.count })
      .prepare(),
  ).get({ key, now, forgottenBy: now.getTime() - forgetAfterMs }))!;
  return { count: row.count, lastAt: now };
}

/**
 * Take back the failure counted at `countedAt` ahead of a check that then succeeded: one fewer, and unless
 * another failure was counted since, the last one is again `previousLastAt` (a success never adds a wait).
 */
export async function uncountFailure(
  db: Pick<Db, 'update' | 'delete'>,
  key: string,
  countedAt: Date,
  previousLastAt: Date | undefined,
): Promise<void> {
  const lastAt = previousLastAt
    ? sql`case when ${rateLimits.windowStart} = ${countedAt.getTime()} then ${previousLastAt.getTime()} else ${rateLimits.windowStart} end`
    : undefined;
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1`, ...(lastAt ? { windowStart: lastAt } : {}) })
    .where(eq(rateLimits.key, key));
  await db.delete(rateLimits).where(and(eq(rateLimits.key, key), lte(rateLimits.count, 0)));
}

export function minutesText(ms: number): string {
  const m = Math.max(1, Math.ceil(ms / 60_000));
  return `${m} ${m === 1 ? 'minute' : 'minutes'}`;
}
