/**
 * The clerks' saved replies for records requests: short named texts that the message box on
 * the request page offers (a select and a button: a server round trip, no script needed). Every change is
 * audited. The names are unique (any case), so the list reads clearly.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { replyTemplates } from '#db/schema.ts';
import { audit, type Actor } from '#lib/server/platform/audit.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { fail, failFields, type Result } from '#lib/server/platform/result.ts';

export const TEMPLATE_NAME_MAX = 80;
export const TEMPLATE_BODY_MAX = 2000;

export type ReplyTemplate = typeof replyTemplates.$inferSelect;

export function listReplyTemplates(db: Pick<DB, 'select'>): ReplyTemplate[] {
  return db
    .select()
    .from(replyTemplates)
    .orderBy(asc(sql`lower(${replyTemplates.name})`), asc(replyTemplates.id))
    .all();
}

export function getReplyTemplate(db: Pick<DB, 'select'>, id: number): ReplyTemplate | undefined {
  return db.select().from(replyTemplates).where(eq(replyTemplates.id, id)).get();
}

/** Untrusted `?template=` → the template's text, or undefined. */
export function templateFromParam(db: Pick<DB, 'select'>, param: string | null): ReplyTemplate | undefined {
  return param && /^\d{1,12}$/.test(param) ? getReplyTemplate(db, Number(param)) : undefined;
}

export function saveReplyTemplate(
  db: DB,
  actor: Actor & { userId: number },
  input: { id?: number; name: string; body: string },
  now = new Date(),
): Result<{ id: number }> {
  const name = input.name.trim();
  const body = input.body.trim();
  const fields: Record<string, string> = {};
  if (!name) fields.name = 'Give the reply a short name, like “Ask which phase”.';
  else if ([...name].length > TEMPLATE_NAME_MAX)
    fields.name = `Use at most ${TEMPLATE_NAME_MAX} characters for the name.`;
  if (!body) fields.body = 'Write the reply.';
  else if ([...body].length > TEMPLATE_BODY_MAX)
    fields.body = `Use at most ${TEMPLATE_BODY_MAX.toLocaleString('en-US')} characters for the reply.`;
  const before = input.id ? getReplyTemplate(db, input.id) : undefined;
  if (input.id && !before) return fail('That saved reply was deleted. Reload the page.');
  if (!fields.name) {
    const clash = db
      .select({ id: replyTemplates.id })
      .from(replyTemplates)
      .where(sql`lower(${replyTemplates.name}) = lower(${name})`)
      .get();
    if (clash && clash.id !== input.id)
      fields.name = 'A saved reply already has that name: choose another, or edit that one.';
  }
  if (Object.keys(fields).length) return failFields(fields);
  const id = db.transaction((tx) => {
    const saved = before
      ? (tx.update(replyTemplates).set({ name, body, updatedAt: now }).where(eq(replyTemplates.id, before.id)).run(),
        before.id)
      : tx
          .insert(replyTemplates)
          .values({ name, body, createdByUserId: actor.userId, createdAt: now, updatedAt: now })
          .returning({ id: replyTemplates.id })
          .get().id;
    audit(tx, actor, {
      action: 'reply_template.save',
      entityType: 'reply_template',
      entityId: saved,
      before: before ? { name: before.name, body: before.body } : null,
      after: { name, body },
    });
    return saved;
  });
  return { ok: true, id };
}

export function deleteReplyTemplate(db: DB, actor: Actor & { userId: number }, id: number): Result {
  const before = getReplyTemplate(db, id);
  if (!before) return fail('That saved reply was already deleted.');
  db.transaction((tx) => {
    tx.delete(replyTemplates).where(eq(replyTemplates.id, id)).run();
    audit(tx, actor, {
      action: 'reply_template.delete',
      entityType: 'reply_template',
      entityId: id,
      before: { name: before.name, body: before.body },
    });
  });
  return { ok: true };
}
