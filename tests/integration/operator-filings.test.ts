/**
 * Operators' filings over real HTTP against a built portal of our own (uploads limited to 1 MB so the
 * size limit is cheap to reach): inspection reports with a signed PDF and carried-over corrective
 * actions, monthly summaries published at once and corrected as new versions, documents whose public
 * flag the officer decides, the officer's review with email to the operator, storms, and refusals that
 * leave nothing stored.
 */
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { complianceFor } from '#lib/server/compliance/compliance.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { get, postAction, signIn } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';

let portal: Portal;
let db: DB;
const cookies: Record<string, string> = {};
const SLUG = 'altamont-avenue-plaza';
const today = townToday(new Date());
/** Local date and HH:MM of an instant some hours ago (inspections cannot be in the future). */
function hoursAgo(h: number): { on: string; time: string } {
  const at = new Date(Date.now() - h * 3_600_000);
  return {
    on: townToday(at),
    time: new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at),
  };
}
const first = hoursAgo(3);
const second = hoursAgo(1);

const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;
const all = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).all(...args) as T[];

async function pdf(pages: Array<[number, number]> = [[612, 792]], note = ''): Promise<Blob> {
  const doc = await PDFDocument.create();
  for (const size of pages) doc.addPage(size);
  doc.setSubject(note || String(Math.random()));
  return new Blob([new Uint8Array(await doc.save())], { type: 'application/pdf' });
}

/** A browser-like multipart POST to a page (files go to pages, not Actions). */
async function postForm(
  url: string,
  fields: Record<string, string>,
  files: Record<string, Array<{ blob: Blob; name: string }>>,
  cookie?: string,
): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, list] of Object.entries(files)) for (const f of list) form.append(k, f.blob, f.name);
  return fetch(new URL(url, portal.url), {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { Origin: new URL(portal.url).origin, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** Stored files (not counting the temporary directory, which must be empty). */
function storedFiles(): string[] {
  const dir = path.join(portal.dataDir, 'files');
  const entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  expect(entries.filter((e) => path.basename(e.parentPath) === 'tmp')).toEqual([]);
  return entries.map((e) => e.name).sort();
}

const inspection = (over: Record<string, string> = {}) => ({
  inspectedOn: first.on,
  inspectedTime: first.time,
  type: 'routine',
  inspectorName: 'Pat Doe',
  inspectorCredential: 'CPESC 1234',
  weather: 'Clear, 41°F',
  rainSinceLastInches: '0.1',
  disturbedAcresActive: '2.2',
  disturbedAcresInactive: '0.2',
  tempStabilizedAcres: '1.1',
  finalStabilizedAcres: '0.4',
  rillGullyErosion: 'no',
  sedimentLeavingSite: 'no',
  'practice.0.name': 'Sediment trap ST-1',
  'practice.0.type': 'sediment_trap',
  'practice.0.pct': '22',
  'practice.0.condition': 'good',
  'practice.1.name': 'Silt fence along north property line',
  'practice.1.type': 'silt_fence',
  'practice.1.pct': '',
  'practice.1.condition': 'needs_maintenance',
  'practice.1.notes': 'About 30 ft undermined',
  'ca.0.description': 'Re-trench and re-stake 30 ft of north silt fence',
  'ca.0.responsibleParty': 'Kings Road Site Development Corp.',
  'ca.0.dueOn': today,
  ...over,
});

beforeAll(async () => {
  portal = await startPortal({ env: { MAX_UPLOAD_MB: '1' } });
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  for (const who of ['operator', 'operator2', 'officer'])
    cookies[who] = await signIn(portal.url, `${who}@rotterdam.example`, DEMO_PASSWORD);
}, 300_000);

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
});

describe('filing an inspection report', () => {
  it('stores the report, its practices, a new corrective action and the signed PDF with its pages read', async () => {
    const before = storedFiles().length;
    const res = await postForm(
      `/operator/projects/${SLUG}/inspections/new`,
      inspection(),
      {
        report: [
          {
            blob: await pdf(
              [
                [612, 792],
                [1728, 2592],
              ],
              'report-1',
            ),
            name: 'signed report.pdf',
          },
        ],
      },
      cookies.operator,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/operator/projects/${SLUG}?filed=inspection`);
    const row = one<{ id: number; review_status: string; report_document_id: number; filed_by_user_id: number }>(
      'SELECT * FROM inspections ORDER BY id DESC LIMIT 1',
    );
    expect(row.review_status).toBe('filed');
    expect(
      one(
        'SELECT type, filename, page_count, sheet_size, large_format_pages, public FROM documents WHERE id = ?',
        row.report_document_id,
      ),
    ).toEqual({
      type: 'inspection_report',
      filename: 'signed report.pdf',
      page_count: 2,
      sheet_size: 'mixed',
      large_format_pages: 1,
      public: 1,
    });
    expect(
      all(
        'SELECT practice, sediment_accumulation_pct AS pct, condition FROM inspection_practices WHERE inspection_id = ? ORDER BY id',
        row.id,
      ),
    ).toEqual([
      { practice: 'Sediment trap ST-1', pct: 22, condition: 'good' },
      { practice: 'Silt fence along north property line', pct: null, condition: 'needs_maintenance' },
    ]);
    expect(
      one(
        'SELECT responsible_party, due_on, closed_on FROM corrective_actions WHERE opened_in_inspection_id = ?',
        row.id,
      ),
    ).toEqual({ responsible_party: 'Kings Road Site Development Corp.', due_on: today, closed_on: null });
    expect(storedFiles().length).toBe(before + 1);
    expect(
      one<{ action: string }>("SELECT action FROM audit_log WHERE entity_type = 'inspection' ORDER BY id DESC LIMIT 1")
        .action,
    ).toBe('inspection.file');
  });

  it('carries the open corrective action over to the next report until it is closed; a practice left blank is not inspected, never “working”', async () => {
    const form = await (await get(portal.url, `/operator/projects/${SLUG}/inspections/new`, cookies.operator)).text();
    const ca = one<{ id: number }>(
      "SELECT id FROM corrective_actions WHERE description = 'Re-trench and re-stake 30 ft of north silt fence'",
    );
    expect(form).toContain(`name="carry.${ca.id}.closed"`);
    expect(form).toContain('Re-trench and re-stake 30 ft of north silt fence');
    // The last report's practices are listed with no condition chosen: the empty choice says "Not inspected".
    expect(form).toContain('value="Silt fence along north property line"');
    const conditions = form.match(/<select[^>]*name="practice\.\d+\.condition"[\s\S]*?<\/select>/g) ?? [];
    expect(conditions.length).toBeGreaterThanOrEqual(2);
    for (const select of conditions) {
      expect(select).toContain('<option value="">Not inspected</option>');
      expect(select).not.toMatch(/selected/);
      expect(select).not.toMatch(/required/);
    }
    const res = await postForm(
      `/operator/projects/${SLUG}/inspections/new`,
      inspection({
        inspectedOn: second.on,
        inspectedTime: second.time,
        type: 'follow_up',
        [`carry.${ca.id}.closed`]: 'on',
        'ca.0.description': '',
        'ca.0.responsibleParty': '',
        'ca.0.dueOn': '',
        'practice.1.condition': '',
        'practice.1.notes': '',
      }),
      { report: [{ blob: await pdf([[612, 792]], 'report-2'), name: 'follow-up.pdf' }] },
      cookies.operator,
    );
    expect(res.status).toBe(303);
    const latest = one<{ id: number }>('SELECT max(id) AS id FROM inspections').id;
    expect(
      all('SELECT practice, condition FROM inspection_practices WHERE inspection_id = ? ORDER BY id', latest),
    ).toEqual([
      { practice: 'Sediment trap ST-1', condition: 'good' },
      { practice: 'Silt fence along north property line', condition: 'not_inspected' },
    ]);
    const next = await (await get(portal.url, `/operator/projects/${SLUG}/inspections/new`, cookies.operator)).text();
    expect(next).toContain('value="Silt fence along north property line"');
    const closed = one<{ closed_on: string; closed_in_inspection_id: number }>(
      'SELECT closed_on, closed_in_inspection_id FROM corrective_actions WHERE id = ?',
      ca.id,
    );
    expect(closed.closed_on).toBe(second.on);
    expect(closed.closed_in_inspection_id).toBe(one<{ id: number }>('SELECT max(id) AS id FROM inspections').id);
  });

  it('sends a refused report back with every field kept, messages beside the fields, and nothing stored', async () => {
    const before = storedFiles();
    const res = await postForm(
      `/operator/projects/${SLUG}/inspections/new`,
      inspection({ inspectorCredential: '', 'practice.0.pct': '' }),
      { report: [{ blob: await pdf([[612, 792]], 'refused'), name: 'refused.pdf' }] },
      cookies.operator,
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('Enter the inspector’s credential, like CPESC 1234 or NYS PE 087654.');
    expect(html).toContain('Enter how full it is, as a percentage of its sediment storage (0 to 100).');
    expect(html).toContain('value="Pat Doe"');
    expect(html).toContain('Choose the signed report PDF again');
    expect(storedFiles()).toEqual(before);
  });

  it('rejects a renamed executable and a file over the size limit with clear messages, storing nothing', async () => {
    const before = storedFiles();
    const exe = new Uint8Array(20_000);
    exe.set([0x4d, 0x5a, 0x90, 0x00]);
    const renamed = await postForm(
      `/operator/projects/${SLUG}/inspections/new`,
      inspection(),
      { report: [{ blob: new Blob([exe], { type: 'application/pdf' }), name: 'inspection.pdf' }] },
      cookies.operator,
    );
    expect(renamed.status).toBe(422);
    expect(await renamed.text()).toContain(
      '“inspection.pdf” is not a PDF. Only PDF files are accepted, whatever their name.',
    );
    const big = new Uint8Array(1_500_000);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const oversized = await postForm(
      `/operator/projects/${SLUG}/inspections/new`,
      inspection(),
      { report: [{ blob: new Blob([big], { type: 'application/pdf' }), name: 'huge.pdf' }] },
      cookies.operator,
    );
    expect(oversized.status).toBe(422);
    expect(await oversized.text()).toContain(
      '“huge.pdf” is larger than the 1 MB limit. Split it into smaller files, or reduce its size.',
    );
    expect(storedFiles()).toEqual(before);
  });

  it('answers 404 to an operator of another project, for the page and for a posted report, storing nothing', async () => {
    const before = storedFiles();
    expect((await get(portal.url, `/operator/projects/${SLUG}`, cookies.operator2)).status).toBe(404);
    expect((await get(portal.url, `/operator/projects/${SLUG}/inspections/new`, cookies.operator2)).status).toBe(404);
    const res = await postForm(
      `/operator/projects/${SLUG}/inspections/new`,
      inspection(),
      { report: [{ blob: await pdf([[612, 792]], 'intruder'), name: 'intruder.pdf' }] },
      cookies.operator2,
    );
    expect(res.status).toBe(404);
    expect(storedFiles()).toEqual(before);
  });
});

describe('the officer’s review', () => {
  it('returns a report with a comment the operator sees (and is emailed), and the corrected report replaces it', async () => {
    const id = one<{ id: number }>("SELECT max(id) AS id FROM inspections WHERE type = 'routine'").id;
    const res = await postAction(
      portal.url,
      `/staff/reviews/inspections/${id}`,
      'reviews.decideInspection',
      { id, decision: 'return', comment: 'Give the sediment accumulation for trap ST-2 as well.', reportPublic: 'on' },
      cookies.officer,
    );
    expect(res.status).toBe(303);
    expect(one('SELECT review_status, review_comment FROM inspections WHERE id = ?', id)).toEqual({
      review_status: 'returned',
      review_comment: 'Give the sediment accumulation for trap ST-2 as well.',
    });
    const mail = one<{ to_address: string; subject: string; text_body: string }>(
      "SELECT to_address, subject, text_body FROM outbox WHERE kind = 'filing-reviewed' ORDER BY id DESC LIMIT 1",
    );
    expect(mail.to_address).toBe('operator@rotterdam.example');
    expect(mail.subject).toMatch(/returned for correction$/);
    expect(mail.text_body).toContain('Give the sediment accumulation for trap ST-2 as well.');
    const workspace = await (await get(portal.url, `/operator/projects/${SLUG}`, cookies.operator)).text();
    expect(workspace).toContain('Give the sediment accumulation for trap ST-2 as well.');
    const form = await (
      await get(portal.url, `/operator/projects/${SLUG}/inspections/new?from=${id}`, cookies.operator)
    ).text();
    expect(form).toContain(`name="supersedesId" value="${id}"`);
    const refiled = await postForm(
      `/operator/projects/${SLUG}/inspections/new?from=${id}`,
      inspection({
        supersedesId: String(id),
        'ca.0.description': '',
        'ca.0.responsibleParty': '',
        'ca.0.dueOn': '',
        'practice.2.name': 'Sediment trap ST-2',
        'practice.2.type': 'sediment_trap',
        'practice.2.pct': '12',
        'practice.2.condition': 'good',
      }),
      { report: [{ blob: await pdf([[612, 792]], 'corrected'), name: 'corrected.pdf' }] },
      cookies.operator,
    );
    expect(refiled.status).toBe(303);
    expect(
      one<{ superseded_at: number | null }>('SELECT superseded_at FROM inspections WHERE id = ?', id).superseded_at,
    ).not.toBeNull();
    const queue = await (await get(portal.url, '/staff/reviews', cookies.officer)).text();
    expect(queue).toContain('(corrected report)');
  });

  it('refuses a return without a comment, and lets only the officer decide', async () => {
    const id = one<{ id: number }>('SELECT max(id) AS id FROM inspections').id;
    const res = await postAction(
      portal.url,
      `/staff/reviews/inspections/${id}`,
      'reviews.decideInspection',
      { id, decision: 'return', comment: '' },
      cookies.officer,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Tell the operator what to correct: they see this comment.');
    const byOperator = await postAction(
      portal.url,
      `/staff/reviews/inspections/${id}`,
      'reviews.decideInspection',
      { id, decision: 'accept', comment: '' },
      cookies.operator,
    );
    expect(byOperator.status).toBe(403);
  });
});

describe('filing a monthly summary', () => {
  let month: string;

  it('pre-fills the overdue month from its reports, and publishes the summary on the project page at once', async () => {
    const form = await (await get(portal.url, `/operator/projects/${SLUG}/summaries/new`, cookies.operator)).text();
    month = /name="month" value="(\d{4}-\d{2})"/.exec(form)![1];
    expect(
      one<{ n: number }>(
        'SELECT count(*) AS n FROM monthly_summaries m JOIN projects p ON p.id = m.project_id WHERE p.slug = ? AND m.month = ?',
        SLUG,
        month,
      ).n,
    ).toBe(0);
    const done = /name="inspectionsDone"[^>]*value="(\d+)"/.exec(form)![1];
    expect(Number(done)).toBeGreaterThan(2);
    const before = await (await get(portal.url, `/projects/${SLUG}`)).text();
    expect(before).toContain('has not been filed');
    const res = await postForm(
      `/operator/projects/${SLUG}/summaries/new`,
      {
        month,
        inspectionsDone: done,
        inspectionsRequired: '4',
        stormEvents: '1',
        postStormInspections: '1',
        acresDisturbed: '2.4',
        acresStabilized: '1.5',
        correctiveOpened: '0',
        correctiveClosed: '0',
        correctiveOpen: '0',
        narrative:
          'Our inspector checked the site every week and the day after the big storm. Nothing needed repair this month.',
        certifiedByName: 'Chris Van Patten',
        certifiedByTitle: 'Site superintendent',
        certify: 'on',
        attachmentsPublic: 'on',
      },
      { attachments: [{ blob: await pdf([[612, 792]], 'photo log'), name: 'photo-log.pdf' }] },
      cookies.operator,
    );
    expect(res.status).toBe(303);
    const page = await (await get(portal.url, `/projects/${SLUG}`)).text();
    expect(page).toContain('Nothing needed repair this month.');
    expect(page).not.toContain('has not been filed');
    expect(page).toMatch(/summary filed late/);
    const s = one<{ document_id: number; certified_by_name: string }>(
      'SELECT document_id, certified_by_name FROM monthly_summaries WHERE month = ? AND project_id = (SELECT id FROM projects WHERE slug = ?)',
      month,
      SLUG,
    );
    expect(s.certified_by_name).toBe('Chris Van Patten');
    expect(one('SELECT type, public FROM documents WHERE id = ?', s.document_id)).toEqual({
      type: 'monthly_summary',
      public: 1,
    });
    // The attachment waits for the officer before residents see it.
    expect(one('SELECT public, public_proposed FROM documents WHERE filename = ?', 'photo-log.pdf')).toEqual({
      public: 0,
      public_proposed: 1,
    });
  });

  it('refuses a second summary for the same month, and files a correction as version 2 with version 1 kept as superseded', async () => {
    const fields = {
      month,
      inspectionsDone: '5',
      inspectionsRequired: '4',
      stormEvents: '1',
      postStormInspections: '1',
      correctiveOpened: '0',
      correctiveClosed: '0',
      correctiveOpen: '0',
      narrative:
        'Our inspector checked the site every week and after the storm. Five inspections in all; nothing needed repair.',
      certifiedByName: 'Chris Van Patten',
      certifiedByTitle: 'Site superintendent',
      certify: 'on',
    };
    const again = await postForm(`/operator/projects/${SLUG}/summaries/new`, fields, {}, cookies.operator);
    expect(again.status).toBe(422);
    expect(await again.text()).toContain(
      'is already filed (version 1). To change it, open it and choose “Correct this summary”.',
    );
    const v1 = one<{ id: number }>(
      'SELECT id FROM monthly_summaries WHERE month = ? AND project_id = (SELECT id FROM projects WHERE slug = ?)',
      month,
      SLUG,
    );
    const corrected = await postForm(
      `/operator/projects/${SLUG}/summaries/new?correct=${v1.id}`,
      {
        ...fields,
        supersedesId: String(v1.id),
        correctionNote: 'Version 1 counted four inspections; there were five.',
      },
      {},
      cookies.operator,
    );
    expect(corrected.status).toBe(303);
    const rows = all<{ version: number; superseded: number }>(
      'SELECT version, superseded_at IS NOT NULL AS superseded FROM monthly_summaries WHERE month = ? AND project_id = (SELECT id FROM projects WHERE slug = ?) ORDER BY version',
      month,
      SLUG,
    );
    expect(rows).toEqual([
      { version: 1, superseded: 1 },
      { version: 2, superseded: 0 },
    ]);
    const page = await (await get(portal.url, `/projects/${SLUG}`)).text();
    expect(page).toContain('Version 1 counted four inspections; there were five.');
    expect(page).toMatch(/Superseded versions \(\d+\)/);
    expect(page).toContain('Nothing needed repair this month.');
  });
});

describe('uploading documents', () => {
  it('reads pages and sheet sizes, waits for the officer’s public decision, then appears on the project page', async () => {
    const res = await postForm(
      `/operator/projects/${SLUG}/documents/new`,
      { type: 'as_built_plans', documentDate: today, description: 'bioretention areas', publicProposed: 'yes' },
      {
        document: [
          {
            blob: await pdf(
              [
                [2592, 1728],
                [2592, 1728],
                [612, 792],
              ],
              'as-built',
            ),
            name: 'as-built.pdf',
          },
        ],
      },
      cookies.operator,
    );
    expect(res.status).toBe(303);
    const doc = one<{
      id: number;
      title: string;
      page_count: number;
      sheet_size: string;
      large_format_pages: number;
      public: number;
      public_proposed: number;
    }>("SELECT * FROM documents WHERE type = 'as_built_plans' ORDER BY id DESC LIMIT 1");
    expect(doc).toMatchObject({
      page_count: 3,
      sheet_size: 'mixed',
      large_format_pages: 2,
      public: 0,
      public_proposed: 1,
    });
    expect(await (await get(portal.url, `/projects/${SLUG}`)).text()).not.toContain(doc.title);
    const decided = await postAction(
      portal.url,
      `/staff/reviews/documents/${doc.id}`,
      'reviews.decideDocument',
      { id: doc.id, decision: 'accept', public: 'yes', comment: '' },
      cookies.officer,
    );
    expect(decided.status).toBe(303);
    expect(await (await get(portal.url, `/projects/${SLUG}`)).text()).toContain(doc.title);
    expect(
      one<{ action: string }>("SELECT action FROM audit_log WHERE entity_type = 'document' ORDER BY id DESC LIMIT 1")
        .action,
    ).toBe('document.accept');
  });

  it('starts a SWPPP review for an amendment, numbered in the SWPPP’s version chain', async () => {
    const res = await postForm(
      `/operator/projects/${SLUG}/documents/new`,
      { type: 'swppp_amendment', documentDate: today, publicProposed: 'yes' },
      { document: [{ blob: await pdf([[612, 792]], 'amendment'), name: 'amendment.pdf' }] },
      cookies.operator,
    );
    expect(res.status).toBe(303);
    const doc = one<{ id: number; title: string; version: number; supersedes_id: number }>(
      "SELECT * FROM documents WHERE type = 'swppp_amendment' ORDER BY id DESC LIMIT 1",
    );
    expect(doc.title).toBe('SWPPP Amendment No. 1');
    expect(doc.version).toBe(2);
    expect(one<{ type: string }>('SELECT type FROM documents WHERE id = ?', doc.supersedes_id).type).toBe('swppp');
    expect(one('SELECT received_on, decision FROM swppp_reviews WHERE document_id = ?', doc.id)).toEqual({
      received_on: today,
      decision: null,
    });
  });
});

describe('storm events', () => {
  it('the officer records a storm of half an inch or more and operators of active sites are emailed', async () => {
    const ended = new Date(Date.now() - 2 * 3_600_000);
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(ended);
    const before = one<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE kind = 'storm-inspection-due'").n;
    const res = await postAction(
      portal.url,
      '/staff/storms',
      'storms.record',
      { endedOn: townToday(ended), endedTime: time, inches: '0.8', gauge: 'Rotterdam DPW rain gauge' },
      cookies.officer,
    );
    expect(res.status).toBe(303);
    const mails = all<{ to_address: string; text_body: string }>(
      "SELECT to_address, text_body FROM outbox WHERE kind = 'storm-inspection-due' ORDER BY id",
    ).slice(before);
    expect(mails.map((m) => m.to_address).sort()).toEqual([
      'operator2@rotterdam.example',
      'operator@rotterdam.example',
    ]);
    expect(mails[0].text_body).toContain('within 24 hours');
    // Owed at a site not inspected since the storm ended (the plaza was, an hour ago).
    const owed = await (
      await get(portal.url, '/operator/projects/carman-road-child-care-center', cookies.operator)
    ).text();
    expect(owed).toContain('Post-storm inspection by');
    expect(await (await get(portal.url, `/operator/projects/${SLUG}`, cookies.operator)).text()).not.toContain(
      'Post-storm inspection by',
    );
  });

  it('refuses a storm in the future, beside the field', async () => {
    const res = await postAction(
      portal.url,
      '/staff/storms',
      'storms.record',
      { endedOn: '2099-01-01', endedTime: '10:00', inches: '1', gauge: 'x' },
      cookies.officer,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('The rain cannot have ended in the future.');
  });
});

describe('corrective-action dates and the duties before work starts, over HTTP', () => {
  it('refuses a corrective action due later than the next business day without a written reason, keeping what was typed; stores the reason when given', async () => {
    const at = hoursAgo(5);
    const later = townToday(new Date(Date.now() + 10 * 86_400_000));
    const fields = inspection({ inspectedOn: at.on, inspectedTime: at.time, 'ca.0.dueOn': later });
    const refused = await postForm(
      `/operator/projects/${SLUG}/inspections/new`,
      fields,
      { report: [{ blob: await pdf([[612, 792]], 'late-ca'), name: 'late.pdf' }] },
      cookies.operator,
    );
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain('The state permit expects the work to begin within one business day');
    expect(html).toContain('value="Re-trench and re-stake 30 ft of north silt fence"');
    const reason = 'The replacement fabric is on order; hay bales are in place.';
    const filed = await postForm(
      `/operator/projects/${SLUG}/inspections/new`,
      { ...fields, 'ca.0.dueReason': reason },
      { report: [{ blob: await pdf([[612, 792]], 'late-ca-2'), name: 'late.pdf' }] },
      cookies.operator,
    );
    expect(filed.status).toBe(303);
    expect(one('SELECT due_on, due_reason FROM corrective_actions ORDER BY id DESC LIMIT 1')).toEqual({
      due_on: later,
      due_reason: reason,
    });
  });

  it('staff record a D(1) exemption with its reason and the pre-construction assessment, audited; an exemption needs its reason', async () => {
    const project = one<{ id: number }>('SELECT id FROM projects WHERE slug = ?', SLUG);
    const page = `/staff/projects/${SLUG}`;
    expect((await complianceFor(asyncOf(db), { projectIds: [project.id] }))[0].findings.length).toBeGreaterThan(0);
    const missing = await postAction(
      portal.url,
      page,
      'registry.recordStartDuties',
      { projectId: project.id, exemption: 'septic', exemptionNote: '' },
      cookies.officer,
    );
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('Say why the activity is exempt');
    // D(1)(c) names "less than five acres": the plaza disturbs 5.9, so it is refused with the reason (decision 0072).
    const tooBig = await postAction(
      portal.url,
      page,
      'registry.recordStartDuties',
      { projectId: project.id, exemption: 'agricultural_land_under_5_acres', exemptionNote: 'Farm work.' },
      cookies.officer,
    );
    expect(tooBig.status).toBe(400);
    expect(await tooBig.text()).toContain(
      'The project will disturb 5.9 acres; D(1)(c) covers only a disturbance of less than five acres.',
    );
    expect(one('SELECT exemption FROM projects WHERE id = ?', project.id)).toEqual({ exemption: null });
    const byOperator = await postAction(
      portal.url,
      page,
      'registry.recordStartDuties',
      { projectId: project.id, preConstructionAssessmentOn: '2025-01-02' },
      cookies.operator,
    );
    expect(byOperator.status).toBe(403);
    const ok = await postAction(
      portal.url,
      page,
      'registry.recordStartDuties',
      {
        projectId: project.id,
        preConstructionAssessmentOn: '2025-01-02',
        exemption: 'septic',
        exemptionNote: 'Septic replacement for the existing building.',
      },
      cookies.officer,
    );
    expect(ok.status).toBe(303);
    expect(
      one(
        'SELECT exemption, exemption_note, pre_construction_assessment_on AS assessed FROM projects WHERE id = ?',
        project.id,
      ),
    ).toEqual({
      exemption: 'septic',
      exemption_note: 'Septic replacement for the existing building.',
      assessed: '2025-01-02',
    });
    expect(
      one<{ n: number }>(
        "SELECT count(*) AS n FROM audit_log WHERE action = 'project.start_duties' AND entity_id = ?",
        String(project.id),
      ).n,
    ).toBe(1);
    // An exempt activity owes nothing (D(1)): no findings, nothing due.
    expect((await complianceFor(asyncOf(db), { projectIds: [project.id] }))[0]).toMatchObject({
      findings: [],
      due: [],
    });
    // And the public page never says its SWPPP is missing: it says why none is required.
    const pub = await (await get(portal.url, `/projects/${SLUG}`)).text();
    expect(pub).toContain('No SWPPP is required: the activity is exempt under Subsection D(1)(e)');
    expect(pub).toContain('Septic replacement for the existing building.');
    // Who recorded it and when (decision 0072): the recorder answers for the conditions the record cannot check.
    expect(pub).toMatch(/Recorded by [^<]+, [^<]+ on [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    expect(pub).not.toContain('Not yet on file');
  });
});
