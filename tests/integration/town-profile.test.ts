/**
 * Issue 21: the town profile over real HTTP against one portal. The admin changes the clerk's office
 * and the logo at /staff/settings; pages, the invoice (HTML and PDF), feeds and mail read the new words;
 * each save is audited; a logo that is not a PNG or JPEG by its bytes is refused and leaves nothing
 * changed; a wrong field is answered beside it with what was typed kept.
 */
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { ROTTERDAM_PROFILE } from '#db/seed/town-profiles.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { townProfileValues } from '#lib/shared/town-profile.ts';
import { get, signIn } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
let db: DB;
let admin: string;
let clerk: string;
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;

// A 1x1 PNG.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

function post(fields: Record<string, string>, logo?: { bytes: Uint8Array; name: string; type: string }): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (logo) form.append('logo', new Blob([logo.bytes], { type: logo.type }), logo.name);
  return fetch(new URL('/staff/settings', portal.url), { method: 'POST', body: form, redirect: 'manual', headers: { Origin: new URL(portal.url).origin, Cookie: admin } });
}

beforeAll(async () => {
  portal = await startPortal();
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  admin = await signIn(portal.url, 'admin@rotterdam.example', DEMO_PASSWORD);
  clerk = await signIn(portal.url, 'clerk@rotterdam.example', DEMO_PASSWORD);
}, 60_000);
afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
});

describe('the town profile', () => {
  it('shows the demo town on every page, read from its profile', async () => {
    const home = await (await get(portal.url, '/')).text();
    expect(home).toContain('Rotterdam Stormwater Portal<small>Town of Rotterdam, New York</small>');
    const form = await (await get(portal.url, '/staff/settings', admin)).text();
    expect(form).toContain('value="1100 Sunrise Boulevard, Rotterdam, NY 12306"');
    expect((await get(portal.url, '/staff/settings', clerk)).status).toBe(403);
  });

  it('refuses a logo that is not an image by its bytes, and a name with "Town of", keeping what was typed', async () => {
    const before = one<{ value: string }>("select value from settings where key = 'town_profile'").value;
    const values = { ...townProfileValues(ROTTERDAM_PROFILE), 'clerkOffice.address': '12 Typed Street, Rotterdam, NY 12306' };
    const fake = await post(values, { bytes: new TextEncoder().encode('<svg onload="alert(1)"/>'), name: 'logo.png', type: 'image/png' });
    expect(fake.status).toBe(400);
    const page = await fake.text();
    expect(page).toMatch(/PNG or JPEG|PNG image or JPEG|JPEG/);
    expect(page).toContain('value="12 Typed Street, Rotterdam, NY 12306"');
    const named = await post({ ...values, name: 'Town of Rotterdam' });
    expect(named.status).toBe(400);
    expect(await named.text()).toContain('Enter the name alone: the portal adds “Town of”.');
    expect(one<{ value: string }>("select value from settings where key = 'town_profile'").value).toBe(before);
  });

  it('saves the clerk’s new address and a logo: audited, and the next invoice, its PDF and the pages show them', async () => {
    const values = { ...townProfileValues(ROTTERDAM_PROFILE), 'clerkOffice.address': '40 Canal Street, Rotterdam, NY 12306', signature: 'Highway Department: Stormwater' };
    const res = await post(values, { bytes: PNG, name: 'seal.png', type: 'image/png' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/staff/settings?saved=1');
    const audit = one<{ before_json: string; after_json: string }>("select before_json, after_json from audit_log where action = 'town_profile.update' order by id desc limit 1");
    expect(JSON.parse(audit.before_json).clerkOffice.address).toBe('1100 Sunrise Boulevard, Rotterdam, NY 12306');
    expect(JSON.parse(audit.after_json).clerkOffice.address).toBe('40 Canal Street, Rotterdam, NY 12306');

    const logo = await get(portal.url, '/town-logo');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(await (await get(portal.url, '/')).text()).toContain('<img class="site-logo" src="/town-logo"');

    const inv = one<{ request_id: number }>("select request_id from invoices where status = 'issued' order by id limit 1");
    const sheet = await (await get(portal.url, `/staff/requests/${inv.request_id}/invoice`, clerk)).text();
    expect(sheet).toContain("Town Clerk&#39;s office, 40 Canal Street, Rotterdam, NY 12306");
    expect(sheet).not.toContain('1100 Sunrise Boulevard');
    const pdf = await PDFDocument.load(new Uint8Array(await (await get(portal.url, `/staff/requests/${inv.request_id}/invoice.pdf`, clerk)).arrayBuffer()), { updateMetadata: false });
    expect(pdf.getAuthor()).toBe('Town of Rotterdam, Town Clerk');

    const feed = await (await get(portal.url, '/feeds/town.atom')).text();
    expect(feed).toContain('<author><name>Town of Rotterdam, Highway Department: Stormwater</name></author>');
    const ics = await (await get(portal.url, '/feeds/calendar.ics')).text();
    expect(ics).toContain('PRODID:-//Town of Rotterdam//Stormwater Portal//EN');
  });
});
