/** The public page cache over real HTTP: hits for anonymous visitors, invalidated by any public change. */
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { nextNumber } from '#lib/server/records-requests/store.ts';
import { get, signIn } from '../support/http.ts';
import { startPortal } from '../support/portal.ts';

// A portal of its own: the hits and misses checked here must not see another file's changes (files run side by side).
const portal = await startPortal();
afterAll(() => portal.stop());
const base = portal.url;
const db = openDatabase(path.join(portal.dataDir, 'portal.db'));

describe('public page cache', () => {
  it('serves a repeat visit from the cache, and a fresh page once public data changes in any process', async () => {
    const slug = (
      db.$client.prepare('select slug from projects where published = 1 order by name limit 1 offset 3').get() as {
        slug: string;
      }
    ).slug;
    await get(base, `/projects/${slug}`);
    const hit = await get(base, `/projects/${slug}`);
    expect(hit.headers.get('x-page-cache')).toBe('hit');
    // Answered by the server before Astro's pipeline is entered (cached-pages-first.ts), same security headers.
    expect(hit.headers.get('server-timing')).toBe('page-cache;desc="before Astro"');
    expect(hit.headers.get('content-security-policy')).toContain("script-src 'self'");
    // A write from another connection (any process) moves the version through the triggers.
    db.$client.prepare('update projects set updated_at = updated_at where slug = ?').run(slug);
    const fresh = await get(base, `/projects/${slug}`);
    expect(fresh.headers.get('x-page-cache')).toBeNull();
    expect(fresh.status).toBe(200);
  });

  it('never answers signed-in users or records-request forms from the cache', async () => {
    await get(base, '/projects');
    expect((await get(base, '/projects')).headers.get('x-page-cache')).toBe('hit');
    const cookie = await signIn(base, 'officer@rotterdam.example', DEMO_PASSWORD);
    const signedIn = await get(base, '/projects', cookie);
    expect(signedIn.headers.get('x-page-cache')).toBeNull();
    expect(await signedIn.text()).toContain('Sign out');
    await get(base, '/requests/new');
    expect((await get(base, '/requests/new')).headers.get('x-page-cache')).toBeNull();
  });

  it('records requests and mail do not invalidate public pages', async () => {
    await get(base, '/enforcement');
    const before = db.$client.prepare('select version from public_data_version').pluck().get();
    db.$client
      .prepare('update records_requests set updated_at = updated_at where id = (select min(id) from records_requests)')
      .run();
    // 'failed', so the outbox worker leaves it alone.
    db.$client
      .prepare(
        "insert into outbox (kind, to_address, subject, text_body, status) values ('page-cache-test', 'nobody@example.org', 'Test', 'Test', 'failed')",
      )
      .run();
    expect(db.$client.prepare('select version from public_data_version').pluck().get()).toBe(before);
    expect((await get(base, '/enforcement')).headers.get('x-page-cache')).toBe('hit');
    db.$client.prepare("delete from outbox where kind = 'page-cache-test'").run();
  });

  it('numbering a records request and alert bookkeeping leave the version alone; a public setting moves it', () => {
    const version = () => db.$client.prepare('select version from public_data_version').pluck().get() as number;
    const before = version();
    // Every submission takes the next R-YYYY-NNNN from a counter in settings.
    db.transaction((tx) => nextNumber(tx, 'R', '2099'));
    db.transaction((tx) => nextNumber(tx, 'INV', '2099'));
    db.$client
      .prepare(
        "insert into settings (key, value) values ('alerts:watermark', '0') on conflict(key) do update set value = value",
      )
      .run();
    db.$client
      .prepare(
        "insert into settings (key, value) values ('job:page-cache-test:last_run', '0') on conflict(key) do update set value = value",
      )
      .run();
    expect(version()).toBe(before);
    db.$client.prepare("update settings set value = value where key = 'monthly_summary_due_day'").run();
    expect(version()).toBe(before + 1);
  });

  it('sends cached pages compressed to clients that accept it, the same page in every coding', async () => {
    /** A raw request (fetch would decompress on its own), with the body as bytes. */
    const raw = (url: string, acceptEncoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = http.get(
          new URL(url, base),
          { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
      });
    for (const url of ['/enforcement', '/help/fees']) {
      const first = await raw(url, 'gzip, deflate, br'); // a miss or a hit: both are compressed
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers.vary).toMatch(/accept-encoding/i);
      const plain = await raw(url);
      expect(plain.headers['x-page-cache']).toBe('hit');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-security-policy']).toContain("script-src 'self'");
      const html = plain.body.toString('utf8');
      expect(html).toContain('</html>');
      expect(brotliDecompressSync(first.body).toString('utf8')).toBe(html);
      const gzip = await raw(url, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).toString('utf8')).toBe(html);
      expect(first.body.length).toBeLessThan(html.length / 2);
      expect((await raw(url, 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
    }
    // A page that is never cached is compressed as it leaves, each time, and never kept (decision 0099).
    for (const _ of [1, 2]) {
      const uncached = await raw('/requests/new', 'br');
      expect(uncached.headers['content-encoding']).toBe('br');
      expect(uncached.headers['x-page-cache']).toBeUndefined();
    }
  });

  it('keeps a search page until a new search index serves, then answers from the new index', async () => {
    const found = async (q: string, word: string) => (await (await get(base, `/search?q=${q}`)).text()).includes(word);
    await expect.poll(() => found('curr+ro', '<mark>Curry</mark>'), { timeout: 30_000 }).toBe(true);
    expect((await get(base, '/search?q=curr+ro')).headers.get('x-page-cache')).toBe('hit');
    // A project renamed: the page asked for now is rendered by the old index (nothing matches) and kept;
    // when the rebuilt index starts serving, the kept search pages go and the new name is found.
    const slug = (
      db.$client.prepare('select slug from projects where published = 1 order by name limit 1 offset 5').get() as {
        slug: string;
      }
    ).slug;
    // As the portal's own edits do, the change is the newest (the index notices by the latest updated_at).
    db.$client
      .prepare(
        "update projects set name = name || ' Quillwort', updated_at = (select max(updated_at) from projects) + 1 where slug = ?",
      )
      .run(slug);
    await expect.poll(() => found('quillwort', `/projects/${slug}`), { timeout: 30_000, interval: 250 }).toBe(true);
    expect((await get(base, '/search?q=quillwort')).headers.get('x-page-cache')).toBe('hit');
  });
});
