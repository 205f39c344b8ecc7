/**
 * On the running portal: the demo's PDFs are searchable by the words inside them, a result naming the page;
 * a public PDF uploaded by the staff becomes searchable at its page; a private one's words never do; and
 * a PDF without readable words still uploads (it is kept, recorded as unreadable).
 */
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { postMultipart } from '../support/attack.ts';
import { get, signIn } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
let db: DB;
let clerk: string;
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T | undefined;

async function pdfOf(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const line of pages) {
    const page = doc.addPage([612, 792]);
    if (line) page.drawText(line, { x: 54, y: 700, size: 11, font });
  }
  return doc.save();
}

function upload(title: string, bytes: Uint8Array, isPublic: boolean): Promise<Response> {
  return postMultipart(
    portal.url,
    '/staff/projects/curry-road-distribution-center/documents',
    { type: 'other', title, documentDate: '2026-03-02', ...(isPublic ? { public: 'on' } : {}) },
    { file: [{ bytes, name: 'upload.pdf', type: 'application/pdf' }] },
    clerk,
  );
}

const page = async (q: string) => (await get(portal.url, `/search?q=${encodeURIComponent(q)}`)).text();

beforeAll(async () => {
  portal = await startPortal({ env: { SEARCH_CHECK_MS: '200', SEARCH_DEBOUNCE_MS: '200' } });
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  clerk = await signIn(portal.url, 'clerk@rotterdam.example', DEMO_PASSWORD);
}, 300_000);

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
});

describe('search finds words inside public PDFs on the running portal', () => {
  it("finds words in the demo's inspection reports, naming the page and linking to it", async () => {
    await expect.poll(async () => page('undermined'), { timeout: 30_000 }).toMatch(/Document, page \d/);
    expect(await page('undermined')).toMatch(/href="\/documents\/\d+#page=\d+"/);
  });

  it('a public PDF uploaded by the staff is found at its page; a private one never', async () => {
    expect(
      (await upload('Geotechnical memo', await pdfOf(['Cover', 'Quagga mussels in the outfall pool']), true)).status,
    ).toBe(303);
    expect((await upload('Private memo', await pdfOf(['Zebrawood shoring left on the slope']), false)).status).toBe(
      303,
    );
    await expect.poll(async () => page('quagga mussels'), { timeout: 30_000 }).toContain('Document, page 2');
    expect(await page('quagga mussels')).toContain('Geotechnical memo');
    const privateSha = one<{ sha256: string }>("select sha256 from documents where title = 'Private memo'")!.sha256;
    expect(one('select 1 from pdf_texts where sha256 = ?', privateSha)).toBeUndefined();
    expect(await page('zebrawood')).toContain('Nothing matches');
  });

  it('a PDF without readable words still uploads, and is recorded as unreadable', async () => {
    expect((await upload('Scanned sheet', await pdfOf(['', '']), true)).status).toBe(303);
    const sha = one<{ sha256: string }>("select sha256 from documents where title = 'Scanned sheet'")!.sha256;
    // Read when the search next rebuilds (a search asks for it).
    await expect
      .poll(
        async () => (
          await page('scanned'),
          one<{ outcome: string }>('select outcome from pdf_texts where sha256 = ?', sha)?.outcome
        ),
        {
          timeout: 30_000,
        },
      )
      .toBe('unreadable');
  });
});
