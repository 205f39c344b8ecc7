/**
 * The demo town keeps private and public contact details apart: no records requester's email address or
 * phone number is also a public party's (owner, preparer, inspector, contractor) or the town office's.
 * Otherwise a test that a public page leaks no requester's number could pass or fail by coincidence, and
 * a demo would seem to show a private detail in public. Read from the seeded demo template, untouched
 * by other tests.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUESTER_PHONES } from '#db/seed/names.ts';
import { townOfficeLines } from '#lib/server/projects/site-posting.ts';
import { ROTTERDAM_WORDS } from '#db/seed/town-profiles.ts';
import { demoTemplate } from '../support/portal.ts';

const digits = (phone: string) => phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');

let db: Database.Database;
beforeAll(() => {
  const template = demoTemplate();
  expect(template, 'the vitest global setup seeds the demo template').toBeDefined();
  db = new Database(path.join(template!, 'portal.db'), { readonly: true });
});
afterAll(() => db?.close());

describe('demo contact details', () => {
  it('no requester shares an email address or phone number with a public party or the town office', () => {
    const requesters = db
      .prepare('select requester_email as email, requester_phone as phone from records_requests')
      .all() as Array<{ email: string | null; phone: string | null }>;
    const parties = db.prepare('select email, phone from parties').all() as Array<{
      email: string | null;
      phone: string | null;
    }>;
    expect(requesters.some((r) => r.phone)).toBe(true);
    expect(parties.filter((p) => p.phone).length).toBeGreaterThan(50);

    const publicEmails = new Set(parties.map((p) => p.email?.trim().toLowerCase()).filter(Boolean));
    const publicPhones = new Set(parties.map((p) => p.phone && digits(p.phone)).filter(Boolean));
    for (const line of townOfficeLines(ROTTERDAM_WORDS))
      for (const m of line.match(/\(\d{3}\) \d{3}-\d{4}/g) ?? []) publicPhones.add(digits(m));

    const clashes = requesters.flatMap((r) => [
      ...(r.email && publicEmails.has(r.email.trim().toLowerCase()) ? [r.email] : []),
      ...(r.phone && publicPhones.has(digits(r.phone)) ? [r.phone] : []),
    ]);
    expect(clashes).toEqual([]);
  });

  it('requesters’ numbers come from their own block of the fictional 555-01xx range', () => {
    const requesterBlock = new Set(REQUESTER_PHONES.map(digits));
    const phones = (
      db
        .prepare('select requester_phone as phone from records_requests where requester_phone is not null')
        .all() as Array<{ phone: string }>
    ).map((r) => r.phone);
    for (const p of phones) expect(requesterBlock.has(digits(p)), p).toBe(true);
    const partyPhones = (
      db.prepare('select phone from parties where phone is not null').all() as Array<{ phone: string }>
    ).map((r) => r.phone);
    for (const p of partyPhones) expect(requesterBlock.has(digits(p)), p).toBe(false);
  });
});
