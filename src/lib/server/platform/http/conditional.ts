/**
 * Conditional GET for open data and feeds: a strong ETag from the body's SHA-256 and Last-Modified
 * from the newest record, answering 304 Not Modified when the client already has this version.
 */
import { createHash } from 'node:crypto';

export interface ConditionalOptions {
  contentType: string;
  /** The newest updated_at among the records in the body. */
  lastModified?: Date;
  headers?: Record<string, string>;
  /** Seconds a cache may reuse the answer without asking (default 60). */
  maxAge?: number;
}

export function etagFor(body: string | Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** A weak validator (RFC 9110 §8.8.1): the same content whatever its coding (plain, brotli, gzip). */
export function weakEtagFor(body: string | Uint8Array): string {
  return `W/${etagFor(body)}`;
}

/** Whether an If-None-Match header names this entity tag. Weak comparison (RFC 9110 §13.1.2): W/ is ignored on both sides. */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const own = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === own;
  });
}

/**
 * Whether the client already has this version: If-None-Match when sent (it wins, RFC 9110 §13.1.3), else
 * If-Modified-Since against the newest record. Header values as Node or fetch give them.
 */
export function clientHasVersion(
  ifNoneMatch: string | null | undefined,
  ifModifiedSince: string | null | undefined,
  etag: string,
  lastModified?: Date,
): boolean {
  if (ifNoneMatch) return etagMatches(ifNoneMatch, etag);
  if (ifModifiedSince && lastModified && lastModified.getTime() > 0) {
    const t = Date.parse(ifModifiedSince);
    // HTTP dates have whole seconds.
    return Number.isFinite(t) && Math.floor(lastModified.getTime() / 1000) * 1000 <= t;
  }
  return false;
}

export function notModified(request: Request, etag: string, lastModified?: Date): boolean {
  return clientHasVersion(
    request.headers.get('if-none-match'),
    request.headers.get('if-modified-since'),
    etag,
    lastModified,
  );
}

export function conditionalResponse(request: Request, body: string | Uint8Array, opts: ConditionalOptions): Response {
  const etag = etagFor(body);
  const headers: Record<string, string> = {
    ETag: etag,
    'Cache-Control': `public, max-age=${opts.maxAge ?? 60}`,
    // The middleware compresses a body this large for a client that accepts it (encoded-body.ts).
    Vary: 'Accept-Encoding',
    ...opts.headers,
  };
  if (opts.lastModified && opts.lastModified.getTime() > 0) headers['Last-Modified'] = opts.lastModified.toUTCString();
  if (notModified(request, etag, opts.lastModified)) return new Response(null, { status: 304, headers });
  return new Response(typeof body === 'string' ? body : new Uint8Array(body), {
    headers: { ...headers, 'Content-Type': opts.contentType },
  });
}
