/**
 * Serving the browser's search files: precompressed (brotli or gzip by Accept-Encoding), with an ETag
 * per index version. A URL that names the current version (?v=…) may be cached for good.
 */
import { notModified } from '#lib/server/platform/http/conditional.ts';
import { negotiateCoding } from '#lib/server/platform/http/http.ts';
import type { BrowserAssets } from './engine.ts';

export function assetResponse(request: Request, assets: BrowserAssets | undefined, part: 'index' | 'display'): Response {
  if (!assets) {
    // Not built yet: the page's script tries again shortly; the server-side search already works.
    return new Response(JSON.stringify({ error: 'The search index is being built. Try again in a moment.' }), {
      status: 503,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '2', 'Cache-Control': 'no-store' },
    });
  }
  const url = new URL(request.url);
  const etag = `"${assets.version}-${part}"`;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    ETag: etag,
    Vary: 'Accept-Encoding',
    'Cache-Control': url.searchParams.get('v') === assets.version ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
  };
  if (notModified(request, etag)) return new Response(null, { status: 304, headers });
  const file = assets[part];
  const coding = negotiateCoding(request.headers.get('accept-encoding'));
  const body = coding ? file[coding] : file.json;
  if (coding) headers['Content-Encoding'] = coding;
  headers['Content-Length'] = String(body.length);
  return new Response(new Uint8Array(body), { headers });
}
