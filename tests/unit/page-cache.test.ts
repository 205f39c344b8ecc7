import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { negotiateCoding } from '#lib/server/platform/http/http.ts';
import { PageCache, isCacheablePage } from '#lib/server/platform/http/page-cache.ts';

const entry = (body: string, version = 1, day = '2026-11-30') => ({
  version,
  day,
  status: 200,
  headers: [['content-type', 'text/html']] as Array<[string, string]>,
  body: Buffer.from(body, 'utf8'),
});

describe('public page cache', () => {
  it('serves an entry only for the same data version, town day and within its time to live', () => {
    const cache = new PageCache({ ttlMs: 60_000 });
    cache.set('/projects', entry('a'), 0);
    expect(cache.get('/projects', 1, '2026-11-30', 1_000)?.body?.toString()).toBe('a');
    expect(cache.get('/projects', 2, '2026-11-30', 1_000)).toBeUndefined();
    cache.set('/projects', entry('b'), 0);
    expect(cache.get('/projects', 1, '2026-12-01', 1_000)).toBeUndefined();
    cache.set('/projects', entry('c'), 0);
    expect(cache.get('/projects', 1, '2026-11-30', 60_001)).toBeUndefined();
  });

  it('keeps a page that says when its words could next change until then, for an hour at most', () => {
    const cache = new PageCache({ ttlMs: 60_000, maxKeepMs: 3_600_000 });
    // A project page whose compliance next changes in ten minutes (a post-storm window closing).
    cache.set('/projects/a', entry('a'), 0, 600_000);
    expect(cache.get('/projects/a', 1, '2026-11-30', 599_999)?.body?.toString()).toBe('a');
    expect(cache.get('/projects/a', 1, '2026-11-30', 600_000)).toBeUndefined();
    // Nothing before the day ends: an hour at most, and still not past a new version or day.
    cache.set('/projects/b', entry('b'), 0, Infinity);
    expect(cache.get('/projects/b', 1, '2026-11-30', 3_599_999)?.body?.toString()).toBe('b');
    expect(cache.get('/projects/b', 2, '2026-11-30', 1_000)).toBeUndefined();
    cache.set('/projects/b', entry('b'), 0, Infinity);
    expect(cache.get('/projects/b', 1, '2026-11-30', 3_600_000)).toBeUndefined();
    cache.set('/projects/b', entry('b'), 0, Infinity);
    expect(cache.get('/projects/b', 1, '2026-12-01', 1_000)).toBeUndefined();
  });

  it('short of room, drops plain copies before pages: the least recently read first, compressed if never asked for in brotli, and read back from brotli when asked for plain', () => {
    const page = (n: number) =>
      `<!doctype html><title>Project ${n}</title>${Array.from({ length: 300 }, (_, i) => `<p>Silt fence ${(i * 7919 + n) % 1000}</p>`).join('')}`;
    const size = Buffer.byteLength(page(1));
    // Room for two plain pages and a little more.
    const cache = new PageCache({ maxBytes: size * 2 + 1_000 });
    cache.set('/p1', entry(page(1)));
    cache.set('/p2', entry(page(2)));
    cache.plainBody(cache.get('/p1', 1, '2026-11-30')!, '/p1');
    cache.set('/p3', entry(page(3)));
    // /p2's plain copy went (read least recently), held now in brotli; every page is still there.
    expect([1, 2, 3].map((n) => cache.get(`/p${n}`, 1, '2026-11-30')?.body !== undefined)).toEqual([true, false, true]);
    const p2 = cache.get('/p2', 1, '2026-11-30')!;
    expect(brotliDecompressSync(p2.encoded!.br!).toString('utf8')).toBe(page(2));
    expect(cache.heldBytes).toBe(size * 2 + p2.encoded!.br!.length);
    // What is counted is what is held: zlib's answer is copied out of its 64 KB output buffer.
    expect(p2.encoded!.br!.buffer.byteLength).toBe(p2.encoded!.br!.length);
    // Asked for plain: read back from brotli, and not kept again (it would push out another page's copy).
    expect(cache.plainBody(p2, '/p2').toString('utf8')).toBe(page(2));
    expect([1, 2, 3].map((n) => cache.get(`/p${n}`, 1, '2026-11-30')?.body !== undefined)).toEqual([true, false, true]);
    expect(cache.size).toBe(3);
  });

  it('drops the least recently used entries beyond its limits', () => {
    const cache = new PageCache({ maxEntries: 2, maxBytes: 10 });
    cache.set('/a', entry('1111'));
    cache.set('/b', entry('2222'));
    cache.get('/a', 1, '2026-11-30');
    cache.set('/c', entry('3333'));
    expect(cache.get('/b', 1, '2026-11-30')).toBeUndefined();
    expect(cache.get('/a', 1, '2026-11-30')?.body?.toString()).toBe('1111');
    cache.set('/big', entry('x'.repeat(9)));
    expect(cache.size).toBe(1);
  });

  it('forgets every entry of a path, whatever its query, and nothing else', () => {
    const cache = new PageCache();
    for (const key of ['/search', '/search?q=curry', '/search?q=road', '/searching', '/projects?q=curry'])
      cache.set(key, entry(key));
    cache.forgetPath('/search');
    expect(
      ['/search', '/search?q=curry', '/search?q=road', '/searching', '/projects?q=curry'].filter((k) =>
        cache.get(k, 1, '2026-11-30'),
      ),
    ).toEqual(['/searching', '/projects?q=curry']);
  });

  it('caches only public pages, for anonymous visitors, on GET', () => {
    expect(isCacheablePage('GET', '/projects/curry-road-warehouse', false)).toBe(true);
    expect(isCacheablePage('GET', '/projects/curry-road-warehouse', true)).toBe(false);
    expect(isCacheablePage('POST', '/projects', false)).toBe(false);
    // Search pages too: a new index drops them (forgetPath, below).
    expect(isCacheablePage('GET', '/search', false)).toBe(true);
    for (const path of [
      '/requests/new',
      '/requests/track/abc',
      '/search/index.json',
      '/alerts/new',
      '/signin',
      '/staff',
      '/operator',
      '/open-data/records-requests',
    ]) {
      expect(isCacheablePage('GET', path, false), path).toBe(false);
    }
  });

  it.each([
    [null, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['*, br;q=0', 'gzip'],
    ['deflate', undefined],
  ])('Accept-Encoding %j → %s', (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
  });

  it('compresses a page quickly for its first answer, fully once if it is asked for again, counts the copies against its limit, and keeps nothing for a dropped entry', () => {
    const page = `<!doctype html><title>Curry Road – “stop-work”</title>${Array.from({ length: 400 }, (_, i) => `<p>Sediment control ${(i * 7919) % 1000}</p>`).join('')}`;
    const cache = new PageCache({ maxBytes: 20_000 });
    const stored = cache.set('/p', entry(page));
    expect(cache.heldBytes).toBe(Buffer.byteLength(page));
    const quick = cache.encodedBody('/p', stored, 'br');
    expect(brotliDecompressSync(quick).toString('utf8')).toBe(page);
    // Held in brotli, the plain bytes go (and are read back from it for a client that takes no brotli).
    expect(stored.body).toBeUndefined();
    expect(cache.heldBytes).toBe(quick.length);
    expect(cache.plainBody(stored).toString('utf8')).toBe(page);
    // Asked for again: compressed fully (smaller), once; the third answer is the same bytes.
    const br = cache.encodedBody('/p', stored, 'br');
    expect(br.length).toBeLessThan(quick.length);
    expect(cache.encodedBody('/p', stored, 'br')).toBe(br);
    expect(brotliDecompressSync(br).toString('utf8')).toBe(page);
    expect(cache.heldBytes).toBe(br.length);
    expect(gunzipSync(cache.encodedBody('/p', stored, 'gzip')).toString('utf8')).toBe(page);
    expect(cache.heldBytes).toBe(br.length + stored.encoded!.gzip!.length);
    // A page only ever asked for in gzip keeps its plain bytes (counted in bytes: the page's curly
    // quotes and dash are three bytes each in UTF-8).
    const gzipOnly = new PageCache();
    const plain = gzipOnly.set('/plain', entry(page));
    const gz = gzipOnly.encodedBody('/plain', plain, 'gzip');
    expect(plain.body).toBeDefined();
    expect(gzipOnly.heldBytes).toBe(Buffer.byteLength(page) + gz.length);
    // Over the byte limit: the entry goes, and with it the bytes of its copies.
    const next = cache.set('/q', entry('x'.repeat(19_000)));
    expect(cache.get('/p', 1, '2026-11-30')).toBeUndefined();
    expect(cache.heldBytes).toBe(19_000);
    expect(next.encoded).toBeUndefined();
    // A page dropped while its answer was being made is still compressed for that answer, but not kept.
    const small = new PageCache({ maxEntries: 1 });
    const dropped = small.set('/a', entry(page));
    small.set('/b', entry('b'));
    expect(gunzipSync(small.encodedBody('/a', dropped, 'gzip')).toString('utf8')).toBe(page);
    expect(dropped.encoded).toBeUndefined();
    expect(small.heldBytes).toBe(1);
  });
});
