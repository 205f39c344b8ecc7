/**
 * The ordinance help page's law for anyone (decisions 0044 and 0077): the text the admin entered,
 * as safe blocks (no HTML), with its local-law number and adoption day; undefined while none is entered.
 */
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { loadOrdinanceText } from '#lib/server/platform/ordinance-text.ts';
import { markdownBlocks, type Block } from '#lib/shared/markdown-lite.ts';
import { formatMoney } from '#lib/shared/format.ts';
import { lawCitation, SETTABLE_LOCAL_LAW_RULES } from '#lib/server/platform/local-law.rules.ts';
import { loadLocalLawAsync } from '#lib/server/platform/local-law.ts';

export interface PublicOrdinance {
  blocks: Block[];
  lawNumber: string;
  adoptedOn: string;
}

export async function publicOrdinance(db: Pick<Db, 'select'>): Promise<PublicOrdinance | undefined> {
  const own = await loadOrdinanceText(db);
  return own ? { blocks: markdownBlocks(own.text), lawNumber: own.lawNumber, adoptedOn: own.adoptedOn } : undefined;
}

export interface PublicLawAmendment {
  label: string;
  /** The number in force, in words ("$100", "10 days"). */
  inForce: string;
  /** What the ordinance's text says. */
  text: string;
  /** The citation, with the amending local law and its day. */
  citation: string;
}

/**
 * The numbers a later local law changed from the ordinance's text (decision 0071), for the public law page:
 * each beside its citation, so a reader of the text knows it is no longer the number the portal counts with.
 */
export async function publicLawAmendments(db: Pick<Db, 'select'>): Promise<PublicLawAmendment[]> {
  const law = await loadLocalLawAsync(db);
  const words = (r: (typeof SETTABLE_LOCAL_LAW_RULES)[number], n: number) =>
    r.money ? formatMoney(n) : `${n} ${r.unit}`;
  return SETTABLE_LOCAL_LAW_RULES.filter((r) => law.amendments[r.key]).map((r) => ({
    label: r.label,
    inForce: words(r, law[r.key]),
    text: words(r, r.ordinance),
    citation: lawCitation(law, r.key),
  }));
}
