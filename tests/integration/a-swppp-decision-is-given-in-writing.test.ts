/**
 * The officer's decision on a SWPPP is given in writing (ordinance, "Review and approval"): a letter to the
 * owner/operator built from the real database and read back from the PDF the portal serves, with the decision
 * in the ordinance's words, the conditions or the reasons and how to submit a revised plan, and the dates of the
 * review. Staff print it; only the project's own operators read it, and another project's review answers 404.
 * Over real HTTP against a portal of its own, since these tests add a project and decide its reviews.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { documents, parties, projectMembers, projects, swpppReviews } from '#db/schema.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { insertRow } from '#lib/server/platform/insert-row.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { decisionLetterPdf } from '#lib/server/reviews/decision-letter.ts';
import { decide } from '#lib/server/reviews/swppp-review.ts';
import { addDays } from '#lib/shared/days.ts';
import { formatDay } from '#lib/shared/format.ts';
import { pdfText } from '../support/crawl.ts';
import { get, signIn } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

let portal: Portal;
let db: DB;
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;
const today = townToday();
const cookies: Record<'officer' | 'clerk' | 'admin' | 'operator' | 'operator2', string> = {
  officer: '',
  clerk: '',
  admin: '',
  operator: '',
  operator2: '',
};

const slug = 'decision-letter-lane';
let projectId: number;
let officerId: number;
/** Decided with conditions; disapproved after a deficiency notice and a revised plan; another project's. */
let approvedId: number;
let disapprovedId: number;
let otherProjectReviewId: number;

const staffUrl = (reviewId: number, projectSlug = slug) => `/staff/projects/${projectSlug}/letters/${reviewId}.pdf`;
const operatorUrl = (reviewId: number, projectSlug = slug) =>
  `/operator/projects/${projectSlug}/letters/${reviewId}.pdf`;

async function letterText(url: string, cookie: string): Promise<string> {
  const res = await get(portal.url, url, cookie);
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
  return pdfText(bytes).replace(/\s+/g, ' ');
}

function swppp(title: string, version: number, documentDate: string): number {
  return insertRow(db, documents, {
    projectId,
    type: 'swppp',
    title,
    filename: `${title}.pdf`,
    sha256: String(version).repeat(64),
    mimeType: 'application/pdf',
    sizeBytes: 1000,
    documentDate,
    version,
    public: true,
  });
}

beforeAll(async () => {
  portal = await startPortal();
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  for (const who of Object.keys(cookies) as Array<keyof typeof cookies>)
    cookies[who] = await signIn(portal.url, `${who}@rotterdam.example`, DEMO_PASSWORD);
  officerId = one<{ id: number }>("select id from users where email = 'officer@rotterdam.example'").id;
  projectId = insertRow(db, projects, {
    slug,
    name: 'Decision Letter Lane',
    siteAddress: '12 Letter Lane',
    kind: 'major',
    status: 'swppp_review',
    spdesPermitId: 'NYR10L0001',
  });
  insertRow(db, parties, {
    projectId,
    role: 'owner_operator',
    companyName: 'Letter Lane Builders LLC',
    contactName: 'Robin Vale',
    contactTitle: 'Managing member',
  });
  db.insert(projectMembers)
    .values({
      projectId,
      userId: one<{ id: number }>("select id from users where email = 'operator@rotterdam.example'").id,
    })
    .run();
  approvedId = insertRow(db, swpppReviews, {
    projectId,
    documentId: swppp('SWPPP, Decision Letter Lane', 2, addDays(today, -25)),
    receivedOn: addDays(today, -20),
    completeOn: addDays(today, -12),
  });
  disapprovedId = insertRow(db, swpppReviews, {
    projectId,
    documentId: swppp('SWPPP, Decision Letter Lane, revised', 3, addDays(today, -10)),
    receivedOn: addDays(today, -9),
    deficienciesNotifiedOn: addDays(today, -8),
    resubmittedOn: addDays(today, -6),
    completeOn: addDays(today, -5),
  });
  otherProjectReviewId = one<{ id: number }>(
    'select min(id) as id from swppp_reviews where decided_on is not null and project_id <> ? and project_id not in (select m.project_id from project_members m join users u on u.id = m.user_id where u.email = ?)',
    projectId,
    'operator@rotterdam.example',
  ).id;
});

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
});

describe('the written decision on a SWPPP', () => {
  it('an undecided review has no letter yet', async () => {
    expect((await get(portal.url, staffUrl(approvedId), cookies.officer)).status).toBe(404);
    expect((await get(portal.url, operatorUrl(approvedId), cookies.operator)).status).toBe(404);
    expect(await decisionLetterPdf(asyncOf(db), approvedId, 'https://portal.example', new Date())).toBeNull();
    expect(await decisionLetterPdf(asyncOf(db), 999_999, 'https://portal.example', new Date())).toBeNull();
  });

  it('an approval with conditions: the letterhead, the parties, the plan, the dates, the conditions and the signature', async () => {
    const decided = await decide(
      asyncOf(db),
      { userId: officerId },
      approvedId,
      {
        decision: 'approved_with_conditions',
        on: today,
        conditions: 'Tree clearing only between November 1 and March 31.\nPost the letter of credit before clearing.',
        reasons: null,
        townPermitNo: 'SW-LTR-0001',
      },
      today,
    );
    expect(decided.ok).toBe(true);
    const text = await letterText(staffUrl(approvedId), cookies.officer);
    for (const words of [
      'TOWN OF ROTTERDAM',
      formatDay(today),
      'Letter Lane Builders LLC',
      'Attn: Robin Vale, Managing member',
      'Re: Decision Letter Lane',
      'Site: 12 Letter Lane',
      'Town permit No. SW-LTR-0001',
      'SPDES permit ID NYR10L0001',
      `SWPPP, Decision Letter Lane (version 2, dated ${formatDay(addDays(today, -25))})`,
      formatDay(addDays(today, -20)),
      `${formatDay(addDays(today, -20))} (complete as received)`,
      formatDay(addDays(today, -12)),
      'The permit application is approved subject to the following conditions, and the permit is issued subject to these conditions:',
      'Tree clearing only between November 1 and March 31.',
      'Post the letter of credit before clearing.',
      'The plan as approved, with the conditions above, is the one kept on the portal',
      `/projects/${slug}`,
      'Nothing in this approval relieves the applicant of the need to obtain a building permit or other approvals as required by the Town Code.',
      'Sam Okafor, Stormwater Management Officer',
    ])
      expect(text).toContain(words);
    for (const label of ['Plan decided', 'Plan received', 'Complete plan received', 'Found complete'])
      expect(text).toContain(label);
    expect(text).not.toContain('disapproved');
  });

  it('the clerk and an administrator print it; the project’s operator reads the same letter', async () => {
    const officers = await letterText(staffUrl(approvedId), cookies.officer);
    expect(await letterText(staffUrl(approvedId), cookies.clerk)).toBe(officers);
    expect(await letterText(staffUrl(approvedId), cookies.admin)).toBe(officers);
    expect(await letterText(operatorUrl(approvedId), cookies.operator)).toBe(officers);
  });

  it('an operator of another project is answered 404, as if the letter did not exist; staff pages stay closed to operators', async () => {
    expect((await get(portal.url, operatorUrl(approvedId), cookies.operator2)).status).toBe(404);
    expect((await get(portal.url, staffUrl(approvedId), cookies.operator)).status).toBe(403);
    const anonymous = await get(portal.url, operatorUrl(approvedId));
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toMatch(/^\/signin\?next=/);
  });

  it('a review of another project, asked for under this project’s address, answers 404', async () => {
    expect((await get(portal.url, operatorUrl(otherProjectReviewId), cookies.operator)).status).toBe(404);
    expect((await get(portal.url, staffUrl(otherProjectReviewId), cookies.officer)).status).toBe(404);
    const other = one<{ slug: string }>(
      'select p.slug from swppp_reviews r join projects p on p.id = r.project_id where r.id = ?',
      otherProjectReviewId,
    ).slug;
    // Under its own project's address: staff print it; an operator who is not a member of that project cannot.
    expect((await get(portal.url, staffUrl(otherProjectReviewId, other), cookies.officer)).status).toBe(200);
    expect((await get(portal.url, operatorUrl(otherProjectReviewId, other), cookies.operator)).status).toBe(404);
  });

  it('a disapproval: the reasons, and how and where to submit the revised plan', async () => {
    const decided = await decide(
      asyncOf(db),
      { userId: officerId },
      disapprovedId,
      {
        decision: 'disapproved',
        on: today,
        conditions: null,
        reasons: 'Sediment trap sizing does not meet the state standards.\nNo maintenance schedule for the basin.',
        townPermitNo: null,
      },
      today,
    );
    expect(decided.ok).toBe(true);
    const text = await letterText(operatorUrl(disapprovedId), cookies.operator);
    for (const words of [
      'Disapproved: stormwater pollution prevention plan (SWPPP)',
      'The permit application is disapproved, for the following reason(s):',
      'Sediment trap sizing does not meet the state standards.',
      'No maintenance schedule for the basin.',
      'How to submit a revised plan',
      `/operator/projects/${slug}/documents/new`,
      'Pending preparation and approval of a revised plan, land development activities shall not be allowed to proceed.',
      'Deficiencies notified in writing',
      'Revised plan received',
      formatDay(addDays(today, -8)),
      formatDay(addDays(today, -6)),
      'Nothing in this decision relieves the applicant',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('is the one kept on the portal');
  });
});
