/**
 * Applying online, on the running portal: an applicant asks for an account (the page says the same for an address
 * that has one; that address is told by mail), confirms it by choosing a password, and files the application, the
 * NOI facts and the SWPPP with an attachment. Filing registers the project unpublished, in review, with the SWPPP's
 * receipt today (the officer's clock) and mails a receipt; a refused form keeps what was typed. Another operator
 * cannot see it. The clerk's check asks what is lacking, the applicant adds it, the clerk finds it complete and the
 * project page becomes public; the fees and payment make the invoice the applicant sees. Each step is audited.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { expectSeeOther, postMultipart } from '../support/attack.ts';
import { get, postAction, sessionCookieFrom, signIn } from '../support/http.ts';

const base = inject('baseURL');
const dataDir = inject('dataDir');
const email = `applicant-${Date.now()}@builder.example`;
const PASSWORD = 'a long and careful passphrase 42';

let applicant: string;
let applicationId: number;

function query<T>(sql: string, ...args: unknown[]): T {
  const conn = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
  try {
    return conn.prepare(sql).get(...args) as T;
  } finally {
    conn.close();
  }
}

async function pdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  return doc.save();
}

const FIELDS = {
  name: 'Mariaville Road Townhomes',
  description: 'Twelve townhomes with a private drive and a stormwater pond.',
  siteAddress: '2900 Mariaville Road',
  zip: '12306',
  kind: 'major',
  totalSiteAcres: '6.2',
  disturbedAcres: '3.9',
  plannedStartOn: '2027-04-01',
  spdesPermitId: '',
  noiReceivedOn: '',
  companyName: 'Mariaville Builders LLC',
  contactName: 'Pat Ortega',
  phone: '518-555-0142',
  swpppDate: townToday(),
  certify: 'yes',
};

beforeAll(async () => {
  const asked = await postAction(base, '/apply', 'applications.signUp', { name: 'Pat Ortega', email });
  expect(asked.status).toBe(303);
  const mail = query<{ text_body: string }>(
    "select text_body from outbox where to_address = ? and kind = 'applicant-confirm'",
    email,
  );
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
  const set = await postAction(base, `/account/set-password?token=${token}`, 'accounts.setPassword', {
    token,
    password: PASSWORD,
    confirm: PASSWORD,
  });
  expect(set.status).toBe(303);
  applicant = sessionCookieFrom(set) ?? (await signIn(base, email, PASSWORD));
});

describe('an applicant’s account', () => {
  it('is an operator’s account with no project, confirmed by the mailed link', () => {
    const row = query<{ roles: string; projects: number; hash: string | null }>(
      `select group_concat(r.role) roles, (select count(*) from project_members m where m.user_id = u.id) projects,
              u.password_hash hash
         from users u join user_roles r on r.user_id = u.id where u.email = ? group by u.id`,
      email,
    );
    expect(row).toMatchObject({ roles: 'operator', projects: 0 });
    expect(row.hash).toBeTruthy();
  });

  it('answers an address that has an account as any other, and tells the address by mail', async () => {
    const before = query<{ n: number }>('select count(*) n from users').n;
    const res = await postAction(base, '/apply', 'applications.signUp', {
      name: 'Someone',
      email: 'operator@rotterdam.example',
    });
    expect(await expectSeeOther(res, 'sign-up with a known address')).toBe('/apply?sent=1');
    expect(query<{ n: number }>('select count(*) n from users').n).toBe(before);
    expect(
      query<{ n: number }>(
        "select count(*) n from outbox where to_address = 'operator@rotterdam.example' and kind = 'applicant-account-exists'",
      ).n,
    ).toBeGreaterThan(0);
  });
});

describe('filing the application', () => {
  it('refuses a form without the certification or with a bad permit ID, beside each field, keeping what was typed', async () => {
    const res = await postMultipart(
      base,
      '/operator/applications/new',
      { ...FIELDS, certify: '', spdesPermitId: 'NY-123' },
      { swppp: [{ bytes: await pdf(4), name: 'swppp.pdf', type: 'application/pdf' }] },
      applicant,
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('Certify that the application is true');
    expect(html).toContain('NYR followed by letters and digits');
    expect(html).toContain('value="2900 Mariaville Road"');
    expect(html).toContain('Choose the SWPPP and its attachments again');
    expect(query<{ n: number }>('select count(*) n from projects where name = ?', FIELDS.name).n).toBe(0);
  });

  it('registers the project unpublished and in review, the SWPPP received today, and mails a receipt', async () => {
    const res = await postMultipart(
      base,
      '/operator/applications/new',
      FIELDS,
      {
        swppp: [{ bytes: await pdf(4), name: 'swppp.pdf', type: 'application/pdf' }],
        attachments: [{ bytes: await pdf(2), name: 'hydrology.pdf', type: 'application/pdf' }],
      },
      applicant,
    );
    const where = await expectSeeOther(res, 'the application');
    applicationId = Number(/\/operator\/applications\/(\d+)\?filed=1$/.exec(where)![1]);
    const row = query<{ published: number; status: string; slug: string; received_on: string; docs: number }>(
      `select p.published, p.status, p.slug, r.received_on,
              (select count(*) from documents d where d.project_id = p.id) docs
         from permit_applications a join projects p on p.id = a.project_id
         join swppp_reviews r on r.project_id = p.id where a.id = ?`,
      applicationId,
    );
    expect(row).toMatchObject({ published: 0, status: 'swppp_review', received_on: townToday(), docs: 2 });
    expect((await get(base, `/projects/${row.slug}`)).status).toBe(404);
    expect(
      query<{ n: number }>(
        "select count(*) n from outbox where to_address = ? and kind = 'application-received'",
        email,
      ).n,
    ).toBe(1);
    const page = await (await get(base, `/operator/applications/${applicationId}`, applicant)).text();
    expect(page).toContain('the clerk has not yet checked');
    expect(page).toContain('Day 0 of 30');
    expect(page).toContain('hydrology');
  });

  it('is not shown to another operator', async () => {
    const other = await signIn(base, 'operator@rotterdam.example', DEMO_PASSWORD);
    expect((await get(base, `/operator/applications/${applicationId}`, other)).status).toBe(404);
  });
});

describe('the clerk’s check, fees and payment', () => {
  let clerk: string;
  const page = () => `/staff/applications/${applicationId}`;
  beforeAll(async () => {
    clerk = await signIn(base, 'clerk@rotterdam.example', DEMO_PASSWORD);
  });

  it('asks what an incomplete application lacks, and tells the applicant', async () => {
    const bare = await postAction(
      base,
      page(),
      'applications.intake',
      { applicationId, outcome: 'incomplete', on: townToday(), note: '' },
      clerk,
    );
    expect(bare.status).toBe(400);
    expect(await bare.text()).toContain('Say what the application lacks');
    await expectSeeOther(
      postAction(
        base,
        page(),
        'applications.intake',
        { applicationId, outcome: 'incomplete', on: townToday(), note: 'The owner’s signed consent.' },
        clerk,
      ),
      'incomplete',
    );
    const mine = await (await get(base, `/operator/applications/${applicationId}`, applicant)).text();
    expect(mine).toContain('The owner’s signed consent.');
    expect(mine).toContain('Add what the application lacks');
  });

  it('takes what the applicant adds, and then publishes the project when found complete', async () => {
    await expectSeeOther(
      postMultipart(
        base,
        `/operator/applications/${applicationId}`,
        { note: 'Owner consent' },
        { attachments: [{ bytes: await pdf(1), name: 'consent.pdf', type: 'application/pdf' }] },
        applicant,
      ),
      'the supplement',
    );
    expect(query<{ intake: string }>('select intake from permit_applications where id = ?', applicationId).intake).toBe(
      'submitted',
    );
    await expectSeeOther(
      postAction(base, page(), 'applications.intake', { applicationId, outcome: 'complete', on: townToday() }, clerk),
      'complete',
    );
    const slug = query<{ slug: string }>(
      'select p.slug from permit_applications a join projects p on p.id = a.project_id where a.id = ?',
      applicationId,
    ).slug;
    expect((await get(base, `/projects/${slug}`)).status).toBe(200);
  });

  it('lists the fees and the payment on the invoice the applicant sees', async () => {
    await expectSeeOther(
      postAction(
        base,
        page(),
        'applications.addFee',
        { applicationId, description: 'Site development permit application fee', amount: '150', on: townToday() },
        clerk,
      ),
      'fee',
    );
    let mine = await (await get(base, `/operator/applications/${applicationId}`, applicant)).text();
    expect(mine).toContain('$150.00 due of $150.00');
    await expectSeeOther(
      postAction(
        base,
        page(),
        'applications.recordPayment',
        { applicationId, amount: '150.00', method: 'check', reference: '1042', on: townToday() },
        clerk,
      ),
      'payment',
    );
    mine = await (await get(base, `/operator/applications/${applicationId}`, applicant)).text();
    expect(mine).toContain('Paid in full ($150.00)');
    const audited = query<{ actions: string }>(
      "select group_concat(action) actions from audit_log where entity_type = 'permit_application' and entity_id = ?",
      String(applicationId),
    ).actions;
    for (const a of [
      'application.file',
      'application.intake_incomplete',
      'application.supplement',
      'application.intake_complete',
      'application.fee',
      'application.payment',
    ])
      expect(audited).toContain(a);
  });

  it('is refused to an operator', async () => {
    expect((await get(base, page(), applicant)).status).toBe(403);
  });
});
