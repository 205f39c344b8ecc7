/**
 * The portal's service worker: the forms filled in at a site (the inspection report, the practice report, the
 * town inspection: pages whose form is marked `data-offline-queue`) open without a signal (decision 0111).
 *
 * - Pages always come from the network first. A page the server marks `X-Kept-Offline` is kept on the device
 *   with the scripts and styles it loaded, and shown from here only when the network fails (or is too slow to
 *   wait for), with a notice saying it is the copy kept on the device and when it was kept.
 * - What is filed on such a page is kept by the page itself (src/scripts/offline-queue.ts) and sent when the
 *   connection returns: this worker never touches a form's post.
 * - Signing in or out forgets every kept page, so one person's pages are never shown to the next.
 *
 * Plain JavaScript served as is from public/: a service worker must be one file at the root of its scope.
 */
const PAGES = 'kept-pages-v1';
const ASSETS = 'kept-assets-v1';
const KEPT_HEADER = 'X-Kept-Offline';
/** How long a page waits for the network on a weak signal before the kept copy is shown instead. */
const PATIENCE_MS = 10_000;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A kept page's key: the address without its query (a "?saved=…" notice is never worth keeping). */
function pageKey(url) {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

function isAccountChange(url) {
  return url.pathname === '/signin' || url.pathname === '/signout';
}

/** Keep a page the server allows to be kept (a fresh copy replaces the older one); whether it was kept. */
async function keepPage(url, response) {
  if (!response.ok || response.type !== 'basic' || !response.headers.has(KEPT_HEADER)) return false;
  if (new URL(url).search) return false;
  const html = await response.text();
  const title = (/<title>([^<]*)<\/title>/i.exec(html)?.[1] ?? '').trim();
  const headers = new Headers(response.headers);
  // The body kept is the decoded text: it carries neither the network's encoding nor its length.
  headers.delete('Content-Encoding');
  headers.delete('Content-Length');
  headers.set('X-Kept-At', new Date().toISOString());
  headers.set('X-Kept-Title', encodeURIComponent(title));
  const cache = await caches.open(PAGES);
  await cache.put(pageKey(url), new Response(html, { status: 200, headers }));
  return true;
}

/** The scripts, styles and fonts a kept page loaded: content-hashed, so a kept one is never stale. */
async function keepAssets(urls) {
  const cache = await caches.open(ASSETS);
  for (const url of urls) {
    const u = new URL(url, self.location.origin);
    if (u.origin !== self.location.origin || !u.pathname.startsWith('/_astro/')) continue;
    if (await cache.match(u.href)) continue;
    const response = await fetch(u.href).catch(() => undefined);
    if (response?.ok) await cache.put(u.href, response);
  }
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function keptWhen(iso) {
  return new Date(iso).toLocaleString('en-US', {
    timeZone: 'America/New_York',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** The kept copy, with a notice at the top of the page's main content saying what it is. */
async function keptCopy(url) {
  const cache = await caches.open(PAGES);
  const kept = await cache.match(pageKey(url));
  if (!kept) return undefined;
  const html = await kept.text();
  const notice =
    '<div class="form-alert form-alert-warning" role="status"><p>' +
    `No connection: this is the copy of this page kept on this device on ${escapeHtml(keptWhen(kept.headers.get('X-Kept-At')))}. ` +
    'What you file here is kept on the device and sent when the connection returns.</p></div>';
  const headers = new Headers(kept.headers);
  headers.delete('Content-Length'); // the notice makes it longer
  return new Response(html.replace(/(<main\b[^>]*>)/i, `$1${notice}`), { status: 200, headers });
}

/** No connection and no kept copy of this page: say so, and list the pages that are kept. */
async function notKept() {
  const cache = await caches.open(PAGES);
  const links = [];
  for (const request of await cache.keys()) {
    const kept = await cache.match(request);
    const title = decodeURIComponent(kept?.headers.get('X-Kept-Title') ?? '') || new URL(request.url).pathname;
    links.push(`<li><a href="${escapeHtml(new URL(request.url).pathname)}">${escapeHtml(title)}</a></li>`);
  }
  const body =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>No connection</title></head>' +
    '<body><main><h1>No connection</h1><p>This page was not kept on this device, so it cannot be shown without a signal.</p>' +
    (links.length
      ? `<p>These forms are kept on this device and open without a signal:</p><ul>${links.join('')}</ul>`
      : '<p>No form is kept on this device yet: open the inspection forms once while there is a signal.</p>') +
    '</main></body></html>';
  return new Response(body, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'",
    },
  });
}

async function navigate(event) {
  const { request } = event;
  const network = fetch(request).then((response) => {
    if (response.headers.has(KEPT_HEADER)) event.waitUntil(keepPage(request.url, response.clone()));
    return response;
  });
  network.catch(() => undefined); // answered below; a late failure after the kept copy was shown is no error
  const slow = new Promise((resolve) => setTimeout(resolve, PATIENCE_MS, 'slow'));
  try {
    const first = await Promise.race([network, slow]);
    if (first !== 'slow') return first;
    return (await keptCopy(request.url)) ?? (await network);
  } catch {
    return (await keptCopy(request.url)) ?? notKept();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && isAccountChange(url)) {
    event.waitUntil(caches.delete(PAGES));
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') event.respondWith(navigate(event));
  else if (url.pathname.startsWith('/_astro/'))
    event.respondWith(caches.match(request, { cacheName: ASSETS }).then((kept) => kept ?? fetch(request)));
});

/**
 * A page with an offline form says so once it has loaded: on its first visit this worker did not yet control it,
 * so the page is fetched again to be kept; its assets are the ones the page reports having loaded.
 */
self.addEventListener('message', (event) => {
  const { keep, assets } = event.data ?? {};
  if (typeof keep !== 'string' || new URL(keep).origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PAGES);
      const kept = await cache.match(pageKey(keep));
      const fresh = kept && Date.now() - Date.parse(kept.headers.get('X-Kept-At') ?? '') < 60_000;
      if (!fresh) {
        const response = await fetch(keep, { credentials: 'same-origin' }).catch(() => undefined);
        if (response) await keepPage(keep, response);
      }
      await keepAssets(Array.isArray(assets) ? assets.filter((a) => typeof a === 'string') : []);
    })(),
  );
});
