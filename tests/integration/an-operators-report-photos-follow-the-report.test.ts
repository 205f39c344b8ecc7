/**
 * The operator adds photos taken at an inspection to the filed report, on the running portal: each is
 * re-encoded with no EXIF, keeps when and where the camera says it was taken for the operator and staff, and is
 * published or withheld with the report's PDF (the officer's review decides for both). Only the project's own
 * operators may add them, and a refused form says why beside the photo input.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { expectSeeOther, postMultipart } from '../support/attack.ts';
import { phonePhoto } from '../support/phone-photo.ts';
import { get, postAction, signIn } from '../support/http.ts';

const base = inject('baseURL');
const dataDir = inject('dataDir');

let operator: string;
let otherOperator: string;
let officer: string;
let report: { id: number; slug: string; reportPublic: number };

function db() {
  return new Database(path.join(dataDir, 'portal.db'), { readonly: true });
}

const sitePhoto = () => phonePhoto('2026:12:03 08:05:00', { make: 'SitePhone', model: 'Serial 9981-QA' }, '#5a6b8e');

function decide(reportPublic: boolean) {
  return postAction(
    base,
    `/staff/reviews/inspections/${report.id}`,
    'reviews.decideInspection',
    { id: report.id, decision: 'accept', comment: '', ...(reportPublic ? { reportPublic: 'on' } : {}) },
    officer,
  );
}

beforeAll(async () => {
  [operator, otherOperator, officer] = await Promise.all([
    signIn(base, 'operator@rotterdam.example', DEMO_PASSWORD),
    signIn(base, 'operator2@rotterdam.example', DEMO_PASSWORD),
    signIn(base, 'officer@rotterdam.example', DEMO_PASSWORD),
  ]);
  const conn = db();
  // The latest current report of one of operator@'s projects whose PDF is public.
  report = conn
    .prepare(
      `select i.id, p.slug, d.public reportPublic from inspections i join projects p on p.id = i.project_id
       join documents d on d.id = i.report_document_id
       join project_members m on m.project_id = p.id join users u on u.id = m.user_id
       where u.email = 'operator@rotterdam.example' and i.superseded_at is null and d.public = 1
       order by i.id desc limit 1`,
    )
    .get() as typeof report;
  conn.close();
});

afterAll(async () => {
  // The shared portal's report is published again, as the demo had it.
  if (report) await decide(true);
});

const page = () => `/operator/projects/${report.slug}/inspections/${report.id}`;

describe('photos added to an operator’s inspection report', () => {
  it('none chosen: said beside the photo input, nothing kept', async () => {
    // What a browser sends for a file input left empty: the part, with no file name and no bytes.
    const res = await postMultipart(
      base,
      page(),
      {},
      { photos: [{ bytes: Buffer.alloc(0), name: '', type: 'application/octet-stream' }] },
      operator,
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('Choose or take one or more photos (JPEG or PNG).');
    expect(html).toContain('id="report-photos-error"');
  });

  it('an operator of another project cannot add photos to the report', async () => {
    const res = await postMultipart(
      base,
      page(),
      {},
      { photos: [{ bytes: await sitePhoto(), name: 'IMG_1.jpg', type: 'image/jpeg' }] },
      otherOperator,
    );
    expect([403, 404]).toContain(res.status);
    const conn = db();
    const n = conn.prepare('select count(*) n from inspection_photos where inspection_id = ?').get(report.id) as {
      n: number;
    };
    conn.close();
    expect(n.n).toBe(0);
  });

  it('two photos: public with the report, the camera’s facts for the operator and the officer, no EXIF in the file', async () => {
    const plain = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#444' } })
      .png()
      .toBuffer();
    const res = await postMultipart(
      base,
      page(),
      {},
      {
        photos: [
          { bytes: await sitePhoto(), name: 'IMG_1.jpg', type: 'image/jpeg' },
          { bytes: plain, name: 'IMG_2.png', type: 'image/png' },
        ],
      },
      operator,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${page()}?saved=photos#photos`);
    const conn = db();
    const rows = conn
      .prepare(
        `select d.id, d.title, d.public, d.mime_type mime, f.latitude from inspection_photos p
         join documents d on d.id = p.document_id left join photo_facts f on f.document_id = d.id
         where p.inspection_id = ? order by d.id`,
      )
      .all(report.id) as Array<{ id: number; title: string; public: number; mime: string; latitude: number | null }>;
    const audited = conn
      .prepare("select count(*) n from audit_log where action = 'inspection.photo' and after_json like ?")
      .get(`%"inspectionId":${report.id}%`) as { n: number };
    conn.close();
    expect(rows.map((r) => [r.public, r.mime, r.latitude])).toEqual([
      [1, 'image/jpeg', 42.81],
      [1, 'image/jpeg', null],
    ]);
    expect(rows[0]!.title).toMatch(/^Photo 1 from the inspection report of /);
    expect(audited.n).toBe(2);

    const mine = await (await get(base, page(), operator)).text();
    expect(mine).toContain('Taken Dec 3, 2026, 8:05 AM, at 42.81, -73.94');
    const review = await (await get(base, `/staff/reviews/inspections/${report.id}`, officer)).text();
    expect(review).toContain('Taken Dec 3, 2026, 8:05 AM, at 42.81, -73.94');
    expect(review).toContain('The signed report PDF and its photos are public');

    const file = await fetch(`${base}/documents/${rows[0]!.id}`);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('SitePhone'))).toBe(false);
    expect(bytes.includes(Buffer.from('9981-QA'))).toBe(false);
  });

  it('the officer withholds the report: its photos are withheld with it', async () => {
    await expectSeeOther(decide(false), 'the review');
    const conn = db();
    const rows = conn
      .prepare(
        'select d.id, d.public from inspection_photos p join documents d on d.id = p.document_id where p.inspection_id = ?',
      )
      .all(report.id) as Array<{ id: number; public: number }>;
    conn.close();
    expect(rows.length).toBe(2);
    expect(rows.every((r) => r.public === 0)).toBe(true);
    expect((await fetch(`${base}/documents/${rows[0]!.id}`)).status).toBe(404);
    // The operator still sees them, marked as not public.
    expect(await (await get(base, page(), operator)).text()).toContain(' · not public');
  });
});
