/**
 * Render and store many PDFs in order. Rendering is CPU-bound (pdf-lib); storing is I/O, so a few
 * writes overlap with drawing the next documents.
 */
import { renderJob, storePdf, type PdfJob, type StoredPdf } from './pdfs.ts';

export async function renderAndStore(jobs: PdfJob[], filesDir: string): Promise<StoredPdf[]> {
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
