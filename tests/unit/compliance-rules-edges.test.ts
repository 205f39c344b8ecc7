/**
 * The compliance engine at the edges its mutation tests found untested (issue 13): each case pins what the
 * law says on the day, the hour or the acre where a rule turns, and the words residents read. Pure: no
 * database, `now` passed in.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COMPLIANCE_SETTINGS,
  SECTIONS,
  evaluateCompliance,
  type ComplianceContext,
  type ComplianceInspection,
  type ComplianceNotice,
  type ComplianceProject,
  type ComplianceSettings,
  type ProjectComplianceData,
  type RuleId,
} from '#lib/server/compliance/compliance.rules.ts';
import { noticeFinding } from '#lib/server/enforcement/inspection-notice.rules.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { formatInstant } from '#lib/shared/format.ts';

// ---------------------------------------------------------------------------------------------
// Builders (the same shapes as compliance-rules.test.ts)

const at = (date: string, time = '10:00') => townInstant(date, time);
const hours = (d: Date, h: number) => new Date(d.getTime() + h * 3_600_000);

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
  return { id: nextId++, inspectedAt: at(date, time), type: 'routine', disturbedAcresActive: 2, disturbedAcresInactive: 0.5, snowCover: false, practices: [], inactiveAreas: [], ...over };
}
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

/** Every month's summary filed on the 5th of the next, so the monthly rule stays out of the way. */
function allSummaries(from: string, to: string) {
  const out = [];
  for (let y = Number(from.slice(0, 4)), m = Number(from.slice(5, 7)); `${y}-${String(m).padStart(2, '0')}` <= to; m === 12 ? (y++, (m = 1)) : m++) {
    out.push({ month: `${y}-${String(m).padStart(2, '0')}`, version: 1, submittedAt: at(`${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-05`) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

describe('Subsection L(1): a 48-hour notice given late, or after the milestone, is a public finding', () => {
  // Rough grading finishes Wednesday June 17, 2026 at 09:00 town time (EDT).
  const milestone = at('2026-06-17', '09:00');
  const notice = (givenAt: Date, over: Partial<ComplianceNotice> = {}): ComplianceNotice => ({ id: 41, milestone: 'rough_grading_complete', givenAt, scheduledFor: milestone, ...over });
  const weekly = on('2026-06-01', '2026-06-08', '2026-06-15');
  const run = (notices: ComplianceNotice[], now = at('2026-06-18', '12:00'), p: Partial<ComplianceProject> = { actualStartOn: '2026-06-01' }) =>
    findings(data({ p, inspections: weekly, notices, summaries: allSummaries('2026-06', '2026-06') }), ctx(now), 'late-48-hour-notice');
  /** What the staff inspections page shows for the same notice. */
  const staffWords = (n: ComplianceNotice) => noticeFinding({ milestone: 'completion of rough grading', givenAt: n.givenAt, scheduledFor: n.scheduledFor }, formatInstant)!;

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
    expect(f.text).toBe('Notice of completion of rough grading (Jun 17, 2026, 9:00 AM) was given Jun 16, 2026, 7:00 AM, 26 hours ahead: the law requires at least 48.');
    expect(f.section.startsWith(`${staff.section}: `)).toBe(true);
    expect(f.section).toBe('Subsection L(1): the applicant notifies the Stormwater Management Officer at least 48 hours before each inspection milestone');
  });

  it('a notice given after the milestone: medium severity, no advance notice at all', () => {
    const n = notice(at('2026-06-18', '08:15'), { id: 42 });
    const [f] = run([n]);
    const staff = staffWords(n);
    expect(staff.severity).toBe('medium');
    expect(f).toMatchObject({ key: 'late-48-hour-notice:42', severity: 'medium', status: 'resolved', title: 'No advance notice of a milestone', text: staff.text, from: '2026-06-15', resolvedOn: '2026-06-18' });
    expect(f.text).toBe("Notice of completion of rough grading (Jun 17, 2026, 9:00 AM) was given Jun 18, 2026, 8:15 AM, after the work: the law requires at least 48 hours' notice.");
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
    expect(before).toMatchObject([{ severity: 'low', text: 'Notice of start of construction and initial erosion and sediment controls (Jun 17, 2026, 9:00 AM) was given Jun 16, 2026, 3:00 PM, 18 hours ahead: the law requires at least 48.' }]);
    expect(run([start], at('2026-06-16', '16:00'), { actualStartOn: '2026-06-17' })).toHaveLength(1);
    expect(run([start], at('2026-06-18'), { exemption: 'septic' })).toEqual([]);
  });

  it('a notice across the fall-back change counts elapsed hours, not the clock', () => {
    // 09:00 EST on Monday Nov 2, 2026; 09:30 EDT on Saturday Oct 31 is 48 h 30 min earlier (the clock says 47 h 30 min).
    const nov = townInstant('2026-11-02', '09:00');
    const n = { id: 5, milestone: 'close_of_season' as const, givenAt: townInstant('2026-10-31', '09:30'), scheduledFor: nov };
    expect(findings(data({ p: { actualStartOn: '2026-10-26' }, inspections: on('2026-10-26', '2026-11-02'), notices: [n] }), ctx(at('2026-11-03')), 'late-48-hour-notice')).toEqual([]);
  });
});
