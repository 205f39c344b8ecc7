/**
 * The local law's periods and fine cap as stored, with the local laws that amended them (decisions 0044 and
 * 0071; the pure checks and the state's caps are local-law.rules.ts). Read once per database change; the
 * services pass the values to the rules as facts.
 */
import { like, or } from 'drizzle-orm';
import { settings } from '#db/schema.ts';
import type { Tx } from '#lib/server/platform/audit.ts';
import { memoUntilPublicChange } from '#lib/server/platform/db.ts';
import { localLawFrom, type LocalLawValues } from './local-law.rules.ts';

export function loadLocalLaw(db: Pick<Tx, 'select'>): LocalLawValues {
  const read = () => {
    const rows = db
      .select()
      .from(settings)
      .where(
        or(
          like(settings.key, 'local_law.%'),
          like(settings.key, 'local_law_citation.%'),
          like(settings.key, 'local_law_amend%'),
        ),
      )
      .all();
    return localLawFrom(new Map(rows.map((r) => [r.key, r.value])));
  };
  return memoUntilPublicChange(db, 'local-law', read);
}
