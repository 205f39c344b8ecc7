/** The session cookie's attributes: HttpOnly, SameSite=Lax, Secure when served over https. */
import type { AstroCookieSetOptions } from 'astro';

export function sessionCookieOptions(url: URL, expires: Date): AstroCookieSetOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:' || process.env.COOKIE_SECURE === 'true',
    path: '/',
    expires,
  };
}

/** Only same-site relative paths are followed after sign-in (no open redirects). */
export function safeNextPath(next: string | undefined | null, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || next.includes('://')) return fallback;
  return next;
}
