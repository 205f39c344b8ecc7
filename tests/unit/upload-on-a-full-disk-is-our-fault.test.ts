/**
 * A full disk while an upload is stored is the server's fault, not the file's: the form says that nothing
 * was kept and gives a reference, and no field is marked as wrong (it used to say "Please correct the field
 * marked below" beside a file that was fine). The fault is real: the store is a tmpfs filled to the last
 * byte; that needs root (mount), and without it the test is skipped and says so.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { receiveMultipart } from '#lib/server/platform/files/uploads.ts';
import { NOTHING_KEPT } from '#lib/server/platform/http/failures.ts';

function mountSmallDisk(): { dir: string } | { why: string } {
  if (process.platform !== 'linux') return { why: 'not Linux' };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-full-store-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', dir], { stdio: 'pipe' });
    return { dir };
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    return { why: `mount -t tmpfs failed (${(err as Error).message.split('\n')[0]})` };
  }
}

const disk = mountSmallDisk();
if ('why' in disk) console.warn(`SKIPPED full-disk upload test: ${disk.why}.`);

describe.skipIf('why' in disk)('an upload while the disk is full', () => {
  const dir = 'dir' in disk ? disk.dir : '';
  afterAll(() => {
    try {
      execFileSync('umount', [dir], { stdio: 'pipe' });
    } catch {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says nothing was kept because of a problem on our side, and marks no field', async () => {
    const filler = path.join(dir, 'filler.bin');
    const fd = fs.openSync(filler, 'w');
    try {
      for (const size of [1 << 16, 1 << 10, 1])
        for (;;) {
          try {
            fs.writeSync(fd, Buffer.alloc(size, 1));
          } catch {
            break;
          }
        }
    } finally {
      fs.closeSync(fd);
    }
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]);
    const form = new FormData();
    form.append('title', 'Weekly inspection');
    form.append('report', new File([new Uint8Array(await pdf.save())], 'report.pdf', { type: 'application/pdf' }));
    const request = new Request('http://portal.test/upload', { method: 'POST', body: form });

    const received = await receiveMultipart(request, { accept: ['pdf'], filesDir: path.join(dir, 'files') });

    expect(received.errors._form).toMatch(new RegExp(`^${NOTHING_KEPT}`));
    expect(received.errors._form).toMatch(/reference: [0-9a-f-]{36}\./);
    expect(Object.keys(received.errors)).toEqual(['_form']);
    expect(received.files).toEqual([]);
    // What the person typed is still there for the form to show again.
    expect(received.field('title')).toBe('Weekly inspection');
  });
});
