/**
 * Serving the browser's search files: precompressed (brotli or gzip by Accept-Encoding), with an ETag
 * per index version. A URL that names the current version (?v=…) may be cached for good.
 */
import { notModified } from '#lib/server/platform/http/conditional.ts';
import { negotiateCoding } from '#lib/server/platform/http/http.ts';
import type { BrowserAssets } from './engine.ts';

/** `part`: the manifest (index), the display list, or one shard by its file name (a missing shard is 404). */
export function assetResponse(
  request: Request,
  assets: BrowserAssets | undefined,
  part: 'index' | 'display' | { shard: string },
): Response {
  if (!assets) {
    // Not built yet: the page's script tries again shortly; the server-side search already works.
    return new Response(JSON.stringify({ error: 'The search index is being built. Try again in a moment.' }), {
      status: 503,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '2', 'Cache-Control': 'no-store' },
    });
  }
  const file = typeof part === 'string' ? assets[part] : assets.shards.get(part.shard);
  if (!file)
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  const url = new URL(request.url);
  const etag = `"${assets.version}-${typeof part === 'string' ? part : part.shard.replace(/[^0-9a-f_]/g, '')}"`;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    ETag: etag,
    Vary: 'Accept-Encoding',
    'Cache-Control':
      url.searchParams.get('v') === assets.version
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=0, must-revalidate',
  };
  if (notModified(request, etag)) return new Response(null, { status: 304, headers });
  const coding = negotiateCoding(request.headers.get('accept-encoding'));
  const body = coding ? file[coding] : file.json;
  if (coding) headers['Content-Encoding'] = coding;
  headers['Content-Length'] = String(body.length);
  return new Response(new Uint8Array(body), { headers });
}
