import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanName, receiveMultipart } from '#lib/server/platform/files/uploads.ts';

const filesDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-up-'));
const stored = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

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
    const bytes = await pdfBytes([
      [612, 792],
      [612, 792],
      [1728, 2592],
    ]);
    const form = await receiveMultipart(
      request({ title: 'Report', file: new File([bytes], 'report.pdf', { type: 'application/pdf' }) }),
      { accept: ['pdf'], filesDir: dir },
    );
    expect(form.errors).toEqual({});
    expect(form.field('title')).toBe('Report');
    expect(form.files).toHaveLength(1);
    expect(form.files[0]).toMatchObject({
      field: 'file',
      filename: 'report.pdf',
      mimeType: 'application/pdf',
      sizeBytes: bytes.length,
      pdf: { pageCount: 3, largeFormatPages: 1, sheetSize: 'mixed' },
    });
    expect(stored(dir)).toEqual([form.files[0].sha256]);
  });

  it('rejects a renamed executable, whatever it claims to be, and stores nothing', async () => {
    const dir = filesDir();
    const exe = new Uint8Array(8192);
    exe.set([0x4d, 0x5a, 0x90, 0x00]); // "MZ": a Windows executable
    const form = await receiveMultipart(
      request({ file: new File([exe], 'inspection.pdf', { type: 'application/pdf' }) }),
      { accept: ['pdf', 'jpeg', 'png'], filesDir: dir },
    );
    expect(form.files).toEqual([]);
    expect(form.errors.file).toBe(
      '“inspection.pdf” is not a PDF, JPEG photo or PNG image. Only PDF, JPEG photo or PNG image files are accepted, whatever their name.',
    );
    expect(stored(dir)).toEqual([]);
  });

  it('rejects a file over the limit with a clear message and stores nothing', async () => {
    const dir = filesDir();
    const big = new Uint8Array(3 * 1024 * 1024);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const form = await receiveMultipart(request({ file: new File([big], 'huge.pdf') }), {
      accept: ['pdf'],
      maxFileBytes: 1024 * 1024,
      filesDir: dir,
    });
    expect(form.errors.file).toBe(
      '“huge.pdf” is larger than the 1 MB limit. Split it into smaller files, or reduce its size.',
    );
    expect(stored(dir)).toEqual([]);
  });

  it('rejects a truncated PDF as unreadable', async () => {
    const dir = filesDir();
    const bytes = await pdfBytes([[612, 792]]);
    const form = await receiveMultipart(request({ file: new File([bytes.slice(0, 200)], 'cut.pdf') }), {
      accept: ['pdf'],
      filesDir: dir,
    });
    expect(form.errors.file).toMatch(/could not be read as a PDF/);
    expect(stored(dir)).toEqual([]);
  });

  it('accepts PNG photos when allowed, and keeps only the base name of the file', async () => {
    const dir = filesDir();
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201c7a3e55a0000000049454e44ae426082',
      'hex',
    );
    const form = await receiveMultipart(request({ photo: new File([png], '..\\..\\site/photo<1>.png') }), {
      accept: ['pdf', 'png'],
      filesDir: dir,
    });
    expect(form.files[0]).toMatchObject({ kind: 'png', mimeType: 'image/png', filename: 'photo_1_.png' });
  });

  it('hands the files over in the order the form sent them, whichever finished storing first', async () => {
    const png = (r: number) =>
      sharp({ create: { width: 2, height: 2, channels: 3, background: { r, g: 0, b: 0 } } })
        .png()
        .toBuffer();
    const [first, second] = [new Uint8Array(await png(10)), new Uint8Array(await png(200))];
    // The first photo's re-encoding waits until the second's is done (a phone JPEG against a small PNG).
    let secondDone!: () => void;
    const gate = new Promise<void>((resolve) => (secondDone = resolve));
    const form = new FormData();
    form.append('photos', new File([first], 'first.png', { type: 'image/png' }));
    form.append('photos', new File([second], 'second.png', { type: 'image/png' }));
    const received = await receiveMultipart(new Request('http://portal.test/upload', { method: 'POST', body: form }), {
      accept: ['png'],
      filesDir: filesDir(),
      reencode: async (bytes, kind) => {
        if (Buffer.from(bytes).equals(Buffer.from(first)))
          await Promise.race([gate, new Promise((r) => setTimeout(r, 2000))]);
        else secondDone();
        return { bytes, kind, width: 2, height: 2 };
      },
    });
    expect(received.errors).toEqual({});
    expect(received.files.map((f) => f.filename)).toEqual(['first.png', 'second.png']);
  });
});

describe('multipart bodies that go wrong', () => {
  async function body(): Promise<{ bytes: Uint8Array; type: string }> {
    const form = new FormData();
    form.append('title', 'Report');
    form.append('first', new File([await pdfBytes([[612, 792]])], 'first.pdf'));
    form.append('second', new File([new Uint8Array(300_000).fill(65)], 'second.pdf'));
    const encoded = new Response(form);
    return { bytes: new Uint8Array(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
  }
  const post = (bytes: Uint8Array, type: string) =>
    new Request('http://portal.test/upload', {
      method: 'POST',
      body: bytes as BodyInit,
      headers: { 'content-type': type },
    });

  it('a body cut short in the middle of a file is refused whole: the file that did arrive is removed too', async () => {
    const dir = filesDir();
    const { bytes, type } = await body();
    const form = await receiveMultipart(post(bytes.slice(0, bytes.length - 5000), type), {
      accept: ['pdf'],
      filesDir: dir,
    });
    expect(form.errors._form).toBe('The upload was interrupted or malformed. Try again.');
    expect(form.files).toEqual([]);
    expect(stored(dir)).toEqual([]);
  });

  it('a body whose parts cannot be found (no boundary, or one that matches nothing) is malformed', async () => {
    const { bytes } = await body();
    for (const type of [
      'multipart/form-data',
      'multipart/form-data; boundary=""',
      'multipart/form-data; boundary=nothing-here',
    ]) {
      const dir = filesDir();
      const form = await receiveMultipart(post(bytes, type), { accept: ['pdf'], filesDir: dir });
      expect(form.errors._form, type).toBe('The upload was interrupted or malformed. Try again.');
      expect(stored(dir)).toEqual([]);
    }
  });

  it('reads the content type without regard to case', async () => {
    const { bytes, type } = await body();
    const form = await receiveMultipart(post(bytes, type.replace('multipart/form-data', 'Multipart/Form-Data')), {
      accept: ['pdf'],
      filesDir: filesDir(),
    });
    expect(form.field('title')).toBe('Report');
    expect(form.files.map((f) => f.field)).toEqual(['first']);
  });

  it('says an empty file is empty', async () => {
    const form = await receiveMultipart(request({ file: new File([], 'blank.pdf') }), {
      accept: ['pdf'],
      filesDir: filesDir(),
    });
    expect(form.errors.file).toBe(
      '“blank.pdf” is empty (0 bytes). Choose the file again; if it is still empty, save it again from the program that made it.',
    );
  });

  it('refuses a PDF naming more pages than any real one, and one whose page tree loops, without building them', async () => {
    const tree = (kids: string, count: number) => {
      const objects = [
        '<< /Type /Catalog /Pages 2 0 R >>',
        `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
      ];
      let out = '%PDF-1.7\n';
      const offsets = objects.map((o, i) => {
        const at = out.length;
        out += `${i + 1} 0 obj\n${o}\nendobj\n`;
        return at;
      });
      const xref = out.length;
      out += `xref\n0 4\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
      return new TextEncoder().encode(out);
    };
    const dir = filesDir();
    const many = await receiveMultipart(request({ file: new File([tree('3 0 R '.repeat(5001), 5001)], 'many.pdf') }), {
      accept: ['pdf'],
      filesDir: dir,
    });
    expect(many.errors.file).toBe('“many.pdf” has more than 5,000 pages. Split it into smaller files.');
    const loop = await receiveMultipart(request({ file: new File([tree('2 0 R 3 0 R', 2)], 'loop.pdf') }), {
      accept: ['pdf'],
      filesDir: dir,
    });
    expect(loop.errors.file).toMatch(/could not be read as a PDF/);
    const claims = await receiveMultipart(request({ file: new File([tree('3 0 R', 1_000_000)], 'claims.pdf') }), {
      accept: ['pdf'],
      filesDir: dir,
    });
    expect(claims.files[0].pdf?.pageCount).toBe(1);
  });

  it('keeps a long name’s extension when it shortens it', () => {
    const name = cleanName(`${'n'.repeat(1000)}.pdf`);
    expect(name).toHaveLength(180);
    expect(name.endsWith('.pdf')).toBe(true);
    expect(cleanName('..\\..\\a\u0000b<c>.pdf')).toBe('a_b_c_.pdf');
  });
});
