/**
 * What residents can report: a list the officer edits (add, rename, retire, and how soon the municipality
 * aims to answer: response-time.rules.ts). A category's code is its Open311 service_code and never changes
 * once made; a retired category keeps its old reports.
 */
import { asc, eq } from 'drizzle-orm';
import { siteReportCategories } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { fail, type Result } from '#lib/server/platform/result.ts';
import { parseResponseDays } from './response-time.rules.ts';

export type Category = typeof siteReportCategories.$inferSelect;

export async function categories(db: Pick<Db, 'select'>, opts: { activeOnly: boolean }): Promise<Category[]> {
  const rows = await db
    .select()
    .from(siteReportCategories)
    .orderBy(asc(siteReportCategories.sortOrder), asc(siteReportCategories.id));
  return opts.activeOnly ? rows.filter((c) => c.active) : rows;
}

export interface CategoryInput {
  /** Absent: a new category. */
  id: number | null;
  label: string;
  description: string;
  active: boolean;
  sortOrder: number;
  /** The business days to answer, as typed: blank for no promise. */
  responseBusinessDays: string;
}

/** A code from the label: "Blocked storm drain" → "blocked_storm_drain". */
function codeFor(label: string): string {
  return (
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'category'
  );
}

/**
 * Add or edit a category. The category edited and the codes in use are read in the transaction that saves it,
 * so two categories added at once with one name get two codes.
 */
export function saveCategory(db: Db, actor: Actor, input: CategoryInput): Promise<Result<{ id: number }>> {
  const label = input.label.trim();
  if (label.length < 3 || label.length > 80)
    return Promise.resolve({
      ok: false,
      fields: { label: 'Name it in 3 to 80 characters, like “Blocked storm drain”.' },
    });
  if (input.description.length > 300)
    return Promise.resolve({ ok: false, fields: { description: 'Keep the description under 300 characters.' } });
  const response = parseResponseDays(input.responseBusinessDays);
  if (!response.ok) return Promise.resolve(fail(response.message, 'responseBusinessDays'));
  return db.transaction(async (tx): Promise<Result<{ id: number }>> => {
    const [before] = input.id
      ? await tx.select().from(siteReportCategories).where(eq(siteReportCategories.id, input.id))
      : [];
    if (input.id && !before) return { ok: false, message: 'No such category.' };
    const taken = new Set(
      (await tx.select({ code: siteReportCategories.code }).from(siteReportCategories)).map((c) => c.code),
    );
    let code = codeFor(label);
    for (let n = 2; !before && taken.has(code); n++) code = `${codeFor(label)}_${n}`;
    const values = {
      label,
      description: input.description.trim(),
      active: input.active,
      sortOrder: Math.max(0, Math.min(999, Math.trunc(input.sortOrder) || 0)),
      responseBusinessDays: response.days,
    };
    const [row] = before
      ? await tx.update(siteReportCategories).set(values).where(eq(siteReportCategories.id, before.id)).returning()
      : await tx
          .insert(siteReportCategories)
          .values({ ...values, code })
          .returning();
    await auditAsync(tx, actor, {
      action: 'site_report_category.save',
      entityType: 'site_report_category',
      entityId: row!.id,
      before,
      after: row,
    });
    return { ok: true, id: row!.id };
  });
}
