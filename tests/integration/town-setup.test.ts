/**
 * Decisions 0038 and 0039 over real HTTP against one portal: the town profile, and importing projects from CSV. The admin changes the clerk's office
 * and the logo at /staff/settings; pages, the invoice (HTML and PDF), feeds and mail read the new words;
 * each save is audited; a logo that is not a PNG or JPEG by its bytes is refused and leaves nothing
 * changed; a wrong field is answered beside it with what was typed kept.
 */
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { ROTTERDAM_PROFILE } from '#db/seed/town-profiles.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { townProfileValues } from '#lib/shared/town-profile.ts';
import { get, signIn } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
let db: DB;
let admin: string;
let clerk: string;
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;

// A 1x1 PNG.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

function post(
  fields: Record<string, string>,
  logo?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string },
): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (logo) form.append('logo', new Blob([logo.bytes], { type: logo.type }), logo.name);
  return fetch(new URL('/staff/settings', portal.url), {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { Origin: new URL(portal.url).origin, Cookie: admin },
  });
}

beforeAll(async () => {
  portal = await startPortal();
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  admin = await signIn(portal.url, 'admin@rotterdam.example', DEMO_PASSWORD);
  clerk = await signIn(portal.url, 'clerk@rotterdam.example', DEMO_PASSWORD);
}, 60_000);
afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
});

describe('the town profile', () => {
  it('shows the demo town on every page, read from its profile', async () => {
    const home = await (await get(portal.url, '/')).text();
    expect(home).toContain('Rotterdam Stormwater Portal<small>Town of Rotterdam, New York</small>');
    const form = await (await get(portal.url, '/staff/settings', admin)).text();
    expect(form).toContain('value="1100 Sunrise Boulevard, Rotterdam, NY 12306"');
    expect((await get(portal.url, '/staff/settings', clerk)).status).toBe(403);
  });

  it('refuses a logo that is not an image by its bytes, and a name with "Town of", keeping what was typed', async () => {
    const before = one<{ value: string }>("select value from settings where key = 'town_profile'").value;
    const values = {
      ...townProfileValues(ROTTERDAM_PROFILE),
      'clerkOffice.address': '12 Typed Street, Rotterdam, NY 12306',
    };
    const fake = await post(values, {
      bytes: new Uint8Array(new TextEncoder().encode('<svg onload="alert(1)"/>')),
      name: 'logo.png',
      type: 'image/png',
    });
    expect(fake.status).toBe(422);
    const page = await fake.text();
    expect(page).toMatch(/PNG or JPEG|PNG image or JPEG|JPEG/);
    expect(page).toContain('value="12 Typed Street, Rotterdam, NY 12306"');
    const named = await post({ ...values, name: 'Town of Rotterdam' });
    expect(named.status).toBe(422);
    expect(await named.text()).toContain('Enter the name alone: the portal adds “Town of”.');
    expect(one<{ value: string }>("select value from settings where key = 'town_profile'").value).toBe(before);
  });

  it('saves the clerk’s new address and a logo: audited, and the next invoice, its PDF and the pages show them', async () => {
    const values = {
      ...townProfileValues(ROTTERDAM_PROFILE),
      'clerkOffice.address': '40 Canal Street, Rotterdam, NY 12306',
      signature: 'Highway Department: Stormwater',
    };
    const res = await post(values, { bytes: new Uint8Array(PNG), name: 'seal.png', type: 'image/png' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/staff/settings?saved=1');
    const audit = one<{ before_json: string; after_json: string }>(
      "select before_json, after_json from audit_log where action = 'town_profile.update' order by id desc limit 1",
    );
    expect(JSON.parse(audit.before_json).clerkOffice.address).toBe('1100 Sunrise Boulevard, Rotterdam, NY 12306');
    expect(JSON.parse(audit.after_json).clerkOffice.address).toBe('40 Canal Street, Rotterdam, NY 12306');

    const logo = await get(portal.url, '/town-logo');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(await (await get(portal.url, '/')).text()).toContain('<img class="site-logo" src="/town-logo"');

    const inv = one<{ request_id: number }>(
      "select request_id from invoices where status = 'issued' order by id limit 1",
    );
    const sheet = await (await get(portal.url, `/staff/requests/${inv.request_id}/invoice`, clerk)).text();
    expect(sheet).toContain('Town Clerk&#39;s office, 40 Canal Street, Rotterdam, NY 12306');
    expect(sheet).not.toContain('1100 Sunrise Boulevard');
    const pdf = await PDFDocument.load(
      new Uint8Array(
        await (await get(portal.url, `/staff/requests/${inv.request_id}/invoice.pdf`, clerk)).arrayBuffer(),
      ),
      { updateMetadata: false },
    );
    expect(pdf.getAuthor()).toBe('Town of Rotterdam, Town Clerk');

    const feed = await (await get(portal.url, '/feeds/town.atom')).text();
    expect(feed).toContain('<author><name>Town of Rotterdam, Highway Department: Stormwater</name></author>');
    const ics = await (await get(portal.url, '/feeds/calendar.ics')).text();
    expect(ics).toContain('PRODID:-//Town of Rotterdam//Stormwater Portal//EN');
  });
});

describe('importing projects from a CSV file', () => {
  const IMPORT = '/staff/projects/import?_action=projectImport.importProjects';
  const count = () => one<{ n: number }>('select count(*) as n from projects').n;
  let existing: { spdes: string; slug: string; disturbed: number | null };
  let csv: string;

  function upload(bytes: Uint8Array<ArrayBuffer>, name: string): Promise<Response> {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'text/csv' }), name);
    return fetch(new URL(IMPORT, portal.url), {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { Origin: new URL(portal.url).origin, Cookie: clerk },
    });
  }
  function confirm(fields: Record<string, string>): Promise<Response> {
    return fetch(new URL(IMPORT, portal.url), {
      method: 'POST',
      body: new URLSearchParams(fields),
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: new URL(portal.url).origin,
        Cookie: clerk,
      },
    });
  }
  /** The hidden fields and the chosen columns of the dry-run form, as the browser would post them. */
  function formFields(html: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const m of html.matchAll(/<input type="hidden" name="(csv|source)" value="([^"]*)"/g))
      out[m[1]] = m[2]
        .replace(/&#10;/g, '\n')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
    for (const m of html.matchAll(/<select id="map-[^"]+" name="(map\.[a-zA-Z]+)">([\s\S]*?)<\/select>/g))
      out[m[1]] = /<option value="([^"]*)" selected/.exec(m[2])?.[1] ?? '';
    return out;
  }

  beforeAll(() => {
    const p = one<{ spdes: string; slug: string; disturbed: number | null }>(
      'select spdes_permit_id as spdes, slug, disturbed_acres as disturbed from projects where spdes_permit_id is not null and coalesce(max_disturbed_at_once_acres, 0) <= 7.5 and coalesce(total_site_acres, 100) >= 7.5 order by id limit 1',
    );
    existing = p;
    csv = [
      'Permit ID,Facility Name,Facility Address,Disturbed Acres,Date Received,Owner/Operator,Status',
      `${p.spdes},"Renamed in DEC's list",1 Main Street,7.5,5/3/2026,,Active`,
      'NYR10Z999,"Lock Street Warehouse, phase 2",7 Lock Street,3.2,2026-04-01,Lock Street LLC,Active',
      'NYR10Z998,Bad Date Plaza,9 Canal Street,2,31/31/2026,,Active',
    ].join('\n');
  });

  it('refuses a file that is not text by its bytes', async () => {
    const res = await upload(new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n')), 'projects.csv');
    expect(await res.text()).toContain('This is a PDF file, not CSV');
  });

  it('shows a dry run with a reason beside each bad row, and writes nothing', async () => {
    const before = count();
    const res = await upload(new Uint8Array(Buffer.from(csv)), 'dec-noi-export.csv');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('1 new project, 1 update by SPDES permit ID, 1 row with problems (left out).');
    expect(html).toContain('Date Received: “31/31/2026” is not a date like 2026-05-03 or 5/3/2026.');
    expect(html).toContain(`href="/staff/projects/${existing.slug}"`);
    expect(count()).toBe(before);

    // Confirmed: one project registered, one updated by its SPDES permit ID, the bad row left out; audited.
    const fields = formFields(html);
    expect(fields['map.spdesPermitId']).toBe('Permit ID');
    const done = await confirm({ ...fields, confirm: 'yes' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toMatch(/^\/staff\/projects\/import\?import=\d+$/);
    expect(count()).toBe(before + 1);
    expect(
      one<{ name: string; published: number; owner: string }>(
        "select p.name, p.published, (select company_name from parties where project_id = p.id and role = 'owner_operator') as owner from projects p where spdes_permit_id = 'NYR10Z999'",
      ),
    ).toEqual({ name: 'Lock Street Warehouse, phase 2', published: 0, owner: 'Lock Street LLC' });
    expect(
      one<{ disturbed: number; slug: string; name: string }>(
        'select disturbed_acres as disturbed, slug, name from projects where spdes_permit_id = ?',
        existing.spdes,
      ),
    ).toEqual({ disturbed: 7.5, slug: existing.slug, name: "Renamed in DEC's list" });
    expect(
      JSON.parse(
        one<{ after_json: string }>(
          "select after_json from audit_log where action = 'project.import' order by id desc limit 1",
        ).after_json,
      ),
    ).toMatchObject({ source: 'dec-noi-export.csv', created: 1, updated: 1, skipped: 1 });

    // The same file again updates both and duplicates nothing.
    const again = formFields(await (await upload(new Uint8Array(Buffer.from(csv)), 'dec-noi-export.csv')).text());
    const second = await confirm({ ...again, confirm: 'yes' });
    expect(second.headers.get('location')).toMatch(/^\/staff\/projects\/import\?import=\d+$/);
    expect(await (await get(portal.url, second.headers.get('location')!, clerk)).text()).toContain(
      'Imported: 0 new projects, 2 projects updated, 1 row left out.',
    );
    expect(count()).toBe(before + 1);
  });
});

describe('the local law’s periods and fine cap (decision 0044)', () => {
  const RULES = '/staff/compliance/rules?_action=localRules.save';
  /** Every field of the rules form as the browser would post it. */
  async function rulesForm(cookie: string): Promise<Record<string, string>> {
    const html = await (await get(portal.url, '/staff/compliance/rules', cookie)).text();
    const out: Record<string, string> = {};
    const unescape = (v: string) =>
      v
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    for (const m of html.matchAll(/<input\b[^>]*>/g)) {
      const name = /name="([^"]+)"/.exec(m[0])?.[1];
      if (name && !name.startsWith('_')) out[name] = unescape(/value="([^"]*)"/.exec(m[0])?.[1] ?? '');
    }
    for (const m of html.matchAll(/<textarea\b[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g))
      out[m[1]] = unescape(m[2]);
    return out;
  }
  const save = (fields: Record<string, string>, cookie: string) =>
    fetch(new URL(RULES, portal.url), {
      method: 'POST',
      body: new URLSearchParams(fields),
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: new URL(portal.url).origin,
        Cookie: cookie,
      },
    });

  it('refuses to set FOIL’s five business days, keeping what was typed, and saves a lower fine cap with its amending local law and the town’s citation', async () => {
    const form = await rulesForm(admin);
    expect(form).toMatchObject({ swpppReviewDays: '30', correctionDays: '7', maxDailyFineCents: '250.00' });
    expect(form).not.toHaveProperty('foilBusinessDays');

    const longer = await save({ ...form, foilBusinessDays: '6', correctionDays: '12' }, admin);
    expect(longer.status).toBe(400);
    const page = await longer.text();
    expect(page).toContain('Public Officers Law §89(3)(a) sets five business days; it is state law, not a setting.');
    expect(page).toMatch(/name="correctionDays"[^>]*value="12"|value="12"[^>]*name="correctionDays"/);
    expect(one<{ n: number }>("select count(*) as n from settings where key like 'local_law.%'").n).toBe(0);

    const res = await save(
      {
        ...form,
        maxDailyFineCents: '100',
        'lawCitation.maxDailyFineCents': 'Local Law 2 of 2008, § 148-18(C)',
        'amendment.maxDailyFineCents': 'Local Law No. 2 of 2027',
        'amendedOn.maxDailyFineCents': '2027-03-01',
      },
      admin,
    );
    expect(res.status).toBe(303);
    const after = JSON.parse(
      one<{ after_json: string }>(
        "select after_json from audit_log where action = 'compliance.settings' order by id desc limit 1",
      ).after_json,
    );
    expect(after.law).toMatchObject({
      foilBusinessDays: 5,
      maxDailyFineCents: 10_000,
      citations: { maxDailyFineCents: 'Local Law 2 of 2008, § 148-18(C)' },
      amendments: { maxDailyFineCents: { localLaw: 'Local Law No. 2 of 2027', adoptedOn: '2027-03-01' } },
    });
    expect(await (await get(portal.url, '/help/ordinance')).text()).toContain(
      'Local Law 2 of 2008, § 148-18(C), as amended by Local Law No. 2 of 2027 (adopted March 1, 2027)',
    );

    // The clock and the cap are read where they are used: a request's due date, the officer's enforcement form.
    const req = one<{ id: number }>('select id from records_requests order by id desc limit 1');
    expect(await (await get(portal.url, `/staff/requests/${req.id}`, clerk)).text()).toContain('Business day 5 is');
    const officer = await signIn(portal.url, 'officer@rotterdam.example', DEMO_PASSWORD);
    const slug = one<{ slug: string }>('select slug from projects where published = 1 order by id limit 1').slug;
    expect(await (await get(portal.url, `/staff/projects/${slug}/enforcement`, officer)).text()).toContain(
      'at most $100.00 for each day of violation',
    );

    // Back to the ordinance's own number: the amendment is no longer shown.
    expect((await save(form, admin)).status).toBe(303);
    expect(await (await get(portal.url, '/help/ordinance')).text()).not.toContain('as amended by');
  });
});

describe('the town’s own ordinance text (decision 0044)', () => {
  const send = (action: string, form: FormData) =>
    fetch(new URL(`/staff/settings/ordinance?_action=${action}`, portal.url), {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { Origin: new URL(portal.url).origin, Cookie: admin },
    });
  const fields = (f: Record<string, string | Blob>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(f)) {
      if (typeof v === 'string') form.append(k, v);
      else form.append(k, v, 'law.md');
    }
    return form;
  };
  const LAW = `# Local Law 4 of 2011\n\n## § 148-1. Purpose\n\nThe Village of Pinebrook Falls finds that fines < $500 & <b>bold</b> words are text here.\n\n${'Erosion and sediment control applies to every land development activity. '.repeat(4)}\n\n- **Permit** required\n- *SWPPP* reviewed`;

  it('refuses HTML, a file that is not text and a law without its number and date, keeping what was typed; then shows the town’s Markdown as text on the public law page, audited; removing it leaves the page saying no law is entered', async () => {
    const before = await (await get(portal.url, '/help/ordinance')).text();
    expect(before).toContain('Uncontrolled drainage and runoff associated with land development activity');
    const entered = one<{ n: number }>("select count(*) as n from settings where key = 'ordinance_text'").n;
    expect(entered).toBe(1);

    const html = await send('ordinanceText.replace', fields({ text: `<script>alert(1)</script>${'x'.repeat(300)}` }));
    expect(html.status).toBe(400);
    const page = await html.text();
    expect(page).toContain('The text holds HTML tags');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;xxx');

    const pdf = await send(
      'ordinanceText.replace',
      fields({
        file: new Blob([Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n')], { type: 'application/pdf' }),
        text: '',
      }),
    );
    expect(await pdf.text()).toContain('This is a PDF file, not text');
    expect(one<{ value: string }>("select value from settings where key = 'ordinance_text'").value).toContain(
      'Uncontrolled drainage',
    );

    // The <b> tag in the middle of a sentence is refused too: the law is pasted as text or Markdown only.
    expect((await send('ordinanceText.replace', fields({ text: LAW }))).status).toBe(400);
    const clean = LAW.replace('<b>bold</b>', 'bold');
    const unnumbered = await send(
      'ordinanceText.replace',
      fields({ file: new Blob([clean], { type: 'text/markdown' }), adoptedOn: '2099-01-01' }),
    );
    expect(unnumbered.status).toBe(400);
    const refused = await unnumbered.text();
    expect(refused).toContain('Enter the local law’s number as enacted');
    expect(refused).toContain('The law must already be adopted');
    const res = await send(
      'ordinanceText.replace',
      fields({
        file: new Blob([clean], { type: 'text/markdown' }),
        lawNumber: 'Local Law No. 4 of 2011',
        adoptedOn: '2011-06-14',
      }),
    );
    expect(res.status).toBe(303);
    const audit = one<{ after_json: string }>(
      "select after_json from audit_log where action = 'ordinance_text.replace' order by id desc limit 1",
    );
    expect(JSON.parse(audit.after_json)).toMatchObject({
      chars: clean.length,
      source: 'law.md',
      lawNumber: 'Local Law No. 4 of 2011',
      adoptedOn: '2011-06-14',
    });

    const shown = await (await get(portal.url, '/help/ordinance')).text();
    expect(shown).toContain('<h2>§ 148-1. Purpose</h2>');
    expect(shown).toContain('fines &lt; $500 &amp; bold words are text here.');
    expect(shown).toContain('<li><strong>Permit</strong> required</li>');
    expect(shown).not.toContain('Uncontrolled drainage and runoff associated with land development activity');
    expect(shown).toContain('Local Law No. 4 of 2011, adopted by the Town Board on June 14, 2011');

    expect((await send('ordinanceText.remove', new FormData())).status).toBe(303);
    expect(one<{ n: number }>("select count(*) as n from audit_log where action = 'ordinance_text.remove'").n).toBe(1);
    const none = await (await get(portal.url, '/help/ordinance')).text();
    expect(none).toContain('has not yet put the text of its erosion and sediment control law on this portal');
    expect(none).not.toContain('148-1');
  });
});

describe('the town’s geography in its profile (decision 0044)', () => {
  const VILLAGE_BOX = {
    'bounds.minLat': '43.28',
    'bounds.maxLat': '43.34',
    'bounds.minLon': '-73.68',
    'bounds.maxLon': '-73.58',
    'mapCentre.latitude': '43.31',
    'mapCentre.longitude': '-73.63',
  };
  const dryRun = (csv: string) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'another-town.csv');
    return fetch(new URL('/staff/projects/import?_action=projectImport.importProjects', portal.url), {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { Origin: new URL(portal.url).origin, Cookie: clerk },
    });
  };
  const CSV =
    'Project name,Site address,Latitude,Longitude,Status\nFalls Road Garage,3 Falls Road,43.3102,-73.6311,Approved\nOld Town Site,1 Main Street,42.8000,-74.0000,Approved';

  it('refuses a box outside New York State or out of order beside its field; a new box is saved, audited, and the import then takes that town’s coordinates', async () => {
    const profile = {
      ...townProfileValues(ROTTERDAM_PROFILE),
      'clerkOffice.address': '40 Canal Street, Rotterdam, NY 12306',
    };
    const before = await (await dryRun(CSV)).text();
    expect(before).toContain('1 new project, 0 updates by SPDES permit ID, 1 row with problems (left out).');
    expect(before).toContain('That latitude is outside the area the portal serves (between 42.74 and 42.875)');

    const outside = await post({ ...profile, ...VILLAGE_BOX, 'bounds.minLat': '39.9', 'bounds.maxLon': '-73.7' });
    expect(outside.status).toBe(422);
    const page = await outside.text();
    expect(page).toContain('That is outside New York State (latitude between 40.45 and 45.05).');
    expect(page).toContain('The eastern edge must be east of');
    expect(page).toContain('value="39.9"');

    expect((await post({ ...profile, ...VILLAGE_BOX })).status).toBe(303);
    const audit = JSON.parse(
      one<{ after_json: string }>(
        "select after_json from audit_log where action = 'town_profile.update' order by id desc limit 1",
      ).after_json,
    );
    expect(audit).toMatchObject({
      bounds: { minLat: 43.28, maxLat: 43.34, minLon: -73.68, maxLon: -73.58 },
      mapCentre: { latitude: 43.31, longitude: -73.63 },
    });

    const after = await (await dryRun(CSV)).text();
    expect(after).toContain('That latitude is outside the area the portal serves (between 43.28 and 43.34)');
    expect(after).toContain('1 new project, 0 updates by SPDES permit ID, 1 row with problems (left out).');
    expect(after).not.toContain('between 42.74 and 42.875');
    // The map opens on the new centre; the open-data catalog describes the new box.
    expect(await (await get(portal.url, '/map')).text()).toContain('"home":{"lat":43.31,"lon":-73.63}');
    expect(JSON.parse(await (await get(portal.url, '/data.json')).text()).dataset[0].spatial).toBe(
      '-73.68,43.28,-73.58,43.34',
    );
  });
});
