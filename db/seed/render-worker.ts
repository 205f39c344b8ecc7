/**
 * A worker thread of the demo seed's PDF renderer (render.ts). Drawing PDFs is CPU-bound, so the
 * demo town draws on every core instead of one. The worker says when it is ready, then draws and
 * stores batches of jobs as they are handed to it, answering each batch with what was stored, in
 * the order given; an empty batch ends it. The renderer keeps a second batch waiting, so the worker
 * never waits for the renderer's thread (busy drawing too) to hand out the next. Batches, not a fixed share: a thread that started late
 * or runs on a busier core simply draws fewer.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { renderJob, storePdf, type PdfJob, type StoredPdf } from './pdfs.ts';

export const renderWorkerUrl = import.meta.url;

export interface RenderWorkerInput {
  filesDir: string;
}

/** From the renderer to the worker. */
export interface RenderBatch {
  start: number;
  jobs: PdfJob[];
}

/** From the worker to the renderer: ready for a batch, with the answer to the previous one if any. */
export interface RenderAnswer {
  start: number;
  stored: StoredPdf[];
}

if (parentPort && workerData?.filesDir) {
  const { filesDir } = workerData as RenderWorkerInput;
  const port = parentPort;
  // Batches are drawn one after another, in the order they came (the renderer keeps one waiting).
  let queue = Promise.resolve();
  port.on('message', ({ start, jobs }: RenderBatch) => {
    queue = queue.then(async () => {
      if (jobs.length === 0) {
        port.close();
        return;
      }
      const stored: StoredPdf[] = [];
      for (const job of jobs) stored.push(await storePdf(await renderJob(job), filesDir));
      port.postMessage({ start, stored } satisfies RenderAnswer);
    });
    queue.catch((err: unknown) => {
      throw err;
    });
  });
  port.postMessage({ start: -1, stored: [] } satisfies RenderAnswer);
}
