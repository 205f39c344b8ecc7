/**
 * Per request: an id, 405 with Allow for a method an endpoint has no handler for, the session (if any)
 * into `locals`, the public page cache for anonymous visitors (a 304 for a revisit that has the page),
 * no caching of signed-in pages by browsers or proxies, turning an AccessError thrown by a page's
 * guard into the right answer, and every textual answer compressed as the browser accepts (decision 0099). It never decides access by URL. (Security headers are set for every
 * response, static files included, in src/lib/server/platform/http/security-headers.ts.)
 *
 * Actions are run from here (platform/forms/run-action.ts: control characters refused, internal failures
 * in plain words). A failure anywhere else is logged with the request id and rendered by
 * src/pages/500.astro, which shows the id.
 */
import type { APIContext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { AccessError } from '#lib/server/accounts/guards.ts';
import { decidesFirstRun, firstRunRedirect } from '#lib/server/accounts/landing.rules.ts';
import { hasActiveAdmin } from '#lib/server/accounts/users.ts';
import { SESSION_COOKIE, validateSession } from '#lib/server/accounts/sessions.ts';
import { db, publicDataVersion } from '#lib/server/platform/db.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { awaitWriteLock } from '#lib/server/platform/write-lock.ts';
import { runAction } from '#lib/server/platform/forms/run-action.ts';
import { logFailure, requestIdFor } from '#lib/server/platform/http/failures.ts';
import { negotiateCoding } from '#lib/server/platform/http/http.ts';
import { apiError } from '#lib/server/platform/http/api-response.ts';
import { etagMatches, weakEtagFor } from '#lib/server/platform/http/conditional.ts';
import { compressedAnswer } from '#lib/server/platform/http/encoded-body.ts';
import {
  endpointMethods,
  methodOutcome,
  routePatternOf,
  type EndpointMethods,
} from '#lib/server/platform/http/methods.ts';
import { isCacheablePage, pageCache, type CachedPage } from '#lib/server/platform/http/page-cache.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { publicUrlOf, townAsync } from '#lib/server/platform/town-profile.ts';
import { siteSearch } from '#lib/server/public/search/site.ts';
import { OPEN311_BASE, wrongMethodAnswer } from '#lib/server/public/open311.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const requestId = requestIdFor(context.request);
  context.locals.requestId = requestId;
  // The 500 page comes through here again for the same request: it needs only the id, and must not
  // depend on the database or the session, which may be what failed.
  if (context.routePattern === '/500') return next();
  try {
    return await compressedAnswer(context.request, (await wrongMethod(context)) ?? (await handle(context, next)));
  } catch (err) {
    if (!(err instanceof AccessError)) logFailure(requestId, `${context.request.method} ${context.url.pathname}`, err);
    throw err;
  }
});

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Each endpoint's module (every .ts under src/pages) by its route pattern, loaded when first asked: the
 * route loads the same module anyway. What each handles is read once (platform/http/methods.ts).
 */
const ENDPOINTS = new Map(
  Object.entries(import.meta.glob<Record<string, unknown>>('./pages/**/*.ts')).map(([file, load]) => [
    routePatternOf(file),
    load,
  ]),
);
const endpointMethodsByRoute = new Map<string, EndpointMethods>();

/**
 * A method the endpoint has no handler for: 405 with the methods it has in Allow, in the API's own shape
 * (JSON under /api, GeoReport v2's errors under Open311); OPTIONS: 204 with the same Allow. Else undefined.
 */
async function wrongMethod(context: APIContext): Promise<Response | undefined> {
  const load = ENDPOINTS.get(context.routePattern);
  if (!load) return undefined;
  let methods = endpointMethodsByRoute.get(context.routePattern);
  if (!methods) endpointMethodsByRoute.set(context.routePattern, (methods = endpointMethods(await load())));
  const method = context.request.method;
  const outcome = methodOutcome(method, methods);
  if (outcome === 'handled') return undefined;
  if (outcome === 'options') return new Response(null, { status: 204, headers: { Allow: methods.allow } });
  const path = context.url.pathname;
  if (path.startsWith(`${OPEN311_BASE}/`)) return wrongMethodAnswer(path, method, methods.allow);
  const words = `${path} does not take ${method}: it answers ${methods.allow}.`;
  const response = path.startsWith('/api/')
    ? apiError(405, words)
    : new Response(words, { status: 405, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  response.headers.set('Allow', methods.allow);
  return response;
}

const handle = async (context: APIContext, next: () => Promise<Response>): Promise<Response> => {
  // Pages and components get the connection here and never import the database module themselves.
  context.locals.db = db();
  context.locals.dbAsync = dbAsync();
  // The municipality's words and public address, for actions, pages and the error pages (kept until public
  // data changes: one read of the data version).
  context.locals.town = await townAsync(context.locals.dbAsync);
  context.locals.publicUrl = publicUrlOf(context.locals.town.profile);
  // Build the search index at start-up, in the background (a no-op once it is built or building).
  siteSearch().warm();
  const method = context.request.method;
  // A request that may write (an action, a page's own form, an API post) first waits for SQLite's write lock
  // without blocking the event loop while another process holds it (decision 0085): its synchronous write
  // then finds the lock free, and pages and /healthz keep answering meanwhile. If it is still held after the
  // wait, the request runs anyway and its write is told busy, in plain words, as before.
  if (UNSAFE_METHODS.has(method)) await awaitWriteLock(db());
  const token = context.cookies.get(SESSION_COOKIE)?.value;
  if (token) {
    const session = await validateSession(dbAsync(), token);
    if (session) context.locals.user = session.user;
    else context.cookies.delete(SESSION_COOKIE, { path: '/' });
  }

  // A new town's portal before `npm run setup`: the sign-in pages explain the command instead.
  if ((method === 'GET' || method === 'HEAD') && decidesFirstRun(context.url.pathname)) {
    const to = firstRunRedirect(context.url.pathname, await hasActiveAdmin(dbAsync()));
    if (to) return withPrivateCaching(context.redirect(to, 303), Boolean(context.locals.user));
  }
  const cacheable = isCacheablePage(method, context.url.pathname, Boolean(token));
  const key = context.url.pathname + context.url.search;
  // Read before rendering: a change made while the page renders leaves the entry already stale.
  const version = cacheable ? (context.locals.publicDataVersion ?? publicDataVersion(db())) : 0;
  const day = cacheable ? townToday() : '';
  if (cacheable) {
    const hit = pageCache.get(key, version, day);
    if (hit) {
      const headers = new Headers(hit.headers);
      headers.set('X-Page-Cache', 'hit');
      return cachedAnswer(context.request, key, hit, headers);
    }
  }

  // An action posted here: run now (a form's page then renders with its result); a fetch call is answered.
  const answered = await runAction(context);
  if (answered) return withPrivateCaching(answered, Boolean(context.locals.user));

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

  if (
    cacheable &&
    method === 'GET' &&
    response.status === 200 &&
    (response.headers.get('content-type') ?? '').startsWith('text/html') &&
    !response.headers.has('set-cookie') &&
    (context.locals.keepPageWhile?.() ?? true)
  ) {
    const headers = new Headers(response.headers);
    // The length and coding are those of whichever body is sent (see cachedAnswer).
    headers.delete('Content-Length');
    headers.delete('Content-Encoding');
    headers.append('Vary', 'Accept-Encoding');
    const entry = pageCache.set(
      key,
      { version, day, status: 200, headers: [...headers], body: Buffer.from(await response.arrayBuffer()) },
      Date.now(),
      context.locals.keepPageUntil,
    );
    headers.set('ETag', entry.etag);
    response = cachedAnswer(context.request, key, entry, headers);
  } else if (!token && (method === 'GET' || method === 'HEAD')) {
    response = await withValidator(context.request, response);
  }

  return withPrivateCaching(response, Boolean(context.locals.user));
};

/**
 * A cached page, compressed when the client accepts brotli or gzip (compressed once per entry); 304 when
 * the client names its ETag.
 */
function cachedAnswer(request: Request, key: string, entry: CachedPage, headers: Headers): Response {
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch && etagMatches(ifNoneMatch, entry.etag)) return new Response(null, { status: 304, headers });
  const coding = negotiateCoding(request.headers.get('accept-encoding'));
  if (coding) headers.set('Content-Encoding', coding);
  const body =
    request.method === 'HEAD'
      ? null
      : coding
        ? pageCache.encodedBody(key, entry, coding)
        : pageCache.plainBody(entry, key);
  return new Response(body as BodyInit | null, { status: entry.status, headers });
}

/**
 * A public page the cache does not keep (a map, a search near a place) still carries a weak ETag made from
 * what it says, so a revisit that names it gets a 304 and no body. Pages with a session or a cookie are left alone.
 */
async function withValidator(request: Request, response: Response): Promise<Response> {
  if (
    response.status !== 200 ||
    !(response.headers.get('content-type') ?? '').startsWith('text/html') ||
    response.headers.has('set-cookie') ||
    response.headers.has('etag') ||
    /no-store/.test(response.headers.get('cache-control') ?? '')
  )
    return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.set('ETag', weakEtagFor(body));
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch && etagMatches(ifNoneMatch, headers.get('ETag')!)) {
    headers.delete('Content-Length');
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : body, {
    status: 200,
    statusText: response.statusText,
    headers,
  });
}

/** Pages for signed-in users are never cached by browsers or proxies. */
function withPrivateCaching(response: Response, signedIn: boolean): Response {
  if (!signedIn) return response;
  try {
    response.headers.set('Cache-Control', 'private, no-store');
    return response;
  } catch {
    // Some responses (Response.redirect) have immutable headers: copy them.
    const headers = new Headers(response.headers);
    headers.set('Cache-Control', 'private, no-store');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
