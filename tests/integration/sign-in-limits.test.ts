/**
 * Failed sign-ins slow the next try rather than lock anyone out (decision 0061): per account and address
 * together, so a guesser elsewhere never keeps the real person out, and past a higher ceiling per address
 * by seconds, so a guesser in a town office does not lock out the whole office; the one-time sign-in link
 * by mail gets the real person in meanwhile. One message for known and unknown addresses alike. Session
 * cookies carry the right flags (Secure over https behind a trusted proxy) and are replaced at sign-in, so
 * a cookie planted beforehand is worthless. The public request form and alert subscriptions have limits
 * too; every limit is hit here and answers a clear message, and a client cannot dodge one by claiming
 * another address in X-Forwarded-For. Clients at different addresses send from different loopback
 * addresses (requestFrom). (A portal of our own, so the limits do not bleed into other tests.)
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { get, postAction, postActionFrom, requestFrom, sessionCookieFrom } from '../support/http.ts';
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
const attemptFrom = (from: string, email: string, password: string) =>
  postActionFrom(from, portal.url, '/signin', 'accounts.signIn', { email, password });
const askForLink = (from: string, email: string) =>
  postActionFrom(from, portal.url, '/signin', 'accounts.requestSignInLink', { email });
const useLink = (from: string, token: string) =>
  postActionFrom(from, portal.url, '/account/sign-in-link', 'accounts.signInWithLink', { token });
const openLink = (from: string, token: string) =>
  requestFrom(from, new URL(`/account/sign-in-link?token=${token}`, portal.url));
const row = <T>(sql: string, ...args: unknown[]) => {
  const db = new Database(path.join(portal.dataDir, 'portal.db'), { readonly: true });
  try {
    return db.prepare(sql).get(...args) as T;
  } finally {
    db.close();
  }
};
const count = (sql: string, ...args: unknown[]) => row<{ n: number }>(sql, ...args).n;
/** The token of the newest sign-in link mailed to `email`, from the outbox. */
const mailedLink = (email: string) => {
  const mail = row<{ text_body: string } | undefined>(
    "select text_body from outbox where kind = 'sign-in-link' and to_address = ? order by id desc limit 1",
    email,
  );
  return mail && /\/account\/sign-in-link\?token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)?.[1];
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

  it('five wrong passwords from one address slow that address for that account only: the right password from elsewhere signs in', async () => {
    const [here, elsewhere] = ['127.0.0.21', '127.0.0.22'];
    const tries = [];
    for (let i = 0; i < 8; i++) tries.push((await attemptFrom(here, 'clerk@rotterdam.example', `wrong ${i}`)).status);
    expect(tries).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // From there, even the right password waits, and is told how long and the way in that does not wait.
    const slowed = await attemptFrom(here, 'clerk@rotterdam.example', DEMO_PASSWORD);
    expect(slowed.status).toBe(429);
    expect(sessionCookieFrom(slowed)).toBeUndefined();
    const html = await slowed.text();
    const page = await text(new Response(html));
    // A minute from the fifth failure, less the moments since.
    expect(page).toMatch(
      /Too many tries from here for this account\. Wait (1 minute|[1-5]?\d seconds?), or get a one-time sign-in link by email\./,
    );
    // The link is offered first, above the password form, with the address already typed.
    expect(html.indexOf('Get in without waiting')).toBeGreaterThan(-1);
    expect(html.indexOf('Get in without waiting')).toBeLessThan(html.indexOf('name="password"'));
    expect(html).toMatch(/<input[^>]*id="link-email"[^>]*value="clerk@rotterdam\.example"/);
    // The real person at another address is not kept out by it…
    const real = await attemptFrom(elsewhere, 'clerk@rotterdam.example', DEMO_PASSWORD);
    expect(real.status).toBe(303);
    expect((await get(portal.url, '/staff/requests', sessionCookieFrom(real))).status).toBe(200);
    // …nor another account at the guesser's address.
    expect((await attemptFrom(here, 'admin@rotterdam.example', DEMO_PASSWORD)).status).toBe(303);
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

describe('many accounts tried from one address (a town office)', () => {
  it('past 30 failures the address waits seconds, not a window, and the real person there gets in by the link', async () => {
    const office = '127.0.0.31';
    let failures = 0;
    let res: Response;
    do {
      res = await attemptFrom(office, `guess${failures}@example.org`, 'wrong password');
      failures++;
    } while (res.status === 401 && failures < 40);
    expect(res.status).toBe(429);
    expect(failures).toBe(31);
    // The real person in the same office: slowed by seconds, told so, never locked out for a window.
    const right = await attemptFrom(office, 'operator@rotterdam.example', DEMO_PASSWORD);
    expect(right.status).toBe(429);
    expect(sessionCookieFrom(right)).toBeUndefined();
    expect(await text(right)).toMatch(
      /Too many tries from this connection\. Wait (\d|[1-5]\d) seconds?, or get a one-time sign-in link by email\./,
    );
    // The way in: a link by mail, from the same office, while its password tries are slowed.
    const asked = await askForLink(office, 'operator@rotterdam.example');
    expect(asked.status).toBe(303);
    expect(asked.headers.get('location')).toBe('/signin?link=sent');
    const token = mailedLink('operator@rotterdam.example')!;
    expect(token).toBeDefined();
    const used = await useLink(office, token);
    expect(used.status).toBe(303);
    expect(used.headers.get('location')).toBe('/operator');
    expect((await get(portal.url, '/operator', sessionCookieFrom(used))).status).toBe(200);
    // Elsewhere the office's guesser changes nothing.
    expect((await attemptFrom('127.0.0.32', 'operator@rotterdam.example', DEMO_PASSWORD)).status).toBe(303);
  });
});

describe('the one-time sign-in link', () => {
  const where = '127.0.0.41';
  const officer = 'officer@rotterdam.example';

  it('is mailed while the password is slowed, opens a page that only offers a button, signs in once, and never again', async () => {
    for (let i = 0; i < 5; i++) expect((await attemptFrom(where, officer, `wrong ${i}`)).status).toBe(401);
    expect((await attemptFrom(where, officer, DEMO_PASSWORD)).status).toBe(429);
    const mailsBefore = count("select count(*) n from outbox where kind = 'sign-in-link' and to_address = ?", officer);
    const asked = await askForLink(where, officer);
    expect(asked.status).toBe(303);
    expect(await text(await requestFrom(where, new URL(asked.headers.get('location')!, portal.url)))).toContain(
      'If an account exists for that address, we have sent it a one-time sign-in link. It works once and expires in 15 minutes.',
    );
    expect(count("select count(*) n from outbox where kind = 'sign-in-link' and to_address = ?", officer)).toBe(
      mailsBefore + 1,
    );
    const token = mailedLink(officer)!;
    // Only the hash is stored.
    expect(count('select count(*) n from auth_tokens where token_hash = ?', token)).toBe(0);
    // Opening it (as a mail scanner would) uses nothing up: a page with a button that posts.
    for (let i = 0; i < 2; i++) {
      const opened = await openLink(where, token);
      expect(opened.status).toBe(200);
      expect(sessionCookieFrom(opened)).toBeUndefined();
      const page = await opened.text();
      expect(page).toContain(officer);
      expect(page).toMatch(
        /<form method="POST"[^>]*accounts\.signInWithLink[\s\S]*<button type="submit">Sign in<\/button>/,
      );
    }
    const used = await useLink(where, token);
    expect(used.status).toBe(303);
    const cookie = sessionCookieFrom(used)!;
    expect((await get(portal.url, '/staff/officer', cookie)).status).toBe(200);
    expect(
      row<{ after_json: string }>(
        "select after_json from audit_log where action = 'user.sign_in' and actor_user_id = (select id from users where email = ?) order by id desc limit 1",
        officer,
      ).after_json,
    ).toBe('{"method":"link"}');
    // A second use is refused, from anywhere, and opening it again says so with the same 404 as a wrong one.
    for (const from of [where, '127.0.0.42']) {
      const again = await useLink(from, token);
      expect(again.status).toBe(400);
      expect(sessionCookieFrom(again)).toBeUndefined();
      expect(await text(again)).toContain('This link has already been used.');
    }
    expect((await openLink(where, token)).status).toBe(404);
    // A sign-in link never sets a password.
    expect((await get(portal.url, `/account/set-password?token=${token}`)).status).toBe(404);
  });

  it('is refused once expired', async () => {
    expect((await askForLink(where, officer)).status).toBe(303);
    const token = mailedLink(officer)!;
    const db = new Database(path.join(portal.dataDir, 'portal.db'));
    try {
      db.pragma('busy_timeout = 5000');
      // Fifteen minutes and a second later (the link is stored with its expiry).
      db.prepare("update auth_tokens set expires_at = ? where purpose = 'sign-in' and used_at is null").run(
        Date.now() - 1000,
      );
    } finally {
      db.close();
    }
    expect((await openLink(where, token)).status).toBe(404);
    const used = await useLink(where, token);
    expect(used.status).toBe(400);
    expect(sessionCookieFrom(used)).toBeUndefined();
    expect(await text(used)).toContain('This link has expired. Ask for a new one.');
  });

  it('answers the same for an address without an account, and mails nothing there', async () => {
    const before = count("select count(*) n from outbox where kind = 'sign-in-link'");
    const asked = await askForLink('127.0.0.43', 'nobody-here@example.org');
    expect(asked.status).toBe(303);
    expect(asked.headers.get('location')).toBe('/signin?link=sent');
    expect(count("select count(*) n from outbox where kind = 'sign-in-link'")).toBe(before);
  });

  it('is asked for at most three times an hour from one address for one account, with a clear message', async () => {
    const from = '127.0.0.44';
    for (let i = 0; i < 3; i++) expect((await askForLink(from, 'operator2@rotterdam.example')).status).toBe(303);
    const over = await askForLink(from, 'operator2@rotterdam.example');
    expect(over.status).toBe(429);
    expect(await text(over)).toMatch(/Too many sign-in links were asked for\. Wait \d+ minutes? and ask again\./);
  });
});
