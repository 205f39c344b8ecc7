/** What admins see of the outbox at /staff/mail, and the one thing they can do: retry now. */
import fs from 'node:fs';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { OUTBOX_STATUSES, outbox } from '#db/schema.ts';
import { auditAsync } from '#lib/server/platform/audit.ts';
import { config } from '#lib/server/platform/config.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { emlFileName } from './transport.ts';

export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** One page of the outbox, newest first, with the count it is a page of (read in one snapshot). */
export function listOutbox(db: Db, opts: { status?: OutboxStatus; page: number; perPage?: number }) {
  const perPage = opts.perPage ?? 50;
  const where = opts.status ? eq(outbox.status, opts.status) : undefined;
  return readSnapshotAsync(db, async () => {
    const [{ n: total }] = (await db
      .select({ n: sql<number>`count(*)` })
      .from(outbox)
      .where(where)) as [{ n: number }];
    const rows = await db
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
      .offset((opts.page - 1) * perPage);
    return { rows, total, pages: Math.max(1, Math.ceil(total / perPage)) };
  });
}

export async function getOutboxMessage(db: Db, id: number) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  if (!row) return undefined;
  const eml = path.join(config().mailDir, emlFileName(row.id, row.kind));
  return { ...row, emlPath: fs.existsSync(eml) ? eml : undefined };
}

/** Put a message back at the front of the queue (after a failure, or to resend). */
export function retryNow(db: Db, actorUserId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: outbox.status, attempts: outbox.attempts })
      .from(outbox)
      .where(eq(outbox.id, id));
    if (!before) return false;
    await tx
      .update(outbox)
      .set({ status: 'queued', nextAttemptAt: new Date(), attempts: before.status === 'failed' ? 0 : before.attempts })
      .where(eq(outbox.id, id));
    await auditAsync(
      tx,
      { userId: actorUserId },
      { action: 'mail.retry', entityType: 'outbox', entityId: id, before, after: { status: 'queued' } },
    );
    return true;
  });
}
