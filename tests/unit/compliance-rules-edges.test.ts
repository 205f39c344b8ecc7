/**
 * The compliance engine at the edges its mutation tests found untested (stryker.config.mjs): each case pins what the
 * law says on the day, the hour or the acre where a rule turns, and the words residents read. Pure: no
 * database, `now` passed in.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COMPLIANCE_SETTINGS,
  SECTIONS,
  SEDIMENT_STORAGE_PRACTICES,
  constructionPeriod,
  evaluateCompliance,
  nextBusinessDay,
  nextInspectionDue,
  summaryDueOn,
  tallyMonth,
  twiceWeeklyRule,
  type ComplianceInspection,
  type ComplianceNotice,
  type ComplianceProject,
  type ProjectComplianceData,
  type RuleId,
} from '#lib/server/compliance/compliance.rules.ts';
import { noticeFinding } from '#lib/server/enforcement/inspection-notice.rules.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { formatInstant } from '#lib/shared/format.ts';
import {
  allSummaries,
  at,
  ctx,
  data,
  findings,
  hours,
  inspection,
  on,
  project,
} from '../support/compliance-builders.ts';

// ---------------------------------------------------------------------------------------------
// Builders (the same shapes as compliance-rules.test.ts)

// ---------------------------------------------------------------------------------------------

describe('Subsection L(1): a 48-hour notice given late, or after the milestone, is a public finding', () => {
  // Rough grading finishes Wednesday June 17, 2026 at 09:00 town time (EDT).
  const milestone = at('2026-06-17', '09:00');
  const notice = (givenAt: Date, over: Partial<ComplianceNotice> = {}): ComplianceNotice => ({
    id: 41,
    milestone: 'rough_grading_complete',
    givenAt,
    scheduledFor: milestone,
    ...over,
  });
  const weekly = on('2026-06-01', '2026-06-08', '2026-06-15');
  const run = (
    notices: ComplianceNotice[],
    now = at('2026-06-18', '12:00'),
    p: Partial<ComplianceProject> = { actualStartOn: '2026-06-01' },
  ) =>
    findings(
      data({ p, inspections: weekly, notices, summaries: allSummaries('2026-06', '2026-06') }),
      ctx(now),
      'late-48-hour-notice',
    );
  /** What the staff inspections page shows for the same notice. */
  const staffWords = (n: ComplianceNotice) =>
    noticeFinding(
      { milestone: 'completion of rough grading', givenAt: n.givenAt, scheduledFor: n.scheduledFor },
      formatInstant,
    )!;

  it.each([
    ['exactly 48 hours ahead is in time', hours(milestone, -48), 0],
    ['47 hours 59 minutes ahead is late', hours(milestone, -48 + 1 / 60), 1],
    ['a week ahead is in time', hours(milestone, -168), 0],
  ])('%s', (_name, givenAt, n) => {
    expect(run([notice(givenAt)])).toHaveLength(n);
  });

  it('a notice 26 hours ahead: low severity, in the staff page’s words, citing L(1), ended the day it was given', () => {
    const n = notice(hours(milestone, -26));
    const [f, ...more] = run([n]);
    expect(more).toEqual([]);
    const staff = staffWords(n);
    expect(staff.severity).toBe('low');
    expect(f).toEqual({
      rule: 'late-48-hour-notice',
      key: 'late-48-hour-notice:41',
      severity: staff.severity,
      status: 'resolved',
      section: SECTIONS.notice,
      source: 'ordinance',
      title: staff.title,
      text: staff.text,
      from: '2026-06-15',
      dueOn: '2026-06-15',
      dueAt: hours(milestone, -48),
      resolvedOn: '2026-06-16',
    });
    expect(f.title).toBe('Late 48-hour notice');
    expect(f.text).toBe(
      'Notice of completion of rough grading (Jun 17, 2026, 9:00 AM) was given Jun 16, 2026, 7:00 AM, 26 hours ahead: the law requires at least 48.',
    );
    expect(f.section.startsWith(`${staff.section}: `)).toBe(true);
    expect(f.section).toBe(
      'Subsection L(1): the applicant notifies the Stormwater Management Officer at least 48 hours before each inspection milestone',
    );
  });

  it('a notice given after the milestone: medium severity, no advance notice at all', () => {
    const n = notice(at('2026-06-18', '08:15'), { id: 42 });
    const [f] = run([n]);
    const staff = staffWords(n);
    expect(staff.severity).toBe('medium');
    expect(f).toMatchObject({
      key: 'late-48-hour-notice:42',
      severity: 'medium',
      status: 'resolved',
      title: 'No advance notice of a milestone',
      text: staff.text,
      from: '2026-06-15',
      resolvedOn: '2026-06-18',
    });
    expect(f.text).toBe(
      "Notice of completion of rough grading (Jun 17, 2026, 9:00 AM) was given Jun 18, 2026, 8:15 AM, after the work: the law requires at least 48 hours' notice.",
    );
  });

  it('each notice is its own finding, in the engine’s order (more serious first)', () => {
    const late = notice(hours(milestone, -30), { id: 7 });
    const after = notice(hours(milestone, 2), { id: 8 });
    const fine = notice(hours(milestone, -72), { id: 9 });
    expect(run([late, fine, after]).map((f) => [f.key, f.severity])).toEqual([
      ['late-48-hour-notice:8', 'medium'],
      ['late-48-hour-notice:7', 'low'],
    ]);
  });

  it('a notice recorded with a time after now is not yet judged', () => {
    expect(run([notice(at('2026-06-18', '13:00'))], at('2026-06-18', '12:00'))).toEqual([]);
    expect(run([notice(at('2026-06-18', '12:00'))], at('2026-06-18', '12:00'))).toHaveLength(1);
  });

  it('counts before construction starts (the start of construction is a milestone), but not for an exempt activity (D(1))', () => {
    const start = notice(at('2026-06-16', '15:00'), { milestone: 'start_of_construction' });
    const before = run([start], at('2026-06-16', '16:00'), { status: 'approved', actualStartOn: null });
    expect(before).toMatchObject([
      {
        severity: 'low',
        text: 'Notice of start of construction and initial erosion and sediment controls (Jun 17, 2026, 9:00 AM) was given Jun 16, 2026, 3:00 PM, 18 hours ahead: the law requires at least 48.',
      },
    ]);
    expect(run([start], at('2026-06-16', '16:00'), { actualStartOn: '2026-06-17' })).toHaveLength(1);
    expect(run([start], at('2026-06-18'), { exemption: 'septic' })).toEqual([]);
  });

  it('a notice across the fall-back change counts elapsed hours, not the clock', () => {
    // 09:00 EST on Monday Nov 2, 2026; 09:30 EDT on Saturday Oct 31 is 48 h 30 min earlier (the clock says 47 h 30 min).
    const nov = townInstant('2026-11-02', '09:00');
    const n = {
      id: 5,
      milestone: 'close_of_season' as const,
      givenAt: townInstant('2026-10-31', '09:30'),
      scheduledFor: nov,
    };
    expect(
      findings(
        data({ p: { actualStartOn: '2026-10-26' }, inspections: on('2026-10-26', '2026-11-02'), notices: [n] }),
        ctx(at('2026-11-03')),
        'late-48-hour-notice',
      ),
    ).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The construction period and the seven days (Subsection L(3))

describe('the construction period: when inspections are required at all', () => {
  const final = (date: string) => inspection(date, '10:00', { type: 'final_stabilization' });

  it.each([
    [
      'the recorded final stabilization day ends it',
      { finalStabilizationOn: '2026-03-20' },
      [final('2026-03-06')],
      '2026-03-20',
    ],
    [
      'without one, the latest final-stabilization inspection (in any order)',
      {},
      [final('2026-03-06'), final('2026-03-04'), final('2026-03-05')],
      '2026-03-06',
    ],
    ['without either, the notice of termination', { notFiledOn: '2026-04-01' }, [], '2026-04-01'],
    ['a completed project with no dates ends the day it started', { status: 'complete' as const }, [], '2026-03-02'],
    ['an end recorded before the start is read as the start', { finalStabilizationOn: '2026-02-01' }, [], '2026-03-02'],
    ['an active project goes on', {}, [], undefined],
  ] as Array<[string, Partial<ComplianceProject>, ComplianceInspection[], string | undefined]>)(
    '%s',
    (_name, p, ins, end) => {
      expect(constructionPeriod(data({ p, inspections: ins }))).toEqual({ start: '2026-03-02', end });
    },
  );

  it('after the end only the monthly summaries are still owed, and nothing is under construction', () => {
    const r = evaluateCompliance(
      data({
        p: { finalStabilizationOn: '2026-03-20', status: 'final_stabilization' },
        inspections: on('2026-03-02', '2026-03-09', '2026-03-16', '2026-03-20'),
      }),
      ctx(at('2026-03-25')),
    );
    expect(r.underConstruction).toBe(false);
    expect(r.due).toEqual([
      {
        kind: 'monthly-summary',
        dueOn: '2026-04-10',
        duty: 'monthly-summary:2026-03',
        text: 'Monthly summary for March 2026, due by April 10, 2026.',
      },
    ]);
  });

  it('a start recorded in the future owes nothing yet', () => {
    expect(evaluateCompliance(data({ p: { actualStartOn: '2026-03-12' } }), ctx(at('2026-03-11')))).toMatchObject({
      findings: [],
      due: [],
      underConstruction: false,
    });
    expect(
      evaluateCompliance(data({ p: { actualStartOn: '2026-03-12' } }), ctx(at('2026-03-12'))).underConstruction,
    ).toBe(true);
  });
});

describe('L(3): the words of an overdue inspection and of the next one due', () => {
  const summaries = allSummaries('2026-03', '2026-03');

  it('no inspection since work started: overdue from day 8, counted from the start', () => {
    const [f] = findings(data({ summaries }), ctx(at('2026-03-10')), 'routine-gap');
    expect(f).toEqual({
      rule: 'routine-gap',
      key: 'routine-gap:2026-03-02',
      severity: 'medium',
      status: 'open',
      section: SECTIONS.routine,
      source: 'ordinance',
      title: 'Inspection overdue',
      text: 'No inspection since construction started on March 2, 2026: one was due by March 9, 2026 (the law requires one at least every 7 days).',
      from: '2026-03-10',
      dueOn: '2026-03-09',
    });
  });

  it('an inspection on the first day is the last inspection, not the start', () => {
    const [f] = findings(data({ inspections: on('2026-03-02'), summaries }), ctx(at('2026-03-10')), 'routine-gap');
    expect(f.text).toBe(
      'No inspection since March 2, 2026: one was due by March 9, 2026 (the law requires one at least every 7 days).',
    );
  });

  it('the next inspection due, in words', () => {
    const r = evaluateCompliance(
      data({ inspections: on('2026-03-02', '2026-03-09'), summaries }),
      ctx(at('2026-03-10')),
    );
    expect(r.due.find((o) => o.kind === 'inspection')).toEqual({
      kind: 'inspection',
      dueOn: '2026-03-16',
      duty: 'inspection:2026-03-09',
      text: 'Next inspection by March 16, 2026; the last was on March 9, 2026.',
    });
  });

  it('inspections before work started or after it ended do not count', () => {
    const d = data({
      p: { finalStabilizationOn: '2026-03-20', status: 'final_stabilization' },
      inspections: on('2026-02-27', '2026-03-12', '2026-03-25'),
      summaries,
    });
    expect(findings(d, ctx(at('2026-04-01')), 'routine-gap').map((f) => [f.dueOn, f.resolvedOn])).toEqual([
      ['2026-03-19', '2026-03-20'],
      ['2026-03-09', '2026-03-12'],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Twice a week (the state permit, with L(3))

describe('twice every 7 days: which weeks, and the words', () => {
  const start = '2026-06-01'; // a Monday
  const summaries = allSummaries('2026-06', '2026-06');
  const run = (
    ins: ComplianceInspection[],
    today: string,
    p: Partial<ComplianceProject> = { maxDisturbedAtOnceAcres: 7.5 },
  ) =>
    findings(
      data({ p: { actualStartOn: start, ...p }, inspections: ins, summaries }),
      ctx(at(today, '08:00')),
      'twice-weekly',
    );
  const because =
    'Two a week, separated by at least 2 full calendar days, are required by the state permit because the plan allows 7.5 acres disturbed at once (more than 5).';

  it('both reasons, joined', () => {
    expect(
      twiceWeeklyRule(
        data({ p: { maxDisturbedAtOnceAcres: 7.5, drainsToImpairedWaters: true } }),
        DEFAULT_COMPLIANCE_SETTINGS,
      ),
    ).toEqual({
      applies: true,
      reason:
        'the plan allows 7.5 acres disturbed at once (more than 5) and the site drains to a water the state lists as impaired',
    });
    expect(twiceWeeklyRule(data(), DEFAULT_COMPLIANCE_SETTINGS)).toEqual({ applies: false, reason: '' });
  });

  it.each([
    ['no inspection', [] as string[], 'In the week of June 1, 2026 to June 7, 2026 the site had no inspection.'],
    [
      'only one',
      ['2026-06-03'],
      'In the week of June 1, 2026 to June 7, 2026 the site had only one inspection (June 3, 2026).',
    ],
    [
      'two too close',
      ['2026-06-01', '2026-06-03'],
      'In the week of June 1, 2026 to June 7, 2026 the site had inspections only on June 1, 2026 and June 3, 2026, not separated by at least 2 full calendar days.',
    ],
  ])('one short week, ended: %s', (_name, week, what) => {
    const [f, ...more] = run(on(...week, '2026-06-08', '2026-06-11', '2026-06-14'), '2026-06-15');
    expect(more).toEqual([]);
    expect(f).toEqual({
      rule: 'twice-weekly',
      key: 'twice-weekly:2026-06-01',
      severity: 'medium',
      status: 'resolved',
      section: SECTIONS.twiceWeekly,
      source: 'state-permit',
      title: 'Fewer than two inspections in a week',
      text: `${what} ${because}`,
      from: '2026-06-01',
      dueOn: '2026-06-07',
      resolvedOn: '2026-06-08',
    });
  });

  it('weeks apart make separate findings; weeks in a row one, dated from the first to the day after the last', () => {
    const ins = on('2026-06-01', '2026-06-08', '2026-06-11', '2026-06-15', '2026-06-22', '2026-06-29', '2026-07-02');
    const f = findings(
      data({ p: { actualStartOn: start, maxDisturbedAtOnceAcres: 7.5 }, inspections: ins, summaries }),
      ctx(at('2026-07-06', '08:00')),
      'twice-weekly',
    );
    expect(f.map((x) => [x.key, x.status, x.from, x.dueOn, x.resolvedOn, x.title])).toEqual([
      [
        'twice-weekly:2026-06-15',
        'resolved',
        '2026-06-15',
        '2026-06-21',
        '2026-06-29',
        'Fewer than two inspections a week for 2 weeks',
      ],
      [
        'twice-weekly:2026-06-01',
        'resolved',
        '2026-06-01',
        '2026-06-07',
        '2026-06-08',
        'Fewer than two inspections in a week',
      ],
    ]);
    expect(f[0].text).toBe(
      `In 2 weeks in a row, from June 15, 2026 to June 28, 2026, the site had fewer than two inspections separated by at least 2 full calendar days. ${because}`,
    );
  });

  it('a short week just ended is open while work goes on', () => {
    expect(run(on('2026-06-01', '2026-06-04', '2026-06-08'), '2026-06-15')).toMatchObject([
      { key: 'twice-weekly:2026-06-08', status: 'open' },
    ]);
    expect(run(on('2026-06-01', '2026-06-04', '2026-06-08'), '2026-06-15')[0].resolvedOn).toBeUndefined();
  });

  it('more than 5 acres recorded in the week before makes a week with no inspection a twice-weekly week', () => {
    const ins = [
      inspection('2026-06-01'),
      inspection('2026-06-05', '10:00', { disturbedAcresActive: 6, disturbedAcresInactive: 0 }),
    ];
    const f = run(ins, '2026-06-15', { maxDisturbedAtOnceAcres: 3 });
    expect(f.map((x) => x.key)).toEqual(['twice-weekly:2026-06-08']);
    expect(f[0].text).toMatch(
      /because the inspection of June 5, 2026 recorded 6\.0 acres disturbed \(more than 5\)\.$/,
    );
  });

  it.each([
    ['a shutdown ending on the week’s first day excuses it', '2026-05-20', '2026-06-08', 0],
    ['a shutdown beginning on the week’s last day excuses it', '2026-06-14', '2026-06-30', 0],
    ['a shutdown beginning the day after the week does not', '2026-06-15', '2026-06-30', 1],
  ])('a week touching a winter shutdown is not judged: %s', (_name, from, to, n) => {
    expect(
      run(on('2026-06-01', '2026-06-04', '2026-06-08'), '2026-06-15', {
        maxDisturbedAtOnceAcres: 7.5,
        winterShutdownFrom: from,
        winterShutdownTo: to,
      }).filter((f) => f.from === '2026-06-08'),
    ).toHaveLength(n);
  });
});

// ---------------------------------------------------------------------------------------------
// After a storm (L(3))

describe('within 24 hours after a storm: the edges', () => {
  const ended = at('2026-05-12', '14:00');
  const storm = (endedAt: Date, inches = 0.8, id = 3) => ({ id, endedAt, inches });
  const summaries = allSummaries('2026-03', '2026-04');

  it('an inspection at the very minute the storm ended counts', () => {
    const d = data({
      inspections: [
        ...on('2026-05-05', '2026-05-11'),
        { ...inspection('2026-05-12'), inspectedAt: ended },
        ...on('2026-05-18'),
      ],
      summaries,
    });
    expect(findings(d, ctx(at('2026-05-19'), { storms: [storm(ended)] }), 'post-storm')).toEqual([]);
  });

  it('a storm that ends at this very moment is owed, in words; one that has not ended is not', () => {
    const d = data({ inspections: on('2026-05-05', '2026-05-11'), summaries });
    const now = evaluateCompliance(d, ctx(ended, { storms: [storm(ended)] }));
    expect(now.due.filter((o) => o.kind === 'post-storm')).toEqual([
      {
        kind: 'post-storm',
        dueOn: '2026-05-13',
        dueAt: at('2026-05-13', '14:00'),
        text: 'Post-storm inspection by May 13, 2026, 2:00 PM, within 24 hours of the end of the 0.80 in. storm that ended May 12, 2026, 2:00 PM.',
      },
    ]);
    expect(
      evaluateCompliance(d, ctx(hours(ended, -1), { storms: [storm(ended)] })).due.filter(
        (o) => o.kind === 'post-storm',
      ),
    ).toEqual([]);
  });

  it('missed before final stabilization with no visit after it: resolved at the end, without a next visit', () => {
    const d = data({
      p: { finalStabilizationOn: '2026-05-20', status: 'final_stabilization' },
      inspections: on('2026-05-05', '2026-05-11'),
      summaries,
    });
    const [f] = findings(d, ctx(at('2026-06-01'), { storms: [storm(ended)] }), 'post-storm');
    expect(f).toMatchObject({ status: 'resolved', resolvedOn: '2026-05-20', key: 'post-storm:3' });
    expect(f.text).toBe(
      'No inspection within 24 hours after the 0.80 in. storm that ended May 12, 2026, 2:00 PM: one was due by May 13, 2026, 2:00 PM.',
    );
  });

  it('an open miss has no end date yet', () => {
    const [f] = findings(
      data({ inspections: on('2026-05-05', '2026-05-11'), summaries }),
      ctx(at('2026-05-14'), { storms: [storm(ended)] }),
      'post-storm',
    );
    expect(f).toMatchObject({
      status: 'open',
      severity: 'high',
      title: 'No inspection within 24 hours after a storm',
      source: 'ordinance',
      section: SECTIONS.postStorm,
    });
    expect(f.resolvedOn).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Monthly summaries (L(5) and the Town's day)

describe('monthly summaries: the first filing counts, drafts do not', () => {
  const p = { actualStartOn: '2026-01-05' };
  const ins = on('2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26', '2026-02-02', '2026-02-09', '2026-02-16');

  it('versions in any order: the earliest filing is when it was filed', () => {
    const d = data({
      p,
      inspections: ins,
      summaries: [
        { month: '2026-01', version: 2, submittedAt: at('2026-02-25') },
        { month: '2026-01', version: 1, submittedAt: at('2026-02-09') },
      ],
    });
    expect(findings(d, ctx(at('2026-02-26')), 'summary-late')).toEqual([]);
  });

  it('an unsubmitted draft is not a filing', () => {
    const d = data({ p, inspections: ins, summaries: [{ month: '2026-01', version: 1, submittedAt: null }] });
    expect(findings(d, ctx(at('2026-02-12')), 'summary-missing').map((f) => f.key)).toEqual([
      'summary-missing:2026-01',
    ]);
  });

  it('late by several days, in words', () => {
    const d = data({
      p,
      inspections: ins,
      summaries: [{ month: '2026-01', version: 1, submittedAt: at('2026-02-13') }],
    });
    expect(findings(d, ctx(at('2026-02-16')), 'summary-late')).toMatchObject([
      {
        title: 'January 2026 summary filed late',
        from: '2026-02-11',
        text: 'The monthly summary for January 2026 was filed with the Town on February 13, 2026, 3 days after the date the Town set for its copy (February 10, 2026). The ordinance (Subsection L(5)) requires the operator to post a summary of the site inspection activities at the site, in a publicly accessible location, every month; the filing date is the Town’s own.',
      },
    ]);
  });

  it.each([
    [0, '2026-02-01'],
    [0.4, '2026-02-01'],
    [10.6, '2026-02-11'],
  ])('a due-day setting of %d is read as %s', (day, due) => {
    expect(summaryDueOn('2026-01', { settings: { ...DEFAULT_COMPLIANCE_SETTINGS, summaryDueDay: day } })).toBe(due);
  });
});

// ---------------------------------------------------------------------------------------------
// Five acres (J(6))

describe('more than five acres at once: the words and when the plan alone is flagged', () => {
  const open = (date: string, active: number | null, inactive: number | null = 0) =>
    inspection(date, '10:00', { disturbedAcresActive: active, disturbedAcresInactive: inactive });
  const summaries = allSummaries('2026-03', '2026-03');

  it('a run over the limit, in words, with the inspection that ended it', () => {
    const d = data({
      inspections: [
        open('2026-03-02', 4),
        open('2026-03-09', 6.5),
        open('2026-03-12', null, null),
        open('2026-03-16', 7.2),
        open('2026-03-23', 4.9),
      ],
      summaries,
    });
    const [f, ...more] = findings(d, ctx(at('2026-03-24')), 'over-five-acres');
    expect(more).toEqual([]);
    expect(f).toEqual({
      rule: 'over-five-acres',
      key: 'over-five-acres:2026-03-09',
      severity: 'high',
      status: 'resolved',
      section: SECTIONS.fiveAcres,
      source: 'ordinance',
      title: 'More than 5 acres disturbed without DEC approval',
      text: "The inspection of March 9, 2026 recorded 6.5 acres of disturbed soil at once, and 1 later inspection up to 7.2 acres. More than 5 acres at one time needs the state DEC's prior written approval, and none is on file. The inspection of March 23, 2026 recorded 4.9 acres.",
      from: '2026-03-09',
      resolvedOn: '2026-03-23',
    });
  });

  it('the largest reading is named, wherever it falls in the run', () => {
    const d = data({
      inspections: [open('2026-03-02', 8), open('2026-03-09', 6.5), open('2026-03-16', 5.5)],
      summaries,
    });
    expect(findings(d, ctx(at('2026-03-17')), 'over-five-acres')[0].text).toMatch(
      /^The inspection of March 2, 2026 recorded 8\.0 acres of disturbed soil at once, and 2 later inspections up to 8\.0 acres\./,
    );
  });

  it('a run ended by final stabilization is resolved that day', () => {
    const d = data({
      p: { finalStabilizationOn: '2026-03-20', status: 'final_stabilization' },
      inspections: [open('2026-03-09', 6.5)],
      summaries,
    });
    expect(findings(d, ctx(at('2026-04-01')), 'over-five-acres')).toMatchObject([
      { status: 'resolved', resolvedOn: '2026-03-20' },
    ]);
  });

  it.each([
    ['while work goes on', {}, 1],
    [
      'not once the site is finished',
      { status: 'final_stabilization' as const, finalStabilizationOn: '2026-03-09' },
      0,
    ],
    ['not for a project only registered', { status: 'swppp_review' as const }, 0],
    ['under a stop-work order too', { status: 'stop_work' as const }, 1],
    [
      'with approval dated after today: still flagged',
      { decFiveAcreApproval: true, decFiveAcreApprovalOn: '2026-04-01' },
      1,
    ],
    ['with approval dated today: not', { decFiveAcreApproval: true, decFiveAcreApprovalOn: '2026-03-10' }, 0],
  ] as Array<[string, Partial<ComplianceProject>, number]>)(
    'a plan for 7.5 acres at once with no DEC approval is flagged %s',
    (_name, p, n) => {
      const f = findings(
        data({ p: { maxDisturbedAtOnceAcres: 7.5, ...p }, inspections: on('2026-03-02', '2026-03-09'), summaries }),
        ctx(at('2026-03-10')),
        'over-five-acres-planned',
      );
      expect(f).toHaveLength(n);
      if (n) {
        expect(f[0]).toEqual({
          rule: 'over-five-acres-planned',
          key: 'over-five-acres-planned',
          severity: 'low',
          status: 'open',
          section: SECTIONS.fiveAcres,
          source: 'ordinance',
          title: 'Plan allows more than 5 acres at once; no DEC approval on file',
          text: 'The notice of intent plans up to 7.5 acres disturbed at one time, but no written approval from the state DEC is on file. No more than 5 acres may be open at once without it.',
          from: '2026-03-02',
        });
      }
    },
  );

  it('the plan is not flagged on top of an open finding from the inspections', () => {
    const d = data({
      p: { maxDisturbedAtOnceAcres: 7.5 },
      inspections: [open('2026-03-02', 3), open('2026-03-09', 6)],
      summaries,
    });
    expect(
      findings(d, ctx(at('2026-03-10')))
        .filter((f) => f.rule.startsWith('over-five'))
        .map((f) => f.rule),
    ).toEqual(['over-five-acres']);
  });
});

// ---------------------------------------------------------------------------------------------
// Stabilization (J(7))

describe('J(7): stabilization within 14 days, the words and the edges', () => {
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
  const result = (ins: ComplianceInspection[], today: string, p: Partial<ComplianceProject> = {}) =>
    evaluateCompliance(
      data({ p, inspections: [...on('2026-05-26'), ...ins], summaries: allSummaries('2026-03', '2026-05') }),
      ctx(at(today)),
    );
  const run = (ins: ComplianceInspection[], today: string, p: Partial<ComplianceProject> = {}) =>
    result(ins, today, p).findings.filter((f) => f.rule === 'stabilization');

  it('begun on day 15: late, resolved the day it began, in words', () => {
    expect(
      run(
        [visit('2026-06-09', [area()]), visit('2026-06-16', [area({ stabilizationBegunOn: '2026-06-16' })])],
        '2026-06-17',
      ),
    ).toEqual([
      {
        rule: 'stabilization',
        key: 'stabilization:north slope:2026-06-01',
        severity: 'high',
        status: 'resolved',
        section: SECTIONS.stabilization,
        source: 'ordinance',
        title: 'Stabilization not begun within 14 days',
        text: 'Work stopped on North slope (1.2 acres) on June 1, 2026; stabilization had to begin by June 15, 2026 and began on June 16, 2026.',
        from: '2026-06-16',
        dueOn: '2026-06-15',
        resolvedOn: '2026-06-16',
      },
    ]);
  });

  it('an area that left the reports after day 21 without being stabilized: resolved then, “last reported not begun”', () => {
    const [f] = run([visit('2026-06-16', [area({ acres: null })]), visit('2026-06-23', [])], '2026-06-24');
    expect(f).toMatchObject({ status: 'resolved', resolvedOn: '2026-06-23' });
    expect(f.text).toBe(
      'Work stopped on North slope on June 1, 2026; stabilization had to begin by June 15, 2026; it was last reported not begun on June 16, 2026.',
    );
  });

  it('still listed at the last inspection when the site was finished: resolved on the last day', () => {
    expect(
      run([visit('2026-06-16', [area()])], '2026-06-30', {
        finalStabilizationOn: '2026-06-20',
        status: 'final_stabilization',
      }),
    ).toMatchObject([{ status: 'resolved', resolvedOn: '2026-06-20' }]);
  });

  it('one area however its name is typed: trimmed, and in any case', () => {
    const f = run(
      [visit('2026-06-09', [area({ area: ' North Slope ' })]), visit('2026-06-16', [area({ area: 'north slope' })])],
      '2026-06-16',
    );
    expect(f.map((x) => x.key)).toEqual(['stabilization:north slope:2026-06-01']);
    expect(f[0].text).toMatch(/^Work stopped on North Slope \(1\.2 acres\)/);
  });

  it.each([
    ['left the reports on day 21: resumed in time', [visit('2026-06-16', [area()]), visit('2026-06-22', [])], 0],
    [
      'expected back on day 21, listed on day 21: an exception',
      [
        visit('2026-06-16', [area({ resumesOn: '2026-06-22' })]),
        visit('2026-06-22', [area({ resumesOn: '2026-06-22' })]),
      ],
      0,
    ],
    ['expected back on day 22: no exception', [visit('2026-06-16', [area({ resumesOn: '2026-06-23' })])], 1],
  ] as Array<[string, ComplianceInspection[], number]>)('the 21 days, to the day: %s', (_name, ins, n) => {
    expect(run(ins, '2026-06-22')).toHaveLength(n);
  });

  it('the due list names the resume date given when it is too late to excuse the 14 days', () => {
    const r = result([visit('2026-06-08', [area({ resumesOn: '2026-06-25' })])], '2026-06-09');
    expect(r.due.filter((o) => o.kind === 'stabilization')).toEqual([
      {
        kind: 'stabilization',
        dueOn: '2026-06-15',
        text: 'Begin stabilizing North slope (1.2 acres) by June 15, 2026: work there stopped on June 1, 2026 (work expected to resume June 25, 2026).',
      },
    ]);
  });

  it('snow at the last inspection before day 14 only: as soon as practicable, from the first clear inspection', () => {
    const f = run(
      [visit('2026-06-12', [area()], true), visit('2026-06-16', [area()]), visit('2026-06-23', [area()])],
      '2026-06-23',
    );
    expect(f).toMatchObject([
      {
        title: 'Stabilization not begun as soon as practicable after snow or frozen ground',
        dueOn: '2026-06-16',
        from: '2026-06-17',
        status: 'open',
      },
    ]);
    // At the clear inspection itself it may still begin.
    expect(run([visit('2026-06-12', [area()], true), visit('2026-06-16', [area()])], '2026-06-16')).toEqual([]);
  });

  it('after snow, begun only after the next inspection: late, in words', () => {
    const f = run(
      [
        visit('2026-06-16', [area()], true),
        visit('2026-06-23', [area()]),
        visit('2026-06-30', [area()]),
        visit('2026-07-07', [area({ stabilizationBegunOn: '2026-07-01' })]),
      ],
      '2026-07-07',
    );
    expect(f).toMatchObject([{ status: 'resolved', resolvedOn: '2026-07-01', dueOn: '2026-06-23' }]);
    expect(f[0].text).toBe(
      'Work stopped on North slope (1.2 acres) on June 1, 2026. Snow cover or frozen ground kept stabilization from beginning by June 15, 2026, so it had to begin as soon as practicable; the inspection of June 23, 2026 found the ground clear, and stabilization began on July 1, 2026.',
    );
    // Begun by the next inspection after the ground cleared: as soon as practicable.
    expect(
      run(
        [
          visit('2026-06-16', [area()], true),
          visit('2026-06-23', [area()]),
          visit('2026-06-30', [area({ stabilizationBegunOn: '2026-06-30' })]),
        ],
        '2026-06-30',
      ),
    ).toEqual([]);
  });

  it('a later report that dates the start of stabilization on day 14 is believed over an earlier “not begun”', () => {
    // Before: published "stabilization had to begin by June 15, 2026 and began on June 15, 2026" as a lapse.
    expect(
      run(
        [visit('2026-06-16', [area()]), visit('2026-06-23', [area({ stabilizationBegunOn: '2026-06-15' })])],
        '2026-06-23',
      ),
    ).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Sediment (J(16))

describe('J(16): a trap or pond at 50%, in words and dates', () => {
  const reading = (date: string, pct: number | null, practice = 'Sediment trap ST-2', practiceType = 'sediment_trap') =>
    inspection(date, '10:00', { practices: [{ practice, practiceType, sedimentAccumulationPct: pct }] });
  const summaries = allSummaries('2026-03', '2026-04');
  const result = (ins: ComplianceInspection[], today: string, p: Partial<ComplianceProject> = {}) =>
    evaluateCompliance(data({ p, inspections: ins, summaries }), ctx(at(today)));
  const run = (ins: ComplianceInspection[], today: string, p: Partial<ComplianceProject> = {}) =>
    result(ins, today, p).findings.filter((f) => f.rule === 'sediment-cleanout');

  it('cleaned out at the next inspection but one: resolved that day, in words', () => {
    expect(run([reading('2026-05-04', 50), reading('2026-05-11', 55), reading('2026-05-18', 3)], '2026-05-19')).toEqual(
      [
        {
          rule: 'sediment-cleanout',
          key: 'sediment-cleanout:sediment trap st-2:2026-05-04',
          severity: 'high',
          status: 'resolved',
          section: SECTIONS.sediment,
          source: 'ordinance',
          title: 'Sediment trap ST-2 not cleaned out at 50%',
          text: 'Sediment trap ST-2 was at 50% of its sediment storage on May 4, 2026 and still at 55% on May 11, 2026. Sediment must be removed when half the storage is used. It was cleaned out by May 18, 2026 (3%).',
          from: '2026-05-04',
          resolvedOn: '2026-05-18',
        },
      ],
    );
  });

  it('a trap left out of later reports (removed): resolved at the next inspection', () => {
    expect(
      run([reading('2026-05-04', 60), reading('2026-05-11', 70), inspection('2026-05-18')], '2026-05-19'),
    ).toMatchObject([{ status: 'resolved', resolvedOn: '2026-05-18' }]);
  });

  it('still full when the site was finished: resolved on the last day', () => {
    expect(
      run([reading('2026-05-04', 60), reading('2026-05-11', 70)], '2026-05-30', {
        finalStabilizationOn: '2026-05-20',
        status: 'final_stabilization',
      }),
    ).toMatchObject([{ status: 'resolved', resolvedOn: '2026-05-20' }]);
  });

  it('readings without a percentage are skipped, and one trap however its name is typed', () => {
    const f = run(
      [
        reading('2026-05-04', 60, ' Sediment Trap ST-2 '),
        reading('2026-05-08', null),
        reading('2026-05-11', 70, 'sediment trap st-2'),
      ],
      '2026-05-12',
    );
    expect(f).toMatchObject([
      {
        status: 'open',
        key: 'sediment-cleanout:sediment trap st-2:2026-05-04',
        title: 'Sediment Trap ST-2 not cleaned out at 50%',
      },
    ]);
  });

  it('first found at 50% in the latest report: due today, in words; not when a later report left it out', () => {
    expect(
      result([reading('2026-05-04', 30), reading('2026-05-11', 53)], '2026-05-12').due.filter(
        (o) => o.kind === 'sediment-cleanout',
      ),
    ).toEqual([
      {
        kind: 'sediment-cleanout',
        dueOn: '2026-05-12',
        text: 'Clean out Sediment trap ST-2: it was at 53% of its storage on May 11, 2026 (cleanout at 50%).',
      },
    ]);
    expect(
      result([reading('2026-05-04', 30), reading('2026-05-11', 53), inspection('2026-05-12')], '2026-05-13').due.filter(
        (o) => o.kind === 'sediment-cleanout',
      ),
    ).toEqual([]);
    expect(
      result([reading('2026-05-04', 53)], '2026-05-30', {
        finalStabilizationOn: '2026-05-20',
        status: 'final_stabilization',
      }).due.filter((o) => o.kind === 'sediment-cleanout'),
    ).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Corrective actions (L(3)(f) and the state permit)

describe('corrective actions: the words, and the next business day without a calendar', () => {
  const ca = (over: Partial<ProjectComplianceData['corrective'][number]> = {}) => ({
    id: 9,
    description: 'Re-trench 40 ft of silt fence',
    responsibleParty: null as string | null,
    openedOn: '2026-05-11',
    dueOn: '2026-05-12' as string | null,
    closedOn: null as string | null,
    ...over,
  });
  const result = (c: ReturnType<typeof ca>, today: string) =>
    evaluateCompliance(
      data({ p: { actualStartOn: '2026-05-11' }, inspections: on('2026-05-11'), corrective: [c] }),
      ctx(at(today)),
    );

  it.each([
    ['a Saturday', '2026-05-16', '2026-05-18'],
    ['a Sunday', '2026-05-17', '2026-05-18'],
    ['a Thursday', '2026-05-14', '2026-05-15'],
  ])('found on %s: due the next weekday', (_name, day, next) => {
    expect(nextBusinessDay(day, {})).toBe(next);
  });

  it('past due and not reported done, with no one named', () => {
    expect(result(ca(), '2026-05-13').findings).toEqual([
      {
        rule: 'corrective-overdue',
        key: 'corrective-overdue:9',
        severity: 'medium',
        status: 'open',
        section: SECTIONS.corrective,
        source: 'ordinance',
        title: 'Corrective action past due',
        text: '“Re-trench 40 ft of silt fence”, found on May 11, 2026, was due by May 12, 2026 and is not yet reported done.',
        from: '2026-05-13',
        dueOn: '2026-05-12',
      },
    ]);
  });

  it('finished late, with the party named', () => {
    expect(result(ca({ responsibleParty: 'Acme Sitework', closedOn: '2026-05-14' }), '2026-05-15').findings).toEqual([
      {
        rule: 'corrective-overdue',
        key: 'corrective-overdue:9',
        severity: 'low',
        status: 'resolved',
        section: SECTIONS.corrective,
        source: 'ordinance',
        title: 'Corrective action finished late',
        text: '“Re-trench 40 ft of silt fence” (responsible: Acme Sitework), found on May 11, 2026, was due by May 12, 2026 and finished on May 14, 2026.',
        from: '2026-05-13',
        dueOn: '2026-05-12',
        resolvedOn: '2026-05-14',
      },
    ]);
  });

  it('owed, in words; a reason of only spaces is no reason', () => {
    expect(
      result(ca({ responsibleParty: 'Acme Sitework' }), '2026-05-11').due.filter((o) => o.kind === 'corrective-action'),
    ).toEqual([
      {
        kind: 'corrective-action',
        dueOn: '2026-05-12',
        duty: 'corrective-action:9',
        text: 'Corrective action due by May 12, 2026: Re-trench 40 ft of silt fence (responsible: Acme Sitework).',
      },
    ]);
    const blank = result({ ...ca({ dueOn: '2026-05-20' }), dueReason: '   ' }, '2026-05-13');
    expect(blank.findings.map((f) => [f.rule, f.dueOn])).toEqual([['corrective-overdue', '2026-05-12']]);
  });

  it('an item without a date, in words', () => {
    const f = result(ca({ dueOn: null, responsibleParty: 'Acme Sitework' }), '2026-05-11').findings.find(
      (x) => x.rule === 'corrective-no-date',
    );
    expect(f).toEqual({
      rule: 'corrective-no-date',
      key: 'corrective-no-date:9',
      severity: 'low',
      status: 'open',
      section: SECTIONS.correctiveDate,
      source: 'state-permit',
      title: 'Corrective action recorded without a due date',
      text: '“Re-trench 40 ft of silt fence” (responsible: Acme Sitework), found on May 11, 2026, was recorded without a date it must be done by. The state permit requires the work to begin within one business day (by May 12, 2026).',
      from: '2026-05-11',
      dueOn: '2026-05-12',
    });
    // Past due without a date: the law's date, and no "date set" words.
    expect(result(ca({ dueOn: null }), '2026-05-13').findings.find((x) => x.rule === 'corrective-overdue')?.text).toBe(
      '“Re-trench 40 ft of silt fence”, found on May 11, 2026, was due to begin by May 12, 2026 under the state permit and is not yet reported done.',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Duties at the start (L(3), E, J(6))

describe('duties at the start: the words, and once the site is finished', () => {
  const finished = { status: 'complete' as const, finalStabilizationOn: '2026-03-20' };
  const run = (p: Partial<ComplianceProject>, rule: RuleId, today = '2026-03-10') =>
    findings(
      data({
        p,
        inspections: on('2026-03-02', '2026-03-09', '2026-03-16'),
        summaries: allSummaries('2026-03', '2026-03'),
      }),
      ctx(at(today)),
      rule,
    );

  it('no assessment on file: open while work goes on, ended with the work; unknown is not accused', () => {
    expect(run({ preConstructionAssessmentOn: null }, 'pre-construction-assessment')).toEqual([
      {
        rule: 'pre-construction-assessment',
        key: 'pre-construction-assessment',
        severity: 'medium',
        status: 'open',
        section: SECTIONS.preConstruction,
        source: 'ordinance',
        title: 'No pre-construction assessment on file',
        text: 'Construction started on March 2, 2026 with no assessment on file by a qualified professional certifying that the erosion and sediment controls in the SWPPP were installed. The law requires it before construction starts.',
        from: '2026-03-02',
        dueOn: '2026-03-01',
      },
    ]);
    expect(
      run({ preConstructionAssessmentOn: null, ...finished }, 'pre-construction-assessment', '2026-04-20'),
    ).toMatchObject([{ status: 'resolved', resolvedOn: '2026-03-20' }]);
    expect(run({}, 'pre-construction-assessment')).toEqual([]);
  });

  it('an assessment after the start, in words', () => {
    expect(run({ preConstructionAssessmentOn: '2026-03-04' }, 'pre-construction-assessment')[0]).toMatchObject({
      resolvedOn: '2026-03-04',
      text: "Construction started on March 2, 2026, but the qualified professional's assessment of the site's erosion and sediment controls is dated March 4, 2026. The law requires it before construction starts.",
    });
  });

  it('work before authorization, in words; ended with the work when never authorized', () => {
    expect(run({ authorizationKnown: true, authorizedOn: null }, 'work-before-authorization')).toEqual([
      {
        rule: 'work-before-authorization',
        key: 'work-before-authorization',
        severity: 'high',
        status: 'open',
        section: SECTIONS.authorization,
        source: 'ordinance',
        title: 'Work started before the SWPPP was approved',
        text: "Construction started on March 2, 2026, and the SWPPP has not been approved, nor has the Town's time to act on a complete plan run out.",
        from: '2026-03-02',
      },
    ]);
    expect(run({ authorizationKnown: true, authorizedOn: '2026-03-05' }, 'work-before-authorization')[0]).toMatchObject(
      {
        status: 'resolved',
        resolvedOn: '2026-03-05',
        text: "Construction started on March 2, 2026; the SWPPP was approved (or the Town's 30 days to act ran out) only on March 5, 2026.",
      },
    );
    expect(
      run({ authorizationKnown: true, authorizedOn: null, ...finished }, 'work-before-authorization', '2026-04-20'),
    ).toMatchObject([{ status: 'resolved', resolvedOn: '2026-03-20' }]);
  });

  it('phasing above 20 acres, in words; ended with the work', () => {
    expect(run({ disturbedAcres: 24.5, phaseCount: 1, phasing: '  ' }, 'phasing-required')).toEqual([
      {
        rule: 'phasing-required',
        key: 'phasing-required',
        severity: 'medium',
        status: 'open',
        section: SECTIONS.phasing,
        source: 'ordinance',
        title: 'No phasing for a site disturbing more than 20 acres',
        text: 'The project will disturb 24.5 acres, and no construction phases are on file. The law requires phasing on every site disturbing more than 20 acres.',
        from: '2026-03-02',
      },
    ]);
    expect(run({ disturbedAcres: 24.5, ...finished }, 'phasing-required', '2026-04-20')).toMatchObject([
      { status: 'resolved', resolvedOn: '2026-03-20' },
    ]);
    expect(run({ disturbedAcres: 24.5, phaseCount: 2 }, 'phasing-required')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// What is due next, in order

describe('the due list: soonest first, exact hours before whole days', () => {
  it('a post-storm deadline at 2 PM comes before anything due by the end of the same day, and after the day before', () => {
    const ended = at('2026-03-08', '14:00');
    const r = evaluateCompliance(
      data({ inspections: on('2026-03-02') }),
      ctx(at('2026-03-08', '15:00'), { storms: [{ id: 1, endedAt: ended, inches: 1 }] }),
    );
    expect(r.due.map((o) => [o.kind, o.dueOn])).toEqual([
      ['post-storm', '2026-03-09'],
      ['inspection', '2026-03-09'],
      ['monthly-summary', '2026-04-10'],
    ]);
  });

  it('a post-storm deadline late in the evening still comes before the next day', () => {
    const ended = at('2026-03-07', '23:30');
    const r = evaluateCompliance(
      data({ inspections: on('2026-03-03') }),
      ctx(at('2026-03-08', '09:00'), { storms: [{ id: 1, endedAt: ended, inches: 1 }] }),
    );
    expect(r.due.map((o) => o.kind)).toEqual(['post-storm', 'inspection', 'monthly-summary']);
  });
});

// ---------------------------------------------------------------------------------------------
// The month tally for the operator's summary

describe('the month tally: what counts in the month, and the draft in words', () => {
  it('a quiet month: no storms, no problems, one inspection, no inspector named', () => {
    const t = tallyMonth(
      data({
        p: { actualStartOn: '2026-04-27' },
        inspections: [
          inspection('2026-04-30'),
          inspection('2026-05-04', '10:00', {
            disturbedAcresActive: 1,
            disturbedAcresInactive: 0,
            tempStabilizedAcres: null,
            finalStabilizedAcres: 1,
          }),
        ],
      }),
      '2026-05',
      ctx(at('2026-05-06')),
    );
    expect(t).toEqual({
      month: '2026-05',
      inspectionsDone: 1,
      inspectionsRequired: 0,
      stormEvents: 0,
      postStormInspections: 0,
      acresDisturbed: 1,
      acresStabilized: 1,
      correctiveOpened: 0,
      correctiveClosed: 0,
      correctiveOpen: 0,
      draftNarrative:
        'In May 2026 our qualified inspector inspected the site 1 time. There were no storms of half an inch or more. The inspector found no problems needing repair. No repair items were open at the end of the month. At the last inspection about 1.0 acre were open (bare soil) and 1.0 acre were stabilized.',
    });
  });

  it('one storm, one problem fixed, one still open at the month’s end: the words in the singular', () => {
    const ins = [
      inspection('2026-05-04'),
      { ...inspection('2026-05-12', '08:00'), type: 'post_storm' as const, stormEventId: 3 },
      inspection('2026-05-18'),
    ];
    const corrective = [
      {
        id: 1,
        description: 'a',
        responsibleParty: null,
        openedOn: '2026-05-04',
        dueOn: '2026-05-05',
        closedOn: '2026-05-05',
      },
      {
        id: 2,
        description: 'b',
        responsibleParty: null,
        openedOn: '2026-04-20',
        dueOn: '2026-04-21',
        closedOn: '2026-06-02',
      },
    ];
    const t = tallyMonth(
      data({ p: { actualStartOn: '2026-04-01' }, inspections: ins, corrective }),
      '2026-05',
      ctx(at('2026-06-05'), { storms: [{ id: 3, endedAt: at('2026-05-11', '20:00'), inches: 0.5 }] }),
    );
    expect(t).toMatchObject({
      inspectionsDone: 3,
      inspectionsRequired: 4,
      stormEvents: 1,
      postStormInspections: 1,
      correctiveOpened: 1,
      correctiveClosed: 1,
      correctiveOpen: 1,
    });
    expect(t.draftNarrative).toBe(
      'In May 2026 our qualified inspector inspected the site 3 times, including 1 inspection after storms of half an inch of rain or more. Rain gauges recorded 1 storm of half an inch or more. The inspector found 1 problem needing repair; 1 repair was finished. 1 repair item was still open at the end of the month. At the last inspection about 2.5 acres were open (bare soil) and 0.0 acres were stabilized.',
    );
  });

  it('counts only to today in the current month, and only to final stabilization in the last', () => {
    const ins = on('2026-05-04', '2026-05-11', '2026-05-18');
    const storms = [
      { id: 1, endedAt: at('2026-05-05'), inches: 1 },
      { id: 2, endedAt: at('2026-05-20'), inches: 1 },
      { id: 3, endedAt: at('2026-05-25'), inches: 1 },
    ];
    const now = tallyMonth(
      data({ p: { actualStartOn: '2026-05-01' }, inspections: ins }),
      '2026-05',
      ctx(at('2026-05-14'), { storms }),
    );
    expect(now).toMatchObject({ inspectionsDone: 2, inspectionsRequired: 2, stormEvents: 1 });
    const ended = tallyMonth(
      data({
        p: { actualStartOn: '2026-05-01', finalStabilizationOn: '2026-05-20', status: 'final_stabilization' },
        inspections: ins,
      }),
      '2026-05',
      ctx(at('2026-06-14'), { storms }),
    );
    expect(ended).toMatchObject({ inspectionsDone: 3, inspectionsRequired: 2, stormEvents: 1 });
    // A month before work started owes nothing.
    expect(
      tallyMonth(data({ p: { actualStartOn: '2026-05-01' } }), '2026-04', ctx(at('2026-05-14'))).inspectionsRequired,
    ).toBe(0);
    expect(
      tallyMonth(data({ p: { actualStartOn: '2026-05-01' } }), '2026-05', ctx(at('2026-05-14'))).acresDisturbed,
    ).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// What residents read as "Law:" under each finding, and the law's numbers

describe('the law each finding cites, in the words residents read', () => {
  it('every section, as published', () => {
    expect(SECTIONS).toEqual({
      routine:
        'Subsection L(3): inspection by a qualified professional at least every seven calendar days (the ordinance has no winter exception)',
      postStorm: 'Subsection L(3): inspection within 24 hours of the end of a storm of 0.5 inches or more',
      twiceWeekly:
        'State construction permit (SPDES GP-0-25-001), with Subsection L(3): two inspections every seven days, separated by at least two full calendar days, when more than five acres are disturbed at once or the site drains to impaired waters',
      summary:
        'Subsection L(5): the operator posts a summary of the site inspection activities at the site, in a publicly accessible location, every month',
      fiveAcres:
        "Subsection J(6): no more than five acres of disturbed soil at one time without DEC's prior written approval",
      stabilization: 'Subsection J(7): stabilization begun within 14 days after work stops in a part of the site',
      sediment: 'Subsection J(16): sediment removed from a sediment trap or pond when it has lost 50% of its capacity',
      corrective:
        'Subsection L(3)(f): deficiencies found at an inspection corrected (the state permit: begun within one business day)',
      correctiveDate:
        'Subsection L(3)(f) with the state permit (SPDES GP-0-25-001): corrective action begun within one business day unless a later date is justified in writing',
      preConstruction:
        'Subsection L(3): a qualified professional assesses the site and certifies the controls are installed before construction starts',
      authorization:
        'Subsection E: land development may not proceed until the SWPPP is approved, or the Town fails to act on a complete plan within 30 days',
      phasing: 'Subsection J(6): phasing is required on sites disturbing more than 20 acres',
      notice:
        'Subsection L(1): the applicant notifies the Stormwater Management Officer at least 48 hours before each inspection milestone',
    });
  });

  it('the numbers the ordinance and the state permit set, and the Town’s own day', () => {
    expect(DEFAULT_COMPLIANCE_SETTINGS).toEqual({
      routineMaxDays: 7,
      winterMaxDays: 30,
      postStormHours: 24,
      stormInches: 0.5,
      twiceWeeklyOverAcres: 5,
      twiceWeeklyImpaired: true,
      twiceWeeklyMinDaysApart: 2,
      summaryDueDay: 10,
      fiveAcreLimit: 5,
      sedimentCleanoutPct: 50,
      stabilizationDays: 14,
      resumeWithinDays: 21,
    });
    // J(16) names sediment traps and sediment ponds (basins) only.
    expect(SEDIMENT_STORAGE_PRACTICES).toEqual(['sediment_trap', 'sediment_basin']);
  });
});

// ---------------------------------------------------------------------------------------------
// More edges the mutation run found

describe('edges: winter windows, weeks and days at their limits', () => {
  const summaries = allSummaries('2026-03', '2026-06');

  it.each([
    [
      'a shutdown with no end is no shutdown',
      { winterShutdownFrom: '2026-12-15', winterShutdownTo: null },
      '2026-12-10',
      false,
    ],
    ['one with no start is none', { winterShutdownFrom: null, winterShutdownTo: '2027-03-15' }, '2026-12-10', false],
    [
      'one that ends before it starts is none',
      { winterShutdownFrom: '2027-03-15', winterShutdownTo: '2026-12-15' },
      '2026-12-20',
      false,
    ],
    [
      'one that ends five days before it starts is none',
      { winterShutdownFrom: '2026-12-20', winterShutdownTo: '2026-12-15' },
      '2026-12-14',
      false,
    ],
    [
      'a one-day shutdown is a shutdown',
      { winterShutdownFrom: '2026-12-17', winterShutdownTo: '2026-12-17' },
      '2026-12-10',
      true,
    ],
    [
      'the week due on the shutdown’s first day falls in it',
      { winterShutdownFrom: '2026-12-15', winterShutdownTo: '2027-03-15' },
      '2026-12-08',
      true,
    ],
    [
      'the week due the day before does not',
      { winterShutdownFrom: '2026-12-15', winterShutdownTo: '2027-03-15' },
      '2026-12-07',
      false,
    ],
  ] as Array<[string, Partial<ComplianceProject>, string, boolean]>)('%s', (_name, p, last, winter) => {
    expect(nextInspectionDue(last, project(p), DEFAULT_COMPLIANCE_SETTINGS).winter).toBe(winter);
  });

  it('a gap after a later inspection: dated, titled and keyed from that inspection', () => {
    const [f] = findings(
      data({ inspections: on('2026-03-02', '2026-03-09', '2026-03-18', '2026-03-25'), summaries }),
      ctx(at('2026-03-26')),
      'routine-gap',
    );
    expect(f).toMatchObject({
      key: 'routine-gap:2026-03-09',
      title: '9 days without an inspection',
      dueOn: '2026-03-16',
      from: '2026-03-17',
      resolvedOn: '2026-03-18',
    });
    expect(f.text).toBe(
      'No inspection for 9 days after the inspection of March 9, 2026: the next was on March 18, 2026. The law requires one at least every 7 days, so it was due by March 16, 2026.',
    );
  });

  it('inspections in any order, and one recorded for a time still to come does not count yet', () => {
    expect(
      findings(
        data({ inspections: on('2026-03-16', '2026-03-02', '2026-03-09'), summaries }),
        ctx(at('2026-03-17')),
        'routine-gap',
      ),
    ).toEqual([]);
    expect(
      findings(
        data({ inspections: [...on('2026-03-02'), inspection('2026-03-10', '15:00')], summaries }),
        ctx(at('2026-03-10', '12:00')),
        'routine-gap',
      ),
    ).toMatchObject([{ status: 'open', dueOn: '2026-03-09' }]);
  });

  const twice = (
    ins: ComplianceInspection[],
    today: string,
    p: Partial<ComplianceProject> = { maxDisturbedAtOnceAcres: 7.5 },
    time = '08:00',
  ) =>
    evaluateCompliance(
      data({ p: { actualStartOn: '2026-06-01', ...p }, inspections: ins, summaries }),
      ctx(at(today, time)),
    );
  const weeks = (ins: ComplianceInspection[], today: string, p?: Partial<ComplianceProject>) =>
    twice(ins, today, p)
      .findings.filter((f) => f.rule === 'twice-weekly')
      .map((f) => f.key);

  it('Monday and Sunday of the same week are two inspections far enough apart', () => {
    expect(weeks(on('2026-06-01', '2026-06-07', '2026-06-08', '2026-06-11'), '2026-06-15')).toEqual([]);
  });

  it('the week ending today is not judged yet', () => {
    const r = twice(on('2026-06-01'), '2026-06-07', undefined, '20:00');
    expect(r.findings.filter((f) => f.rule === 'twice-weekly')).toEqual([]);
    expect(r.due.find((o) => o.kind === 'twice-weekly')?.text).toMatch(
      /^Second inspection this week: on or after June 4, 2026 and by June 7, 2026 /,
    );
  });

  it('a first inspection on Thursday leaves Sunday for the second', () => {
    const r = twice(
      on('2026-06-01', '2026-06-04', '2026-06-08', '2026-06-11', '2026-06-18'),
      '2026-06-18',
      undefined,
      '20:00',
    );
    expect(r.due.find((o) => o.kind === 'twice-weekly')?.text).toBe(
      'Second inspection this week: on or after June 21, 2026 and by June 21, 2026 (two a week, separated by at least 2 full calendar days, because the plan allows 7.5 acres disturbed at once (more than 5)).',
    );
  });

  it.each([
    ['a shutdown that ended the day before the week: judged', '2026-05-20', '2026-06-07', ['twice-weekly:2026-06-08']],
    [
      'a shutdown over the first week only: the second week is judged',
      '2026-06-01',
      '2026-06-03',
      ['twice-weekly:2026-06-08'],
    ],
  ])('%s', (_name, from, to, keys) => {
    expect(
      weeks(on('2026-06-01', '2026-06-04', '2026-06-08'), '2026-06-15', {
        maxDisturbedAtOnceAcres: 7.5,
        winterShutdownFrom: from,
        winterShutdownTo: to,
      }),
    ).toEqual(keys);
  });

  it('acres recorded exactly 7 days before a week count for it; acres recorded on its last day count for it', () => {
    const six = (date: string) => inspection(date, '10:00', { disturbedAcresActive: 6, disturbedAcresInactive: 0 });
    const two = (date: string) => inspection(date, '10:00', { disturbedAcresActive: 2, disturbedAcresInactive: 0 });
    // 6 acres on Monday June 1: that week and the next (no inspection) both need two.
    const f = twice([six('2026-06-01'), two('2026-06-15')], '2026-06-16', {
      maxDisturbedAtOnceAcres: 3,
    }).findings.filter((x) => x.rule === 'twice-weekly');
    expect(f.map((x) => [x.key, x.title])).toEqual([
      ['twice-weekly:2026-06-01', 'Fewer than two inspections a week for 2 weeks'],
    ]);
    // 6 acres on Sunday June 7, the week's only inspection: that week needed two.
    expect(
      weeks([six('2026-06-07'), two('2026-06-10'), two('2026-06-13')], '2026-06-15', { maxDisturbedAtOnceAcres: 3 }),
    ).toEqual(['twice-weekly:2026-06-01']);
    // Acres recorded more than 7 days before a week do not count for it.
    expect(
      twice([six('2026-06-01'), two('2026-06-22')], '2026-06-23', { maxDisturbedAtOnceAcres: 3 })
        .findings.filter((x) => x.rule === 'twice-weekly')
        .map((x) => x.title),
    ).toEqual(['Fewer than two inspections a week for 2 weeks']);
    // Exactly 5 acres recorded is not more than 5.
    expect(
      weeks(
        [inspection('2026-06-01', '10:00', { disturbedAcresActive: 5, disturbedAcresInactive: 0 }), two('2026-06-08')],
        '2026-06-15',
        { maxDisturbedAtOnceAcres: 3 },
      ),
    ).toEqual([]);
  });
});

describe('edges: storms at the end of the work, and the 24th hour', () => {
  const summaries = allSummaries('2026-03', '2026-04');
  const ended = at('2026-05-12', '14:00');

  it('a storm on the day of final stabilization needs no inspection, even with none after it', () => {
    const d = data({
      p: { finalStabilizationOn: '2026-05-20', status: 'final_stabilization' },
      inspections: on('2026-05-05', '2026-05-12', '2026-05-19'),
      summaries,
    });
    expect(
      findings(
        d,
        ctx(at('2026-06-01'), { storms: [{ id: 1, endedAt: at('2026-05-20', '08:00'), inches: 1 }] }),
        'post-storm',
      ),
    ).toEqual([]);
    expect(
      findings(
        d,
        ctx(at('2026-06-01'), { storms: [{ id: 1, endedAt: at('2026-05-19', '12:00'), inches: 1 }] }),
        'post-storm',
      ),
    ).toHaveLength(1);
  });

  it('at the 24th hour exactly it is still owed, not missed', () => {
    const r = evaluateCompliance(
      data({ inspections: on('2026-05-05', '2026-05-11'), summaries }),
      ctx(hours(ended, 24), { storms: [{ id: 1, endedAt: ended, inches: 1 }] }),
    );
    expect(r.findings.filter((f) => f.rule === 'post-storm')).toEqual([]);
    expect(r.due.filter((o) => o.kind === 'post-storm')).toHaveLength(1);
  });
});

describe('edges: summaries, five acres, stabilization, sediment, corrective actions', () => {
  it('a draft after a filed summary does not undo the filing', () => {
    const d = data({
      p: { actualStartOn: '2026-01-05' },
      inspections: on('2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26', '2026-02-02', '2026-02-09'),
      summaries: [
        { month: '2026-01', version: 1, submittedAt: at('2026-02-09') },
        { month: '2026-01', version: 2, submittedAt: null },
      ],
    });
    expect(findings(d, ctx(at('2026-02-12'))).filter((f) => f.rule.startsWith('summary'))).toEqual([]);
  });

  it('a summary late and one missing, in full', () => {
    const d = data({
      p: { actualStartOn: '2026-01-05' },
      inspections: on(
        '2026-01-05',
        '2026-01-12',
        '2026-01-19',
        '2026-01-26',
        '2026-02-02',
        '2026-02-09',
        '2026-02-16',
        '2026-02-23',
        '2026-03-02',
        '2026-03-09',
      ),
      summaries: [{ month: '2026-01', version: 1, submittedAt: at('2026-02-12') }],
    });
    expect(findings(d, ctx(at('2026-03-11'))).filter((f) => f.rule.startsWith('summary'))).toEqual([
      {
        rule: 'summary-missing',
        key: 'summary-missing:2026-02',
        severity: 'medium',
        status: 'open',
        section:
          "Subsection L(5): the operator posts a summary of the site inspection activities at the site, in a publicly accessible location, every month; a copy filed with the Town by day 10 of the following month is the Town's setting, not a date in the ordinance",
        source: 'ordinance-and-town-setting',
        title: 'February 2026 summary not filed with the Town',
        text: 'The monthly summary for February 2026 has not been filed with the Town, which set March 10, 2026 as the date for its copy. The ordinance (Subsection L(5)) requires the operator to post a summary of the site inspection activities at the site, in a publicly accessible location, every month; the filing date is the Town’s own.',
        from: '2026-03-11',
        dueOn: '2026-03-10',
      },
      {
        rule: 'summary-late',
        key: 'summary-late:2026-01',
        severity: 'low',
        status: 'resolved',
        section:
          "Subsection L(5): the operator posts a summary of the site inspection activities at the site, in a publicly accessible location, every month; a copy filed with the Town by day 10 of the following month is the Town's setting, not a date in the ordinance",
        source: 'ordinance-and-town-setting',
        title: 'January 2026 summary filed late',
        text: 'The monthly summary for January 2026 was filed with the Town on February 12, 2026, 2 days after the date the Town set for its copy (February 10, 2026). The ordinance (Subsection L(5)) requires the operator to post a summary of the site inspection activities at the site, in a publicly accessible location, every month; the filing date is the Town’s own.',
        from: '2026-02-11',
        dueOn: '2026-02-10',
        resolvedOn: '2026-02-12',
      },
    ]);
  });

  const acres = (date: string, active: number | null, inactive: number | null) =>
    inspection(date, '10:00', { disturbedAcresActive: active, disturbedAcresInactive: inactive });
  const five = (ins: ComplianceInspection[], today: string, p: Partial<ComplianceProject> = {}) =>
    findings(data({ p, inspections: ins, summaries: allSummaries('2026-03', '2026-03') }), ctx(at(today))).filter((f) =>
      f.rule.startsWith('over-five'),
    );

  it('one inspection over the limit, still open: the words name only it', () => {
    expect(five([acres('2026-03-02', 3, 0), acres('2026-03-09', 6.5, 0)], '2026-03-10').map((f) => f.text)).toEqual([
      "The inspection of March 9, 2026 recorded 6.5 acres of disturbed soil at once. More than 5 acres at one time needs the state DEC's prior written approval, and none is on file.",
    ]);
  });

  it.each([
    ['active acres not recorded', null, 6],
    ['inactive acres not recorded', 6, null],
  ])('counts what was recorded: %s', (_name, active, inactive) => {
    expect(
      five([acres('2026-03-02', 3, 0), acres('2026-03-09', active, inactive)], '2026-03-10').map((f) => f.rule),
    ).toEqual(['over-five-acres']);
  });

  it('an inspection on the last day of the work counts', () => {
    expect(
      five([acres('2026-03-02', 3, 0), acres('2026-03-09', 3, 0), acres('2026-03-20', 8, 0)], '2026-04-01', {
        finalStabilizationOn: '2026-03-20',
        status: 'final_stabilization',
      }).map((f) => [f.rule, f.status, f.resolvedOn]),
    ).toEqual([['over-five-acres', 'resolved', '2026-03-20']]);
  });

  it('inspections before the start or after the end do not count', () => {
    expect(
      five([acres('2026-02-27', 8, 0), acres('2026-03-02', 3, 0), acres('2026-03-09', 3, 0)], '2026-03-10'),
    ).toEqual([]);
    expect(
      five([acres('2026-03-02', 3, 0), acres('2026-03-09', 3, 0), acres('2026-03-25', 8, 0)], '2026-04-01', {
        finalStabilizationOn: '2026-03-20',
        status: 'final_stabilization',
      }),
    ).toEqual([]);
  });

  it('the plan is flagged for an approved project under way, and beside an over-five finding that has ended', () => {
    expect(
      five(on('2026-03-02', '2026-03-09'), '2026-03-10', { status: 'approved', maxDisturbedAtOnceAcres: 7.5 }).map(
        (f) => f.rule,
      ),
    ).toEqual(['over-five-acres-planned']);
    expect(
      five([acres('2026-03-02', 6, 0), acres('2026-03-09', 3, 0)], '2026-03-10', { maxDisturbedAtOnceAcres: 7.5 }).map(
        (f) => [f.rule, f.status],
      ),
    ).toEqual([
      ['over-five-acres-planned', 'open'],
      ['over-five-acres', 'resolved'],
    ]);
  });

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
  const stab = (ins: ComplianceInspection[], today: string, p: Partial<ComplianceProject> = {}) =>
    evaluateCompliance(
      data({ p, inspections: [...on('2026-05-26'), ...ins], summaries: allSummaries('2026-03', '2026-05') }),
      ctx(at(today)),
    );
  const stabFindings = (ins: ComplianceInspection[], today: string, p: Partial<ComplianceProject> = {}) =>
    stab(ins, today, p).findings.filter((f) => f.rule === 'stabilization');
  const stabDue = (ins: ComplianceInspection[], today: string) =>
    stab(ins, today).due.filter((o) => o.kind === 'stabilization');

  it('two areas are two findings', () => {
    expect(
      stabFindings([visit('2026-06-16', [area(), area({ area: 'South swale' })])], '2026-06-16').map((f) => f.key),
    ).toEqual(['stabilization:north slope:2026-06-01', 'stabilization:south swale:2026-06-01']);
  });

  it.each([
    [
      'snow at the inspection on day 14 itself',
      [visit('2026-06-15', [area()], true), visit('2026-06-16', [area()]), visit('2026-06-23', [area()])],
      'Stabilization not begun as soon as practicable after snow or frozen ground',
      '2026-06-16',
    ],
    [
      'snow the day after day 14, the ground clear on day 14',
      [
        visit('2026-06-15', [area()]),
        visit('2026-06-16', [area()], true),
        visit('2026-06-23', [area()]),
        visit('2026-06-30', [area()]),
      ],
      'Stabilization not begun as soon as practicable after snow or frozen ground',
      '2026-06-23',
    ],
  ] as Array<[string, ComplianceInspection[], string, string]>)('%s', (_name, ins, title, dueOn) => {
    expect(stabFindings(ins, '2026-06-30')).toMatchObject([{ title, dueOn }]);
  });

  it('no inspection at all before day 14: the first one after it decides', () => {
    const r = evaluateCompliance(
      data({ p: { actualStartOn: '2026-06-01' }, inspections: [visit('2026-06-16', [area()])], summaries: [] }),
      ctx(at('2026-06-16')),
    );
    expect(r.findings.filter((f) => f.rule === 'stabilization')).toMatchObject([
      { status: 'open', dueOn: '2026-06-15' },
    ]);
  });

  it('listings after the end of the work do not count', () => {
    expect(
      stabFindings([visit('2026-06-09', [area()]), visit('2026-06-25', [area()])], '2026-07-01', {
        finalStabilizationOn: '2026-06-12',
        status: 'final_stabilization',
      }),
    ).toEqual([]);
  });

  it.each([
    [
      'owed on day 14 itself, in words',
      [visit('2026-06-08', [area()])],
      '2026-06-15',
      [
        {
          kind: 'stabilization',
          dueOn: '2026-06-15',
          text: 'Begin stabilizing North slope (1.2 acres) by June 15, 2026: work there stopped on June 1, 2026.',
        },
      ],
    ],
    ['not once begun', [visit('2026-06-08', [area({ stabilizationBegunOn: '2026-06-05' })])], '2026-06-09', []],
    ['not when work resumes in time', [visit('2026-06-08', [area({ resumesOn: '2026-06-12' })])], '2026-06-09', []],
    [
      'not when the area left the latest report',
      [visit('2026-06-08', [area()]), visit('2026-06-09', [])],
      '2026-06-10',
      [],
    ],
    [
      'not after day 14 with no inspection since (nothing to judge yet)',
      [visit('2026-06-08', [area()])],
      '2026-06-17',
      [],
    ],
  ] as Array<[string, ComplianceInspection[], string, unknown[]]>)(
    'the stabilization due: %s',
    (_name, ins, today, due) => {
      expect(stabDue(ins, today)).toEqual(due);
    },
  );

  it('snow before day 14: owed as soon as the ground allows, from day 14', () => {
    expect(stabDue([visit('2026-06-12', [area()], true)], '2026-06-13')).toEqual([
      {
        kind: 'stabilization',
        dueOn: '2026-06-15',
        text: 'Begin stabilizing North slope (1.2 acres) as soon as snow cover or frozen ground allows: work there stopped on June 1, 2026, and the 14 days ran out on June 15, 2026.',
      },
    ]);
  });

  const trap = (date: string, pct: number) =>
    inspection(date, '10:00', {
      practices: [{ practice: 'Sediment trap ST-2', practiceType: 'sediment_trap', sedimentAccumulationPct: pct }],
    });
  it('sediment readings after the end of the work do not count; one on the last day does', () => {
    const p = { finalStabilizationOn: '2026-05-20', status: 'final_stabilization' as const };
    const sed = (ins: ComplianceInspection[]) =>
      findings(
        data({ p, inspections: ins, summaries: allSummaries('2026-03', '2026-04') }),
        ctx(at('2026-06-01')),
        'sediment-cleanout',
      );
    expect(sed([trap('2026-05-04', 60), trap('2026-05-25', 70)])).toEqual([]);
    expect(sed([trap('2026-05-14', 60), trap('2026-05-20', 70)])).toHaveLength(1);
  });

  it('a corrective action due the day it was found, done the next day, was late', () => {
    const r = evaluateCompliance(
      data({
        p: { actualStartOn: '2026-05-11' },
        inspections: on('2026-05-11'),
        corrective: [
          {
            id: 3,
            description: 'Sweep the entrance',
            responsibleParty: null,
            openedOn: '2026-05-11',
            dueOn: '2026-05-11',
            closedOn: '2026-05-12',
          },
        ],
      }),
      ctx(at('2026-05-13')),
    );
    expect(r.findings).toMatchObject([
      { rule: 'corrective-overdue', title: 'Corrective action finished late', dueOn: '2026-05-11' },
    ]);
  });

  it('after the end of the work only the monthly summaries stay on the due list', () => {
    const r = evaluateCompliance(
      data({
        p: { finalStabilizationOn: '2026-03-20', status: 'final_stabilization' },
        inspections: on('2026-03-02', '2026-03-09', '2026-03-16', '2026-03-20'),
        corrective: [
          {
            id: 3,
            description: 'Sweep the entrance',
            responsibleParty: null,
            openedOn: '2026-03-20',
            dueOn: '2026-03-23',
            closedOn: null,
          },
        ],
      }),
      ctx(at('2026-03-21')),
    );
    expect(r.due.map((o) => o.kind)).toEqual(['monthly-summary']);
  });

  it('late notices before the work starts come in the engine’s order too', () => {
    const milestone = at('2026-06-17', '09:00');
    const n = (id: number, givenAt: Date): ComplianceNotice => ({
      id,
      milestone: 'start_of_construction',
      givenAt,
      scheduledFor: milestone,
    });
    const f = findings(
      data({
        p: { status: 'approved', actualStartOn: null },
        notices: [n(1, hours(milestone, -20)), n(2, hours(milestone, 1))],
      }),
      ctx(at('2026-06-18')),
    );
    expect(f.map((x) => x.key)).toEqual(['late-48-hour-notice:2', 'late-48-hour-notice:1']);
  });
});

describe('edges: the month tally', () => {
  it('storms on the first and the last day of the month count; those on or after the end of the work do not', () => {
    const storms = [
      { id: 1, endedAt: at('2026-05-01', '01:00'), inches: 1 },
      { id: 2, endedAt: at('2026-05-31', '23:00'), inches: 1 },
      { id: 3, endedAt: at('2026-04-30', '23:00'), inches: 1 },
    ];
    expect(
      tallyMonth(data({ p: { actualStartOn: '2026-04-01' } }), '2026-05', ctx(at('2026-06-05'), { storms }))
        .stormEvents,
    ).toBe(2);
    const two = [
      { id: 1, endedAt: at('2026-05-05'), inches: 1 },
      { id: 2, endedAt: at('2026-05-06'), inches: 1 },
      { id: 3, endedAt: at('2026-05-20'), inches: 1 },
    ];
    expect(
      tallyMonth(
        data({ p: { actualStartOn: '2026-04-01', finalStabilizationOn: '2026-05-20', status: 'final_stabilization' } }),
        '2026-05',
        ctx(at('2026-06-05'), { storms: two }),
      ).stormEvents,
    ).toBe(2);
  });

  it('post-storm inspections count only for the month’s storms', () => {
    const ins = [
      { ...inspection('2026-05-06'), type: 'post_storm' as const, stormEventId: 1 },
      { ...inspection('2026-05-07'), type: 'post_storm' as const, stormEventId: null },
      { ...inspection('2026-05-08'), type: 'routine' as const, stormEventId: 1 },
      { ...inspection('2026-05-09'), type: 'post_storm' as const, stormEventId: 9 },
    ];
    expect(
      tallyMonth(
        data({ p: { actualStartOn: '2026-04-01' }, inspections: ins }),
        '2026-05',
        ctx(at('2026-06-05'), {
          storms: [
            { id: 1, endedAt: at('2026-05-05'), inches: 1 },
            { id: 9, endedAt: at('2026-05-08'), inches: 0.2 },
          ],
        }),
      ).postStormInspections,
    ).toBe(1);
  });

  it('corrective actions opened, closed and still open, at the month’s edges', () => {
    const c = (id: number, openedOn: string, closedOn: string | null) => ({
      id,
      description: 'x',
      responsibleParty: null,
      openedOn,
      dueOn: null,
      closedOn,
    });
    const corrective = [
      c(1, '2026-05-01', '2026-05-31'),
      c(2, '2026-04-30', '2026-05-01'),
      c(3, '2026-05-31', '2026-06-01'),
      c(4, '2026-06-01', null),
      c(5, '2026-04-20', '2026-04-30'),
    ];
    expect(
      tallyMonth(data({ p: { actualStartOn: '2026-04-01' }, corrective }), '2026-05', ctx(at('2026-06-05'))),
    ).toMatchObject({ correctiveOpened: 2, correctiveClosed: 2, correctiveOpen: 1 });
  });

  it('winter days count once a week, to the day', () => {
    // May 2026 with a "shutdown" from the 1st to the 7th: 7 winter days (1 inspection) and 24 others (3).
    expect(
      tallyMonth(
        data({ p: { actualStartOn: '2026-04-01', winterShutdownFrom: '2026-05-01', winterShutdownTo: '2026-05-07' } }),
        '2026-05',
        ctx(at('2026-06-05')),
      ).inspectionsRequired,
    ).toBe(4);
    expect(
      tallyMonth(
        data({
          p: {
            actualStartOn: '2026-04-01',
            maxDisturbedAtOnceAcres: 8,
            winterShutdownFrom: '2026-05-01',
            winterShutdownTo: '2026-05-07',
          },
        }),
        '2026-05',
        ctx(at('2026-06-05')),
      ).inspectionsRequired,
    ).toBe(7);
  });

  it('the month’s inspections from its first day, the acres from the latest, in any order', () => {
    const ins = [
      inspection('2026-05-20', '10:00', { disturbedAcresActive: 1.5, disturbedAcresInactive: 0 }),
      inspection('2026-05-01', '08:00', { disturbedAcresActive: 4, disturbedAcresInactive: 0 }),
      inspection('2026-04-30', '10:00'),
    ];
    expect(
      tallyMonth(data({ p: { actualStartOn: '2026-04-01' }, inspections: ins }), '2026-05', ctx(at('2026-06-05'))),
    ).toMatchObject({ inspectionsDone: 2, acresDisturbed: 1.5 });
  });

  it('a project with no start recorded is counted over the whole month', () => {
    expect(
      tallyMonth(data({ p: { status: 'approved', actualStartOn: null } }), '2026-05', ctx(at('2026-06-05')))
        .inspectionsRequired,
    ).toBe(4);
  });

  it('repairs opened but none finished, and none open at the month’s end: the words', () => {
    const corrective = [
      { id: 1, description: 'x', responsibleParty: null, openedOn: '2026-05-04', dueOn: null, closedOn: null },
      { id: 2, description: 'y', responsibleParty: null, openedOn: '2026-05-05', dueOn: null, closedOn: null },
    ];
    expect(
      tallyMonth(data({ p: { actualStartOn: '2026-04-01' }, corrective }), '2026-05', ctx(at('2026-06-05')))
        .draftNarrative,
    ).toBe(
      'In May 2026 our qualified inspector inspected the site 0 times. There were no storms of half an inch or more. The inspector found 2 problems needing repair; 0 repairs were finished. 2 repair items were still open at the end of the month.',
    );
    const closedOnly = [
      { id: 1, description: 'x', responsibleParty: null, openedOn: '2026-04-28', dueOn: null, closedOn: '2026-05-02' },
    ];
    expect(
      tallyMonth(data({ p: { actualStartOn: '2026-04-01' }, corrective: closedOnly }), '2026-05', ctx(at('2026-06-05')))
        .draftNarrative,
    ).toMatch(
      /The inspector found 0 problems needing repair; 1 repair was finished\. No repair items were open at the end of the month\.$/,
    );
  });
});
