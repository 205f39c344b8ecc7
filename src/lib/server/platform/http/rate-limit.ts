/**
 * Rate limits kept in SQLite (they survive restarts and hold across workers): fixed windows for request
 * submission, subscriptions and mailed links, and failure counters for sign-in, whose waits grow with the
 * count (the rules are the caller's: accounts/sign-in-limits.rules.ts).
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import { rateLimits } from '#db/schema.ts';
import { preparedOnce, type DB } from '#lib/server/platform/db.ts';
import { viaSync, type Db } from '#lib/server/platform/db/async-session.ts';

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
export function hit(db: Pick<DB, 'insert'>, key: string, { limit, windowMs }: Limit, now = new Date()): LimitState {
  const row = preparedOnce(db, 'rateLimit.hit', () =>
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
  ).get({ key, now, endedBy: now.getTime() - windowMs })!;
  return {
    allowed: row.count <= limit,
    count: row.count,
    retryAfterMs: row.windowStart.getTime() + windowMs - now.getTime(),
  };
}

/** The key's window, if it has one (a statement prepared once per connection: every form sent reads it). */
function readLimit(db: Pick<DB, 'select'>, key: string) {
  return preparedOnce(db, 'rateLimit.read', () =>
    db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, sql.placeholder('key')))
      .prepare(),
  ).get({ key });
}

/** Whether `key` is currently over its limit, without counting a hit. */
export function isLimited(db: DB, key: string, { limit, windowMs }: Limit, now = new Date()): LimitState {
  const row = readLimit(db, key);
  if (!row || now.getTime() - row.windowStart.getTime() >= windowMs)
    return { allowed: true, count: 0, retryAfterMs: 0 };
  return {
    allowed: row.count < limit,
    count: row.count,
    retryAfterMs: row.windowStart.getTime() + windowMs - now.getTime(),
  };
}

export function clearLimit(db: Pick<DB, 'delete'>, key: string): void {
  db.delete(rateLimits).where(eq(rateLimits.key, key)).run();
}

/** A failure counter: how many so far, and when the last one was (stored as the row's window start). */
export interface FailureCount {
  count: number;
  lastAt: Date;
}

export function readFailures(db: Pick<DB, 'select'>, key: string): FailureCount | undefined {
  const row = readLimit(db, key);
  return row ? { count: row.count, lastAt: row.windowStart } : undefined;
}

/**
 * Count one failure against `key` now; a counter quiet for `forgetAfterMs` starts again from one. One
 * statement reads and moves the counter, as `hit` does.
 */
export function countFailure(
  db: Pick<DB, 'insert'>,
  key: string,
  forgetAfterMs: number,
  now = new Date(),
): FailureCount {
  const row = preparedOnce(db, 'rateLimit.failure', () =>
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
  ).get({ key, now, forgottenBy: now.getTime() - forgetAfterMs })!;
  return { count: row.count, lastAt: now };
}

/**
 * Take back the failure counted at `countedAt` ahead of a check that then succeeded: one fewer, and unless
 * another failure was counted since, the last one is again `previousLastAt` (a success never adds a wait).
 */
export function uncountFailure(
  db: Pick<DB, 'update' | 'delete'>,
  key: string,
  countedAt: Date,
  previousLastAt: Date | undefined,
): void {
  const lastAt = previousLastAt
    ? sql`case when ${rateLimits.windowStart} = ${countedAt.getTime()} then ${previousLastAt.getTime()} else ${rateLimits.windowStart} end`
    : undefined;
  db.update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1`, ...(lastAt ? { windowStart: lastAt } : {}) })
    .where(eq(rateLimits.key, key))
    .run();
  db.delete(rateLimits)
    .where(and(eq(rateLimits.key, key), lte(rateLimits.count, 0)))
    .run();
}

export function minutesText(ms: number): string {
  const m = Math.max(1, Math.ceil(ms / 60_000));
  return `${m} ${m === 1 ? 'minute' : 'minutes'}`;
}

/** `hit` on the asynchronous face (decision 0080): one atomic upsert, as there. */
export function hitAsync(db: Db, key: string, limit: Limit, now = new Date()): Promise<LimitState> {
  return viaSync(db, (sync) => hit(sync, key, limit, now));
}

/** `isLimited` on the asynchronous face. */
export function isLimitedAsync(db: Db, key: string, limit: Limit, now = new Date()): Promise<LimitState> {
  return viaSync(db, (sync) => isLimited(sync, key, limit, now));
}

/** The failure counters on the asynchronous face (decision 0080), in the caller's transaction. */
export function readFailuresAsync(db: Db, key: string): Promise<FailureCount | undefined> {
  return viaSync(db, (sync) => readFailures(sync, key));
}
export function countFailureAsync(db: Db, ...rest: Tail<Parameters<typeof countFailure>>): Promise<void> {
  return viaSync(db, (sync) => void countFailure(sync, ...rest));
}
export function uncountFailureAsync(db: Db, ...rest: Tail<Parameters<typeof uncountFailure>>): Promise<void> {
  return viaSync(db, (sync) => void uncountFailure(sync, ...rest));
}
export function clearLimitAsync(db: Db, key: string): Promise<void> {
  return viaSync(db, (sync) => clearLimit(sync, key));
}
type Tail<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;
