/**
 * Compression, in one place (decision 0099). A large body that changes only with the public data (the
 * open-data exports): serialized once, its ETag and Last-Modified computed once, and each content coding
 * compressed once, on first demand; answers are conditional (304 for a client that has this version) and
 * compressed when the client accepts it. Any other answer of a textual type above COMPRESS_MIN_BYTES is
 * compressed as it leaves (`compressedAnswer`, called by the middleware), and the built client's files are
 * compressed once at build (static-files.ts).
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

/** Smaller bodies are sent as they are: a few hundred bytes saved cost more than they save. */
export const COMPRESS_MIN_BYTES = 1024;

/** The media types worth compressing: text, JSON, XML (Atom, GeoJSON, SVG…), scripts and styles. */
const COMPRESSIBLE =
  /^\s*(?:text\/(?!csv\b)|application\/(?:json|xml|javascript|[\w.+-]*\+(?:json|xml))\b|image\/svg\+xml\b)/i;

/**
 * Whether an answer of this Content-Type is compressed. CSV is left out here: the open-data CSV is
 * compressed once per data version (encodedResponse), and the staff exports are streamed row by row.
 */
export function isCompressible(contentType: string | null | undefined): boolean {
  return contentType != null && COMPRESSIBLE.test(contentType);
}

const EFFORT = {
  // At build, once: the smallest files the formats allow.
  max: { br: 11, gzip: 9 },
  full: { br: 5, gzip: 6 },
  quick: { br: 2, gzip: 1 },
} as const;

/**
 * Brotli at quality 5 and gzip at level 6: most of the gain for a fraction of a millisecond per page.
 * `quick` (brotli 2, gzip 1) is a third of that time for bodies 10–15% larger: for an answer that may
 * never be asked for again (page-cache.ts, compressedAnswer). `max` is for the build (static-files.ts).
 */
export function compress(body: Uint8Array, coding: ContentCoding, effort: keyof typeof EFFORT = 'full'): Buffer {
  return ownBytes(
    coding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: EFFORT[effort].br,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : gzipSync(body, { level: EFFORT[effort].gzip }),
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

/** Adds Accept-Encoding to a Vary header (once). */
export function varyOnCoding(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

/**
 * Any answer as it leaves: a body of a textual type, not already encoded, compressed (quickly: it is built
 * for this request) in the best coding the client accepts, when it is COMPRESS_MIN_BYTES or more. Other
 * answers are returned as they are; a compressible one says `Vary: Accept-Encoding` whatever the client.
 */
export async function compressedAnswer(request: Request, response: Response): Promise<Response> {
  if (
    !response.body ||
    response.headers.has('content-encoding') ||
    !isCompressible(response.headers.get('content-type'))
  )
    return response;
  const coding = negotiateCoding(request.headers.get('accept-encoding'));
  const headers = new Headers(response.headers);
  varyOnCoding(headers);
  const init = { status: response.status, statusText: response.statusText, headers };
  if (!coding) return new Response(response.body, init);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length < COMPRESS_MIN_BYTES) return new Response(bytes, init);
  const encoded = compress(bytes, coding, 'quick');
  headers.set('Content-Encoding', coding);
  headers.set('Content-Length', String(encoded.length));
  return new Response(encoded as unknown as BodyInit, init);
}
