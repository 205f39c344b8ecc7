/**
 * Open311 API keys: an admin issues one to each 311 app or SeeClickFix-style client that files reports
 * for residents. The key is shown once; only its SHA-256 is kept. A revoked key files nothing more.
 */
import { desc, eq } from 'drizzle-orm';
import { open311Keys } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import type { Result } from '#lib/server/platform/result.ts';
import { hashToken, newToken } from '#lib/server/platform/tokens.ts';

export async function issueKey(
  db: Db,
  actor: Actor,
  name: string,
  now = new Date(),
): Promise<Result<{ id: number; key: string }>> {
  const clean = name.trim();
  if (clean.length < 2 || clean.length > 100)
    return { ok: false, fields: { name: 'Name the app the key is for, in 2 to 100 characters, like “SeeClickFix”.' } };
  const key = newToken();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(open311Keys)
      .values({
        name: clean,
        keyHash: hashToken(key),
        createdByUserId: 'userId' in actor ? actor.userId : null,
        createdAt: now,
      })
      .returning();
    await auditAsync(tx, actor, {
      action: 'open311_key.issue',
      entityType: 'open311_key',
      entityId: row!.id,
      after: row,
    });
    return row!.id;
  });
  return { ok: true, id, key };
}

/** Revoke a key; read in the transaction that revokes it, so a key is revoked once. */
export function revokeKey(db: Db, actor: Actor, id: number, now = new Date()): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const [before] = await tx.select().from(open311Keys).where(eq(open311Keys.id, id));
    if (!before) return { ok: false, message: 'No such key.' };
    if (before.revokedAt) return { ok: false, message: 'This key is already revoked.' };
    const [after] = await tx.update(open311Keys).set({ revokedAt: now }).where(eq(open311Keys.id, id)).returning();
    await auditAsync(tx, actor, {
      action: 'open311_key.revoke',
      entityType: 'open311_key',
      entityId: id,
      before,
      after,
    });
    return { ok: true };
  });
}

export function listKeys(db: Db) {
  return db
    .select({
      id: open311Keys.id,
      name: open311Keys.name,
      createdAt: open311Keys.createdAt,
      lastUsedAt: open311Keys.lastUsedAt,
      revokedAt: open311Keys.revokedAt,
    })
    .from(open311Keys)
    .orderBy(desc(open311Keys.createdAt));
}

/** The key in force that a client sent, or undefined; notes when it was last used. */
export async function keyInForce(
  db: Db,
  key: string | null | undefined,
  now = new Date(),
): Promise<{ id: number; name: string } | undefined> {
  if (!key || key.length > 200) return undefined;
  const [row] = await db
    .select()
    .from(open311Keys)
    .where(eq(open311Keys.keyHash, hashToken(key)));
  if (!row || row.revokedAt) return undefined;
  await db.update(open311Keys).set({ lastUsedAt: now }).where(eq(open311Keys.id, row.id));
  return { id: row.id, name: row.name };
}
