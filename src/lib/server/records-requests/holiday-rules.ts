/**
 * The GCL §24 holiday table the stored due dates were counted with. The table is the statute's and ships with
 * the software (platform/time/deadlines.rules.ts); when the legislature changes §24 and the table changes with
 * it, open requests' due dates counted with the old table are moved here, by the same recomputation a closure
 * runs. An added holiday moves a due date later; a removed one never brings a told date earlier (decision 0092).
 */
import { eq } from 'drizzle-orm';
import { settings } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { HOLIDAY_RULES, holidayRulesChange, type HolidayRules } from '#lib/server/platform/time/deadlines.rules.ts';
import { recomputeOpenDueDates, type DueDateChange } from './closures.ts';

const SETTING = 'holiday_rules';

/** The table last applied, or null before any was recorded. */
export async function appliedHolidayRules(db: Db): Promise<HolidayRules | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SETTING));
  if (!row) return null;
  try {
    const parsed: unknown = JSON.parse(row.value);
    return Array.isArray(parsed) ? (parsed as HolidayRules) : null;
  } catch {
    return null;
  }
}

const names = (rules: HolidayRules) => rules.map(([, name]) => name).join(', ');

/**
 * Count open requests with `input.holidays` (the statute's table in use unless a test gives another): when it
 * differs from the table last applied, record it, audit the change and move the due dates it lengthens.
 * Nothing is written when the table is the one already applied.
 */
export function applyHolidayRules(
  db: Db,
  actor: Actor,
  input: { holidays?: HolidayRules } = {},
  now = new Date(),
): Promise<{ recorded: boolean; changed: DueDateChange[] }> {
  const holidays = input.holidays ?? HOLIDAY_RULES;
  const value = JSON.stringify(holidays);
  return db.transaction(async (tx) => {
    const before = await appliedHolidayRules(tx);
    if (before && JSON.stringify(before) === value) return { recorded: false, changed: [] };
    await tx
      .insert(settings)
      .values({ key: SETTING, value, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
    // Before any table was recorded the dates were counted with the one in use then, which may be an older
    // one; the recomputation only moves dates later, so counting them again is safe either way.
    const { added, removed } = holidayRulesChange(before ?? [], holidays);
    await auditAsync(tx, actor, {
      action: 'holiday_rules.change',
      entityType: 'holiday_rules',
      entityId: SETTING,
      before: before ? { holidays: names(before) } : null,
      after: { holidays: names(holidays), added: names(added), removed: before ? names(removed) : '' },
    });
    const why =
      before && added.length
        ? `The public holidays of General Construction Law §24 now include ${names(added)}`
        : 'The public holidays of General Construction Law §24 were counted again';
    const changed = await recomputeOpenDueDates(tx, actor, now, why, { holidays, onlyLater: true });
    return { recorded: true, changed };
  });
}
