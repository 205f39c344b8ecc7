/**
 * A stored file is downloaded under a name whose extension says what its bytes are: a PNG uploaded as
 * "png-as.pdf" is served as image/png named "png-as.png" (the type is found in the bytes at upload;
 * downloads.ts names the file by it). And /favicon.ico, which browsers ask for on their own, is a real icon.
 */
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { postMultipart } from '../support/attack.ts';
import { get, signIn } from '../support/http.ts';

const base = inject('baseURL');
const db = openDatabase(path.join(inject('dataDir'), 'portal.db'));

/** A 1×1 PNG (with a few bytes of its own after IEND, so the store keeps it apart from other tests' PNGs). */
const PNG = Buffer.concat([
  Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201c7a3e55a0000000049454e44ae426082',
    'hex',
  ),
  Buffer.from(`download-names ${Date.now()}`),
]);
const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb004300', 'hex'),
  Buffer.alloc(600, 7),
  Buffer.from(`download-names ${Date.now()}`),
]);

let clerk: string;
beforeAll(async () => {
  clerk = await signIn(base, 'clerk@rotterdam.example', DEMO_PASSWORD);
});

/** The filename and filename* of a Content-Disposition header. */
function names(disposition: string | null): { ascii?: string; utf8?: string } {
  return {
    ascii: /filename="([^"]*)"/.exec(disposition ?? '')?.[1],
    utf8: decodeURIComponent(/filename\*=UTF-8''([^;]*)/.exec(disposition ?? '')?.[1] ?? ''),
  };
}

describe('a download is named by the type found in its bytes', () => {
  it.each([
    { what: 'a PNG named .pdf', bytes: PNG, name: 'png-as.pdf', mime: 'image/png', expected: 'png-as.png' },
    { what: 'a JPEG named .PDF', bytes: JPEG, name: 'Photo 3.PDF', mime: 'image/jpeg', expected: 'Photo 3.jpg' },
    {
      what: 'a JPEG without an extension',
      bytes: Buffer.concat([JPEG, Buffer.from('x')]),
      name: 'scan',
      mime: 'image/jpeg',
      expected: 'scan.jpg',
    },
    {
      what: 'a PNG named .png',
      bytes: Buffer.concat([PNG, Buffer.from('y')]),
      name: 'Site.PNG',
      mime: 'image/png',
      expected: 'Site.PNG',
    },
  ])('$what', async (c) => {
    const res = await postMultipart(
      base,
      '/staff/projects/curry-road-distribution-center/documents',
      { type: 'other', title: `Download name: ${c.what}`, documentDate: '2026-03-02' },
      { file: [{ bytes: c.bytes, name: c.name, type: 'application/pdf' }] },
      clerk,
    );
    expect(res.status).toBe(303);
    const id = Number(/uploaded=(\d+)/.exec(res.headers.get('location') ?? '')?.[1]);
    const row = db.$client.prepare('select mime_type, filename from documents where id = ?').get(id) as {
      mime_type: string;
      filename: string;
    };
    expect(row.mime_type).toBe(c.mime);
    const back = await get(base, `/staff/documents/${id}`, clerk);
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toBe(c.mime);
    const got = names(back.headers.get('content-disposition'));
    expect(got.ascii).toBe(c.expected);
    expect(got.utf8).toBe(c.expected);
    expect(Buffer.from(await back.arrayBuffer()).equals(c.bytes)).toBe(true);
  });
});

describe('/favicon.ico', () => {
  it('answers 200 with an icon image', async () => {
    const res = await get(base, '/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    const bytes = Buffer.from(await res.arrayBuffer());
    // An ICO file: reserved 0, type 1 (icon), at least one image.
    expect(bytes.readUInt16LE(0)).toBe(0);
    expect(bytes.readUInt16LE(2)).toBe(1);
    expect(bytes.readUInt16LE(4)).toBeGreaterThanOrEqual(1);
  });
});
