/**
 * A worker thread that reads the words printed in PDFs (text.ts): pdf.js, through unpdf (its build for
 * servers: no canvas, no font loading). It runs apart so that a file that makes pdf.js spin or swell stops
 * only this thread: the caller ends it after its time is up, and its heap is limited. It takes one file at
 * a time, by path, and answers each with its pages' words, within the bounds it is given.
 */
import fs from 'node:fs';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

export const textWorkerUrl = import.meta.url;
export const TEXT_WORKER_KIND = 'rsp-pdf-text';

export interface TextBounds {
  /** Files larger than this are not opened. */
  maxBytes: number;
  /** Pages after this many are not read. */
  maxPages: number;
  /** A page's words past this many characters are cut. */
  maxPageChars: number;
  /** A file's words past this many characters are cut (the pages after it are not read). */
  maxChars: number;
}

export interface TextRequest {
  id: number;
  path: string;
}

export type TextAnswer =
  | { id: number; ok: true; pageCount: number; pages: string[]; cut: boolean }
  | { id: number; ok: false; reason: string };

/** Whitespace runs to one space, control characters dropped (a font without a Unicode map gives them). */
export function cleanPageText(raw: string): string {
  return raw
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f\ufffd]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, ending at a word's end where one is near. */
export function cutWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max);
  return text.slice(0, space > max / 2 ? space : Math.max(0, max));
}

async function read(path: string, bounds: TextBounds): Promise<Omit<Extract<TextAnswer, { ok: true }>, 'id'>> {
  const size = fs.statSync(path).size;
  if (size > bounds.maxBytes) throw new Error(`larger than ${bounds.maxBytes} bytes`);
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(fs.readFileSync(path)), {
    // unpdf's pdf.js has no path that compiles a file's fonts to code; load no fonts, say nothing on the console.
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const pages: string[] = [];
    let chars = 0;
    let cut = pdf.numPages > bounds.maxPages;
    const last = Math.min(pdf.numPages, bounds.maxPages);
    for (let n = 1; n <= last; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let raw = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        raw += item.str;
        raw += item.hasEOL ? '\n' : ' ';
        if (raw.length > bounds.maxPageChars * 2) {
          cut = true;
          break;
        }
      }
      page.cleanup();
      const whole = cleanPageText(raw);
      const text = cutWords(whole, Math.min(bounds.maxPageChars, bounds.maxChars - chars));
      if (text.length < whole.length) cut = true;
      pages.push(text);
      chars += text.length;
      if (chars >= bounds.maxChars) {
        cut ||= n < pdf.numPages;
        break;
      }
    }
    return { ok: true, pageCount: pdf.numPages, pages, cut };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

function run(bounds: TextBounds): void {
  const port = parentPort!;
  // One file at a time, in the order asked (the caller times each from when it is sent).
  let queue = Promise.resolve();
  port.on('message', (m: TextRequest) => {
    queue = queue.then(async () => {
      let answer: TextAnswer;
      try {
        answer = { id: m.id, ...(await read(m.path, bounds)) };
      } catch (err) {
        answer = { id: m.id, ok: false, reason: String((err as Error)?.message ?? err).slice(0, 200) };
      }
      port.postMessage(answer);
    });
  });
}

const input = workerData as { kind?: string; bounds?: TextBounds } | undefined;
if (!isMainThread && input?.kind === TEXT_WORKER_KIND && input.bounds) run(input.bounds);
