/**
 * The clerks' saved replies for records requests: short named texts that the message box on
 * the request page offers (a select and a button: a server round trip, no script needed). Every change is
 * audited. The names are unique (any case), so the list reads clearly.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { replyTemplates } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { fail, failFields, type Result } from '#lib/server/platform/result.ts';

export const TEMPLATE_NAME_MAX = 80;
export const TEMPLATE_BODY_MAX = 2000;

export type ReplyTemplate = typeof replyTemplates.$inferSelect;

export function listReplyTemplates(db: Pick<Db, 'select'>): Promise<ReplyTemplate[]> {
  return db
    .select()
    .from(replyTemplates)
    .orderBy(asc(sql`lower(${replyTemplates.name})`), asc(replyTemplates.id));
}

export async function getReplyTemplate(db: Pick<Db, 'select'>, id: number): Promise<ReplyTemplate | undefined> {
  const [t] = await db.select().from(replyTemplates).where(eq(replyTemplates.id, id)).limit(1);
  return t;
}

/** Untrusted `?template=` → the template's text, or undefined. */
export async function templateFromParam(
  db: Pick<Db, 'select'>,
  param: string | null,
): Promise<ReplyTemplate | undefined> {
  return param && /^\d{1,12}$/.test(param) ? getReplyTemplate(db, Number(param)) : undefined;
}

/**
 * Save a reply, new or edited; the name's uniqueness and the edited reply's existence are read in the transaction
 * that saves it, so two clerks saving the same name at once cannot both pass.
 */
export function saveReplyTemplate(
  db: Db,
  actor: Actor & { userId: number },
  input: { id?: number; name: string; body: string },
  now = new Date(),
): Promise<Result<{ id: number }>> {
  const name = input.name.trim();
  const body = input.body.trim();
  const fields: Record<string, string> = {};
  if (!name) fields.name = 'Give the reply a short name, like “Ask which phase”.';
  else if ([...name].length > TEMPLATE_NAME_MAX)
    fields.name = `Use at most ${TEMPLATE_NAME_MAX} characters for the name.`;
  if (!body) fields.body = 'Write the reply.';
  else if ([...body].length > TEMPLATE_BODY_MAX)
    fields.body = `Use at most ${TEMPLATE_BODY_MAX.toLocaleString('en-US')} characters for the reply.`;
  return db.transaction(async (tx): Promise<Result<{ id: number }>> => {
    const [before] = input.id ? await tx.select().from(replyTemplates).where(eq(replyTemplates.id, input.id)) : [];
    if (input.id && !before) return fail('That saved reply was deleted. Reload the page.');
    if (!fields.name) {
      const [clash] = await tx
        .select({ id: replyTemplates.id })
        .from(replyTemplates)
        .where(sql`lower(${replyTemplates.name}) = lower(${name})`)
        .limit(1);
      if (clash && clash.id !== input.id)
        fields.name = 'A saved reply already has that name: choose another, or edit that one.';
    }
    if (Object.keys(fields).length) return failFields(fields);
    let id: number;
    if (before) {
      await tx.update(replyTemplates).set({ name, body, updatedAt: now }).where(eq(replyTemplates.id, before.id));
      id = before.id;
    } else {
      const [row] = await tx
        .insert(replyTemplates)
        .values({ name, body, createdByUserId: actor.userId, createdAt: now, updatedAt: now })
        .returning({ id: replyTemplates.id });
      id = row!.id;
    }
    await auditAsync(tx, actor, {
      action: 'reply_template.save',
      entityType: 'reply_template',
      entityId: id,
      before: before ? { name: before.name, body: before.body } : null,
      after: { name, body },
    });
    return { ok: true, id };
  });
}

export function deleteReplyTemplate(db: Db, actor: Actor & { userId: number }, id: number): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const [before] = await tx.select().from(replyTemplates).where(eq(replyTemplates.id, id));
    if (!before) return fail('That saved reply was already deleted.');
    await tx.delete(replyTemplates).where(eq(replyTemplates.id, id));
    await auditAsync(tx, actor, {
      action: 'reply_template.delete',
      entityType: 'reply_template',
      entityId: id,
      before: { name: before.name, body: before.body },
    });
    return { ok: true };
  });
}
