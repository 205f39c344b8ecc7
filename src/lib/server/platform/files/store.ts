/**
 * Content-addressed file storage: every file lives once under DATA_DIR/files/<sha256>.
 * Writes stream to a temporary file while hashing, then rename into place, so a crash never leaves a
 * half-written file under a real name and nothing is held whole in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { config } from '#lib/server/platform/config.ts';

const SHA256 = /^[a-f0-9]{64}$/;

export interface StoredFile {
  sha256: string;
  sizeBytes: number;
  /** Absolute path of the stored file. */
  path: string;
  /** False when identical bytes were already stored. */
  created: boolean;
}

/** Bytes looked at to decide a file's type (enough for file-type's signatures). */
export const HEAD_BYTES = 4100;

export class FileTooLargeError extends Error {
  readonly limitBytes: number;
  constructor(limitBytes: number) {
    super(`File is larger than ${Math.round(limitBytes / 1024 / 1024)} MB`);
    this.limitBytes = limitBytes;
  }
}

/** Path of a stored file; throws on anything that is not a SHA-256 (no path traversal). */
export function storedFilePath(sha256: string, filesDir = config().filesDir): string {
  if (!SHA256.test(sha256)) throw new Error('Invalid file id');
  return path.join(filesDir, sha256.slice(0, 2), sha256);
}

/** Stream `source` into the store. Rejects (and leaves nothing behind) past `maxBytes`. */
export async function storeFile(
  source: Readable | AsyncIterable<Uint8Array> | Uint8Array,
  options: {
    maxBytes?: number;
    filesDir?: string;
    /** Called once with the first HEAD_BYTES bytes; throwing aborts the store and leaves nothing behind. */
    inspectHead?: (head: Uint8Array) => Promise<void> | void;
  } = {},
): Promise<StoredFile> {
  const filesDir = options.filesDir ?? config().filesDir;
  if (source instanceof Uint8Array) return storeBytes(source, filesDir, options);
  const tmp = newTmpPath(filesDir);
  const hash = createHash('sha256');
  let size = 0;
  const limit = options.maxBytes ?? Number.POSITIVE_INFINITY;
  let head: Buffer[] | undefined = options.inspectHead ? [] : undefined;
  let headLength = 0;
  const inspect = async () => {
    if (!head) return;
    const bytes = Buffer.concat(head);
    head = undefined;
    await options.inspectHead!(bytes);
  };
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > limit) return done(new FileTooLargeError(limit));
      hash.update(chunk);
      if (head) {
        head.push(chunk);
        headLength += chunk.length;
        if (headLength >= HEAD_BYTES) {
          inspect().then(() => done(null, chunk), done);
          return;
        }
      }
      done(null, chunk);
    },
    flush(done) {
      inspect().then(() => done(), done);
    },
  });
  const input = Readable.from(source);
  try {
    await pipeline(input, meter, fs.createWriteStream(tmp, { flags: 'wx' }));
    const sha256 = hash.digest('hex');
    const finalPath = storedFilePath(sha256, filesDir);
    fs.mkdirSync(path.dirname(finalPath), { recursive: true });
    // Same content already stored: keep the existing file.
    const created = !fs.existsSync(finalPath);
    if (created) fs.renameSync(tmp, finalPath);
    else fs.rmSync(tmp);
    return { sha256, sizeBytes: size, path: finalPath, created };
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/** A fresh name under files/tmp: where a file is written before it is renamed to its hash (swept at start-up). */
function newTmpPath(filesDir: string): string {
  const tmpDir = path.join(filesDir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  return path.join(tmpDir, `${Date.now()}-${randomBytes(6).toString('hex')}`);
}

/**
 * Bytes already in memory (drawn PDFs, resized photos): hashed at once, written only when new. The
 * stream machinery above costs more than the write for the small files the portal and the demo seed
 * draw by the thousand.
 */
async function storeBytes(
  bytes: Uint8Array,
  filesDir: string,
  options: { maxBytes?: number; inspectHead?: (head: Uint8Array) => Promise<void> | void },
): Promise<StoredFile> {
  if (options.maxBytes !== undefined && bytes.length > options.maxBytes) throw new FileTooLargeError(options.maxBytes);
  if (options.inspectHead) await options.inspectHead(bytes.subarray(0, HEAD_BYTES));
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const finalPath = storedFilePath(sha256, filesDir);
  // Same content already stored: keep the existing file.
  if (fs.existsSync(finalPath)) return { sha256, sizeBytes: bytes.length, path: finalPath, created: false };
  const tmp = newTmpPath(filesDir);
  try {
    await fs.promises.writeFile(tmp, bytes, { flag: 'wx' });
    fs.mkdirSync(path.dirname(finalPath), { recursive: true });
    fs.renameSync(tmp, finalPath);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  return { sha256, sizeBytes: bytes.length, path: finalPath, created: true };
}

export function storedFileExists(sha256: string, filesDir?: string): boolean {
  return fs.existsSync(storedFilePath(sha256, filesDir));
}

/**
 * At start-up, before serving: remove what a crash can leave behind. Half-written uploads sit in
 * files/tmp; a file stored just before a crash, whose row was never committed, is referenced by nothing.
 * Only call this while nothing else writes (no upload can be between storing its file and its row).
 */
export function sweepOrphanFiles(
  referenced: Set<string>,
  filesDir = config().filesDir,
): { tmp: number; orphans: number } {
  let tmp = 0;
  let orphans = 0;
  const tmpDir = path.join(filesDir, 'tmp');
  if (fs.existsSync(tmpDir)) {
    for (const name of fs.readdirSync(tmpDir)) {
      fs.rmSync(path.join(tmpDir, name), { force: true, recursive: true });
      tmp++;
    }
  }
  if (!fs.existsSync(filesDir)) return { tmp, orphans };
  for (const prefix of fs.readdirSync(filesDir)) {
    if (!/^[a-f0-9]{2}$/.test(prefix)) continue;
    for (const name of fs.readdirSync(path.join(filesDir, prefix))) {
      if (SHA256.test(name) && !referenced.has(name)) {
        fs.rmSync(path.join(filesDir, prefix, name), { force: true });
        orphans++;
      }
    }
  }
  return { tmp, orphans };
}
