/**
 * Failed sign-ins are limited per account and per IP, with one message for known and unknown
 * addresses alike, and session cookies carry the right flags and rotate on sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/accounts.ts';
import { get, postAction, sessionCookieFrom } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.stop();
});

const attempt = (email: string, password: string, cookie?: string) => postAction(portal.url, '/signin', 'accounts.signIn', { email, password }, cookie);

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
    expect(res.headers.getSetCookie().some((c) => c.startsWith('rsp_session=;') || /rsp_session=deleted|Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c))).toBe(true);
  });
});
