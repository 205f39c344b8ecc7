/** The rules of a resident's report (site-reports/report.rules.ts), as tables of cases. */
import { describe, expect, it } from 'vitest';
import { SITE_REPORT_STATUSES, type SiteReportStatus } from '#db/enums.ts';
import {
  canMove,
  groupDuplicates,
  isOpen,
  matchProject,
  MATCH_MILES,
  moveProblem,
  NEXT_STATUSES,
  publicPoint,
  reportProblems,
  STATUS_LABEL,
  statusMeaning,
} from '#lib/server/site-reports/report.rules.ts';
import { destinationPoint } from '#lib/shared/geo.ts';

describe('status moves', () => {
  const cases: Array<[SiteReportStatus, SiteReportStatus, boolean]> = [
    ['received', 'under_review', true],
    ['received', 'closed', true],
    ['under_review', 'inspected', true],
    ['under_review', 'received', false],
    ['inspected', 'violation_found', true],
    ['inspected', 'no_violation', true],
    ['inspected', 'under_review', false],
    ['no_violation', 'violation_found', true],
    ['violation_found', 'no_violation', false],
    ['violation_found', 'closed', true],
    ['referred', 'closed', true],
    ['referred', 'under_review', false],
    ['closed', 'under_review', false],
    ['closed', 'closed', false],
  ];
  it.each(cases)('%s → %s: %s', (from, to, allowed) => expect(canMove(from, to)).toBe(allowed));

  it('every status has words and a list of next statuses; only closed is final', () => {
    for (const s of SITE_REPORT_STATUSES) {
      expect(STATUS_LABEL[s].length).toBeGreaterThan(3);
      expect(statusMeaning('village')[s]).toMatch(/\.$/);
      expect(NEXT_STATUSES[s].length === 0).toBe(s === 'closed');
    }
  });

  it('closing and referring need a public reason; the refusals are sentences', () => {
    expect(moveProblem('inspected', 'closed', '')).toMatch(/public reason/);
    expect(moveProblem('received', 'referred', '  ')).toMatch(/where it was referred/);
    expect(moveProblem('inspected', 'closed', 'Fixed.')).toBeUndefined();
    expect(moveProblem('closed', 'under_review', null)).toBe(
      'This report is closed: nothing more can be recorded on it.',
    );
    expect(moveProblem('inspected', 'inspected', null)).toBe('The report is already “inspected”.');
  });

  it('Open311 open/closed: referred and closed reports are closed', () => {
    expect(SITE_REPORT_STATUSES.filter((s) => !isOpen(s))).toEqual(['referred', 'closed']);
  });
});

describe('matching a report to the nearest active site within a quarter mile', () => {
  const origin = { latitude: 42.8, longitude: -74.0 };
  const at = (miles: number, bearing = 90) => destinationPoint(origin, bearing, miles);
  const site = (
    id: number,
    miles: number,
    status: 'active' | 'complete' | 'swppp_review' | 'stop_work' = 'active',
  ) => ({ id, name: `Site ${id}`, status, ...at(miles) });
  const cases: Array<[string, ReturnType<typeof site>[], number | undefined]> = [
    ['the nearest of two active sites', [site(1, 0.2), site(2, 0.05)], 2],
    ['exactly at the edge', [site(1, MATCH_MILES)], 1],
    ['just beyond the edge: not at a listed site', [site(1, MATCH_MILES + 0.01)], undefined],
    ['a finished site is not matched, the active one further off is', [site(1, 0.01, 'complete'), site(2, 0.2)], 2],
    ['a site still in SWPPP review has no work on the ground', [site(1, 0.01, 'swppp_review')], undefined],
    ['a site under a stop-work order is matched (work there is what is reported)', [site(1, 0.1, 'stop_work')], 1],
    ['no sites', [], undefined],
  ];
  it.each(cases)('%s', (_, sites, expected) => expect(matchProject(origin, sites)?.project.id).toBe(expected));
});

describe('grouping likely duplicates', () => {
  const base = { latitude: 42.8, longitude: -74.0 };
  const r = (id: number, categoryId: number, miles: number, observedOn: string) => ({
    id,
    categoryId,
    observedOn,
    ...destinationPoint(base, 0, miles),
  });
  it('groups same category, near, within a week; keeps the others apart', () => {
    const groups = groupDuplicates([
      r(1, 1, 0, '2026-05-10'),
      r(2, 1, 0.05, '2026-05-12'),
      r(3, 2, 0.01, '2026-05-10'),
      r(4, 1, 0.5, '2026-05-10'),
      r(5, 1, 0.02, '2026-05-20'),
    ]);
    expect(groups.map((g) => g.map((x) => x.id))).toEqual([[1, 2], [3], [4], [5]]);
  });
});

describe('what residents see and type', () => {
  it('rounds the public point to about 10 m', () => {
    expect(publicPoint({ latitude: 42.812345678, longitude: -73.987654321 })).toEqual({
      latitude: 42.8123,
      longitude: -73.9877,
    });
  });
  const ok = {
    categoryId: 1,
    description: 'Mud all over Curry Road.',
    point: { latitude: 42.8, longitude: -74 },
    observedOn: '2026-05-03',
    observedTime: '',
    email: '',
    phone: '',
    name: '',
  };
  const cases: Array<[string, Partial<typeof ok>, string[]]> = [
    ['a good report', {}, []],
    [
      'nothing chosen, too short, nowhere',
      { categoryId: null as unknown as number, description: 'mud', point: null as unknown as typeof ok.point },
      ['category', 'description', 'where'],
    ],
    ['a day in the future', { observedOn: '2026-05-04' }, ['observedOn']],
    [
      'a bad time, email and phone',
      { observedTime: '25:00', email: 'not-an-email', phone: 'call me' },
      ['observedTime', 'email', 'phone'],
    ],
    ['a point off the globe', { point: { latitude: 95, longitude: 0 } }, ['where']],
  ];
  it.each(cases)('%s', (_, change, fields) =>
    expect(Object.keys(reportProblems({ ...ok, ...change }, '2026-05-03')).sort()).toEqual(fields.sort()),
  );
});
