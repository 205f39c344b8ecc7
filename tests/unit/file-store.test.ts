import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileTooLargeError, storeFile, storedFilePath } from '#lib/server/platform/files/store.ts';

const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-files-'));
const listFiles = (root: string): string[] =>
  fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);

describe('content-addressed file store', () => {
  it('stores bytes under their SHA-256 and keeps one copy of identical content', async () => {
    const filesDir = dir();
    const bytes = new TextEncoder().encode('%PDF-1.7 demo');
    const sha = createHash('sha256').update(bytes).digest('hex');
    const a = await storeFile(bytes, { filesDir });
    const b = await storeFile(bytes, { filesDir });
    expect(a.sha256).toBe(sha);
    expect(b.path).toBe(a.path);
    expect(fs.readFileSync(a.path)).toEqual(Buffer.from(bytes));
    expect(listFiles(filesDir)).toEqual([sha]);
  });

  it('rejects a file over the limit and leaves nothing behind', async () => {
    const filesDir = dir();
    async function* chunks() {
      for (let i = 0; i < 10; i++) yield new Uint8Array(1024);
    }
    await expect(storeFile(chunks(), { filesDir, maxBytes: 4096 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(listFiles(filesDir)).toEqual([]);
  });

  it('bytes already in memory take the same rules: over the limit refused with nothing left, identical bytes written once', async () => {
    const filesDir = dir();
    await expect(storeFile(new Uint8Array(5000), { filesDir, maxBytes: 4096 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(listFiles(filesDir)).toEqual([]);
    const bytes = new TextEncoder().encode('%PDF-1.7 in memory');
    const first = await storeFile(bytes, { filesDir, maxBytes: 4096 });
    const again = await storeFile(bytes, { filesDir });
    expect([first.created, again.created]).toEqual([true, false]);
    expect(first.sizeBytes).toBe(bytes.length);
    expect(fs.readFileSync(first.path)).toEqual(Buffer.from(bytes));
    // Nothing is left under files/tmp either.
    expect(listFiles(filesDir)).toEqual([first.sha256]);
  });

  it('refuses anything but a SHA-256 as a file id (no path traversal)', () => {
    expect(() => storedFilePath('../../etc/passwd', '/tmp')).toThrow();
    expect(() => storedFilePath('a'.repeat(63), '/tmp')).toThrow();
    expect(storedFilePath('a'.repeat(64), '/tmp')).toBe(path.join('/tmp', 'aa', 'a'.repeat(64)));
  });
});
