/**
 * Mail through a real SMTP server: an invitation arrives, its link sets the password once, and mail
 * written while the SMTP server is down stays queued and goes out when it is back.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#lib/server/platform/db.ts';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { get, postAction, sessionCookieFrom, signIn } from '../support/http.ts';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';
import { freePort, startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
let mailbox: Mailbox;
let smtpPort: number;

beforeAll(async () => {
  smtpPort = await freePort();
  mailbox = await startMailbox(smtpPort);
  portal = await startPortal({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_RETRY_BASE_MS: '300', MAIL_POLL_MS: '200' },
  });
});

afterAll(async () => {
  await portal?.stop();
  await mailbox?.close();
});

function linkIn(text: string): string {
  const m = text.match(/https?:\/\/\S+\/account\/set-password\?token=[A-Za-z0-9_-]+/);
  if (!m) throw new Error(`No set-password link in:\n${text}`);
  return m[0];
}

async function invite(admin: string, email: string, name: string) {
  const res = await postAction(
    portal.url,
    '/staff/users',
    'accounts.inviteUser',
    { email, name, roles: 'clerk' },
    admin,
  );
  expect(res.status, await res.clone().text()).toBe(303);
}

describe('invitations by email', () => {
  it('arrives over SMTP; its link sets the password once and then fails', async () => {
    const admin = await signIn(portal.url, 'admin@rotterdam.example', DEMO_PASSWORD);
    await invite(admin, 'new.clerk@example.org', 'Pat New');

    const mail = await mailbox.waitFor((m) => addressedTo(m, 'new.clerk@example.org'));
    expect(mail.subject).toBe('You are invited to the Rotterdam Stormwater Portal');
    expect(mail.text).toContain('Hello Pat New,');
    expect(mail.html).toContain('Set your password');
    const link = new URL(linkIn(mail.text!));

    const page = await get(portal.url, link.pathname + link.search);
    expect(await page.text()).toContain('Welcome, Pat New.');

    const token = link.searchParams.get('token')!;
    const good = 'a long new password 42';
    const set = await postAction(portal.url, '/account/set-password', 'accounts.setPassword', {
      token,
      password: good,
      confirm: good,
    });
    expect(set.status).toBe(303);
    expect(sessionCookieFrom(set)).toBeDefined();
    await signIn(portal.url, 'new.clerk@example.org', good);

    const again = await postAction(portal.url, '/account/set-password', 'accounts.setPassword', {
      token,
      password: 'another password 99',
      confirm: 'another password 99',
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('This link has already been used');
    await expect(signIn(portal.url, 'new.clerk@example.org', 'another password 99')).rejects.toThrow();
  });

  it('keeps mail queued while the SMTP server is down and delivers it once it is back', async () => {
    const admin = await signIn(portal.url, 'admin@rotterdam.example', DEMO_PASSWORD);
    await mailbox.close();

    await invite(admin, 'while.down@example.org', 'Robin Down');
    const db = openDatabase(path.join(portal.dataDir, 'portal.db'));
    const row = () =>
      db.$client
        .prepare("select status, attempts, last_error from outbox where to_address = 'while.down@example.org'")
        .get() as {
        status: string;
        attempts: number;
        last_error: string | null;
      };
    // Written at once, in the same transaction as the account.
    expect(row().status).toBe('queued');
    await expect.poll(() => row().attempts, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(row().status).toBe('queued');
    expect(row().last_error).toMatch(/ECONNREFUSED|connect/i);

    mailbox = await startMailbox(smtpPort);
    const mail = await mailbox.waitFor((m) => addressedTo(m, 'while.down@example.org'), 30_000);
    expect(mail.subject).toContain('invited');
    await expect.poll(() => row().status, { timeout: 10_000 }).toBe('sent');
    db.$client.close();
  }, 60_000);
});
