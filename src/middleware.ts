/**
 * Per request: an id, the session (if any) into `locals`, the public page cache for anonymous visitors,
 * security headers, and turning an AccessError thrown by a page's guard into the right answer. It never
 * decides access by URL.
 */
import { randomUUID } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import { AccessError } from './lib/server/auth/guards.ts';
import { SESSION_COOKIE, validateSession } from './lib/server/auth/sessions.ts';
import { db } from './lib/server/db/index.ts';
import { isHttps } from './lib/server/http.ts';
import { isCacheablePage, pageCache, publicDataVersion } from './lib/server/page-cache.ts';
import { townToday } from './lib/server/time.ts';
import { siteSearch } from './lib/server/search/site.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  context.locals.requestId = randomUUID();
  // Build the search index at start-up, in the background (a no-op once it is built or building).
  siteSearch().warm();
  const token = context.cookies.get(SESSION_COOKIE)?.value;
  if (token) {
    const session = validateSession(db(), token);
    if (session) context.locals.user = session.user;
    else context.cookies.delete(SESSION_COOKIE, { path: '/' });
  }

  const https = isHttps(context.url, context.request.headers);
  const method = context.request.method;
  const cacheable = isCacheablePage(method, context.url.pathname, Boolean(token));
  const key = context.url.pathname + context.url.search;
  // Read before rendering: a change made while the page renders leaves the entry already stale.
  const version = cacheable ? publicDataVersion(db()) : 0;
  const day = cacheable ? townToday() : '';
  if (cacheable) {
    const hit = pageCache.get(key, version, day);
    if (hit) {
      const headers = new Headers(hit.headers);
      headers.set('X-Page-Cache', 'hit');
      return withSecurityHeaders(new Response(method === 'HEAD' ? null : hit.body, { status: hit.status, headers }), false, https);
    }
  }

  let response: Response;
  try {
    response = await next();
  } catch (err) {
    if (!(err instanceof AccessError)) throw err;
    if (err.status === 401) {
      const nextPath = context.url.pathname + context.url.search;
      response = context.redirect(`/signin?next=${encodeURIComponent(nextPath)}`, 303);
    } else {
      response = await context.rewrite(err.status === 403 ? '/403' : '/404');
    }
  }

  if (cacheable && method === 'GET' && response.status === 200 && (response.headers.get('content-type') ?? '').startsWith('text/html') && !response.headers.has('set-cookie')) {
    const body = await response.text();
    pageCache.set(key, { version, day, status: 200, headers: [...response.headers], body });
    response = new Response(body, { status: 200, headers: response.headers });
  }

  return withSecurityHeaders(response, Boolean(context.locals.user), https);
});

/**
 * No inline script or style anywhere (Astro is configured to ship both as files), no framing, forms only
 * to this site. Map tiles may come from any https host (MAP_TILE_URL is configurable).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

function withSecurityHeaders(response: Response, signedIn: boolean, https: boolean): Response {
  const extra: Record<string, string> = {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (https) extra['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  // Pages for signed-in users are never cached by browsers or proxies.
  if (signedIn) extra['Cache-Control'] = 'private, no-store';
  try {
    for (const [k, v] of Object.entries(extra)) response.headers.set(k, v);
    return response;
  } catch {
    // Some responses (Response.redirect) have immutable headers: copy them.
    const headers = new Headers(response.headers);
    for (const [k, v] of Object.entries(extra)) headers.set(k, v);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
