/**
 * What most clients fetch is built once: the unfiltered open-data exports are serialized once per version of the
 * public data and answered from memory, compressed as the client accepts, with one ETag for every coding; a filtered
 * export is built for its filter; any public change makes a new body and a new ETag.
 */
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { startPortal, type Portal } from '../support/portal.ts';

// A portal of its own: the test changes public data, which other files' pages must not see change.
let portal: Portal;
let base: string;
let db: DB;
beforeAll(async () => {
  portal = await startPortal();
  base = portal.url;
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
}, 300_000);
afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
});

/** A raw request (fetch would decompress on its own), with the body as bytes. */
function raw(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get(new URL(url, base), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

describe('open-data exports encoded once per data version', () => {
  for (const [url, type] of [
    ['/api/projects', 'application/json'],
    ['/api/projects.csv', 'text/csv'],
    ['/api/projects.geojson', 'application/geo+json'],
  ] as const) {
    it(`${url}: the same bytes and ETag in every coding, a 304 for that ETag, a new ETag after a public change`, async () => {
      const plain = await raw(url);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-type']).toContain(type);
      expect(plain.headers['access-control-allow-origin']).toBe('*');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
      const etag = plain.headers.etag!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);

      const br = await raw(url, { 'accept-encoding': 'gzip, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers.etag).toBe(etag);
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(br.body.length).toBeLessThan(plain.body.length / 3);
      const gz = await raw(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);

      expect((await raw(url, { 'if-none-match': etag })).status).toBe(304);
      // The second answer is the same body (built once), and a filtered one is built for its filter.
      expect((await raw(url)).body.equals(plain.body)).toBe(true);
      const filtered = await raw(`${url}?status=complete`);
      expect(filtered.status).toBe(200);
      expect(filtered.headers.etag).not.toBe(etag);

      // A visible change: the first project's updated_at moves a year on (later than any of its records).
      db.$client
        .prepare(
          'update projects set updated_at = updated_at + 365 * 86400000 where id = (select min(id) from projects where published = 1)',
        )
        .run();
      const after = await raw(url);
      expect(after.headers.etag).not.toBe(etag);
      expect((await raw(url, { 'if-none-match': etag })).status).toBe(200);
    });
  }
});
