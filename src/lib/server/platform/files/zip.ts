/**
 * A ZIP archive of stored files, written as a stream: each file is read from the store in 256 KB chunks
 * and written as it is read, so the server holds a chunk at a time, never the archive. Entries are stored
 * uncompressed (the files are PDFs and images, already compressed), which also makes the archive's size
 * known before the first byte: the response carries an exact Content-Length. Each entry's CRC-32 is
 * computed while it streams and written after it in a data descriptor (APPNOTE 6.3.10, §4.3.9), and
 * again in the central directory. Names are UTF-8 (flag bit 11). Archives beyond the classic format's
 * limits (4 GiB, 65,535 entries) are refused rather than written as ZIP64.
 * No dependency: Node's zlib.crc32 and file streams (decision record 0030).
 */
import fs from 'node:fs';
import { crc32 } from 'node:zlib';

export interface ZipEntry {
  /** Absolute path of the file to read. */
  path: string;
  /** The name inside the archive (already unique and safe: see uniqueZipNames). */
  name: string;
  /** Exact size in bytes (from fs.stat). */
  size: number;
  /** Local wall-clock time for the entry's DOS timestamp. */
  modified: { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

const LOCAL_HEADER = 30;
const DATA_DESCRIPTOR = 16;
const CENTRAL_HEADER = 46;
const END_OF_CENTRAL_DIRECTORY = 22;
const MAX_32 = 0xffffffff;
const MAX_ENTRIES = 0xffff;
/** Bit 3: sizes and CRC follow the data; bit 11: names are UTF-8. */
const FLAGS = 0x0008 | 0x0800;
const VERSION = 20;
/** "Made by" Unix (3), so unzip tools read the UTF-8 names as they are (a DOS host means OEM code pages to Info-ZIP). */
const MADE_BY = (3 << 8) | VERSION;
/** Regular file, rw-r--r--, in the Unix half of the external attributes. */
const UNIX_FILE = (0o100644 << 16) >>> 0;
const CHUNK = 256 * 1024;

function dosTime(m: ZipEntry['modified']): { time: number; date: number } {
  const year = Math.min(Math.max(m.year, 1980), 2107);
  return {
    time: (m.hour << 11) | (m.minute << 5) | Math.floor(m.second / 2),
    date: ((year - 1980) << 9) | (m.month << 5) | m.day,
  };
}

/**
 * The archive's exact size in bytes, or null when it does not fit the classic ZIP format: 0xFFFFFFFF (sizes,
 * offsets) and 0xFFFF (entries) are reserved there as ZIP64 markers. Every size and offset is at most the
 * total, so bounding the total bounds them all.
 */
export function zipSize(entries: ZipEntry[]): number | null {
  if (entries.length >= MAX_ENTRIES) return null;
  let total = END_OF_CENTRAL_DIRECTORY;
  for (const e of entries)
    total += LOCAL_HEADER + DATA_DESCRIPTOR + CENTRAL_HEADER + 2 * Buffer.byteLength(e.name, 'utf8') + e.size;
  return total >= MAX_32 ? null : total;
}

/**
 * Names for the archive: no folders, no control characters, at most 200 characters, and unique
 * ("report.pdf", "report (2).pdf") so one file never overwrites another when unpacked.
 */
export function uniqueZipNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((raw) => {
    const clean =
      raw
        .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
        .replace(/^[.\s]+/, '')
        .slice(0, 200) || 'file';
    const dot = clean.lastIndexOf('.');
    const stem = dot > 0 ? clean.slice(0, dot) : clean;
    const ext = dot > 0 ? clean.slice(dot) : '';
    let name = clean;
    for (let n = 2; seen.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

function localHeader(name: Buffer, t: { time: number; date: number }): Buffer {
  const b = Buffer.alloc(LOCAL_HEADER);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(VERSION, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(0, 8); // stored
  b.writeUInt16LE(t.time, 10);
  b.writeUInt16LE(t.date, 12);
  // CRC-32 and sizes are zero here: they follow the data (bit 3).
  b.writeUInt16LE(name.length, 26);
  b.writeUInt16LE(0, 28);
  return Buffer.concat([b, name]);
}

function dataDescriptor(crc: number, size: number): Buffer {
  const b = Buffer.alloc(DATA_DESCRIPTOR);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(crc >>> 0, 4);
  b.writeUInt32LE(size, 8);
  b.writeUInt32LE(size, 12);
  return b;
}

function centralHeader(
  name: Buffer,
  t: { time: number; date: number },
  crc: number,
  size: number,
  offset: number,
): Buffer {
  const b = Buffer.alloc(CENTRAL_HEADER);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(MADE_BY, 4);
  b.writeUInt16LE(VERSION, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(t.time, 12);
  b.writeUInt16LE(t.date, 14);
  b.writeUInt32LE(crc >>> 0, 16);
  b.writeUInt32LE(size, 20);
  b.writeUInt32LE(size, 24);
  b.writeUInt16LE(name.length, 28);
  // extra, comment, disk, internal attributes: 0; external attributes: a plain file; offset of the local header.
  b.writeUInt32LE(UNIX_FILE, 38);
  b.writeUInt32LE(offset, 42);
  return Buffer.concat([b, name]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const b = Buffer.alloc(END_OF_CENTRAL_DIRECTORY);
  b.writeUInt32LE(0x06054b50, 0);
  b.writeUInt16LE(count, 8);
  b.writeUInt16LE(count, 10);
  b.writeUInt32LE(size, 12);
  b.writeUInt32LE(offset, 16);
  return b;
}

/**
 * The archive's bytes, chunk by chunk. `beforeChunk` is awaited before each file chunk is read: the
 * caller passes the socket's drain (see platform/http/backpressure.ts) so a slow client slows the reading.
 * A file whose size changed since it was measured aborts the archive (the Content-Length would lie).
 */
export async function* zipChunks(
  entries: ZipEntry[],
  beforeChunk: () => Promise<void> = async () => {},
): AsyncGenerator<Buffer> {
  let offset = 0;
  const central: Buffer[] = [];
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const t = dosTime(e.modified);
    const header = localHeader(name, t);
    const start = offset;
    yield header;
    offset += header.length;
    let crc = 0;
    let size = 0;
    const stream = fs.createReadStream(e.path, { highWaterMark: CHUNK });
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        crc = crc32(chunk, crc);
        size += chunk.length;
        yield chunk;
        await beforeChunk();
      }
    } finally {
      stream.destroy();
    }
    if (size !== e.size) throw new Error(`The stored file for "${e.name}" changed size while it was archived.`);
    const descriptor = dataDescriptor(crc, size);
    yield descriptor;
    offset += size + descriptor.length;
    central.push(centralHeader(name, t, crc, size, start));
  }
  const directory = Buffer.concat(central);
  yield Buffer.concat([directory, endOfCentralDirectory(entries.length, directory.length, offset)]);
}

/** The archive as a web stream that reads a chunk only when the previous one was taken (pull, one chunk queued). */
export function zipReadableStream(entries: ZipEntry[], beforeChunk?: () => Promise<void>): ReadableStream<Uint8Array> {
  const it = zipChunks(entries, beforeChunk);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await it.next();
        if (next.done) controller.close();
        else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
      },
      async cancel() {
        await it.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
