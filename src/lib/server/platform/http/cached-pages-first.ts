/**
 * Cache hits answered before Astro is entered, so a hit costs a fraction of a pass through its pipeline. The
 * built server's public page cache (page-cache.ts) is filled by the middleware; here, on the Node server
 * itself, an anonymous GET or HEAD for a cacheable page whose entry is current (same key, public data version
 * and town day, within the time the page was kept for: the same rules as the middleware) is written straight
 * from memory, compressed as the browser accepts. Everything else — a miss, a session cookie, any other method
 * or path — goes to Astro unchanged. Security headers are still set first (they are prepended listeners, see
 * scripts/start.ts).
 *
 * A revisit that names the entry's ETag gets a 304 (decision 0099). The built client's scripts and styles are
 * answered first, compressed at build (static-files.ts).
 *
 * A GET or HEAD no file under dist/client can answer goes straight to Astro's own handler (the adapter's
 * middleware mode): the standalone handler would first look for a static file (an lstat, then a stat
 * whose failure builds an error with its stack), a tenth to a fifth of a page miss's server time.
 *
 * So does a small form post. The file lookup's stat runs on libuv's thread pool, and its answer waits
 * behind every connection with data ready: under the mixed load (decision 0058) a records-request
 * submission spent 35–90 ms waiting for that "no such file" and 3 ms being handled.
 */
import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { publicDataVersion, type DB } from '#lib/server/platform/db.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { etagMatches } from './conditional.ts';
import { negotiateCoding } from './http.ts';
import { isCacheablePage, pageCache, type CachedPage } from './page-cache.ts';
import { answerFromStaticFiles, type StaticFile } from './static-files.ts';

/** The session cookie's name (accounts/sessions.ts); a request carrying it is never answered from the cache. */
const SESSION_COOKIE_RE = /(?:^|;\s*)rsp_session=[^;]/;

/**
 * An entry's headers as the adapter would write its Response (they replace the defaults set earlier; a
 * repeated name joins), grouped once per entry rather than on every hit.
 */
const grouped = new WeakMap<CachedPage, Array<[string, string | string[]]>>();
function nodeHeaders(entry: CachedPage): Array<[string, string | string[]]> {
  let list = grouped.get(entry);
  if (!list) {
    const byName = new Map<string, string[]>();
    for (const [name, value] of entry.headers) byName.set(name, [...(byName.get(name) ?? []), value]);
    list = [...byName].map(([name, values]) => [name, values.length === 1 ? values[0] : values]);
    grouped.set(entry, list);
  }
  return list;
}

/**
 * Answer from the cache if the page is there and current: true. Otherwise the public data version it was
 * asked at (for Astro, so the middleware need not read it again), or false when the request is not for
 * a cacheable page.
 */
export function answerFromCache(
  db: DB,
  req: IncomingMessage,
  res: ServerResponse,
  now = Date.now(),
): boolean | { version: number } {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') return false;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  const cookie = req.headers.cookie;
  if (!isCacheablePage(method, pathname, cookie !== undefined && SESSION_COOKIE_RE.test(cookie))) return false;
  // The middleware keys by URL pathname + search: a bare "?" has an empty search there.
  const key = q === -1 || q === url.length - 1 ? pathname : url;
  const version = publicDataVersion(db);
  const hit = pageCache.get(key, version, townToday(new Date(now)), now);
  if (!hit) return { version };
  for (const [name, value] of nodeHeaders(hit)) res.setHeader(name, value);
  res.setHeader('X-Page-Cache', 'hit');
  // Says where the answer came from (visible in the browser's network panel and in tests).
  res.setHeader('Server-Timing', 'page-cache;desc="before Astro"');
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && etagMatches(ifNoneMatch, hit.etag)) {
    res.writeHead(304);
    res.end();
    return true;
  }
  const coding = negotiateCoding(req.headers['accept-encoding'] ?? null);
  const body = coding ? pageCache.encodedBody(key, hit, coding) : pageCache.plainBody(hit, key);
  if (coding) res.setHeader('Content-Encoding', coding);
  res.setHeader('Content-Length', body.length);
  res.writeHead(hit.status);
  res.end(method === 'HEAD' ? undefined : body);
  return true;
}

/** The built server's own parts: Astro's request handler without the static-file lookup, and the files it serves. */
export interface BuiltServer {
  /** The adapter's middleware-mode handler (dist/server/entry.mjs `handler`); its fourth argument becomes Astro.locals. */
  astro: (req: IncomingMessage, res: ServerResponse, next?: undefined, locals?: Partial<App.Locals>) => unknown;
  /** Every file and folder under dist/client, as URL paths ("/_astro/x.js", "/_astro", "/favicon.ico"). */
  staticPaths: ReadonlySet<string>;
  /** The files under dist/client compressed at build, answered here (static-files.ts). */
  staticFiles?: ReadonlyMap<string, StaticFile>;
}

/** The URL paths of the files and folders under `dir` (the built client, fixed once built). */
export function staticPathsUnder(dir: string): Set<string> {
  const paths = new Set<string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    paths.add('/' + path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  }
  return paths;
}

/**
 * Whether the standalone handler must see the request: a static file or folder may answer it, or its URL
 * does not decode (the standalone handler answers 400 to any URL decodeURI refuses, query included). The
 * path is decoded and normalised as the static handler's file server reads it ("/a/../favicon.ico" and
 * "/_astro%2Fx.js" are files).
 */
export function mayBeStatic(url: string, staticPaths: ReadonlySet<string>): boolean {
  let pathname: string;
  try {
    decodeURI(url);
    pathname = decodeURIComponent(url.split(/[?#]/, 1)[0]);
  } catch {
    return true;
  }
  return !pathname.startsWith('/') || staticPaths.has(path.posix.normalize(pathname).replace(/\/$/, ''));
}

/** Largest form body sent straight to Astro: a form's fields, never a file. */
const SMALL_FORM_BYTES = 64 * 1024;

/** A body of declared length, small and not multipart: a form without files. */
export function isSmallForm(req: Pick<IncomingMessage, 'headers'>): boolean {
  const declared = req.headers['content-length'] ?? '';
  return (
    /^\d{1,9}$/.test(declared) &&
    Number(declared) <= SMALL_FORM_BYTES &&
    !(req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/')
  );
}

/**
 * Put the cache in front of the adapter's request handler. Call right after the server is created and
 * before other listeners are prepended (they then run before this one, as before the adapter). With the
 * built server's parts, a request no static file can answer goes to Astro directly.
 */
export function serveCachedPagesFirst(server: Server, db: DB, built?: BuiltServer): void {
  const adapter = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (built?.staticFiles && answerFromStaticFiles(built.staticFiles, req, res)) return;
    const asked = answerFromCache(db, req, res);
    if (asked === true) return;
    const toAdapter = () => {
      for (const handle of adapter) handle.call(server, req, res);
    };
    if (!built || mayBeStatic(req.url ?? '/', built.staticPaths)) return toAdapter();
    if (req.method === 'GET' || req.method === 'HEAD') {
      void built.astro(req, res, undefined, asked ? { publicDataVersion: asked.version } : undefined);
      return;
    }
    // A small form (a records request, a sign-in) goes straight to Astro too. An upload keeps the
    // adapter's path: sent straight to Astro, a multipart body refused while it was still arriving reset
    // its connection (tests/integration/upload-fuzzing.test.ts, "random bytes named .pdf").
    if (isSmallForm(req)) void built.astro(req, res);
    else toAdapter();
  });
}
