/** The session cookie's attributes: HttpOnly, SameSite=Lax, Secure when served over https. */
import type { AstroCookieSetOptions } from 'astro';
import { isHttps } from '../http.ts';

export function sessionCookieOptions(url: URL, headers: Headers, expires: Date): AstroCookieSetOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(url, headers),
    path: '/',
    expires,
  };
}

/** Only same-site relative paths are followed after sign-in (no open redirects). */
export function safeNextPath(next: string | undefined | null, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || next.includes('://')) return fallback;
  return next;
}
