import { describe, expect, it } from 'vitest';
import {
  noticeFinding,
  noticeGivenWords,
  noticeProblem,
  noticeTiming,
  scheduleProblem,
} from '#lib/server/enforcement/inspection-notice.rules.ts';
import { formatInstant } from '#lib/shared/format.ts';
import { guaranteeStanding, oneYearAfter, releaseProblem } from '#lib/server/projects/guarantees.rules.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';

describe('the 48-hour inspection notice', () => {
  const milestone = townInstant('2026-06-17', '07:30');
  it.each([
    ['2026-06-15', '07:30', false, 48],
    ['2026-06-15', '07:31', true, 47],
    ['2026-06-16', '05:30', true, 26],
    ['2026-06-10', '09:00', false, 166],
  ])('given %s %s → late %s (%i hours)', (day, time, late, hours) => {
    const t = noticeTiming(townInstant(day, time), milestone);
    expect(t.late).toBe(late);
    expect(t.hours).toBe(hours);
  });

  it('counts real hours across the clock change', () => {
    // 2026-03-08 02:00 the clocks spring forward: 07:30 Saturday to 07:30 Monday is 47 real hours.
    expect(noticeTiming(townInstant('2026-03-07', '07:30'), townInstant('2026-03-09', '07:30'))).toMatchObject({
      hours: 47,
      late: true,
    });
  });

  it('says how far ahead it was given, in words', () => {
    expect(noticeTiming(townInstant('2026-06-10', '09:00'), milestone)).toEqual({
      hours: 166,
      late: false,
      afterMilestone: false,
      words: 'Given 6 days ahead',
    });
    expect(noticeTiming(townInstant('2026-06-14', '07:30'), milestone).words).toBe('Given 3 days ahead');
    expect(noticeTiming(townInstant('2026-06-14', '07:31'), milestone).words).toBe('Given 71 hours ahead');
    expect(noticeTiming(townInstant('2026-06-15', '07:30'), milestone).words).toBe('Given 48 hours ahead');
    expect(noticeTiming(townInstant('2026-06-16', '05:30'), milestone).words).toBe(
      'Given 26 hours ahead: late (the law requires at least 48 hours)',
    );
    expect(noticeTiming(townInstant('2026-06-17', '06:30'), milestone).words).toBe(
      'Given 1 hour ahead: late (the law requires at least 48 hours)',
    );
    expect(noticeTiming(milestone, milestone)).toMatchObject({
      hours: 0,
      late: true,
      afterMilestone: true,
      words: 'Given after the milestone time: no advance notice',
    });
  });

  // A notice given late, or after the milestone, can be recorded as such, and is a finding (decision 0027).
  it('a notice given after the milestone can be recorded (as given after it), within a year either side', () => {
    expect(noticeProblem(milestone, townInstant('2026-06-17', '07:00'))).toBeUndefined();
    expect(noticeTiming(milestone, townInstant('2026-06-17', '07:00'))).toMatchObject({
      late: true,
      afterMilestone: true,
    });
    expect(noticeProblem(townInstant('2026-06-16', '12:00'), milestone)).toBeUndefined();
    expect(noticeProblem(townInstant('2027-06-18', '07:31'), milestone)).toEqual({
      field: 'scheduledDate',
      message: 'The milestone was more than a year before the notice: enter the date the work happened.',
    });
    expect(noticeProblem(townInstant('2027-06-18', '07:30'), milestone)).toBeUndefined(); // exactly 366 days
    expect(noticeProblem(townInstant('2025-06-16', '07:29'), milestone)).toEqual({
      field: 'scheduledDate',
      message: 'Give notice within a year of the work.',
    });
    expect(noticeProblem(townInstant('2025-06-16', '07:30'), milestone)).toBeUndefined(); // exactly 366 days
    expect(noticeProblem(milestone, new Date(Number.NaN))).toEqual({
      field: 'scheduledDate',
      message: 'Enter the date and time the milestone work will happen.',
    });
  });

  it('a late notice, or one after the milestone, is a finding; one given in time is not', () => {
    const when = (d: Date) => formatInstant(d);
    expect(
      noticeFinding(
        {
          milestone: 'completion of rough grading',
          givenAt: townInstant('2026-06-15', '07:30'),
          scheduledFor: milestone,
        },
        when,
      ),
    ).toBeUndefined();
    expect(
      noticeFinding(
        {
          milestone: 'completion of rough grading',
          givenAt: townInstant('2026-06-16', '05:30'),
          scheduledFor: milestone,
        },
        when,
      ),
    ).toEqual({
      section: 'Subsection L(1)',
      severity: 'low',
      title: 'Late 48-hour notice',
      text: `Notice of completion of rough grading (${when(milestone)}) was given ${when(townInstant('2026-06-16', '05:30'))}, 26 hours ahead: the law requires at least 48.`,
    });
    expect(
      noticeFinding({ milestone: 'x', givenAt: townInstant('2026-06-17', '06:30'), scheduledFor: milestone }, when)
        ?.text,
    ).toContain(', 1 hour ahead:');
    expect(
      noticeFinding(
        {
          milestone: 'completion of rough grading',
          givenAt: townInstant('2026-06-17', '09:00'),
          scheduledFor: milestone,
        },
        when,
      ),
    ).toEqual({
      section: 'Subsection L(1)',
      severity: 'medium',
      title: 'No advance notice of a milestone',
      text: `Notice of completion of rough grading (${when(milestone)}) was given ${when(townInstant('2026-06-17', '09:00'))}, after the work: the law requires at least 48 hours' notice.`,
    });
  });

  it('says who gave a notice and who recorded it', () => {
    expect(noticeGivenWords('Dale Ferris (phone)', 'Sam Okafor')).toBe(
      'given by Dale Ferris (phone); recorded by Sam Okafor',
    );
    expect(noticeGivenWords('Pat Lee', 'Pat Lee')).toBe('given by Pat Lee');
    expect(noticeGivenWords(' Pat Lee ', null)).toBe('given by Pat Lee');
    expect(noticeGivenWords(null, 'Sam Okafor')).toBe('recorded by Sam Okafor');
    expect(noticeGivenWords('  ', undefined)).toBe('');
    expect(noticeGivenWords('Pat Lee', ' Pat Lee ')).toBe('given by Pat Lee');
    expect(noticeGivenWords('Dale', ' Sam ')).toBe('given by Dale; recorded by Sam');
  });

  it('town inspections are scheduled ahead, within a year', () => {
    const now = townInstant('2026-06-10', '09:00');
    expect(scheduleProblem(new Date(Number.NaN), now)).toEqual({
      field: 'scheduledDate',
      message: 'Enter the date and time of the inspection.',
    });
    expect(scheduleProblem(new Date(now.getTime() - 61_000), now)).toEqual({
      field: 'scheduledDate',
      message:
        'That time has passed: schedule an inspection ahead, or record one that has happened under “Record a town inspection”.',
    });
    expect(scheduleProblem(new Date(now.getTime() - 60_000), now)).toBeUndefined();
    expect(scheduleProblem(new Date(now.getTime() + 366 * 86_400_000), now)).toBeUndefined();
    expect(scheduleProblem(new Date(now.getTime() + 366 * 86_400_000 + 1), now)).toEqual({
      field: 'scheduledDate',
      message: 'Schedule the inspection within a year.',
    });
  });
});

describe('performance guarantees: released only after the one-year inspection, or (maintenance) once out of operation', () => {
  const g = {
    finalAcceptanceOn: '2025-06-10',
    oneYearInspectionOn: null as string | null,
    releasedOn: null,
    expiresOn: '2027-01-01',
  };
  it('needs final acceptance, then an inspection at least a year later that found the facilities acceptable', () => {
    expect(releaseProblem({ ...g, finalAcceptanceOn: null }, '2026-07-01')).toBe(
      'Record the date of final acceptance first: the guarantee runs at least one year from it.',
    );
    expect(releaseProblem(g, '2026-07-01')).toBe(
      'Record the one-year inspection first (due on or after June 10, 2026).',
    );
    expect(
      releaseProblem({ ...g, oneYearInspectionOn: '2026-06-09', oneYearInspectionAcceptable: true }, '2026-07-01'),
    ).toBe(
      'The one-year inspection (June 9, 2026) was less than a year after final acceptance; it must be on or after June 10, 2026.',
    );
    expect(
      releaseProblem({ ...g, oneYearInspectionOn: '2026-06-10', oneYearInspectionAcceptable: true }, '2026-06-10'),
    ).toBeUndefined();
    expect(
      releaseProblem({ ...g, oneYearInspectionOn: '2026-06-12', oneYearInspectionAcceptable: true }, '2026-06-11'),
    ).toBe('The release date cannot be before the one-year inspection.');
    expect(
      releaseProblem({ ...g, oneYearInspectionOn: '2026-06-12', oneYearInspectionAcceptable: true }, '2026-06-09'),
    ).toBe('The guarantee must stay in force until at least June 10, 2026.');
    expect(releaseProblem({ ...g, releasedOn: '2026-06-12' }, '2026-06-15')).toBe('Already released on June 12, 2026.');
  });

  // Guarantees released by purpose (decision 0026).
  it('a construction guarantee is released only after the one-year inspection found the work acceptable', () => {
    const inspected = { ...g, oneYearInspectionOn: '2026-06-12' };
    expect(releaseProblem(inspected, '2026-06-15')).toBe(
      'Record whether the one-year inspection found the facilities acceptable: only then can the guarantee be released.',
    );
    expect(releaseProblem({ ...inspected, oneYearInspectionAcceptable: false }, '2026-06-15')).toBe(
      'The one-year inspection did not find the facilities acceptable: the guarantee stays in force until an inspection does.',
    );
    expect(releaseProblem({ ...inspected, oneYearInspectionAcceptable: true }, '2026-06-15')).toBeUndefined();
    expect(guaranteeStanding({ ...inspected, oneYearInspectionAcceptable: false }, '2026-06-15')).toEqual({
      standing: 'held',
      words: 'Held; the one-year inspection of June 12, 2026 did not find the facilities acceptable',
    });
    expect(guaranteeStanding({ ...inspected, oneYearInspectionAcceptable: true }, '2026-06-15')).toEqual({
      standing: 'eligible_for_release',
      words: 'The one-year inspection found the facilities acceptable: it may be released',
    });
  });

  it('a maintenance guarantee runs until the facilities are removed from operation', () => {
    const m = {
      purpose: 'maintenance' as const,
      finalAcceptanceOn: '2024-06-10',
      oneYearInspectionOn: '2025-06-12',
      oneYearInspectionAcceptable: true,
      releasedOn: null,
      expiresOn: '2030-01-01',
    };
    expect(releaseProblem(m, '2026-06-15')).toBe(
      'A maintenance guarantee runs until the facilities are removed from operation: record the day they were removed first.',
    );
    expect(guaranteeStanding(m, '2026-06-15')).toEqual({
      standing: 'held',
      words: 'Held while the facilities operate, until they are removed from operation',
    });
    const removed = { ...m, removedFromOperationOn: '2026-06-01' };
    expect(releaseProblem(removed, '2026-05-31')).toBe(
      'The release date cannot be before the facilities were removed from operation (June 1, 2026).',
    );
    expect(releaseProblem(removed, '2026-06-01')).toBeUndefined();
    expect(guaranteeStanding(removed, '2026-06-15')).toEqual({
      standing: 'eligible_for_release',
      words: 'The facilities are removed from operation: it may be released',
    });
    expect(releaseProblem({ ...removed, releasedOn: '2026-06-02' }, '2026-06-15')).toBe(
      'Already released on June 2, 2026.',
    );
  });
  it('handles February 29', () => {
    expect(oneYearAfter('2024-02-29')).toBe('2025-03-01');
    expect(oneYearAfter('2025-06-10')).toBe('2026-06-10');
    expect(oneYearAfter('2025-12-31')).toBe('2026-12-31');
  });
  it('says where each guarantee stands', () => {
    expect(
      guaranteeStanding({ ...g, oneYearInspectionOn: '2026-06-12', oneYearInspectionAcceptable: true }, '2026-06-15')
        .standing,
    ).toBe('eligible_for_release');
    expect(guaranteeStanding({ ...g, expiresOn: '2026-07-01' }, '2026-06-15')).toEqual({
      standing: 'expiring',
      words: 'Expires July 1, 2026: ask for a renewal',
    });
    expect(guaranteeStanding({ ...g, expiresOn: '2026-08-14' }, '2026-06-15').standing).toBe('expiring'); // 60 days
    expect(guaranteeStanding({ ...g, expiresOn: '2026-08-15' }, '2026-06-15').standing).toBe('held'); // 61 days
    expect(guaranteeStanding({ ...g, expiresOn: '2026-06-01' }, '2026-06-15')).toEqual({
      standing: 'expired',
      words: 'Expired June 1, 2026: ask for a renewal or draw on it',
    });
    expect(guaranteeStanding({ ...g, expiresOn: '2026-06-15' }, '2026-06-15').standing).toBe('expiring');
    expect(guaranteeStanding({ ...g, releasedOn: '2026-06-12' }, '2026-06-15')).toEqual({
      standing: 'released',
      words: 'Released June 12, 2026',
    });
    expect(guaranteeStanding(g, '2026-01-15')).toEqual({
      standing: 'held',
      words: 'Held; one-year inspection due on or after June 10, 2026',
    });
    expect(guaranteeStanding({ ...g, finalAcceptanceOn: null, expiresOn: null }, '2026-01-15')).toEqual({
      standing: 'held',
      words: 'Held until final acceptance and a one-year inspection',
    });
    expect(guaranteeStanding({ ...g, expiresOn: null }, '2026-01-15').standing).toBe('held');
  });
});
