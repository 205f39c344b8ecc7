/**
 * Reminders before a deadline (decision 0106), pure: the duties come from the compliance engine's own
 * obligations, a reminder goes exactly N days before and not after the duty is met, the due date is the
 * law's (business days where it counts them), and the days are the town's (America/New_York).
 */
import { describe, expect, it } from 'vitest';
import { dutyOf, evaluateCompliance, type ProjectComplianceData } from '#lib/server/compliance/compliance.rules.ts';
import {
  annualReportDuty,
  DEFAULT_REMINDER_PREFERENCES,
  dutyFromObligation,
  precededByReminder,
  reminderKindsFor,
  remindersDue,
  sentKey,
  type Duty,
  type ReminderPreferences,
} from '#lib/server/reminders/reminders.rules.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { annualReports, annualReportsComing } from '#lib/server/stormwater-practices/practices.rules.ts';
import { renewalDue } from '#lib/server/projects/guarantees.rules.ts';
import { allSummaries, at, ctx, data, on } from '../support/compliance-builders.ts';

const nothingSent = { duties: new Set<string>(), digestToday: false };

/** The duties the engine owes for one project as of `now`. */
function duties(d: ProjectComplianceData, now: Date): Duty[] {
  return evaluateCompliance(d, ctx(now))
    .due.map((o) => dutyFromObligation(d.project.id, o))
    .filter((x): x is Duty => x !== undefined);
}

function remindedOn(d: ProjectComplianceData, now: Date, prefs: ReminderPreferences = DEFAULT_REMINDER_PREFERENCES) {
  return remindersDue(duties(d, now), prefs, nothingSent, townToday(now)).map((r) => r.duty);
}

// Work started March 2, 2026, inspected weekly; February's summary is not owed, March's is due April 10.
const weekly = on('2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30', '2026-04-06');
const onlyMonthly: ReminderPreferences = { ...DEFAULT_REMINDER_PREFERENCES, inspection: null };

describe('a monthly summary is reminded of N days before it is due, and never once it is filed', () => {
  const site = data({ inspections: weekly });

  it('seven days before (April 3) it is in the digest; eight days before (April 2) it is not yet', () => {
    expect(remindedOn(site, at('2026-04-03', '08:00'), onlyMonthly)).toEqual(['monthly-summary:2026-03']);
    expect(remindedOn(site, at('2026-04-02', '08:00'), onlyMonthly)).toEqual([]);
  });

  it('on the due day itself it is still a reminder; the day after it is a finding of the same duty instead', () => {
    expect(remindedOn(site, at('2026-04-10', '08:00'), onlyMonthly)).toEqual(['monthly-summary:2026-03']);
    const after = evaluateCompliance(site, ctx(at('2026-04-11', '08:00')));
    expect(after.due.some((o) => o.kind === 'monthly-summary' && o.duty === 'monthly-summary:2026-03')).toBe(false);
    const missing = after.findings.find((f) => f.rule === 'summary-missing');
    expect(missing && dutyOf(missing)).toBe('monthly-summary:2026-03');
    expect(remindedOn(site, at('2026-04-11', '08:00'), onlyMonthly)).toEqual([]);
  });

  it('filed on April 5, it is not reminded of that day or after: the duty is met', () => {
    const filed = data({
      inspections: weekly,
      summaries: [{ month: '2026-03', version: 1, submittedAt: at('2026-04-05', '09:00') }],
    });
    expect(remindedOn(filed, at('2026-04-05', '12:00'), onlyMonthly)).toEqual([]);
    expect(remindedOn(filed, at('2026-04-08', '08:00'), onlyMonthly)).toEqual([]);
  });

  it('the day is the town’s: 11:30 PM on April 2 in Rotterdam is still eight days before, 12:30 AM on April 3 is seven', () => {
    // 11:30 PM EDT on April 2 is already April 3 in UTC.
    expect(at('2026-04-02', '23:30').toISOString().slice(0, 10)).toBe('2026-04-03');
    expect(remindedOn(site, at('2026-04-02', '23:30'), onlyMonthly)).toEqual([]);
    expect(remindedOn(site, at('2026-04-03', '00:30'), onlyMonthly)).toEqual(['monthly-summary:2026-03']);
  });
});

describe('the seven-day inspection', () => {
  const summaries = allSummaries('2026-03', '2026-04');
  it('two days before the seventh day after the last inspection, by default; a late one becomes the finding of that duty', () => {
    const site = data({ inspections: on('2026-03-02', '2026-03-09'), summaries });
    // Last inspection March 9: the next is due by March 16.
    expect(remindedOn(site, at('2026-03-13'))).toEqual([]);
    expect(remindedOn(site, at('2026-03-14'))).toEqual(['inspection:2026-03-09']);
    const late = evaluateCompliance(site, ctx(at('2026-03-17'))).findings.find((f) => f.rule === 'routine-gap');
    expect(late && dutyOf(late)).toBe('inspection:2026-03-09');
  });

  it('an inspection made on the day it is reminded of meets it: the next reminder is for the next week', () => {
    const site = data({ inspections: on('2026-03-02', '2026-03-09', '2026-03-14'), summaries });
    expect(remindedOn(site, at('2026-03-14', '15:00'))).toEqual([]);
    expect(remindedOn(site, at('2026-03-19'))).toEqual(['inspection:2026-03-14']);
  });
});

describe('a corrective action is due on the law’s business day; how early is counted in calendar days', () => {
  // Found at the inspection of Friday May 8, 2026: the state permit's one business day is Monday May 11.
  const site = data({
    p: { actualStartOn: '2026-05-04' },
    inspections: on('2026-05-04', '2026-05-08'),
    summaries: allSummaries('2026-05', '2026-05'),
    corrective: [
      {
        id: 7,
        description: 'Re-trench the silt fence',
        responsibleParty: null,
        openedOn: '2026-05-08',
        dueOn: null,
        closedOn: null,
      },
    ],
  });
  const onlyCorrective: ReminderPreferences = {
    inspection: null,
    'monthly-summary': null,
    'corrective-action': 1,
    'operator-request': null,
    'milestone-notice': null,
    'annual-report': null,
    'guarantee-expiry': null,
  };

  it('one day ahead is Sunday May 10 (a calendar day), not Friday May 8 (a business day)', () => {
    const d = duties(site, at('2026-05-08', '12:00')).find((x) => x.kind === 'corrective-action');
    expect(d).toMatchObject({ duty: 'corrective-action:7', dueOn: '2026-05-11' });
    expect(remindedOn(site, at('2026-05-09'), onlyCorrective)).toEqual([]);
    expect(remindedOn(site, at('2026-05-10'), onlyCorrective)).toEqual(['corrective-action:7']);
  });

  it('closed on Sunday, it is not reminded of', () => {
    const closed = { ...site, corrective: [{ ...site.corrective[0], closedOn: '2026-05-10' }] };
    expect(remindedOn(closed, at('2026-05-10', '18:00'), onlyCorrective)).toEqual([]);
  });
});

describe('a practice owner’s annual report, due January 31, a month ahead by default', () => {
  const practice = (
    filed: Array<[number, string]> = [
      [2024, '2025-01-20'],
      [2025, '2026-01-28'],
    ],
  ) => ({
    ownerKind: 'private' as const,
    inServiceOn: '2024-05-01',
    removedOn: null,
    filed: new Map(filed),
  });
  const remind = (p: ReturnType<typeof practice>, today: string) =>
    remindersDue(
      annualReportsComing(p, today).map((r) => annualReportDuty(4, r)),
      DEFAULT_REMINDER_PREFERENCES,
      nothingSent,
      today,
    ).map((d) => d.duty);

  it('the year to come is the one the late-report rule will judge on February 1', () => {
    expect(annualReportsComing(practice(), '2026-12-31')).toEqual([{ year: 2026, dueOn: '2027-01-31' }]);
    expect(annualReports(practice(), '2027-02-01').map((r) => [r.year, r.state])).toContainEqual([2026, 'missing']);
    expect(annualReportsComing({ ...practice(), ownerKind: 'public' }, '2026-12-31')).toEqual([]);
  });

  it('thirty days before (January 1) it is reminded of; thirty-one days before, not yet; filed, never', () => {
    expect(remind(practice(), '2026-12-31')).toEqual([]);
    expect(remind(practice(), '2027-01-01')).toEqual(['annual-report:4:2026']);
    expect(
      remind(
        practice([
          [2024, '2025-01-20'],
          [2025, '2026-01-28'],
          [2026, '2027-01-01'],
        ]),
        '2027-01-01',
      ),
    ).toEqual([]);
  });
});

describe('a guarantee waits for its renewal until the day it expires', () => {
  it('not released and not yet expired: due on its expiry day; released, or past it, no longer', () => {
    expect(renewalDue({ releasedOn: null, expiresOn: '2027-03-15' }, '2027-03-15')).toBe('2027-03-15');
    expect(renewalDue({ releasedOn: null, expiresOn: '2027-03-15' }, '2027-03-16')).toBeUndefined();
    expect(renewalDue({ releasedOn: '2027-01-02', expiresOn: '2027-03-15' }, '2027-02-01')).toBeUndefined();
    expect(renewalDue({ releasedOn: null, expiresOn: null }, '2027-02-01')).toBeUndefined();
  });

  it('the kinds a person chooses among follow their roles', () => {
    expect(reminderKindsFor(['officer'])).toEqual(['guarantee-expiry']);
    expect(reminderKindsFor(['operator'])).not.toContain('guarantee-expiry');
    expect(reminderKindsFor(['clerk'])).toEqual([]);
  });
});

describe('what was sent and what the person chose', () => {
  const due = (over: Partial<Duty> = {}): Duty => ({
    projectId: 1,
    kind: 'operator-request',
    duty: 'operator-request:OR-2026-0001',
    dueOn: '2026-05-15',
    text: 'Request OR-2026-0001',
    met: false,
    ...over,
  });

  it('an L(4) request already answered (met) is never reminded of', () => {
    expect(remindersDue([due({ met: true })], DEFAULT_REMINDER_PREFERENCES, nothingSent, '2026-05-14')).toEqual([]);
    expect(remindersDue([due()], DEFAULT_REMINDER_PREFERENCES, nothingSent, '2026-05-14')).toHaveLength(1);
  });

  it('a duty reminded of once is not reminded of again, and a second digest the same day sends nothing', () => {
    const once = { duties: new Set([sentKey(1, 'operator-request:OR-2026-0001')]), digestToday: false };
    expect(remindersDue([due()], DEFAULT_REMINDER_PREFERENCES, once, '2026-05-14')).toEqual([]);
    const other = due({ duty: 'operator-request:OR-2026-0002' });
    expect(remindersDue([other], DEFAULT_REMINDER_PREFERENCES, once, '2026-05-14')).toEqual([other]);
    expect(
      remindersDue([other], DEFAULT_REMINDER_PREFERENCES, { duties: new Set(), digestToday: true }, '2026-05-14'),
    ).toEqual([]);
    // The same duty at another project is another duty.
    expect(remindersDue([due({ projectId: 2 })], DEFAULT_REMINDER_PREFERENCES, once, '2026-05-14')).toHaveLength(1);
  });

  it('a kind switched off sends nothing; 0 days ahead is the due day only; soonest first', () => {
    const off = { ...DEFAULT_REMINDER_PREFERENCES, 'operator-request': null };
    expect(remindersDue([due()], off, nothingSent, '2026-05-15')).toEqual([]);
    const onTheDay = { ...DEFAULT_REMINDER_PREFERENCES, 'operator-request': 0 };
    expect(remindersDue([due()], onTheDay, nothingSent, '2026-05-14')).toEqual([]);
    expect(remindersDue([due()], onTheDay, nothingSent, '2026-05-15')).toHaveLength(1);
    const later = due({ duty: 'operator-request:OR-2026-0003', dueOn: '2026-05-16' });
    expect(
      remindersDue([later, due()], DEFAULT_REMINDER_PREFERENCES, nothingSent, '2026-05-14').map((d) => d.dueOn),
    ).toEqual(['2026-05-15', '2026-05-16']);
  });

  it('a finding counts as preceded by a reminder only when one went out before the day it began', () => {
    expect(precededByReminder('2026-04-11', ['2026-04-03'])).toBe(true);
    expect(precededByReminder('2026-04-11', ['2026-04-11'])).toBe(false);
    expect(precededByReminder('2026-04-11', [])).toBe(false);
  });
});
