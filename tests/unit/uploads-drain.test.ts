/**
 * A part refused early (a renamed executable is refused after its first bytes) must not stall the rest
 * of a large multipart body: the remaining bytes are drained and the following fields still arrive.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { receiveMultipart } from '#lib/server/platform/files/uploads.ts';

describe('multipart uploads, refused early', () => {
  it('drains a 3 MB renamed executable and still reads the fields after it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-drain-'));
    const exe = new Uint8Array(3 * 1024 * 1024);
    exe.set([0x4d, 0x5a, 0x90, 0x00]);
    const form = new FormData();
    form.append('before', 'one');
    form.append('document', new File([exe], 'plans.pdf', { type: 'application/pdf' }));
    form.append('after', 'two');
    // A streamed body (as from a browser), not one buffered in memory in a single chunk.
    const encoded = new Response(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    let at = 0;
    const chunked = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, (at += 16 * 1024)));
      },
    });
    const request = new Request('http://portal.test/upload', {
      method: 'POST',
      body: chunked,
      headers: { 'content-type': encoded.headers.get('content-type')! },
      duplex: 'half',
    } as RequestInit);
    const received = await receiveMultipart(request, { accept: ['pdf'], filesDir: dir });
    expect(received.errors.document).toMatch(/is not a PDF/);
    expect(received.field('after')).toBe('two');
    expect(fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())).toEqual([]);
  });
});
