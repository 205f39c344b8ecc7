import { describe, expect, it } from 'vitest';
import { describeAction, isInForce, summarizeEnforcement, type EnforcementFacts } from '#lib/server/enforcement/in-force.rules.ts';

const base: EnforcementFacts = {
  id: 1,
  type: 'notice_of_violation',
  status: 'issued',
  issuedOn: '2026-05-03',
  closedOn: null,
  liftedOn: null,
  complyBy: null,
  citedSection: null,
  fineAssessedCents: null,
  finePaidCents: 0,
};

describe('what enforcement is in force', () => {
  it('an action is in force until it has a closed date', () => {
    expect(isInForce(base)).toBe(true);
    expect(isInForce({ ...base, status: 'complied' })).toBe(true);
    expect(isInForce({ ...base, status: 'closed', closedOn: '2026-05-20' })).toBe(false);
    expect(isInForce({ ...base, status: 'withdrawn' })).toBe(false);
  });

  it('a stop-work order stops being in force when lifted', () => {
    const swo = { ...base, type: 'stop_work_order' as const };
    expect(isInForce(swo)).toBe(true);
    expect(isInForce({ ...swo, liftedOn: '2026-05-10' })).toBe(false);
  });

  it('a stop-work order in force leads the summary, with its date', () => {
    const s = summarizeEnforcement(
      [base, { ...base, id: 2, type: 'stop_work_order', issuedOn: '2026-05-05', citedSection: 'L(3)' }],
      '2026-05-06',
    );
    expect(s.level).toBe('stop_work');
    expect(s.headline).toBe('Stop-work order in effect since May 5, 2026');
    expect(s.details[0]).toMatch(/^Stop-work order in effect since May 5, 2026 \(ordinance L\(3\)\)/);
    expect(s.inForce).toBe(2);
  });

  it('says when a comply-by date has passed', () => {
    const s = summarizeEnforcement([{ ...base, complyBy: '2026-05-10' }], '2026-05-11');
    expect(s.level).toBe('open');
    expect(s.details[0]).toContain('the deadline to comply, May 10, 2026, has passed');
    const before = summarizeEnforcement([{ ...base, complyBy: '2026-05-10' }], '2026-05-10');
    expect(before.details[0]).toContain('must comply by May 10, 2026');
  });

  it('shows an unpaid fine balance', () => {
    const s = summarizeEnforcement([{ ...base, type: 'fine', fineAssessedCents: 75000, finePaidCents: 25000 }], '2026-06-01');
    expect(s.details[0]).toContain('$750.00 assessed, $500.00 unpaid');
  });

  it('with everything resolved, says so without hiding the history', () => {
    const s = summarizeEnforcement([{ ...base, status: 'closed', closedOn: '2026-05-20' }], '2026-06-01');
    expect(s).toMatchObject({ level: 'clear', inForce: 0, total: 1 });
    expect(s.headline).toBe('No enforcement in effect (1 past action, all resolved)');
    expect(summarizeEnforcement([], '2026-06-01').headline).toBe('No enforcement actions on record');
  });

  it('describes a lifted stop-work order with both dates', () => {
    const text = describeAction(
      { ...base, type: 'stop_work_order', liftedOn: '2026-05-10', closedOn: '2026-05-10', status: 'closed', citedSection: 'L(3)' },
      '2026-06-01',
    );
    expect(text).toBe('Stop-work order issued May 3, 2026 (ordinance L(3)); lifted May 10, 2026.');
  });
});
