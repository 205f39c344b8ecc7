/**
 * "Right words everywhere", in the pure rules: who gave a 48-hour notice and who recorded it,
 * when a town inspection can be scheduled, where each role starts, titles without nested parentheses.
 * (Near me from an approximate place: geo-and-near.test.ts; the digest's greeting: records-requests.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { landingFor, startLinks } from '#lib/server/accounts/landing.rules.ts';
import { noticeGivenWords, scheduleProblem } from '#lib/server/enforcement/inspection-notice.rules.ts';
import { inspectionReportTitle } from '#lib/server/filings/inspection-reports.ts';
import { titleWithVersion, withoutAsides } from '#lib/shared/format.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';

describe('who gave a 48-hour notice, and who recorded it', () => {
  it.each([
    ['Dale Ferris (phone)', 'Sam Okafor', 'given by Dale Ferris (phone); recorded by Sam Okafor'],
    ['Pat Lee', 'Pat Lee', 'given by Pat Lee'],
    ['Pat Lee', null, 'given by Pat Lee'],
    [null, 'Sam Okafor', 'recorded by Sam Okafor'],
    [null, null, ''],
  ])('%j taken down by %j reads %j', (given, recorded, words) => {
    expect(noticeGivenWords(given, recorded)).toBe(words);
  });
});

describe('scheduling a town inspection ahead', () => {
  const now = townInstant('2026-06-15', '10:00');
  it('takes a time to come, within a year', () => {
    expect(scheduleProblem(townInstant('2026-06-15', '14:00'), now)).toBeUndefined();
    expect(scheduleProblem(townInstant('2027-06-01', '09:00'), now)).toBeUndefined();
  });
  it('refuses a time already past (that is recorded, not scheduled), one years out, and no date at all', () => {
    expect(scheduleProblem(townInstant('2026-06-15', '08:00'), now)?.message).toMatch(/^That time has passed/);
    expect(scheduleProblem(townInstant('2027-07-01', '09:00'), now)?.message).toBe(
      'Schedule the inspection within a year.',
    );
    expect(scheduleProblem(new Date(Number.NaN), now)?.field).toBe('scheduledDate');
  });
});

describe('where each role starts', () => {
  it('gives a new clerk the records requests, and every role its own page', () => {
    expect(startLinks(['clerk'])).toEqual([
      { href: '/staff/requests', label: 'Open the records requests', what: expect.any(String) },
    ]);
    expect(startLinks(['officer']).map((l) => l.href)).toEqual(['/staff/officer']);
    expect(startLinks(['admin', 'clerk']).map((l) => l.href)).toEqual(['/staff/requests', '/staff/users']);
    expect(startLinks(['operator']).map((l) => l.href)).toEqual(['/operator']);
    expect(startLinks([])).toEqual([]);
  });
  it('lands staff on the dashboard and operators on their projects after signing in', () => {
    expect(landingFor(['clerk'])).toBe('/staff');
    expect(landingFor(['operator'])).toBe('/operator');
    expect(landingFor(['operator', 'officer'])).toBe('/staff');
  });
});

describe('titles never nest parentheses', () => {
  it('moves an aside out of its parentheses, and keeps a section’s own', () => {
    expect(withoutAsides('Post-storm inspection (within 24 hours)')).toBe('Post-storm inspection, within 24 hours');
    expect(withoutAsides('Subsection J(11)')).toBe('Subsection J(11)');
    expect(withoutAsides('impaired (303(d))')).toBe('impaired (303(d))');
  });
  it('titles an inspection report without nested parentheses', () => {
    expect(inspectionReportTitle('April 19, 2026', 'post_storm')).toBe(
      'Inspection report, April 19, 2026 (post-storm inspection, within 24 hours)',
    );
    expect(inspectionReportTitle('April 20, 2026', 'routine')).toBe(
      'Inspection report, April 20, 2026 (routine inspection)',
    );
  });
  it('adds a version only when the title does not say it', () => {
    expect(titleWithVersion('Monthly inspection summary, September 2026 (corrected, version 2)', 2)).toBe(
      'Monthly inspection summary, September 2026 (corrected, version 2)',
    );
    expect(titleWithVersion('SWPPP Amendment No. 1', 2)).toBe('SWPPP Amendment No. 1, version 2');
    expect(titleWithVersion('Notice of Intent (NOI)', 1)).toBe('Notice of Intent (NOI)');
  });
});
