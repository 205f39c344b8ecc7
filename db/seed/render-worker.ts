/**
 * A worker thread of the demo seed's PDF renderer (render.ts): renders and stores the jobs it is
 * given and answers with what was stored, in the order given. Drawing PDFs is CPU-bound, so the
 * demo town renders on every core instead of one.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { renderJob, storePdf, type PdfJob, type StoredPdf } from './pdfs.ts';

export const renderWorkerUrl = import.meta.url;

export interface RenderWorkerInput {
  jobs: PdfJob[];
  filesDir: string;
}

if (parentPort && workerData?.jobs) {
  const { jobs, filesDir } = workerData as RenderWorkerInput;
  const port = parentPort;
  (async () => {
    const out: StoredPdf[] = [];
    for (const job of jobs) out.push(await storePdf(await renderJob(job), filesDir));
    port.postMessage(out);
  })().catch((err: unknown) => {
    throw err;
  });
}
