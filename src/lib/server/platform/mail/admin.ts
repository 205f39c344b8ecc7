/** What admins see of the outbox at /staff/mail, and the one thing they can do: retry now. */
import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import { OUTBOX_STATUSES, outbox } from '#db/schema.ts';
import { audit } from '#lib/server/platform/audit.ts';
import { config } from '#lib/server/platform/config.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { emlFileName } from './transport.ts';

export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export function listOutbox(db: DB, opts: { status?: OutboxStatus; page: number; perPage?: number }) {
  const perPage = opts.perPage ?? 50;
  const where = opts.status ? eq(outbox.status, opts.status) : undefined;
  const total = db
    .select({ n: sql<number>`count(*)` })
    .from(outbox)
    .where(where)
    .get()!.n;
  const rows = db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      toAddress: outbox.toAddress,
      subject: outbox.subject,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      nextAttemptAt: outbox.nextAttemptAt,
    })
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.id))
    .limit(perPage)
    .offset((opts.page - 1) * perPage)
    .all();
  return { rows, total, pages: Math.max(1, Math.ceil(total / perPage)) };
}

export function getOutboxMessage(db: DB, id: number) {
  const row = db.select().from(outbox).where(eq(outbox.id, id)).get();
  if (!row) return undefined;
  const eml = path.join(config().mailDir, emlFileName(row.id, row.kind));
  return { ...row, emlPath: fs.existsSync(eml) ? eml : undefined };
}

/** Put a message back at the front of the queue (after a failure, or to resend). */
export function retryNow(db: DB, actorUserId: number, id: number): boolean {
  return db.transaction((tx) => {
    const before = tx
      .select({ status: outbox.status, attempts: outbox.attempts })
      .from(outbox)
      .where(eq(outbox.id, id))
      .get();
    if (!before) return false;
    tx.update(outbox)
      .set({ status: 'queued', nextAttemptAt: new Date(), attempts: before.status === 'failed' ? 0 : before.attempts })
      .where(and(eq(outbox.id, id)))
      .run();
    audit(
      tx,
      { userId: actorUserId },
      { action: 'mail.retry', entityType: 'outbox', entityId: id, before, after: { status: 'queued' } },
    );
    return true;
  });
}
