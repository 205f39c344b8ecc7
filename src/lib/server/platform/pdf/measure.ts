/**
 * Reading what the copy fee depends on from a PDF: how many pages, and how many are larger than
 * 9x14 in. (large-format plan sheets are billed per sheet at actual cost, POL §87(1)(b)(iii)).
 */
import { PDFDocument, PDFPageLeaf, PDFPageTree } from 'pdf-lib';
import type { SheetSize } from '#db/schema.ts';

const POINTS_PER_INCH = 72;
/** A little slack for PDFs whose page boxes are a point or two off. */
const TOLERANCE_IN = 0.1;

export interface PdfFacts {
  pageCount: number;
  sheetSize: SheetSize;
  largeFormatPages: number;
}

/** Classify one page by its size in inches. */
export function classifyPage(widthIn: number, heightIn: number): 'letter' | 'legal' | 'large_format' {
  const short = Math.min(widthIn, heightIn);
  const long = Math.max(widthIn, heightIn);
  if (short > 9 + TOLERANCE_IN || long > 14 + TOLERANCE_IN) return 'large_format';
  return long > 11 + TOLERANCE_IN ? 'legal' : 'letter';
}

/** Sum up page classes into the document's sheet size. */
export function summarizeSheets(pages: Array<'letter' | 'legal' | 'large_format'>): PdfFacts {
  const kinds = new Set(pages);
  const largeFormatPages = pages.filter((p) => p === 'large_format').length;
  const sheetSize: SheetSize = kinds.size === 1 ? [...kinds][0] : kinds.size === 0 ? 'letter' : 'mixed';
  return { pageCount: pages.length, sheetSize, largeFormatPages };
}

/** A PDF with more pages than the caller accepts. */
export class TooManyPages extends Error {}

/**
 * The number of pages in the page tree, counted without building page objects and given up past
 * `limit`: a hostile file can name millions of pages in a few megabytes, or make the tree loop.
 */
export function countPages(pdf: PDFDocument, limit: number): number {
  let count = 0;
  const seen = new Set<PDFPageTree>();
  const stack: PDFPageTree[] = [pdf.catalog.Pages()];
  while (stack.length) {
    const node = stack.pop()!;
    if (seen.has(node)) throw new Error('The page tree loops.');
    seen.add(node);
    const kids = node.Kids();
    for (let i = 0; i < kids.size(); i++) {
      const kid = kids.lookup(i);
      if (kid instanceof PDFPageTree) stack.push(kid);
      else if (kid instanceof PDFPageLeaf && ++count > limit) return count;
    }
  }
  return count;
}

export async function readPdfFacts(bytes: Uint8Array, opts: { maxPages?: number } = {}): Promise<PdfFacts> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  if (opts.maxPages !== undefined && countPages(pdf, opts.maxPages) > opts.maxPages) throw new TooManyPages();
  const pages = pdf.getPages().map((p) => {
    const { width, height } = p.getSize();
    return classifyPage(width / POINTS_PER_INCH, height / POINTS_PER_INCH);
  });
  return summarizeSheets(pages);
}
