/**
 * Receiving multipart uploads: streamed straight into the content-addressed store (never held whole in
 * memory), size-limited, and type-checked by content (magic bytes), not by name or claimed type.
 * Rejected files leave nothing behind. Use from a page or endpoint that handles its own POST (Astro
 * Actions read the whole body into memory, so they are not used for files).
 *
 * Field names are the client's: they are kept in objects without a prototype, so "__proto__",
 * "constructor" or "toString" are ordinary names. An exception inside any parser event refuses this
 * request (a malformed upload), never the process: an event handler's throw is otherwise uncaught.
 * Text with control characters (NUL and the like; tab and line breaks are fine) refuses the form.
 */
import fs from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import { fileTypeFromBuffer } from 'file-type';
import { config } from '#lib/server/platform/config.ts';
import { FileTooLargeError, HEAD_BYTES, storeFile, type StoredFile } from './store.ts';
import type { PhotoTaken } from './images.ts';
import { readPdfFacts, TooManyPages, type PdfFacts } from '#lib/server/platform/pdf/measure.ts';
import {
  CONTROL_CHARACTER_MESSAGE,
  CONTROL_CHARACTER_FORM_MESSAGE,
  hasControlCharacters,
} from '#lib/server/platform/forms/control-characters.ts';
import { logFailure, plainFailure, requestIdFor } from '#lib/server/platform/http/failures.ts';
import { MAX_PDF_PAGES } from '#lib/shared/pdf-limits.ts';

export type UploadKind = 'pdf' | 'jpeg' | 'png' | 'webp';
export const UPLOAD_MIME: Record<UploadKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};
const KIND_BY_MIME = new Map(Object.entries(UPLOAD_MIME).map(([k, v]) => [v, k as UploadKind]));
const KIND_WORDS: Record<UploadKind, string> = { pdf: 'PDF', jpeg: 'JPEG photo', png: 'PNG image', webp: 'WebP image' };

export interface ReceivedFile {
  field: string;
  /** The name the browser sent, for Content-Disposition only; never used as a path. */
  filename: string;
  sha256: string;
  sizeBytes: number;
  mimeType: string;
  kind: UploadKind;
  pdf?: PdfFacts;
  /** Re-encoded images (ReceiveOptions.reencode): the stored picture's size, and when and where it was taken. */
  image?: { width: number; height: number; taken?: PhotoTaken };
}

export interface ReceivedForm {
  /** Every posted value by field name (an object without a prototype: any name is just a key). */
  fields: Record<string, string[]>;
  files: ReceivedFile[];
  /** Per-field messages for files and text that were rejected (no prototype either); `_form` for the whole form. */
  errors: Record<string, string>;
  field: (name: string) => string;
}

class RejectedType extends Error {}

export interface ReceiveOptions {
  accept: UploadKind[];
  maxFileBytes?: number;
  maxFiles?: number;
  filesDir?: string;
  /**
   * For images: each accepted file is read whole (it is size-limited), checked by content, and what this
   * returns is stored instead of what was sent (platform/files/images.ts strips metadata). Nothing of
   * the original picture is ever written to disk. A PDF among them is stored as sent.
   */
  reencode?: (
    bytes: Uint8Array,
    kind: UploadKind,
  ) => Promise<{ bytes: Uint8Array; kind: UploadKind; width: number; height: number; taken?: PhotoTaken }>;
}

export function describeAccepted(accept: UploadKind[]): string {
  const words = accept.map((k) => KIND_WORDS[k]);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : words[0];
}

/** Parse a multipart/form-data request, storing each file part as it streams in. */
export async function receiveMultipart(request: Request, options: ReceiveOptions): Promise<ReceivedForm> {
  const maxFileBytes = options.maxFileBytes ?? config().maxUploadBytes;
  const contentType = request.headers.get('content-type') ?? '';
  const fields = emptyRecord<string[]>();
  const files: ReceivedFile[] = [];
  const errors = emptyRecord<string>();
  const result: ReceivedForm = {
    fields,
    files,
    errors,
    field: (n) => (Object.hasOwn(fields, n) ? (fields[n][0] ?? '') : ''),
  };
  if (!/^multipart\/form-data\b/i.test(contentType) || !request.body) {
    errors._form = 'The form was not sent as a file upload. Try again.';
    return result;
  }
  let busboy: ReturnType<typeof Busboy>;
  try {
    busboy = Busboy({
      headers: { 'content-type': contentType },
      // A byte over the limit lets the store notice, without buffering the rest.
      limits: { fileSize: maxFileBytes + 1, files: options.maxFiles ?? 10, fields: 200, fieldSize: 100_000 },
    });
  } catch {
    // No boundary in the content type: nothing can be read.
    await request.body.cancel().catch(() => {});
    errors._form = INTERRUPTED;
    return result;
  }
  const pending: Promise<void>[] = [];
  /** Files being stored right now, so a broken body can stop them. */
  const storing = new Set<PassThrough>();
  // Each with its place in the form: files finish storing in any order (a small one re-encodes sooner).
  const stored: Array<{ file: ReceivedFile; stored: StoredFile; order: number }> = [];
  let parts = 0;
  /** Whether some text held control characters (the form is refused once the body is read). */
  let controlled = false;
  /** Our own storage failed (a full disk): the person is told it was our fault, not the file's. */
  let storageFault: unknown;
  /**
   * A throw inside a parser event would be uncaught (it happens in a stream callback, not in this
   * function) and end the process: it ends this parse instead, and the request is refused as malformed.
   */
  const guarded =
    <A extends unknown[]>(handler: (...args: A) => void) =>
    (...args: A): void => {
      try {
        handler(...args);
      } catch (err) {
        busboy.destroy(err instanceof Error ? err : new Error(String(err)));
      }
    };
  busboy.on(
    'field',
    guarded((name: string, value: string) => {
      parts++;
      if (hasControlCharacters(value)) {
        controlled = true;
        errors[name] = CONTROL_CHARACTER_MESSAGE;
      }
      if (Object.hasOwn(fields, name)) fields[name].push(value);
      else fields[name] = [value];
    }),
  );
  busboy.on(
    'file',
    guarded((field: string, stream: Readable, filename: string) => {
      const order = parts++;
      // A body that ends in the middle of a part (a dropped connection, a truncated post) errors the part.
      // Unheard, that error would end the whole server process; heard, it stops the store of this file.
      if (!filename) {
        stream.on('error', () => {});
        stream.resume();
        return;
      }
      // Heard first, so that a throw below (caught by guarded) still leaves the part's errors handled.
      stream.on('error', () => {});
      // Store through a stream of our own: when storing stops early (wrong type), the part is then
      // drained rather than destroyed, so busboy can go on to the rest of the body instead of stalling.
      const own = new PassThrough();
      storing.add(own);
      stream.on('error', (err) => own.destroy(err));
      stream.pipe(own);
      pending.push(
        (options.reencode
          ? storeReencoded(own, field, filename, maxFileBytes, options)
          : storeOne(own, field, filename, maxFileBytes, options)
        )
          .then(
            (done) => void stored.push({ ...done, order }),
            (err: unknown) => {
              stream.unpipe(own);
              own.destroy();
              stream.resume();
              if (isStorageFault(err)) storageFault ??= err;
              else errors[field] = messageFor(err, filename, maxFileBytes, options.accept);
            },
          )
          .finally(() => storing.delete(own)),
      );
    }),
  );
  const finished = new Promise<void>((resolve, reject) => {
    busboy.on('finish', resolve);
    busboy.on('error', reject);
  });
  const body = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>);
  // pipe() does not pass on an error of the request body (the client went away): end the parse with it.
  body.on('error', (err) => busboy.destroy(err));
  body.pipe(busboy);
  try {
    await finished;
  } catch (err) {
    errors._form = INTERRUPTED;
    for (const own of storing) own.destroy(err instanceof Error ? err : new Error(String(err)));
  }
  await Promise.all(pending);
  // A browser sends every field of a form, even empty ones: a body in which no part could be found
  // (a boundary that matches nothing) is malformed, not an empty form.
  if (!errors._form && !parts) errors._form = INTERRUPTED;
  // Control characters cannot be saved: the form is refused, with the message beside each such field.
  if (!errors._form && controlled) errors._form = CONTROL_CHARACTER_FORM_MESSAGE;
  if (!errors._form && storageFault !== undefined) {
    const id = requestIdFor(request);
    logFailure(id, 'storing an upload', storageFault);
    errors._form = plainFailure(id);
  }
  if (errors._form) {
    // A broken body is refused whole: the files that did arrive are not kept either.
    for (const s of stored) if (s.stored.created) fs.rmSync(s.stored.path, { force: true });
  } else files.push(...stored.sort((a, b) => a.order - b.order).map((s) => s.file));
  return result;
}

const INTERRUPTED = 'The upload was interrupted or malformed. Try again.';

/**
 * Errors of the server's own storage, not of the file that was sent: the disk or its quota is full, the
 * store cannot be written. No field is at fault, so none is marked.
 */
const STORAGE_FAULTS = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS', 'EACCES', 'EPERM', 'ENOTDIR', 'EMFILE', 'ENFILE']);

function isStorageFault(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && STORAGE_FAULTS.has(code);
}

/** A record keyed by what the client sent: no prototype, so no name is special. */
function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

async function storeOne(
  stream: Readable,
  field: string,
  filename: string,
  maxBytes: number,
  options: ReceiveOptions,
): Promise<{ file: ReceivedFile; stored: StoredFile }> {
  let kind: UploadKind | undefined;
  const stored = await storeFile(stream, {
    maxBytes,
    filesDir: options.filesDir,
    async inspectHead(head) {
      if (head.length === 0) throw new EmptyFile();
      const type = await fileTypeFromBuffer(head);
      const k = type ? KIND_BY_MIME.get(type.mime) : undefined;
      if (!k || !options.accept.includes(k)) throw new RejectedType();
      kind = k;
    },
  });
  const file: ReceivedFile = {
    field,
    filename: cleanName(filename),
    sha256: stored.sha256,
    sizeBytes: stored.sizeBytes,
    mimeType: UPLOAD_MIME[kind!],
    kind: kind!,
  };
  if (kind === 'pdf') {
    try {
      // pdf-lib needs the whole document to count pages; this reads the stored file once.
      file.pdf = await readPdfFacts(await fs.promises.readFile(stored.path), { maxPages: MAX_PDF_PAGES });
      if (file.pdf.pageCount < 1) throw new Error('no pages');
    } catch (err) {
      if (stored.created) fs.rmSync(stored.path, { force: true });
      throw err instanceof TooManyPages ? err : new UnreadablePdf();
    }
  }
  return { file, stored };
}

/** Read the whole (size-limited) file, check its type, store what `reencode` makes of it. */
async function storeReencoded(
  stream: Readable,
  field: string,
  filename: string,
  maxBytes: number,
  options: ReceiveOptions,
): Promise<{ file: ReceivedFile; stored: StoredFile }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new FileTooLargeError(maxBytes);
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  if (!bytes.length) throw new EmptyFile();
  const type = await fileTypeFromBuffer(bytes.subarray(0, HEAD_BYTES));
  const kind = type ? KIND_BY_MIME.get(type.mime) : undefined;
  if (!kind || !options.accept.includes(kind)) throw new RejectedType();
  // A form that takes photos and PDFs (evidence): a PDF is stored as sent, with its facts read as always.
  if (kind === 'pdf') return storeOne(Readable.from([bytes]), field, filename, maxBytes, options);
  let out: Awaited<ReturnType<NonNullable<ReceiveOptions['reencode']>>>;
  try {
    out = await options.reencode!(bytes, kind);
  } catch {
    throw new UnreadableImage();
  }
  const stored = await storeFile(out.bytes, { filesDir: options.filesDir });
  const file: ReceivedFile = {
    field,
    filename: cleanName(filename),
    sha256: stored.sha256,
    sizeBytes: stored.sizeBytes,
    mimeType: UPLOAD_MIME[out.kind],
    kind: out.kind,
    image: { width: out.width, height: out.height, taken: out.taken },
  };
  return { file, stored };
}

class UnreadableImage extends Error {}
class UnreadablePdf extends Error {}
class EmptyFile extends Error {}

function messageFor(err: unknown, filename: string, maxBytes: number, accept: UploadKind[]): string {
  const name = cleanName(filename);
  if (err instanceof FileTooLargeError)
    return `“${name}” is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit. Split it into smaller files, or reduce its size.`;
  if (err instanceof EmptyFile)
    return `“${name}” is empty (0 bytes). Choose the file again; if it is still empty, save it again from the program that made it.`;
  if (err instanceof RejectedType)
    return `“${name}” is not a ${describeAccepted(accept)}. Only ${describeAccepted(accept)} files are accepted, whatever their name.`;
  if (err instanceof TooManyPages)
    return `“${name}” has more than ${MAX_PDF_PAGES.toLocaleString('en-US')} pages. Split it into smaller files.`;
  if (err instanceof UnreadableImage)
    return `“${name}” could not be read as a picture: it may be damaged or incomplete.`;
  if (err instanceof UnreadablePdf)
    return `“${name}” could not be read as a PDF: it may be damaged, incomplete, or password-protected.`;
  return `“${name}” could not be saved. Try again.`;
}

/** Keep the base name only, printable, bounded (a long name keeps its extension). */
export function cleanName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? 'upload';
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '_').trim() || 'upload';
  if (cleaned.length <= MAX_NAME) return cleaned;
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(cleaned)?.[0] ?? '';
  return cleaned.slice(0, MAX_NAME - extension.length) + extension;
}

const MAX_NAME = 180;
