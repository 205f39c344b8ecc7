/**
 * Residents' reports of problems at a site (decisions 0032–0034), over real HTTP against a built portal of our own,
 * with mail over a real SMTP server: a report with a photo carrying EXIF and a GPS position is filed
 * without JavaScript; the stored photo has no metadata at all; the reporter is mailed each step; the
 * officer links it, approves the photo, records an inspection that finds a violation; the public status
 * page shows each step and never who sent it. An Open311 GeoReport v2 client of our own lists the
 * services, is refused without a key, files a report with the key an admin issued, and reads it back.
 * Abuse: the honeypot, a file that is not a picture, a blocked address, the per-email and per-network
 * limits — each refused with nothing stored.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { matchProject } from '#lib/server/site-reports/report.rules.ts';
import { formBody, get, signIn, type Fields } from '../support/http.ts';
import { freePort, startPortal, type Portal } from '../support/portal.ts';
import { addressedTo, startMailbox, type Mailbox } from '../support/smtp.ts';

let portal: Portal;
let mailbox: Mailbox;
let db: DB;
let officer: string;
let admin: string;
const SLUG = 'guilderland-avenue-self-storage';
const REPORTER = 'harriet.vandermeer@example.net';
const today = townToday();
const PER_IP = 40;

const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;
const count = (table: string) => one<{ n: number }>(`select count(*) n from ${table}`).n;
const filesIn = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => /^[a-f0-9]{2}[\\/][a-f0-9]{64}$/.test(f))
    : [];
const text = async (res: Response) =>
  (await res.text())
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&rsquo;|’/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** A JPEG straight from a phone: a camera make and a GPS position (IFD3, the GPS IFD) in its EXIF. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 120, g: 90, b: 60 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Snapper 12', Artist: 'Harriet' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '42/1 48/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '73/1 58/1 4321/100',
      },
    })
    .toBuffer();
}

function categoryId(code: string): string {
  return String(one<{ id: number }>('select id from site_report_categories where code = ?', code).id);
}

function reportForm(fields: Fields, photos: Array<{ bytes: Uint8Array; name: string; type: string }> = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
  for (const p of photos) form.append('photos', new Blob([p.bytes as BlobPart], { type: p.type }), p.name);
  return form;
}

function good(overrides: Fields = {}): Fields {
  return {
    category: categoryId('silt_fence'),
    description: 'The silt fence behind building C is down and mud is washing into the ditch.',
    project: SLUG,
    address: '',
    lat: '',
    lon: '',
    observedOn: today,
    observedTime: '07:45',
    name: 'Harriet Vandermeer',
    email: REPORTER,
    phone: '518-555-0199',
    website: '',
    ...overrides,
  };
}

async function postReport(form: FormData): Promise<Response> {
  return fetch(new URL('/report', portal.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: portal.url },
    body: form,
  });
}

async function triage(id: number, fields: Fields): Promise<Response> {
  return fetch(new URL(`/staff/reports/${id}`, portal.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: portal.url, Cookie: officer, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: formBody(fields),
  });
}

beforeAll(async () => {
  const smtpPort = await freePort();
  mailbox = await startMailbox(smtpPort);
  portal = await startPortal({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_POLL_MS: '200',
      SITE_REPORTS_PER_IP_PER_HOUR: String(PER_IP),
    },
  });
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  officer = await signIn(portal.url, 'officer@rotterdam.example', DEMO_PASSWORD);
  admin = await signIn(portal.url, 'admin@rotterdam.example', DEMO_PASSWORD);
}, 300_000);

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
  await mailbox?.close();
});

describe('a resident reports a problem, and sees what became of it', () => {
  let id: number;
  let photoId: number;

  it('files the report with its photo and strips every bit of metadata before storing it', async () => {
    const original = await phonePhoto();
    // The original carries a GPS IFD (its pointer tag 0x8825, in either byte order).
    const exif = (await sharp(original).metadata()).exif!;
    expect(exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const before = new Set(filesIn(path.join(portal.dataDir, 'files')));
    const res = await postReport(reportForm(good(), [{ bytes: original, name: 'IMG_2041.jpg', type: 'image/jpeg' }]));
    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    expect(location).toMatch(/^\/reports\/\d+\?filed=1$/);
    id = Number(location.match(/\d+/)![0]);
    const row = one<{ project: string; status: string; email: string }>(
      'select p.slug project, r.status, r.reporter_email email from site_reports r join projects p on p.id = r.project_id where r.id = ?',
      id,
    );
    expect(row).toEqual({ project: SLUG, status: 'received', email: REPORTER });
    const photo = one<{ id: number; sha256: string; width: number; height: number }>(
      'select id, sha256, width, height from site_report_photos where report_id = ?',
      id,
    );
    photoId = photo.id;
    expect(Math.max(photo.width, photo.height)).toBe(2048);
    // The stored bytes: a JPEG with no EXIF, no GPS, no ICC, no XMP; the original was never written.
    const added = filesIn(path.join(portal.dataDir, 'files')).filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    const stored = fs.readFileSync(path.join(portal.dataDir, 'files', photo.sha256.slice(0, 2), photo.sha256));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('Exif\0'))).toBe(false);
    expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('mails the reporter a receipt and the officer the new report', async () => {
    const receipt = await mailbox.waitFor(
      (m) => addressedTo(m, REPORTER) && /received your report/i.test(m.subject ?? ''),
    );
    expect(receipt.text).toContain(`/reports/${id}`);
    const notice = await mailbox.waitFor(
      (m) => addressedTo(m, 'officer@rotterdam.example') && (m.subject ?? '').includes(`Report ${id}`),
    );
    expect(notice.text).toContain(`/staff/reports/${id}`);
  });

  it('shows the public status page without who sent it, and no photo until the officer approves it', async () => {
    const page = await text(await get(portal.url, `/reports/${id}`));
    expect(page).toContain('Status: Received');
    expect(page).not.toContain('Harriet');
    expect(page).not.toContain(REPORTER);
    expect(page).not.toContain('555-0199');
    expect((await get(portal.url, `/reports/photos/${photoId}.jpg`)).status).toBe(404);
    expect(await text(await get(portal.url, `/projects/${SLUG}`))).toContain(
      `Report ${id}: Missing or damaged silt fence`,
    );
  });

  it('the officer triages it: every step audited, on the public page, and mailed to the reporter', async () => {
    const queue = await text(await get(portal.url, '/staff/reports', officer));
    expect(queue).toContain(`Report ${id}: Missing or damaged silt fence`);
    const projectId = one<{ id: number }>('select id from projects where slug = ?', SLUG).id;
    expect((await triage(id, { intent: 'link', projectId })).status).toBe(303);
    await mailbox.waitFor((m) => addressedTo(m, REPORTER) && /Under review/.test(m.subject ?? ''));
    // Planned ahead: on the officer's calendar (enforcement/town-inspections), and said on the public page.
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect((await triage(id, { intent: 'schedule', scheduledDate: soon, scheduledTime: '10:00' })).status).toBe(303);
    expect(
      one<{ n: number }>(
        'select count(*) n from scheduled_inspections where project_id = ? and notes = ?',
        projectId,
        `From resident’s report ${id}.`,
      ).n,
    ).toBe(1);
    expect((await triage(id, { intent: 'photo', photoId, approve: 'yes' })).status).toBe(303);
    const photo = await get(portal.url, `/reports/photos/${photoId}.jpg`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    // Refused beside its field, and nothing recorded.
    const inspections = count('town_inspections');
    const refused = await triage(id, { intent: 'inspection', inspectedOn: today, outcome: 'deficient' });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain('Describe the violation found');
    expect(count('town_inspections')).toBe(inspections);
    expect(
      (
        await triage(id, {
          intent: 'inspection',
          inspectedOn: today,
          outcome: 'deficient',
          findings: 'Silt fence down for 40 feet.',
          violationDescription: 'Silt fence not maintained (sediment leaving the site).',
        })
      ).status,
    ).toBe(303);
    const linked = one<{ status: string; t: number | null; v: number | null }>(
      'select status, town_inspection_id t, violation_id v from site_reports where id = ?',
      id,
    );
    expect(linked.status).toBe('violation_found');
    expect(
      one<{ project_id: number; outcome: string }>(
        'select project_id, outcome from town_inspections where id = ?',
        linked.t,
      ),
    ).toEqual({ project_id: projectId, outcome: 'deficient' });
    expect(
      one<{ town_inspection_id: number }>('select town_inspection_id from violations where id = ?', linked.v)
        .town_inspection_id,
    ).toBe(linked.t);
    const mail = await mailbox.waitFor((m) => addressedTo(m, REPORTER) && /Violation found/.test(m.subject ?? ''));
    expect(mail.text).toContain('The town inspected the site');
    const audited = db.$client
      .prepare("select action from audit_log where entity_type = 'site_report' and entity_id = ? order by id")
      .all(String(id))
      .map((r) => (r as { action: string }).action);
    expect(audited).toEqual([
      'site_report.submit',
      'site_report.link_project',
      'site_report.schedule_inspection',
      'site_report.photo_approve',
      'site_report.inspection',
    ]);
    const html = await (await get(portal.url, `/reports/${id}`)).text();
    expect(html).toContain(`/reports/photos/${photoId}.jpg`);
    const page = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(page).toContain('Status: Violation found');
    expect(page).toContain('linked this report to Guilderland Avenue Self Storage');
    expect(page).toContain('The town plans to inspect the site');
    expect(page).toContain('The town inspected the site on');
    // Closing needs a public reason.
    const noReason = await triage(id, { intent: 'status', status: 'closed', reason: '' });
    expect(noReason.status).toBe(400);
    expect(
      (await triage(id, { intent: 'status', status: 'closed', reason: 'The fence was reset and the ditch cleaned.' }))
        .status,
    ).toBe(303);
    expect(await text(await get(portal.url, `/reports/${id}`))).toContain('The fence was reset and the ditch cleaned.');
  });

  it('is in the project’s Atom feed', async () => {
    const feed = await (await get(portal.url, `/feeds/projects/${SLUG}.atom`)).text();
    expect(feed).toContain(`/reports/${id}`);
  });
});

describe('Open311 GeoReport v2', () => {
  const api = (p: string) => new URL(`/open311/v2/${p}`, portal.url);
  /** A 311 app's own server posting: form-encoded, no Origin, no cookie. */
  const file = (fields: Record<string, string>) =>
    fetch(api('requests.json'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });

  it('a client lists the services, is refused without a key, files with one, and reads the report back', async () => {
    const services = (await (await fetch(api('services.json'))).json()) as Array<{
      service_code: string;
      service_name: string;
      metadata: boolean;
      type: string;
    }>;
    expect(services.map((s) => s.service_code)).toEqual(
      expect.arrayContaining(['muddy_water', 'mud_on_road', 'dust', 'stop_work', 'silt_fence', 'other']),
    );
    expect(services[0]).toMatchObject({ metadata: false, type: 'realtime' });
    const report = {
      service_code: 'mud_on_road',
      lat: '42.7902',
      long: '-73.9655',
      address_string: 'Curry Road',
      description: 'Mud tracked across both lanes by the site entrance.',
      email: 'app-user@example.org',
      first_name: 'Pat',
      last_name: 'Lee',
    };
    const before = count('site_reports');
    const noKey = await file(report);
    expect(noKey.status).toBe(403);
    expect(await noKey.json()).toEqual([{ code: 403, description: expect.stringContaining('api_key') }]);
    const wrong = await file({ ...report, api_key: 'not-a-key' });
    expect(wrong.status).toBe(403);
    expect(count('site_reports')).toBe(before);

    const issued = await fetch(new URL('/staff/open311-keys', portal.url), {
      method: 'POST',
      headers: { Origin: portal.url, Cookie: admin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: formBody({ name: 'Test 311 app' }),
    });
    expect(issued.status).toBe(200);
    const key = (await issued.text()).match(/Key for Test 311 app: ([A-Za-z0-9_-]{20,})/)?.[1];
    expect(key).toBeTruthy();
    expect(one<{ n: number }>('select count(*) n from open311_keys where key_hash = ?', key).n).toBe(0);
    expect(
      one<{ action: string }>("select action from audit_log where entity_type = 'open311_key' order by id desc limit 1")
        .action,
    ).toBe('open311_key.issue');

    const badCode = await file({ ...report, api_key: key!, service_code: 'nope' });
    expect(badCode.status).toBe(400);
    expect(((await badCode.json()) as Array<{ code: number }>)[0].code).toBe(400);
    const filed = await file({ ...report, api_key: key! });
    expect(filed.status).toBe(201);
    const [{ service_request_id }] = (await filed.json()) as Array<{ service_request_id: string }>;
    expect(service_request_id).toMatch(/^\d+$/);

    const [back] = (await (await fetch(api(`requests/${service_request_id}.json`))).json()) as Array<
      Record<string, unknown>
    >;
    expect(back).toMatchObject({
      service_request_id,
      status: 'open',
      service_code: 'mud_on_road',
      service_name: 'Mud or sediment on the road',
      description: report.description,
      address: 'Curry Road',
      lat: 42.7902,
      long: -73.9655,
    });
    expect(JSON.stringify(back)).not.toContain('app-user@example.org');
    // Placed by its point alone, a little north of an active site: the site the matching rule picks from
    // every published project (the server reads only the projects in the box around its quarter mile).
    const site = one<{ latitude: number; longitude: number }>(
      "select latitude, longitude from projects where published = 1 and status = 'active' and latitude is not null order by id limit 1",
    );
    const point = { latitude: site.latitude + 0.001, longitude: site.longitude };
    const placed = await file({ ...report, api_key: key!, lat: String(point.latitude), long: String(point.longitude) });
    expect(placed.status).toBe(201);
    const [{ service_request_id: placedId }] = (await placed.json()) as Array<{ service_request_id: string }>;
    const sites = db.$client
      .prepare(
        'select id, name, slug, status, latitude, longitude from projects where published = 1 and latitude is not null',
      )
      .all() as Parameters<typeof matchProject>[1];
    const expected = matchProject(point, sites)?.project.id;
    expect(expected).toBeDefined();
    expect(
      one<{ project_id: number | null }>('select project_id from site_reports where id = ?', Number(placedId))
        .project_id,
    ).toBe(expected);
    const listed = (await (
      await fetch(api(`requests.json?service_code=mud_on_road&status=open&start_date=${today}T00:00:00Z`))
    ).json()) as Array<{ service_request_id: string }>;
    expect(listed.map((r) => r.service_request_id)).toContain(service_request_id);
    const closed = (await (await fetch(api('requests.json?status=closed'))).json()) as Array<{ status: string }>;
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((r) => r.status === 'closed')).toBe(true);
    const bad = await fetch(api('requests.json?status=maybe'));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual([{ code: 400, description: expect.stringContaining('status') }]);
    // media_url: kept as a link the officer sees, never fetched, never public; a non-web address is refused.
    const link = 'https://photos.app.example/p/abc123.jpg';
    const badMedia = await file({ ...report, api_key: key!, media_url: 'file:///etc/passwd' });
    expect(badMedia.status).toBe(400);
    expect(await badMedia.json()).toEqual([{ code: 400, description: expect.stringContaining('media_url') }]);
    const withMedia = await file({ ...report, api_key: key!, media_url: link });
    expect(withMedia.status).toBe(201);
    const [{ service_request_id: mediaId }] = (await withMedia.json()) as Array<{ service_request_id: string }>;
    expect(one<{ m: string }>('select media_url m from site_reports where id = ?', Number(mediaId)).m).toBe(link);
    expect(await text(await get(portal.url, `/staff/reports/${mediaId}`, officer))).toContain(link);
    const [mediaBack] = (await (await fetch(api(`requests/${mediaId}.json`))).json()) as Array<{
      media_url: string | null;
    }>;
    expect(mediaBack.media_url).toBeNull();
    // GET gives media_url for a photo the officer approved (the demo's stop-work report has two).
    const approved = one<{ reportId: number; id: number }>(
      'select report_id reportId, min(id) id from site_report_photos where approved_at is not null group by report_id order by report_id limit 1',
    );
    const [withPhoto] = (await (await fetch(api(`requests/${approved.reportId}.json`))).json()) as Array<{
      media_url: string;
    }>;
    expect(withPhoto.media_url).toMatch(new RegExp(`/reports/photos/${approved.id}\\.jpg$`));
    // The same in GeoReport v2's XML.
    const servicesXml = await fetch(api('services.xml'));
    expect(servicesXml.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await servicesXml.text()).toMatch(
      /^<\?xml version="1.0" encoding="utf-8"\?>\n<services><service><service_code>[a-z_]+<\/service_code><service_name>/,
    );
    const oneXml = await (await fetch(api(`requests/${service_request_id}.xml`))).text();
    expect(oneXml).toContain(
      `<service_requests><request><service_request_id>${service_request_id}</service_request_id><status>open</status>`,
    );
    // Mud on the road is to be answered within a business day: the end of that day, in town time.
    expect(oneXml).toMatch(/<expected_datetime>\d{4}-\d{2}-\d{2}T23:59:59-0[45]:00<\/expected_datetime>/);
    expect(oneXml).toContain('<description>Mud tracked across both lanes by the site entrance.</description>');
    expect(
      await (await fetch(api(`requests.xml?service_request_id=${service_request_id},${approved.reportId}`))).text(),
    ).toMatch(/(<request>[\s\S]*?<\/request>){2}/);
    const badXml = await fetch(api('requests.xml?status=maybe'));
    expect(badXml.status).toBe(400);
    expect(await badXml.text()).toMatch(/<errors><error><code>400<\/code><description>status must be/);
    expect((await fetch(api('requests/999999.xml'))).status).toBe(404);
    const missing = await fetch(api('requests/999999.json'));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as Array<{ code: number }>)[0].code).toBe(404);
  });
});

describe('the officer’s queue and the demo photos', () => {
  it('the queue shows thumbnails and a map of the open reports, with the list working without JavaScript', async () => {
    const res = await get(portal.url, '/staff/reports', officer);
    expect(res.status).toBe(200);
    const html = await res.text();
    const waiting = db.$client
      .prepare(
        "select p.id from site_report_photos p join site_reports r on r.id = p.report_id where r.status not in ('closed', 'referred')",
      )
      .all() as Array<{ id: number }>;
    expect(waiting.length).toBeGreaterThan(0);
    for (const p of waiting.slice(0, 3)) expect(html).toContain(`<img src="/staff/reports/photos/${p.id}"`);
    const data = JSON.parse(html.match(/<script type="application\/json" data-map-data>([\s\S]*?)<\/script>/)![1]) as {
      noun: string;
      points: Array<{ href: string; name: string }>;
    };
    expect(data.noun).toBe('reports');
    const open = one<{ n: number }>("select count(*) n from site_reports where status not in ('closed', 'referred')").n;
    expect(data.points).toHaveLength(open);
    expect(data.points.every((p) => /^\/staff\/reports\/\d+$/.test(p.href))).toBe(true);
    // The demo's two reports of mud on Curry Road are grouped, on the map as in the list.
    expect(data.points.filter((p) => p.name.includes('near each other')).length).toBeGreaterThanOrEqual(2);
    expect(html).toContain('reports near each other');
  });

  it('demo photos carry no metadata; approved ones are public, the others only the officer sees', async () => {
    const rows = db.$client
      .prepare(
        'select id, report_id reportId, sha256, approved_at approvedAt from site_report_photos where report_id in (select id from site_reports where description not like ?)',
      )
      .all('The silt fence behind building C%') as Array<{
      id: number;
      reportId: number;
      sha256: string;
      approvedAt: number | null;
    }>;
    expect(rows.some((r) => r.approvedAt)).toBe(true);
    expect(rows.some((r) => !r.approvedAt)).toBe(true);
    for (const r of rows) {
      const meta = await sharp(
        fs.readFileSync(path.join(portal.dataDir, 'files', r.sha256.slice(0, 2), r.sha256)),
      ).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      const page = await (await get(portal.url, `/reports/${r.reportId}`)).text();
      if (r.approvedAt) expect(page).toContain(`/reports/photos/${r.id}.jpg`);
      else expect(page).not.toContain(`/reports/photos/${r.id}.jpg`);
      expect((await get(portal.url, `/staff/reports/photos/${r.id}`, officer)).status).toBe(200);
    }
  });
});

describe('abuse: refused, with nothing stored', () => {
  const nothingNew = () => ({
    reports: count('site_reports'),
    photos: count('site_report_photos'),
    files: filesIn(path.join(portal.dataDir, 'files')).length,
  });

  it('the honeypot, a file that is not a picture, and a missing place are refused without keeping anything', async () => {
    const before = nothingNew();
    const trap = await postReport(
      reportForm(good({ website: 'http://spam.example' }), [
        { bytes: await phonePhoto(), name: 'a.jpg', type: 'image/jpeg' },
      ]),
    );
    expect(trap.status).toBe(303);
    expect(trap.headers.get('location')).toBe('/report?sent=1');
    const pdf = await postReport(
      reportForm(good(), [
        {
          bytes: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
          name: 'photo.jpg',
          type: 'image/jpeg',
        },
      ]),
    );
    expect(pdf.status).toBe(400);
    expect(await text(pdf)).toContain('is not a JPEG photo, PNG image or WebP image');
    const nowhere = await postReport(
      reportForm(good({ project: '' }), [{ bytes: await phonePhoto(), name: 'b.jpg', type: 'image/jpeg' }]),
    );
    expect(nowhere.status).toBe(400);
    // The error summary links to the place's group; it says only what no field says (the photos were not kept).
    const html = await nowhere.clone().text();
    const summary = html.match(/<div class="form-alert form-alert-error"[^>]*>[\s\S]*?<\/div>/)?.[0] ?? '';
    expect(summary).toContain('There is a problem');
    expect(summary).toContain('<p>Choose your photos again: they were not kept.</p>');
    expect(summary).toMatch(/<a href="#f-where"[^>]*>Say where/);
    expect(html).toMatch(/<fieldset[^>]*\sid="f-where"/);
    const page = await text(nowhere);
    expect(page).toContain('Say where');
    expect(page).toContain('The silt fence behind building C is down');
    expect(nothingNew()).toEqual(before);
  });

  it('an address the officer blocked files nothing more', async () => {
    const res = await postReport(reportForm(good({ email: 'pest@example.net' })));
    const id = Number(res.headers.get('location')!.match(/\d+/)![0]);
    expect((await triage(id, { intent: 'block', kind: 'email', blockReason: 'Dozens of fake reports.' })).status).toBe(
      303,
    );
    expect((await triage(id, { intent: 'hide', hiddenReason: 'Fake.' })).status).toBe(303);
    expect((await get(portal.url, `/reports/${id}`)).status).toBe(404);
    const before = nothingNew();
    const again = await postReport(
      reportForm(good({ email: 'PEST@example.net' }), [
        { bytes: await phonePhoto(), name: 'c.jpg', type: 'image/jpeg' },
      ]),
    );
    expect(again.status).toBe(403);
    expect(await text(again)).toContain('cannot take reports from this address');
    expect(nothingNew()).toEqual(before);
  });

  it('limits reports per email address and per network address', async () => {
    const email = 'busy.bee@example.net';
    for (let i = 0; i < 5; i++) expect((await postReport(reportForm(good({ email })))).status).toBe(303);
    const before = nothingNew();
    const sixth = await postReport(reportForm(good({ email })));
    expect(sixth.status).toBe(429);
    expect(await text(sixth)).toContain('Too many reports from this email address');
    expect(nothingNew()).toEqual(before);
    let status = 303;
    for (let i = 0; i < PER_IP && status === 303; i++)
      status = (await postReport(reportForm(good({ email: `neighbour${i}@example.net` })))).status;
    expect(status).toBe(429);
    const webToday = one<{ n: number }>(
      "select count(*) n from site_reports where source = 'web' and ip_hash is not null and created_at >= ?",
      Date.now() - 3_600_000,
    ).n;
    expect(webToday).toBe(PER_IP);
  });
});
