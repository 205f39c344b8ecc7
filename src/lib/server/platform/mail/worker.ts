/**
 * Delivers the outbox. Each due message is leased (its next attempt pushed forward) before sending, so a
 * crash mid-send means a retry, never a loss; failures back off exponentially and are recorded. Each write
 * waits for SQLite's write lock without blocking the server while another process holds it (decision 0085).
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import { outbox } from '#db/schema.ts';
import { isBusy, type DB } from '#lib/server/platform/db.ts';
import { writeWhenUnlocked } from '#lib/server/platform/write-lock.ts';
import { onOutboxChange } from './outbox.ts';
import type { MailTransport } from './transport.ts';

export const MAX_ATTEMPTS = 12;
const LEASE_MS = 5 * 60 * 1000;

export interface WorkerOptions {
  /** The sender, or how to read it (the town profile's, platform/town-profile.ts townMailFrom). */
  from: string | ((db: DB) => string);
  /** First retry delay; doubles each attempt up to an hour. */
  retryBaseMs?: number;
  pollMs?: number;
  /** How long each write waits for another process's lock before this round gives up (write-lock.ts's default). */
  lockWaitMs?: number;
}

export function retryDelay(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** Send everything due now. Returns how many were sent and how many failed this round. */
export async function deliverDue(db: DB, transport: MailTransport, opts: WorkerOptions, now = () => new Date()) {
  const baseMs = opts.retryBaseMs ?? 30_000;
  let sent = 0;
  let failed = 0;
  const due = db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, 'queued'), lte(outbox.nextAttemptAt, now())))
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(25)
    .all();
  const from = typeof opts.from === 'function' ? (due.length ? opts.from(db) : '') : opts.from;
  const wait = { totalMs: opts.lockWaitMs };
  for (const m of due) {
    const leased = await writeWhenUnlocked(
      db,
      () =>
        db
          .update(outbox)
          .set({ nextAttemptAt: new Date(now().getTime() + LEASE_MS) })
          .where(and(eq(outbox.id, m.id), eq(outbox.status, 'queued'), lte(outbox.nextAttemptAt, now())))
          .returning({ id: outbox.id })
          .get(),
      wait,
    );
    if (!leased) continue;
    try {
      const { messageId } = await transport.send({
        id: m.id,
        kind: m.kind,
        from,
        to: m.toAddress,
        subject: m.subject,
        text: m.textBody,
        html: m.htmlBody,
        headers: m.headersJson ? (JSON.parse(m.headersJson) as Record<string, string>) : {},
      });
      await writeWhenUnlocked(
        db,
        () =>
          db
            .update(outbox)
            .set({ status: 'sent', sentAt: now(), messageId, attempts: m.attempts + 1, lastError: null })
            .where(eq(outbox.id, m.id))
            .run(),
        wait,
      );
      sent++;
    } catch (err) {
      const attempts = m.attempts + 1;
      const giveUp = attempts >= MAX_ATTEMPTS;
      await writeWhenUnlocked(
        db,
        () =>
          db
            .update(outbox)
            .set({
              attempts,
              lastError: String((err as Error)?.message ?? err).slice(0, 500),
              status: giveUp ? 'failed' : 'queued',
              nextAttemptAt: new Date(now().getTime() + retryDelay(attempts, baseMs)),
            })
            .where(eq(outbox.id, m.id))
            .run(),
        wait,
      );
      failed++;
    }
  }
  return { sent, failed };
}

export interface OutboxWorker {
  /** Deliver now rather than at the next poll. */
  nudge(): void;
  /** Finish the message in flight, then stop. */
  stop(): Promise<void>;
}

export function startOutboxWorker(db: DB, transport: MailTransport, opts: WorkerOptions): OutboxWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverDue(db, transport, opts)
      .then(
        () => undefined,
        (err) =>
          isBusy(err)
            ? console.warn('outbox worker: the database is locked by another process; trying again')
            : console.error('outbox worker:', err),
      )
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, opts.pollMs ?? 2_000);
  timer.unref();
  onOutboxChange(run);
  run();
  return {
    nudge: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      onOutboxChange(undefined);
      await running;
      transport.close();
    },
  };
}
