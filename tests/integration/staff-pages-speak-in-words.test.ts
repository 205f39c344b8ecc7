/**
 * Staff pages name what happened and what a field is about in words, never by a code: the admin's recent
 * activity says "Signed in (User 1)", not `user.sign_in (user 1)`; the compliance rules page labels each
 * citation by its duty ("Citation: Inspection within 24 hours after a storm"), not by a key ("post storm").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { AUDIT_ACTIONS } from '#lib/server/platform/audit-actions.ts';
import { get, signIn } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';
import { htmlText } from '../support/crawl.ts';

let portal: Portal;
let admin: string;

beforeAll(async () => {
  portal = await startPortal();
  admin = await signIn(portal.url, 'admin@rotterdam.example', DEMO_PASSWORD);
}, 120_000);

afterAll(async () => {
  await portal?.stop();
});

describe('staff pages speak in words', () => {
  it("the admin's recent activity names each change in words and links to it", async () => {
    const html = await (await get(portal.url, '/staff', admin)).text();
    const text = htmlText(html);
    expect(text).toMatch(new RegExp(`${AUDIT_ACTIONS['user.sign_in']} \\( ?User \\d+ ?\\)`));
    for (const code of Object.keys(AUDIT_ACTIONS)) expect(text, code).not.toContain(code);
    expect(html).toMatch(/href="\/staff\/audit\?entity=user&amp;id=\d+"/);
  });

  it('the compliance rules page labels each citation by the duty it cites', async () => {
    const text = htmlText(await (await get(portal.url, '/staff/compliance/rules', admin)).text());
    expect(text).toContain('Citation: Inspection within 24 hours after a storm');
    expect(text).toContain('Citation: Notice 48 hours before an inspection milestone');
    expect(text).not.toMatch(/Citation: (post storm|five acres|corrective date|pre construction)\b/);
  });
});
