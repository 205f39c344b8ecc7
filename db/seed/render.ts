/**
 * Render and store many PDFs. Rendering is CPU-bound (pdf-lib), so a large batch is shared between
 * this thread and worker threads, one thread per core (render-worker.ts); a small one is drawn here. Bytes are
 * deterministic per job, so which thread draws a document changes nothing stored.
 *
 * Drawn PDFs are also kept between seeds (decision 0042: a first start and every test portal seed): a PDF is
 * a function of its job and of the drawing code, so the cache key is a hash of both (the job's JSON and the
 * source of every module that draws). A repeated seed — every test portal, every restart on an empty data
 * directory the same day — copies bytes instead of drawing them: same bytes, same rows. DEMO_PDF_CACHE names
 * the directory (default node_modules/.cache/rsp-demo-pdfs); DEMO_PDF_CACHE=off draws everything.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { storedFilePath } from '#lib/server/platform/files/store.ts';
import { renderJob, storePdf, type PdfJob, type StoredPdf } from './pdfs.ts';
import { renderWorkerUrl, type RenderAnswer, type RenderBatch, type RenderWorkerInput } from './render-worker.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Every module whose code decides a demo PDF's bytes (what pdfs.ts imports, and what those import). */
const DRAWING_CODE = [
  'db/seed/pdfs.ts',
  'db/seed/random.ts',
  'db/seed/dates.ts',
  'src/lib/server/platform/pdf/writer.ts',
  'src/lib/server/platform/pdf/measure.ts',
  'src/lib/server/platform/time/town-time.ts',
  'src/lib/server/platform/config.ts',
  'src/lib/shared/format.ts',
  'src/lib/shared/days.ts',
  'node_modules/pdf-lib/package.json',
  'node_modules/luxon/package.json',
];
/** Cache entries not written for this long are removed when new ones are written. */
const KEEP_MS = 3 * 24 * 3600_000;

/** Where drawn PDFs (and what was read of them, pdf-texts.ts) are kept between seeds; undefined when off. */
export function cacheDir(): string | undefined {
  const setting = process.env.DEMO_PDF_CACHE;
  if (setting === 'off') return undefined;
  return setting || path.join(ROOT, 'node_modules/.cache/rsp-demo-pdfs');
}

let codeHash: string | null | undefined;
/** A hash of the drawing code; null when a file cannot be read (then nothing is cached). */
function drawingCodeHash(): string | null {
  if (codeHash !== undefined) return codeHash;
  try {
    const hash = createHash('sha256');
    for (const file of DRAWING_CODE)
      hash
        .update(file)
        .update('\0')
        .update(fs.readFileSync(path.join(ROOT, file)));
    codeHash = hash.digest('hex');
  } catch {
    codeHash = null;
  }
  return codeHash;
}

interface CacheEntry {
  stored: StoredPdf;
}

function readCached(dir: string, key: string, filesDir: string): StoredPdf | undefined {
  try {
    const { stored } = JSON.parse(fs.readFileSync(path.join(dir, `${key}.json`), 'utf8')) as CacheEntry;
    const target = storedFilePath(stored.sha256, filesDir);
    if (!fs.existsSync(target)) {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const tmp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      fs.copyFileSync(path.join(dir, `${key}.pdf`), tmp);
      if (fs.statSync(tmp).size !== stored.sizeBytes) {
        fs.rmSync(tmp, { force: true });
        return undefined;
      }
      fs.renameSync(tmp, target);
    }
    // A hit is a use: the prune of entries unused for days must not take the ones every seed reads.
    const now = new Date();
    for (const ext of ['json', 'pdf']) fs.utimesSync(path.join(dir, `${key}.${ext}`), now, now);
    return stored;
  } catch {
    return undefined;
  }
}

function writeCached(dir: string, key: string, stored: StoredPdf, filesDir: string): void {
  try {
    const tmp = path.join(dir, `.${key}.${randomBytes(4).toString('hex')}`);
    // The bytes first, then the entry that names them: a reader never finds an entry without its file.
    fs.copyFileSync(storedFilePath(stored.sha256, filesDir), `${tmp}.pdf`);
    fs.renameSync(`${tmp}.pdf`, path.join(dir, `${key}.pdf`));
    fs.writeFileSync(`${tmp}.json`, JSON.stringify({ stored } satisfies CacheEntry));
    fs.renameSync(`${tmp}.json`, path.join(dir, `${key}.json`));
  } catch {
    // A cache that cannot be written only costs time.
  }
}

export function pruneCache(dir: string): void {
  const cutoff = Date.now() - KEEP_MS;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    try {
      if (fs.statSync(file).mtimeMs < cutoff) fs.rmSync(file, { force: true });
    } catch {
      // Removed meanwhile by another seed.
    }
  }
}

/** Render (or take from the cache) and store every job; the answers are in the jobs' order. */
export async function renderAndStore(
  jobs: PdfJob[],
  filesDir: string,
  threads?: number,
  opts: { cache?: boolean } = {},
): Promise<StoredPdf[]> {
  const dir = opts.cache === false ? undefined : cacheDir();
  const code = dir ? drawingCodeHash() : null;
  if (!dir || !code) return draw(jobs, filesDir, threads);
  fs.mkdirSync(dir, { recursive: true });
  const keys = jobs.map((job) => createHash('sha256').update(code).update(JSON.stringify(job)).digest('hex'));
  const out: Array<StoredPdf | undefined> = keys.map((key) => readCached(dir, key, filesDir));
  const missing = out.flatMap((s, i) => (s ? [] : [i]));
  if (missing.length === 0) return out as StoredPdf[];
  const drawn = await draw(
    missing.map((i) => jobs[i]),
    filesDir,
    threads,
  );
  missing.forEach((i, k) => {
    out[i] = drawn[k];
    writeCached(dir, keys[i], drawn[k], filesDir);
  });
  pruneCache(dir);
  return out as StoredPdf[];
}

/** Below this many documents, starting threads (each loads pdf-lib) costs more than it saves. */
const THREADED_FROM = 40;
/** Jobs handed out at a time: small enough to even out, large enough that handing out costs nothing. */
const BATCH = 16;

/**
 * Draw on this thread and on `threads - 1` worker threads, all taking batches from one queue: this
 * thread starts drawing at once, while the workers are still loading pdf-lib.
 */
async function draw(
  jobs: PdfJob[],
  filesDir: string,
  threads = Math.min(os.availableParallelism(), 4),
): Promise<StoredPdf[]> {
  if (threads < 2 || jobs.length < THREADED_FROM) return renderHere(jobs, filesDir);
  const out: StoredPdf[] = new Array(jobs.length);
  let next = 0;
  const take = (): RenderBatch => {
    const start = next;
    next = Math.min(jobs.length, next + BATCH);
    return { start, jobs: jobs.slice(start, next) };
  };
  const here = (async () => {
    for (let batch = take(); batch.jobs.length; batch = take()) {
      const stored = await renderHere(batch.jobs, filesDir);
      stored.forEach((s, k) => (out[batch.start + k] = s));
    }
  })();
  await Promise.all([here, ...Array.from({ length: threads - 1 }, () => renderInWorker(take, out, filesDir))]);
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

/** A worker that draws batches from `take` until it hands out none, putting what it stored into `out`. */
function renderInWorker(take: () => RenderBatch, out: StoredPdf[], filesDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // Drawing makes much short-lived garbage: a young generation of 48 MB (V8's default semi-space
    // is smaller) cuts a worker's collector time by about a fifth.
    const worker = new Worker(new URL(renderWorkerUrl), {
      workerData: { filesDir } satisfies RenderWorkerInput,
      resourceLimits: { maxYoungGenerationSizeMb: 48 },
    });
    let done = false;
    let inFlight = 0;
    const send = () => {
      const batch = take();
      if (batch.jobs.length) {
        inFlight++;
        worker.postMessage(batch);
      }
    };
    worker.on('message', ({ start, stored }: RenderAnswer) => {
      if (start < 0) {
        // Ready: two batches, so that one is always waiting while the other is drawn.
        send();
        send();
      } else {
        stored.forEach((s, k) => (out[start + k] = s));
        inFlight--;
        send();
      }
      if (inFlight === 0) {
        done = true;
        resolve();
        worker.postMessage({ start: 0, jobs: [] } satisfies RenderBatch);
        void worker.terminate();
      }
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!done) reject(new Error(`The PDF render thread stopped (exit code ${code}) before it answered.`));
    });
  });
}
