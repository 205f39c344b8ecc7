import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { receiveMultipart } from '../../src/lib/server/uploads.ts';

const filesDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-up-'));
const stored = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];

async function pdfBytes(pages: Array<[number, number]>): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  for (const size of pages) pdf.addPage(size);
  return new Uint8Array(await pdf.save());
}

function request(parts: Record<string, string | File>): Request {
  const form = new FormData();
  for (const [k, v] of Object.entries(parts)) form.append(k, v);
  return new Request('http://portal.test/upload', { method: 'POST', body: form });
}

describe('multipart uploads', () => {
  it('stores a PDF by content, reads its pages and sheet sizes, and keeps the other fields', async () => {
    const dir = filesDir();
    const bytes = await pdfBytes([[612, 792], [612, 792], [1728, 2592]]);
    const form = await receiveMultipart(request({ title: 'Report', file: new File([bytes], 'report.pdf', { type: 'application/pdf' }) }), { accept: ['pdf'], filesDir: dir });
    expect(form.errors).toEqual({});
    expect(form.field('title')).toBe('Report');
    expect(form.files).toHaveLength(1);
    expect(form.files[0]).toMatchObject({ field: 'file', filename: 'report.pdf', mimeType: 'application/pdf', sizeBytes: bytes.length, pdf: { pageCount: 3, largeFormatPages: 1, sheetSize: 'mixed' } });
    expect(stored(dir)).toEqual([form.files[0].sha256]);
  });

  it('rejects a renamed executable, whatever it claims to be, and stores nothing', async () => {
    const dir = filesDir();
    const exe = new Uint8Array(8192);
    exe.set([0x4d, 0x5a, 0x90, 0x00]); // "MZ": a Windows executable
    const form = await receiveMultipart(request({ file: new File([exe], 'inspection.pdf', { type: 'application/pdf' }) }), { accept: ['pdf', 'jpeg', 'png'], filesDir: dir });
    expect(form.files).toEqual([]);
    expect(form.errors.file).toBe('“inspection.pdf” is not a PDF, JPEG photo or PNG image. Only PDF, JPEG photo or PNG image files are accepted, whatever their name.');
    expect(stored(dir)).toEqual([]);
  });

  it('rejects a file over the limit with a clear message and stores nothing', async () => {
    const dir = filesDir();
    const big = new Uint8Array(3 * 1024 * 1024);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const form = await receiveMultipart(request({ file: new File([big], 'huge.pdf') }), { accept: ['pdf'], maxFileBytes: 1024 * 1024, filesDir: dir });
    expect(form.errors.file).toBe('“huge.pdf” is larger than the 1 MB limit. Split it into smaller files, or reduce its size.');
    expect(stored(dir)).toEqual([]);
  });

  it('rejects a truncated PDF as unreadable', async () => {
    const dir = filesDir();
    const bytes = await pdfBytes([[612, 792]]);
    const form = await receiveMultipart(request({ file: new File([bytes.slice(0, 200)], 'cut.pdf') }), { accept: ['pdf'], filesDir: dir });
    expect(form.errors.file).toMatch(/could not be read as a PDF/);
    expect(stored(dir)).toEqual([]);
  });

  it('accepts PNG photos when allowed, and keeps only the base name of the file', async () => {
    const dir = filesDir();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201c7a3e55a0000000049454e44ae426082', 'hex');
    const form = await receiveMultipart(request({ photo: new File([png], '..\\..\\site/photo<1>.png') }), { accept: ['pdf', 'png'], filesDir: dir });
    expect(form.files[0]).toMatchObject({ kind: 'png', mimeType: 'image/png', filename: 'photo_1_.png' });
  });
});
