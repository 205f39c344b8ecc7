/**
 * The built client's files (dist/client: scripts, styles, the favicon) compressed once, at build, and served
 * by Accept-Encoding (decision 0099). `precompressFiles` runs from the build (astro.config.mjs) and writes a
 * `.br` and a `.gz` beside every file worth it; at start-up `loadStaticFiles` reads those files into memory,
 * and `answerFromStaticFiles` answers them before the standalone server's own file handler (which sends
 * every file plain): the coding the client accepts, `Vary: Accept-Encoding`, the same Content-Type and
 * caching as that handler (a year, immutable, under /_astro/, whose names change with their content), a
 * weak ETag for every coding and a 304 for it. Any other file is left to the standalone server.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { clientHasVersion, weakEtagFor } from './conditional.ts';
import { compress, COMPRESS_MIN_BYTES } from './encoded-body.ts';
import { acceptedCodings, type ContentCoding } from './http.ts';

/** The extensions compressed at build, with the Content-Type the standalone server sends for each. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.ico': 'image/vnd.microsoft.icon',
};

const SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

/** A compressed copy is kept only if it saves a tenth or more: else decoding costs the browser more than it saves. */
const WORTH = 0.9;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

export interface Precompressed {
  /** The path under the folder, with "/" separators. */
  file: string;
  bytes: number;
  br?: number;
  gzip?: number;
}

/**
 * At build: a `.br` (brotli 11) and a `.gz` (gzip 9) beside each file of a compressible type of
 * COMPRESS_MIN_BYTES or more under `dir`, each only if it is worth keeping. Returns what it wrote.
 */
export function precompressFiles(dir: string): Precompressed[] {
  const done: Precompressed[] = [];
  for (const file of filesUnder(dir)) {
    if (!(path.extname(file) in TYPES)) continue;
    const body = fs.readFileSync(file);
    if (body.length < COMPRESS_MIN_BYTES) continue;
    const entry: Precompressed = { file: path.relative(dir, file).split(path.sep).join('/'), bytes: body.length };
    for (const coding of ['br', 'gzip'] as const) {
      const encoded = compress(body, coding, 'max');
      if (encoded.length > body.length * WORTH) continue;
      fs.writeFileSync(file + SUFFIX[coding], encoded);
      entry[coding] = encoded.length;
    }
    if (entry.br || entry.gzip) done.push(entry);
  }
  return done;
}

export interface StaticFile {
  contentType: string;
  cacheControl: string;
  etag: string;
  lastModified: string;
  plain: Buffer;
  encoded: Partial<Record<ContentCoding, Buffer>>;
}

/**
 * At start-up: every file under `dir` (the built client) that has a compressed copy beside it, with its
 * copies, by URL path ("/_astro/leaflet.x.js"). A few hundred kilobytes, read once: the files never
 * change while the server runs.
 */
export function loadStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!fs.existsSync(dir)) return files;
  for (const file of filesUnder(dir)) {
    const contentType = TYPES[path.extname(file)];
    if (!contentType) continue;
    const encoded: Partial<Record<ContentCoding, Buffer>> = {};
    for (const coding of ['br', 'gzip'] as const)
      if (fs.existsSync(file + SUFFIX[coding])) encoded[coding] = fs.readFileSync(file + SUFFIX[coding]);
    if (!encoded.br && !encoded.gzip) continue;
    const plain = fs.readFileSync(file);
    const urlPath = '/' + path.relative(dir, file).split(path.sep).join('/');
    files.set(urlPath, {
      contentType,
      // As the standalone server: hashed build assets for a year; anything else asked again each time.
      cacheControl: urlPath.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0',
      etag: weakEtagFor(plain),
      lastModified: fs.statSync(file).mtime.toUTCString(),
      plain,
      encoded,
    });
  }
  return files;
}

/**
 * A GET or HEAD for one of `files`: answered (true), in the best coding the client accepts that the file
 * has, or plain; 304 when the client has it. Anything else: false, for the standalone server.
 */
export function answerFromStaticFiles(
  files: ReadonlyMap<string, StaticFile>,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  if (files.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const file = files.get(q === -1 ? url : url.slice(0, q));
  if (!file) return false;
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Cache-Control', file.cacheControl);
  res.setHeader('ETag', file.etag);
  res.setHeader('Last-Modified', file.lastModified);
  res.setHeader('Vary', 'Accept-Encoding');
  if (
    clientHasVersion(
      req.headers['if-none-match'],
      req.headers['if-modified-since'],
      file.etag,
      new Date(file.lastModified),
    )
  ) {
    res.writeHead(304);
    res.end();
    return true;
  }
  const coding = acceptedCodings(req.headers['accept-encoding']).find((c) => file.encoded[c]);
  const body = coding ? file.encoded[coding]! : file.plain;
  if (coding) res.setHeader('Content-Encoding', coding);
  res.setHeader('Content-Length', body.length);
  res.writeHead(200);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
