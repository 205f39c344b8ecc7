/** Small HTTP helpers shared by endpoints. */

/** RFC 6266 Content-Disposition with an ASCII fallback and a UTF-8 filename*. */
export function contentDisposition(filename: string, type: 'inline' | 'attachment' = 'attachment'): string {
  const cleaned = filename.replace(/[\r\n"\\/]/g, '_').slice(0, 200) || 'download';
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(cleaned)}`;
}

/**
 * Whether the browser reached us over https. Behind a TLS-terminating proxy the app sees http;
 * TRUST_PROXY=true believes the proxy's X-Forwarded-Proto.
 */
export function isHttps(url: URL, headers: Headers): boolean {
  return url.protocol === 'https:' || (process.env.TRUST_PROXY === 'true' && headers.get('x-forwarded-proto') === 'https');
}
