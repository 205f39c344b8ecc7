import { describe, expect, it } from 'vitest';
import { PageCache, isCacheablePage } from '../../src/lib/server/page-cache.ts';

const entry = (body: string, version = 1, day = '2026-11-30') => ({ version, day, status: 200, headers: [['content-type', 'text/html']] as Array<[string, string]>, body });

describe('public page cache', () => {
  it('serves an entry only for the same data version, town day and within its time to live', () => {
    const cache = new PageCache({ ttlMs: 60_000 });
    cache.set('/projects', entry('a'), 0);
    expect(cache.get('/projects', 1, '2026-11-30', 1_000)?.body).toBe('a');
    expect(cache.get('/projects', 2, '2026-11-30', 1_000)).toBeUndefined();
    cache.set('/projects', entry('b'), 0);
    expect(cache.get('/projects', 1, '2026-12-01', 1_000)).toBeUndefined();
    cache.set('/projects', entry('c'), 0);
    expect(cache.get('/projects', 1, '2026-11-30', 60_001)).toBeUndefined();
  });

  it('drops the least recently used entries beyond its limits', () => {
    const cache = new PageCache({ maxEntries: 2, maxBytes: 10 });
    cache.set('/a', entry('1111'));
    cache.set('/b', entry('2222'));
    cache.get('/a', 1, '2026-11-30');
    cache.set('/c', entry('3333'));
    expect(cache.get('/b', 1, '2026-11-30')).toBeUndefined();
    expect(cache.get('/a', 1, '2026-11-30')?.body).toBe('1111');
    cache.set('/big', entry('x'.repeat(9)));
    expect(cache.size).toBe(1);
  });

  it('caches only public pages, for anonymous visitors, on GET', () => {
    expect(isCacheablePage('GET', '/projects/curry-road-warehouse', false)).toBe(true);
    expect(isCacheablePage('GET', '/projects/curry-road-warehouse', true)).toBe(false);
    expect(isCacheablePage('POST', '/projects', false)).toBe(false);
    for (const path of ['/requests/new', '/requests/track/abc', '/search', '/alerts/new', '/signin', '/staff', '/operator', '/open-data/records-requests']) {
      expect(isCacheablePage('GET', path, false), path).toBe(false);
    }
  });
});
