/**
 * The compliance rules engine, rule by rule, with the edges the law turns on: exactly seven days, 23h59
 * versus 24h01 after a storm, month boundaries, and daylight-saving changes (America/New_York).
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COMPLIANCE_SETTINGS,
  compareFindings,
  correctiveDueLimit,
  evaluateCompliance,
  recentFindings,
  type Finding,
  nextInspectionDue,
  summaryDueOn,
  tallyMonth,
  type ComplianceInspection,
  type ComplianceProject,
  type ComplianceSettings,
  type ComplianceStorm,
  type ProjectComplianceData,
} from '#lib/server/compliance/compliance.rules.ts';
import { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { addDays } from '#lib/shared/days.ts';
import { formatAcres } from '#lib/shared/format.ts';
import { allSummaries, at, ctx, data, findings, inspection, on, project } from '../support/compliance-builders.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';

// ---------------------------------------------------------------------------------------------
// Builders

// ---------------------------------------------------------------------------------------------

describe('local calendar days', () => {
  it.each([
    ['late evening in winter (EST, UTC-5)', '2026-01-15T04:30:00Z', '2026-01-14'],
    ['just after local midnight in winter', '2026-01-15T05:00:00Z', '2026-01-15'],
    ['late evening in summer (EDT, UTC-4)', '2026-07-15T03:59:00Z', '2026-07-14'],
    ['just after local midnight in summer', '2026-07-15T04:00:00Z', '2026-07-15'],
    ['the hour clocks fall back (1:30 happens twice)', '2026-11-01T06:30:00Z', '2026-11-01'],
  ])('%s', (_name, iso, day) => {
    expect(townToday(new Date(iso))).toBe(day);
  });
});

describe('rule: an inspection at least every 7 calendar days (Subsection L(3))', () => {
  const now = at('2026-04-20', '12:00');
  const summaries = allSummaries('2026-03', '2026-03');

  it.each([
    ['exactly 7 days apart is on time', ['2026-03-02', '2026-03-09'], 0],
    ['8 days apart is one gap', ['2026-03-02', '2026-03-10'], 1],
    ['6 then 8 days apart', ['2026-03-02', '2026-03-08', '2026-03-16'], 1],
    ['two separate gaps', ['2026-03-02', '2026-03-11', '2026-03-18', '2026-03-27'], 2],
  ])('%s', (_name, dates, gaps) => {
    const d = data({ inspections: on(...dates), summaries });
    expect(findings(d, ctx(at(dates[dates.length - 1], '12:00')), 'routine-gap')).toHaveLength(gaps);
  });

  it('dates an 8-day gap: due on day 7, ended by the next inspection', () => {
    const d = data({
      inspections: on('2026-03-02', '2026-03-10', '2026-03-17', '2026-03-24', '2026-03-31', '2026-04-07', '2026-04-14'),
      summaries,
    });
    const [gap] = findings(d, ctx(now), 'routine-gap');
    expect(gap).toMatchObject({
      status: 'resolved',
      severity: 'medium',
      dueOn: '2026-03-09',
      from: '2026-03-10',
      resolvedOn: '2026-03-10',
    });
    expect(gap.section).toMatch(/Subsection L\(3\)/);
    expect(gap.text).toBe(
      'No inspection for 8 days after the inspection of March 2, 2026: the next was on March 10, 2026. The law requires one at least every 7 days, so it was due by March 9, 2026.',
    );
  });

  it('the clock starts with construction: the first inspection is due 7 days after the start', () => {
    const d = data({ inspections: on('2026-03-10', '2026-03-17'), summaries });
    const [gap] = findings(d, ctx(at('2026-03-18')), 'routine-gap');
    expect(gap).toMatchObject({ dueOn: '2026-03-09', resolvedOn: '2026-03-10' });
    expect(gap.text).toMatch(/after construction started on March 2, 2026/);
  });

  it.each([
    ['on day 7 the next inspection is due today, not late', '2026-03-16', 0, '2026-03-16'],
    ['on day 8 it is late and the finding is open', '2026-03-17', 1, undefined],
  ])('%s', (_name, today, open, dueOn) => {
    const d = data({ inspections: on('2026-03-02', '2026-03-09'), summaries });
    const result = evaluateCompliance(d, ctx(at(today, '23:00')));
    expect(result.findings.filter((f) => f.rule === 'routine-gap' && f.status === 'open')).toHaveLength(open);
    expect(result.due.find((o) => o.kind === 'inspection')?.dueOn).toBe(dueOn);
  });

  it.each([
    // Late-evening inspections fall on the next UTC day; days are counted in town time.
    ['across the spring-forward change (167 hours elapsed)', '2026-03-07', '2026-03-14'],
    ['across the fall-back change (169 hours elapsed)', '2026-10-31', '2026-11-07'],
  ])('seven calendar days in town time are on time %s', (_name, a, b) => {
    const d = data({ p: { actualStartOn: a }, inspections: [inspection(a, '23:30'), inspection(b, '23:30')] });
    expect(findings(d, ctx(at(b, '23:45')), 'routine-gap')).toEqual([]);
  });

  it('late evening to just after midnight eight calendar days later is a gap, though barely 7 days elapsed', () => {
    const d = data({
      p: { actualStartOn: '2026-03-07' },
      inspections: [inspection('2026-03-07', '23:30'), inspection('2026-03-15', '00:15')],
    });
    expect(findings(d, ctx(at('2026-03-15', '01:00')), 'routine-gap')).toMatchObject([
      { dueOn: '2026-03-14', resolvedOn: '2026-03-15' },
    ]);
  });

  it.each([
    // The state permit's 30-day winter allowance does not relax the Town's rule (decision 0020).
    ['29 days without an inspection in a winter shutdown is a gap', '2026-12-16', '2027-01-14', 1],
    ['8 days in a winter shutdown is a gap', '2026-12-16', '2026-12-24', 1],
    ['7 days in a winter shutdown is on time', '2026-12-16', '2026-12-23', 0],
    ['12 days across the end of the shutdown is a gap', '2027-03-10', '2027-03-22', 1],
  ])(
    'a winter shutdown does not relax the ordinance’s 7-day rule (L(3) has no winter exception): %s',
    (_name, a, b, gaps) => {
      const d = data({
        p: { actualStartOn: '2026-12-01', winterShutdownFrom: '2026-12-15', winterShutdownTo: '2027-03-15' },
        inspections: on('2026-12-01', '2026-12-08', '2026-12-15', a, b),
      });
      const found = findings(d, ctx(at(b, '12:00')), 'routine-gap').filter((f) => f.from > a);
      expect(found).toHaveLength(gaps);
      if (gaps) {
        expect(found[0].text).toMatch(/at least every 7 days, during a winter shutdown too/);
        expect(found[0].text).not.toMatch(/30 days/);
        expect(found[0]).toMatchObject({ source: 'ordinance', dueOn: addDays(a, 7) });
      }
    },
  );

  it('the next inspection is due 7 days on in a winter shutdown too, and the due list says why', () => {
    const p = project({ winterShutdownFrom: '2026-12-15', winterShutdownTo: '2027-03-15' });
    expect(nextInspectionDue('2026-12-10', p, DEFAULT_COMPLIANCE_SETTINGS)).toEqual({
      dueOn: '2026-12-17',
      winter: true,
    });
    expect(nextInspectionDue('2026-12-01', p, DEFAULT_COMPLIANCE_SETTINGS)).toEqual({
      dueOn: '2026-12-08',
      winter: false,
    });
    expect(nextInspectionDue('2027-03-15', p, DEFAULT_COMPLIANCE_SETTINGS)).toEqual({
      dueOn: '2027-03-22',
      winter: true,
    });
    expect(nextInspectionDue('2027-03-16', p, DEFAULT_COMPLIANCE_SETTINGS)).toEqual({
      dueOn: '2027-03-23',
      winter: false,
    });
    const r = evaluateCompliance(
      data({
        p: { actualStartOn: '2026-12-01', winterShutdownFrom: '2026-12-15', winterShutdownTo: '2027-03-15' },
        inspections: on('2026-12-01', '2026-12-08', '2026-12-15'),
        summaries: allSummaries('2026-12', '2026-12'),
      }),
      ctx(at('2026-12-16')),
    );
    expect(r.due.find((o) => o.kind === 'inspection')?.text).toBe(
      "Next inspection by December 22, 2026 (the Town's law requires one every 7 days during a winter shutdown too); the last was on December 15, 2026.",
    );
  });

  it('a missed inspection just before final stabilization is a gap ending on that day', () => {
    const d = data({
      p: { status: 'final_stabilization', finalStabilizationOn: '2026-03-20' },
      inspections: on('2026-03-02', '2026-03-09'),
      summaries: allSummaries('2026-03', '2026-03'),
    });
    expect(findings(d, ctx(at('2026-06-01')), 'routine-gap')).toMatchObject([
      { status: 'resolved', dueOn: '2026-03-16', resolvedOn: '2026-03-20' },
    ]);
    const onTime = data({
      p: { status: 'final_stabilization', finalStabilizationOn: '2026-03-16' },
      inspections: on('2026-03-02', '2026-03-09'),
      summaries: allSummaries('2026-03', '2026-03'),
    });
    expect(findings(onTime, ctx(at('2026-06-01')), 'routine-gap')).toEqual([]);
  });

  it('stops at final stabilization and before construction starts', () => {
    const done = data({
      p: { status: 'final_stabilization', finalStabilizationOn: '2026-03-20' },
      inspections: on('2026-03-02', '2026-03-09', '2026-03-16', '2026-03-20'),
      summaries: allSummaries('2026-03', '2026-03'),
    });
    expect(findings(done, ctx(at('2026-06-01')))).toEqual([]);
    const notStarted = data({ p: { status: 'approved', actualStartOn: null } });
    expect(evaluateCompliance(notStarted, ctx(at('2026-06-01')))).toMatchObject({
      findings: [],
      due: [],
      underConstruction: false,
    });
  });
});

describe('rule: inspection within 24 hours after a storm of 0.5 in. or more (Subsection L(3))', () => {
  const storm = (endedAt: Date, inches = 0.8, id = 7): ComplianceStorm => ({ id, endedAt, inches });
  const ended = at('2026-05-12', '14:00');
  const plus = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);
  const base = (extra: ComplianceInspection[]) =>
    data({
      inspections: [...on('2026-05-05', '2026-05-11'), ...extra, ...on('2026-05-18')],
      summaries: allSummaries('2026-03', '2026-04'),
    });

  it.each([
    ['23 h 59 min after the end: on time', 23 * 60 + 59, 0],
    ['exactly 24 h after: on time', 24 * 60, 0],
    ['24 h 01 min after: missed', 24 * 60 + 1, 1],
    ['before the storm ended does not count', -30, 1],
  ])('%s', (_name, minutes, missed) => {
    const d = base([{ ...inspection('2026-05-13'), inspectedAt: plus(ended, minutes), type: 'post_storm' }]);
    expect(findings(d, ctx(at('2026-05-19'), { storms: [storm(ended)] }), 'post-storm')).toHaveLength(missed);
  });

  it('dates a missed post-storm inspection to the minute and names the next visit', () => {
    const d = base([]);
    const [f] = findings(d, ctx(at('2026-05-19'), { storms: [storm(ended)] }), 'post-storm');
    expect(f).toMatchObject({
      severity: 'high',
      status: 'resolved',
      from: '2026-05-12',
      dueOn: '2026-05-13',
      resolvedOn: '2026-05-18',
    });
    expect(f.dueAt?.toISOString()).toBe('2026-05-13T18:00:00.000Z');
    expect(f.text).toBe(
      'No inspection within 24 hours after the 0.80 in. storm that ended May 12, 2026, 2:00 PM: one was due by May 13, 2026, 2:00 PM. The site was next inspected on May 18, 2026, 10:00 AM.',
    );
  });

  it.each([
    ['0.49 in. needs no inspection', 0.49, 0],
    ['0.50 in. does', 0.5, 1],
  ])('threshold: %s', (_name, inches, n) => {
    expect(findings(base([]), ctx(at('2026-05-19'), { storms: [storm(ended, inches)] }), 'post-storm')).toHaveLength(n);
  });

  it('within the 24 hours it is owed, not late; after them with no visit since, it is open', () => {
    const d = data({ inspections: on('2026-05-05', '2026-05-11'), summaries: allSummaries('2026-03', '2026-04') });
    const during = evaluateCompliance(d, ctx(plus(ended, 600), { storms: [storm(ended)] }));
    expect(during.findings.filter((f) => f.rule === 'post-storm')).toEqual([]);
    expect(during.due[0]).toMatchObject({ kind: 'post-storm', dueOn: '2026-05-13' });
    expect(during.due[0].dueAt?.getTime()).toBe(ended.getTime() + 24 * 3_600_000);
    const after = findings(d, ctx(plus(ended, 24 * 60 + 1), { storms: [storm(ended)] }), 'post-storm');
    expect(after).toMatchObject([{ status: 'open' }]);
  });

  it.each([
    // 00:30 EDT on Nov 1, 2026; clocks fall back at 02:00, so the wall clock shows one hour less than elapsed.
    ['23:15 EST is 23 h 45 min later: on time', '23:15', 0],
    ['23:45 EST is 24 h 15 min later: missed, although the clock says 23 h 15 min', '23:45', 1],
  ])('counts elapsed hours across the fall-back change: %s', (_name, time, missed) => {
    const endedDst = new Date('2026-11-01T04:30:00Z');
    const d = data({
      p: { actualStartOn: '2026-10-26' },
      inspections: [...on('2026-10-26'), inspection('2026-11-01', time), ...on('2026-11-02')],
    });
    expect(findings(d, ctx(at('2026-11-03'), { storms: [storm(endedDst)] }), 'post-storm')).toHaveLength(missed);
  });

  it('ignores storms before construction started and on the day of final stabilization', () => {
    // No inspection within 24 hours of either storm: only the dates keep them out.
    const d = data({
      p: { actualStartOn: '2026-05-13', finalStabilizationOn: '2026-05-20', status: 'final_stabilization' },
      inspections: on('2026-05-15', '2026-05-20'),
    });
    const storms = [storm(at('2026-05-12', '08:00'), 1.2, 1), storm(at('2026-05-20', '08:00'), 1.2, 2)];
    expect(findings(d, ctx(at('2026-06-30'), { storms }), 'post-storm')).toEqual([]);
    // The same storms a day inside the construction period are findings.
    const inside = [storm(at('2026-05-13', '08:00'), 1.2, 1), storm(at('2026-05-19', '08:00'), 1.2, 2)];
    expect(
      findings(d, ctx(at('2026-06-30'), { storms: inside }), 'post-storm')
        .map((f) => f.key)
        .sort(),
    ).toEqual(['post-storm:1', 'post-storm:2']);
  });

  it('takes storms and inspections in any order', () => {
    const ins = [
      ...on('2026-05-18'),
      { ...inspection('2026-05-13'), inspectedAt: at('2026-05-13', '09:00'), type: 'post_storm' as const },
      ...on('2026-05-11', '2026-05-05'),
    ];
    const storms = [storm(at('2026-05-16', '14:00'), 0.9, 9), storm(ended)];
    const [f, ...rest] = findings(
      data({ inspections: ins, summaries: allSummaries('2026-03', '2026-04') }),
      ctx(at('2026-05-19'), { storms }),
      'post-storm',
    );
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ key: 'post-storm:9', resolvedOn: '2026-05-18' });
    expect(f.text).toMatch(/next inspected on May 18, 2026/);
  });
});

describe('rule: twice every 7 days when more than 5 acres are disturbed or the site drains to impaired waters', () => {
  const start = '2026-06-01'; // a Monday
  const summaries = allSummaries('2026-06', '2026-06');
  const now = at('2026-06-15', '08:00');
  const twice = (
    dates: string[],
    p: Partial<ComplianceProject> = { maxDisturbedAtOnceAcres: 7.5 },
    settings?: Partial<ComplianceSettings>,
  ) =>
    findings(
      data({ p: { actualStartOn: start, ...p }, inspections: on(...dates), summaries }),
      ctx(now, { settings }),
      'twice-weekly',
    );

  it.each([
    ['Monday and Thursday every week', ['2026-06-01', '2026-06-04', '2026-06-08', '2026-06-11'], 0],
    // GP-0-25-001: "separated by a minimum of two full calendar days" (decision 0022): not Monday and Wednesday.
    [
      'Monday and Wednesday (one full day between) is not enough',
      ['2026-06-01', '2026-06-03', '2026-06-08', '2026-06-11'],
      1,
    ],
    [
      'Tuesday and Friday (two full days between) is enough',
      ['2026-06-01', '2026-06-04', '2026-06-09', '2026-06-12'],
      0,
    ],
    ['Monday and Tuesday (1 day apart) is not', ['2026-06-01', '2026-06-02', '2026-06-08', '2026-06-11'], 1],
    ['one inspection in a week', ['2026-06-01', '2026-06-08', '2026-06-11'], 1],
  ])('%s', (_name, dates, n) => {
    expect(twice(dates)).toHaveLength(n);
  });

  it('merges consecutive short weeks into one finding and keeps it open while it goes on', () => {
    const [f, ...rest] = twice(['2026-06-01', '2026-06-08']);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({
      status: 'open',
      from: '2026-06-01',
      title: 'Fewer than two inspections a week for 2 weeks',
    });
    expect(f.text).toMatch(/because the plan allows 7\.5 acres disturbed at once/);
  });

  it.each([
    ['5 acres planned: weekly is enough', { maxDisturbedAtOnceAcres: 5 }, undefined, 0],
    ['impaired receiving water', { drainsToImpairedWaters: true }, undefined, 1],
    [
      'impaired water, with the rule switched off in settings',
      { drainsToImpairedWaters: true },
      { twiceWeeklyImpaired: false },
      0,
    ],
    ['a higher acre threshold in settings', { maxDisturbedAtOnceAcres: 7.5 }, { twiceWeeklyOverAcres: 10 }, 0],
  ])('applies by settings: %s', (_name, p, settings, n) => {
    expect(
      twice(['2026-06-01', '2026-06-08', '2026-06-11'], { maxDisturbedAtOnceAcres: 3, ...p }, settings),
    ).toHaveLength(n);
  });

  it('applies when an inspection recorded more than 5 acres open, even if the plan said less', () => {
    const ins = [
      inspection('2026-06-01'),
      inspection('2026-06-08', '10:00', { disturbedAcresActive: 5.5, disturbedAcresInactive: 0.3 }),
      inspection('2026-06-15', '07:00'),
    ];
    const f = findings(data({ p: { actualStartOn: start }, inspections: ins, summaries }), ctx(now), 'twice-weekly');
    expect(f).toHaveLength(1);
    expect(f[0].text).toMatch(/recorded 5\.8 acres disturbed/);
  });

  it('does not apply during a winter shutdown, and says what is owed this week', () => {
    expect(
      twice(['2026-06-01', '2026-06-08'], {
        maxDisturbedAtOnceAcres: 7.5,
        winterShutdownFrom: '2026-06-01',
        winterShutdownTo: '2026-06-14',
      }),
    ).toEqual([]);
    const r = evaluateCompliance(
      data({
        p: { actualStartOn: start, maxDisturbedAtOnceAcres: 7.5 },
        inspections: on('2026-06-01', '2026-06-04', '2026-06-08', '2026-06-11', '2026-06-15'),
        summaries,
      }),
      ctx(at('2026-06-16')),
    );
    expect(r.due.find((o) => o.kind === 'twice-weekly')).toEqual({
      kind: 'twice-weekly',
      dueOn: '2026-06-21',
      duty: 'twice-weekly:2026-06-15',
      text: 'Second inspection this week: on or after June 18, 2026 and by June 21, 2026 (two a week, separated by at least 2 full calendar days, because the plan allows 7.5 acres disturbed at once (more than 5)).',
    });
  });

  it.each([
    [
      'no inspection yet: the first by Thursday leaves room for the second',
      [],
      '2026-06-15',
      '2026-06-18',
      /the first by June 18, 2026, the second 3 or more days after it and by June 21, 2026/,
    ],
    [
      'a first on Monday: the second on or after Thursday',
      ['2026-06-15'],
      '2026-06-16',
      '2026-06-21',
      /on or after June 18, 2026 and by June 21, 2026/,
    ],
    [
      'a first on Friday: two no longer fit in the week',
      ['2026-06-19'],
      '2026-06-19',
      '2026-06-21',
      /can no longer have two inspections separated by at least 2 full calendar days: the first was on June 19, 2026/,
    ],
  ])(
    'the operator’s “due next” says when the second inspection of the week is due: %s',
    (_name, week, today, dueOn, text) => {
      const r = evaluateCompliance(
        data({
          p: { actualStartOn: start, maxDisturbedAtOnceAcres: 7.5 },
          inspections: on('2026-06-01', '2026-06-04', '2026-06-08', '2026-06-11', ...week),
          summaries,
        }),
        ctx(at(today, '20:00')),
      );
      const due = r.due.find((o) => o.kind === 'twice-weekly');
      expect(due?.dueOn).toBe(dueOn);
      expect(due?.text).toMatch(text);
    },
  );
});

describe('rule: monthly summary due by the 10th of the following month (Subsection L(5))', () => {
  const p = { actualStartOn: '2026-01-31' };
  const ins = on('2026-01-31', '2026-02-06', '2026-02-13', '2026-02-20', '2026-02-27', '2026-03-06', '2026-03-13');
  const summaryCtx = (now: Date, settings?: Partial<ComplianceSettings>) => ctx(now, { settings });

  it.each([
    ['filed on the 10th at 23:59 is on time', '2026-02-10', '23:59', 0],
    ['filed on the 11th at 00:01 is late', '2026-02-11', '00:01', 1],
  ])('%s', (_name, date, time, late) => {
    const d = data({
      p,
      inspections: ins,
      summaries: [
        { month: '2026-01', version: 1, submittedAt: at(date, time) },
        { month: '2026-02', version: 1, submittedAt: at('2026-03-02') },
      ],
    });
    const f = findings(d, summaryCtx(at('2026-03-14')), 'summary-late');
    expect(f).toHaveLength(late);
    if (late)
      expect(f[0]).toMatchObject({
        status: 'resolved',
        severity: 'low',
        dueOn: '2026-02-10',
        resolvedOn: '2026-02-11',
        text: 'The monthly summary for January 2026 was filed with the Town on February 11, 2026, 1 day after the date the Town set for its copy (February 10, 2026). The ordinance (Subsection L(5)) requires the operator to post a summary of the site inspection activities at the site, in a publicly accessible location, every month; the filing date is the Town’s own.',
      });
  });

  it('a month in which work began only on its last day still needs a summary', () => {
    const d = data({ p, inspections: ins });
    const r = evaluateCompliance(d, summaryCtx(at('2026-02-11', '08:00')));
    expect(r.findings.filter((f) => f.rule === 'summary-missing')).toMatchObject([
      {
        status: 'open',
        dueOn: '2026-02-10',
        text: 'The monthly summary for January 2026 has not been filed with the Town, which set February 10, 2026 as the date for its copy. The ordinance (Subsection L(5)) requires the operator to post a summary of the site inspection activities at the site, in a publicly accessible location, every month; the filing date is the Town’s own.',
      },
    ]);
    expect(r.due.find((o) => o.kind === 'monthly-summary')).toMatchObject({
      dueOn: '2026-03-10',
      text: 'Monthly summary for February 2026, due by March 10, 2026.',
    });
    // On the 10th itself it is due, not late.
    expect(findings(d, summaryCtx(at('2026-02-10', '23:00')), 'summary-missing')).toEqual([]);
  });

  it.each([
    ['December is due in January of the next year', '2026-12', undefined, '2027-01-10'],
    ['February 2028 (a leap year) is due March 10', '2028-02', undefined, '2028-03-10'],
    ['a town that sets the 15th', '2026-05', 15, '2026-06-15'],
    ['a due day past the month’s end is its last day', '2026-01', 31, '2026-02-28'],
  ])('due dates: %s', (_name, month, day, due) => {
    expect(
      summaryDueOn(month, { settings: { ...DEFAULT_COMPLIANCE_SETTINGS, ...(day ? { summaryDueDay: day } : {}) } }),
    ).toBe(due);
  });

  it('cites L(5) for “monthly” and the Town’s setting for the date, not the ordinance', () => {
    const d = data({ p, inspections: ins });
    const [f] = findings(d, summaryCtx(at('2026-02-20'), { summaryDueDay: 15 }), 'summary-missing');
    expect(f.source).toBe('ordinance-and-town-setting');
    expect(f.section).toBe(
      "Subsection L(5): the operator posts a summary of the site inspection activities at the site, in a publicly accessible location, every month; a copy filed with the Town by day 15 of the following month is the Town's setting, not a date in the ordinance",
    );
    expect(f.text).toMatch(/which set February 15, 2026 as the date for its copy/);
  });

  it('moves a due date off a weekend or holiday when the town calendar is given (GCL §25-a)', () => {
    const cal = new BusinessCalendar();
    // October 10, 2026 is a Saturday; Monday the 12th is Columbus Day.
    expect(
      summaryDueOn('2026-09', { settings: DEFAULT_COMPLIANCE_SETTINGS, onOrAfterBusinessDay: (d) => cal.onOrAfter(d) }),
    ).toBe('2026-10-13');
    expect(summaryDueOn('2026-09', { settings: DEFAULT_COMPLIANCE_SETTINGS })).toBe('2026-10-10');
  });

  it('a filing late at night in summer time counts on its local day', () => {
    // 23:30 EDT on April 10 is 03:30 UTC on April 11.
    const d = data({
      p: { actualStartOn: '2026-03-02' },
      inspections: on('2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30', '2026-04-06'),
      summaries: [{ month: '2026-03', version: 1, submittedAt: at('2026-04-10', '23:30') }],
    });
    expect(findings(d, summaryCtx(at('2026-04-12')), 'summary-late')).toEqual([]);
  });

  it('a later correction does not make an on-time summary late', () => {
    const d = data({
      p,
      inspections: ins,
      summaries: [
        { month: '2026-01', version: 1, submittedAt: at('2026-02-09') },
        { month: '2026-01', version: 2, submittedAt: at('2026-02-25') },
      ],
    });
    expect(findings(d, summaryCtx(at('2026-03-01')), 'summary-late')).toEqual([]);
  });

  it('the month of final stabilization needs a summary; the months after do not', () => {
    const d = data({
      p: { actualStartOn: '2026-03-02', finalStabilizationOn: '2026-04-15', status: 'final_stabilization' },
      inspections: on(
        '2026-03-02',
        '2026-03-09',
        '2026-03-16',
        '2026-03-23',
        '2026-03-30',
        '2026-04-06',
        '2026-04-13',
        '2026-04-15',
      ),
      summaries: allSummaries('2026-03', '2026-03'),
    });
    expect(findings(d, summaryCtx(at('2026-07-01'))).map((f) => f.key)).toEqual(['summary-missing:2026-04']);
  });
});

describe('rule: no more than 5 acres disturbed at once without DEC written approval (Subsection J(6))', () => {
  const open = (date: string, active: number, inactive = 0) =>
    inspection(date, '10:00', { disturbedAcresActive: active, disturbedAcresInactive: inactive });
  const summaries = allSummaries('2026-03', '2026-03');

  it.each([
    ['exactly 5.0 acres is allowed', 4.5, 0.5, false, 0],
    ['5.1 acres without approval', 4.6, 0.5, false, 1],
    ['9.8 acres with approval', 9, 0.8, true, 0],
  ])('%s', (_name, active, inactive, approval, n) => {
    const d = data({
      p: { decFiveAcreApproval: approval },
      inspections: [open('2026-03-02', 2), open('2026-03-09', active, inactive), open('2026-03-16', 3)],
      summaries,
    });
    expect(findings(d, ctx(at('2026-03-17')), 'over-five-acres')).toHaveLength(n);
  });

  it('runs from the first inspection over the limit to the first one back under it', () => {
    const d = data({
      inspections: [open('2026-03-02', 4), open('2026-03-09', 6.5), open('2026-03-16', 7.2), open('2026-03-23', 4.9)],
      summaries,
    });
    expect(findings(d, ctx(at('2026-03-24')), 'over-five-acres')).toMatchObject([
      { status: 'resolved', severity: 'high', from: '2026-03-09', resolvedOn: '2026-03-23' },
    ]);
  });

  it('is open while the latest inspection is still over, and counts approval only from its date', () => {
    const d = data({
      p: { decFiveAcreApproval: true, decFiveAcreApprovalOn: '2026-03-20' },
      inspections: [open('2026-03-09', 6), open('2026-03-16', 6), open('2026-03-23', 6)],
      summaries,
    });
    expect(findings(d, ctx(at('2026-03-24')), 'over-five-acres')).toMatchObject([
      { from: '2026-03-09', resolvedOn: '2026-03-23', status: 'resolved' },
    ]);
    const still = data({ inspections: [open('2026-03-09', 6), open('2026-03-16', 6.3)], summaries });
    expect(findings(still, ctx(at('2026-03-17')), 'over-five-acres')).toMatchObject([{ status: 'open' }]);
  });

  it('flags a plan for more than 5 acres with no approval on file, even before the inspections show it', () => {
    const d = data({ p: { maxDisturbedAtOnceAcres: 7.5 }, inspections: on('2026-03-02', '2026-03-09'), summaries });
    expect(findings(d, ctx(at('2026-03-10')), 'over-five-acres-planned')).toMatchObject([
      { severity: 'low', status: 'open' },
    ]);
  });
});

describe('rule: stabilization begun within 14 days after work stops (Subsection J(7))', () => {
  const area = (over: Partial<ComplianceInspection['inactiveAreas'][number]> = {}) => ({
    area: 'East stockpile area',
    acres: 0.8,
    workStoppedOn: '2026-06-01',
    stabilizationBegunOn: null,
    resumesOn: null,
    ...over,
  });
  const with_ = (date: string, a: ReturnType<typeof area> | null, snowCover = false) =>
    inspection(date, '10:00', { inactiveAreas: a ? [a] : [], snowCover });
  const summaries = allSummaries('2026-03', '2026-05');
  const run = (ins: ComplianceInspection[], today: string) =>
    evaluateCompliance(data({ inspections: [...on('2026-05-26'), ...ins], summaries }), ctx(at(today)));

  it.each([
    ['on day 14 it is due, not late', [with_('2026-06-08', area()), with_('2026-06-15', area())], '2026-06-15', 0],
    ['on day 15 not begun: late', [with_('2026-06-09', area()), with_('2026-06-16', area())], '2026-06-16', 1],
    [
      'begun on day 13',
      [with_('2026-06-09', area()), with_('2026-06-16', area({ stabilizationBegunOn: '2026-06-14' }))],
      '2026-06-16',
      0,
    ],
    ['snow cover or frozen ground', [with_('2026-06-09', area()), with_('2026-06-16', area(), true)], '2026-06-16', 0],
    [
      'work resuming within 21 days',
      [with_('2026-06-09', area({ resumesOn: '2026-06-20' })), with_('2026-06-16', area({ resumesOn: '2026-06-20' }))],
      '2026-06-16',
      0,
    ],
    [
      'said to resume but still stopped after 21 days',
      [with_('2026-06-16', area({ resumesOn: '2026-06-20' })), with_('2026-06-23', area({ resumesOn: '2026-06-20' }))],
      '2026-06-23',
      1,
    ],
    [
      'resuming only after 21 days is no excuse',
      [with_('2026-06-09', area({ resumesOn: '2026-06-25' })), with_('2026-06-16', area({ resumesOn: '2026-06-25' }))],
      '2026-06-16',
      1,
    ],
  ])('%s', (_name, ins, today, n) => {
    expect(run(ins, today).findings.filter((f) => f.rule === 'stabilization')).toHaveLength(n);
  });

  it('dates it, keeps it open while reported not begun, resolves it when begun', () => {
    const open = run([with_('2026-06-09', area()), with_('2026-06-16', area())], '2026-06-16').findings.find(
      (f) => f.rule === 'stabilization',
    );
    expect(open).toMatchObject({ status: 'open', severity: 'high', dueOn: '2026-06-15', from: '2026-06-16' });
    expect(open?.text).toBe(
      'Work stopped on East stockpile area (0.8 acres) on June 1, 2026; stabilization had to begin by June 15, 2026, and the inspection of June 16, 2026 still found it not begun.',
    );
    const done = run(
      [with_('2026-06-16', area()), with_('2026-06-23', area({ stabilizationBegunOn: '2026-06-18' }))],
      '2026-06-23',
    ).findings.find((f) => f.rule === 'stabilization');
    expect(done).toMatchObject({ status: 'resolved', resolvedOn: '2026-06-18' });
  });

  it('shows the stabilization deadline as due while it is coming', () => {
    const r = run([with_('2026-06-08', area())], '2026-06-09');
    expect(r.due.find((o) => o.kind === 'stabilization')).toMatchObject({ dueOn: '2026-06-15' });
  });
});

describe('rule: sediment removed at 50% of capacity (Subsection J(16))', () => {
  const trap = (date: string, pct: number | null) =>
    inspection(date, '10:00', {
      practices: [{ practice: 'Sediment trap ST-2', practiceType: 'sediment_trap', sedimentAccumulationPct: pct }],
    });
  const summaries = allSummaries('2026-03', '2026-04');
  const run = (readings: Array<[string, number]>, today: string) =>
    evaluateCompliance(data({ inspections: readings.map(([d, p]) => trap(d, p)), summaries }), ctx(at(today)));

  it.each([
    [
      '49% is below cleanout',
      [
        ['2026-05-04', 49],
        ['2026-05-11', 49],
      ],
      0,
    ],
    [
      '50% then cleaned by the next inspection',
      [
        ['2026-05-04', 50],
        ['2026-05-11', 4],
      ],
      0,
    ],
    [
      '50% and still 55% at the next inspection',
      [
        ['2026-05-04', 50],
        ['2026-05-11', 55],
        ['2026-05-18', 3],
      ],
      1,
    ],
  ] as Array<[string, Array<[string, number]>, number]>)('%s', (_name, readings, n) => {
    expect(run(readings, '2026-05-19').findings.filter((f) => f.rule === 'sediment-cleanout')).toHaveLength(n);
  });

  it('is open while the latest reading is still at or above 50%, and due when first reached', () => {
    const open = run(
      [
        ['2026-05-04', 30],
        ['2026-05-11', 53],
        ['2026-05-18', 60],
      ],
      '2026-05-19',
    );
    expect(open.findings.find((f) => f.rule === 'sediment-cleanout')).toMatchObject({
      status: 'open',
      from: '2026-05-11',
      text: 'Sediment trap ST-2 was at 53% of its sediment storage on May 11, 2026 and still at 60% on May 18, 2026. Sediment must be removed when half the storage is used.',
    });
    const first = run(
      [
        ['2026-05-04', 30],
        ['2026-05-11', 53],
      ],
      '2026-05-12',
    );
    expect(first.findings.filter((f) => f.rule === 'sediment-cleanout')).toEqual([]);
    expect(first.due.find((o) => o.kind === 'sediment-cleanout')?.text).toMatch(
      /Clean out Sediment trap ST-2: it was at 53%/,
    );
  });
});

describe('rule: corrective actions done by their due date', () => {
  const ca = (over: Partial<ProjectComplianceData['corrective'][number]>) => ({
    id: 1,
    description: 'Re-trench 40 ft of silt fence',
    responsibleParty: 'Acme Sitework',
    openedOn: '2026-05-11',
    dueOn: '2026-05-12',
    closedOn: null,
    ...over,
  });
  const run = (c: ReturnType<typeof ca>, today: string) =>
    evaluateCompliance(
      data({ inspections: on('2026-05-11'), corrective: [c], summaries: allSummaries('2026-03', '2026-04') }),
      ctx(at(today)),
    );

  it.each([
    ['not done, due tomorrow: owed', ca({}), '2026-05-11', 0, 1],
    ['not done on its due date: still owed', ca({}), '2026-05-12', 0, 1],
    ['not done the day after: past due', ca({}), '2026-05-13', 1, 0],
    ['done on time', ca({ closedOn: '2026-05-12' }), '2026-05-14', 0, 0],
    ['done late', ca({ closedOn: '2026-05-14' }), '2026-05-15', 1, 0],
  ])('%s', (_name, c, today, nFindings, nDue) => {
    const r = run(c, today);
    expect(r.findings.filter((f) => f.rule === 'corrective-overdue')).toHaveLength(nFindings);
    expect(r.due.filter((o) => o.kind === 'corrective-action')).toHaveLength(nDue);
  });
});

describe('the month tally that pre-fills a monthly summary', () => {
  it('counts inspections done and required, storms, acres and corrective actions', () => {
    const ins = [
      inspection('2026-04-28'),
      inspection('2026-05-04', '09:00', { disturbedAcresActive: 3, disturbedAcresInactive: 0.4 }),
      inspection('2026-05-11'),
      { ...inspection('2026-05-13', '08:00'), type: 'post_storm' as const, stormEventId: 3 },
      inspection('2026-05-18'),
      inspection('2026-05-25'),
      inspection('2026-05-31', '16:00', {
        disturbedAcresActive: 2.2,
        disturbedAcresInactive: 0.3,
        tempStabilizedAcres: 1,
        finalStabilizedAcres: 0.6,
      }),
      inspection('2026-06-01'),
    ];
    const corrective = [
      {
        id: 1,
        description: 'a',
        responsibleParty: null,
        openedOn: '2026-04-28',
        dueOn: '2026-04-29',
        closedOn: '2026-05-04',
      },
      {
        id: 2,
        description: 'b',
        responsibleParty: null,
        openedOn: '2026-05-11',
        dueOn: '2026-05-12',
        closedOn: '2026-05-12',
      },
      { id: 3, description: 'c', responsibleParty: null, openedOn: '2026-05-31', dueOn: '2026-06-01', closedOn: null },
    ];
    const storms = [
      { id: 3, endedAt: at('2026-05-12', '20:00'), inches: 1.1 },
      { id: 4, endedAt: at('2026-05-20'), inches: 0.3 },
      { id: 5, endedAt: at('2026-06-01', '01:00'), inches: 0.9 },
    ];
    const t = tallyMonth(
      data({ p: { actualStartOn: '2026-04-27' }, inspections: ins, corrective }),
      '2026-05',
      ctx(at('2026-06-05'), { storms }),
      'Pat Inspector',
    );
    expect(t).toMatchObject({
      inspectionsDone: 6,
      inspectionsRequired: 4,
      stormEvents: 1,
      postStormInspections: 1,
      acresDisturbed: 2.5,
      acresStabilized: 1.6,
      correctiveOpened: 2,
      correctiveClosed: 2,
      correctiveOpen: 1,
    });
    expect(t.draftNarrative).toMatch(
      /^In May 2026 our qualified inspector, Pat Inspector, inspected the site 6 times, including 1 inspection after storms/,
    );
  });

  it('requires twice as many on a twice-weekly site, and weekly ones in a winter shutdown', () => {
    const twice = tallyMonth(
      data({ p: { actualStartOn: '2026-04-01', maxDisturbedAtOnceAcres: 8 } }),
      '2026-05',
      ctx(at('2026-06-05')),
    );
    expect(twice.inspectionsRequired).toBe(8);
    // The ordinance's weekly rule holds in a winter shutdown (4 in January); only the state permit's twice-weekly rule gives way.
    const winter = tallyMonth(
      data({ p: { actualStartOn: '2026-10-01', winterShutdownFrom: '2026-12-15', winterShutdownTo: '2027-03-15' } }),
      '2027-01',
      ctx(at('2027-02-05')),
    );
    expect(winter.inspectionsRequired).toBe(4);
    const twiceInWinter = tallyMonth(
      data({
        p: {
          actualStartOn: '2026-10-01',
          maxDisturbedAtOnceAcres: 8,
          winterShutdownFrom: '2026-12-15',
          winterShutdownTo: '2027-03-15',
        },
      }),
      '2026-12',
      ctx(at('2027-01-05')),
    );
    // December: 14 days twice a week (4), 17 days in the shutdown once a week (2).
    expect(twiceInWinter.inspectionsRequired).toBe(6);
  });
});

// ---------------------------------------------------------------------------------------------
// Findings that must say exactly what the law says

describe('J(7) exceptions: no finding when an exception applied', () => {
  const area = (over: Partial<ComplianceInspection['inactiveAreas'][number]> = {}) => ({
    area: 'North slope',
    acres: 1.2,
    workStoppedOn: '2026-06-01',
    stabilizationBegunOn: null,
    resumesOn: null,
    ...over,
  });
  const visit = (date: string, areas: ReturnType<typeof area>[], snowCover = false) =>
    inspection(date, '10:00', { inactiveAreas: areas, snowCover });
  const run = (ins: ComplianceInspection[], today: string) =>
    evaluateCompliance(
      data({ inspections: [...on('2026-05-26'), ...ins], summaries: allSummaries('2026-03', '2026-05') }),
      ctx(at(today)),
    ).findings.filter((f) => f.rule === 'stabilization');

  it.each([
    // Each of these was once published as "Stabilization not begun within 14 days" (decision 0019).
    [
      'work resumed within 21 days (the area left the reports by day 21), though no resume date was given',
      [visit('2026-06-08', [area()]), visit('2026-06-16', [area()]), visit('2026-06-20', [])],
      '2026-06-21',
      0,
    ],
    [
      'snow cover at the first inspection after day 14, the ground clear at the next: it may begin now',
      [visit('2026-06-09', [area()]), visit('2026-06-16', [area()], true), visit('2026-06-23', [area()])],
      '2026-06-23',
      0,
    ],
    [
      'snow at the last inspection before day 14 and at the first after it, begun once the ground cleared',
      [
        visit('2026-06-12', [area()], true),
        visit('2026-06-16', [area()], true),
        visit('2026-06-23', [area()]),
        visit('2026-06-30', [area({ stabilizationBegunOn: '2026-06-25' })]),
      ],
      '2026-06-30',
      0,
    ],
  ] as Array<[string, ComplianceInspection[], string, number]>)('%s', (_name, ins, today, n) => {
    expect(run(ins, today)).toHaveLength(n);
  });

  it.each([
    [
      'the area left the reports only after day 21',
      [visit('2026-06-16', [area()]), visit('2026-06-23', [])],
      '2026-06-24',
      1,
    ],
    [
      'snow, the ground clear, and still not begun at the next inspection: not as soon as practicable',
      [visit('2026-06-16', [area()], true), visit('2026-06-23', [area()]), visit('2026-06-30', [area()])],
      '2026-06-30',
      1,
    ],
    [
      'snow only long before day 14, the ground clear by then: the 14 days apply',
      [visit('2026-06-02', [area()], true), visit('2026-06-09', [area()]), visit('2026-06-16', [area()])],
      '2026-06-16',
      1,
    ],
  ] as Array<[string, ComplianceInspection[], string, number]>)(
    'but a finding when it did not: %s',
    (_name, ins, today, n) => {
      expect(run(ins, today)).toHaveLength(n);
    },
  );

  it('says why when snow or frozen ground moved the deadline', () => {
    const [f] = run(
      [visit('2026-06-16', [area()], true), visit('2026-06-23', [area()]), visit('2026-06-30', [area()])],
      '2026-06-30',
    );
    expect(f).toMatchObject({
      status: 'open',
      dueOn: '2026-06-23',
      from: '2026-06-24',
      source: 'ordinance',
      title: 'Stabilization not begun as soon as practicable after snow or frozen ground',
    });
    expect(f.text).toBe(
      'Work stopped on North slope (1.2 acres) on June 1, 2026. Snow cover or frozen ground kept stabilization from beginning by June 15, 2026, so it had to begin as soon as practicable; the inspection of June 23, 2026 found the ground clear, and the inspection of June 30, 2026 still found it not begun.',
    );
  });

  it('stabilization begun exactly on day 14 is on time; on day 15 it is late', () => {
    expect(run([visit('2026-06-16', [area({ stabilizationBegunOn: '2026-06-15' })])], '2026-06-16')).toEqual([]);
    expect(run([visit('2026-06-16', [area({ stabilizationBegunOn: '2026-06-16' })])], '2026-06-17')).toMatchObject([
      { status: 'resolved', resolvedOn: '2026-06-16', dueOn: '2026-06-15' },
    ]);
  });

  it('while snow still covers the ground, the stabilization is owed as soon as it allows', () => {
    const r = evaluateCompliance(
      data({
        inspections: [...on('2026-05-26'), visit('2026-06-16', [area()], true)],
        summaries: allSummaries('2026-03', '2026-05'),
      }),
      ctx(at('2026-06-17')),
    );
    expect(r.findings.filter((f) => f.rule === 'stabilization')).toEqual([]);
    expect(r.due.find((o) => o.kind === 'stabilization')?.text).toBe(
      'Begin stabilizing North slope (1.2 acres) as soon as snow cover or frozen ground allows: work there stopped on June 1, 2026, and the 14 days ran out on June 15, 2026.',
    );
  });
});

describe('J(16): the 50% clean-out applies to sediment traps and ponds only', () => {
  const reading = (date: string, practice: string, practiceType: string, pct: number) =>
    inspection(date, '10:00', { practices: [{ practice, practiceType, sedimentAccumulationPct: pct }] });
  const run = (type: string) =>
    evaluateCompliance(
      data({
        inspections: [reading('2026-05-04', 'Practice A', type, 60), reading('2026-05-11', 'Practice A', type, 70)],
        summaries: allSummaries('2026-03', '2026-04'),
      }),
      ctx(at('2026-05-12')),
    );

  it.each([
    ['sediment_trap', 1],
    ['sediment_basin', 1],
    // These were once findings too.
    ['silt_fence', 0],
    ['inlet_protection', 0],
    ['other', 0],
  ])('%s at 60% then 70%: %i findings', (type, n) => {
    const r = run(type);
    expect(r.findings.filter((f) => f.rule === 'sediment-cleanout')).toHaveLength(n);
    expect(r.due.filter((o) => o.kind === 'sediment-cleanout')).toHaveLength(0);
  });

  it('names traps and ponds in the section cited', () => {
    expect(run('sediment_trap').findings.find((f) => f.rule === 'sediment-cleanout')?.section).toMatch(
      /sediment trap or pond/,
    );
  });
});

describe('corrective actions: a due date is required and no later than the law allows', () => {
  const ca = (over: Partial<ProjectComplianceData['corrective'][number]>) => ({
    id: 4,
    description: 'Replace inlet protection at CB-3',
    responsibleParty: 'Acme Sitework',
    openedOn: '2026-05-15',
    dueOn: '2026-05-18',
    closedOn: null,
    ...over,
  });
  const run = (c: ReturnType<typeof ca>, today: string, calendar?: BusinessCalendar) =>
    evaluateCompliance(
      data({
        inspections: on('2026-05-11', '2026-05-15'),
        corrective: [c],
        summaries: allSummaries('2026-03', '2026-04'),
      }),
      ctx(at(today), calendar ? { onOrAfterBusinessDay: (d) => calendar.onOrAfter(d) } : {}),
    );

  it.each([
    ['Friday: the next business day is Monday', '2026-05-15', undefined, '2026-05-18'],
    ['Monday: Tuesday', '2026-05-18', undefined, '2026-05-19'],
    ['Friday before Memorial Day, with the town calendar: Tuesday', '2026-05-22', new BusinessCalendar(), '2026-05-26'],
  ])('the latest date the law allows, found on a %s', (_name, openedOn, calendar, limit) => {
    expect(correctiveDueLimit(openedOn, calendar ? { onOrAfterBusinessDay: (d) => calendar.onOrAfter(d) } : {})).toBe(
      limit,
    );
  });

  it('an item without a date is itself a finding, and is due by the law’s date', () => {
    // An item without a date was once skipped: no finding, never overdue (decision 0021).
    const r = run(ca({ dueOn: null }), '2026-05-20');
    expect(r.findings.filter((f) => f.rule === 'corrective-no-date')).toMatchObject([
      { status: 'open', severity: 'low', from: '2026-05-15', dueOn: '2026-05-18', source: 'state-permit' },
    ]);
    expect(r.findings.filter((f) => f.rule === 'corrective-overdue')).toMatchObject([
      { status: 'open', dueOn: '2026-05-18' },
    ]);
    expect(
      run(ca({ dueOn: null, closedOn: '2026-05-18' }), '2026-05-20')
        .findings.filter((f) => f.rule.startsWith('corrective'))
        .map((f) => [f.rule, f.status]),
    ).toEqual([['corrective-no-date', 'resolved']]);
  });

  it('a date later than the next business day counts only with a written reason', () => {
    const late = run(ca({ dueOn: '2026-05-29' }), '2026-05-20');
    expect(late.findings.filter((f) => f.rule === 'corrective-overdue')).toMatchObject([{ dueOn: '2026-05-18' }]);
    expect(late.findings.find((f) => f.rule === 'corrective-overdue')?.text).toMatch(
      /the date set, May 29, 2026, is later than the law allows and no reason was given in writing/,
    );
    const justified = run(
      ca({
        dueOn: '2026-05-29',
        dueReason: 'The replacement insert is on order; a temporary filter sock is in place.',
      }),
      '2026-05-20',
    );
    expect(justified.findings.filter((f) => f.rule.startsWith('corrective'))).toEqual([]);
    expect(justified.due.find((o) => o.kind === 'corrective-action')?.dueOn).toBe('2026-05-29');
  });
});

describe('acreage is shown as recorded, never rounded against the rule', () => {
  it.each([
    [5.01, '5.01 acres'],
    [5, '5.0 acres'],
    [7.5, '7.5 acres'],
    [20.04, '20.04 acres'],
    [1, '1.0 acre'],
    [0.125, '0.125 acres'],
  ])('%d → %s', (n, words) => {
    expect(formatAcres(n)).toBe(words);
  });

  it('5.01 acres planned says 5.01, not "5.0 … more than 5"', () => {
    // It once read: "the plan allows 5.0 acres disturbed at once (more than 5)".
    const r = evaluateCompliance(data({ p: { maxDisturbedAtOnceAcres: 5.01 } }), ctx(at('2026-03-03')));
    expect(r.twiceWeekly.reason).toBe('the plan allows 5.01 acres disturbed at once (more than 5)');
  });

  it('a plan of exactly 5 acres needs neither DEC approval nor twice-weekly inspections', () => {
    const r = evaluateCompliance(
      data({
        p: { maxDisturbedAtOnceAcres: 5 },
        inspections: on('2026-03-02', '2026-03-09'),
        summaries: allSummaries('2026-03', '2026-03'),
      }),
      ctx(at('2026-03-10')),
    );
    expect(r.findings.filter((f) => f.rule === 'over-five-acres-planned')).toEqual([]);
    expect(r.twiceWeekly.applies).toBe(false);
  });
});

describe('duties before work starts (L(3), E, J(6)) and exempt activities (D(1))', () => {
  const started = (p: Partial<ComplianceProject>, today = '2026-03-10') =>
    evaluateCompliance(
      data({ p, inspections: on('2026-03-02', '2026-03-09'), summaries: allSummaries('2026-03', '2026-03') }),
      ctx(at(today)),
    ).findings;
  const rules = (f: Finding[]) => f.map((x) => x.rule);

  it.each([
    ['no assessment on file', { preConstructionAssessmentOn: null }, 'No pre-construction assessment on file', 'open'],
    [
      'assessed only after work started',
      { preConstructionAssessmentOn: '2026-03-04' },
      'Pre-construction assessment made after work started',
      'resolved',
    ],
  ] as Array<[string, Partial<ComplianceProject>, string, string]>)(
    'pre-construction assessment by a qualified professional before work starts: %s',
    (_name, p, title, status) => {
      expect(started(p).filter((f) => f.rule === 'pre-construction-assessment')).toMatchObject([
        { title, status, from: '2026-03-02', source: 'ordinance' },
      ]);
    },
  );

  it('an assessment the day before work starts is on time', () => {
    expect(rules(started({ preConstructionAssessmentOn: '2026-03-01' }))).not.toContain('pre-construction-assessment');
    expect(rules(started({ preConstructionAssessmentOn: '2026-03-02' }))).not.toContain('pre-construction-assessment');
  });

  it.each([
    ['never authorized', { authorizationKnown: true, authorizedOn: null }, 1, 'open'],
    ['authorized after work started', { authorizationKnown: true, authorizedOn: '2026-03-05' }, 1, 'resolved'],
    ['authorized on the day work started', { authorizationKnown: true, authorizedOn: '2026-03-02' }, 0, undefined],
    [
      'no SWPPP review on file: not known, not accused',
      { authorizationKnown: false, authorizedOn: null },
      0,
      undefined,
    ],
  ] as Array<[string, Partial<ComplianceProject>, number, string | undefined]>)(
    'work started before SWPPP approval or default authorization (E): %s',
    (_name, p, n, status) => {
      const f = started(p).filter((x) => x.rule === 'work-before-authorization');
      expect(f).toHaveLength(n);
      if (status) expect(f[0]).toMatchObject({ status, severity: 'high', from: '2026-03-02' });
    },
  );

  it.each([
    ['20.01 acres, no phases', { disturbedAcres: 20.01 }, 1],
    ['exactly 20 acres', { disturbedAcres: 20 }, 0],
    ['25 acres in 3 phases', { disturbedAcres: 25, phaseCount: 3 }, 0],
    ['25 acres with a phasing plan described', { disturbedAcres: 25, phasing: 'Phase 1 roads, phase 2 lots' }, 0],
  ] as Array<[string, Partial<ComplianceProject>, number]>)(
    'phasing required above 20 acres (J(6)): %s',
    (_name, p, n) => {
      const f = started(p).filter((x) => x.rule === 'phasing-required');
      expect(f).toHaveLength(n);
      if (n) expect(f[0].text).toMatch(/will disturb 20\.01 acres/);
    },
  );

  it('an exempt activity (D(1)) shows nothing missing: no SWPPP inspections, summaries or duties', () => {
    const p = { exemption: 'septic', preConstructionAssessmentOn: null, authorizationKnown: true, authorizedOn: null };
    const r = evaluateCompliance(data({ p }), ctx(at('2026-06-01')));
    expect(r).toMatchObject({ findings: [], due: [], underConstruction: false });
    expect(started({ ...p, exemption: null }).length).toBeGreaterThan(0);
  });
});

describe('every finding says which law it comes from', () => {
  it('routine and storm rules are the ordinance’s; twice-weekly is the state permit’s', () => {
    const d = data({
      p: { maxDisturbedAtOnceAcres: 7.5 },
      inspections: on('2026-03-02', '2026-03-12'),
      summaries: allSummaries('2026-03', '2026-03'),
    });
    const f = findings(d, ctx(at('2026-03-13'), { storms: [{ id: 1, endedAt: at('2026-03-05'), inches: 1 }] }));
    const sources = Object.fromEntries(f.map((x) => [x.rule, x.source]));
    expect(sources).toMatchObject({
      'routine-gap': 'ordinance',
      'post-storm': 'ordinance',
      'twice-weekly': 'state-permit',
      'over-five-acres-planned': 'ordinance',
    });
    expect(f.find((x) => x.rule === 'twice-weekly')?.section).toMatch(
      /^State construction permit \(SPDES GP-0-25-001\)/,
    );
  });
});

describe('findings order and the recent list the public page shows', () => {
  const f = (
    key: string,
    status: 'open' | 'resolved',
    severity: 'high' | 'medium' | 'low',
    from: string,
    resolvedOn?: string,
  ): Finding => ({
    rule: 'routine-gap',
    key,
    status,
    severity,
    from,
    resolvedOn,
    section: '',
    source: 'ordinance',
    title: key,
    text: '',
  });

  it('open before resolved, then most serious, then newest, then by key', () => {
    const list = [
      f('a', 'resolved', 'high', '2026-05-01', '2026-05-02'),
      f('b', 'open', 'low', '2026-05-09'),
      f('c', 'open', 'high', '2026-04-01'),
      f('d', 'open', 'high', '2026-04-20'),
      f('f', 'open', 'medium', '2026-05-01'),
      f('e', 'open', 'medium', '2026-05-01'),
    ];
    expect([...list].sort(compareFindings).map((x) => x.key)).toEqual(['d', 'c', 'e', 'f', 'b', 'a']);
  });

  it('the engine returns findings in that order', () => {
    const d = data({
      p: { maxDisturbedAtOnceAcres: 7.5 },
      inspections: on('2026-03-02', '2026-03-12'),
      summaries: allSummaries('2026-03', '2026-03'),
    });
    const r = findings(d, ctx(at('2026-03-21'), { storms: [{ id: 1, endedAt: at('2026-03-05'), inches: 1 }] }));
    expect(r).toEqual([...r].sort(compareFindings));
    expect(r[0].status).toBe('open');
    expect(r.map((x) => x.rule)).toEqual([
      'routine-gap',
      'twice-weekly',
      'over-five-acres-planned',
      'post-storm',
      'routine-gap',
    ]);
  });

  it('recent: every open finding, and resolved ones that ended within the days given', () => {
    const list = [
      f('old', 'resolved', 'high', '2026-01-01', '2026-04-30'),
      f('edge', 'resolved', 'low', '2026-04-01', '2026-05-01'),
      f('open-old', 'open', 'low', '2025-01-01'),
      f('no-end', 'resolved', 'low', '2026-05-02'),
    ];
    expect(recentFindings(list, '2026-05-31', 30).map((x) => x.key)).toEqual(['edge', 'open-old', 'no-end']);
  });
});
