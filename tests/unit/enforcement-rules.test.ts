import { describe, expect, it } from 'vitest';
import { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import {
  applyFinePayment,
  availableEvents,
  calculateFine,
  checkConviction,
  ENFORCEMENT_TYPE_RULES,
  fineStatusFor,
  MAX_DAILY_FINE_CENTS,
  SWPPP_CORRECTION_DAYS,
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
    if (!r.ok) expect(Object.keys(r.fields ?? {})).toEqual([field]);
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
    expect(applyFinePayment({ ...fine, paidCents: 50000, status: 'partly_paid' }, 85000)).toMatchObject({
      ok: true,
      status: 'paid',
      balanceCents: 0,
    });
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
  const swo: ActionState = {
    type: 'stop_work_order',
    status: 'issued',
    issuedOn: '2026-05-03',
    closedOn: null,
    liftedOn: null,
    fineStatus: null,
  };
  const nov: ActionState = { ...swo, type: 'notice_of_violation' };
  const fine: ActionState = { ...swo, type: 'fine', fineStatus: 'partly_paid' };
  const today = '2026-05-20';

  it('a stop-work order closes only with the date it was lifted', () => {
    expect(transition(swo, 'close', { on: '2026-05-10' }, today)).toMatchObject({
      ok: false,
      message: expect.stringContaining('only when lifted'),
    });
    expect(transition(swo, 'close', { on: '2026-05-10', liftedOn: '2026-05-10' }, today)).toEqual({
      ok: true,
      patch: { status: 'closed', closedOn: '2026-05-10', liftedOn: '2026-05-10' },
    });
  });

  it('a withdrawn stop-work order no longer stops work', () => {
    expect(transition(swo, 'withdraw', { on: '2026-05-04' }, today)).toEqual({
      ok: true,
      patch: { status: 'withdrawn', closedOn: '2026-05-04', liftedOn: '2026-05-04' },
    });
  });

  it('issued → complied → closed, and complied can still escalate', () => {
    expect(transition(nov, 'comply', { on: '2026-05-08' }, today)).toEqual({
      ok: true,
      patch: { status: 'complied', compliedOn: '2026-05-08' },
    });
    const complied = { ...nov, status: 'complied' as const };
    expect(availableEvents(complied)).toEqual(['escalate', 'withdraw', 'close']);
    expect(transition(complied, 'close', { on: '2026-05-12' }, today)).toEqual({
      ok: true,
      patch: { status: 'closed', closedOn: '2026-05-12' },
    });
    const escalated = { ...nov, status: 'escalated' as const };
    expect(availableEvents(escalated)).toEqual(['withdraw', 'close']);
  });

  it('closed and withdrawn actions are final', () => {
    for (const status of ['closed', 'withdrawn'] as const) {
      const done = { ...nov, status, closedOn: '2026-05-10' };
      expect(availableEvents(done)).toEqual([]);
      expect(transition(done, 'comply', { on: '2026-05-11' }, today)).toMatchObject({
        ok: false,
        message: expect.stringContaining('already resolved'),
      });
    }
  });

  it('a fine closes only when paid or waived', () => {
    expect(transition(fine, 'close', { on: '2026-05-10' }, today)).toEqual({
      ok: false,
      message:
        'A court referral closes only when the fine the court imposed is paid in full or waived; withdraw it if the court dismissed the case.',
    });
    expect(transition({ ...fine, fineStatus: null }, 'close', { on: '2026-05-10' }, today)).toMatchObject({
      ok: false,
    });
    expect(transition({ ...fine, fineStatus: 'assessed' }, 'close', { on: '2026-05-10' }, today)).toMatchObject({
      ok: false,
    });
    // Withdrawn (the court dismissed the case) needs no payment.
    expect(transition({ ...fine, fineStatus: null }, 'withdraw', { on: '2026-05-10' }, today)).toEqual({
      ok: true,
      patch: { status: 'withdrawn', closedOn: '2026-05-10' },
    });
    expect(transition({ ...fine, fineStatus: 'paid' }, 'close', { on: '2026-05-10' }, today)).toMatchObject({
      ok: true,
    });
    expect(transition({ ...fine, fineStatus: 'waived' }, 'close', { on: '2026-05-10' }, today)).toMatchObject({
      ok: true,
    });
  });

  it('dates fall between the issued date and today', () => {
    expect(transition(nov, 'comply', { on: '2026-05-02' }, today)).toMatchObject({
      ok: false,
      message: expect.stringContaining('before the action was issued'),
    });
    expect(transition(nov, 'comply', { on: '2026-05-21' }, today)).toMatchObject({
      ok: false,
      message: expect.stringContaining('future'),
    });
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

describe('the kinds of action: what each needs when issued (the ordinance and how agencies record it)', () => {
  it('each kind has its category, usual citation, and whether it needs a comply-by date and measures', () => {
    expect(ENFORCEMENT_TYPE_RULES).toEqual({
      written_warning: { category: 'informal', citation: null, needsComplyBy: false, needsMeasures: true },
      notice_of_violation: { category: 'formal', citation: null, needsComplyBy: true, needsMeasures: true },
      swppp_deficiency_notice: {
        category: 'formal',
        citation: 'Subsection R(2)',
        needsComplyBy: true,
        needsMeasures: true,
      },
      stop_work_order: { category: 'formal', citation: 'Subsection R(1)', needsComplyBy: false, needsMeasures: true },
      fine: { category: 'judicial', citation: 'Subsection R(3)', needsComplyBy: false, needsMeasures: false },
      occupancy_hold: { category: 'formal', citation: 'Subsection R(4)', needsComplyBy: false, needsMeasures: true },
      dec_referral: { category: 'formal', citation: 'Subsection R(3)', needsComplyBy: false, needsMeasures: false },
    });
    expect(MAX_DAILY_FINE_CENTS).toBe(25_000);
    expect(SWPPP_CORRECTION_DAYS).toBe(7);
  });
});

// The court convicts and imposes the fine; the officer records it, capped at $250 a day (decision 0025).
describe('a fine is imposed by the court on conviction, at most $250 for each day of violation', () => {
  const c = {
    convictedOn: '2026-06-09',
    referredOn: '2026-05-03',
    docketNumber: '26-0412',
    days: 3,
    fineCents: 75_000,
  };
  it('records a fine up to $250 a day, in words', () => {
    expect(checkConviction(c, '2026-06-10')).toEqual({
      ok: true,
      maxCents: 75_000,
      words: 'Fined $750.00 by the court on June 9, 2026 for 3 days of violation (at most $750.00).',
    });
    expect(checkConviction({ ...c, fineCents: 1 }, '2026-06-09')).toMatchObject({ ok: true });
    expect(checkConviction({ ...c, days: 1, fineCents: 25_000 }, '2026-06-10')).toEqual({
      ok: true,
      maxCents: 25_000,
      words: 'Fined $250.00 by the court on June 9, 2026 for 1 day of violation (at most $250.00).',
    });
    expect(checkConviction({ ...c, convictedOn: '2026-05-03' }, '2026-06-09')).toMatchObject({ ok: true });
  });
  it.each([
    [
      { fineCents: 75_001 },
      'fineAmount',
      'The law allows at most $250.00 for each day of violation: at most $750.00 for 3 days. Check the court’s judgment.',
    ],
    [{ fineCents: 0 }, 'fineAmount', 'Enter the fine the court imposed, like 750.00.'],
    [{ fineCents: 10.5 }, 'fineAmount', 'Enter the fine the court imposed, like 750.00.'],
    [
      { days: 0 },
      'fineDays',
      'Enter the number of days of violation the court convicted on, a whole number of 1 or more.',
    ],
    [
      { days: 1.5 },
      'fineDays',
      'Enter the number of days of violation the court convicted on, a whole number of 1 or more.',
    ],
    [{ docketNumber: '  ' }, 'docketNumber', 'Enter the court’s docket number.'],
    [{ convictedOn: '2026-06-11' }, 'convictedOn', 'The conviction date cannot be in the future.'],
    [
      { convictedOn: '2026-05-02' },
      'convictedOn',
      'The conviction cannot come before the case was referred to court (May 3, 2026).',
    ],
  ])('refuses %o', (change, field, message) => {
    expect(checkConviction({ ...c, ...change }, '2026-06-10')).toEqual({ ok: false, fields: { [field]: message } });
  });
});

describe('fine payments and their guards', () => {
  it('a payment needs a fine the court imposed, a positive whole amount, and a balance', () => {
    expect(applyFinePayment({ assessedCents: null, paidCents: 0, status: null }, 100)).toEqual({
      ok: false,
      message: 'The court has not imposed a fine: record the conviction first.',
    });
    expect(applyFinePayment({ assessedCents: 1000, paidCents: 0, status: 'waived' }, 100)).toEqual({
      ok: false,
      message: 'This fine was waived; no payment can be recorded.',
    });
    expect(applyFinePayment({ assessedCents: 1000, paidCents: 0, status: 'assessed' }, 0)).toEqual({
      ok: false,
      message: 'Enter the amount paid, like 250.00.',
    });
    expect(applyFinePayment({ assessedCents: 1000, paidCents: 0, status: 'assessed' }, 1.5)).toMatchObject({
      ok: false,
      message: 'Enter the amount paid, like 250.00.',
    });
    expect(applyFinePayment({ assessedCents: 1000, paidCents: 1000, status: 'paid' }, 1)).toEqual({
      ok: false,
      message: 'This fine is already paid in full.',
    });
    expect(applyFinePayment({ assessedCents: 1000, paidCents: 1200, status: 'paid' }, 1)).toEqual({
      ok: false,
      message: 'This fine is already paid in full.',
    });
    expect(applyFinePayment({ assessedCents: 1000, paidCents: 400, status: 'partly_paid' }, 601)).toEqual({
      ok: false,
      message: 'The payment is more than the balance of $6.00.',
    });
    expect(applyFinePayment({ assessedCents: 1000, paidCents: 400, status: 'partly_paid' }, 600)).toEqual({
      ok: true,
      paidCents: 1000,
      balanceCents: 0,
      status: 'paid',
    });
    expect(applyFinePayment({ assessedCents: 1000, paidCents: 0, status: 'assessed' }, 1)).toEqual({
      ok: true,
      paidCents: 1,
      balanceCents: 999,
      status: 'partly_paid',
    });
  });
  it('the status follows what was paid', () => {
    expect(fineStatusFor(1000, 0)).toBe('assessed');
    expect(fineStatusFor(1000, 1)).toBe('partly_paid');
    expect(fineStatusFor(1000, 1000)).toBe('paid');
    expect(fineStatusFor(1000, 1001)).toBe('paid');
  });
});

describe('the fine calculator refuses what a court could not impose', () => {
  it('says why, in words', () => {
    expect(calculateFine({ days: 0, dailyRateCents: 100 })).toEqual({
      ok: false,
      fields: { days: 'Enter the number of days the violation existed, a whole number of 1 or more.' },
    });
    expect(calculateFine({ days: 3651, dailyRateCents: 100 })).toEqual({
      ok: false,
      fields: { days: 'Enter at most 3,650 days (ten years).' },
    });
    expect(calculateFine({ days: 3650, dailyRateCents: 100 })).toMatchObject({ ok: true, assessedCents: 365_000 });
    expect(calculateFine({ days: 2, dailyRateCents: 0 })).toEqual({
      ok: false,
      fields: { dailyRateCents: 'Enter a daily fine of at least $0.01, like 150 or 150.00.' },
    });
    expect(calculateFine({ days: 2, dailyRateCents: 25_000 })).toEqual({
      ok: true,
      days: 2,
      dailyRateCents: 25_000,
      assessedCents: 50_000,
      cappedFromCents: undefined,
      lines: ['2 days × $250.00 a day = $500.00.', 'Each day the violation existed is a separate offense.'],
    });
    expect(calculateFine({ days: 1, dailyRateCents: 25_001 })).toMatchObject({
      ok: true,
      lines: [
        'The law allows at most $250.00 a day; the $250.01 entered is lowered to $250.00.',
        '1 day × $250.00 a day = $250.00.',
        'Each day the violation existed is a separate offense.',
      ],
    });
  });
});

describe('the seven days of a SWPPP deficiency notice, explained', () => {
  it('says how the date was counted', () => {
    expect(swpppCorrectionDeadline('2026-06-15', calendar)).toMatchObject({
      dueOn: '2026-06-22',
      otherwiseProvided: false,
      explanation: 'Seven days after June 15, 2026: June 22, 2026.',
    });
    expect(swpppCorrectionDeadline('2026-06-13', calendar).explanation).toBe(
      'Seven days after June 13, 2026 is June 20, 2026 (Saturday), so the deadline runs to the next business day, June 22, 2026.',
    );
    expect(swpppCorrectionDeadline('2026-06-15', calendar, '2026-06-29').explanation).toBe(
      'The town set June 29, 2026 instead of the usual seven days (June 22, 2026).',
    );
    expect(swpppCorrectionDeadline('2026-06-15', calendar, null).dueOn).toBe('2026-06-22');
  });
});

describe('the state machine, edge by edge', () => {
  const nov: ActionState = {
    type: 'notice_of_violation',
    status: 'issued',
    issuedOn: '2026-05-03',
    closedOn: null,
    liftedOn: null,
    fineStatus: null,
  };
  const today = '2026-05-20';
  it('an issued action may comply, escalate, be withdrawn or closed', () => {
    expect(availableEvents(nov)).toEqual(['comply', 'escalate', 'withdraw', 'close']);
    expect(availableEvents({ ...nov, closedOn: '2026-05-10' })).toEqual([]);
  });
  it('escalating marks it escalated, once', () => {
    expect(transition(nov, 'escalate', { on: '2026-05-10' }, today)).toEqual({
      ok: true,
      patch: { status: 'escalated' },
    });
    expect(transition({ ...nov, status: 'escalated' }, 'escalate', { on: '2026-05-10' }, today)).toEqual({
      ok: false,
      message: 'This action cannot be escalated now.',
    });
    expect(transition({ ...nov, status: 'complied' }, 'comply', { on: '2026-05-10' }, today)).toEqual({
      ok: false,
      message: 'This action cannot be marked complied now.',
    });
  });
  it('an event may be dated today, not tomorrow, and needs a date', () => {
    expect(transition(nov, 'close', { on: today }, today)).toEqual({
      ok: true,
      patch: { status: 'closed', closedOn: today },
    });
    expect(transition(nov, 'close', { on: '2026-05-21' }, today)).toEqual({
      ok: false,
      message: 'The date cannot be in the future.',
    });
    expect(transition(nov, 'close', { on: '' }, today)).toEqual({ ok: false, message: 'Enter the date.' });
    expect(transition(nov, 'close', { on: '2026-05-02' }, today)).toEqual({
      ok: false,
      message: 'The date cannot be before the action was issued (May 3, 2026).',
    });
    const swo: ActionState = { ...nov, type: 'stop_work_order' };
    expect(transition(swo, 'close', { on: today, liftedOn: null }, today)).toEqual({
      ok: false,
      message: 'A stop-work order closes only when lifted: enter the date the town lifted it.',
    });
    expect(transition(swo, 'comply', { on: today }, today)).toEqual({
      ok: true,
      patch: { status: 'complied', compliedOn: today },
    });
    expect(transition(swo, 'comply', { on: '' }, today)).toEqual({ ok: false, message: 'Enter the date.' });
  });
  it('a resolved action says it is resolved', () => {
    expect(transition({ ...nov, status: 'closed', closedOn: null }, 'close', { on: today }, today)).toEqual({
      ok: false,
      message: 'This action is already resolved; it cannot change.',
    });
    expect(transition({ ...nov, closedOn: '2026-05-10' }, 'close', { on: today }, today)).toEqual({
      ok: false,
      message: 'This action is already resolved; it cannot change.',
    });
  });
});
