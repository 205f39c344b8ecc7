/**
 * An officer's photos taken at a site, attached as public evidence to an enforcement action and added to a
 * town inspection on the running portal: the file anyone can download is re-encoded with no EXIF at all (no GPS position, no camera), while
 * when and where the camera says it was taken is kept in the record and shown to the officer, in town time
 * and with its distance from the site. A photo without EXIF is re-encoded all the same, with no facts.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { photoTakenFrom } from '#lib/server/platform/files/images.ts';
import { expectSeeOther, postMultipart } from '../support/attack.ts';
import { phonePhoto } from '../support/phone-photo.ts';
import { get, postAction, signIn } from '../support/http.ts';

const base = inject('baseURL');
const dataDir = inject('dataDir');
const SLUG = 'curry-road-distribution-center';

let officer: string;
let actionId: number;

function db() {
  return new Database(path.join(dataDir, 'portal.db'), { readonly: true });
}

beforeAll(async () => {
  officer = await signIn(base, 'officer@rotterdam.example', DEMO_PASSWORD);
  const conn = db();
  const projectId = (conn.prepare('select id from projects where slug = ?').get(SLUG) as { id: number }).id;
  conn.close();
  const res = postAction(
    base,
    `/staff/projects/${SLUG}/enforcement`,
    'enforcement.issue',
    {
      projectId,
      type: 'written_warning',
      issuedOn: townToday(),
      citedSection: 'Subsection J(11)',
      summary: 'Silt fence down along the east line.',
      requiredMeasures: 'Reset and trench in the fence.',
    },
    officer,
  );
  const location = await expectSeeOther(res, 'the written warning');
  actionId = Number(/\/staff\/enforcement\/(\d+)/.exec(location)?.[1]);
});

describe('an officer’s photo as evidence', () => {
  it('the camera’s facts are read: the moment at its offset, the position in signed degrees', async () => {
    const exif = (await sharp(await phonePhoto()).metadata()).exif;
    const taken = photoTakenFrom(exif);
    expect(taken.at?.toISOString()).toBe('2026-12-04T15:14:33.000Z');
    expect(taken.latitude).toBeCloseTo(42.81, 6);
    expect(taken.longitude).toBeCloseTo(-73.94, 6);
    expect(photoTakenFrom(undefined)).toEqual({ at: null, latitude: null, longitude: null });
    expect(photoTakenFrom(Buffer.from('Exif\0\0not really'))).toEqual({ at: null, latitude: null, longitude: null });
  });

  it('the public file carries no EXIF; the record keeps when and where, and the officer sees them', async () => {
    expect(Number.isSafeInteger(actionId)).toBe(true);
    const res = await postMultipart(
      base,
      `/staff/enforcement/${actionId}`,
      { title: 'Photo: silt fence down at the east line', documentDate: townToday(), public: 'on' },
      { file: [{ bytes: await phonePhoto(), name: 'IMG_4471.jpg', type: 'image/jpeg' }] },
      officer,
    );
    expect(res.status).toBe(303);
    const conn = db();
    const row = conn
      .prepare(
        `select d.id, d.public, f.taken_at takenAt, f.latitude, f.longitude from documents d
         join enforcement_documents e on e.document_id = d.id left join photo_facts f on f.document_id = d.id
         where e.enforcement_action_id = ? order by d.id desc limit 1`,
      )
      .get(actionId) as { id: number; public: number; takenAt: number; latitude: number; longitude: number };
    conn.close();
    expect(row.public).toBe(1);
    expect(new Date(row.takenAt).toISOString()).toBe('2026-12-04T15:14:33.000Z');
    expect([row.latitude, row.longitude]).toEqual([42.81, -73.94]);

    const download = await fetch(`${base}/documents/${row.id}`);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('FieldPhone'))).toBe(false);
    expect(bytes.includes(Buffer.from('4471-XK'))).toBe(false);

    const page = await (await get(base, `/staff/enforcement/${actionId}`, officer)).text();
    expect(page).toContain('Taken Dec 4, 2026, 10:14 AM, at 42.81, -73.94');
    expect(page).toMatch(
      /mi from the site’s mapped point\)\. Kept with the record; the file itself carries no location\./,
    );
  });

  it('a photo without EXIF is attached with no facts, re-encoded all the same', async () => {
    const plain = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const res = await postMultipart(
      base,
      `/staff/enforcement/${actionId}`,
      { title: 'Photo: outlet', documentDate: townToday() },
      { file: [{ bytes: plain, name: 'outlet.png', type: 'image/png' }] },
      officer,
    );
    expect(res.status).toBe(303);
    const conn = db();
    const facts = conn
      .prepare(
        `select count(f.id) n, count(d.id) docs from enforcement_documents e join documents d on d.id = e.document_id
         left join photo_facts f on f.document_id = d.id where e.enforcement_action_id = ?`,
      )
      .get(actionId) as { n: number; docs: number };
    const last = conn
      .prepare(
        'select d.mime_type m from enforcement_documents e join documents d on d.id = e.document_id where e.enforcement_action_id = ? order by d.id desc limit 1',
      )
      .get(actionId) as { m: string };
    conn.close();
    expect(facts).toEqual({ n: 1, docs: 2 });
    // Re-encoded as every photo is: a PNG is kept as a JPEG.
    expect(last.m).toBe('image/jpeg');
  });
});

describe('an officer’s photos of a town inspection', () => {
  let inspectionId: number;
  const page = `/staff/projects/${SLUG}/inspections`;

  beforeAll(async () => {
    const conn = db();
    const projectId = (conn.prepare('select id from projects where slug = ?').get(SLUG) as { id: number }).id;
    conn.close();
    await expectSeeOther(
      postAction(
        base,
        page,
        'notices.recordTownInspection',
        { projectId, inspectedOn: townToday(), outcome: 'follow_up', findings: 'Sediment at the east inlet.' },
        officer,
      ),
      'the town inspection',
    );
    const again = db();
    inspectionId = (
      again.prepare('select id from town_inspections where project_id = ? order by id desc limit 1').get(projectId) as {
        id: number;
      }
    ).id;
    again.close();
  });

  it('none chosen: said beside the photo input of that inspection, nothing kept', async () => {
    const res = await postMultipart(
      base,
      `${page}?photos=${inspectionId}`,
      { inspectionId: String(inspectionId) },
      {},
      officer,
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('Choose or take one or more photos (JPEG or PNG).');
    expect(html).toContain(`id="ph-${inspectionId}-error"`);
  });

  it('an inspection of another project is refused', async () => {
    const conn = db();
    const other = conn
      .prepare('select t.id from town_inspections t join projects p on p.id = t.project_id where p.slug <> ? limit 1')
      .get(SLUG) as { id: number } | undefined;
    conn.close();
    const res = await postMultipart(
      base,
      page,
      { inspectionId: String(other?.id ?? 999_999) },
      { photos: [{ bytes: await phonePhoto(), name: 'IMG_1.jpg', type: 'image/jpeg' }] },
      officer,
    );
    expect(res.status).toBe(422);
    expect(await res.text()).toContain('Choose an inspection recorded for this project.');
  });

  it('two photos, public: each a document of the inspection, the camera’s facts for staff, no EXIF for anyone', async () => {
    const plain = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#444' } })
      .jpeg()
      .toBuffer();
    const res = await postMultipart(
      base,
      `${page}?photos=${inspectionId}`,
      { inspectionId: String(inspectionId), public: 'on' },
      {
        photos: [
          { bytes: await phonePhoto(), name: 'IMG_1.jpg', type: 'image/jpeg' },
          { bytes: plain, name: 'IMG_2.jpg', type: 'image/jpeg' },
        ],
      },
      officer,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${page}?saved=photos#town-inspections`);
    const conn = db();
    const rows = conn
      .prepare(
        `select d.id, d.title, d.public, f.latitude from town_inspection_documents t join documents d on d.id = t.document_id
         left join photo_facts f on f.document_id = d.id where t.town_inspection_id = ? order by d.id`,
      )
      .all(inspectionId) as Array<{ id: number; title: string; public: number; latitude: number | null }>;
    const audited = conn.prepare("select count(*) n from audit_log where action = 'town_inspection.photo'").get() as {
      n: number;
    };
    conn.close();
    expect(rows.map((r) => [r.public, r.latitude])).toEqual([
      [1, 42.81],
      [1, null],
    ]);
    expect(rows[0]!.title).toMatch(/^Photo 1 from the inspection of /);
    expect(audited.n).toBeGreaterThanOrEqual(2);

    const staff = await (await get(base, page, officer)).text();
    expect(staff).toContain('Taken Dec 4, 2026, 10:14 AM, at 42.81, -73.94');
    // The public project page links both photos under the inspection; their files carry no EXIF.
    const pub = await (await get(base, `/projects/${SLUG}`)).text();
    for (const r of rows) expect(pub).toContain(`href="/documents/${r.id}"`);
    const file = Buffer.from(await (await fetch(`${base}/documents/${rows[0]!.id}`)).arrayBuffer());
    expect((await sharp(file).metadata()).exif).toBeUndefined();
    expect(file.includes(Buffer.from('FieldPhone'))).toBe(false);
  });
});
