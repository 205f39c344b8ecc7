/**
 * The streamed ZIP writer (platform/files/zip.ts): names made safe and unique, the exact size announced
 * before the first byte (the Content-Length), the classic format's limits, and an archive Info-ZIP accepts
 * with every CRC checked. The 100-file download through the server: tests/integration/release-zip-streams.test.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { uniqueZipNames, zipChunks, zipSize, type ZipEntry } from '#lib/server/platform/files/zip.ts';

/** Info-ZIP prints names in the locale's encoding. */
const UTF8 = { ...process.env, LC_ALL: 'C.UTF-8' };
const modified = { year: 2026, month: 12, day: 1, hour: 10, minute: 30, second: 31 };

describe('names inside the archive', () => {
  it.each([
    [
      ['a.pdf', 'b.pdf'],
      ['a.pdf', 'b.pdf'],
    ],
    [
      ['Report.pdf', 'report.pdf', 'REPORT.pdf'],
      ['Report.pdf', 'report (2).pdf', 'REPORT (3).pdf'],
    ],
    [
      ['../../etc/passwd', 'C:\\boot.ini', 'a/b.pdf'],
      ['_.._etc_passwd', 'C__boot.ini', 'a_b.pdf'],
    ],
    [
      ['', '...', 'tab\there.pdf'],
      ['file', 'file (2)', 'tab_here.pdf'],
    ],
    [
      ['Plan', 'Plan'],
      ['Plan', 'Plan (2)'],
    ],
  ])('%j → %j', (names, expected) => {
    expect(uniqueZipNames(names)).toEqual(expected);
  });
  it('at most 200 characters', () => {
    expect(uniqueZipNames(['x'.repeat(300) + '.pdf'])[0]).toHaveLength(200);
  });
});

describe('size and limits', () => {
  const entry = (name: string, size: number): ZipEntry => ({ path: '/nonexistent', name, size, modified });
  it('the exact size: headers, data, descriptors, the central directory and its end', () => {
    expect(zipSize([])).toBe(22);
    expect(zipSize([entry('a.pdf', 10)])).toBe(30 + 5 + 10 + 16 + 46 + 5 + 22);
    expect(zipSize([entry('é.pdf', 0)])).toBe(30 + 6 + 16 + 46 + 6 + 22);
  });
  it('refuses what the classic format cannot hold (4 GiB, 65,535 entries: those values are ZIP64 markers)', () => {
    const overhead = 30 + 1 + 16 + 46 + 1 + 22; // one entry named "a"
    expect(zipSize([entry('a', 0xffffffff - overhead - 1)])).toBe(0xffffffff - 1);
    expect(zipSize([entry('a', 0xffffffff - overhead)])).toBeNull();
    expect(zipSize([entry('a', 0x7ffffff0), entry('b', 0x7ffffff0)])).toBeNull();
    expect(zipSize(Array.from({ length: 65_535 }, (_, i) => entry(`f${i}`, 0)))).toBeNull();
    expect(zipSize(Array.from({ length: 65_534 }, (_, i) => entry(`f${i}`, 0)))).not.toBeNull();
  });
});

/**
 * Read the archive front to back, as a streaming unzipper does (local header, name, data, data descriptor),
 * then the central directory and its end, and check every field against the other copy and the files.
 */
function expectStreamable(zip: Buffer, contents: Buffer[]) {
  let at = 0;
  const local: Array<{ offset: number; crc: number; size: number; name: string; time: number; date: number }> = [];
  for (const bytes of contents) {
    const offset = at;
    expect(zip.readUInt32LE(at)).toBe(0x04034b50);
    expect([zip.readUInt16LE(at + 4), zip.readUInt16LE(at + 6), zip.readUInt16LE(at + 8)]).toEqual([20, 0x0808, 0]);
    const time = zip.readUInt16LE(at + 10);
    const date = zip.readUInt16LE(at + 12);
    expect(time).toBe((10 << 11) | (30 << 5) | 15);
    expect(date).toBe(((2026 - 1980) << 9) | (12 << 5) | 1);
    expect([zip.readUInt32LE(at + 14), zip.readUInt32LE(at + 18), zip.readUInt32LE(at + 22)]).toEqual([0, 0, 0]);
    const nameLength = zip.readUInt16LE(at + 26);
    expect(zip.readUInt16LE(at + 28)).toBe(0);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    at += 30 + nameLength;
    expect(zip.subarray(at, at + bytes.length)).toEqual(bytes);
    at += bytes.length;
    expect(zip.readUInt32LE(at)).toBe(0x08074b50);
    const crc = zip.readUInt32LE(at + 4);
    expect(crc).toBe(crc32(bytes));
    expect([zip.readUInt32LE(at + 8), zip.readUInt32LE(at + 12)]).toEqual([bytes.length, bytes.length]);
    at += 16;
    local.push({ offset, crc, size: bytes.length, name, time, date });
  }
  const directoryStart = at;
  for (const l of local) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    expect([
      zip.readUInt16LE(at + 4),
      zip.readUInt16LE(at + 6),
      zip.readUInt16LE(at + 8),
      zip.readUInt16LE(at + 10),
    ]).toEqual([(3 << 8) | 20, 20, 0x0808, 0]);
    expect([zip.readUInt16LE(at + 12), zip.readUInt16LE(at + 14)]).toEqual([l.time, l.date]);
    expect([zip.readUInt32LE(at + 16), zip.readUInt32LE(at + 20), zip.readUInt32LE(at + 24)]).toEqual([
      l.crc,
      l.size,
      l.size,
    ]);
    const nameLength = zip.readUInt16LE(at + 28);
    expect([
      zip.readUInt16LE(at + 30),
      zip.readUInt16LE(at + 32),
      zip.readUInt16LE(at + 34),
      zip.readUInt16LE(at + 36),
    ]).toEqual([0, 0, 0, 0]);
    expect(zip.readUInt32LE(at + 38)).toBe((0o100644 << 16) >>> 0);
    expect(zip.readUInt32LE(at + 42)).toBe(l.offset);
    expect(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8')).toBe(l.name);
    at += 46 + nameLength;
  }
  expect(zip.readUInt32LE(at)).toBe(0x06054b50);
  expect([
    zip.readUInt16LE(at + 4),
    zip.readUInt16LE(at + 6),
    zip.readUInt16LE(at + 8),
    zip.readUInt16LE(at + 10),
  ]).toEqual([0, 0, local.length, local.length]);
  expect([zip.readUInt32LE(at + 12), zip.readUInt32LE(at + 16), zip.readUInt16LE(at + 20)]).toEqual([
    at - directoryStart,
    directoryStart,
    0,
  ]);
  expect(at + 22).toBe(zip.length);
}

describe('the archive', () => {
  it('is what it announced, and Info-ZIP lists and tests it (CRC-32 of every entry)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-zip-unit-'));
    const files = [
      { name: 'Inspection report, October 1.pdf', bytes: Buffer.alloc(300_000, 7) },
      { name: 'Empty.pdf', bytes: Buffer.alloc(0) },
      { name: 'Plan – sheet 2.pdf', bytes: Buffer.from('%PDF-1.7 small') },
    ];
    const entries = files.map((f, i) => {
      const p = path.join(dir, `f${i}`);
      fs.writeFileSync(p, f.bytes);
      return { path: p, name: f.name, size: f.bytes.length, modified };
    });
    let gates = 0;
    const chunks: Buffer[] = [];
    for await (const c of zipChunks(entries, async () => void gates++)) chunks.push(c);
    const zip = Buffer.concat(chunks);
    expect(zip.length).toBe(zipSize(entries));
    expect(gates).toBeGreaterThanOrEqual(3); // the drain is awaited after each file chunk
    const file = path.join(dir, 'out.zip');
    fs.writeFileSync(file, zip);
    expect(execFileSync('unzip', ['-Z1', file], { encoding: 'utf8', env: UTF8 }).trim().split('\n')).toEqual(
      files.map((f) => f.name),
    );
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
    expect(execFileSync('unzip', ['-p', file, 'Plan – sheet 2.pdf'], { env: UTF8 })).toEqual(files[2].bytes);
    // Two-second DOS time; a regular file, rw-r--r--, made on Unix (so names are read as UTF-8).
    expect(execFileSync('unzip', ['-ZT', file], { encoding: 'utf8', env: UTF8 })).toContain(
      '-rw-r--r--  2.0 unx   300000 bl stor 20261201.103030 Inspection report, October 1.pdf',
    );
    expectStreamable(
      zip,
      files.map((f) => f.bytes),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a file that changed size since it was measured stops the archive (the Content-Length would lie)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-zip-unit-'));
    const p = path.join(dir, 'f');
    fs.writeFileSync(p, 'twelve bytes');
    const run = async () => {
      for await (const _ of zipChunks([{ path: p, name: 'f', size: 5, modified }]));
    };
    await expect(run()).rejects.toThrow('changed size');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
