/**
 * serveCachedPagesFirst on a real HTTP server: which requests it hands to Astro directly and which to the
 * adapter's standalone handler (its static-file lookup first). Astro and the adapter are stand-ins that say
 * who answered: the choice between them is the portal's code, what they do is not.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type DB } from '#lib/server/platform/db.ts';
import { serveCachedPagesFirst, staticPathsUnder } from '#lib/server/platform/http/cached-pages-first.ts';
import { loadStaticFiles, precompressFiles } from '#lib/server/platform/http/static-files.ts';
import { brotliDecompressSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';

describe('which handler answers a request', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-routing-'));
  let db: DB;
  let server: http.Server;
  let base: string;

  /** Reads the whole body, then answers with who it is and how many bytes it read. */
  const answer = (who: string) => (req: http.IncomingMessage, res: http.ServerResponse) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => res.end(`${who} ${bytes}`));
  };

  beforeAll(async () => {
    db = openDatabase(path.join(dir, 'portal.db'));
    migrateDatabase(db);
    server = http.createServer(answer('adapter'));
    serveCachedPagesFirst(server, db, { astro: answer('astro'), staticPaths: new Set(['/favicon.ico']) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = async (url: string, body: BodyInit) => (await fetch(base + url, { method: 'POST', body })).text();

  it('sends a records-request form straight to Astro, with its whole body', async () => {
    const form = new URLSearchParams({ name: 'Erin Example', email: 'erin@example.org', delivery: 'electronic' });
    expect(await post('/_actions/requests.submit', form)).toBe(`astro ${form.toString().length}`);
  });

  it('keeps an upload, and a form too large to be one without files, on the adapter’s path', async () => {
    const upload = new FormData();
    upload.append('file', new Blob(['%PDF-1.7\n']), 'plan.pdf');
    expect(await post('/staff/projects/1/documents', upload)).toMatch(/^adapter \d+$/);
    const large = new URLSearchParams({ description: 'x'.repeat(70_000) });
    expect(await post('/_actions/requests.submit', large)).toBe(`adapter ${large.toString().length}`);
  });

  it('leaves a file of the built client to the adapter, whatever the method', async () => {
    expect(await (await fetch(`${base}/favicon.ico`)).text()).toBe('adapter 0');
    expect(await post('/favicon.ico', new URLSearchParams({ a: '1' }))).toBe('adapter 3');
  });

  it('sends a page read no cached copy answers straight to Astro', async () => {
    expect(await (await fetch(`${base}/projects`)).text()).toBe('astro 0');
  });
});

describe('the built client’s files compressed at build', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-client-'));
  const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-client-db-'));
  let db: DB;
  let server: http.Server;
  let base: string;
  const script = `export const words = ${JSON.stringify('a map marker '.repeat(400))};\n`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, '_astro'));
    fs.writeFileSync(path.join(dir, '_astro/map.abc.js'), script);
    fs.writeFileSync(path.join(dir, '_astro/tiny.abc.js'), 'export {};\n');
    // Already compressed: a copy would save nothing.
    fs.writeFileSync(path.join(dir, '_astro/noise.abc.css'), randomBytes(4096));
    fs.writeFileSync(
      path.join(dir, 'favicon.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`,
    );
    db = openDatabase(path.join(dbDir, 'portal.db'));
    migrateDatabase(db);
    server = http.createServer(answer('adapter'));
    serveCachedPagesFirst(server, db, {
      astro: answer('astro'),
      staticPaths: staticPathsUnder(dir),
      staticFiles: loadStaticFiles(dir),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(dbDir, { recursive: true, force: true });
  });

  /** Reads the whole body, then answers with who it is. */
  function answer(who: string) {
    return (req: http.IncomingMessage, res: http.ServerResponse) => {
      req.resume();
      req.on('end', () => res.end(who));
    };
  }

  const raw = (url: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${url}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  it('precompresses only what is large enough and gains, then answers it by Accept-Encoding itself', async () => {
    // Written after the server read the folder above: compress, then read again as a fresh start would.
    const done = precompressFiles(dir);
    expect(done.map((f) => f.file).sort()).toEqual(['_astro/map.abc.js', 'favicon.svg']);
    server.removeAllListeners('request');
    server.on('request', answer('adapter'));
    serveCachedPagesFirst(server, db, {
      astro: answer('astro'),
      staticPaths: staticPathsUnder(dir),
      staticFiles: loadStaticFiles(dir),
    });

    const br = await raw('/_astro/map.abc.js?v=1', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect((await raw('/_astro/map.abc.js', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await raw('/_astro/map.abc.js')).body.toString()).toBe(script);
    expect((await raw('/_astro/map.abc.js', { 'if-none-match': br.headers.etag! })).status).toBe(304);
    // Outside /_astro/ a name does not change with its content: asked again each time, as the adapter does.
    const svg = await raw('/favicon.svg', { 'accept-encoding': 'br' });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('public, max-age=0');
    // The rest is the standalone server's, as before.
    expect((await raw('/_astro/tiny.abc.js', { 'accept-encoding': 'br' })).body.toString()).toBe('adapter');
    expect((await raw('/_astro/noise.abc.css', { 'accept-encoding': 'br' })).body.toString()).toBe('adapter');
    expect(await (await fetch(`${base}/_astro/map.abc.js`, { method: 'POST', body: 'x' })).text()).toBe('adapter');
  });
});
