import { describe, expect, it } from 'vitest';
import { noticeProblem, noticeTiming } from '#lib/server/enforcement/inspection-notice.rules.ts';
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
    expect(noticeTiming(townInstant('2026-03-07', '07:30'), townInstant('2026-03-09', '07:30'))).toMatchObject({ hours: 47, late: true });
  });

  it('refuses a notice for a time already past', () => {
    expect(noticeProblem(milestone, townInstant('2026-06-17', '07:00'))).toMatchObject({ field: 'scheduledDate' });
    expect(noticeProblem(townInstant('2026-06-16', '12:00'), milestone)).toBeUndefined();
  });
});

describe('performance guarantees: released only after the one-year inspection', () => {
  const g = { finalAcceptanceOn: '2025-06-10', oneYearInspectionOn: null as string | null, releasedOn: null, expiresOn: '2027-01-01' };
  it('needs final acceptance, then an inspection at least a year later', () => {
    expect(releaseProblem({ ...g, finalAcceptanceOn: null }, '2026-07-01')).toContain('final acceptance');
    expect(releaseProblem(g, '2026-07-01')).toContain('one-year inspection');
    expect(releaseProblem({ ...g, oneYearInspectionOn: '2026-06-09' }, '2026-07-01')).toContain('less than a year');
    expect(releaseProblem({ ...g, oneYearInspectionOn: '2026-06-10' }, '2026-06-10')).toBeUndefined();
  });
  it('handles February 29', () => {
    expect(oneYearAfter('2024-02-29')).toBe('2025-03-01');
  });
  it('says where each guarantee stands', () => {
    expect(guaranteeStanding({ ...g, oneYearInspectionOn: '2026-06-12' }, '2026-06-15').standing).toBe('eligible_for_release');
    expect(guaranteeStanding({ ...g, expiresOn: '2026-07-01' }, '2026-06-15').standing).toBe('expiring');
    expect(guaranteeStanding({ ...g, expiresOn: '2026-06-01' }, '2026-06-15').standing).toBe('expired');
    expect(guaranteeStanding({ ...g, releasedOn: '2026-06-12' }, '2026-06-15').standing).toBe('released');
    expect(guaranteeStanding(g, '2026-01-15').standing).toBe('held');
  });
});
