/**
 * Permanent practices (decisions 0035–0037) over real HTTP against the built portal (demo town): certified as-built
 * plans accepted → the practice in the inventory → a routine inspection finds it needs maintenance → the owner files
 * the report → the re-inspection closes it, each step read on the public page; the escrow with deposits, a charge
 * refused beyond the balance and a further deposit asked by mail; the MS4 figures recounted in SQL; the officer's desk
 * and the open data agreeing with the database. One portal of its own (it changes data).
 */
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { addDays } from '#lib/shared/days.ts';
import { distanceMiles } from '#lib/shared/geo.ts';
import { loadRoutineIntervals } from '#lib/server/stormwater-practices/practices.ts';
import { isInspectionOverdue, type ScheduleFacts } from '#lib/server/stormwater-practices/practices.rules.ts';
import { get, postAction, signIn } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
let base: string;
let db: DB;
const one = <T>(q: string, ...args: unknown[]) => db.$client.prepare(q).get(...args) as T;
const n = (q: string, ...args: unknown[]) => Object.values(one<Record<string, number>>(q, ...args))[0];
const today = townToday();
let officer: string;
let clerk: string;
let operator: string;

beforeAll(async () => {
  portal = await startPortal();
  base = portal.url;
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  officer = await signIn(base, 'officer@rotterdam.example', DEMO_PASSWORD);
  clerk = await signIn(base, 'clerk@rotterdam.example', DEMO_PASSWORD);
  operator = await signIn(base, 'operator@rotterdam.example', DEMO_PASSWORD);
}, 120_000);

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
const publicPage = async (id: number) => text(await get(base, `/practices/${id}`));

describe('a practice from as-built plans to a closed maintenance item', () => {
  let practiceId = 0;
  let itemId = 0;
  const doc = () =>
    one<{ id: number; project_id: number }>(
      "select d.id, d.project_id from documents d join projects p on p.id = d.project_id where d.type = 'as_built_plans' and d.review_status = 'filed' and p.slug = 'helderberg-avenue-school-addition'",
    );

  it('accepting the certified as-built plans adds the practice, dated, and the plans are accepted', async () => {
    const d = doc();
    const res = await postAction(
      base,
      `/staff/reviews/documents/${d.id}`,
      'practices.acceptAsBuilt',
      {
        documentId: d.id,
        certifiedBy: 'A. Engineer, NYS PE 099999',
        public: 'yes',
        comment: '',
        name: 'School addition bioretention',
        type: 'filtering',
        description: 'Bioretention area by the bus loop.',
        location: 'Helderberg Avenue, behind the school',
        latitude: '42.7886',
        longitude: '-73.9509',
        ownerKind: 'private',
        ownerName: 'Mohonasen Central School District',
        maintainerEmail: 'operator@rotterdam.example',
        dedicatedToTown: 'no',
        inServiceOn: addDays(today, -30),
      },
      officer,
    );
    expect(res.status).toBe(303);
    practiceId = Number(res.headers.get('location')!.match(/\/staff\/practices\/(\d+)/)![1]);
    const row = one<{ as_built_accepted_on: string; as_built_document_id: number; project_id: number }>(
      'select * from stormwater_practices where id = ?',
      practiceId,
    );
    expect(row).toMatchObject({ as_built_accepted_on: today, as_built_document_id: d.id, project_id: d.project_id });
    expect(one<{ review_status: string }>('select review_status from documents where id = ?', d.id).review_status).toBe(
      'accepted',
    );
    expect(
      n(
        "select count(*) from audit_log where action = 'practice.accept_as_built' and entity_id = ?",
        String(practiceId),
      ),
    ).toBe(1);
    const page = await publicPage(practiceId);
    expect(page).toContain('School addition bioretention');
    expect(page).toContain('Not inspected by the Town yet.');
    expect(page).toContain('Mohonasen Central School District');
    // The project page links its practices.
    expect(await (await get(base, '/projects/helderberg-avenue-school-addition')).text()).toContain(
      `/practices/${practiceId}`,
    );
  });

  it('refuses an inspection that finds maintenance needed but lists none, and keeps what was typed', async () => {
    const res = await postAction(
      base,
      `/staff/practices/${practiceId}`,
      'practices.recordInspection',
      {
        practiceId,
        inspectedOn: today,
        reason: 'routine',
        condition: 'needs_maintenance',
        inspectorName: 'Officer',
        findings: 'Mulch washed out.',
      },
      officer,
    );
    expect(res.status).toBe(400);
    const body = await text(res);
    expect(body).toContain('List the maintenance or repair the owner must do');
    expect(body).toContain('Mulch washed out.');
  });

  it('a routine inspection finds it needs maintenance: the item and its due date are public', async () => {
    const res = await postAction(
      base,
      `/staff/practices/${practiceId}`,
      'practices.recordInspection',
      {
        practiceId,
        inspectedOn: today,
        reason: 'routine',
        condition: 'needs_maintenance',
        inspectorName: 'Officer',
        findings: 'Mulch washed out at the inlet.',
        item0Description: 'Replace the mulch at the inlet.',
        item0DueOn: addDays(today, 30),
      },
      officer,
    );
    expect(res.status).toBe(303);
    itemId = one<{ id: number }>('select id from practice_maintenance_items where practice_id = ?', practiceId).id;
    const page = await publicPage(practiceId);
    expect(page).toContain('It works, but the owner must do maintenance');
    expect(page).toContain('Replace the mulch at the inlet.');
    expect(page).toMatch(/Due by \w+ \d+, \d{4}\./);
  });

  it('the owner files the maintenance report with a PDF; another operator cannot even see the page', async () => {
    expect(
      (
        await get(
          base,
          `/operator/practices/${practiceId}`,
          await signIn(base, 'operator2@rotterdam.example', DEMO_PASSWORD),
        )
      ).status,
    ).toBe(404);
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]).drawText('Mulch replaced', { x: 72, y: 700 });
    const form = new FormData();
    form.append('year', today.slice(0, 4));
    form.append('workDone', 'Replaced the mulch at the inlet.');
    form.append('doneItemIds', String(itemId));
    form.append('report', new Blob([(await doc.save()) as BlobPart], { type: 'application/pdf' }), 'report.pdf');
    const res = await fetch(new URL(`/operator/practices/${practiceId}`, base), {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: new URL(base).origin, Cookie: operator },
      body: form,
    });
    expect(res.status).toBe(303);
    expect(
      one<{ reported_done_on: string }>('select reported_done_on from practice_maintenance_items where id = ?', itemId)
        .reported_done_on,
    ).toBe(today);
    const page = await publicPage(practiceId);
    expect(page).toContain(`Report for ${today.slice(0, 4)}, filed`);
    expect(page).toContain('The owner reported it done');
    // The file is staff's to read, not the public's.
    const report = one<{ id: number }>('select id from practice_maintenance_reports where practice_id = ?', practiceId);
    expect((await get(base, `/staff/practices/${practiceId}/reports/${report.id}`, officer)).status).toBe(200);
  });

  it('the owner’s form offers a year not yet filed, and refuses a second report for a filed year beside the field', async () => {
    const year = today.slice(0, 4);
    const form = await (await get(base, `/operator/practices/${practiceId}`, operator)).text();
    expect(form.match(/<input[^>]*id="f-year"[^>]*>/)?.[0]).not.toContain(`value="${year}"`);
    const reports = () =>
      one<{ n: number }>('select count(*) n from practice_maintenance_reports where practice_id = ?', practiceId).n;
    const before = reports();
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    const again = new FormData();
    again.append('year', year);
    again.append('workDone', 'Replaced the mulch again.');
    again.append('report', new Blob([(await doc.save()) as BlobPart], { type: 'application/pdf' }), 'again.pdf');
    const res = await fetch(new URL(`/operator/practices/${practiceId}`, base), {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: new URL(base).origin, Cookie: operator },
      body: again,
    });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toMatch(
      new RegExp(
        `<p class="error-message" id="f-year-error">The report for ${year} was already filed on \\w+ \\d+, \\d{4}\\.`,
      ),
    );
    expect(reports()).toBe(before);
  });

  it('a practice owned by the Town is not the operator’s: its page is 404 to the operator of the project that built it', async () => {
    // The operator may open it while it is privately owned (the test above filed for it) …
    expect((await get(base, `/operator/practices/${practiceId}`, operator)).status).toBe(200);
    expect(await (await get(base, '/operator/practices', operator)).text()).toContain(
      `/operator/practices/${practiceId}"`,
    );
    db.$client.prepare("update stormwater_practices set owner_kind = 'public' where id = ?").run(practiceId);
    try {
      // … and not once it is the Town's: neither the page nor the operator's list.
      expect((await get(base, `/operator/practices/${practiceId}`, operator)).status).toBe(404);
      expect(await (await get(base, '/operator/practices', operator)).text()).not.toContain(
        `/operator/practices/${practiceId}"`,
      );
    } finally {
      db.$client.prepare("update stormwater_practices set owner_kind = 'private' where id = ?").run(practiceId);
    }
  });

  it('the re-inspection closes it: nothing open on the public page', async () => {
    const res = await postAction(
      base,
      `/staff/practices/${practiceId}`,
      'practices.recordInspection',
      {
        practiceId,
        inspectedOn: today,
        reason: 'reinspection',
        condition: 'functioning',
        inspectorName: 'Officer',
        findings: 'Mulch replaced.',
        closeItemIds: String(itemId),
      },
      officer,
    );
    expect(res.status).toBe(303);
    const page = await publicPage(practiceId);
    expect(page).toContain('None open.');
    expect(page).toContain('It was working as designed.');
    expect(page).toContain('Done: confirmed by the Town’s inspection');
  });

  it('a joint inspection names the agency; a complaint names its source, which the public never sees', async () => {
    const joint = await postAction(
      base,
      `/staff/practices/${practiceId}`,
      'practices.recordInspection',
      { practiceId, inspectedOn: today, reason: 'joint', condition: 'functioning', inspectorName: 'Officer' },
      officer,
    );
    expect(await text(joint)).toContain('Name the other agency');
    const res = await postAction(
      base,
      `/staff/practices/${practiceId}`,
      'practices.recordInspection',
      {
        practiceId,
        inspectedOn: today,
        reason: 'complaint',
        condition: 'functioning',
        inspectorName: 'Officer',
        complaintSource: 'Call from Jane Resident, 12 Elm St',
      },
      officer,
    );
    expect(res.status).toBe(303);
    expect(await publicPage(practiceId)).not.toContain('Jane Resident');
  });
});

describe('removal from operation', () => {
  it('takes a practice off the routine schedule; the public page says so, with the day', async () => {
    const p = one<{ id: number; in_service_on: string }>(
      'select id, in_service_on from stormwater_practices where removed_on is null and project_id is null order by id desc limit 1',
    );
    const early = await postAction(
      base,
      `/staff/practices/${p.id}`,
      'practices.removeFromOperation',
      { practiceId: p.id, removedOn: addDays(p.in_service_on, -1) },
      officer,
    );
    expect(await text(early)).toContain('It cannot be removed before it went into service.');
    expect(
      (
        await postAction(
          base,
          `/staff/practices/${p.id}`,
          'practices.removeFromOperation',
          { practiceId: p.id, removedOn: today },
          officer,
        )
      ).status,
    ).toBe(303);
    expect(await publicPage(p.id)).toContain('Removed from operation on');
    expect(n("select count(*) from audit_log where action = 'practice.remove' and entity_id = ?", String(p.id))).toBe(
      1,
    );
  });
});

describe('random draws', () => {
  it('are recorded with their seed and can be repeated', async () => {
    const before = n('select count(*) from practice_random_draws');
    const res = await postAction(base, '/staff/practices', 'practices.drawRandom', { count: '3' }, officer);
    expect(res.status).toBe(303);
    const d = one<{ seed: string; pool_ids: string; chosen_ids: string }>(
      'select * from practice_random_draws order by id desc limit 1',
    );
    expect(n('select count(*) from practice_random_draws')).toBe(before + 1);
    const { drawPractices } = await import('#lib/server/stormwater-practices/practices.rules.ts');
    expect(drawPractices(JSON.parse(d.pool_ids), d.seed, 3)).toEqual(JSON.parse(d.chosen_ids));
  });
});

describe('escrow for professional services', () => {
  const slug = 'westcott-road-townhomes';
  const pid = () => one<{ id: number }>('select id from projects where slug = ?', slug).id;
  const record = (fields: Record<string, string>, cookie = clerk) =>
    postAction(
      base,
      `/staff/projects/${slug}/escrow`,
      'escrow.record',
      { projectId: String(pid()), on: today, ...fields },
      cookie,
    );

  it('a deposit, two accepted charges, and an estimate above the balance asks the applicant by mail', async () => {
    expect((await record({ kind: 'deposit', amount: '2,000.00', checkNumber: '5521' })).status).toBe(303);
    expect(
      (
        await record(
          {
            kind: 'charge',
            amount: '750.50',
            professional: 'Matrix Engineering, PE',
            description: 'SWPPP review',
            hours: '5.5',
            acceptedOn: today,
          },
          officer,
        )
      ).status,
    ).toBe(303);
    expect(
      (
        await record({
          kind: 'charge',
          amount: '400',
          professional: 'Matrix Engineering, PE',
          description: 'Site inspection',
          acceptedOn: today,
        })
      ).status,
    ).toBe(303);
    // Beyond the balance: refused, with the reason beside the amount.
    const over = await record({
      kind: 'charge',
      amount: '900',
      professional: 'Matrix Engineering, PE',
      description: 'More',
      acceptedOn: today,
    });
    expect(await text(over)).toContain('request a further deposit');
    const mailsBefore = n("select count(*) from outbox where kind = 'escrow-top-up'");
    expect(
      (
        await record({
          kind: 'estimate',
          amount: '1,500',
          professional: 'Matrix Engineering, PE',
          description: 'Review of the amendment',
        })
      ).status,
    ).toBe(303);
    const req = one<{ amount_cents: number }>(
      "select amount_cents from escrow_entries where project_id = ? and kind = 'top_up_request' order by id desc limit 1",
      pid(),
    );
    expect(req.amount_cents).toBe(150_000 - (200_000 - 75_050 - 40_000));
    expect(n("select count(*) from outbox where kind = 'escrow-top-up'")).toBe(mailsBefore + 1);
    const mail = one<{ text_body: string; to_address: string }>(
      "select text_body, to_address from outbox where kind = 'escrow-top-up' order by id desc limit 1",
    );
    expect(mail.text_body).toContain('$650.50');
    expect(mail.to_address).toBe(
      one<{ email: string }>(
        "select email from parties where project_id = ? and role = 'owner_operator' order by id limit 1",
        pid(),
      ).email,
    );
    const statement = await text(await get(base, `/staff/projects/${slug}/escrow/statement`, clerk));
    expect(statement).toContain('$849.50');
    expect(
      n("select count(*) from audit_log where action like 'escrow.%' and entity_type = 'escrow_entry'"),
    ).toBeGreaterThanOrEqual(5);
  });

  it('refunds only the whole remainder', async () => {
    expect(await text(await record({ kind: 'refund', amount: '10' }))).toContain('whole remainder');
    expect((await record({ kind: 'refund', amount: '849.50', checkNumber: 'Town 1' })).status).toBe(303);
    expect(await text(await get(base, `/staff/projects/${slug}/escrow`, clerk))).toContain(
      'closed: the remainder was refunded',
    );
  });

  it('residents see nothing of it', async () => {
    expect(await text(await get(base, `/projects/${slug}`))).not.toMatch(/escrow|5521/i);
    expect((await get(base, `/staff/projects/${slug}/escrow`, operator)).status).toBe(403);
  });
});

describe('the MS4 annual report figures match the database', () => {
  for (const offset of [0, 1, 2]) {
    it(`for ${Number(today.slice(0, 4)) - offset}`, async () => {
      const year = Number(today.slice(0, 4)) - offset;
      const from = `${year}-01-01`;
      const to = `${year}-12-31`;
      const csv = await (await get(base, `/staff/ms4-report.csv?year=${year}`, clerk)).text();
      const value = (key: string) => {
        const line = csv.split(/\r?\n/).find((l) => l.includes(`,${key},`))!;
        return Number(line.match(new RegExp(`,${key},[^,]*,(\\d+),`))![1]);
      };
      // Recounted here in SQL, independently of the page's queries.
      const practicesAll = db.$client
        .prepare('select in_service_on, removed_on from stormwater_practices')
        .all() as Array<{ in_service_on: string; removed_on: string | null }>;
      expect(value('practices_in_inventory')).toBe(
        practicesAll.filter((p) => p.in_service_on <= to && !(p.removed_on && p.removed_on < from)).length,
      );
      const insp = db.$client
        .prepare('select practice_id, inspected_on, condition from practice_inspections')
        .all() as Array<{ practice_id: number; inspected_on: string; condition: string }>;
      const inYear = insp.filter((i) => i.inspected_on.startsWith(`${year}-`));
      expect(value('practices_inspected')).toBe(new Set(inYear.map((i) => i.practice_id)).size);
      expect(value('practices_needing_maintenance')).toBe(
        new Set(inYear.filter((i) => i.condition !== 'functioning').map((i) => i.practice_id)).size,
      );
      expect(value('maintenance_completed')).toBe(
        (
          db.$client.prepare('select closed_on from practice_maintenance_items').all() as Array<{
            closed_on: string | null;
          }>
        ).filter((m) => m.closed_on?.startsWith(`${year}-`)).length,
      );
      const sites = db.$client.prepare('select actual_start_on, not_filed_on from projects').all() as Array<{
        actual_start_on: string | null;
        not_filed_on: string | null;
      }>;
      expect(value('construction_sites_active')).toBe(
        sites.filter((s) => s.actual_start_on && s.actual_start_on <= to && !(s.not_filed_on && s.not_filed_on < from))
          .length,
      );
      expect(value('construction_sites_inspected')).toBe(
        new Set(
          (
            db.$client.prepare('select project_id, inspected_on from town_inspections').all() as Array<{
              project_id: number;
              inspected_on: string;
            }>
          )
            .filter((t) => t.inspected_on.startsWith(`${year}-`))
            .map((t) => t.project_id),
        ).size,
      );
      for (const t of ['written_warning', 'notice_of_violation', 'stop_work_order', 'fine']) {
        expect(value(`enforcement_${t}`), t).toBe(
          n('select count(*) from enforcement_actions where type = ? and substr(issued_on, 1, 4) = ?', t, String(year)),
        );
      }
      const { recordsRequestStats } = await import('#lib/server/records-requests/statistics.ts');
      const months = (await recordsRequestStats(asyncOf(db))).months.filter((m) => m.month.startsWith(`${year}-`));
      expect(value('records_requests_answered_on_time')).toBe(months.reduce((s, m) => s + m.answeredOnTime, 0));
      expect(value('records_requests_received')).toBe(months.reduce((s, m) => s + m.received, 0));
      if (offset === 0) expect(value('practices_in_inventory')).toBeGreaterThanOrEqual(40);
    });
  }
});

describe('the officer’s desk and the open data', () => {
  it('the desk lists every overdue inspection and overdue maintenance item', async () => {
    const page = await (await get(base, '/staff/officer', officer)).text();
    const overdueItems = n(
      'select count(*) from practice_maintenance_items where closed_on is null and due_on < ?',
      today,
    );
    expect(overdueItems).toBeGreaterThan(0);
    expect(page).toMatch(new RegExp(`Practice maintenance overdue <span class="count">${overdueItems}</span>`));
    // Recounted from the rows with the rule's TypeScript form (the desk's query uses its SQL form).
    const intervals = await loadRoutineIntervals(asyncOf(db));
    const schedule = db.$client
      .prepare(
        'select s.type, s.in_service_on as inServiceOn, s.removed_on as removedOn, (select max(inspected_on) from practice_inspections where practice_id = s.id) as lastInspectedOn from stormwater_practices s',
      )
      .all() as ScheduleFacts[];
    const inspectionsDue = schedule.filter((p) => isInspectionOverdue(p, today, intervals)).length;
    expect(inspectionsDue).toBeGreaterThan(0);
    expect(page).toMatch(
      new RegExp(`Permanent practices due for inspection <span class="count">${inspectionsDue}</span>`),
    );
  });

  it('JSON, CSV and GeoJSON list the same practices', async () => {
    const json = (await (await get(base, '/api/practices.json')).json()) as {
      count: number;
      practices: Array<{ id: number }>;
    };
    const geo = (await (await get(base, '/api/practices.geojson')).json()) as {
      features: Array<{ id: number; geometry: { coordinates: [number, number] } }>;
    };
    const csv = await (await get(base, '/api/practices.csv')).text();
    const expected = n(
      'select count(*) from stormwater_practices s left join projects p on p.id = s.project_id where s.project_id is null or p.published = 1',
    );
    expect(json.count).toBe(expected);
    expect(geo.features.map((f) => f.id)).toEqual(json.practices.map((p) => p.id));
    expect(csv.trim().split(/\r?\n/).length - 1).toBe(expected);
    expect(geo.features[0].geometry.coordinates[0]).toBeLessThan(-73);
    expect(await (await get(base, '/sitemap.xml')).text()).toContain(`/practices/${json.practices[0].id}</loc>`);
  });

  it('the public list near a place is nearest first', async () => {
    const point = { latitude: 42.7868, longitude: -73.9756 };
    const html = await (await get(base, `/practices?lat=${point.latitude}&lon=${point.longitude}&r=1`)).text();
    const said = Number(
      /(\d+) practices? within 1 mile of the point/.exec(html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '))?.[1],
    );
    // The practices in the order the page lists them, and how far each is from the point.
    const ids = [...html.matchAll(/<h3><a href="\/practices\/(\d+)">/g)].map((m) => Number(m[1]));
    const miles = ids.map((id) =>
      distanceMiles(
        point,
        one<{ latitude: number; longitude: number }>(
          'select latitude, longitude from stormwater_practices where id = ?',
          id,
        ),
      ),
    );
    expect(ids.length).toBe(said);
    expect(ids.length).toBeGreaterThan(1);
    expect(miles.every((d) => d <= 1)).toBe(true);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  });
});

describe('correcting a practice’s record and filing its agreement or easement', () => {
  const files = () => n('select count(*) from practice_agreement_files where practice_id = ?', practice().id);
  let filesAtStart = 0;
  const practice = () =>
    one<{ id: number; name: string; in_service_on: string }>(
      'select id, name, in_service_on from stormwater_practices where project_id is null and removed_on is null order by id limit 1',
    );
  const upload = async (id: number, cookie: string, file: Blob, name: string, isPublic = 'yes') => {
    const form = new FormData();
    form.append('agreementPublic', isPublic);
    form.append('agreement', file, name);
    return fetch(new URL(`/staff/practices/${id}`, base), {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: new URL(base).origin, Cookie: cookie },
      body: form,
    });
  };
  const pdf = async (words: string) => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]).drawText(words, { x: 72, y: 700 });
    return new Blob([(await doc.save()) as BlobPart], { type: 'application/pdf' });
  };
  const fields = (p: { name: string; in_service_on: string }, over: Record<string, string> = {}) => ({
    name: p.name,
    type: 'wetland',
    description: '',
    location: 'Corrected: behind the Town Hall',
    latitude: '42.8012',
    longitude: '-73.9701',
    ownerKind: 'private',
    ownerName: 'Riverside HOA',
    dedicatedToTown: 'no',
    inServiceOn: p.in_service_on,
    ...over,
  });

  it('a correction with mistakes is refused beside each field, keeping what was typed; a clerk may not correct', async () => {
    const p = practice();
    const res = await postAction(
      base,
      `/staff/practices/${p.id}/edit`,
      'practices.update',
      { practiceId: p.id, ...fields(p, { name: '', latitude: '40.1', ownerName: 'Typed owner kept' }) },
      officer,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/id="f-name-error"[^>]*>[^<]*name/i);
    expect(html).toContain('value="Typed owner kept"');
    expect(html).toContain('value="Corrected: behind the Town Hall"');
    const pin = await postAction(
      base,
      `/staff/practices/${p.id}/edit`,
      'practices.update',
      { practiceId: p.id, ...fields(p, { latitude: '40.1' }) },
      officer,
    );
    expect(await text(pin)).toContain('Put the pin inside the town');
    expect(
      (
        await postAction(
          base,
          `/staff/practices/${p.id}/edit`,
          'practices.update',
          { practiceId: p.id, ...fields(p) },
          clerk,
        )
      ).status,
    ).toBe(403);
    expect(one<{ name: string }>('select name from stormwater_practices where id = ?', p.id).name).toBe(p.name);
  });

  it('the officer corrects family, pin, owner and dedication; audited with before and after; the public page shows it', async () => {
    const p = practice();
    const res = await postAction(
      base,
      `/staff/practices/${p.id}/edit`,
      'practices.update',
      { practiceId: p.id, ...fields(p, { name: `${p.name} (corrected)`, dedicatedToTown: 'yes' }) },
      officer,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/staff/practices/${p.id}?saved=1`);
    expect(
      one(
        'select type, latitude, owner_kind, owner_name, dedicated_to_town from stormwater_practices where id = ?',
        p.id,
      ),
    ).toEqual({
      type: 'wetland',
      latitude: 42.8012,
      owner_kind: 'private',
      owner_name: 'Riverside HOA',
      dedicated_to_town: 1,
    });
    const a = one<{ before_json: string; after_json: string }>(
      "select before_json, after_json from audit_log where action = 'practice.update' and entity_id = ? order by id desc limit 1",
      String(p.id),
    );
    expect(JSON.parse(a.before_json).name).toBe(p.name);
    expect(JSON.parse(a.after_json).name).toBe(`${p.name} (corrected)`);
    const page = await publicPage(p.id);
    expect(page).toContain(`${p.name} (corrected)`);
    expect(page).toContain('Riverside HOA');
    expect(page).toMatch(/Dedicated to the Town Yes/);
  });

  it('a file that is not a PDF is refused beside the field, and nothing is kept', async () => {
    const p = practice();
    filesAtStart = files();
    const png = new Blob([Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')], {
      type: 'application/pdf',
    });
    const res = await upload(p.id, clerk, png, 'easement.pdf');
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toMatch(/id="f-agreement-error"[^>]*>[^<]*PDF/);
    expect(files()).toBe(filesAtStart);
  });

  it('the clerk files the recorded easement: public, residents download it from the practice page; audited', async () => {
    const p = practice();
    const res = await upload(p.id, clerk, await pdf('Drainage easement, Liber 1234 page 56'), 'easement.pdf');
    expect(res.status).toBe(303);
    expect(
      n("select count(*) from audit_log where action = 'practice.agreement' and entity_id = ?", String(p.id)),
    ).toBe(1);
    const html = await (await get(base, `/practices/${p.id}`)).text();
    expect(html).toContain(`href="/practices/${p.id}/agreement"`);
    expect(await text(new Response(html))).toMatch(
      /Download the recorded document \(PDF, [\d.]+ [kK]?B, 1 page; filed \w+ \d+, \d{4}\)/,
    );
    const dl = await get(base, `/practices/${p.id}/agreement`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect((await get(base, `/staff/practices/${p.id}/agreement`, officer)).status).toBe(200);
  });

  it('a replacement marked not public hides the download; staff still read it', async () => {
    const p = practice();
    expect((await upload(p.id, officer, await pdf('Draft agreement'), 'draft.pdf', 'no')).status).toBe(303);
    expect(files()).toBe(filesAtStart + 2);
    expect((await get(base, `/practices/${p.id}/agreement`)).status).toBe(404);
    expect(await (await get(base, `/practices/${p.id}`)).text()).not.toContain(`/practices/${p.id}/agreement`);
    expect((await get(base, `/staff/practices/${p.id}/agreement`, clerk)).status).toBe(200);
  });
});
