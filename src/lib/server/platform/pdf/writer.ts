/**
 * A small flowing-text PDF writer on pdf-lib (Helvetica only): letter pages with headings, paragraphs,
 * bullets, label/value fields, tables and signature lines, plus 24x36 in. plan sheets. Used for the
 * portal's printable documents (invoices, notices, site postings) and the demo seed.
 * Text is cleaned to what Helvetica (WinAnsi) can encode, so any user input is safe to print.
 */
import { deflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFContentStream,
  PDFDocument,
  PDFOperator,
  PDFRawStream,
  PDFRef,
  StandardFonts,
  rgb,
  type PDFFont,
  type PDFOperatorNames,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import { formatDay } from '#lib/shared/format.ts';
import { classifyPage, summarizeSheets, type PdfFacts } from './measure.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';

export interface GeneratedPdf {
  bytes: Uint8Array;
  facts: PdfFacts;
}

const PRODUCER = 'Stormwater Portal (pdf-lib)';

export const LETTER: [number, number] = [612, 792];
/** ARCH D plan sheet, 24 x 36 in., landscape. */
export const SHEET: [number, number] = [36 * 72, 24 * 72];
export const MARGIN = 60;
export const INK = rgb(0.1, 0.1, 0.12);
export const GREY = rgb(0.45, 0.45, 0.48);
export const LIGHT = rgb(0.82, 0.82, 0.84);
export const BLUE = rgb(0.12, 0.35, 0.7);
export const GREEN = rgb(0.2, 0.5, 0.25);
export const RED = rgb(0.75, 0.15, 0.12);
export const BROWN = rgb(0.55, 0.38, 0.2);

/** Word widths by size, of Helvetica and of Helvetica Bold (their metrics never change). */
const REGULAR_WIDTHS = new Map<number, Map<string, number>>();
const BOLD_WIDTHS = new Map<number, Map<string, number>>();

/** Noon in the town on a day, by day: luxon's zone arithmetic is a tenth of a document's cost. */
const NOON = new Map<string, Date>();

/** Options of drawText and drawLine: the subset of pdf-lib's that the writer's documents use. */
export interface TextOptions {
  x: number;
  y: number;
  size: number;
  font: PDFFont;
  color?: RGB;
  /** Distance between the lines of a text with line breaks. */
  lineHeight?: number;
}

export interface LineOptions {
  start: { x: number; y: number };
  end: { x: number; y: number };
  thickness?: number;
  color?: RGB;
  dashArray?: number[];
}

/** A number as a content-stream operand: at most 4 decimals, never an exponent. */
function num(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const r = Math.round(n * 10_000) / 10_000;
  return Object.is(r, -0) ? '0' : String(r);
}

function colorOps(c: RGB, op: 'rg' | 'RG'): string {
  return `${num(c.red)} ${num(c.green)} ${num(c.blue)} ${op}`;
}

// ---------------------------------------------------------------------------------------------
// A small flowing-text writer for letter pages, plus large sheets

export class PdfWriter {
  readonly doc: PDFDocument;
  readonly font: PDFFont;
  readonly bold: PDFFont;
  private readonly charset: Set<number>;
  private readonly classes: Array<'letter' | 'legal' | 'large_format'> = [];
  /** Letter pages with their 1-based position in the document, for "Page n of N" footers. */
  private readonly letterPages: Array<{ page: PDFPage; n: number }> = [];
  private readonly header: string;
  private readonly fontKeys = new Map<PDFPage, Map<PDFFont, string>>();
  page: PDFPage | undefined;
  y = 0;

  private constructor(doc: PDFDocument, font: PDFFont, bold: PDFFont, header: string) {
    this.doc = doc;
    this.font = font;
    this.bold = bold;
    this.header = header;
    this.charset = new Set(font.getCharacterSet());
  }

  static async create(meta: {
    title: string;
    subject: string;
    author: string;
    date: string;
    header: string;
    producer?: string;
  }): Promise<PdfWriter> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    let when = NOON.get(meta.date);
    if (!when) NOON.set(meta.date, (when = townInstant(meta.date, '12:00')));
    doc.setTitle(meta.title);
    doc.setSubject(meta.subject);
    doc.setAuthor(meta.author);
    doc.setProducer(meta.producer ?? PRODUCER);
    doc.setCreator(meta.producer ?? PRODUCER);
    doc.setCreationDate(when);
    doc.setModificationDate(when);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    return new PdfWriter(doc, font, bold, meta.header);
  }

  /** Replace characters Helvetica (WinAnsi) cannot encode. */
  clean(text: string): string {
    // Almost all text is plain ASCII; only check the rest character by character.
    if (/^[\x20-\x7e]*$/.test(text)) return text;
    let out = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0) as number;
      if (this.charset.has(cp)) out += ch;
      else if (ch === '≥') out += '>=';
      else if (ch === '≤') out += '<=';
      else if (ch === '\n' || ch === '\t') out += ' ';
      else out += '?';
    }
    return out;
  }

  private addPage(size: [number, number]): PDFPage {
    const page = this.doc.addPage(size);
    this.classes.push(classifyPage(size[0] / 72, size[1] / 72));
    return page;
  }

  letterPage(): PDFPage {
    const page = this.addPage(LETTER);
    this.letterPages.push({ page, n: this.classes.length });
    this.page = page;
    this.drawText(page, this.clean(this.header), {
      x: MARGIN,
      y: LETTER[1] - 36,
      size: 7.5,
      font: this.font,
      color: GREY,
    });
    this.drawLine(page, {
      start: { x: MARGIN, y: LETTER[1] - 42 },
      end: { x: LETTER[0] - MARGIN, y: LETTER[1] - 42 },
      thickness: 0.5,
      color: LIGHT,
    });
    this.y = LETTER[1] - 66;
    return page;
  }

  private current(): PDFPage {
    return this.page ?? this.letterPage();
  }

  ensure(height: number): void {
    if (!this.page || this.y - height < MARGIN + 10) this.letterPage();
  }

  space(h: number): void {
    this.y -= h;
  }

  text(text: string, x: number, y: number, size = 10, font: PDFFont = this.font, color: RGB = INK): void {
    this.drawText(this.current(), this.clean(text), { x, y, size, font, color });
  }

  /**
   * Draw text (lines split at \n) on a page: what pdf-lib's page.drawText does, written as one raw
   * operator. pdf-lib's own drawText builds a dozen operator objects per call and adds two new font
   * entries to the page's resources on every call (it sets the font, then restores the previous one);
   * here each page names each font once.
   */
  drawText(page: PDFPage, text: string, o: TextOptions): void {
    const lines = text.split('\n');
    let ops = `q\nBT\n${colorOps(o.color ?? INK, 'rg')}\n${this.fontKey(page, o.font)} ${num(o.size)} Tf\n`;
    if (lines.length > 1) ops += `${num(o.lineHeight ?? o.size * 1.2)} TL\n`;
    ops += `1 0 0 1 ${num(o.x)} ${num(o.y)} Tm\n`;
    for (let i = 0; i < lines.length; i++) ops += `${i ? 'T*\n' : ''}${this.hex(this.clean(lines[i]), o.font)} Tj\n`;
    ops += 'ET\nQ';
    page.pushOperators(PDFOperator.of(ops as PDFOperatorNames));
  }

  /** A straight line, as pdf-lib's page.drawLine draws it, in one raw operator. */
  drawLine(page: PDFPage, o: LineOptions): void {
    const dash = o.dashArray?.length ? `[${o.dashArray.map(num).join(' ')}] 0 d\n` : '';
    const ops = `q\n${colorOps(o.color ?? INK, 'RG')}\n${num(o.thickness ?? 1)} w\n${dash}${num(o.start.x)} ${num(o.start.y)} m\n${num(o.end.x)} ${num(o.end.y)} l\nS\nQ`;
    page.pushOperators(PDFOperator.of(ops as PDFOperatorNames));
  }

  /** The page's resource name of a font, added on first use. */
  private fontKey(page: PDFPage, font: PDFFont): string {
    let keys = this.fontKeys.get(page);
    if (!keys) this.fontKeys.set(page, (keys = new Map()));
    let key = keys.get(font);
    if (key === undefined) {
      key = page.node.newFontDictionary(font.name, font.ref).toString();
      keys.set(font, key);
    }
    return key;
  }

  /** A cleaned line as an upper-case hex string of its WinAnsi codes (ASCII is its own code), as pdf-lib writes text. */
  private hex(line: string, font: PDFFont): string {
    if (!/^[\x20-\x7e]*$/.test(line)) return font.encodeText(line).toString();
    return `<${Buffer.from(line, 'latin1').toString('hex').toUpperCase()}>`;
  }

  /** Width of a word, cached: the same words recur on every page (by font, then size: no key to build). */
  private width(word: string, size: number, font: PDFFont): number {
    const bySize = font === this.bold ? BOLD_WIDTHS : REGULAR_WIDTHS;
    let words = bySize.get(size);
    if (!words) bySize.set(size, (words = new Map()));
    let w = words.get(word);
    if (w === undefined) {
      w = font.widthOfTextAtSize(word, size);
      words.set(word, w);
    }
    return w;
  }

  /** Greedy word wrap by measured widths. */
  wrap(text: string, width: number, size: number, font: PDFFont = this.font): string[] {
    const words = this.clean(text).split(/\s+/).filter(Boolean);
    const space = this.width(' ', size, font);
    const lines: string[] = [];
    let line = '';
    let lineWidth = 0;
    for (const word of words) {
      const w = this.width(word, size, font);
      if (line && lineWidth + space + w > width) {
        lines.push(line);
        line = word;
        lineWidth = w;
      } else {
        line = line ? `${line} ${word}` : word;
        lineWidth += (lineWidth ? space : 0) + w;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  heading(text: string, level: 1 | 2 | 3 = 2): void {
    const size = level === 1 ? 16 : level === 2 ? 12.5 : 10.5;
    this.ensure(size * 3);
    this.space(level === 1 ? 6 : 8);
    this.text(text, MARGIN, this.y, size, this.bold);
    this.space(size + (level === 1 ? 10 : 6));
  }

  /**
   * Draw already-wrapped lines at x, breaking pages as needed. Lines on one page go out in a single
   * drawText call (pdf-lib's per-call overhead dominates otherwise).
   */
  private lines(lines: string[], x: number, size: number, font: PDFFont, color: RGB, leading: number): void {
    let i = 0;
    while (i < lines.length) {
      this.ensure(leading);
      const fit = Math.max(1, Math.floor((this.y - (MARGIN + 10)) / leading) + 1);
      const chunk = lines.slice(i, i + fit);
      this.drawText(this.current(), chunk.join('\n'), { x, y: this.y, size, font, color, lineHeight: leading });
      this.space(leading * chunk.length);
      i += chunk.length;
    }
  }

  para(text: string, opts: { size?: number; indent?: number; bold?: boolean; color?: RGB; gap?: number } = {}): void {
    const size = opts.size ?? 9.5;
    const indent = opts.indent ?? 0;
    const font = opts.bold ? this.bold : this.font;
    this.lines(
      this.wrap(text, LETTER[0] - 2 * MARGIN - indent, size, font),
      MARGIN + indent,
      size,
      font,
      opts.color ?? INK,
      size * 1.35,
    );
    this.space(opts.gap ?? 5);
  }

  bullets(items: string[], size = 9.5): void {
    const leading = size * 1.35;
    for (const item of items) {
      const wrapped = this.wrap(item, LETTER[0] - 2 * MARGIN - 14, size);
      this.ensure(leading);
      this.drawText(this.current(), '-', { x: MARGIN + 2, y: this.y, size, font: this.font, color: INK });
      this.lines(wrapped, MARGIN + 14, size, this.font, INK, leading);
    }
    this.space(4);
  }

  /** Label and value in two columns. */
  field(label: string, value: string, labelWidth = 190): void {
    const size = 9.5;
    const leading = size * 1.4;
    const wrapped = this.wrap(value || '-', LETTER[0] - 2 * MARGIN - labelWidth, size);
    this.ensure(leading * Math.min(wrapped.length, 6));
    if (label)
      this.drawText(this.current(), this.clean(label), { x: MARGIN, y: this.y, size, font: this.bold, color: INK });
    this.lines(wrapped, MARGIN + labelWidth, size, this.font, INK, leading);
    this.space(1.5);
  }

  /** Several label/value fields; runs of one-line values are drawn as two columns in two calls. */
  fields(pairs: Array<[string, string]>, labelWidth = 190): void {
    const size = 9.5;
    const leading = size * 1.4 + 1.5;
    let i = 0;
    while (i < pairs.length) {
      let j = i;
      const room = Math.floor((this.y - (MARGIN + 10)) / leading);
      const values: string[] = [];
      while (j < pairs.length && j - i < room) {
        const wrapped = this.wrap(pairs[j][1] || '-', LETTER[0] - 2 * MARGIN - labelWidth, size);
        if (wrapped.length > 1) break;
        values.push(wrapped[0] ?? '-');
        j++;
      }
      if (j - i >= 2) {
        this.drawText(
          this.current(),
          pairs
            .slice(i, j)
            .map((p) => this.clean(p[0]))
            .join('\n'),
          { x: MARGIN, y: this.y, size, font: this.bold, color: INK, lineHeight: leading },
        );
        this.drawText(this.current(), values.join('\n'), {
          x: MARGIN + labelWidth,
          y: this.y,
          size,
          font: this.font,
          color: INK,
          lineHeight: leading,
        });
        this.space(leading * (j - i));
        i = j;
      } else {
        this.field(pairs[i][0], pairs[i][1], labelWidth);
        i++;
      }
    }
  }

  /** A simple table; long cells wrap. Rows of single-line cells are drawn a column at a time. */
  table(columns: Array<{ title: string; width: number }>, rows: string[][], size = 8.5): void {
    const leading = size * 1.3;
    const rule = () =>
      this.drawLine(this.current(), {
        start: { x: MARGIN, y: this.y + leading - 3 },
        end: { x: LETTER[0] - MARGIN, y: this.y + leading - 3 },
        thickness: 0.4,
        color: LIGHT,
      });
    const wrapRow = (cells: string[], font: PDFFont) =>
      cells.map((c, i) => this.wrap(c, columns[i].width - 6, size, font));
    const drawRow = (wrapped: string[][], font: PDFFont) => {
      const height = Math.max(1, ...wrapped.map((w) => w.length)) * leading + 4;
      this.ensure(height + 2);
      let x = MARGIN;
      wrapped.forEach((cell, i) => {
        if (cell.length)
          this.drawText(this.current(), cell.join('\n'), {
            x: x + 3,
            y: this.y,
            size,
            font,
            color: INK,
            lineHeight: leading,
          });
        x += columns[i].width;
      });
      this.y -= height;
      rule();
    };
    const header = wrapRow(
      columns.map((c) => c.title),
      this.bold,
    );
    drawRow(header, this.bold);
    const body = rows.map((r) => wrapRow(r, this.font));
    let i = 0;
    while (i < body.length) {
      // A run of single-line rows that fits on this page: one drawText per column.
      let j = i;
      const room = Math.floor((this.y - (MARGIN + 14)) / leading);
      while (j < body.length && j - i < room && body[j].every((c) => c.length <= 1)) j++;
      if (j - i >= 3) {
        let x = MARGIN;
        columns.forEach((col, c) => {
          this.drawText(
            this.current(),
            body
              .slice(i, j)
              .map((r) => r[c][0] ?? '')
              .join('\n'),
            { x: x + 3, y: this.y, size, font: this.font, color: INK, lineHeight: leading },
          );
          x += col.width;
        });
        this.y -= leading * (j - i) + 4;
        rule();
        i = j;
      } else {
        drawRow(body[i], this.font);
        i++;
      }
      if (i < body.length && this.y - leading < MARGIN + 14) {
        this.letterPage();
        drawRow(header, this.bold);
      }
    }
    this.space(6);
  }

  /** A letter's letterhead: the municipality's name in capitals, then its office lines in small grey type. */
  letterhead(name: string, lines: readonly string[]): void {
    this.para(name.toUpperCase(), { bold: true, size: 14, gap: 1 });
    for (const line of lines) this.para(line, { size: 9, color: GREY, gap: 1 });
    this.space(14);
  }

  /** Signature line with the printed name (and title, if not already part of it) and the date beside it. */
  signature(name: string, title: string, date: string): void {
    this.ensure(70);
    this.space(18);
    this.drawLine(this.current(), {
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + 300, y: this.y },
      thickness: 0.6,
      color: INK,
    });
    this.drawLine(this.current(), {
      start: { x: MARGIN + 350, y: this.y },
      end: { x: LETTER[0] - MARGIN, y: this.y },
      thickness: 0.6,
      color: INK,
    });
    this.space(11);
    const printed = title && !name.includes(title) ? `${name}, ${title}` : name;
    const lines = this.wrap(printed, 300, 8.5);
    this.drawText(this.current(), lines.join('\n'), {
      x: MARGIN,
      y: this.y,
      size: 8.5,
      font: this.font,
      color: INK,
      lineHeight: 10.5,
    });
    this.text(`Date: ${formatDay(date)}`, MARGIN + 350, this.y, 8.5);
    this.space(10.5 * lines.length + 8);
  }

  /** A 24x36 in. plan sheet; `draw` gets the page and its size. */
  largeSheet(draw: (page: PDFPage, w: PdfWriter) => void): void {
    const page = this.addPage(SHEET);
    draw(page, this);
    this.page = undefined;
  }

  /**
   * Deflate the pages' content streams with node's zlib instead of pdf-lib's JavaScript deflate
   * (pako), which took a fifth of the demo seed's drawing time. Same filter, same contents.
   */
  private compressContents(): void {
    const { context } = this.doc;
    for (const page of this.doc.getPages()) {
      const contents = page.node.Contents();
      if (!(contents instanceof PDFArray)) continue;
      for (let i = 0; i < contents.size(); i++) {
        const ref = contents.get(i);
        if (!(ref instanceof PDFRef)) continue;
        const stream = context.lookup(ref);
        if (!(stream instanceof PDFContentStream)) continue;
        // Operators are ASCII (text is hex), so the string is the bytes. A page's contents are a few
        // kilobytes: a 4 KB window compresses them as well as the default 32 KB, and setting up
        // the smaller one per stream costs half as much.
        const bytes = Buffer.from(stream.getContentsString(), 'latin1');
        context.assign(
          ref,
          PDFRawStream.of(stream.dict, deflateSync(bytes, { level: 6, windowBits: 12, memLevel: 5 })),
        );
      }
    }
  }

  letterPageCount(): number {
    return this.letterPages.length;
  }

  async save(): Promise<GeneratedPdf> {
    const total = this.classes.length;
    for (const { page, n } of this.letterPages) {
      this.drawText(page, `Page ${n} of ${total}`, {
        x: LETTER[0] - MARGIN - 60,
        y: 30,
        size: 7.5,
        font: this.font,
        color: GREY,
      });
    }
    this.compressContents();
    // objectsPerTick: pdf-lib otherwise waits for a timer every 50 objects while writing.
    const bytes = await this.doc.save({ useObjectStreams: false, objectsPerTick: Infinity });
    return { bytes, facts: summarizeSheets(this.classes) };
  }
}
