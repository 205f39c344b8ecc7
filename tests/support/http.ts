/** Real HTTP helpers for integration tests: sign in, post forms to actions (with Origin, as a browser does). */
import http from 'node:http';

export type Fields = Record<string, string | string[] | number | undefined>;

export function formBody(fields: Fields): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) body.append(k, String(item));
  }
  return body;
}

/** POST a form to `path` running `action` (e.g. "accounts.signIn"), without following redirects. */
export async function postAction(
  base: string,
  path: string,
  action: string,
  fields: Fields,
  cookie?: string,
): Promise<Response> {
  const url = new URL(path, base);
  url.searchParams.set('_action', action);
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: new URL(base).origin,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: formBody(fields),
  });
}

export function sessionCookieFrom(res: Response): string | undefined {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('rsp_session='));
  if (!set) return undefined;
  const value = set.split(';')[0];
  return value === 'rsp_session=' ? undefined : value;
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await postAction(base, '/signin', 'accounts.signIn', { email, password });
  const cookie = sessionCookieFrom(res);
  if (res.status !== 303 || !cookie) throw new Error(`Sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return cookie;
}

export function get(base: string, path: string, cookie?: string): Promise<Response> {
  return fetch(new URL(path, base), { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
}

/**
 * Run `task` over every item with at most `concurrency` at once (a sweep of thousands of requests
 * overlaps its round trips instead of waiting for each in turn). Resolves when all are done; the first
 * failure rejects after the tasks in flight settle.
 */
export async function eachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (next < items.length && failure === undefined) {
      const item = items[next++];
      try {
        await task(item);
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failure !== undefined) throw failure;
}

/**
 * A request sent from another loopback address (127.0.0.2, 127.0.0.3, …: Linux answers the whole
 * 127.0.0.0/8), so the server sees a different client address on the socket itself, as it would from
 * another machine; X-Forwarded-For would not do, as a client's is not believed. Answers a fetch Response.
 */
export function requestFrom(
  from: string,
  url: URL,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, localAddress: from },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of Array.isArray(value) ? value : value == null ? [] : [value]) headers.append(name, v);
          }
          const status = res.statusCode ?? 0;
          resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers }));
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** postAction, sent from another loopback address (see requestFrom). */
export function postActionFrom(
  from: string,
  base: string,
  path: string,
  action: string,
  fields: Fields,
  cookie?: string,
): Promise<Response> {
  const url = new URL(path, base);
  url.searchParams.set('_action', action);
  return requestFrom(from, url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: new URL(base).origin,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: formBody(fields).toString(),
  });
}
