/**
 * The words of public documents' PDFs, read once per file for the public search (decision 0105). Only
 * files that a public document holds are read: a private document, a requester's or a resident's upload
 * is never opened for its words. What was read lives in pdf_texts and pdf_text_pages, by the file's hash;
 * the search takes a file's words only while a public document of a published project holds it.
 *
 * Reading happens off every request: after an upload or a document made public, the search service asks
 * for the files not read yet before it builds its next index (public/search/site.ts), the demo seed reads
 * its own, and a file that cannot be read is recorded as unreadable (the upload itself is long done).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { documents, pdfTextPages, pdfTexts } from '#db/schema.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { storedFileExists, storedFilePath } from '#lib/server/platform/files/store.ts';
import { readPdfTexts, type PdfText } from '#lib/server/platform/pdf/text.ts';
import { writeWhenUnlocked } from '#lib/server/platform/write-lock.ts';

/** Files read in one go (the rest wait for the next); a town files a few a day. */
export const FILES_PER_ROUND = 200;

/** Public PDF documents' files whose words have not been read yet (each file once, oldest first). */
export function unreadPublicPdfs(db: Pick<DB, 'select'>, limit = FILES_PER_ROUND): string[] {
  return db
    .select({ sha256: documents.sha256 })
    .from(documents)
    .leftJoin(pdfTexts, eq(pdfTexts.sha256, documents.sha256))
    .where(and(eq(documents.public, true), eq(documents.mimeType, 'application/pdf'), isNull(pdfTexts.sha256)))
    .orderBy(sql`min(${documents.id})`)
    .groupBy(documents.sha256)
    .limit(limit)
    .all()
    .map((r) => r.sha256);
}

/** Record what was read of each file (an unreadable one too, so it is not tried again). */
export function saveTexts(db: DB, texts: Map<string, PdfText>): void {
  const files = [...texts].map(([sha256, t]) => ({ sha256, outcome: t.outcome, pageCount: t.pageCount }));
  const pages = [...texts].flatMap(([sha256, t]) =>
    t.pages.flatMap((text, i) => (text ? [{ sha256, page: i + 1, text }] : [])),
  );
  // Many rows a statement (a seed records thousands), within SQLite's limit on bound values.
  db.transaction((tx) => {
    for (let i = 0; i < files.length; i += 200)
      tx.insert(pdfTexts)
        .values(files.slice(i, i + 200))
        .onConflictDoNothing()
        .run();
    for (let i = 0; i < pages.length; i += 200)
      tx.insert(pdfTextPages)
        .values(pages.slice(i, i + 200))
        .onConflictDoNothing()
        .run();
  });
}

export interface ReadOptions {
  filesDir?: string;
  limit?: number;
  threads?: number;
  /** Files are started within this many milliseconds; the rest wait for the next round. */
  budgetMs?: number;
  /** How files are read (the demo seed keeps what it read between seeds). */
  read?: typeof readPdfTexts;
  log?: (message: string) => void;
}

let running: Promise<number> = Promise.resolve(0);

/**
 * Read the words of public PDFs not read yet, and record them. One round at a time (a call while one runs
 * waits for it, then looks again). Resolves to the number of files recorded; never rejects. What is
 * left for later rounds is what is still unread: nothing to remember between them.
 */
export function readPublicPdfTexts(db: DB, options: ReadOptions = {}): Promise<number> {
  running = running
    .then(() => readRound(db, options))
    .catch((err: unknown) => {
      (options.log ?? console.error)(`pdf text: ${String((err as Error)?.message ?? err)}`);
      return 0;
    });
  return running;
}

async function readRound(db: DB, options: ReadOptions): Promise<number> {
  const shas = unreadPublicPdfs(db, options.limit);
  if (shas.length === 0) return 0;
  const present = shas.filter((sha) => storedFileExists(sha, options.filesDir));
  const read = options.read ?? readPdfTexts;
  const texts = await read(
    present.map((sha256) => ({ sha256, path: storedFilePath(sha256, options.filesDir) })),
    { threads: options.threads, budgetMs: options.budgetMs },
  );
  // A file missing from the store has no words to give (a restore without its files).
  for (const sha of shas)
    if (!present.includes(sha))
      texts.set(sha, { outcome: 'unreadable', pageCount: 0, pages: [], reason: 'not stored' });
  for (const [sha, t] of texts)
    if (t.outcome === 'unreadable') options.log?.(`pdf text: ${sha.slice(0, 12)} unreadable (${t.reason ?? ''})`);
  await writeWhenUnlocked(db, () => saveTexts(db, texts));
  return texts.size;
}
