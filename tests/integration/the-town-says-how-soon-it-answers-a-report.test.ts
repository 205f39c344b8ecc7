/**
 * How soon the municipality aims to answer a resident's report (decision 0100), over real HTTP against a
 * built portal of its own: the officer sets a category's business days (a bad value refused beside the
 * field, nothing saved; a good one audited); the report form says it under the category; the report's page
 * gives the day to answer by and, once the officer answers, that it was answered in time, or that the day
 * passed; Open311 gives expected_datetime in JSON and XML (none for a category without a promise); the
 * open-data page gives the share answered in time per category, and says when no time is promised.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { loadCalendar } from '#lib/server/platform/time/calendar.ts';
import { townDayEndIso, townToday } from '#lib/server/platform/time/town-time.ts';
import { addDays } from '#lib/shared/days.ts';
import { formatDay } from '#lib/shared/format.ts';
import { formBody, get, signIn, type Fields } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
let db: DB;
let officer: string;
const today = townToday();
const CULVERT = 'Blocked culvert inlet';
const GRAFFITI = 'Sign missing at the gate';

const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;
const categoryId = (label: string) =>
  one<{ id: number }>('select id from site_report_categories where label = ?', label).id;
const words = async (res: Response) =>
  (await res.text())
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&rsquo;|’/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

function saveCategory(fields: Fields): Promise<Response> {
  return fetch(new URL('/staff/reports/categories', portal.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: portal.url, Cookie: officer, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: formBody(fields),
  });
}

async function fileReport(category: number, description: string): Promise<number> {
  const form = new FormData();
  const fields: Fields = {
    category,
    description,
    project: '',
    address: '',
    lat: '42.7902',
    lon: '-73.9655',
    observedOn: today,
    observedTime: '',
    name: '',
    email: '',
    phone: '',
    website: '',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  const res = await fetch(new URL('/report', portal.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: portal.url },
    body: form,
  });
  expect(res.status).toBe(303);
  return Number(res.headers.get('location')!.match(/\/reports\/(\d+)/)![1]);
}

function triage(id: number, fields: Fields): Promise<Response> {
  return fetch(new URL(`/staff/reports/${id}`, portal.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: portal.url, Cookie: officer, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: formBody(fields),
  });
}

beforeAll(async () => {
  portal = await startPortal();
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  officer = await signIn(portal.url, 'officer@rotterdam.example', DEMO_PASSWORD);
}, 300_000);

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
});

describe('the officer sets how soon the town aims to answer', () => {
  it('the shipped categories come with their times: sediment in the road or the water one day, the rest five', async () => {
    const rows = db.$client
      .prepare('select code, response_business_days days from site_report_categories order by sort_order')
      .all() as Array<{ code: string; days: number | null }>;
    expect(Object.fromEntries(rows.map((r) => [r.code, r.days]))).toEqual({
      muddy_water: 1,
      mud_on_road: 1,
      dust: 5,
      stop_work: 5,
      silt_fence: 5,
      other: 5,
    });
    const page = await words(await get(portal.url, '/staff/reports/categories', officer));
    expect(page).toContain('Aim to respond within (business days)');
  });

  it('a value that is not a whole number from 1 to 30 is refused beside the field, and nothing is saved', async () => {
    const dust = categoryId('Dust');
    for (const bad of ['31', '0', '2.5', 'soon']) {
      const res = await saveCategory({
        id: dust,
        label: 'Dust',
        description: 'Dust blowing off the site.',
        sortOrder: 3,
        active: 'on',
        responseBusinessDays: bad,
      });
      expect(res.status).toBe(400);
      const html = await res.text();
      const beside = html.match(new RegExp(`<p class="error-message" id="c${dust}-respond-error">([^<]*)</p>`))?.[1];
      expect(beside).toBe(
        'Enter a whole number of business days from 1 to 30, like 5, or leave it blank to promise no time.',
      );
      expect(html).toMatch(
        new RegExp(`id="c${dust}-respond"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="c${dust}-respond"`),
      );
      // What was typed is put back.
      expect(html).toMatch(new RegExp(`id="c${dust}-respond"[^>]*value="${bad.replace('.', '\\.')}"`));
    }
    expect(one<{ d: number }>('select response_business_days d from site_report_categories where id = ?', dust).d).toBe(
      5,
    );
  });

  it('a good value is saved and audited; a blank one promises no time', async () => {
    const audits = () =>
      one<{ n: number }>("select count(*) n from audit_log where action = 'site_report_category.save'").n;
    const before = audits();
    const dust = categoryId('Dust');
    const res = await saveCategory({
      id: dust,
      label: 'Dust',
      description: 'Dust blowing off the site.',
      sortOrder: 3,
      active: 'on',
      responseBusinessDays: '3',
    });
    expect(res.status).toBe(303);
    expect(one<{ d: number }>('select response_business_days d from site_report_categories where id = ?', dust).d).toBe(
      3,
    );
    const entry = one<{ before: string; after: string }>(
      "select before_json before, after_json after from audit_log where action = 'site_report_category.save' order by id desc limit 1",
    );
    expect(JSON.parse(entry.before)).toMatchObject({ responseBusinessDays: 5 });
    expect(JSON.parse(entry.after)).toMatchObject({ responseBusinessDays: 3 });
    // Two new categories: one with a time, one without.
    expect(
      (
        await saveCategory({
          id: '',
          label: CULVERT,
          description: '',
          sortOrder: 7,
          active: 'on',
          responseBusinessDays: '2',
        })
      ).status,
    ).toBe(303);
    expect(
      (
        await saveCategory({
          id: '',
          label: GRAFFITI,
          description: '',
          sortOrder: 8,
          active: 'on',
          responseBusinessDays: '',
        })
      ).status,
    ).toBe(303);
    expect(
      one<{ d: number | null }>('select response_business_days d from site_report_categories where label = ?', GRAFFITI)
        .d,
    ).toBeNull();
    expect(audits()).toBe(before + 3);
  });
});

describe('residents see it', () => {
  let answered: number;
  let passed: number;
  let unpromised: number;

  it('the form says it under each category that has a time, in the municipality’s word', async () => {
    const html = await (await get(portal.url, '/report')).text();
    const hintOf = (label: string) => {
      const id = categoryId(label);
      const input = html.match(new RegExp(`<input[^>]*value="${id}"[^>]*>`))?.[0] ?? '';
      const ref = input.match(/aria-describedby="([^"]+)"/)?.[1];
      return ref ? html.match(new RegExp(`<p class="hint check-hint" id="${ref}">([^<]*)</p>`))?.[1] : undefined;
    };
    expect(hintOf('Dust')).toBe('The town aims to respond within 3 business days.');
    expect(hintOf('Mud or sediment on the road')).toBe('The town aims to respond within 1 business day.');
    expect(hintOf(CULVERT)).toBe('The town aims to respond within 2 business days.');
    expect(hintOf(GRAFFITI)).toBeUndefined();
  });

  it('the report’s page gives the day to answer by, then that it was answered in time', async () => {
    const culvert = categoryId(CULVERT);
    answered = await fileReport(culvert, 'The culvert inlet under the access road is full of silt and stones.');
    passed = await fileReport(culvert, 'Silt piled against the culvert grate on the east side after the storm.');
    unpromised = await fileReport(categoryId(GRAFFITI), 'There is no permit sign posted at the construction gate.');
    const due = loadCalendar(db).addBusinessDays(today, 2).date;
    expect(one<{ r: string }>('select respond_by r from site_reports where id = ?', answered).r).toBe(due);
    expect(one<{ r: string | null }>('select respond_by r from site_reports where id = ?', unpromised).r).toBeNull();
    const before = await words(await get(portal.url, `/reports/${answered}`));
    expect(before).toContain(`Expected response by ${formatDay(due, 'weekday')}.`);
    expect(before).toMatch(/Expected response by (Monday|Tuesday|Wednesday|Thursday|Friday), /);
    expect(await words(await get(portal.url, `/reports/${unpromised}`))).not.toContain('Expected response');

    expect((await triage(answered, { intent: 'status', status: 'under_review' })).status).toBe(303);
    const after = await words(await get(portal.url, `/reports/${answered}`));
    expect(after).not.toContain('Expected response');
    expect(after).toContain(
      `Answered on ${formatDay(today, 'weekday')}, within the time the town aims for (by ${formatDay(due, 'weekday')}).`,
    );
  });

  it('a report whose day passed unanswered says so', async () => {
    // As though filed two weeks ago: its day (two business days later) is over.
    const filed = addDays(today, -14);
    const due = loadCalendar(db).addBusinessDays(filed, 2).date;
    db.$client
      .prepare('update site_reports set respond_by = ?, created_at = created_at - 14 * 86400000 where id = ?')
      .run(due, passed);
    const page = await words(await get(portal.url, `/reports/${passed}`));
    expect(page).toContain(
      `Expected response by ${formatDay(due, 'weekday')}. That day has passed and the town has not answered yet.`,
    );
  });

  it('Open311 gives expected_datetime, the end of that day in town time, in JSON and XML', async () => {
    const due = one<{ r: string }>('select respond_by r from site_reports where id = ?', answered).r;
    const [json] = (await (await fetch(new URL(`/open311/v2/requests/${answered}.json`, portal.url))).json()) as Array<{
      expected_datetime: string | null;
    }>;
    expect(json.expected_datetime).toBe(townDayEndIso(due));
    expect(json.expected_datetime).toMatch(new RegExp(`^${due}T23:59:59-0[45]:00$`));
    const xml = await (await fetch(new URL(`/open311/v2/requests/${answered}.xml`, portal.url))).text();
    expect(xml).toContain(`<expected_datetime>${townDayEndIso(due)}</expected_datetime>`);
    const list = (await (
      await fetch(new URL(`/open311/v2/requests.json?service_request_id=${answered},${unpromised}`, portal.url))
    ).json()) as Array<{
      service_request_id: string;
      expected_datetime: string | null;
    }>;
    expect(Object.fromEntries(list.map((r) => [r.service_request_id, r.expected_datetime]))).toEqual({
      [answered]: townDayEndIso(due),
      [unpromised]: null,
    });
    const listXml = await (
      await fetch(new URL(`/open311/v2/requests.xml?service_request_id=${unpromised}`, portal.url))
    ).text();
    expect(listXml).toContain('<expected_datetime/>');
  });

  it('the open-data page gives the share answered in time per category, and says where no time is promised', async () => {
    const html = await (await get(portal.url, '/open-data')).text();
    const row = (label: string) =>
      (html.match(new RegExp(`<tr data-category="[a-z_0-9]+"><th scope="row">${label}</th>[\\s\\S]*?</tr>`))?.[0] ?? '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    expect(html).toContain('Residents’ reports answered in time');
    expect(row(CULVERT)).toBe(
      `${CULVERT} 2 business days 1 of 2 1 report past its day without an answer (counted as not in time). 50%`,
    );
    expect(row(GRAFFITI)).toBe(`${GRAFFITI} No time promised Not counted: no time is promised for this category —`);
    expect(row('Mud or sediment on the road')).toMatch(/^Mud or sediment on the road 1 business day \d+ of \d+/);
  });
});
