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
import { serveCachedPagesFirst } from '#lib/server/platform/http/cached-pages-first.ts';

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
