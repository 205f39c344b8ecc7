/**
 * The local law's periods and fine cap as stored, with the local laws that amended them (decisions 0044 and
 * 0071; the pure checks and the state's caps are local-law.rules.ts). Read once per database change; the
 * services pass the values to the rules as facts.
 */
import { like, or } from 'drizzle-orm';
import { settings } from '#db/schema.ts';
import type { Tx } from '#lib/server/platform/audit.ts';
import { memoUntilPublicChange, memoUntilPublicChangeAsync } from '#lib/server/platform/db.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { localLawFrom, type LocalLawValues } from './local-law.rules.ts';

/** The settings a local law sets: its numbers, their citations, and the amending laws. */
const LOCAL_LAW_SETTINGS = or(
  like(settings.key, 'local_law.%'),
  like(settings.key, 'local_law_citation.%'),
  like(settings.key, 'local_law_amend%'),
);
const lawOf = (rows: Array<{ key: string; value: string }>) => localLawFrom(new Map(rows.map((r) => [r.key, r.value])));

export function loadLocalLaw(db: Pick<Tx, 'select'>): LocalLawValues {
  return memoUntilPublicChange(db, 'local-law', () =>
    lawOf(db.select().from(settings).where(LOCAL_LAW_SETTINGS).all()),
  );
}

/** loadLocalLaw on the asynchronous face: the same memo. */
export function loadLocalLawAsync(db: Pick<Db, 'select'>): Promise<LocalLawValues> {
  return memoUntilPublicChangeAsync(db, 'local-law', async () =>
    lawOf(await db.select().from(settings).where(LOCAL_LAW_SETTINGS)),
  );
}
