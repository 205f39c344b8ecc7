/** The browser's search files: the coding the client accepts (and none it refuses), and 304 for a known version. */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { BrowserAssets } from '#lib/server/public/search/engine.ts';
import { assetResponse } from '#lib/server/public/search/http.ts';

const json = Buffer.from('{"hello":"search"}');
const file = { json, gzip: gzipSync(json), br: brotliCompressSync(json) };
const assets: BrowserAssets = { version: 'abc123', index: file, display: file, shards: new Map() };
const ask = (headers: Record<string, string>) =>
  assetResponse(new Request('http://portal.test/search/index.json', { headers }), assets, 'index');

describe('search files', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['identity', null],
  ])('Accept-Encoding %j → %s', async (accept, coding) => {
    const res = ask({ 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(coding);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(coding === 'br' ? file.br : coding === 'gzip' ? file.gzip : json)).toBe(true);
    expect(res.headers.get('content-length')).toBe(String(body.length));
  });

  it('answers 304 to the current version, weak or strong, and to *', () => {
    for (const tag of ['"abc123-index"', 'W/"abc123-index"', '"other", "abc123-index"', '*'])
      expect(ask({ 'if-none-match': tag }).status, tag).toBe(304);
    expect(ask({ 'if-none-match': '"abc123-display"' }).status).toBe(200);
  });
});
