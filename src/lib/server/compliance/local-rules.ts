/**
 * Saving the local law's numbers and citations (decision 0040; the pure checks, with the
 * state's caps, are local-rules.rules.ts; compliance.ts loads them into the engine's settings). Audited;
 * findings and due dates use them at once.
 */
import { settings } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import type { Result } from '#lib/server/platform/result.ts';
import { invalidateCompliance, loadLocalRules } from './compliance.ts';
import { checkLocalRules, localRulesRows } from './local-rules.rules.ts';
import { checkLocalLaw, localLawRows } from '#lib/server/platform/local-law.rules.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { loadLocalLawAsync } from '#lib/server/platform/local-law.ts';

export async function saveLocalRules(
  db: Db,
  actor: Actor,
  form: Record<string, string | undefined>,
  now = new Date(),
): Promise<Result> {
  const done = await db.transaction(async (tx): Promise<Result> => {
    const { kindWord } = await townAsync(tx);
    const current = await loadLocalLawAsync(tx);
    const before = { ...(await loadLocalRules(tx)), law: current };
    const { values, errors: ruleErrors } = checkLocalRules(form, kindWord);
    // The periods and the fine cap (decision 0044), with the state's caps, saved with them.
    const { values: law, errors: lawErrors } = checkLocalLaw(form, current);
    const errors = { ...ruleErrors, ...lawErrors };
    if (Object.keys(errors).length) return { ok: false, fields: errors };
    for (const { key, value } of [...localRulesRows(values), ...localLawRows(law)]) {
      await tx
        .insert(settings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
    }
    await auditAsync(tx, actor, {
      action: 'compliance.settings',
      entityType: 'settings',
      entityId: 'local-rules',
      before,
      after: { ...values, law },
    });
    return { ok: true };
  });
  if (done.ok) invalidateCompliance();
  return done;
}
