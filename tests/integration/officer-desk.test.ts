/**
 * The officer's desk over real HTTP against the built portal (demo town): registering a project from its
 * NOI, attachments and the SWPPP clocks, enforcement with fines and stop-work orders, the town-wide page
 * and its Atom feed, 48-hour notices and the private calendar feed. These tests change project statuses
 * and publication, so they run on a portal of their own, not the shared one other files count against.
 */
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { addDays, daysBetween } from '#lib/shared/days.ts';
import { formatDay } from '#lib/shared/format.ts';
import { calendarDayPeriod } from '#lib/server/platform/time/periods.rules.ts';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { loadCalendar } from '#lib/server/platform/time/calendar.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { swpppCorrectionDeadline } from '#lib/server/enforcement/actions.rules.ts';

import { townToday } from '#lib/server/platform/time/town-time.ts';
import { findingsPrecededByReminder } from '#lib/server/reminders/reminders.ts';
import { get, postAction, signIn, type Fields } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
let base: string;
let dataDir: string;
let db: DB;
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;
const today = townToday();

let officer: string;
let clerk: string;
let operator: string;

beforeAll(async () => {
  portal = await startPortal();
  base = portal.url;
  dataDir = portal.dataDir;
  db = openDatabase(path.join(dataDir, 'portal.db'));
  officer = await signIn(base, 'officer@rotterdam.example', DEMO_PASSWORD);
  clerk = await signIn(base, 'clerk@rotterdam.example', DEMO_PASSWORD);
  operator = await signIn(base, 'operator@rotterdam.example', DEMO_PASSWORD);
});

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
});

const text = async (res: Response) =>
  (await res.text())
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, ' ');

async function pdf(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]).drawText(`Page ${i + 1}`, { x: 72, y: 700 });
  return doc.save();
}

async function upload(
  pathname: string,
  fields: Record<string, string>,
  file: { bytes: Uint8Array; name: string; type: string },
  cookie: string,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file.bytes as BlobPart], { type: file.type }), file.name);
  return fetch(new URL(pathname, base), {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: new URL(base).origin, Cookie: cookie },
    body: form,
  });
}

function storedFiles(): number {
  const dir = path.join(dataDir, 'files');
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => /[a-f0-9]{64}$/.test(f)).length;
}

const NOI: Fields = {
  name: 'Schermerhorn Road Warehouse',
  description: 'A 40,000 square foot warehouse with truck parking on a former farm field, draining to a new wet pond.',
  siteAddress: '3100 Schermerhorn Road',
  crossStreet: 'Burdeck Street',
  zip: '12306',
  latitude: '42.7950',
  longitude: '-74.0011',
  taxMapParcels: '59.12-4-7',
  kind: 'major',
  status: 'swppp_review',
  natureOfActivity: 'new_construction',
  preDevelopmentLandUse: 'Hay field',
  postDevelopmentLandUse: 'Warehouse and parking',
  totalSiteAcres: '9.5',
  disturbedAcres: '6.2',
  maxDisturbedAtOnceAcres: '4.8',
  existingImperviousAcres: '0',
  futureImperviousAcres: '4.1',
  phasing: 'Two phases: pond and building pad, then parking.',
  phaseCount: '2',
  drainsToMs4: 'on',
  postConstructionPractices: 'wet pond, bioretention',
  plannedStartOn: addDays(today, 60),
  plannedCompletionOn: addDays(today, 400),
  noiReceivedOn: today,
  ownerCompany: 'Schermerhorn Logistics, LLC',
  ownerContact: 'Pat Doyle',
  ownerTitle: 'Development Manager',
  ownerPhone: '(518) 555-0133',
  ownerEmail: 'pdoyle@example.com',
  waterName: 'Plotter Kill',
  waterType: 'stream',
};

describe('registering and maintaining a project', () => {
  let slug: string;
  let projectId: number;

  it('the officer registers a project from its NOI; unpublished, residents cannot see it', async () => {
    const res = await postAction(base, '/staff/projects/new', 'registry.createProject', NOI, officer);
    expect(res.status).toBe(303);
    slug = new URL(res.headers.get('location')!, base).pathname.split('/').pop()!;
    expect(slug).toBe('schermerhorn-road-warehouse');
    const row = one<Record<string, unknown>>('select * from projects where slug = ?', slug);
    projectId = row.id as number;
    expect(row).toMatchObject({
      published: 0,
      status: 'swppp_review',
      disturbed_acres: 6.2,
      latitude: 42.795,
      drains_to_ms4: 1,
      nature_of_activity: 'new_construction',
    });
    expect(
      one<{ n: number }>("select count(*) n from parties where project_id = ? and role = 'owner_operator'", projectId)
        .n,
    ).toBe(1);
    expect(one<{ name: string }>('select name from receiving_waters where project_id = ?', projectId).name).toBe(
      'Plotter Kill',
    );
    expect((await get(base, `/projects/${slug}`)).status).toBe(404);
  });

  it('checks the NOI across fields and says so beside each field, keeping what was typed', async () => {
    const res = await postAction(
      base,
      '/staff/projects/new',
      'registry.createProject',
      { ...NOI, name: 'Bad pin', disturbedAcres: '12', latitude: '40.7', spdesPermitId: 'ABC123' },
      officer,
    );
    expect(res.status).not.toBe(303);
    const body = await res.text();
    expect(body).toContain('The disturbed area cannot be larger than the whole site.');
    expect(body).toContain('That latitude is outside the area the portal serves');
    expect(body).toContain('NYR followed by letters and digits');
    expect(body).toContain('value="Bad pin"');
    expect(body).toMatch(/aria-describedby="f-disturbedAcres-error"/);
  });

  it('publishing shows it to residents; after that its web address can never change', async () => {
    expect(
      (
        await postAction(
          base,
          `/staff/projects/${slug}`,
          'registry.setPublished',
          { projectId, published: 'yes' },
          officer,
        )
      ).status,
    ).toBe(303);
    expect((await get(base, `/projects/${slug}`)).status).toBe(200);
    const res = await postAction(
      base,
      `/staff/projects/${slug}/edit`,
      'registry.updateProject',
      { ...NOI, projectId, slug: 'a-new-name' },
      officer,
    );
    expect(res.status).not.toBe(303);
    expect(await res.text()).toContain('The web address cannot change once the project has been published');
    // Unpublishing and publishing again keeps the address.
    await postAction(base, `/staff/projects/${slug}`, 'registry.setPublished', { projectId, published: 'no' }, officer);
    expect((await get(base, `/projects/${slug}`)).status).toBe(404);
    await postAction(
      base,
      `/staff/projects/${slug}`,
      'registry.setPublished',
      { projectId, published: 'yes' },
      officer,
    );
    expect((await get(base, `/projects/${slug}`)).status).toBe(200);
  });

  it('a clerk edits the NOI record; every change appears in the history with before and after', async () => {
    const res = await postAction(
      base,
      `/staff/projects/${slug}/edit`,
      'registry.updateProject',
      { ...NOI, projectId, slug, disturbedAcres: '6.8', spdesPermitId: 'nyr10k777' },
      clerk,
    );
    expect(res.status).toBe(303);
    expect(
      one<{ spdes_permit_id: string }>('select spdes_permit_id from projects where id = ?', projectId).spdes_permit_id,
    ).toBe('NYR10K777');
    const page = await text(await get(base, `/staff/projects/${slug}`, officer));
    expect(page).toContain('Dana Kowalski: Edited the NOI record');
    expect(page).toContain('Area to be disturbed (acres): 6.2 → 6.8');
    expect(page).toContain('State permit ID (SPDES): — → NYR10K777');
    expect(page).toContain('Published the project');
    expect(page).toContain('Registered the project');
  });

  it('adds a contractor with its signed certification and assigns the operator account', async () => {
    const add = await postAction(
      base,
      `/staff/projects/${slug}/parties`,
      'registry.saveParty',
      {
        projectId,
        role: 'contractor',
        companyName: 'Ridgeline Sitework',
        contactName: 'Ann Lee',
        measures: 'Silt fence, construction entrance',
        certifiedOn: today,
      },
      officer,
    );
    expect(add.status).toBe(303);
    const noMeasures = await postAction(
      base,
      `/staff/projects/${slug}/parties`,
      'registry.saveParty',
      { projectId, role: 'subcontractor', companyName: 'No Measures Inc' },
      officer,
    );
    expect(await noMeasures.text()).toContain('Name the SWPPP measures this contractor implements');
    const operatorId = one<{ id: number }>("select id from users where email = 'operator2@rotterdam.example'").id;
    expect(
      (
        await postAction(
          base,
          `/staff/projects/${slug}`,
          'registry.setOperators',
          { projectId, userIds: [String(operatorId)] },
          officer,
        )
      ).status,
    ).toBe(303);
    expect(
      one<{ n: number }>(
        'select count(*) n from project_members where project_id = ? and user_id = ?',
        projectId,
        operatorId,
      ).n,
    ).toBe(1);
    const adminId = one<{ id: number }>("select id from users where email = 'admin@rotterdam.example'").id;
    const bad = await postAction(
      base,
      `/staff/projects/${slug}`,
      'registry.setOperators',
      { projectId, userIds: [String(adminId)] },
      officer,
    );
    expect(await bad.text()).toContain('Choose only accounts that have the operator role');
  });

  it('attaching the SWPPP opens its review with the 30-day completeness clock; the officer approves it with conditions', async () => {
    const before = storedFiles();
    const res = await upload(
      `/staff/projects/${slug}/documents`,
      { type: 'swppp', title: 'Stormwater Pollution Prevention Plan', documentDate: today, public: 'on' },
      { bytes: await pdf(3), name: 'swppp.pdf', type: 'application/pdf' },
      officer,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('review=opened');
    expect(storedFiles()).toBe(before + 1);
    const doc = one<{ id: number; page_count: number; public: number; review_status: string }>(
      "select * from documents where project_id = ? and type = 'swppp'",
      projectId,
    );
    expect(doc).toMatchObject({ page_count: 3, public: 1, review_status: 'filed' });
    const review = one<{ id: number; received_on: string; document_id: number }>(
      'select * from swppp_reviews where project_id = ?',
      projectId,
    );
    expect(review).toMatchObject({ received_on: today, document_id: doc.id });

    let page = await text(await get(base, `/staff/projects/${slug}/swppp`, officer));
    // Day 30 after receipt, run on to the next business day when it is a closed one (on 2026-12-02 it is
    // New Year's Day, so 33 days): computed by the law's rule for whatever day the suite runs.
    const due = calendarDayPeriod(today, 30, loadCalendar(db)).dueOn;
    expect(page).toContain(`Completeness determination due ${formatDay(due)} (${daysBetween(today, due)} days left)`);
    // The review day, counted forward from the receipt by the one function (decision 0074): received today is day 0.
    expect(page).toMatch(
      /Day 0 of 30: the day of receipt is not counted, day 1 is [A-Z][a-z]+ \d{1,2}, \d{4}: \d+ days left\./,
    );

    expect(
      (
        await postAction(
          base,
          `/staff/projects/${slug}/swppp`,
          'swppp.markComplete',
          { reviewId: review.id, on: today },
          officer,
        )
      ).status,
    ).toBe(303);
    page = await text(await get(base, `/staff/projects/${slug}/swppp`, officer));
    expect(page).toMatch(/Decision due .* days left\)/);
    const missing = await postAction(
      base,
      `/staff/projects/${slug}/swppp`,
      'swppp.decide',
      { reviewId: review.id, decision: 'approved_with_conditions', on: today },
      officer,
    );
    expect(await missing.text()).toContain('List the conditions of the approval.');
    const ok = await postAction(
      base,
      `/staff/projects/${slug}/swppp`,
      'swppp.decide',
      {
        reviewId: review.id,
        decision: 'approved_with_conditions',
        on: today,
        conditions: 'Preparer on site when clearing begins.',
        townPermitNo: 'SD-2026-099',
      },
      officer,
    );
    expect(ok.status).toBe(303);
    expect(one<Record<string, unknown>>('select status, town_permit_no from projects where id = ?', projectId)).toEqual(
      { status: 'approved', town_permit_no: 'SD-2026-099' },
    );
    expect(await text(await get(base, `/projects/${slug}`))).toContain(`Approved with conditions on`);
  });

  it('refuses a file that is not a PDF whatever its name, and keeps nothing of it', async () => {
    const before = storedFiles();
    const docs = one<{ n: number }>('select count(*) n from documents').n;
    const res = await upload(
      `/staff/projects/${slug}/documents`,
      { type: 'noi', title: 'NOI', documentDate: today },
      { bytes: new TextEncoder().encode('MZ this is really an executable'), name: 'noi.pdf', type: 'application/pdf' },
      officer,
    );
    expect(res.status).toBe(422);
    expect(await res.text()).toContain('is not a PDF');
    expect(storedFiles()).toBe(before);
    expect(one<{ n: number }>('select count(*) n from documents').n).toBe(docs);
  });

  it('prints the site posting with a QR code to the public page', async () => {
    const res = await get(base, `/staff/projects/${slug}/posting.pdf`, clerk);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Site posting - Schermerhorn Road Warehouse');
    // pdf-lib writes text as hex strings in compressed streams: find the public URL printed under the QR code.
    const raw = Buffer.from(bytes).toString('latin1');
    const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((m) => {
      try {
        return zlib.inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
      } catch {
        return m[1];
      }
    });
    const hex = Buffer.from(`${base}/projects/${slug}`).toString('hex').toUpperCase();
    expect(streams.some((s) => s.includes(hex))).toBe(true);
    // The QR code is drawn as vector modules: one path of many small squares.
    expect(streams.some((s) => (s.match(/ re\b|h\s|l\s/g) ?? []).length > 200)).toBe(true);
    expect((await get(base, `/staff/projects/${slug}/posting.pdf`, operator)).status).toBe(403);
  });

  it('records the NOT and closes the project', async () => {
    const res = await postAction(
      base,
      `/staff/projects/${slug}`,
      'registry.recordNot',
      { projectId, finalStabilizationOn: today, notFiledOn: today },
      officer,
    );
    expect(res.status).toBe(303);
    expect(one<{ status: string }>('select status from projects where id = ?', projectId).status).toBe('complete');
  });
});

describe('SWPPP clocks in the demo town', () => {
  // Only a complete application the town did not act on may proceed as filed (decision 0023).
  it('a plan with no completeness determination after 30 days shows that the Town has not decided, not an authorization; the desk flags it', async () => {
    const body = await text(await get(base, '/projects/broadway-lofts'));
    expect(body).toMatch(
      /the Town has not decided within the 30 days the law gives \(by [A-Z][a-z]+ \d+, \d{4}\) whether the plan is complete\. This is not an approval\./,
    );
    expect(body).not.toContain('authorized to proceed as filed');
    const desk = await text(await get(base, '/staff/officer', officer));
    expect(desk).toContain('Broadway Lofts Redevelopment');
    expect(desk).toMatch(
      /Broadway Lofts Redevelopment : Completeness determination overdue since [A-Z][a-z]+ \d+, \d{4}: the Town has not decided within the 30 days the law gives/,
    );
    expect(desk).toContain('Compliance findings');
  });

  it('the desk says how many findings of the last 12 months a reminder came before, as the count defines it', async () => {
    const count = await findingsPrecededByReminder(asyncOf(db), new Date());
    expect(count.total).toBeGreaterThan(0);
    const desk = await text(await get(base, '/staff/officer', officer));
    expect(desk).toContain(
      `${count.preceded} of ${count.total} findings since ${formatDay(count.since)} (the last 12 months) were preceded by a reminder mailed to the operator before the date.`,
    );
  });

  // The decision clock runs from the receipt of the complete plan (decision 0023).
  it('the decision clock of a plan complete as received runs from its receipt, not from the day it was recorded complete', async () => {
    const r = one<{ received_on: string; complete_on: string }>(
      "select r.received_on, r.complete_on from swppp_reviews r join projects p on p.id = r.project_id where r.complete_on is not null and r.decided_on is null and r.deficiencies_notified_on is null and p.status = 'swppp_review' order by r.id limit 1",
    );
    expect(r.complete_on > r.received_on).toBe(true);
    const due = addDays(r.received_on, 30);
    const page = await text(await get(base, '/staff/officer', officer));
    const dueWords = new Date(`${loadCalendar(db).onOrAfter(due)}T12:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(page).toContain(`Decision due ${dueWords}`);
  });
});

describe('enforcement', () => {
  const slug = 'giffords-church-road-veterinary-hospital';
  let projectId: number;
  beforeAll(() => {
    projectId = one<{ id: number }>('select id from projects where slug = ?', slug).id;
  });

  // A fine is a court penalty ("upon conviction", R(3); decision 0025).
  it('a fine is the court’s: the officer refers the case, then records the conviction and the fine (at most $250 a day); the public page never says "assessed"', async () => {
    const referral = {
      projectId,
      type: 'fine',
      public: 'on',
      issuedOn: addDays(today, -10),
      summary: 'Sediment left the site for three days.',
      newViolationDescription: 'Sediment in the road for three days.',
      newViolationObservedOn: addDays(today, -13),
    };
    const noCourt = await postAction(
      base,
      `/staff/projects/${slug}/enforcement`,
      'enforcement.issue',
      referral,
      officer,
    );
    expect(noCourt.status).not.toBe(303);
    expect(await text(noCourt)).toContain('Name the court the case is referred to');
    const res = await postAction(
      base,
      `/staff/projects/${slug}/enforcement`,
      'enforcement.issue',
      { ...referral, courtName: 'Town of Rotterdam Justice Court' },
      officer,
    );
    expect(res.status).toBe(303);
    const id = Number(res.headers.get('location')!.match(/enforcement\/(\d+)/)![1]);
    expect(
      one<Record<string, unknown>>(
        'select fine_assessed_cents, fine_status, court_name, convicted_on, category from enforcement_actions where id = ?',
        id,
      ),
    ).toEqual({
      fine_assessed_cents: null,
      fine_status: null,
      court_name: 'Town of Rotterdam Justice Court',
      convicted_on: null,
      category: 'judicial',
    });
    let pub = await text(await get(base, `/projects/${slug}`));
    expect(pub).toMatch(
      /Referred to court on [A-Z][a-z]+ \d+, \d{4} \(Town of Rotterdam Justice Court\); no fine unless the court convicts/,
    );
    expect(pub).not.toMatch(/assessed/i);

    const page = `/staff/enforcement/${id}`;
    const payEarly = await postAction(
      base,
      page,
      'enforcement.recordPayment',
      { actionId: id, receivedOn: today, amount: '250', method: 'check' },
      officer,
    );
    expect(payEarly.status).not.toBe(303);
    expect(one<{ n: number }>('select count(*) n from fine_payments where enforcement_action_id = ?', id).n).toBe(0);
    const conviction = {
      actionId: id,
      convictedOn: addDays(today, -2),
      docketNumber: '26-0777',
      fineDays: 3,
      fineAmount: '750.01',
    };
    const over = await postAction(base, page, 'enforcement.recordConviction', conviction, officer);
    expect(await text(over)).toContain(
      'The law allows at most $250.00 for each day of violation: at most $750.00 for 3 days.',
    );
    expect(
      (await postAction(base, page, 'enforcement.recordConviction', { ...conviction, fineAmount: '750' }, officer))
        .status,
    ).toBe(303);
    expect(
      one<Record<string, unknown>>(
        'select fine_assessed_cents, fine_days, fine_status, docket_number, convicted_on from enforcement_actions where id = ?',
        id,
      ),
    ).toEqual({
      fine_assessed_cents: 75000,
      fine_days: 3,
      fine_status: 'assessed',
      docket_number: '26-0777',
      convicted_on: addDays(today, -2),
    });
    expect(
      one<{ n: number }>(
        "select count(*) n from audit_log where action = 'enforcement.conviction' and entity_id = ?",
        String(id),
      ).n,
    ).toBe(1);

    const closeEarly = await postAction(
      base,
      page,
      'enforcement.transition',
      { actionId: id, event: 'close', on: today },
      officer,
    );
    expect(await closeEarly.text()).toContain(
      'A court referral closes only when the fine the court imposed is paid in full or waived',
    );
    expect(
      (
        await postAction(
          base,
          page,
          'enforcement.recordPayment',
          { actionId: id, receivedOn: today, amount: '250', method: 'check', reference: '1001' },
          officer,
        )
      ).status,
    ).toBe(303);
    expect(
      one<{ fine_status: string }>('select fine_status from enforcement_actions where id = ?', id).fine_status,
    ).toBe('partly_paid');
    pub = await text(await get(base, `/projects/${slug}`));
    expect(pub).toMatch(
      /Fined \$750\.00 by the court on [A-Z][a-z]+ \d+, \d{4} \(Town of Rotterdam Justice Court, docket 26-0777\)/,
    );
    expect(pub).toContain('$500.00 unpaid');
    expect(pub).not.toMatch(/assessed/i);
    const overpay = await postAction(
      base,
      page,
      'enforcement.recordPayment',
      { actionId: id, receivedOn: today, amount: '600', method: 'check' },
      officer,
    );
    expect(await overpay.text()).toContain('The payment is more than the balance of $500.00.');
    await postAction(
      base,
      page,
      'enforcement.recordPayment',
      { actionId: id, receivedOn: today, amount: '$500.00', method: 'card' },
      officer,
    );
    expect(
      one<Record<string, unknown>>('select fine_status, fine_paid_cents from enforcement_actions where id = ?', id),
    ).toEqual({ fine_status: 'paid', fine_paid_cents: 75000 });
    expect(
      (await postAction(base, page, 'enforcement.transition', { actionId: id, event: 'close', on: today }, officer))
        .status,
    ).toBe(303);
    pub = await text(await get(base, `/projects/${slug}`));
    expect(pub).toMatch(
      /Fined \$750\.00 by the court on [A-Z][a-z]+ \d+, \d{4} \(Town of Rotterdam Justice Court, docket 26-0777\); referred to court [A-Z][a-z]+ \d+, \d{4} \(ordinance Subsection R\(3\)\); resolved/,
    );
  });

  it('a SWPPP deficiency notice gets the seven-day correction deadline, moved past a closed day', async () => {
    const res = await postAction(
      base,
      `/staff/projects/${slug}/enforcement`,
      'enforcement.issue',
      {
        projectId,
        type: 'swppp_deficiency_notice',
        issuedOn: today,
        summary: 'The SWPPP does not name the contractor for the sediment basin.',
        requiredMeasures: 'Amend the SWPPP to name the contractor; certify the change in writing.',
        public: 'on',
        newViolationDescription: 'SWPPP lacks a contractor for the basin.',
      },
      officer,
    );
    expect(res.status).toBe(303);
    const id = Number(res.headers.get('location')!.match(/enforcement\/(\d+)/)![1]);
    const expected = swpppCorrectionDeadline(today, loadCalendar(db)).dueOn;
    expect(one<{ comply_by: string }>('select comply_by from enforcement_actions where id = ?', id).comply_by).toBe(
      expected,
    );
    const notice = await get(base, `/staff/enforcement/${id}/notice.pdf`, officer);
    expect(notice.headers.get('content-type')).toBe('application/pdf');
    expect((await PDFDocument.load(new Uint8Array(await notice.arrayBuffer()))).getTitle()).toBe(
      'SWPPP deficiency notice - Giffords Church Road Veterinary Hospital',
    );
    await postAction(
      base,
      `/staff/enforcement/${id}`,
      'enforcement.transition',
      { actionId: id, event: 'withdraw', on: today },
      officer,
    );
  });

  it('a stop-work order switches the public status until lifted, then the earlier status returns; the operator is told by email', async () => {
    const operatorEmail = 'operator@rotterdam.example';
    const own = one<{ id: number; slug: string; status: string }>(
      "select p.id, p.slug, p.status from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id where u.email = ? and p.status = 'active' order by p.name limit 1",
      operatorEmail,
    );
    const mailBefore = one<{ n: number }>('select count(*) n from outbox where to_address = ?', operatorEmail).n;
    const res = await postAction(
      base,
      `/staff/projects/${own.slug}/enforcement`,
      'enforcement.issue',
      {
        projectId: own.id,
        type: 'stop_work_order',
        issuedOn: today,
        summary: 'Sediment is running off the site into the road.',
        requiredMeasures: 'Reinstall silt fence and clean the road.',
      },
      officer,
    );
    expect(res.status).toBe(303);
    const id = Number(res.headers.get('location')!.match(/enforcement\/(\d+)/)![1]);
    expect(
      one<Record<string, unknown>>('select public, project_status_before from enforcement_actions where id = ?', id),
    ).toEqual({ public: 1, project_status_before: 'active' });
    expect(one<{ status: string }>('select status from projects where id = ?', own.id).status).toBe('stop_work');
    expect(await text(await get(base, `/projects/${own.slug}`))).toMatch(
      /Enforcement: Stop-work order in effect since/,
    );
    expect(await text(await get(base, '/enforcement'))).toContain('Sediment is running off the site into the road.');
    expect(
      (
        await postAction(
          base,
          `/staff/enforcement/${id}`,
          'enforcement.transition',
          { actionId: id, event: 'close', on: today },
          officer,
        )
      ).status,
    ).not.toBe(303);
    expect(
      (
        await postAction(
          base,
          `/staff/enforcement/${id}`,
          'enforcement.transition',
          { actionId: id, event: 'close', liftedOn: today },
          officer,
        )
      ).status,
    ).toBe(303);
    expect(one<{ status: string }>('select status from projects where id = ?', own.id).status).toBe('active');
    const kinds = db.$client
      .prepare('select kind from outbox where to_address = ? order by id desc limit 2')
      .all(operatorEmail)
      .map((r) => (r as { kind: string }).kind);
    expect(kinds).toEqual(['enforcement-resolved', 'enforcement-issued']);
    expect(one<{ n: number }>('select count(*) n from outbox where to_address = ?', operatorEmail).n).toBe(
      mailBefore + 2,
    );
  });

  it('an operator cannot issue or change actions', async () => {
    const id = one<{ id: number }>(
      "select id from enforcement_actions where type = 'stop_work_order' and lifted_on is null",
    ).id;
    for (const [action, fields] of [
      ['enforcement.issue', { projectId, type: 'written_warning', issuedOn: today, summary: 'x' }],
      ['enforcement.transition', { actionId: id, event: 'close', liftedOn: today }],
      ['enforcement.update', { actionId: id, summary: 'Nothing happened.' }],
    ] as const) {
      const res = await fetch(new URL(`/_actions/${action}`, base), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: new URL(base).origin,
          Cookie: operator,
        },
        body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
      });
      expect(res.status, action).toBe(403);
    }
    expect(
      one<{ lifted_on: string | null }>('select lifted_on from enforcement_actions where id = ?', id).lifted_on,
    ).toBeNull();
  });

  it('the town-wide page lists public actions in force, newest first, with an Atom feed', async () => {
    const page = await get(base, '/enforcement');
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain('href="/enforcement/feed.xml"');
    expect(body).toContain('Hamburg Street Mixed-Use Building');
    const inForce = db.$client
      .prepare(
        `select p.name, e.issued_on from enforcement_actions e join projects p on p.id = e.project_id
         where e.public = 1 and p.published = 1 and e.closed_on is null and e.status not in ('withdrawn','closed') and not (e.type = 'stop_work_order' and e.lifted_on is not null)
         order by e.issued_on desc, e.id desc`,
      )
      .all() as Array<{ name: string }>;
    // The cards in page order, by project name, are the actions in force newest first.
    const inForceList = body.slice(0, body.indexOf('Resolved in the last'));
    const cards = [...inForceList.matchAll(/<li class="project-card">\s*<h2><a [^>]*>([^<]*)<\/a>/g)].map((m) =>
      m[1].replace(/&amp;/g, '&'),
    );
    expect(cards).toEqual(inForce.map((r) => r.name));

    const feed = await get(base, '/enforcement/feed.xml');
    expect(feed.headers.get('content-type')).toContain('application/atom+xml');
    const xml = await feed.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    expect(xml.match(/<entry>/g)!.length).toBeGreaterThanOrEqual(inForce.length);
    expect(xml).toContain('Hamburg Street Mixed-Use Building: Stop-work order in force');
    expect(xml).toMatch(/: Stop-work order lifted<\/title>/);
  });
});

describe('48-hour notices and the private calendar feed', () => {
  it('an operator gives notice; less than 48 hours is recorded as late and the officer is emailed', async () => {
    const own = one<{ id: number; slug: string }>(
      "select p.id, p.slug from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id where u.email = 'operator@rotterdam.example' order by p.name limit 1",
    );
    const page = `/operator/projects/${own.slug}/notices`;
    expect((await get(base, page, operator)).status).toBe(200);
    const onTime = await postAction(
      base,
      page,
      'notices.give',
      {
        projectId: own.id,
        milestone: 'rough_grading_complete',
        scheduledDate: addDays(today, 4),
        scheduledTime: '07:30',
      },
      operator,
    );
    expect(onTime.headers.get('location')).toContain('given=ok');
    const late = await postAction(
      base,
      page,
      'notices.give',
      {
        projectId: own.id,
        milestone: 'final_grading_complete',
        scheduledDate: addDays(today, 1),
        scheduledTime: '06:00',
        notes: 'Short notice, sorry.',
      },
      operator,
    );
    expect(late.headers.get('location')).toContain('given=late');
    // A notice given after the milestone is recorded as such (a finding), not refused (decision 0027).
    const past = await postAction(
      base,
      page,
      'notices.give',
      { projectId: own.id, milestone: 'clearing_complete', scheduledDate: addDays(today, -1), scheduledTime: '07:30' },
      operator,
    );
    expect(past.headers.get('location')).toContain('given=late');
    const afterRow = one<{ scheduled_for: number; given_at: number }>(
      "select scheduled_for, given_at from inspection_notices where project_id = ? and milestone = 'clearing_complete' order by id desc limit 1",
      own.id,
    );
    expect(afterRow.given_at).toBeGreaterThan(afterRow.scheduled_for);
    const mail = one<{ subject: string }>(
      "select subject from outbox where kind = 'inspection-notice' and to_address = 'officer@rotterdam.example' order by id desc limit 1",
    );
    expect(mail.subject).toMatch(/^Late 48-hour inspection notice: /);
    const staff = await text(await get(base, `/staff/projects/${own.slug}/inspections`, officer));
    expect(staff).toContain('Short notice, sorry.');
    expect(staff).toMatch(/Late .* late \(the law requires at least 48 hours\)/);
    expect(staff).toContain('No advance notice of a milestone');
    expect(staff).toContain('Late 48-hour notice');
  });

  it('the calendar feed answers only to a live token, and stops when the officer revokes it', async () => {
    const created = await postAction(base, '/staff/calendar', 'calendarFeed.create', {}, officer);
    const html = await created.text();
    const url = html.match(/https?:\/\/[^<"\s]+\/officer-calendar\/[A-Za-z0-9_-]{43}\.ics/)![0];
    const token = url.match(/officer-calendar\/([^.]+)\.ics/)![1];
    // Only the hash is stored.
    expect(one<{ n: number }>('select count(*) n from calendar_feed_tokens where token_hash = ?', token).n).toBe(0);
    const feedPath = new URL(url).pathname;
    const ics = await get(base, feedPath);
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toContain('text/calendar');
    const body = await ics.text();
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(body).toContain('BEGIN:VEVENT');
    expect(body).toContain('[LATE NOTICE]');
    expect((await get(base, '/officer-calendar/not-a-token.ics')).status).toBe(404);
    // A new link replaces the old one.
    await postAction(base, '/staff/calendar', 'calendarFeed.create', {}, officer);
    expect((await get(base, feedPath)).status).toBe(404);
    await postAction(base, '/staff/calendar', 'calendarFeed.revoke', {}, officer);
    expect(one<{ n: number }>('select count(*) n from calendar_feed_tokens where revoked_at is null').n).toBe(0);
  });
});
