/**
 * "Right words everywhere", over real HTTP on a portal of its own (the demo town): a phone
 * notice says who gave it and who recorded it; an alert for one project never promises "new projects"; the officer schedules a town inspection ahead and records
 * its outcome; "Near me" from a guessed address says "near", never "right here"; rendered pages keep the
 * spaces between sentences and links; document titles never nest parentheses; the staff header has one
 * "Projects"; a new account has a way on; the audit log picks users by name and actions by their words.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { addDays } from '#lib/shared/days.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { get, postAction, signIn } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
let base: string;
let db: DB;
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;
const cookies: Record<'admin' | 'clerk' | 'officer', string> = { admin: '', clerk: '', officer: '' };
const today = townToday();

beforeAll(async () => {
  portal = await startPortal();
  base = portal.url;
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  for (const who of ['admin', 'clerk', 'officer'] as const)
    cookies[who] = await signIn(base, `${who}@rotterdam.example`, DEMO_PASSWORD);
});

afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
});

const BLOCK =
  /<\/?(p|div|li|ul|ol|h[1-6]|tr|td|th|table|thead|tbody|br|section|article|header|footer|nav|main|form|fieldset|legend|label|dt|dd|dl|option|select|textarea|button|details|summary|title|input|caption|pre)\b[^>]*>/gi;
/** The text a reader sees: inline elements run into their neighbours exactly as rendered, blocks apart. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '\n')
    .replace(BLOCK, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"');
}
const page = async (url: string, cookie?: string) => {
  const res = await get(base, url, cookie);
  expect(res.status, url).toBe(200);
  return res.text();
};
/** Sentences and inline elements run together: "a page.How", "2026:Pattersonville", "Street ·Public", "Storage:1". */
const RUN_TOGETHER = /[a-z]\.[A-Z]|\d{4}:[A-Z]|[a-z]:\d| ·[A-Za-z]|[A-Za-z]·/;

describe('a 48-hour notice taken by phone', () => {
  it('keeps who gave it apart from the officer who recorded it', async () => {
    const project = one<{ id: number; slug: string }>(
      "select id, slug from projects where slug = 'curry-road-distribution-center'",
    );
    const here = `/staff/projects/${project.slug}/inspections`;
    const res = await postAction(
      base,
      here,
      'notices.record',
      {
        projectId: project.id,
        milestone: 'rough_grading_complete',
        scheduledDate: addDays(today, 5),
        scheduledTime: '07:30',
        givenDate: addDays(today, -1),
        givenTime: '09:15',
        givenBy: 'Dale Ferris (phone)',
        notes: 'East side first.',
      },
      cookies.officer,
    );
    expect(res.status).toBe(303);
    const row = one<{ given_by_name: string; notes: string; recorder: string }>(
      'select n.given_by_name, n.notes, u.name as recorder from inspection_notices n join users u on u.id = n.given_by_user_id where n.project_id = ? order by n.id desc limit 1',
      project.id,
    );
    expect(row).toEqual({ given_by_name: 'Dale Ferris (phone)', notes: 'East side first.', recorder: 'Sam Okafor' });
    const text = visibleText(await page(here, cookies.officer));
    expect(text).toContain('given by Dale Ferris (phone); recorded by Sam Okafor');
    // The officer who typed it in is never shown as the one who gave it.
    expect(text).not.toMatch(/(?<!recorded )by Sam Okafor/);
    expect(text).not.toContain('Taken by Sam Okafor');
    const calendar = visibleText(await page(`/staff/calendar?month=${addDays(today, 5).slice(0, 7)}`, cookies.officer));
    expect(calendar).toContain('48-hour notice given by Dale Ferris (phone).');
  });
});

describe('a town inspection scheduled ahead', () => {
  it('is on the calendar and the desk, then is recorded with its outcome', async () => {
    const project = one<{ id: number; slug: string; name: string }>(
      "select id, slug, name from projects where status = 'active' order by name limit 1",
    );
    const here = `/staff/projects/${project.slug}/inspections`;
    const on = addDays(today, 2);
    const refused = await postAction(
      base,
      here,
      'notices.scheduleTownInspection',
      {
        projectId: project.id,
        milestone: 'public_landscaping_established',
        scheduledDate: addDays(today, -3),
        scheduledTime: '10:00',
      },
      cookies.officer,
    );
    expect(refused.status).toBe(400);
    expect(visibleText(await refused.text())).toContain('That time has passed: schedule an inspection ahead');

    const res = await postAction(
      base,
      here,
      'notices.scheduleTownInspection',
      {
        projectId: project.id,
        milestone: 'public_landscaping_established',
        scheduledDate: on,
        scheduledTime: '10:00',
        notes: 'Meet at the north gate.',
      },
      cookies.officer,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('saved=scheduled');
    const scheduled = one<{ id: number; town_inspection_id: number | null }>(
      'select id, town_inspection_id from scheduled_inspections where project_id = ? order by id desc limit 1',
      project.id,
    );
    expect(scheduled.town_inspection_id).toBeNull();

    const projectPage = visibleText(await page(here, cookies.officer));
    expect(projectPage).toContain('Scheduled town inspections');
    expect(projectPage).toContain('Meet at the north gate.');
    const calendar = visibleText(await page(`/staff/calendar?month=${on.slice(0, 7)}`, cookies.officer));
    expect(calendar).toContain(
      `Town inspection scheduled at 10:00 AM: ${project.name}: Landscaping established in public areas`,
    );
    const desk = visibleText(await page('/staff/officer', cookies.officer));
    expect(desk).toContain('Town inspections scheduled');
    expect(desk).toContain(`${project.name}: Landscaping established in public areas`);

    // The day comes: the officer records what was found, for the scheduled visit.
    db.$client
      .prepare('update scheduled_inspections set scheduled_for = ? where id = ?')
      .run(Date.now() - 3_600_000, scheduled.id);
    const recorded = await postAction(
      base,
      here,
      'notices.recordTownInspection',
      {
        projectId: project.id,
        scheduledId: scheduled.id,
        inspectedOn: today,
        outcome: 'approved',
        findings: 'Final grading matches the plans.',
      },
      cookies.officer,
    );
    expect(recorded.status).toBe(303);
    const after = one<{ town_inspection_id: number; milestone: string; outcome: string }>(
      'select s.town_inspection_id, t.milestone, t.outcome from scheduled_inspections s join town_inspections t on t.id = s.town_inspection_id where s.id = ?',
      scheduled.id,
    );
    expect(after).toMatchObject({ milestone: 'public_landscaping_established', outcome: 'approved' });
    const again = visibleText(await page(here, cookies.officer));
    expect(again).not.toContain('Meet at the north gate.');
    expect(again).toContain('Final grading matches the plans.');
    expect(visibleText(await page('/staff/officer', cookies.officer))).not.toContain(
      `${project.name}: Landscaping established in public areas`,
    );
  });

  it('can be cancelled', async () => {
    const project = one<{ id: number; slug: string }>(
      "select id, slug from projects where status = 'active' order by name limit 1",
    );
    const here = `/staff/projects/${project.slug}/inspections`;
    await postAction(
      base,
      here,
      'notices.scheduleTownInspection',
      {
        projectId: project.id,
        scheduledDate: addDays(today, 9),
        scheduledTime: '13:30',
        notes: 'Complaint about dust.',
      },
      cookies.officer,
    );
    const id = one<{ id: number }>(
      'select max(id) as id from scheduled_inspections where project_id = ?',
      project.id,
    ).id;
    expect(visibleText(await page(here, cookies.officer))).toContain('site inspection (not a noticed milestone)');
    const res = await postAction(base, here, 'notices.cancelScheduledInspection', { scheduledId: id }, cookies.officer);
    expect(res.headers.get('location')).toContain('saved=cancelled');
    expect(
      one<{ cancelled: number }>(
        'select cancelled_at is not null as cancelled from scheduled_inspections where id = ?',
        id,
      ).cancelled,
    ).toBe(1);
    expect(visibleText(await page(here, cookies.officer))).not.toContain('Complaint about dust.');
  });
});

describe('alerts for one project', () => {
  it('the form and the confirmation mail list what the subscription sends, never "new projects"', async () => {
    const slug = one<{ slug: string }>(
      "select slug from projects where published = 1 and status = 'active' order by name limit 1",
    ).slug;
    const form = visibleText(await page(`/alerts/new?project=${slug}`));
    expect(form).toContain(
      'new monthly inspection summaries, inspection reports, SWPPP amendments, residents’ reports, serious compliance findings, enforcement actions and municipal inspections of permanent stormwater practices.',
    );
    expect(form).not.toContain('new projects');
    const res = await postAction(base, `/alerts/new?project=${slug}`, 'alerts.subscribe', {
      target: 'project',
      project: slug,
      email: 'one.project@example.org',
      frequency: 'immediate',
    });
    expect(res.status).toBe(303);
    const mail = one<{ text_body: string }>(
      "select text_body from outbox where kind = 'alert-confirm' and to_address = 'one.project@example.org'",
    ).text_body.replace(/\s+/g, ' ');
    expect(mail).toContain(
      'serious compliance findings, enforcement actions and municipal inspections of permanent stormwater practices, as soon as something is posted.',
    );
    expect(mail).not.toContain('new projects');
    expect(visibleText(await page('/alerts/new?lat=42.79&lon=-74.0&r=1&label=Curry+Road'))).toContain(
      'enforcement actions, new projects and municipal inspections of permanent stormwater practices.',
    );
  });
});

describe('near me from a guessed address', () => {
  it('says "near", with the distance, and that the place is approximate: never "right here"', async () => {
    const text = visibleText(await page('/near?address=2790+Broadway&r=0.5'));
    expect(text).not.toContain('right here');
    expect(text).toContain('near: within 50 feet of the approximate location');
    expect(text).toContain('The place is approximate');
  });
  it('still says "right here" for a known address', async () => {
    expect(visibleText(await page('/near?address=2797+Broadway&r=0.5'))).toContain('right here');
  });
});

describe('rendered pages keep their spaces and their words', () => {
  it('between sentences, links and badges', async () => {
    const project = one<{ slug: string }>(
      "select slug from projects where published = 1 and status = 'active' order by name limit 1",
    ).slug;
    for (const [url, cookie] of [
      ['/', undefined],
      ['/staff', cookies.officer],
      ['/staff/compliance', cookies.officer],
      ['/staff/compliance?severity=high', cookies.officer],
      [`/staff/projects/${project}`, cookies.officer],
    ] as const) {
      const lines = visibleText(await page(url, cookie))
        .split('\n')
        .filter((l) => RUN_TOGETHER.test(l));
      expect(lines, url).toEqual([]);
    }
  });

  it('no notice says the date is "below" when it is shown above', async () => {
    expect(visibleText(await page('/projects/campbell-road-medical-office'))).not.toContain('date below');
    expect(visibleText(await page('/enforcement'))).not.toContain('date below');
  });

  it('receiving waters never nest parentheses', async () => {
    const nested = /\([^()\n]*\([^()\n]*\)[^()\n]*\)/;
    const withMs4 = one<{ slug: string }>(
      "select p.slug from projects p join receiving_waters w on w.project_id = p.id where w.water_type = 'ms4' and p.published = 1 order by p.name limit 1",
    ).slug;
    const lines = visibleText(await page(`/staff/projects/${withMs4}/parties`, cookies.officer))
      .split('\n')
      .filter((l) => /storm sewer/.test(l));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((l) => nested.test(l))).toEqual([]);
  });

  it('document titles never nest parentheses', async () => {
    const nested = /\([^()\n]*\([^()\n]*\)[^()\n]*\)/;
    const withStorms = one<{ slug: string }>(
      "select p.slug from projects p join documents d on d.project_id = p.id where d.type = 'inspection_report' and d.title like '%post-storm%' order by p.name limit 1",
    ).slug;
    const docs = visibleText(await page(`/staff/projects/${withStorms}/documents`, cookies.officer));
    expect(docs.split('\n').filter((l) => /Inspection report|summary/.test(l) && nested.test(l))).toEqual([]);
    expect(docs).toContain('(post-storm inspection, within 24 hours)');
    const request = one<{ id: number }>(
      "select r.id from records_requests r where r.project_id is not null and r.status in ('received', 'acknowledged') order by r.id limit 1",
    ).id;
    const clerkPage = visibleText(await page(`/staff/requests/${request}`, cookies.clerk));
    expect(clerkPage.split('\n').filter((l) => nested.test(l) || /\)\s*\(\d/.test(l))).toEqual([]);
  });
});

describe('staff have one "Projects" link and a way on', () => {
  it('the staff header names the staff list apart from the public one', async () => {
    const html = await page('/staff/projects', cookies.clerk);
    expect(html.match(/>Projects<\/a>/g)).toHaveLength(1);
    expect(html).toContain('>Project records</a>');
  });

  it('a new account lands on its page with where to start, by role', async () => {
    const clerk = visibleText(await page('/account?welcome=1', cookies.clerk));
    expect(clerk).toContain('Your password is saved and you are signed in.');
    expect(await page('/account?welcome=1', cookies.clerk)).toContain(
      'href="/staff/requests">Open the records requests</a>',
    );
    expect(await page('/account?welcome=1', cookies.officer)).toContain(
      'href="/staff/officer">Open the officer’s desk</a>',
    );
  });

  it('the audit log picks users by name and actions by their words', async () => {
    const html = await page('/staff/audit', cookies.admin);
    const actor = /<select id="actor" name="actor">([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
    expect(actor).toMatch(/<option value="\d+"[^>]*>Dana Kowalski \(clerk@rotterdam\.example\)<\/option>/);
    expect(html).not.toMatch(/<input[^>]*name="actor"/);
    const action = /<select id="action" name="action">([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
    expect(action).toContain('<option value="user.sign_in">Signed in</option>');
    const clerkId = one<{ id: number }>("select id from users where email = 'clerk@rotterdam.example'").id;
    const filtered = await page(`/staff/audit?actor=${clerkId}&action=user.sign_in`, cookies.admin);
    expect(filtered).toMatch(new RegExp(`<option value="${clerkId}" selected>Dana Kowalski`));
    expect(visibleText(filtered)).toMatch(/\d+ entr(y|ies)\./);
  });
});

describe('the practices map', () => {
  it('calls its markers practices, never projects', async () => {
    const html = await page('/practices');
    const text = visibleText(html);
    expect(text).toContain('The map needs JavaScript; all the practices on it are also in the list.');
    expect(text).not.toMatch(/every project|list of projects/i);
    // The notes the map script writes later ("the list of …", "3 … here") read the same noun.
    const data = JSON.parse(/data-map-data[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]) as { noun?: string };
    expect(data.noun).toBe('practices');
  });
});

describe('the page after subscribing to alerts', () => {
  it('names the project subscribed to', async () => {
    const project = one<{ slug: string; name: string }>(
      "select slug, name from projects where slug = 'curry-road-distribution-center'",
    );
    const res = await postAction(base, `/alerts/new?project=${project.slug}`, 'alerts.subscribe', {
      email: 'alert.words@example.org',
      target: 'project',
      project: project.slug,
      frequency: 'daily',
    });
    expect(res.status).toBe(303);
    const text = visibleText(await page(res.headers.get('location')!));
    expect(text).toContain(`We sent a link to confirm your alerts about the project “${project.name}”`);
    expect(text).not.toContain('alert.words@example.org');
  });
});
