/**
 * Failed sign-ins are limited per account and per IP, with one message for known and unknown
 * addresses alike, and session cookies carry the right flags (Secure over https behind a trusted proxy)
 * and are replaced at sign-in, so a cookie planted beforehand is worthless. The public request form and
 * alert subscriptions have limits too; every limit is hit here and answers a clear message, and a
 * client cannot dodge one by claiming another address in X-Forwarded-For. (A portal of our own, so the
 * limits do not bleed into other tests.)
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { get, postAction, sessionCookieFrom } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal({ env: { TRUST_PROXY: 'true', REQUESTS_PER_IP_PER_HOUR: '2' } });
});
afterAll(async () => {
  await portal?.stop();
});

const attempt = (email: string, password: string, cookie?: string) =>
  postAction(portal.url, '/signin', 'accounts.signIn', { email, password }, cookie);
const count = (sql: string, ...args: unknown[]) => {
  const db = new Database(path.join(portal.dataDir, 'portal.db'), { readonly: true });
  try {
    return (db.prepare(sql).get(...args) as { n: number }).n;
  } finally {
    db.close();
  }
};
/** The visible text of a page. */
const text = async (res: Response) =>
  (await res.text())
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&rsquo;|’/g, "'")
    .replace(/\s+/g, ' ');

describe('sign-in', () => {
  it('says the same thing for a wrong password and for an unknown address', async () => {
    const known = await (await attempt('officer@rotterdam.example', 'wrong password')).text();
    const unknown = await (await attempt('nobody-here@example.org', 'wrong password')).text();
    const message = 'That email and password do not match an account. Check both and try again.';
    expect(known).toContain(message);
    expect(unknown).toContain(message);
  });

  it('locks an account after 5 failures, even against the right password, with a clear message', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('clerk@rotterdam.example', `wrong ${i}`)).status).toBe(401);
    const locked = await attempt('clerk@rotterdam.example', DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toMatch(/Too many sign-in attempts\. Wait \d+ minutes? and try again/);
    expect(sessionCookieFrom(locked)).toBeUndefined();
    // Another account from the same address is not locked by it.
    expect((await attempt('admin@rotterdam.example', DEMO_PASSWORD)).status).toBe(303);
  });

  it('issues an HttpOnly, SameSite=Lax session cookie and a new one at every sign-in', async () => {
    const first = await attempt('officer@rotterdam.example', DEMO_PASSWORD);
    const setCookie = first.headers.getSetCookie().find((c) => c.startsWith('rsp_session='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // plain http here; Secure over https
    const a = sessionCookieFrom(first)!;
    // Signing in again while holding a session replaces it (no session fixation).
    const second = await attempt('officer@rotterdam.example', DEMO_PASSWORD, a);
    const b = sessionCookieFrom(second)!;
    expect(b).not.toBe(a);
    expect((await get(portal.url, '/staff', a)).status).toBe(303);
    expect((await get(portal.url, '/staff', b)).status).toBe(200);
  });

  it('an unknown or forged session cookie is ignored and cleared', async () => {
    const res = await get(portal.url, '/staff', 'rsp_session=' + 'A'.repeat(43));
    expect(res.status).toBe(303);
    expect(
      res.headers
        .getSetCookie()
        .some(
          (c) => c.startsWith('rsp_session=;') || /rsp_session=deleted|Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c),
        ),
    ).toBe(true);
  });
});

describe('sessions', () => {
  it('a session cookie planted before sign-in (even a valid one of another account) is replaced and stops working', async () => {
    const planted = sessionCookieFrom(await attempt('operator2@rotterdam.example', DEMO_PASSWORD))!;
    expect((await get(portal.url, '/operator', planted)).status).toBe(200);
    const victim = await attempt('officer@rotterdam.example', DEMO_PASSWORD, planted);
    const mine = sessionCookieFrom(victim)!;
    expect(mine).not.toBe(planted);
    expect((await get(portal.url, '/operator', planted)).status).toBe(303);
    expect((await get(portal.url, '/staff/officer', mine)).status).toBe(200);
    // A value the attacker made up is never adopted either.
    const madeUp = `rsp_session=${'Z'.repeat(43)}`;
    const next = sessionCookieFrom(await attempt('officer@rotterdam.example', DEMO_PASSWORD, madeUp))!;
    expect(next).not.toBe(madeUp);
    expect((await get(portal.url, '/staff/officer', madeUp)).status).toBe(303);
  });

  it('over https behind a trusted proxy the cookie is Secure, HttpOnly, SameSite=Lax, for the whole site, with an expiry', async () => {
    const res = await fetch(new URL('/signin?_action=accounts.signIn', portal.url), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: new URL(portal.url).origin,
        'X-Forwarded-Proto': 'https',
      },
      body: new URLSearchParams({ email: 'officer@rotterdam.example', password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(303);
    const set = res.headers.getSetCookie().find((c) => c.startsWith('rsp_session='))!;
    for (const flag of [/;\s*Secure/i, /;\s*HttpOnly/i, /;\s*SameSite=Lax/i, /;\s*Path=\//i, /;\s*Expires=/i])
      expect(set).toMatch(flag);
    expect(set).not.toMatch(/Domain=/i);
    expect(res.headers.get('strict-transport-security')).toBeTruthy();
  });

  it('signing out ends the session on the server, not just in the browser', async () => {
    const cookie = sessionCookieFrom(await attempt('admin@rotterdam.example', DEMO_PASSWORD))!;
    const out = await postAction(portal.url, '/signout', 'accounts.signOut', {}, cookie);
    expect(out.status).toBeLessThan(400);
    expect((await get(portal.url, '/staff/users', cookie)).status).toBe(303);
  });
});

describe('limits on public forms', () => {
  const slug = 'curry-road-distribution-center';
  const send = (k: number, forwardedFor?: string) =>
    fetch(new URL('/requests/new?_action=requests.submit', portal.url), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: new URL(portal.url).origin,
        ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
      },
      body: new URLSearchParams({
        formKey: `limits-key-${k}`.padEnd(43, 'z'),
        intent: 'submit',
        project: slug,
        freeText: `Records ${k}`,
        delivery: 'electronic',
        name: 'Busy Person',
        email: `busy${k}@example.org`,
      }),
    });

  it('the records request form refuses the request over the hourly limit, stores nothing, and says what to do instead', async () => {
    expect((await send(1)).status).toBe(303);
    expect((await send(2, '203.0.113.7')).status).toBe(303);
    const before = count('select count(*) as n from records_requests');
    for (const [k, ip] of [
      [3, undefined],
      [4, '198.51.100.1'],
      [5, '10.0.0.2, 203.0.113.9'],
    ] as const) {
      const over = await send(k, ip);
      expect(over.status).toBe(429);
      const body = await text(over);
      expect(body).toMatch(/Too many requests from this connection\. Wait \d+ minutes? and send it again/);
      expect(body).toContain('requests by email are always accepted');
    }
    expect(count('select count(*) as n from records_requests')).toBe(before);
    expect(
      count(
        "select count(*) as n from outbox where to_address in ('busy3@example.org', 'busy4@example.org', 'busy5@example.org')",
      ),
    ).toBe(0);
  });

  it('alert subscriptions are limited per address and per connection, with a clear message', async () => {
    const subscribe = (email: string, forwardedFor?: string) =>
      fetch(new URL('/alerts/new?_action=alerts.subscribe', portal.url), {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: new URL(portal.url).origin,
          ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
        },
        body: new URLSearchParams({ email, target: 'project', project: slug, frequency: 'immediate' }),
      });
    const message = 'Too many subscriptions were asked for from here or for this address. Wait an hour and try again.';
    // One address: 5 an hour.
    for (let i = 0; i < 5; i++) expect((await subscribe('keen@example.org')).status).toBe(303);
    const sixth = await subscribe('keen@example.org', '192.0.2.44');
    expect(sixth.status).toBe(429);
    expect(await text(sixth)).toContain(message);
    // One connection: 20 asks an hour, whatever addresses it uses (6 were made above, one refused).
    let asked = 6;
    let last: Response;
    do {
      last = await subscribe(`many${asked}@example.org`, `198.51.100.${asked}`);
      asked++;
    } while (last.status === 303 && asked < 40);
    expect(asked).toBe(21);
    expect(last.status).toBe(429);
    expect(await text(last)).toContain(message);
    expect(count("select count(*) as n from alert_subscriptions where email like 'many%'")).toBe(14);
  });
});

describe('the per-connection sign-in limit', () => {
  // Last: it locks every account out from this connection for 15 minutes.
  it('after 30 failures from one connection, even a right password is refused with the same clear message', async () => {
    let failures = 0;
    let res: Response;
    do {
      res = await fetch(new URL('/signin?_action=accounts.signIn', portal.url), {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: new URL(portal.url).origin,
          'X-Forwarded-For': `203.0.113.${failures}`,
        },
        body: new URLSearchParams({ email: `guess${failures}@example.org`, password: 'wrong password' }),
      });
      failures++;
    } while (res.status === 401 && failures < 40);
    expect(res.status).toBe(429);
    expect(failures).toBeLessThanOrEqual(31);
    // Not a smaller limit: earlier tests in this file spent a few attempts from this connection.
    expect(failures).toBeGreaterThanOrEqual(20);
    const right = await attempt('operator@rotterdam.example', DEMO_PASSWORD);
    expect(right.status).toBe(429);
    expect(await right.text()).toMatch(/Too many sign-in attempts\. Wait \d+ minutes? and try again/);
    expect(sessionCookieFrom(right)).toBeUndefined();
  });
});
