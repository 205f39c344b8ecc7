import { describe, expect, it } from 'vitest';
import { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { reviewClock } from '#lib/server/reviews/swppp-review.rules.ts';

const calendar = new BusinessCalendar();

describe('SWPPP review: the 30-day completeness clock', () => {
  it.each([
    // received, due: day 30 (the day of receipt is not counted), moved to the next business day when closed
    ['2026-06-01', '2026-07-01', 'a weekday'],
    ['2026-05-01', '2026-06-01', 'day 30 is Sunday May 31, so Monday'],
    ['2026-06-04', '2026-07-06', 'day 30 is Saturday July 4, so Monday (no Saturday-to-Friday rule)'],
    ['2026-09-12', '2026-10-13', 'day 30 is Columbus Day, so Tuesday'],
  ])('received %s is due %s (%s)', (receivedOn, due) => {
    const c = reviewClock({ receivedOn }, receivedOn, calendar);
    expect(c.stage).toBe('completeness');
    expect(c.clock?.kind).toBe('completeness');
    expect(c.clock?.deadline).toBe(due);
    expect(c.clock?.daysLeft).toBeGreaterThanOrEqual(30);
  });

  it('counts days left down to zero on the due date', () => {
    expect(reviewClock({ receivedOn: '2026-06-01' }, '2026-06-20', calendar).clock?.daysLeft).toBe(11);
    const dueToday = reviewClock({ receivedOn: '2026-06-01' }, '2026-07-01', calendar);
    expect(dueToday.clock?.daysLeft).toBe(0);
    expect(dueToday.stage).toBe('completeness');
    expect(dueToday.headline).toContain('due today');
  });

  it('the day after day 30 with no action, the applicant is authorized to proceed as filed', () => {
    const c = reviewClock({ receivedOn: '2026-06-01' }, '2026-07-02', calendar);
    expect(c.stage).toBe('authorized_as_filed');
    expect(c.authorizedOn).toBe('2026-07-02');
    expect(c.clock?.daysLeft).toBe(-1);
    expect(c.publicStatus).toContain('authorized to proceed as filed since July 2, 2026');
    expect(c.needsAction).toBe(true);
  });

  it('an extension agreed with the applicant moves the deadline, and only a later date counts', () => {
    const extended = reviewClock({ receivedOn: '2026-06-01', extendedUntil: '2026-07-15' }, '2026-07-10', calendar);
    expect(extended.stage).toBe('completeness');
    expect(extended.clock).toMatchObject({ deadline: '2026-07-15', extended: true, daysLeft: 5 });
    expect(extended.explanation.join(' ')).toContain('Extended by agreement');
    const lapsed = reviewClock({ receivedOn: '2026-06-01', extendedUntil: '2026-07-15' }, '2026-07-16', calendar);
    expect(lapsed.stage).toBe('authorized_as_filed');
    expect(lapsed.authorizedOn).toBe('2026-07-16');
    // An "extension" to a date before the statutory one changes nothing.
    expect(reviewClock({ receivedOn: '2026-06-01', extendedUntil: '2026-06-20' }, '2026-06-25', calendar).clock).toMatchObject({ deadline: '2026-07-01', extended: false });
  });

  it('a deficiency notice stops the clock until a revised plan arrives, which starts a new 30 days', () => {
    const waiting = reviewClock({ receivedOn: '2026-06-01', deficienciesNotifiedOn: '2026-06-18' }, '2026-08-01', calendar);
    expect(waiting.stage).toBe('awaiting_revision');
    expect(waiting.clock).toBeUndefined();
    expect(waiting.needsAction).toBe(false);
    const revised = reviewClock({ receivedOn: '2026-06-01', deficienciesNotifiedOn: '2026-06-18', resubmittedOn: '2026-07-10' }, '2026-07-20', calendar);
    expect(revised.stage).toBe('completeness');
    expect(revised.clock?.deadline).toBe('2026-08-10'); // day 30 is Sunday August 9
  });
});

describe('SWPPP review: the 30-day decision clock', () => {
  it('starts when the plan is found complete', () => {
    const c = reviewClock({ receivedOn: '2026-06-01', completeOn: '2026-06-11' }, '2026-06-12', calendar);
    expect(c.stage).toBe('decision');
    expect(c.clock).toMatchObject({ kind: 'decision', deadline: '2026-07-13', daysLeft: 31 }); // day 30 is Saturday July 11
    expect(c.headline).toMatch(/^Decision due July 13, 2026/);
  });

  it('past day 30 with no decision, the applicant may proceed as filed', () => {
    const c = reviewClock({ receivedOn: '2026-06-01', completeOn: '2026-06-11' }, '2026-07-14', calendar);
    expect(c.stage).toBe('authorized_as_filed');
    expect(c.authorizedOn).toBe('2026-07-14');
  });

  it('a decision ends the clock, and a late one says the applicant had already been authorized', () => {
    const onTime = reviewClock({ receivedOn: '2026-06-01', completeOn: '2026-06-11', decision: 'approved_with_conditions', decidedOn: '2026-07-01' }, '2026-08-01', calendar);
    expect(onTime).toMatchObject({ stage: 'decided', needsAction: false, publicStatus: 'Approved with conditions on July 1, 2026' });
    expect(onTime.explanation).toHaveLength(1);
    const late = reviewClock({ receivedOn: '2026-06-01', completeOn: '2026-06-11', decision: 'disapproved', decidedOn: '2026-07-20' }, '2026-08-01', calendar);
    expect(late.stage).toBe('decided');
    expect(late.explanation[1]).toContain('authorized to proceed as filed');
  });

  it('amendments run on the same clocks (a review is a review)', () => {
    const amendment = reviewClock({ receivedOn: '2026-03-02' }, '2026-03-20', calendar);
    expect(amendment.clock?.deadline).toBe('2026-04-01');
  });
});
