/**
 * The compliance rules on the demo town: a year of operators' history, and the lapses the seed plants
 * show up as findings with the right status, severity, section and dates (and sites without lapses
 * show none).
 */
import { addDays } from '#lib/shared/days.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '#db/seed/accounts.ts';
import { seedDemoTown } from '#db/seed/demo.ts';

import { complianceFor, openFindingsBySite, type ProjectCompliance } from '#lib/server/compliance/compliance.ts';
import { migrateDatabase, openDatabase, type DB } from '#lib/server/platform/db.ts';
import { workspaceOverview } from '#lib/server/desks/operator-workspace.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { heldTownFindings, townFindings, warmTownFindings } from '#lib/server/public/findings.ts';

/** A Monday afternoon in June, town time (the seed test uses the same instant). */
const NOW = new Date('2026-06-15T18:00:00Z');
const TODAY = '2026-06-15';

let db: DB;
let bySlug: Map<string, ProjectCompliance>;

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-compliance-'));
  db = openDatabase(path.join(dir, 'portal.db'));
  migrateDatabase(db);
  await seedDemoTown(db, { filesDir: path.join(dir, 'files'), now: NOW, pdfTexts: 'later' });
  await seedDemoAccounts(db);
  bySlug = new Map((await complianceFor(asyncOf(db), {}, NOW)).map((c) => [c.project.slug, c]));
});

const of = (slug: string, rule?: string) => {
  // A renamed demo site must fail here, not pass as "no findings".
  expect(bySlug.has(slug), `demo site ${slug}`).toBe(true);
  return bySlug.get(slug)!.findings.filter((f) => !rule || f.rule === rule);
};

describe('the demo town, checked against the law', () => {
  it('an 11-day gap between inspections at the medical office, now ended', () => {
    const [gap, ...more] = of('campbell-road-medical-office', 'routine-gap');
    expect(more).toEqual([]);
    expect(gap).toMatchObject({ status: 'resolved', severity: 'medium', title: '11 days without an inspection' });
    expect(gap.section).toMatch(/^Subsection L\(3\)/);
    expect(gap.resolvedOn! > addDays(TODAY, -200) && gap.resolvedOn! < addDays(TODAY, -30)).toBe(true);
  });

  it('a storm with no inspection within 24 hours at the townhomes', () => {
    const missed = of('westcott-road-townhomes', 'post-storm');
    expect(missed).toHaveLength(1);
    expect(missed[0]).toMatchObject({ status: 'resolved', severity: 'high' });
    expect(missed[0].text).toMatch(/^No inspection within 24 hours after the \d\.\d\d in\. storm that ended/);
  });

  it('last month’s summary not filed at the plaza: open, due June 10', () => {
    expect(of('altamont-avenue-plaza', 'summary-missing')).toMatchObject([
      {
        status: 'open',
        dueOn: '2026-06-10',
        text: 'The monthly summary for May 2026 has not been filed with the Town, which set June 10, 2026 as the date for its copy. The ordinance (Subsection L(5)) requires the operator to post a summary of the site inspection activities at the site, in a publicly accessible location, every month; the filing date is the Town’s own.',
        source: 'ordinance-and-town-setting',
      },
    ]);
  });

  it('a sediment trap at 60% not cleaned out at the self storage, with its corrective action past due', () => {
    const [trap] = of('guilderland-avenue-self-storage', 'sediment-cleanout');
    expect(trap).toMatchObject({ status: 'open', severity: 'high' });
    expect(trap.text).toMatch(/^Sediment trap ST-2 was at 53% .* still at 6\d%/);
    expect(trap.section).toMatch(/J\(16\)/);
    expect(of('guilderland-avenue-self-storage', 'corrective-overdue')).toMatchObject([{ status: 'open' }]);
  });

  it('a summary filed late at the fire station', () => {
    const late = of('rotterdam-junction-fire-station', 'summary-late');
    expect(late).toHaveLength(1);
    expect(late[0]).toMatchObject({ status: 'resolved', severity: 'low' });
    expect(late[0].text).toMatch(
      /was filed with the Town on .*, \d+ days after the date the Town set for its copy \(.* 10, 2026\)\./,
    );
  });

  it('more than five acres without DEC approval at the solar farm, but not with approval at the distribution center', () => {
    expect(of('princetown-road-community-solar', 'over-five-acres')).toMatchObject([
      { status: 'open', severity: 'high' },
    ]);
    expect(of('curry-road-distribution-center', 'over-five-acres')).toEqual([]);
    expect(of('curry-road-distribution-center', 'over-five-acres-planned')).toEqual([]);
    // The 6.5 acres that brought Mariaville a stop-work order, since corrected.
    expect(of('mariaville-meadows-phase-2', 'over-five-acres')).toMatchObject([{ status: 'resolved' }]);
  });

  it('stabilization not begun 14 days after work stopped at Route 7', () => {
    expect(of('route-7-commerce-park-lot-3', 'stabilization')).toMatchObject([
      { status: 'open', severity: 'high', dueOn: addDays(TODAY, -10) },
    ]);
    // At the child care center the 14 days have not run out: due, not late.
    expect(of('carman-road-child-care-center')).toEqual([]);
    expect(bySlug.get('carman-road-child-care-center')?.due.find((d) => d.kind === 'stabilization')).toMatchObject({
      dueOn: addDays(TODAY, 6),
    });
  });

  it('a winter shutdown does not relax the ordinance’s 7-day rule: monthly winter inspections are gaps (L(3) has no winter exception)', () => {
    const school = bySlug.get('helderberg-avenue-school-addition')!;
    const from = school.project.winterShutdownFrom!;
    const to = school.project.winterShutdownTo!;
    const days = (
      db.$client
        .prepare(
          "SELECT date(inspected_at / 1000, 'unixepoch', '-5 hours') AS d FROM inspections WHERE project_id = ? ORDER BY inspected_at",
        )
        .all(school.projectId) as Array<{ d: string }>
    ).map((r) => r.d);
    const inWinter = days.filter((d) => d >= from && d <= to);
    expect(inWinter.length).toBeGreaterThan(1);
    // Weeks without an inspection during the shutdown…
    expect(inWinter.slice(1).some((d, i) => (Date.parse(d) - Date.parse(inWinter[i])) / 86_400_000 > 7)).toBe(true);
    // …are routine gaps under the Town's law (the state permit's 30 days do not hide them; decision 0020)…
    const gaps = of('helderberg-avenue-school-addition', 'routine-gap').filter(
      (f) => f.from > from && f.from <= addDays(to, 1),
    );
    expect(gaps.length).toBeGreaterThan(0);
    expect(gaps.every((f) => f.source === 'ordinance' && /during a winter shutdown too/.test(f.text))).toBe(true);
    // …while the state permit's twice-weekly rule gives way in the shutdown.
    expect(
      of('helderberg-avenue-school-addition', 'twice-weekly').filter((f) => f.from >= from && f.from <= to),
    ).toEqual([]);
  });

  it('sites without planted lapses have a clean record', () => {
    for (const slug of [
      'giffords-church-road-veterinary-hospital',
      'curry-road-distribution-center',
      'mohawk-riverfront-trail',
    ]) {
      expect(
        of(slug).map((f) => f.key),
        slug,
      ).toEqual([]);
    }
  });

  it('lists every open finding on the officer’s dashboard, most serious sites first', async () => {
    const sites = await openFindingsBySite(asyncOf(db), NOW);
    expect(sites.slice(0, 3).every((s) => s.high > 0)).toBe(true);
    expect(sites.map((s) => s.project.slug)).toEqual(
      expect.arrayContaining([
        'altamont-avenue-plaza',
        'guilderland-avenue-self-storage',
        'princetown-road-community-solar',
        'route-7-commerce-park-lot-3',
      ]),
    );
    expect(sites.map((s) => s.project.slug)).not.toContain('westcott-road-townhomes');
  });

  it('gives operators a year of history and shows them what is late and due', async () => {
    const operator = db.$client.prepare("SELECT id FROM users WHERE email = 'operator@rotterdam.example'").get() as {
      id: number;
    };
    const overview = await workspaceOverview(asyncOf(db), operator.id, NOW);
    expect(overview.map((p) => p.slug)).toEqual([
      'altamont-avenue-plaza',
      'carman-road-child-care-center',
      'hamburg-street-mixed-use',
    ]);
    for (const p of overview) {
      const { n, first } = db.$client
        .prepare('SELECT count(*) AS n, min(inspected_at) AS first FROM inspections WHERE project_id = ?')
        .get(p.id) as { n: number; first: number };
      expect(n).toBeGreaterThan(12);
      expect(first).toBeLessThan(NOW.getTime() - 80 * 86_400_000);
      expect(p.due.some((d) => d.kind === 'monthly-summary' && d.dueOn === '2026-07-10')).toBe(true);
    }
    expect(overview[0].late.map((f) => f.rule)).toEqual(['summary-missing']);
  });

  it('computes the same for one project as in bulk', async () => {
    const id = bySlug.get('guilderland-avenue-self-storage')!.projectId;
    const [one] = await complianceFor(asyncOf(db), { projectIds: [id] }, NOW);
    expect(one.findings).toEqual(bySlug.get('guilderland-avenue-self-storage')!.findings);
    expect(one.due).toEqual(bySlug.get('guilderland-avenue-self-storage')!.due);
  });
});

describe('the town-wide findings, evaluated a slice at a time', () => {
  it('are the findings of every published project, and the thread is free between slices', async () => {
    // Ten minutes on: townFindings' cache of NOW (if any) does not answer, changed data or not.
    const later = new Date(NOW.getTime() + 10 * 60_000);
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns++;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    await warmTownFindings(asyncOf(db), later, 5);
    spinning = false;
    const projects = await complianceFor(asyncOf(db), {}, later);
    expect(turns).toBeGreaterThanOrEqual(Math.floor(projects.length / 5));
    // Whole findings, words and dates included: what the held columns give back is what the rules found.
    const key = (projectId: number, f: { key: string }) => `${projectId} ${f.key}`;
    const published = new Set(
      db.$client.prepare('select id from projects where published = 1').pluck().all() as number[],
    );
    const byKey = <T extends { projectId: number; finding: { key: string } }>(list: T[]) =>
      list.sort((a, b) => (key(a.projectId, a.finding) < key(b.projectId, b.finding) ? -1 : 1));
    const expected = byKey(
      projects
        .filter((c) => published.has(c.projectId))
        .flatMap((c) => c.findings.map((finding) => ({ projectId: c.projectId, finding }))),
    );
    const warmed = byKey(
      (await townFindings(asyncOf(db), later)).map(({ project, finding }) => ({ projectId: project.id, finding })),
    );
    expect(warmed.length).toBeGreaterThan(5);
    expect(new Set(warmed.map((w) => key(w.projectId, w.finding))).size).toBe(warmed.length);
    expect(warmed).toEqual(expected);
  });

  it('come newest lapse first (then by project and key), and a reader asking for some gets exactly those', async () => {
    const at = new Date(NOW.getTime() + 20 * 60_000);
    const all = await townFindings(asyncOf(db), at);
    const order = all.map(({ project, finding }) => [finding.from, project.id, finding.key] as const);
    const sorted = [...order].sort((a, b) =>
      a[0] !== b[0] ? (a[0] < b[0] ? 1 : -1) : a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0),
    );
    expect(order).toEqual(sorted);
    expect(new Set(all.map((t) => t.finding.severity)).size).toBeGreaterThan(1);
    expect(new Set(all.map((t) => t.finding.status)).size).toBe(2);
    const someProjects = new Set(all.filter((_, i) => i % 3 === 0).map((t) => t.project.id));
    const someRules = [...new Set(all.map((t) => t.finding.rule))].slice(0, 2);
    const cases = [
      {
        where: { severities: ['high' as const], statuses: ['open' as const] },
        keep: (t: (typeof all)[number]) => t.finding.severity === 'high' && t.finding.status === 'open',
      },
      { where: { rules: someRules }, keep: (t: (typeof all)[number]) => someRules.includes(t.finding.rule) },
      {
        where: { projectIds: someProjects, statuses: ['resolved' as const] },
        keep: (t: (typeof all)[number]) => someProjects.has(t.project.id) && t.finding.status === 'resolved',
      },
    ];
    for (const { where, keep } of cases) {
      const expected = all.filter(keep);
      expect(expected.length).toBeGreaterThan(0);
      expect(await townFindings(asyncOf(db), at, where)).toEqual(expected);
    }
  });

  it('are evaluated again a minute after public data changed, and five minutes after the last time if nothing did', async () => {
    const at = (minutes: number) => new Date(NOW.getTime() + (30 + minutes) * 60_000);
    const a = await heldTownFindings(asyncOf(db), at(0));
    const change = () =>
      db.$client.prepare('update projects set updated_at = updated_at where id = (select min(id) from projects)').run();
    // Nothing public changed: only the clock could have moved them, and for five minutes it is not asked.
    expect(await heldTownFindings(asyncOf(db), at(2))).toBe(a);
    // A change: within the minute of the evaluation the same answer, then a new evaluation.
    change();
    expect(await heldTownFindings(asyncOf(db), at(0.5))).toBe(a);
    const b = await heldTownFindings(asyncOf(db), at(2.5));
    expect(b).not.toBe(a);
    expect(b.select()).toEqual(a.select());
    expect(await heldTownFindings(asyncOf(db), at(2.5 + 4.9))).toBe(b);
    expect(await heldTownFindings(asyncOf(db), at(2.5 + 5.1))).not.toBe(b);
  });
});
