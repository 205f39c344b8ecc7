/**
 * The header by which a page tells the service worker (public/sw.js) that it may be kept on the device and
 * shown without a signal: the pages of forms filled in at a site (decision 0111). The worker keeps no page
 * without it.
 */
export const KEPT_OFFLINE_HEADER = 'X-Kept-Offline';

export function keepOffline(headers: Headers): void {
  headers.set(KEPT_OFFLINE_HEADER, '1');
}
