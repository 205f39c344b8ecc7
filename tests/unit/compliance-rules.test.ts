/**
 * The compliance rules engine, rule by rule, with the edges the law turns on: exactly seven days, 23h59
 * versus 24h01 after a storm, month boundaries, and daylight-saving changes (America/New_York).
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COMPLIANCE_SETTINGS,
  evaluateCompliance,
  localDay,
  nextInspectionDue,
  summaryDueOn,
  tallyMonth,
  type ComplianceContext,
  type ComplianceInspection,
  type ComplianceProject,
  type ComplianceSettings,
  type ComplianceStorm,
  type ProjectComplianceData,
  type RuleId,
} from '#lib/server/compliance/compliance.rules.ts';
import { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';

// ---------------------------------------------------------------------------------------------
// Builders

const at = (date: string, time = '10:00') => townInstant(date, time);

function project(over: Partial<ComplianceProject> = {}): ComplianceProject {
  return {
    id: 1,
    slug: 'test-site',
    name: 'Test Site',
    status: 'active',
    actualStartOn: '2026-03-02',
    finalStabilizationOn: null,
    notFiledOn: null,
    maxDisturbedAtOnceAcres: 3,
    decFiveAcreApproval: false,
    decFiveAcreApprovalOn: null,
    winterShutdownFrom: null,
    winterShutdownTo: null,
    drainsToImpairedWaters: false,
    ...over,
  };
}

let nextId = 1;
function inspection(date: string, time = '10:00', over: Partial<ComplianceInspection> = {}): ComplianceInspection {
  return {
    id: nextId++,
    inspectedAt: at(date, time),
    type: 'routine',
    disturbedAcresActive: 2,
    disturbedAcresInactive: 0.5,
    snowCover: false,
    practices: [],
    inactiveAreas: [],
    ...over,
  };
}

/** Inspections on the given local dates (10:00). */
const on = (...dates: string[]) => dates.map((d) => inspection(d));

function data(over: Partial<ProjectComplianceData> & { p?: Partial<ComplianceProject> } = {}): ProjectComplianceData {
  const { p, ...rest } = over;
  return { project: project(p), inspections: [], summaries: [], corrective: [], ...rest };
}

function ctx(now: Date, over: Partial<Omit<ComplianceContext, 'settings'>> & { settings?: Partial<ComplianceSettings> } = {}): ComplianceContext {
  const { settings, ...rest } = over;
  return { now, storms: [], ...rest, settings: { ...DEFAULT_COMPLIANCE_SETTINGS, ...settings } };
}

function findings(d: ProjectComplianceData, c: ComplianceContext, rule?: RuleId) {
  return evaluateCompliance(d, c).findings.filter((f) => !rule || f.rule === rule);
}

// Every filed summary on time, so the monthly rule stays out of the way of the others.
function allSummaries(from: string, to: string) {
  const out = [];
  for (let y = Number(from.slice(0, 4)), m = Number(from.slice(5, 7)); `${y}-${String(m).padStart(2, '0')}` <= to; m === 12 ? (y++, (m = 1)) : m++) {
    out.push({ month: `${y}-${String(m).padStart(2, '0')}`, version: 1, submittedAt: at(`${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-05`) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

describe('local calendar days', () => {
  it.each([
    ['late evening in winter (EST, UTC-5)', '2026-01-15T04:30:00Z', '2026-01-14'],
    ['just after local midnight in winter', '2026-01-15T05:00:00Z', '2026-01-15'],
    ['late evening in summer (EDT, UTC-4)', '2026-07-15T03:59:00Z', '2026-07-14'],
    ['just after local midnight in summer', '2026-07-15T04:00:00Z', '2026-07-15'],
    ['the hour clocks fall back (1:30 happens twice)', '2026-11-01T06:30:00Z', '2026-11-01'],
  ])('%s', (_name, iso, day) => {
    expect(localDay(new Date(iso))).toBe(day);
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
    const d = data({ inspections: on('2026-03-02', '2026-03-10', '2026-03-17', '2026-03-24', '2026-03-31', '2026-04-07', '2026-04-14'), summaries });
    const [gap] = findings(d, ctx(now), 'routine-gap');
    expect(gap).toMatchObject({ status: 'resolved', severity: 'medium', dueOn: '2026-03-09', from: '2026-03-10', resolvedOn: '2026-03-10' });
    expect(gap.section).toMatch(/Subsection L\(3\)/);
    expect(gap.text).toBe('No inspection for 8 days after the inspection of March 2, 2026: the next was on March 10, 2026. The law requires one at least every 7 days, so it was due by March 9, 2026.');
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
    const d = data({ p: { actualStartOn: '2026-03-07' }, inspections: [inspection('2026-03-07', '23:30'), inspection('2026-03-15', '00:15')] });
    expect(findings(d, ctx(at('2026-03-15', '01:00')), 'routine-gap')).toMatchObject([{ dueOn: '2026-03-14', resolvedOn: '2026-03-15' }]);
  });

  it.each([
    ['29 days into a winter shutdown is fine', '2026-12-16', '2027-01-14', 0],
    ['31 days into a winter shutdown is a gap', '2026-12-16', '2027-01-16', 1],
    ['once the shutdown ends, 7 days again', '2027-03-10', '2027-03-23', 1],
    ['shutdown end plus 7 days is on time', '2027-03-10', '2027-03-22', 0],
  ])('winter shutdown (Dec 15 to Mar 15) reduces inspections to every 30 days: %s', (_name, a, b, gaps) => {
    const d = data({ p: { actualStartOn: '2026-12-01', winterShutdownFrom: '2026-12-15', winterShutdownTo: '2027-03-15' }, inspections: on('2026-12-01', '2026-12-08', a, b) });
    const found = findings(d, ctx(at(b, '12:00')), 'routine-gap').filter((f) => f.from > a);
    expect(found).toHaveLength(gaps);
    if (gaps) expect(found[0].text).toMatch(/every (30|7) days/);
  });

  it('explains the winter allowance when computing the next due date', () => {
    const p = project({ winterShutdownFrom: '2026-12-15', winterShutdownTo: '2027-03-15' });
    expect(nextInspectionDue('2026-12-10', p, DEFAULT_COMPLIANCE_SETTINGS)).toEqual({ dueOn: '2027-01-09', winter: true });
    expect(nextInspectionDue('2026-12-01', p, DEFAULT_COMPLIANCE_SETTINGS)).toEqual({ dueOn: '2026-12-08', winter: false });
    expect(nextInspectionDue('2027-03-15', p, DEFAULT_COMPLIANCE_SETTINGS)).toEqual({ dueOn: '2027-03-22', winter: true });
  });

  it('stops at final stabilization and before construction starts', () => {
    const done = data({ p: { status: 'final_stabilization', finalStabilizationOn: '2026-03-20' }, inspections: on('2026-03-02', '2026-03-09', '2026-03-16', '2026-03-20'), summaries: allSummaries('2026-03', '2026-03') });
    expect(findings(done, ctx(at('2026-06-01')))).toEqual([]);
    const notStarted = data({ p: { status: 'approved', actualStartOn: null } });
    expect(evaluateCompliance(notStarted, ctx(at('2026-06-01')))).toMatchObject({ findings: [], due: [], underConstruction: false });
  });
});

describe('rule: inspection within 24 hours after a storm of 0.5 in. or more (Subsection L(3))', () => {
  const storm = (endedAt: Date, inches = 0.8, id = 7): ComplianceStorm => ({ id, endedAt, inches });
  const ended = at('2026-05-12', '14:00');
  const plus = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);
  const base = (extra: ComplianceInspection[]) => data({ inspections: [...on('2026-05-05', '2026-05-11'), ...extra, ...on('2026-05-18')], summaries: allSummaries('2026-03', '2026-04') });

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
    expect(f).toMatchObject({ severity: 'high', status: 'resolved', from: '2026-05-12', dueOn: '2026-05-13', resolvedOn: '2026-05-18' });
    expect(f.dueAt?.toISOString()).toBe('2026-05-13T18:00:00.000Z');
    expect(f.text).toBe('No inspection within 24 hours after the 0.80 in. storm that ended May 12, 2026, 2:00 PM: one was due by May 13, 2026, 2:00 PM. The site was next inspected on May 18, 2026, 10:00 AM.');
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
    const d = data({ p: { actualStartOn: '2026-10-26' }, inspections: [...on('2026-10-26'), inspection('2026-11-01', time), ...on('2026-11-02')] });
    expect(findings(d, ctx(at('2026-11-03'), { storms: [storm(endedDst)] }), 'post-storm')).toHaveLength(missed);
  });

  it('ignores storms before construction started and on the day of final stabilization', () => {
    const d = data({ p: { actualStartOn: '2026-05-13', finalStabilizationOn: '2026-05-20', status: 'final_stabilization' }, inspections: on('2026-05-13', '2026-05-20') });
    const storms = [storm(at('2026-05-12', '20:00'), 1.2, 1), storm(at('2026-05-20', '08:00'), 1.2, 2)];
    expect(findings(d, ctx(at('2026-06-30'), { storms }), 'post-storm')).toEqual([]);
  });
});

describe('rule: twice every 7 days when more than 5 acres are disturbed or the site drains to impaired waters', () => {
  const start = '2026-06-01'; // a Monday
  const summaries = allSummaries('2026-06', '2026-06');
  const now = at('2026-06-15', '08:00');
  const twice = (dates: string[], p: Partial<ComplianceProject> = { maxDisturbedAtOnceAcres: 7.5 }, settings?: Partial<ComplianceSettings>) =>
    findings(data({ p: { actualStartOn: start, ...p }, inspections: on(...dates), summaries }), ctx(now, { settings }), 'twice-weekly');

  it.each([
    ['Monday and Thursday every week', ['2026-06-01', '2026-06-04', '2026-06-08', '2026-06-11'], 0],
    ['Monday and Wednesday (2 days apart) is enough', ['2026-06-01', '2026-06-03', '2026-06-08', '2026-06-10'], 0],
    ['Monday and Tuesday (1 day apart) is not', ['2026-06-01', '2026-06-02', '2026-06-08', '2026-06-11'], 1],
    ['one inspection in a week', ['2026-06-01', '2026-06-08', '2026-06-11'], 1],
  ])('%s', (_name, dates, n) => {
    expect(twice(dates)).toHaveLength(n);
  });

  it('merges consecutive short weeks into one finding and keeps it open while it goes on', () => {
    const [f, ...rest] = twice(['2026-06-01', '2026-06-08']);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ status: 'open', from: '2026-06-01', title: 'Fewer than two inspections a week for 2 weeks' });
    expect(f.text).toMatch(/because the plan allows 7\.5 acres disturbed at once/);
  });

  it.each([
    ['5 acres planned: weekly is enough', { maxDisturbedAtOnceAcres: 5 }, undefined, 0],
    ['impaired receiving water', { drainsToImpairedWaters: true }, undefined, 1],
    ['impaired water, with the rule switched off in settings', { drainsToImpairedWaters: true }, { twiceWeeklyImpaired: false }, 0],
    ['a higher acre threshold in settings', { maxDisturbedAtOnceAcres: 7.5 }, { twiceWeeklyOverAcres: 10 }, 0],
  ])('applies by settings: %s', (_name, p, settings, n) => {
    expect(twice(['2026-06-01', '2026-06-08', '2026-06-11'], { maxDisturbedAtOnceAcres: 3, ...p }, settings)).toHaveLength(n);
  });

  it('applies when an inspection recorded more than 5 acres open, even if the plan said less', () => {
    const ins = [inspection('2026-06-01'), inspection('2026-06-08', '10:00', { disturbedAcresActive: 5.5, disturbedAcresInactive: 0.3 }), inspection('2026-06-15', '07:00')];
    const f = findings(data({ p: { actualStartOn: start }, inspections: ins, summaries }), ctx(now), 'twice-weekly');
    expect(f).toHaveLength(1);
    expect(f[0].text).toMatch(/recorded 5\.8 acres disturbed/);
  });

  it('does not apply during a winter shutdown, and says what is owed this week', () => {
    expect(twice(['2026-06-01', '2026-06-08'], { maxDisturbedAtOnceAcres: 7.5, winterShutdownFrom: '2026-06-01', winterShutdownTo: '2026-06-14' })).toEqual([]);
    const r = evaluateCompliance(data({ p: { actualStartOn: start, maxDisturbedAtOnceAcres: 7.5 }, inspections: on('2026-06-01', '2026-06-04', '2026-06-08', '2026-06-11', '2026-06-15'), summaries }), ctx(at('2026-06-16')));
    expect(r.due.find((o) => o.kind === 'twice-weekly')?.text).toBe(
      'One more inspection this week, on or after June 17, 2026 and by June 21, 2026 (two a week, at least 2 days apart, because the plan allows 7.5 acres disturbed at once (more than 5)).',
    );
  });
});

describe('rule: monthly summary due by the 10th of the following month (Subsection L(5))', () => {
  const p = { actualStartOn: '2026-01-31' };
  const ins = on('2026-01-31', '2026-02-06', '2026-02-13', '2026-02-20', '2026-02-27', '2026-03-06', '2026-03-13');
  const summaryCtx = (now: Date, settings?: Partial<ComplianceSettings>) => ctx(now, { settings });

  it.each([
    ['filed on the 10th at 23:59 is on time', '2026-02-10', '23:59', 0],
    ['filed on the 11th at 00:01 is late', '2026-02-11', '00:01', 1],
  ])('%s', (_name, date, time, late) => {
    const d = data({ p, inspections: ins, summaries: [{ month: '2026-01', version: 1, submittedAt: at(date, time) }, { month: '2026-02', version: 1, submittedAt: at('2026-03-02') }] });
    const f = findings(d, summaryCtx(at('2026-03-14')), 'summary-late');
    expect(f).toHaveLength(late);
    if (late) expect(f[0]).toMatchObject({ status: 'resolved', severity: 'low', dueOn: '2026-02-10', resolvedOn: '2026-02-11', text: 'The monthly summary for January 2026 was filed on February 11, 2026, 1 day after it was due (February 10, 2026).' });
  });

  it('a month in which work began only on its last day still needs a summary', () => {
    const d = data({ p, inspections: ins });
    const r = evaluateCompliance(d, summaryCtx(at('2026-02-11', '08:00')));
    expect(r.findings.filter((f) => f.rule === 'summary-missing')).toMatchObject([{ status: 'open', dueOn: '2026-02-10', text: 'The monthly summary for January 2026 has not been filed. It was due by February 10, 2026.' }]);
    expect(r.due.find((o) => o.kind === 'monthly-summary')).toMatchObject({ dueOn: '2026-03-10', text: 'Monthly summary for February 2026, due by March 10, 2026.' });
    // On the 10th itself it is due, not late.
    expect(findings(d, summaryCtx(at('2026-02-10', '23:00')), 'summary-missing')).toEqual([]);
  });

  it.each([
    ['December is due in January of the next year', '2026-12', undefined, '2027-01-10'],
    ['February 2028 (a leap year) is due March 10', '2028-02', undefined, '2028-03-10'],
    ['a town that sets the 15th', '2026-05', 15, '2026-06-15'],
    ['a due day past the month’s end is its last day', '2026-01', 31, '2026-02-28'],
  ])('due dates: %s', (_name, month, day, due) => {
    expect(summaryDueOn(month, { settings: { ...DEFAULT_COMPLIANCE_SETTINGS, ...(day ? { summaryDueDay: day } : {}) } })).toBe(due);
  });

  it('moves a due date off a weekend or holiday when the town calendar is given (GCL §25-a)', () => {
    const cal = new BusinessCalendar();
    // October 10, 2026 is a Saturday; Monday the 12th is Columbus Day.
    expect(summaryDueOn('2026-09', { settings: DEFAULT_COMPLIANCE_SETTINGS, onOrAfterBusinessDay: (d) => cal.onOrAfter(d) })).toBe('2026-10-13');
    expect(summaryDueOn('2026-09', { settings: DEFAULT_COMPLIANCE_SETTINGS })).toBe('2026-10-10');
  });

  it('a filing late at night in summer time counts on its local day', () => {
    // 23:30 EDT on April 10 is 03:30 UTC on April 11.
    const d = data({ p: { actualStartOn: '2026-03-02' }, inspections: on('2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30', '2026-04-06'), summaries: [{ month: '2026-03', version: 1, submittedAt: at('2026-04-10', '23:30') }] });
    expect(findings(d, summaryCtx(at('2026-04-12')), 'summary-late')).toEqual([]);
  });

  it('a later correction does not make an on-time summary late', () => {
    const d = data({ p, inspections: ins, summaries: [{ month: '2026-01', version: 1, submittedAt: at('2026-02-09') }, { month: '2026-01', version: 2, submittedAt: at('2026-02-25') }] });
    expect(findings(d, summaryCtx(at('2026-03-01')), 'summary-late')).toEqual([]);
  });

  it('the month of final stabilization needs a summary; the months after do not', () => {
    const d = data({ p: { actualStartOn: '2026-03-02', finalStabilizationOn: '2026-04-15', status: 'final_stabilization' }, inspections: on('2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30', '2026-04-06', '2026-04-13', '2026-04-15'), summaries: allSummaries('2026-03', '2026-03') });
    expect(findings(d, summaryCtx(at('2026-07-01'))).map((f) => f.key)).toEqual(['summary-missing:2026-04']);
  });
});

describe('rule: no more than 5 acres disturbed at once without DEC written approval (Subsection J(6))', () => {
  const open = (date: string, active: number, inactive = 0) => inspection(date, '10:00', { disturbedAcresActive: active, disturbedAcresInactive: inactive });
  const summaries = allSummaries('2026-03', '2026-03');

  it.each([
    ['exactly 5.0 acres is allowed', 4.5, 0.5, false, 0],
    ['5.1 acres without approval', 4.6, 0.5, false, 1],
    ['9.8 acres with approval', 9, 0.8, true, 0],
  ])('%s', (_name, active, inactive, approval, n) => {
    const d = data({ p: { decFiveAcreApproval: approval }, inspections: [open('2026-03-02', 2), open('2026-03-09', active, inactive), open('2026-03-16', 3)], summaries });
    expect(findings(d, ctx(at('2026-03-17')), 'over-five-acres')).toHaveLength(n);
  });

  it('runs from the first inspection over the limit to the first one back under it', () => {
    const d = data({ inspections: [open('2026-03-02', 4), open('2026-03-09', 6.5), open('2026-03-16', 7.2), open('2026-03-23', 4.9)], summaries });
    expect(findings(d, ctx(at('2026-03-24')), 'over-five-acres')).toMatchObject([{ status: 'resolved', severity: 'high', from: '2026-03-09', resolvedOn: '2026-03-23' }]);
  });

  it('is open while the latest inspection is still over, and counts approval only from its date', () => {
    const d = data({ p: { decFiveAcreApproval: true, decFiveAcreApprovalOn: '2026-03-20' }, inspections: [open('2026-03-09', 6), open('2026-03-16', 6), open('2026-03-23', 6)], summaries });
    expect(findings(d, ctx(at('2026-03-24')), 'over-five-acres')).toMatchObject([{ from: '2026-03-09', resolvedOn: '2026-03-23', status: 'resolved' }]);
    const still = data({ inspections: [open('2026-03-09', 6), open('2026-03-16', 6.3)], summaries });
    expect(findings(still, ctx(at('2026-03-17')), 'over-five-acres')).toMatchObject([{ status: 'open' }]);
  });

  it('flags a plan for more than 5 acres with no approval on file, even before the inspections show it', () => {
    const d = data({ p: { maxDisturbedAtOnceAcres: 7.5 }, inspections: on('2026-03-02', '2026-03-09'), summaries });
    expect(findings(d, ctx(at('2026-03-10')), 'over-five-acres-planned')).toMatchObject([{ severity: 'low', status: 'open' }]);
  });
});

describe('rule: stabilization begun within 14 days after work stops (Subsection J(7))', () => {
  const area = (over: Partial<ComplianceInspection['inactiveAreas'][number]> = {}) => ({ area: 'East stockpile area', acres: 0.8, workStoppedOn: '2026-06-01', stabilizationBegunOn: null, resumesOn: null, ...over });
  const with_ = (date: string, a: ReturnType<typeof area> | null, snowCover = false) => inspection(date, '10:00', { inactiveAreas: a ? [a] : [], snowCover });
  const summaries = allSummaries('2026-03', '2026-05');
  const run = (ins: ComplianceInspection[], today: string) => evaluateCompliance(data({ inspections: [...on('2026-05-26'), ...ins], summaries }), ctx(at(today)));

  it.each([
    ['on day 14 it is due, not late', [with_('2026-06-08', area()), with_('2026-06-15', area())], '2026-06-15', 0],
    ['on day 15 not begun: late', [with_('2026-06-09', area()), with_('2026-06-16', area())], '2026-06-16', 1],
    ['begun on day 13', [with_('2026-06-09', area()), with_('2026-06-16', area({ stabilizationBegunOn: '2026-06-14' }))], '2026-06-16', 0],
    ['snow cover or frozen ground', [with_('2026-06-09', area()), with_('2026-06-16', area(), true)], '2026-06-16', 0],
    ['work resuming within 21 days', [with_('2026-06-09', area({ resumesOn: '2026-06-20' })), with_('2026-06-16', area({ resumesOn: '2026-06-20' }))], '2026-06-16', 0],
    ['said to resume but still stopped after 21 days', [with_('2026-06-16', area({ resumesOn: '2026-06-20' })), with_('2026-06-23', area({ resumesOn: '2026-06-20' }))], '2026-06-23', 1],
    ['resuming only after 21 days is no excuse', [with_('2026-06-09', area({ resumesOn: '2026-06-25' })), with_('2026-06-16', area({ resumesOn: '2026-06-25' }))], '2026-06-16', 1],
  ])('%s', (_name, ins, today, n) => {
    expect(run(ins, today).findings.filter((f) => f.rule === 'stabilization')).toHaveLength(n);
  });

  it('dates it, keeps it open while reported not begun, resolves it when begun', () => {
    const open = run([with_('2026-06-09', area()), with_('2026-06-16', area())], '2026-06-16').findings.find((f) => f.rule === 'stabilization');
    expect(open).toMatchObject({ status: 'open', severity: 'high', dueOn: '2026-06-15', from: '2026-06-16' });
    expect(open?.text).toBe('Work stopped on East stockpile area (0.8 acres) on June 1, 2026; stabilization had to begin by June 15, 2026, and the inspection of June 16, 2026 still found it not begun.');
    const done = run([with_('2026-06-16', area()), with_('2026-06-23', area({ stabilizationBegunOn: '2026-06-18' }))], '2026-06-23').findings.find((f) => f.rule === 'stabilization');
    expect(done).toMatchObject({ status: 'resolved', resolvedOn: '2026-06-18' });
  });

  it('shows the stabilization deadline as due while it is coming', () => {
    const r = run([with_('2026-06-08', area())], '2026-06-09');
    expect(r.due.find((o) => o.kind === 'stabilization')).toMatchObject({ dueOn: '2026-06-15' });
  });
});

describe('rule: sediment removed at 50% of capacity (Subsection J(16))', () => {
  const trap = (date: string, pct: number | null) => inspection(date, '10:00', { practices: [{ practice: 'Sediment trap ST-2', practiceType: 'sediment_trap', sedimentAccumulationPct: pct }] });
  const summaries = allSummaries('2026-03', '2026-04');
  const run = (readings: Array<[string, number]>, today: string) => evaluateCompliance(data({ inspections: readings.map(([d, p]) => trap(d, p)), summaries }), ctx(at(today)));

  it.each([
    ['49% is below cleanout', [['2026-05-04', 49], ['2026-05-11', 49]], 0],
    ['50% then cleaned by the next inspection', [['2026-05-04', 50], ['2026-05-11', 4]], 0],
    ['50% and still 55% at the next inspection', [['2026-05-04', 50], ['2026-05-11', 55], ['2026-05-18', 3]], 1],
  ] as Array<[string, Array<[string, number]>, number]>)('%s', (_name, readings, n) => {
    expect(run(readings, '2026-05-19').findings.filter((f) => f.rule === 'sediment-cleanout')).toHaveLength(n);
  });

  it('is open while the latest reading is still at or above 50%, and due when first reached', () => {
    const open = run([['2026-05-04', 30], ['2026-05-11', 53], ['2026-05-18', 60]], '2026-05-19');
    expect(open.findings.find((f) => f.rule === 'sediment-cleanout')).toMatchObject({
      status: 'open',
      from: '2026-05-11',
      text: 'Sediment trap ST-2 was at 53% of its sediment storage on May 11, 2026 and still at 60% on May 18, 2026. Sediment must be removed when half the storage is used.',
    });
    const first = run([['2026-05-04', 30], ['2026-05-11', 53]], '2026-05-12');
    expect(first.findings.filter((f) => f.rule === 'sediment-cleanout')).toEqual([]);
    expect(first.due.find((o) => o.kind === 'sediment-cleanout')?.text).toMatch(/Clean out Sediment trap ST-2: it was at 53%/);
  });
});

describe('rule: corrective actions done by their due date', () => {
  const ca = (over: Partial<ProjectComplianceData['corrective'][number]>) => ({ id: 1, description: 'Re-trench 40 ft of silt fence', responsibleParty: 'Acme Sitework', openedOn: '2026-05-11', dueOn: '2026-05-12', closedOn: null, ...over });
  const run = (c: ReturnType<typeof ca>, today: string) =>
    evaluateCompliance(data({ inspections: on('2026-05-11'), corrective: [c], summaries: allSummaries('2026-03', '2026-04') }), ctx(at(today)));

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
      inspection('2026-05-31', '16:00', { disturbedAcresActive: 2.2, disturbedAcresInactive: 0.3, tempStabilizedAcres: 1, finalStabilizedAcres: 0.6 }),
      inspection('2026-06-01'),
    ];
    const corrective = [
      { id: 1, description: 'a', responsibleParty: null, openedOn: '2026-04-28', dueOn: '2026-04-29', closedOn: '2026-05-04' },
      { id: 2, description: 'b', responsibleParty: null, openedOn: '2026-05-11', dueOn: '2026-05-12', closedOn: '2026-05-12' },
      { id: 3, description: 'c', responsibleParty: null, openedOn: '2026-05-31', dueOn: '2026-06-01', closedOn: null },
    ];
    const storms = [{ id: 3, endedAt: at('2026-05-12', '20:00'), inches: 1.1 }, { id: 4, endedAt: at('2026-05-20'), inches: 0.3 }, { id: 5, endedAt: at('2026-06-01', '01:00'), inches: 0.9 }];
    const t = tallyMonth(data({ p: { actualStartOn: '2026-04-27' }, inspections: ins, corrective }), '2026-05', ctx(at('2026-06-05'), { storms }), 'Pat Inspector');
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
    expect(t.draftNarrative).toMatch(/^In May 2026 our qualified inspector, Pat Inspector, inspected the site 6 times, including 1 inspection after storms/);
  });

  it('requires twice as many on a twice-weekly site and a monthly one in a winter shutdown', () => {
    const twice = tallyMonth(data({ p: { actualStartOn: '2026-04-01', maxDisturbedAtOnceAcres: 8 } }), '2026-05', ctx(at('2026-06-05')));
    expect(twice.inspectionsRequired).toBe(8);
    const winter = tallyMonth(data({ p: { actualStartOn: '2026-10-01', winterShutdownFrom: '2026-12-15', winterShutdownTo: '2027-03-15' } }), '2027-01', ctx(at('2027-02-05')));
    expect(winter.inspectionsRequired).toBe(1);
  });
});
