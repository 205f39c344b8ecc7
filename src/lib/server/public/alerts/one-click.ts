/**
 * RFC 8058 one-click unsubscribe, through Astro's CSRF check.
 *
 * Mail providers POST `List-Unsubscribe=One-Click` to the List-Unsubscribe URL from their own servers,
 * without an Origin header, and Astro's `security.checkOrigin` answers such form posts 403 before any
 * of our code runs. That check protects cookie-authenticated forms; this one URL is authorized by the
 * secret token in it and can only stop the token's own subscription, so a forged post gains nothing.
 * For exactly that path, the form content type is relabelled before Astro sees the request (the body is
 * ignored), and everything else keeps the check.
 */
import type { IncomingMessage, Server } from 'node:http';

export const ONE_CLICK_PATH = '/alerts/unsubscribe/one-click';

export function relabelOneClick(req: IncomingMessage): void {
  if (req.method !== 'POST' || !req.url) return;
  const path = req.url.split('?')[0];
  if (path !== ONE_CLICK_PATH) return;
  req.headers['x-original-content-type'] = req.headers['content-type'] ?? '';
  req.headers['content-type'] = 'application/x-rfc8058-one-click';
}

/** Call once with the portal's HTTP server (scripts/start.ts); runs before Astro's own request handler. */
export function acceptOneClickUnsubscribe(server: Server): void {
  server.prependListener('request', relabelOneClick);
}
