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

export function notModified(request: Request, etag: string, lastModified?: Date): boolean {
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch) {
    // Weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored.
    const tags = ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(etag);
  }
  const since = request.headers.get('if-modified-since');
  if (since && lastModified && lastModified.getTime() > 0) {
    const t = Date.parse(since);
    // HTTP dates have whole seconds.
    return Number.isFinite(t) && Math.floor(lastModified.getTime() / 1000) * 1000 <= t;
  }
  return false;
}

export function conditionalResponse(request: Request, body: string | Uint8Array, opts: ConditionalOptions): Response {
  const etag = etagFor(body);
  const headers: Record<string, string> = {
    ETag: etag,
    'Cache-Control': `public, max-age=${opts.maxAge ?? 60}`,
    ...opts.headers,
  };
  if (opts.lastModified && opts.lastModified.getTime() > 0) headers['Last-Modified'] = opts.lastModified.toUTCString();
  if (notModified(request, etag, opts.lastModified)) return new Response(null, { status: 304, headers });
  return new Response(typeof body === 'string' ? body : new Uint8Array(body), {
    headers: { ...headers, 'Content-Type': opts.contentType },
  });
}
