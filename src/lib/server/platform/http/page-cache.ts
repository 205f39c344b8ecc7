/**
 * A cache of public HTML pages as anonymous residents see them. An entry is served only while nothing
 * residents can see has changed (public_data_version, bumped by triggers whichever process writes), on the
 * same town day, and until the clock could change what it says: for most pages a minute (findings that turn
 * on the clock, like a post-storm deadline passing, show within that minute); a page that knows the next
 * instant its words could change (a project page: compliance.rules.ts `clockChangesAt`) is kept until then,
 * for an hour at most (decision 0056). Search pages are kept too, and dropped whenever a new search index
 * starts serving (forgetPath). Signed-in users, forms with one-time keys and private pages are never cached.
 * Each entry carries a weak ETag of its body, so a browser's revisit is answered 304 (decision 0099).
 */
import type { ContentCoding } from './http.ts';
import { brotliDecompressSync } from 'node:zlib';
import { weakEtagFor } from './conditional.ts';
import { compress } from './encoded-body.ts';

/** Public pages whose HTML is the same for every anonymous visitor. */
const CACHEABLE = [
  /^\/$/,
  /^\/projects$/,
  /^\/projects\/[a-z0-9-]+$/,
  /^\/enforcement$/,
  /^\/help$/,
  /^\/help\/[a-z0-9-]+$/,
  /^\/open-data$/,
  /^\/search$/,
  /^\/storms(\/\d{1,12})?$/,
];

/**
 * What a page sets as `Astro.locals.keepPageUntil` when nothing on it reads the clock within a town day
 * (its words change only with the public data or the date): kept until one of those changes, for
 * `maxKeepMs` at most.
 */
export const UNTIL_DATA_OR_DAY_CHANGES = Infinity;

export function isCacheablePage(method: string, pathname: string, hasSession: boolean): boolean {
  return (method === 'GET' || method === 'HEAD') && !hasSession && CACHEABLE.some((re) => re.test(pathname));
}

export interface CachedPage {
  version: number;
  day: string;
  /** Served before this instant (ms) only. */
  expiresAt: number;
  status: number;
  /** The response's headers, its ETag among them. */
  headers: Array<[string, string]>;
  /** A weak ETag of the body (the same whatever the coding sent). */
  etag: string;
  /**
   * The page's UTF-8 bytes, while the page is held in brotli only by choice of the client or of memory:
   * dropped once a client took brotli, or when the cache needs room (the least recently used plain copies
   * go first, compressed if need be), and read back with `plainBody`. So 96 MB hold ~10,000 project pages
   * at ~6 KB each rather than ~2,800 at ~34 KB, whatever the clients accept.
   */
  body: Buffer | undefined;
  /** The body compressed, made the first time a client asks for that coding. */
  encoded?: Partial<Record<ContentCoding, Uint8Array>>;
  /** Codings whose bytes were compressed quickly (the page's first answer), to be redone fully if asked again. */
  quick?: Partial<Record<ContentCoding, true>>;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  /** The entries still holding their plain bytes, least recently used first. */
  private readonly plainHeld = new Map<string, CachedPage>();
  private bytes = 0;
  readonly maxEntries: number;
  readonly maxBytes: number;
  /** How long a page is kept when it says nothing of when its words could change. */
  readonly ttlMs: number;
  /** The longest a page is kept, even one that says nothing could change before the day ends. */
  readonly maxKeepMs: number;

  constructor(opts: { maxEntries?: number; maxBytes?: number; ttlMs?: number; maxKeepMs?: number } = {}) {
    // Entries held in brotli are ~6 KB: the byte limit, not the count, decides at 10,000 projects.
    this.maxEntries = opts.maxEntries ?? 12_000;
    this.maxBytes = opts.maxBytes ?? 96 * 1024 * 1024;
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.maxKeepMs = opts.maxKeepMs ?? 60 * 60_000;
  }

  get(key: string, version: number, day: string, now = Date.now()): CachedPage | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.version !== version || e.day !== day || now >= e.expiresAt) {
      this.delete(key);
      return undefined;
    }
    // Least recently used goes first: re-insert to mark as fresh.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  /**
   * Keep a page. `keepUntil` (ms) is the instant the page says its words could next change with the same
   * data on the same day (Infinity: not before the day ends); without it the page is kept for `ttlMs`.
   * Either way, for `maxKeepMs` at most.
   */
  set(
    key: string,
    entry: Omit<CachedPage, 'expiresAt' | 'encoded' | 'etag'> & { body: Buffer },
    now = Date.now(),
    keepUntil?: number,
  ): CachedPage {
    this.delete(key);
    const etag = weakEtagFor(entry.body);
    const e: CachedPage = {
      ...entry,
      headers: [...entry.headers.filter(([name]) => name.toLowerCase() !== 'etag'), ['etag', etag]],
      etag,
      expiresAt: Math.min(keepUntil ?? now + this.ttlMs, now + this.maxKeepMs),
    };
    this.entries.set(key, e);
    if (e.body) this.plainHeld.set(key, e);
    this.bytes += sizeOf(e);
    this.evict(key);
    return e;
  }

  /** Drop every entry for a path, whatever its query (the search pages, when a new index starts serving). */
  forgetPath(pathname: string): void {
    for (const key of [...this.entries.keys()])
      if (key === pathname || key.startsWith(`${pathname}?`)) this.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held: bodies and their compressed copies. */
  get heldBytes(): number {
    return this.bytes;
  }

  /**
   * The entry's body in a content coding, kept with the entry (if it is still held). The first answer
   * (the miss, which also rendered the page) compresses quickly; most of 10,000 project pages are asked
   * for once in their minute. A page asked for again is compressed fully then, once, and kept so.
   */
  encodedBody(key: string, entry: CachedPage, coding: ContentCoding): Uint8Array {
    const done = entry.encoded?.[coding];
    if (done && !entry.quick?.[coding]) return done;
    const bytes = compress(this.plainBody(entry), coding, done ? 'full' : 'quick');
    if (this.entries.get(key) === entry) {
      const before = sizeOf(entry);
      entry.encoded = { ...entry.encoded, [coding]: bytes };
      entry.quick = { ...entry.quick, [coding]: done ? undefined : true };
      // Held in brotli: the plain bytes can be read back from it when a client takes no brotli.
      if (coding === 'br') {
        entry.body = undefined;
        this.plainHeld.delete(key);
      }
      this.bytes += sizeOf(entry) - before;
      this.evict(key);
    }
    return bytes;
  }

  /**
   * The entry's plain UTF-8 bytes (for a client that accepts no compression, or to compress again). A
   * plain copy read by a client (`key` given) is marked as recently read: a page asked for plain again and
   * again keeps it. One no longer held is read back from brotli each time and not kept again: with
   * 10,000 pages asked for at random, keeping it would only push out another (measured: a third of the
   * cache's compression time went to that churn).
   */
  plainBody(entry: CachedPage, key?: string): Buffer {
    if (!entry.body) return brotliDecompressSync(entry.encoded!.br!);
    if (key !== undefined && this.plainHeld.delete(key)) this.plainHeld.set(key, entry);
    return entry.body;
  }

  /**
   * Over a limit: first the plain copies of pages also held in brotli go (compressed now if they were
   * never asked for in brotli), least recently used first and never the page just kept or asked for;
   * then whole pages, least recently used first.
   */
  private evict(touched?: string): void {
    if (this.bytes > this.maxBytes) {
      for (const [k, e] of this.plainHeld) {
        if (this.bytes <= this.maxBytes) break;
        if (k === touched) continue;
        this.plainHeld.delete(k);
        const br = e.encoded?.br ?? compress(e.body!, 'br', 'quick');
        // A body too small to shrink keeps its plain bytes (and stays off this list).
        if (br.length >= e.body!.length) continue;
        const before = sizeOf(e);
        if (!e.encoded?.br) {
          e.encoded = { ...e.encoded, br };
          e.quick = { ...e.quick, br: true };
        }
        e.body = undefined;
        this.bytes += sizeOf(e) - before;
      }
    }
    for (const [k] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(k);
    }
  }

  private delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.bytes -= sizeOf(e);
    this.entries.delete(key);
    this.plainHeld.delete(key);
  }
}

function sizeOf(e: CachedPage): number {
  return (e.body?.length ?? 0) + (e.encoded?.br?.length ?? 0) + (e.encoded?.gzip?.length ?? 0);
}

/**
 * The process's one cache (module state lives as long as the process). Kept on globalThis because the
 * built server (dist/) and scripts/start.ts each load their own copy of this module, and start.ts answers
 * cache hits before the built server is entered (cached-pages-first.ts): both must see the same entries.
 */
const SHARED = Symbol.for('stormwater-portal.page-cache');
export const pageCache: PageCache =
  ((globalThis as Record<symbol, unknown>)[SHARED] as PageCache | undefined) ??
  (((globalThis as Record<symbol, unknown>)[SHARED] = new PageCache({
    maxEntries: Number(process.env.PAGE_CACHE_ENTRIES) || undefined,
  })) as PageCache);
