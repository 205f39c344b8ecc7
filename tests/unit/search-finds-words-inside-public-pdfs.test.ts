/**
 * The words printed inside public PDFs are searchable, with the page they are on; a private document's
 * words never are (its file is not even read), nor a public document's of an unpublished project; a PDF
 * whose words cannot be read is kept and recorded as unreadable; reading a file is bounded in time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, pdfTexts, projects } from '#db/schema.ts';
import { migrateDatabase, openDatabase, type DB } from '#lib/server/platform/db.ts';
import { storeFile } from '#lib/server/platform/files/store.ts';
import { readPdfTexts } from '#lib/server/platform/pdf/text.ts';
import { readPublicPdfTexts, unreadPublicPdfs } from '#lib/server/projects/document-text.ts';
import { loadDocumentTextDocs, loadProjectDocs } from '#lib/server/public/search/documents.ts';
import { buildEngine, searchEngine } from '#lib/server/public/search/engine.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-pdf-text-'));
const filesDir = path.join(dir, 'files');
let db: DB;

/** A PDF with one line of words per page ('' draws a page without words). */
async function pdfOf(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const line of pages) {
    const page = doc.addPage([612, 792]);
    if (line) page.drawText(line, { x: 54, y: 700, size: 11, font });
  }
  return doc.save();
}

function addProject(slug: string, name: string, published = true): number {
  return db
    .insert(projects)
    .values({ slug, name, siteAddress: `1 ${name}`, kind: 'major', status: 'active', description: '', published })
    .returning({ id: projects.id })
    .get().id;
}

async function addPdf(projectId: number, title: string, bytes: Uint8Array, isPublic: boolean): Promise<string> {
  const stored = await storeFile(bytes, { filesDir });
  db.insert(documents)
    .values({
      projectId,
      type: 'inspection_report',
      title,
      filename: 'report.pdf',
      sha256: stored.sha256,
      mimeType: 'application/pdf',
      sizeBytes: stored.sizeBytes,
      public: isPublic,
    })
    .run();
  return stored.sha256;
}

const search = (q: string) => searchEngine(buildEngine([...loadProjectDocs(db), ...loadDocumentTextDocs(db)]), q);

let privateSha = '';
let unpublishedSha = '';
let blankSha = '';

beforeAll(async () => {
  db = openDatabase(path.join(dir, 'portal.db'));
  migrateDatabase(db);
  const curry = addProject('curry-road', 'Curry Road Distribution Center');
  const hidden = addProject('not-yet', 'Unpublished Warehouse', false);
  await addPdf(
    curry,
    'Inspection report, May 26, 2026',
    await pdfOf([
      'Curry Road Distribution Center - SWPPP inspection report',
      'Silt fence along the south property line: about 20 ft undermined; re-trench and re-stake.',
      'Inspector: Anita Quackenbush, NYS PE',
    ]),
    true,
  );
  privateSha = await addPdf(
    curry,
    'Operator correspondence',
    await pdfOf(['Private letter about the quillwort meadow behind the warehouse']),
    false,
  );
  unpublishedSha = await addPdf(
    hidden,
    'Inspection report, June 2, 2026',
    await pdfOf(['The hornwort pond overflowed onto Route 7']),
    true,
  );
  // Pages without words (a scanned plan set): stored like any other, nothing to read.
  blankSha = await addPdf(curry, 'Scanned plan sheet', await pdfOf(['', '']), true);
  await readPublicPdfTexts(db, { filesDir });
}, 60_000);

afterAll(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('search finds words inside public PDFs', () => {
  it('finds a phrase inside a published PDF, with the page it is on', () => {
    const [hit] = search('undermined silt fence');
    const id = db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.title, 'Inspection report, May 26, 2026'))
      .get()!.id;
    expect(hit).toMatchObject({
      kind: 'document',
      page: 2,
      url: `/documents/${id}#page=2`,
      subtitle: 'Curry Road Distribution Center',
    });
    expect(hit.match?.label).toBe('Page 2');
    expect(hit.match?.segments.filter((s) => s.mark).map((s) => s.text)).toEqual(['Silt', 'fence', 'undermined']);
    expect(search('Quackenbush')[0]).toMatchObject({ kind: 'document', page: 3 });
  });

  it("never reads or finds a private PDF's words", () => {
    expect(db.select().from(pdfTexts).where(eq(pdfTexts.sha256, privateSha)).get()).toBeUndefined();
    expect(search('quillwort')).toEqual([]);
  });

  it("never finds the words of an unpublished project's PDF", () => {
    // Read (the document is public), but the search takes only published projects' documents.
    expect(db.select().from(pdfTexts).where(eq(pdfTexts.sha256, unpublishedSha)).get()?.outcome).toBe('read');
    expect(search('hornwort')).toEqual([]);
  });

  it('keeps a PDF without readable words, recorded as unreadable and not read again', async () => {
    expect(db.select().from(pdfTexts).where(eq(pdfTexts.sha256, blankSha)).get()).toMatchObject({
      outcome: 'unreadable',
      pageCount: 2,
    });
    expect(db.select().from(documents).where(eq(documents.sha256, blankSha)).get()).toBeDefined();
    expect(unreadPublicPdfs(db)).toEqual([]);
    expect(await readPublicPdfTexts(db, { filesDir })).toBe(0);
  });

  it('gives up on a file past its time, and on a file that is no PDF, without throwing', async () => {
    const broken = path.join(dir, 'broken.pdf');
    fs.writeFileSync(broken, '%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage\n%%EOF');
    const texts = await readPdfTexts(
      [
        { sha256: 'slow', path: path.join(filesDir, blankSha.slice(0, 2), blankSha) },
        { sha256: 'broken', path: broken },
      ],
      { bounds: { msPerFile: 1 } },
    );
    expect(texts.get('slow')).toMatchObject({ outcome: 'unreadable', reason: 'not read within the bounds' });
    const again = await readPdfTexts([{ sha256: 'broken', path: broken }]);
    expect(again.get('broken')?.outcome).toBe('unreadable');
  });

  it('still forgives a typing slip, and lists the project before its PDFs', () => {
    const hits = search('cury road');
    expect(hits[0]).toMatchObject({ kind: 'project', url: '/projects/curry-road' });
    expect(hits.slice(1).every((h) => h.kind === 'document')).toBe(true);
  });
});
