/**
 * A site's compliance history month by month (`compliance/history.rules.ts`): what each month shows, the
 * edges of the range, and the state of each month's summary (Subsection L(5), due day from the settings).
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COMPLIANCE_SETTINGS,
  type Finding,
  type ProjectComplianceData,
} from '#lib/server/compliance/compliance.rules.ts';
import { complianceHistory, type HistoryFacts } from '#lib/server/compliance/history.rules.ts';

const project: ProjectComplianceData['project'] = {
  id: 1,
  slug: 's',
  name: 'S',
  status: 'active',
  actualStartOn: '2026-03-16',
  finalStabilizationOn: null,
  notFiledOn: null,
  maxDisturbedAtOnceAcres: 3,
  decFiveAcreApproval: false,
  decFiveAcreApprovalOn: null,
  winterShutdownFrom: null,
  winterShutdownTo: null,
  drainsToImpairedWaters: false,
};
const ins = (iso: string, id: number) => ({
  id,
  inspectedAt: new Date(iso),
  type: 'routine' as const,
  disturbedAcresActive: 1,
  disturbedAcresInactive: 0,
  snowCover: false,
  practices: [],
  inactiveAreas: [],
});
const finding = (key: string, from: string, over: Partial<Finding> = {}): Finding => ({
  rule: 'routine-gap',
  key,
  severity: 'medium',
  status: 'resolved',
  section: '',
  source: 'ordinance',
  title: key,
  text: '',
  from,
  ...over,
});

function history(
  over: Omit<Partial<HistoryFacts>, 'data'> & { data?: Partial<ProjectComplianceData>; now?: string } = {},
) {
  const { data, now = '2026-06-20T16:00:00Z', ...rest } = over;
  const facts: HistoryFacts = {
    data: { project, inspections: [], summaries: [], corrective: [], ...data },
    findings: [],
    ctx: { now: new Date(now), settings: DEFAULT_COMPLIANCE_SETTINGS },
    townInspectionDays: [],
    enforcementDays: [],
    ...rest,
  };
  const years = complianceHistory(facts);
  return { years, month: (m: string) => years.flatMap((y) => y.months).find((x) => x.month === m)! };
}

describe('the month-by-month record', () => {
  it('says how each month’s summary stands', () => {
    const { month } = history({
      data: {
        summaries: [
          { month: '2026-03', version: 1, submittedAt: new Date('2026-04-10T20:00:00Z') }, // the 10th: on time
          { month: '2026-04', version: 2, submittedAt: new Date('2026-05-11T14:00:00Z') }, // the 11th: late
          { month: '2026-04', version: 1, submittedAt: null }, // a draft never sent counts for nothing
          { month: '2026-02', version: 1, submittedAt: new Date('2026-03-05T14:00:00Z') }, // filed, not owed
        ],
      },
    });
    expect(month('2026-02')).toMatchObject({ summary: 'on_time', summaryFiledOn: '2026-03-05', inRange: true });
    expect(month('2026-03')).toMatchObject({ summary: 'on_time', summaryFiledOn: '2026-04-10' });
    expect(month('2026-04')).toMatchObject({ summary: 'late', summaryFiledOn: '2026-05-11' });
    // May's was due June 10 and not filed; June's is not due yet; January had none owed.
    expect(month('2026-05')).toMatchObject({ summary: 'missing', summaryFiledOn: undefined });
    expect(month('2026-06').summary).toBe('not_due_yet');
    expect(month('2026-01')).toMatchObject({ summary: 'not_required', inRange: false });
  });

  it('on the due day itself a missing summary is not yet missing; the day after it is', () => {
    expect(history({ now: '2026-06-10T20:00:00Z' }).month('2026-05').summary).toBe('not_due_yet');
    expect(history({ now: '2026-06-11T14:00:00Z' }).month('2026-05').summary).toBe('missing');
  });

  it('the due day comes from the settings and moves off closed days', () => {
    const later = {
      now: new Date('2026-06-12T14:00:00Z'),
      settings: { ...DEFAULT_COMPLIANCE_SETTINGS, summaryDueDay: 15 },
    };
    expect(history({ ctx: later }).month('2026-05').summary).toBe('not_due_yet');
    const moved = {
      now: new Date('2026-06-11T14:00:00Z'),
      settings: DEFAULT_COMPLIANCE_SETTINGS,
      onOrAfterBusinessDay: (d: string) => (d === '2026-06-10' ? '2026-06-11' : d),
    };
    expect(history({ ctx: moved }).month('2026-05').summary).toBe('not_due_yet');
  });

  it('leaves out inspections after now, and findings that begin after today or ended before the month', () => {
    const { month } = history({
      data: { inspections: [ins('2026-06-19T15:00:00Z', 1), ins('2026-06-25T15:00:00Z', 2)] },
      findings: [
        finding('open-since-april', '2026-04-02', { status: 'open', severity: 'high' }),
        finding('ended-in-may', '2026-04-20', { resolvedOn: '2026-05-01' }),
        finding('ended-april-30', '2026-04-20', { resolvedOn: '2026-04-30' }),
        finding('future', '2026-06-25', { status: 'open' }),
        finding('no-end', '2026-05-31'),
      ],
    });
    expect(month('2026-06').inspectionReports).toBe(1);
    expect(month('2026-03')).toMatchObject({ openFindings: 0, seriousFindings: 0 });
    expect(month('2026-04')).toMatchObject({ openFindings: 3, seriousFindings: 1 });
    expect(month('2026-05')).toMatchObject({ openFindings: 3, seriousFindings: 1 });
    expect(month('2026-06')).toMatchObject({ openFindings: 1, seriousFindings: 1 });
  });

  it('starts with the earliest fact: a filing, a town inspection or an enforcement action before the start', () => {
    expect(history({ townInspectionDays: ['2025-11-04'] }).years.map((y) => y.year)).toEqual(['2025', '2026']);
    expect(history({ enforcementDays: ['2026-01-15'] }).month('2026-01')).toMatchObject({
      inRange: true,
      enforcementActions: 1,
      summary: 'not_required',
    });
    expect(
      history({
        data: {
          project: { ...project, actualStartOn: null },
          summaries: [{ month: '2026-02', version: 1, submittedAt: new Date('2026-03-02T15:00:00Z') }],
        },
      }).month('2026-01').inRange,
    ).toBe(false);
    // A start in the future shows nothing yet.
    expect(history({ data: { project: { ...project, actualStartOn: '2026-07-01' } } }).years).toEqual([]);
  });

  it('keeps the number of years asked for, the latest last', () => {
    const old = { ...project, actualStartOn: '2019-05-01' };
    expect(history({ data: { project: old }, years: 2 }).years.map((y) => y.year)).toEqual(['2025', '2026']);
    expect(history({ data: { project: old } }).years.map((y) => y.year)).toEqual([
      '2022',
      '2023',
      '2024',
      '2025',
      '2026',
    ]);
    const { years } = history();
    expect(years).toHaveLength(1);
    expect(years[0].months.map((m) => m.month)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    expect(years[0].months.filter((m) => m.inRange).map((m) => m.month)).toEqual([
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
  });

  it('counts town inspections and enforcement per month, and nothing in months with none', () => {
    const { month } = history({
      townInspectionDays: ['2026-04-02', '2026-04-30', '2026-05-01'],
      enforcementDays: ['2026-05-20'],
    });
    expect([
      month('2026-04').townInspections,
      month('2026-05').townInspections,
      month('2026-06').townInspections,
    ]).toEqual([2, 1, 0]);
    expect([month('2026-04').enforcementActions, month('2026-05').enforcementActions]).toEqual([0, 1]);
    expect(month('2026-04').inspectionReports).toBe(0);
  });
});
