/**
 * The portal's search service (one per server process), fed from the configured database and the help
 * collection. Pages call `siteSearch()`; the middleware warms it on the first request.
 */
import { getCollection, render } from 'astro:content';
import { config } from '#lib/server/platform/config.ts';
import { db } from '#lib/server/platform/db.ts';
import { readPublicPdfTexts } from '#lib/server/projects/document-text.ts';
import { pageCache } from '#lib/server/platform/http/page-cache.ts';
import { onShutdown } from '#lib/server/platform/shutdown.ts';
import { fillHelp } from '../help-words.rules.ts';
import { loadHelpWords } from '../help-words.ts';
import { splitHelpPage, type HelpDoc } from './documents.ts';
import { SearchService } from './service.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';

let service: SearchService | undefined;

export function siteSearch(): SearchService {
  service ??= new SearchService({
    dbPath: config().databasePath,
    help: loadHelpDocs,
    checkEveryMs: Number(process.env.SEARCH_CHECK_MS) || undefined,
    debounceMs: Number(process.env.SEARCH_DEBOUNCE_MS) || undefined,
    // Search pages kept in the page cache were answered by the old index.
    onSwap: () => pageCache.forgetPath('/search'),
    // New public PDFs' words, read before the index that finds them is built (decision 0105).
    beforeBuild: () =>
      readPublicPdfTexts(db(), { filesDir: config().filesDir, budgetMs: 20_000, log: (m) => console.warn(m) }),
  });
  // An index worker still starting must not be cut off by the exit (platform/shutdown.ts).
  const started = service;
  onShutdown(() => started.close());
  return service;
}

/**
 * Help and ordinance pages, one search document per section, linked to the section's anchor, in this
 * municipality's words (decision 0077: split first, so each heading still finds its anchor, then filled).
 */
async function loadHelpDocs(): Promise<HelpDoc[]> {
  const entries = await getCollection('help');
  const words = await loadHelpWords(dbAsync());
  const fill = (d: HelpDoc): HelpDoc => ({
    ...d,
    title: fillHelp(d.title, words),
    description: fillHelp(d.description, words),
    body: fillHelp(d.body, words),
  });
  const out: HelpDoc[] = [];
  for (const entry of entries) {
    const { headings } = await render(entry);
    const slugs = new Map(headings.map((h) => [h.text.trim(), h.slug]));
    out.push(
      ...splitHelpPage(
        { id: entry.id, title: entry.data.title, description: entry.data.description, body: entry.body ?? '' },
        (heading) => slugs.get(heading.replace(/[*_`]/g, '').trim()),
      ).map(fill),
    );
  }
  return out;
}
