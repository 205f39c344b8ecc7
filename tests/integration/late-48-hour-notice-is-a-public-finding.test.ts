/**
 * Subsection L(1) over real HTTP against the built portal (demo town): a 48-hour notice an operator gives
 * late, or after the milestone, is one of the compliance findings residents read on the public project
 * page and journalists take from /api/findings.json, in the words the staff inspections page uses
 * (decision 0027). Its own portal: giving notices changes a project's findings.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { addDays } from '#lib/shared/days.ts';
import { get, postAction, signIn } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

let portal: Portal;
let base: string;
let db: DB;
let operator: string;
let officer: string;
const today = townToday();

beforeAll(async () => {
  portal = await startPortal();
  base = portal.url;
  db = openDatabase(path.join(portal.dataDir, 'portal.db'));
  operator = await signIn(base, 'operator@rotterdam.example', DEMO_PASSWORD);
  officer = await signIn(base, 'officer@rotterdam.example', DEMO_PASSWORD);
});

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

describe('Subsection L(1): a late 48-hour notice is a public finding', () => {
  it('a notice given after the milestone, and one given late, show on the public project page and in the open data', async () => {
    const own = db.$client
      .prepare(
        "select p.id, p.slug from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id where u.email = 'operator@rotterdam.example' and p.published = 1 and p.exemption is null order by p.name limit 1",
      )
      .get() as { id: number; slug: string };
    const publicPage = `/projects/${own.slug}`;
    const findingsApi = `/api/findings.json?project=${own.id}&rule=late-48-hour-notice`;
    const before = await text(await get(base, publicPage));
    expect(before).not.toContain('No advance notice of a milestone');
    const seeded = ((await (await get(base, findingsApi)).json()) as { total: number }).total;

    const notices = `/operator/projects/${own.slug}/notices`;
    const after = await postAction(
      base,
      notices,
      'notices.give',
      { projectId: own.id, milestone: 'clearing_complete', scheduledDate: addDays(today, -1), scheduledTime: '07:30' },
      operator,
    );
    expect(after.headers.get('location')).toContain('given=late');
    const late = await postAction(
      base,
      notices,
      'notices.give',
      {
        projectId: own.id,
        milestone: 'final_grading_complete',
        scheduledDate: addDays(today, 1),
        scheduledTime: '06:00',
      },
      operator,
    );
    expect(late.headers.get('location')).toContain('given=late');

    // Residents read it among the project's findings (ended: notice was given), with the law it comes from.
    const page = await text(await get(base, publicPage));
    expect(page).toContain('No advance notice of a milestone');
    expect(page).toMatch(
      /Notice of completion of site clearing \([^)]+\) was given [^,]+, \d{4}, [^,]+, after the work: the law requires at least 48 hours' notice\./,
    );
    expect(page).toContain('Late 48-hour notice');
    expect(page).toMatch(
      /Notice of completion of final grading \([^)]+\) was given .*?, \d+ hours? ahead: the law requires at least 48\./,
    );
    expect(page).toContain(
      'Law: Subsection L(1): the applicant notifies the Stormwater Management Officer at least 48 hours before each inspection milestone',
    );

    // The same words as the staff inspections page.
    const staff = await text(await get(base, `/staff/projects/${own.slug}/inspections`, officer));
    const sentence = page.match(/Notice of completion of site clearing \([^)]+\) was given [^.]+\./)![0];
    expect(staff).toContain(sentence);

    // The open data: the rule, severity and section, the day it was due and the day notice came.
    const res = await get(base, findingsApi);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { total: number; findings: Array<Record<string, string | null>> };
    expect(body.total).toBe(seeded + 2);
    const byTitle = new Map(body.findings.map((f) => [f.title, f]));
    expect(byTitle.get('No advance notice of a milestone')).toMatchObject({
      rule: 'late-48-hour-notice',
      severity: 'medium',
      status: 'resolved',
      resolved_on: today,
      due_on: addDays(today, -3),
    });
    expect(byTitle.get('No advance notice of a milestone')?.ordinance_section).toMatch(/^Subsection L\(1\): /);
    expect(body.findings.filter((f) => f.title === 'Late 48-hour notice' && f.resolved_on === today)).toMatchObject([
      { rule: 'late-48-hour-notice', severity: 'low', status: 'resolved' },
    ]);
  });

  it('the open data names the rule among its filters', async () => {
    const bad = await get(base, '/api/findings.json?rule=no-such-rule');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('late-48-hour-notice');
  });
});
