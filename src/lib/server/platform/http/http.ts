/** Small HTTP helpers shared by endpoints. */

/** RFC 6266 Content-Disposition with an ASCII fallback and a UTF-8 filename*. */
export function contentDisposition(filename: string, type: 'inline' | 'attachment' = 'attachment'): string {
  const cleaned = filename.replace(/[\r\n"\\/]/g, '_').slice(0, 200) || 'download';
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(cleaned)}`;
}

/** A PDF made for a signed-in person (a letter, a bill), shown in the browser and never kept by a cache. */
export function privatePdf(bytes: Uint8Array, filename: string): Response {
  return new Response(Buffer.from(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition(filename, 'inline'),
      'Cache-Control': 'private, no-store',
    },
  });
}

/** The extensions a downloaded file of each stored type may carry; the first is the one given. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg', '.jpe'],
  'image/png': ['.png'],
};

/**
 * The name to download a file under: the client's name, with the extension of the type found in its bytes
 * (a PNG uploaded as "scan.pdf" downloads as "scan.png"), so the name never says one type and the
 * content another. A name that already fits, or a type without a known extension, is left as it is.
 */
export function filenameForType(filename: string, mimeType: string): string {
  const allowed = EXTENSIONS[mimeType.split(';')[0].trim().toLowerCase()];
  if (!allowed) return filename;
  // An extension has a letter: "rev 2.1" has none.
  const extension = /\.[A-Za-z0-9]{0,9}[A-Za-z][A-Za-z0-9]{0,9}$/.exec(filename)?.[0];
  if (extension && allowed.includes(extension.toLowerCase())) return filename;
  const stem = extension ? filename.slice(0, -extension.length) : filename;
  return `${stem || 'download'}${allowed[0]}`;
}

/**
 * Whether the browser reached us over https. Behind a TLS-terminating proxy the app sees http;
 * TRUST_PROXY=true believes the proxy's X-Forwarded-Proto.
 */
export function isHttps(url: URL, headers: Headers): boolean {
  return url.protocol === 'https:' || forwardedHttps(headers.get('x-forwarded-proto'));
}

/** TRUST_PROXY=true and the proxy nearest the client said https ("https" or "https, http"). */
export function forwardedHttps(value: string | string[] | null | undefined): boolean {
  // The header first: most requests have none, and reading process.env costs a native call (every response asks).
  if (!value) return false;
  const first = (Array.isArray(value) ? value[0] : value).split(',')[0].trim().toLowerCase();
  return first === 'https' && process.env.TRUST_PROXY === 'true';
}

/** Lists never have more pages than this; a larger (or malformed) page number means page 1. */
export const MAX_PAGE = 100_000;

/** A page number from the query string: 1 to MAX_PAGE. (SQLite refuses an OFFSET past 2^63.) */
export function pageNumber(raw: string | null | undefined): number {
  const n = Number.parseInt(raw ?? '1', 10);
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_PAGE ? n : 1;
}

export type ContentCoding = 'br' | 'gzip';

/**
 * The codings an Accept-Encoding header accepts, best first: brotli, then gzip, each unless the client
 * refuses it (q=0) or names neither it nor "*". Absent header: none (RFC 9110 allows any, but plain text
 * is the safe choice).
 */
export function acceptedCodings(acceptEncoding: string | null | undefined): ContentCoding[] {
  if (!acceptEncoding) return [];
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q) || 0);
  }
  const ok = (coding: ContentCoding) => (accepted.has(coding) ? accepted.get(coding)! : (accepted.get('*') ?? 0)) > 0;
  return (['br', 'gzip'] as const).filter(ok);
}

/** The coding to send for an Accept-Encoding header: the best one it accepts, if any. */
export function negotiateCoding(acceptEncoding: string | null | undefined): ContentCoding | undefined {
  return acceptedCodings(acceptEncoding)[0];
}
