import { describe, expect, it } from 'vitest';
import { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import {
  applyFinePayment,
  availableEvents,
  calculateFine,
  projectStatusAfterStopWork,
  swpppCorrectionDeadline,
  transition,
  violationDays,
  type ActionState,
} from '#lib/server/enforcement/actions.rules.ts';
import { parseMoney } from '#lib/shared/format.ts';

const calendar = new BusinessCalendar();

describe('the fine calculator: days × rate, at most $250 a day', () => {
  it.each([
    [9, 15000, 135000, undefined],
    [1, 25000, 25000, undefined],
    [3, 25001, 75000, 25001],
    [10, 50000, 250000, 50000],
    [30, 1, 30, undefined],
  ])('%i days at %i cents → %i cents', (days, rate, assessed, cappedFrom) => {
    const r = calculateFine({ days, dailyRateCents: rate });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.assessedCents).toBe(assessed);
    expect(r.dailyRateCents).toBeLessThanOrEqual(25000);
    expect(r.cappedFromCents).toBe(cappedFrom);
    expect(r.lines.join(' ')).toContain('separate offense');
  });

  it('explains a capped rate in words', () => {
    const r = calculateFine({ days: 3, dailyRateCents: 30000 });
    expect(r.ok && r.lines[0]).toContain('at most $250.00 a day');
    expect(r.ok && r.lines[1]).toBe('3 days × $250.00 a day = $750.00.');
  });

  it.each([
    [0, 100, 'days'],
    [1.5, 100, 'days'],
    [-2, 100, 'days'],
    [5, 0, 'dailyRateCents'],
    [5, 12.5, 'dailyRateCents'],
  ])('refuses %s days at %s cents', (days, rate, field) => {
    const r = calculateFine({ days, dailyRateCents: rate });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.field).toBe(field);
  });

  it('counts both the first and the last day of a violation', () => {
    expect(violationDays('2026-05-01', '2026-05-09')).toBe(9);
    expect(violationDays('2026-05-01', '2026-05-01')).toBe(1);
    // Across the spring clock change.
    expect(violationDays('2026-03-07', '2026-03-09')).toBe(3);
  });

  it('reads money the way people type it', () => {
    expect(parseMoney('150')).toBe(15000);
    expect(parseMoney('$1,250.5')).toBe(125050);
    expect(parseMoney('0.07')).toBe(7);
    expect(parseMoney('12.345')).toBeUndefined();
    expect(parseMoney('abc')).toBeUndefined();
  });
});

describe('fine payments', () => {
  const fine = { assessedCents: 135000, paidCents: 0, status: 'assessed' as const };
  it('a part payment leaves it partly paid; the rest pays it', () => {
    const first = applyFinePayment(fine, 50000);
    expect(first).toEqual({ ok: true, paidCents: 50000, balanceCents: 85000, status: 'partly_paid' });
    expect(applyFinePayment({ ...fine, paidCents: 50000, status: 'partly_paid' }, 85000)).toMatchObject({ ok: true, status: 'paid', balanceCents: 0 });
  });
  it('refuses overpayment, payments on a waived fine and on a paid one', () => {
    expect(applyFinePayment(fine, 135001)).toMatchObject({ ok: false });
    expect(applyFinePayment({ ...fine, status: 'waived' }, 100)).toMatchObject({ ok: false });
    expect(applyFinePayment({ ...fine, paidCents: 135000, status: 'paid' }, 100)).toMatchObject({ ok: false });
  });
});

describe('the SWPPP deficiency notice: seven days to amend and certify', () => {
  it.each([
    ['2026-06-15', '2026-06-22', 'Monday to Monday'],
    ['2026-06-10', '2026-06-17', 'Wednesday to Wednesday'],
    ['2026-06-12', '2026-06-22', 'day 7 is Juneteenth (Friday), so Monday'],
    ['2026-06-13', '2026-06-22', 'day 7 is a Saturday, so Monday'],
    ['2026-11-04', '2026-11-12', 'day 7 is Veterans Day, so Thursday'],
  ])('notified %s → due %s (%s)', (notifiedOn, due) => {
    expect(swpppCorrectionDeadline(notifiedOn, calendar).dueOn).toBe(due);
  });

  it('"or as otherwise provided by the Town": a date the officer sets wins, and says so', () => {
    const d = swpppCorrectionDeadline('2026-06-15', calendar, '2026-06-29');
    expect(d).toMatchObject({ dueOn: '2026-06-29', otherwiseProvided: true });
    expect(d.explanation).toContain('instead of the usual seven days');
    expect(swpppCorrectionDeadline('2026-06-15', calendar, '2026-06-22').otherwiseProvided).toBe(false);
  });
});

describe('the enforcement state machine', () => {
  const swo: ActionState = { type: 'stop_work_order', status: 'issued', issuedOn: '2026-05-03', closedOn: null, liftedOn: null, fineStatus: null };
  const nov: ActionState = { ...swo, type: 'notice_of_violation' };
  const fine: ActionState = { ...swo, type: 'fine', fineStatus: 'partly_paid' };
  const today = '2026-05-20';

  it('a stop-work order closes only with the date it was lifted', () => {
    expect(transition(swo, 'close', { on: '2026-05-10' }, today)).toMatchObject({ ok: false, message: expect.stringContaining('only when lifted') });
    expect(transition(swo, 'close', { on: '2026-05-10', liftedOn: '2026-05-10' }, today)).toEqual({
      ok: true,
      patch: { status: 'closed', closedOn: '2026-05-10', liftedOn: '2026-05-10' },
    });
  });

  it('a withdrawn stop-work order no longer stops work', () => {
    expect(transition(swo, 'withdraw', { on: '2026-05-04' }, today)).toEqual({ ok: true, patch: { status: 'withdrawn', closedOn: '2026-05-04', liftedOn: '2026-05-04' } });
  });

  it('issued → complied → closed, and complied can still escalate', () => {
    expect(transition(nov, 'comply', { on: '2026-05-08' }, today)).toEqual({ ok: true, patch: { status: 'complied', compliedOn: '2026-05-08' } });
    const complied = { ...nov, status: 'complied' as const };
    expect(availableEvents(complied)).toEqual(['escalate', 'withdraw', 'close']);
    expect(transition(complied, 'close', { on: '2026-05-12' }, today)).toEqual({ ok: true, patch: { status: 'closed', closedOn: '2026-05-12' } });
    const escalated = { ...nov, status: 'escalated' as const };
    expect(availableEvents(escalated)).toEqual(['withdraw', 'close']);
  });

  it('closed and withdrawn actions are final', () => {
    for (const status of ['closed', 'withdrawn'] as const) {
      const done = { ...nov, status, closedOn: '2026-05-10' };
      expect(availableEvents(done)).toEqual([]);
      expect(transition(done, 'comply', { on: '2026-05-11' }, today)).toMatchObject({ ok: false, message: expect.stringContaining('already resolved') });
    }
  });

  it('a fine closes only when paid or waived', () => {
    expect(transition(fine, 'close', { on: '2026-05-10' }, today)).toMatchObject({ ok: false });
    expect(transition({ ...fine, fineStatus: 'paid' }, 'close', { on: '2026-05-10' }, today)).toMatchObject({ ok: true });
    expect(transition({ ...fine, fineStatus: 'waived' }, 'close', { on: '2026-05-10' }, today)).toMatchObject({ ok: true });
  });

  it('dates fall between the issued date and today', () => {
    expect(transition(nov, 'comply', { on: '2026-05-02' }, today)).toMatchObject({ ok: false, message: expect.stringContaining('before the action was issued') });
    expect(transition(nov, 'comply', { on: '2026-05-21' }, today)).toMatchObject({ ok: false, message: expect.stringContaining('future') });
    expect(transition(nov, 'comply', { on: '2026-05-03' }, today)).toMatchObject({ ok: true });
  });

  it('the project shows stop-work while any order is in force, then its earlier status comes back', () => {
    expect(projectStatusAfterStopWork('active', true, null, 'active')).toBe('stop_work');
    expect(projectStatusAfterStopWork('stop_work', false, 'final_stabilization', 'active')).toBe('final_stabilization');
    expect(projectStatusAfterStopWork('stop_work', false, null, 'active')).toBe('active');
    expect(projectStatusAfterStopWork('stop_work', false, 'stop_work', 'active')).toBe('active');
    // Someone changed the status by hand meanwhile: leave it.
    expect(projectStatusAfterStopWork('complete', false, 'active', 'active')).toBe('complete');
  });
});
