/**
 * The officer's notice that a plan is incomplete carries comments at their places in the plan (a section, a page
 * of the PDF, or both), on the running portal: a place without a comment is refused beside its field with what
 * was typed kept and nothing stored; the comments are kept with the notice and audited; the applicant sees them
 * on the project's page with the way to upload the revised plan; the public project page does not show them;
 * and the revised plan's upload ends the wait.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { expectSeeOther, postMultipart } from '../support/attack.ts';
import { get, postAction, signIn } from '../support/http.ts';

const base = inject('baseURL');
const dataDir = inject('dataDir');

let officer: string;
let operator: string;
let project: { id: number; slug: string };
let reviewId: number;

function db() {
  return new Database(path.join(dataDir, 'portal.db'), { readonly: true });
}

async function pdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  return doc.save();
}

/** The operator uploads a SWPPP amendment for their project: a plan in review, or the revised plan awaited. */
async function uploadAmendment(description: string) {
  const res = await postMultipart(
    base,
    `/operator/projects/${project.slug}/documents/new`,
    { type: 'swppp_amendment', documentDate: townToday(), description, publicProposed: 'yes' },
    { document: [{ bytes: await pdf(20), name: 'amendment.pdf', type: 'application/pdf' }] },
    operator,
  );
  expect(res.status, await res.clone().text()).toBe(303);
}

beforeAll(async () => {
  officer = await signIn(base, 'officer@rotterdam.example', DEMO_PASSWORD);
  operator = await signIn(base, 'operator@rotterdam.example', DEMO_PASSWORD);
  const conn = db();
  // One of the operator's projects with no plan already waiting for a revision (that would take the upload).
  project = conn
    .prepare(
      `select p.id, p.slug from projects p
         join project_members m on m.project_id = p.id
         join users u on u.id = m.user_id
        where u.email = 'operator@rotterdam.example'
          and not exists (select 1 from swppp_reviews r where r.project_id = p.id
                            and r.deficiencies_notified_on is not null and r.resubmitted_on is null
                            and r.complete_on is null and r.decided_on is null)
        order by p.id limit 1`,
    )
    .get() as { id: number; slug: string };
  conn.close();
  await uploadAmendment('adds sediment basin SB-2');
  const c = db();
  reviewId = (c.prepare('select max(id) id from swppp_reviews where project_id = ?').get(project.id) as { id: number })
    .id;
  c.close();
});

const staffPage = () => `/staff/projects/${project.slug}/swppp`;

/** The officer's deficiency notice with its first comment, and the rows given. */
const notice = (rows: Record<string, string>) =>
  postAction(
    base,
    staffPage(),
    'swppp.notifyDeficiencies',
    {
      reviewId,
      on: townToday(),
      deficiencies: 'The plan lacks the basin’s sizing.',
      comment_0_section: '4.2',
      comment_0_page: '17',
      comment_0_text: 'Size SB-2 for the 10-year storm.',
      ...rows,
    },
    officer,
  );

describe('comments on the plan, each at its place', () => {
  it('a place without a comment is refused beside its field, what was typed kept, nothing stored', async () => {
    const res = await notice({ comment_1_section: '6.1' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`id="d-comment_1_text-${reviewId}-error"`);
    expect(html).toContain('Write the comment for this place in the plan, or clear the row.');
    expect(html).toContain('Size SB-2 for the 10-year storm.');
    const conn = db();
    const stored = conn.prepare('select count(*) n from swppp_review_comments where review_id = ?').get(reviewId);
    conn.close();
    expect(stored).toEqual({ n: 0 });
  });

  it('a page past the plan’s last is refused beside its field', async () => {
    const res = await notice({ comment_0_page: '21' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('The plan has 20 pages: enter a page from 1 to 20, or leave it blank.');
  });

  it('kept with the notice and audited; the applicant sees them with the way to upload the revised plan; the public does not', async () => {
    await expectSeeOther(
      notice({ comment_2_page: '3', comment_2_text: 'The site map has no north arrow.' }),
      'the deficiency notice',
    );
    const conn = db();
    const rows = conn
      .prepare('select section, page, comment from swppp_review_comments where review_id = ? order by id')
      .all(reviewId);
    const audited = conn
      .prepare(
        "select after_json a from audit_log where action = 'swppp_review.deficiencies' and entity_id = ? order by id desc",
      )
      .get(String(reviewId)) as { a: string };
    conn.close();
    expect(rows).toEqual([
      { section: '4.2', page: 17, comment: 'Size SB-2 for the 10-year storm.' },
      { section: null, page: 3, comment: 'The site map has no north arrow.' },
    ]);
    expect(JSON.parse(audited.a).comments).toHaveLength(2);

    const staff = await (await get(base, staffPage(), officer)).text();
    expect(staff).toContain('<strong>Section 4.2, page 17:</strong> Size SB-2 for the 10-year storm.');

    const mine = await (await get(base, `/operator/projects/${project.slug}`, operator)).text();
    expect(mine).toContain('Plans the town found incomplete');
    expect(mine).toContain('<strong>Page 3:</strong> The site map has no north arrow.');
    expect(mine).toContain(`href="/operator/projects/${project.slug}/documents/new">Upload the revised plan</a>`);

    const publicPage = await (await get(base, `/projects/${project.slug}`)).text();
    expect(publicPage).not.toContain('The site map has no north arrow.');
  });

  it('the revised plan’s upload ends the wait: the applicant’s page no longer asks for it', async () => {
    await uploadAmendment('revised: SB-2 sized for the 10-year storm');
    const conn = db();
    const review = conn.prepare('select resubmitted_on r from swppp_reviews where id = ?').get(reviewId) as {
      r: string | null;
    };
    conn.close();
    expect(review.r).toBe(townToday());
    const mine = await (await get(base, `/operator/projects/${project.slug}`, operator)).text();
    expect(mine).not.toContain('Plans the town found incomplete');
  });
});
