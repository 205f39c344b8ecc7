/**
 * The audit log: every state change goes through `audit()`, inside the same transaction as the change,
 * recording who, what, which entity, before/after and when.
 */
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { auditLog, users } from '#db/schema.ts';
import type { AuditAction } from './audit-actions.ts';
import type { DB } from './db.ts';
import { readSnapshotAsync, type Db } from './db/async-session.ts';
import { startsWithText } from './db/sql.ts';
import { insertRow, insertRowAsync } from './insert-row.ts';

/** Who did it: a signed-in user, or a labelled actor without an account. */
export type Actor =
  | { userId: number; ip?: string | null }
  | { label: 'requester' | 'system' | 'seed' | 'setup' | 'public' | 'operator'; ip?: string | null };

/** The actor for a signed-in user's request (an action's ctx, a page's Astro, an endpoint's context). */
export function actorOf(user: { id: number }, request: { clientAddress: string }): Actor & { userId: number } {
  return { userId: user.id, ip: request.clientAddress };
}

/** A drizzle database or transaction handle: both can insert. */
export type Tx = Pick<DB, 'insert' | 'select' | 'update' | 'delete'>;

export interface AuditEntry {
  action: AuditAction;
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** The audit log's row for a change: who, what, before and after (secrets redacted). */
function auditRow(actor: Actor, entry: AuditEntry) {
  return {
    actorUserId: 'userId' in actor ? actor.userId : null,
    actorLabel: 'label' in actor ? actor.label : null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    beforeJson: entry.before === undefined ? null : JSON.stringify(redact(entry.before)),
    afterJson: entry.after === undefined ? null : JSON.stringify(redact(entry.after)),
    ip: actor.ip ?? null,
  };
}

export function audit(tx: Tx, actor: Actor, entry: AuditEntry): void {
  insertRow(tx, auditLog, auditRow(actor, entry));
}

const SECRET_KEYS = /password|token|hash|secret/i;

/** Secrets never enter the audit log, even hashed. */
function redact(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redact);
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_KEYS.test(k) ? (v == null ? v : '[redacted]') : redact(v),
    ]),
  );
}

export interface AuditQuery {
  entityType?: string;
  entityId?: string;
  action?: string;
  actorUserId?: number;
  from?: Date;
  to?: Date;
  page: number;
  perPage?: number;
}

/** Browse the audit log, newest first, for /staff/audit. */
export function queryAudit(db: Db, q: AuditQuery) {
  const perPage = q.perPage ?? 50;
  const where = and(
    q.entityType ? eq(auditLog.entityType, q.entityType) : undefined,
    q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
    // A prefix match on the action name; % and _ typed in the filter are matched literally.
    q.action ? startsWithText(auditLog.action, q.action) : undefined,
    q.actorUserId ? eq(auditLog.actorUserId, q.actorUserId) : undefined,
    q.from ? gte(auditLog.at, q.from) : undefined,
    q.to ? lt(auditLog.at, q.to) : undefined,
  );
  return readSnapshotAsync(db, async () => {
    const [{ n: total }] = (await db
      .select({ n: sql<number>`count(*)` })
      .from(auditLog)
      .where(where)) as [{ n: number }];
    const rows = await db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        beforeJson: auditLog.beforeJson,
        afterJson: auditLog.afterJson,
        ip: auditLog.ip,
        actorLabel: auditLog.actorLabel,
        actorUserId: auditLog.actorUserId,
        actorName: users.name,
        actorEmail: users.email,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(perPage)
      .offset((q.page - 1) * perPage);
    const entityTypes = (
      await db.selectDistinct({ t: auditLog.entityType }).from(auditLog).orderBy(asc(auditLog.entityType))
    ).map((r) => r.t);
    return { rows, total, pages: Math.max(1, Math.ceil(total / perPage)), entityTypes, actors: await auditActors(db) };
  });
}

/** Every account, by name, for the audit log's "Who" picker (a disabled account's changes stay in the log). */
export function auditActors(db: Pick<Db, 'select'>): Promise<Array<{ id: number; name: string; email: string }>> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .orderBy(asc(users.name), asc(users.id));
}

/** `audit` for a service on the asynchronous face (decision 0080): the same row, in the caller's transaction. */
export async function auditAsync(tx: Pick<Db, 'insert'>, actor: Actor, entry: AuditEntry): Promise<void> {
  await insertRowAsync(tx, auditLog, auditRow(actor, entry));
}
