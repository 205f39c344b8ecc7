/**
 * Receiving multipart uploads: streamed straight into the content-addressed store (never held whole in
 * memory), size-limited, and type-checked by content (magic bytes), not by name or claimed type.
 * Rejected files leave nothing behind. Use from a page or endpoint that handles its own POST (Astro
 * Actions read the whole body into memory, so they are not used for files).
 */
import fs from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import { fileTypeFromBuffer } from 'file-type';
import { config } from './config.ts';
import { FileTooLargeError, storeFile } from './files.ts';
import { readPdfFacts, type PdfFacts } from './pdf.ts';

export type UploadKind = 'pdf' | 'jpeg' | 'png';
export const UPLOAD_MIME: Record<UploadKind, string> = { pdf: 'application/pdf', jpeg: 'image/jpeg', png: 'image/png' };
const KIND_BY_MIME = new Map(Object.entries(UPLOAD_MIME).map(([k, v]) => [v, k as UploadKind]));
const KIND_WORDS: Record<UploadKind, string> = { pdf: 'PDF', jpeg: 'JPEG photo', png: 'PNG image' };
/** No real plan set or report has more pages than this; a larger count is a malformed or hostile file. */
export const MAX_PDF_PAGES = 5000;

export interface ReceivedFile {
  field: string;
  /** The name the browser sent, for Content-Disposition only; never used as a path. */
  filename: string;
  sha256: string;
  sizeBytes: number;
  mimeType: string;
  kind: UploadKind;
  pdf?: PdfFacts;
}

export interface ReceivedForm {
  fields: Record<string, string[]>;
  files: ReceivedFile[];
  /** Per-field messages for files that were rejected. */
  errors: Record<string, string>;
  field: (name: string) => string;
}

class RejectedType extends Error {}

export interface ReceiveOptions {
  accept: UploadKind[];
  maxFileBytes?: number;
  maxFiles?: number;
  filesDir?: string;
}

export function describeAccepted(accept: UploadKind[]): string {
  const words = accept.map((k) => KIND_WORDS[k]);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : words[0];
}

/** Parse a multipart/form-data request, storing each file part as it streams in. */
export async function receiveMultipart(request: Request, options: ReceiveOptions): Promise<ReceivedForm> {
  const maxFileBytes = options.maxFileBytes ?? config().maxUploadBytes;
  const contentType = request.headers.get('content-type') ?? '';
  const fields: Record<string, string[]> = {};
  const files: ReceivedFile[] = [];
  const errors: Record<string, string> = {};
  const result: ReceivedForm = { fields, files, errors, field: (n) => fields[n]?.[0] ?? '' };
  if (!contentType.startsWith('multipart/form-data') || !request.body) {
    errors._form = 'The form was not sent as a file upload. Try again.';
    return result;
  }
  const busboy = Busboy({
    headers: { 'content-type': contentType },
    // A byte over the limit lets the store notice, without buffering the rest.
    limits: { fileSize: maxFileBytes + 1, files: options.maxFiles ?? 10, fields: 200, fieldSize: 100_000 },
  });
  const pending: Promise<void>[] = [];
  busboy.on('field', (name: string, value: string) => {
    (fields[name] ??= []).push(value);
  });
  busboy.on('file', (field: string, stream: Readable, filename: string) => {
    if (!filename) {
      stream.resume();
      return;
    }
    // Store through a stream of our own: when storing stops early (wrong type), the part is then
    // drained rather than destroyed, so busboy can go on to the rest of the body instead of stalling.
    const own = new PassThrough();
    stream.pipe(own);
    pending.push(
      storeOne(own, field, filename, maxFileBytes, options).then(
        (file) => void files.push(file),
        (err: unknown) => {
          stream.unpipe(own);
          own.destroy();
          stream.resume();
          errors[field] = messageFor(err, filename, maxFileBytes, options.accept);
        },
      ),
    );
  });
  const finished = new Promise<void>((resolve, reject) => {
    busboy.on('finish', resolve);
    busboy.on('error', reject);
  });
  Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>).pipe(busboy);
  try {
    await finished;
  } catch {
    errors._form = 'The upload was interrupted or malformed. Try again.';
  }
  await Promise.all(pending);
  return result;
}

async function storeOne(stream: Readable, field: string, filename: string, maxBytes: number, options: ReceiveOptions): Promise<ReceivedFile> {
  let kind: UploadKind | undefined;
  const stored = await storeFile(stream, {
    maxBytes,
    filesDir: options.filesDir,
    async inspectHead(head) {
      const type = await fileTypeFromBuffer(head);
      const k = type ? KIND_BY_MIME.get(type.mime) : undefined;
      if (!k || !options.accept.includes(k)) throw new RejectedType();
      kind = k;
    },
  });
  const file: ReceivedFile = { field, filename: cleanName(filename), sha256: stored.sha256, sizeBytes: stored.sizeBytes, mimeType: UPLOAD_MIME[kind!], kind: kind! };
  if (kind === 'pdf') {
    try {
      // pdf-lib needs the whole document to count pages; this reads the stored file once.
      file.pdf = await readPdfFacts(await fs.promises.readFile(stored.path));
      if (file.pdf.pageCount < 1 || file.pdf.pageCount > MAX_PDF_PAGES) throw new Error('page count');
    } catch {
      if (stored.created) fs.rmSync(stored.path, { force: true });
      throw new UnreadablePdf();
    }
  }
  return file;
}

class UnreadablePdf extends Error {}

function messageFor(err: unknown, filename: string, maxBytes: number, accept: UploadKind[]): string {
  const name = cleanName(filename);
  if (err instanceof FileTooLargeError) return `“${name}” is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit. Split it into smaller files, or reduce its size.`;
  if (err instanceof RejectedType) return `“${name}” is not a ${describeAccepted(accept)}. Only ${describeAccepted(accept)} files are accepted, whatever their name.`;
  if (err instanceof UnreadablePdf) return `“${name}” could not be read as a PDF: it may be damaged, incomplete, or password-protected.`;
  return `“${name}” could not be saved. Try again.`;
}

/** Keep the base name only, printable, bounded. */
export function cleanName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? 'upload';
  return base.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '_').trim().slice(0, 180) || 'upload';
}
