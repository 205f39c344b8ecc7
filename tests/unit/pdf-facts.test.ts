import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { classifyPage, readPdfFacts } from '#lib/server/platform/pdf/measure.ts';

describe('sheet sizes decide the copy fee', () => {
  it.each([
    [8.5, 11, 'letter'],
    [11, 8.5, 'letter'],
    [8.5, 14, 'legal'],
    [9, 14, 'legal'],
    [9.05, 14.05, 'legal'],
    [9.5, 14, 'large_format'],
    [11, 17, 'large_format'],
    [24, 36, 'large_format'],
    [36, 24, 'large_format'],
  ] as const)('%s x %s in. is %s', (w, h, kind) => {
    expect(classifyPage(w, h)).toBe(kind);
  });

  it('reads page count and large-format sheets from a real PDF', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]);
    pdf.addPage([612, 792]);
    pdf.addPage([24 * 72, 36 * 72]);
    const facts = await readPdfFacts(await pdf.save());
    expect(facts).toEqual({ pageCount: 3, sheetSize: 'mixed', largeFormatPages: 1 });
  });

  it('a letter-only PDF is letter', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]);
    expect(await readPdfFacts(await pdf.save())).toEqual({ pageCount: 1, sheetSize: 'letter', largeFormatPages: 0 });
  });
});
