/** The session cookie's attributes: HttpOnly, SameSite=Lax, Secure when served over https. */
import type { AstroCookieSetOptions } from 'astro';
import { isHttps } from '#lib/server/platform/http/http.ts';

export function sessionCookieOptions(url: URL, headers: Headers, expires: Date): AstroCookieSetOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(url, headers),
    path: '/',
    expires,
  };
}

const HERE = 'http://portal.invalid';

/**
 * Only same-site relative paths are followed after sign-in (no open redirects). Browsers drop tabs and
 * line breaks from URLs and read a backslash as a slash, so "/<tab>/evil.example" would leave the site:
 * anything with control characters or a backslash is refused, and what remains must resolve to this site.
 */
export function safeNextPath(next: string | undefined | null, fallback: string): string {
  if (!next || !next.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE) return fallback;
  return url.pathname + url.search + url.hash;
}
