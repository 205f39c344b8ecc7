/**
 * A large body that changes only with the public data (the open-data exports): serialized once, its ETag
 * and Last-Modified computed once, and each content coding compressed once, on first demand. Answers are
 * conditional (304 for a client that has this version) and compressed when the client accepts it.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { etagFor, notModified } from './conditional.ts';
import { negotiateCoding, type ContentCoding } from './http.ts';

export interface EncodedBody {
  body: Buffer;
  etag: string;
  lastModified?: Date;
  contentType: string;
  encoded: Partial<Record<ContentCoding, Buffer>>;
}

export function encodedBody(text: string, contentType: string, lastModified?: Date): EncodedBody {
  const body = Buffer.from(text, 'utf8');
  return { body, etag: etagFor(body), lastModified, contentType, encoded: {} };
}

/**
 * Brotli at quality 5 and gzip at level 6: most of the gain for a fraction of a millisecond per page.
 * `quick` (brotli 2, gzip 1) is a third of that time for bodies 10–15% larger: for an answer that may
 * never be asked for again (page-cache.ts).
 */
export function compress(body: Uint8Array, coding: ContentCoding, effort: 'full' | 'quick' = 'full'): Buffer {
  return ownBytes(
    coding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: effort === 'full' ? 5 : 2,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : gzipSync(body, { level: effort === 'full' ? 6 : 1 }),
  );
}

/**
 * The bytes in a memory of their own size. zlib's one-call functions return a view of their 64 KB output
 * buffer when the result fits in it: a 6 KB page kept that way holds 64 KB (ten times what the page
 * cache counts).
 */
function ownBytes(b: Buffer): Buffer {
  if (b.buffer.byteLength === b.length) return b;
  const own = Buffer.allocUnsafeSlow(b.length);
  b.copy(own);
  return own;
}

/** The body in a coding, compressed once. */
export function bodyIn(e: EncodedBody, coding: ContentCoding): Buffer {
  return (e.encoded[coding] ??= compress(e.body, coding));
}

/** The answer to a GET or HEAD for the body: 304, or the bytes in the best coding the client accepts. */
export function encodedResponse(
  request: Request,
  e: EncodedBody,
  headers: Record<string, string>,
  maxAge = 60,
): Response {
  const common: Record<string, string> = {
    ETag: e.etag,
    'Cache-Control': `public, max-age=${maxAge}`,
    Vary: 'Accept-Encoding',
    ...headers,
  };
  if (e.lastModified && e.lastModified.getTime() > 0) common['Last-Modified'] = e.lastModified.toUTCString();
  if (notModified(request, e.etag, e.lastModified)) return new Response(null, { status: 304, headers: common });
  const coding = negotiateCoding(request.headers.get('accept-encoding'));
  const bytes = coding ? bodyIn(e, coding) : e.body;
  const out: Record<string, string> = {
    ...common,
    'Content-Type': e.contentType,
    'Content-Length': String(bytes.length),
  };
  if (coding) out['Content-Encoding'] = coding;
  return new Response(request.method === 'HEAD' ? null : (bytes as unknown as BodyInit), { headers: out });
}
