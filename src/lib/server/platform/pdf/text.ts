/**
 * Reading the words printed in stored PDFs, within bounds: each file is read in a worker thread
 * (text-worker.ts) with a limited heap and a time limit, and a file that cannot be read within them is
 * simply "unreadable". Nothing here throws because of a file: a scanned plan set, a locked or broken
 * PDF, one that makes pdf.js spin, all come back as an outcome.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TextAnswer, TextBounds, TextRequest } from './text-worker.ts';

export type { TextBounds } from './text-worker.ts';

/**
 * A SWPPP narrative runs to a few hundred pages of words; plan sheets carry few. Past these bounds the rest
 * of a file is not read (its outcome says so). Half a second a page is far beyond what any ordinary page
 * takes (a few milliseconds); the time limit is for a file built to make the reader spin.
 */
export const PDF_TEXT_BOUNDS: TextBounds & { msPerFile: number; heapMb: number } = {
  maxBytes: 100 * 1024 * 1024,
  maxPages: 500,
  maxPageChars: 20_000,
  maxChars: 500_000,
  msPerFile: 30_000,
  heapMb: 256,
};

export interface PdfText {
  /** read: every page's words; cut: read up to the bounds; unreadable: no words could be read. */
  outcome: 'read' | 'cut' | 'unreadable';
  pageCount: number;
  /** Page n's words at index n − 1 ('' for a page without words). */
  pages: string[];
  /** Why a file is unreadable (for the log). */
  reason?: string;
}

interface Job {
  sha256: string;
  path: string;
}

/**
 * The words of each file, by its hash. `threads` workers share the files (default one: while the portal
 * serves, a core stays free for pages); each file is given `msPerFile`, after which its worker is ended and
 * a new one takes the next file.
 */
export async function readPdfTexts(
  files: Job[],
  options: {
    threads?: number;
    bounds?: Partial<typeof PDF_TEXT_BOUNDS>;
    /** No file is started after this many milliseconds (those left out are not in the answer). */
    budgetMs?: number;
  } = {},
): Promise<Map<string, PdfText>> {
  const until = performance.now() + (options.budgetMs ?? Number.POSITIVE_INFINITY);
  const bounds = { ...PDF_TEXT_BOUNDS, ...options.bounds };
  const out = new Map<string, PdfText>();
  if (files.length === 0) return out;
  const { textWorkerUrl, TEXT_WORKER_KIND } = await import('./text-worker.ts');
  const threads = Math.max(1, Math.min(options.threads ?? 1, files.length, os.availableParallelism()));
  let next = 0;
  const lane = async () => {
    let worker: Worker | undefined;
    const start = () =>
      new Worker(new URL(textWorkerUrl), {
        workerData: {
          kind: TEXT_WORKER_KIND,
          bounds: {
            maxBytes: bounds.maxBytes,
            maxPages: bounds.maxPages,
            maxPageChars: bounds.maxPageChars,
            maxChars: bounds.maxChars,
          },
        },
        resourceLimits: { maxOldGenerationSizeMb: bounds.heapMb },
      });
    try {
      while (next < files.length && performance.now() < until) {
        const job = files[next++];
        worker ??= start();
        const answer = await ask(worker, { id: next, path: job.path }, bounds.msPerFile);
        if (answer === 'gone') {
          // Timed out, out of memory or crashed: this worker is done; the next file gets a fresh one.
          await worker.terminate().catch(() => 0);
          worker = undefined;
          out.set(job.sha256, { outcome: 'unreadable', pageCount: 0, pages: [], reason: 'not read within the bounds' });
        } else if (!answer.ok) {
          out.set(job.sha256, { outcome: 'unreadable', pageCount: 0, pages: [], reason: answer.reason });
        } else {
          const worded = answer.pages.some((p) => p.length > 0);
          out.set(job.sha256, {
            outcome: !worded ? 'unreadable' : answer.cut ? 'cut' : 'read',
            pageCount: answer.pageCount,
            pages: worded ? answer.pages : [],
            reason: worded ? undefined : 'no words on any page (a scan?)',
          });
        }
      }
    } finally {
      await worker?.terminate().catch(() => 0);
    }
  };
  await Promise.all(Array.from({ length: threads }, lane));
  return out;
}

/** One file's answer, or 'gone' when the worker did not answer in time or stopped. */
function ask(worker: Worker, request: TextRequest, ms: number): Promise<TextAnswer | 'gone'> {
  return new Promise((resolve) => {
    const done = (answer: TextAnswer | 'gone') => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onGone);
      worker.off('exit', onGone);
      resolve(answer);
    };
    const onMessage = (m: TextAnswer) => {
      if (m.id === request.id) done(m);
    };
    const onGone = () => done('gone');
    const timer = setTimeout(onGone, ms);
    worker.on('message', onMessage);
    worker.on('error', onGone);
    worker.on('exit', onGone);
    worker.postMessage(request);
  });
}
