/**
 * The index worker: a worker thread that reads the public records, builds the search indexes and then
 * answers queries, so neither the build (seconds at 10,000 projects) nor a query ever runs on the
 * thread that serves pages. A rebuild is a new worker; the old one answers until the new one is ready.
 *
 * The service starts this very module as the worker (its URL is exported below, so it works both from
 * source and from the built server, where it is its own chunk).
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { openReader, readSnapshot } from '#lib/server/platform/db.ts';
import {
  helpSearchDocs,
  helpWithTownOrdinance,
  loadDocumentTextDocs,
  loadProjectDocs,
  searchFingerprint,
  townOrdinanceText,
  type HelpDoc,
} from './documents.ts';
import { buildBrowserAssets, buildEngine, searchEngine, type BrowserAssets, type SearchHit } from './engine.ts';

export const workerUrl = import.meta.url;
export const WORKER_KIND = 'rsp-search-index';

export interface WorkerInput {
  kind: typeof WORKER_KIND;
  dbPath: string;
  help: HelpDoc[];
}

export type WorkerMessage =
  | { type: 'opened' }
  | { type: 'ready'; fingerprint: string; docs: number; buildMs: number; heapUsed: number; browser: BrowserAssets }
  | { type: 'error'; message: string }
  | { type: 'result'; id: number; hits: SearchHit[] }
  | { type: 'fingerprint'; id: number; fingerprint: string | null };

export type WorkerRequest =
  { type: 'query'; id: number; q: string; limit: number } | { type: 'fingerprint'; id: number };

function run(input: WorkerInput): void {
  const port = parentPort!;
  try {
    const t0 = performance.now();
    const db = openReader(input.dbPath);
    // Past loading better-sqlite3: from here the worker may be stopped at any moment (the service's close()).
    port.postMessage({ type: 'opened' } satisfies WorkerMessage);
    // One read transaction: the fingerprint describes exactly the records indexed.
    const { fingerprint, docs, ordinance } = readSnapshot(db, () => ({
      fingerprint: searchFingerprint(db),
      docs: [...loadProjectDocs(db), ...loadDocumentTextDocs(db)],
      ordinance: townOrdinanceText(db),
    }));
    const all = [...docs, ...helpSearchDocs(helpWithTownOrdinance(input.help, ordinance))];
    const engine = buildEngine(all);
    const browser = buildBrowserAssets(all, engine);
    const ready: WorkerMessage = {
      type: 'ready',
      fingerprint,
      docs: all.length,
      buildMs: performance.now() - t0,
      heapUsed: process.memoryUsage().heapUsed,
      browser,
    };
    port.postMessage(ready);
    port.on('message', (m: WorkerRequest) => {
      if (m?.type === 'fingerprint') {
        // The change check scans tables: it runs here, never on the thread serving pages.
        let value: string | null = null;
        try {
          value = searchFingerprint(db);
        } catch (err) {
          console.error('search worker: fingerprint failed:', err);
        }
        port.postMessage({ type: 'fingerprint', id: m.id, fingerprint: value } satisfies WorkerMessage);
        return;
      }
      if (m?.type !== 'query') return;
      let hits: SearchHit[] = [];
      try {
        hits = searchEngine(engine, m.q, m.limit);
      } catch (err) {
        console.error('search worker: query failed:', err);
      }
      port.postMessage({ type: 'result', id: m.id, hits } satisfies WorkerMessage);
    });
  } catch (err) {
    port.postMessage({ type: 'error', message: String((err as Error)?.stack ?? err) } satisfies WorkerMessage);
  }
}

if (!isMainThread && (workerData as WorkerInput | undefined)?.kind === WORKER_KIND) run(workerData as WorkerInput);
