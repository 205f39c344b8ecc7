/**
 * The ordinance help page's text for anyone (issue 21, decision 0044): the town's own law when the admin
 * replaced the built-in one, as safe blocks (no HTML), else undefined (the page shows the built-in text).
 */
import type { Tx } from '#lib/server/platform/audit.ts';
import { loadOrdinanceText } from '#lib/server/platform/ordinance-text.ts';
import { markdownBlocks, type Block } from '#lib/shared/markdown-lite.ts';

export function publicOrdinanceBlocks(db: Pick<Tx, 'select'>): Block[] | undefined {
  const own = loadOrdinanceText(db);
  return own ? markdownBlocks(own.text) : undefined;
}
