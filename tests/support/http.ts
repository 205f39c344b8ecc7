/** Real HTTP helpers for integration tests: sign in, post forms to actions (with Origin, as a browser does). */

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
