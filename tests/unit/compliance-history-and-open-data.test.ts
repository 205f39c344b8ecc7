/**
 * Pure pieces of the public record: a site's month-by-month compliance history, the project page's document groups
 * and timeline order, the open-data filters read through their zod schemas (lists, repeats, clear
 * 400 messages), JSON-LD that no text can break out of, and stable finding ids.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_COMPLIANCE_SETTINGS,
  evaluateCompliance,
  type ComplianceContext,
  type ProjectComplianceData,
} from '#lib/server/compliance/compliance.rules.ts';
import { complianceHistory } from '#lib/server/compliance/history.rules.ts';
import { groupDocuments, inspectionAndEnforcementTimeline } from '#lib/server/public/project-page.ts';
import { findingFilterSchema, parseFindingFilters, parseQuery } from '#lib/server/public/api-filters.ts';
import { parseApiFilters } from '#lib/server/public/open-data.ts';
import { jsonLdText } from '#lib/server/public/catalog.ts';
import { findingEntityId } from '#lib/server/public/events.ts';
import { filterFindings, type TownFinding } from '#lib/server/public/findings.ts';

const ctx = (now: string): ComplianceContext => ({
  now: new Date(now),
  settings: DEFAULT_COMPLIANCE_SETTINGS,
  storms: [],
});

function site(over: Partial<ProjectComplianceData> = {}): ProjectComplianceData {
  return {
    project: {
      id: 1,
      slug: 'site',
      name: 'Site',
      status: 'active',
      actualStartOn: '2025-11-03',
      finalStabilizationOn: null,
      notFiledOn: null,
      maxDisturbedAtOnceAcres: 3,
      decFiveAcreApproval: false,
      decFiveAcreApprovalOn: null,
      winterShutdownFrom: null,
      winterShutdownTo: null,
      drainsToImpairedWaters: false,
    },
    inspections: [],
    summaries: [],
    corrective: [],
    ...over,
  };
}

const inspection = (at: string, id: number) => ({
  id,
  inspectedAt: new Date(at),
  type: 'routine' as const,
  disturbedAcresActive: 1,
  disturbedAcresInactive: 0,
  snowCover: false,
  practices: [],
  inactiveAreas: [],
});

describe('a site’s compliance history, month by month', () => {
  const data = site({
    inspections: [
      inspection('2025-11-05T15:00:00Z', 1),
      inspection('2025-11-12T15:00:00Z', 2),
      inspection('2025-12-20T15:00:00Z', 3),
      inspection('2026-02-02T15:00:00Z', 4),
    ],
    summaries: [
      { month: '2025-11', version: 1, submittedAt: new Date('2025-12-08T15:00:00Z') }, // due Dec 10: on time
      { month: '2025-12', version: 1, submittedAt: new Date('2026-01-20T15:00:00Z') }, // due Jan 12 (the 10th is a Saturday): late
      { month: '2025-12', version: 2, submittedAt: new Date('2026-01-25T15:00:00Z') }, // a correction does not change when it was first filed
    ],
  });
  // Evaluated in beforeAll, not while the file loads: mutation testing then sees which test covers what.
  const c = ctx('2026-02-05T17:00:00Z');
  let years: ReturnType<typeof complianceHistory> = [];
  let findings: ReturnType<typeof evaluateCompliance>['findings'] = [];
  beforeAll(() => {
    findings = evaluateCompliance(data, c).findings;
    years = complianceHistory({
      data,
      findings,
      ctx: { ...c, onOrAfterBusinessDay: (d) => (d === '2026-01-10' ? '2026-01-12' : d) },
      townInspectionDays: ['2025-12-01'],
      enforcementDays: ['2026-01-15', '2026-01-20'],
    });
  });
  const month = (m: string) => years.flatMap((y) => y.months).find((x) => x.month === m)!;

  it('covers whole calendar years from the start of work to this month, later months out of range', () => {
    expect(years.map((y) => y.year)).toEqual(['2025', '2026']);
    expect(years.every((y) => y.months.length === 12)).toBe(true);
    expect(month('2025-10').inRange).toBe(false);
    expect(month('2025-11').inRange).toBe(true);
    expect(month('2026-02').inRange).toBe(true);
    expect(month('2026-03').inRange).toBe(false);
  });

  it('counts reports, town inspections and enforcement in their month, and says how each summary was filed', () => {
    expect([
      month('2025-11').inspectionReports,
      month('2025-12').inspectionReports,
      month('2026-01').inspectionReports,
      month('2026-02').inspectionReports,
    ]).toEqual([2, 1, 0, 1]);
    expect(month('2025-12').townInspections).toBe(1);
    expect(month('2026-01').enforcementActions).toBe(2);
    expect(month('2025-11')).toMatchObject({ summary: 'on_time', summaryFiledOn: '2025-12-08' });
    expect(month('2025-12')).toMatchObject({ summary: 'late', summaryFiledOn: '2026-01-20' });
    // January's was due on February 10: not yet.
    expect(month('2026-01').summary).toBe('not_due_yet');
    expect(month('2025-10').summary).toBe('not_required');
  });

  it('counts a finding in every month it was open, serious ones apart', () => {
    // Nov 12 → Dec 20: no inspection for 38 days (due Nov 19), a lapse from Nov 20 to Dec 20.
    const gap = findings.find((f) => f.rule === 'routine-gap' && f.status === 'resolved' && f.from === '2025-11-20')!;
    expect(gap.resolvedOn).toBe('2025-12-20');
    expect(month('2025-11').openFindings).toBeGreaterThanOrEqual(1);
    expect(month('2025-12').openFindings).toBeGreaterThanOrEqual(1);
    expect(month('2025-11').seriousFindings).toBe(0);
    const total = (m: string) =>
      findings.filter((f) => f.from <= `${m}-31` && (f.status === 'open' || (f.resolvedOn ?? f.from) >= `${m}-01`))
        .length;
    expect(month('2026-01').openFindings).toBe(total('2026-01'));
  });

  it('keeps at most the last five years, and nothing before work or filings', () => {
    expect(
      complianceHistory({
        data: site({ project: { ...site().project, actualStartOn: null } }),
        findings: [],
        ctx: c,
        townInspectionDays: [],
        enforcementDays: [],
      }),
    ).toEqual([]);
    const old = complianceHistory({
      data: site({ project: { ...site().project, actualStartOn: '2015-04-01' } }),
      findings: [],
      ctx: c,
      townInspectionDays: [],
      enforcementDays: [],
    });
    expect(old.map((y) => y.year)).toEqual(['2022', '2023', '2024', '2025', '2026']);
  });
});

describe('the project page on a phone', () => {
  const doc = (id: number, type: string, documentDate: string | null) =>
    ({ id, type, title: `Doc ${id}`, documentDate }) as unknown as Parameters<typeof groupDocuments>[0][number];

  it('groups documents by type, the plan first, newest first, the oldest of a long group folded away', () => {
    const docs = [
      ...Array.from({ length: 30 }, (_, i) =>
        doc(100 + i, 'inspection_report', `2026-0${1 + Math.floor(i / 10)}-${String(28 - (i % 10)).padStart(2, '0')}`),
      ),
      doc(2, 'swppp', '2025-10-01'),
      doc(3, 'noi', null),
    ];
    const groups = groupDocuments(docs);
    expect(groups.map((g) => [g.type, g.count])).toEqual([
      ['swppp', 1],
      ['noi', 1],
      ['inspection_report', 30],
    ]);
    const reports = groups[2];
    expect(reports.label).toBe('Inspection reports');
    expect(reports.first.map((d) => d.id)).toEqual(docs.slice(0, 12).map((d) => d.id));
    expect(reports.older).toHaveLength(18);
    expect(reports.latest).toBe('2026-01-28');
    expect(groups.every((g) => !g.open)).toBe(true);
    expect(groupDocuments(docs.slice(28)).every((g) => g.open)).toBe(true);
  });

  it('puts town inspections and enforcement in one timeline, newest first; on one day the action follows the inspection', () => {
    const action = (id: number, issuedOn: string) =>
      ({ id, issuedOn }) as unknown as Parameters<typeof inspectionAndEnforcementTimeline>[0][number];
    const visit = (id: number, inspectedOn: string) =>
      ({ id, inspectedOn, violations: [] }) as unknown as Parameters<
        typeof inspectionAndEnforcementTimeline
      >[1][number];
    const t = inspectionAndEnforcementTimeline(
      [action(1, '2026-05-01'), action(2, '2026-05-13')],
      [visit(7, '2026-05-13'), visit(8, '2026-05-20'), visit(6, '2026-04-30')],
    );
    expect(t.map((e) => `${e.kind}:${e.id}`)).toEqual([
      'inspection:8',
      'action:2',
      'inspection:7',
      'action:1',
      'inspection:6',
    ]);
  });
});

describe('open-data filters through their zod schemas', () => {
  const q = (s: string) => new URLSearchParams(s);

  it('reads comma-separated and repeated lists, ignores empty values and unknown names', () => {
    expect(parseApiFilters(q('status=active,stop_work&status=active&status=&x=1'))).toEqual({
      ok: true,
      filters: { statuses: ['active', 'stop_work'], bbox: undefined, updatedSince: undefined },
    });
    expect(parseApiFilters(q('bbox=-74.0, 42.7 ,-73.9,42.9&updated_since=2026-05-01'))).toMatchObject({
      ok: true,
      filters: { bbox: [-74, 42.7, -73.9, 42.9], updatedSince: new Date('2026-05-01T00:00:00Z') },
    });
    expect(parseApiFilters(q('updated_since=2026-05-01T12:00:00-04:00'))).toMatchObject({
      ok: true,
      filters: { updatedSince: new Date('2026-05-01T16:00:00Z') },
    });
    expect(
      parseFindingFilters(
        q('status=open&severity=high,medium&rule=post-storm&project=12&since=2025-01-01&page=3&per_page=50'),
      ),
    ).toEqual({
      ok: true,
      value: {
        filters: {
          statuses: ['open'],
          severities: ['high', 'medium'],
          rules: ['post-storm'],
          projectId: 12,
          since: '2025-01-01',
        },
        paging: { page: 3, perPage: 50 },
      },
    });
    expect(parseFindingFilters(q(''))).toEqual({
      ok: true,
      value: { filters: {}, paging: { page: 1, perPage: 1000 } },
    });
  });

  it.each([
    [
      'status=building',
      'Unknown status "building". Use one or more of: swppp_review, approved, active, stop_work, final_stabilization, complete.',
    ],
    ['bbox=1,2,3', /^bbox must be four numbers/],
    ['bbox=-73,42,-74,43', /^bbox must be four numbers/],
    ['bbox=a,b,c,d', /^bbox must be four numbers/],
    ['bbox=-200,42,-74,43', /^bbox must be four numbers/],
    [
      'updated_since=yesterday',
      'updated_since must be a date (2026-05-01) or an ISO 8601 instant (2026-05-01T12:00:00Z).',
    ],
  ])('projects: %s is a 400 that says what to send', (query, message) => {
    const r = parseApiFilters(q(query));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });

  it.each([
    ['severity=urgent', 'Unknown severity "urgent". Use one or more of: high, medium, low.'],
    ['status=closed', 'Unknown status "closed". Use one or more of: open, resolved.'],
    ['project=abc', 'project must be a project id (a whole number), as in /api/projects.'],
    ['project=-3', 'project must be a project id (a whole number), as in /api/projects.'],
    ['since=2026-02-30', 'since must be a date, e.g. 2025-01-01.'],
    ['page=0', 'page must be a whole number from 1.'],
    ['per_page=10001', 'per_page must be a whole number from 1 to 10000.'],
  ])('findings: %s is a 400 that says what to send', (query, message) => {
    const r = parseQuery(findingFilterSchema, q(query));
    expect(r).toEqual({ ok: false, message });
  });

  it('by default lists open findings and those that ended within a year', () => {
    const f = (key: string, status: 'open' | 'resolved', resolvedOn?: string, severity: 'high' | 'low' = 'low') =>
      ({
        project: { id: 1, slug: 's', name: 'S' },
        finding: { key, rule: 'routine-gap', status, resolvedOn, from: '2020-01-01', severity },
      }) as unknown as TownFinding;
    const all = [f('a', 'open'), f('b', 'resolved', '2025-06-01'), f('c', 'resolved', '2024-06-01', 'high')];
    expect(filterFindings(all, {}, '2026-01-01').map((x) => x.finding.key)).toEqual(['a', 'b']);
    expect(filterFindings(all, { since: '2020-01-01' }, '2026-01-01').map((x) => x.finding.key)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(
      filterFindings(all, { since: '2020-01-01', severities: ['high'] }, '2026-01-01').map((x) => x.finding.key),
    ).toEqual(['c']);
    expect(filterFindings(all, { statuses: ['resolved'] }, '2026-01-01').map((x) => x.finding.key)).toEqual(['b']);
  });
});

describe('structured data and ids', () => {
  it('JSON-LD text cannot close its script element, and parses back to the same value', () => {
    const value = { name: 'Lot 3 </script><script>alert(1)</script> & <!-- x -->', line: 'a\u2028b' };
    const text = jsonLdText(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('a finding’s event id is stable, a safe integer, and differs between projects', () => {
    const a = findingEntityId(12, 'routine-gap:2026-05-04');
    expect(findingEntityId(12, 'routine-gap:2026-05-04')).toBe(a);
    expect(Number.isSafeInteger(a) && a > 0).toBe(true);
    expect(findingEntityId(13, 'routine-gap:2026-05-04')).not.toBe(a);
  });
});
