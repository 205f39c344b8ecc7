/**
 * The security headers on every response: pages, actions, the API, feeds, downloads, the static files
 * under /_astro, and the answers written before any middleware runs (Astro's cross-origin 403, the
 * adapter's 400 for a malformed URL, a 500). They are set in this one place, on the Node response before
 * the adapter sees the request (`scripts/start.ts`), so no kind of response can miss them. A route that
 * needs a stricter value sends its own header, which replaces the default.
 */
import type { IncomingMessage, Server } from 'node:http';
import { forwardedHttps } from './http.ts';

/**
 * No inline script or style anywhere (Astro is configured to ship both as files), no framing, forms only
 * to this site. Map tiles may come from any https host (MAP_TILE_URL is configurable).
 */
export const CONTENT_SECURITY_POLICY = [
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

export function securityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  // Only over https: a browser ignores HSTS on http, and sending it there would say nothing true.
  if (https) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/** Over https, directly or (TRUST_PROXY=true) behind a TLS-terminating proxy that says so. */
export function isHttpsRequest(req: IncomingMessage): boolean {
  return (
    ('encrypted' in req.socket && Boolean(req.socket.encrypted)) || forwardedHttps(req.headers['x-forwarded-proto'])
  );
}

/** Call once with the portal's HTTP server; runs before the adapter's own request handler. */
export function addSecurityHeaders(server: Server): void {
  const overHttp = Object.entries(securityHeaders(false));
  const overHttps = Object.entries(securityHeaders(true));
  server.prependListener('request', (req: IncomingMessage, res) => {
    for (const [name, value] of isHttpsRequest(req) ? overHttps : overHttp) res.setHeader(name, value);
  });
}
