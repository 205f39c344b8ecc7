/**
 * The grounds for withholding records (POL §87(2)) as data the admin keeps: the statutory ones are seeded
 * the first time the list is read on a database that never had them, and can be reworded or retired (a
 * retired ground stays on the requests that cite it); the admin can add a ground another statute gives.
 * Also: the requester's lines for what was withheld, item by item.
 */
import { asc, desc, eq } from 'drizzle-orm';
import { denialGrounds } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import type { ResolvedItem } from './records.ts';
import { STATUTORY_GROUNDS, withheldLine } from './item-decisions.rules.ts';
import { fail, failFields, type Result } from '#lib/server/platform/result.ts';

export type DenialGround = typeof denialGrounds.$inferSelect;

type Writer = Pick<Db, 'select' | 'insert'>;

/**
 * Insert each statutory ground a database does not have yet, by citation (idempotent: a statutory ground is
 * never deleted, only retired, and one already there keeps the admin's words). A database seeded before the
 * list named §87(2)(e)'s four sub-grounds gains them beside its old (e), which the admin may retire.
 */
export async function ensureStatutoryGrounds(tx: Writer, now = new Date()): Promise<void> {
  const have = await tx
    .select({ citation: denialGrounds.citation })
    .from(denialGrounds)
    .where(eq(denialGrounds.statutory, true));
  const missing = missingStatutory(have);
  for (const [i, g] of STATUTORY_GROUNDS.entries()) {
    if (missing.has(g.citation))
      await tx.insert(denialGrounds).values({
        citation: g.citation,
        label: g.label,
        statutory: true,
        active: true,
        sortOrder: (i + 1) * 10,
        createdAt: now,
        updatedAt: now,
      });
  }
}

/** The statutory grounds' citations that are not among `statutory` (the database's statutory rows). */
function missingStatutory(statutory: Array<{ citation: string }>): Set<string> {
  const have = new Set(statutory.map((g) => g.citation));
  return new Set(STATUTORY_GROUNDS.map((g) => g.citation).filter((c) => !have.has(c)));
}

/** Every ground, in the admin's order (seeding the statutory ones on first use). */
export async function listGrounds(db: Db, opts: { activeOnly?: boolean } = {}): Promise<DenialGround[]> {
  const read = () => db.select().from(denialGrounds).orderBy(asc(denialGrounds.sortOrder), asc(denialGrounds.id));
  let rows = await read();
  // Written only when a statutory ground is missing, so that pages reading the list inside a snapshot stay reads.
  if (missingStatutory(rows.filter((g) => g.statutory)).size) {
    await db.transaction((tx) => ensureStatutoryGrounds(tx));
    rows = await read();
  }
  return opts.activeOnly ? rows.filter((g) => g.active) : rows;
}

export async function groundById(
  db: Pick<Db, 'select'>,
  id: number | null | undefined,
): Promise<DenialGround | undefined> {
  if (id == null) return undefined;
  const [g] = await db.select().from(denialGrounds).where(eq(denialGrounds.id, id)).limit(1);
  return g;
}

/** A ground a clerk may still deny on: on the admin's list and not retired (one row read, not the whole list). */
export async function activeGround(
  db: Pick<Db, 'select'>,
  id: number | null | undefined,
): Promise<DenialGround | undefined> {
  const g = await groundById(db, id);
  return g?.active ? g : undefined;
}

/** "POL §87(2)(b) (disclosure would be …)" for a sentence. */
export function groundText(g: Pick<DenialGround, 'citation' | 'label'>): string {
  return `${g.citation} (${g.label})`;
}

export type GroundResult = Result<{ id: number }>;

export interface GroundInput {
  citation: string;
  label: string;
  active: boolean;
}

function checkGround(input: GroundInput): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!input.citation.trim()) fields.citation = 'Enter the citation, like POL §87(2)(b).';
  if (!input.label.trim()) fields.label = 'Say what the ground is, in plain words: the requester reads it.';
  return fields;
}

/** Add a ground (another statute's exemption the town relies on). */
export async function createGround(db: Db, actor: Actor, input: GroundInput, now = new Date()): Promise<GroundResult> {
  const fields = checkGround(input);
  if (Object.keys(fields).length) return failFields(fields);
  const id = await db.transaction(async (tx) => {
    // The statutory grounds' seeding is shared with the synchronous readers of the list (step 2 of decision 0080).
    await ensureStatutoryGrounds(tx, now);
    const [last] = await tx
      .select({ sortOrder: denialGrounds.sortOrder })
      .from(denialGrounds)
      .orderBy(desc(denialGrounds.sortOrder))
      .limit(1);
    const [row] = await tx
      .insert(denialGrounds)
      .values({
        citation: input.citation.trim(),
        label: input.label.trim(),
        active: input.active,
        statutory: false,
        sortOrder: (last?.sortOrder ?? 0) + 10,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await auditAsync(tx, actor, {
      action: 'denial_ground.create',
      entityType: 'denial_ground',
      entityId: row!.id,
      after: row,
    });
    return row!.id;
  });
  return { ok: true, id };
}

/** Reword a ground or retire/restore it. A statutory ground keeps its citation. */
export function updateGround(
  db: Db,
  actor: Actor,
  id: number,
  input: GroundInput,
  now = new Date(),
): Promise<GroundResult> {
  return db.transaction(async (tx): Promise<GroundResult> => {
    const [before] = await tx.select().from(denialGrounds).where(eq(denialGrounds.id, id));
    if (!before) return fail('No such ground. Reload the page.');
    const fields = checkGround(input);
    if (before.statutory && input.citation.trim() !== before.citation)
      fields.citation = 'A ground from the statute keeps its citation; add a new ground instead.';
    if (Object.keys(fields).length) return failFields(fields);
    const [after] = await tx
      .update(denialGrounds)
      .set({ citation: input.citation.trim(), label: input.label.trim(), active: input.active, updatedAt: now })
      .where(eq(denialGrounds.id, id))
      .returning();
    await auditAsync(tx, actor, {
      action: 'denial_ground.update',
      entityType: 'denial_ground',
      entityId: id,
      before,
      after,
    });
    return { ok: true, id };
  });
}

/** What the requester reads for each withheld item: the item, the decision, the ground and the clerk's words. */
export async function withheldLines(tx: Pick<Db, 'select'>, items: ResolvedItem[]): Promise<string[]> {
  const lines: string[] = [];
  for (const i of items)
    if (i.item.decision === 'denied' || i.item.decision === 'granted_in_part')
      lines.push(
        withheldLine(
          i.label,
          i.item.decision,
          (await groundById(tx, i.item.denialGroundId)) ?? null,
          i.item.decisionReason ?? null,
          i.withheld.length,
        ),
      );
  return lines;
}
