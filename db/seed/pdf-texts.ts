/**
 * The demo town's PDFs are read for their words like any public document's (projects/document-text.ts),
 * so its search finds words inside them. What was read is kept beside the drawn PDFs between seeds
 * (render.ts's cache): a file's words are a function of its bytes and of the reading code, so the key is
 * the file's hash and a hash of that code. A repeated seed copies them instead of reading again.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DB } from '#lib/server/platform/db.ts';
import { readPdfTexts, type PdfText } from '#lib/server/platform/pdf/text.ts';
import { readPublicPdfTexts } from '#lib/server/projects/document-text.ts';
import { cacheDir, pruneCache } from './render.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const READING_CODE = [
  'src/lib/server/platform/pdf/text-worker.ts',
  'src/lib/server/platform/pdf/text.ts',
  'node_modules/unpdf/package.json',
];

function readingCodeHash(): string | undefined {
  try {
    const hash = createHash('sha256');
    for (const file of READING_CODE)
      hash
        .update(file)
        .update('\0')
        .update(fs.readFileSync(path.join(ROOT, file)));
    return hash.digest('hex').slice(0, 16);
  } catch {
    return undefined;
  }
}

/** Read (or take from the cache) the words of every public PDF the seed stored. Resolves to the files recorded. */
export async function readSeedPdfTexts(
  db: DB,
  opts: { filesDir: string; cache?: boolean; threads?: number },
): Promise<number> {
  const dir = opts.cache === false ? undefined : cacheDir();
  const code = dir ? readingCodeHash() : undefined;
  const threads = opts.threads ?? Math.min(os.availableParallelism(), 4);
  const read: typeof readPdfTexts = async (files, options) => {
    if (!dir || !code) return readPdfTexts(files, options);
    // One file for all (a seed reads them all): one read and one parse instead of a thousand.
    const file = path.join(dir, `texts-${code}.json`);
    let kept: Record<string, PdfText> = {};
    try {
      kept = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, PdfText>;
      const now = new Date();
      fs.utimesSync(file, now, now);
    } catch {
      // Not kept yet.
    }
    const out = new Map<string, PdfText>();
    for (const f of files) if (Object.hasOwn(kept, f.sha256)) out.set(f.sha256, kept[f.sha256]);
    const missing = files.filter((f) => !out.has(f.sha256));
    if (missing.length === 0) return out;
    const fresh = await readPdfTexts(missing, options);
    for (const [sha, text] of fresh) {
      out.set(sha, text);
      kept[sha] = text;
    }
    try {
      fs.mkdirSync(dir, { recursive: true });
      const tmp = `${file}.${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(tmp, JSON.stringify(kept));
      fs.renameSync(tmp, file);
      pruneCache(dir);
    } catch {
      // A cache that cannot be written only costs time.
    }
    return out;
  };
  return readPublicPdfTexts(db, { filesDir: opts.filesDir, limit: 1_000_000, threads, read });
}
