/**
 * Render and store many PDFs. Rendering is CPU-bound (pdf-lib), so a large batch is shared among
 * worker threads, one per core (render-worker.ts); a small one is drawn here. Bytes are
 * deterministic per job, so which thread draws a document changes nothing stored.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { renderJob, storePdf, type PdfJob, type StoredPdf } from './pdfs.ts';
import { renderWorkerUrl, type RenderWorkerInput } from './render-worker.ts';

/** Below this many documents, starting threads (each loads pdf-lib) costs more than it saves. */
const THREADED_FROM = 40;

export async function renderAndStore(jobs: PdfJob[], filesDir: string, threads = Math.min(os.availableParallelism(), 4)): Promise<StoredPdf[]> {
  if (threads < 2 || jobs.length < THREADED_FROM) return renderHere(jobs, filesDir);
  // Interleaved shares: each kind of document (and so each cost) spreads evenly over the threads.
  const shares = Array.from({ length: threads }, (_, t) => jobs.map((_, i) => i).filter((i) => i % threads === t));
  const results = await Promise.all(shares.map((indexes) => renderInWorker(indexes.map((i) => jobs[i]), filesDir)));
  const out: StoredPdf[] = new Array(jobs.length);
  shares.forEach((indexes, t) => indexes.forEach((i, k) => (out[i] = results[t][k])));
  return out;
}

async function renderHere(jobs: PdfJob[], filesDir: string): Promise<StoredPdf[]> {
  const out: StoredPdf[] = new Array(jobs.length);
  const pending: Array<Promise<void>> = [];
  for (let i = 0; i < jobs.length; i++) {
    const pdf = await renderJob(jobs[i]);
    const index = i;
    pending.push(storePdf(pdf, filesDir).then((s) => void (out[index] = s)));
    if (pending.length >= 8) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
  return out;
}

function renderInWorker(jobs: PdfJob[], filesDir: string): Promise<StoredPdf[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(renderWorkerUrl), { workerData: { jobs, filesDir } satisfies RenderWorkerInput });
    let answered = false;
    worker.once('message', (stored: StoredPdf[]) => {
      answered = true;
      resolve(stored);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The PDF render thread stopped (exit code ${code}) before it answered.`));
    });
  });
}
