import { describe, expect, it } from 'vitest';
import { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import {
  awaitsRevisedPlan,
  answeringRevision,
  completePlanReceivedOn,
  reviewClock,
  SWPPP_REVIEW_DAYS,
} from '#lib/server/reviews/swppp-review.rules.ts';

const calendar = new BusinessCalendar();
const snowDay = new BusinessCalendar([{ date: '2026-07-01', name: 'Snow day', active: true }]);

describe('SWPPP review: the 30-day completeness clock', () => {
  it('the review period is 30 days', () => expect(SWPPP_REVIEW_DAYS).toBe(30));

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

  it('says how day 30 was counted: a weekday, a weekend day, a closed day', () => {
    expect(reviewClock({ receivedOn: '2026-06-01' }, '2026-06-02', calendar).explanation).toEqual([
      'Received June 1, 2026. The officer has 30 days from receipt to decide whether it is complete; the day of receipt is not counted.',
      'Day 30 is July 1, 2026.',
    ]);
    expect(reviewClock({ receivedOn: '2026-05-01' }, '2026-05-02', calendar).explanation[1]).toBe(
      'Day 30 is May 31, 2026, a Sunday, so the period runs to the next business day, June 1, 2026.',
    );
    expect(reviewClock({ receivedOn: '2026-06-04' }, '2026-06-05', calendar).explanation[1]).toBe(
      'Day 30 is July 4, 2026, a Saturday, so the period runs to the next business day, July 6, 2026.',
    );
    expect(reviewClock({ receivedOn: '2026-09-12' }, '2026-09-13', calendar).explanation[1]).toBe(
      'Day 30 is October 12, 2026, a closed day (Columbus Day), so the period runs to the next business day, October 13, 2026.',
    );
    expect(reviewClock({ receivedOn: '2026-06-01' }, '2026-06-02', snowDay).explanation[1]).toBe(
      'Day 30 is July 1, 2026, a closed day (Snow day), so the period runs to the next business day, July 2, 2026.',
    );
  });

  it('while the completeness clock runs the officer has something to do (the desk lists it)', () => {
    const c = reviewClock({ receivedOn: '2026-06-01' }, '2026-06-20', calendar);
    expect(c).toMatchObject({
      stage: 'completeness',
      needsAction: true,
      headline: 'Completeness determination due July 1, 2026 (11 days left)',
    });
    expect(c.clock?.daysLeft).toBe(11);
    expect(c.publicStatus).toBe('Received June 1, 2026; the town is checking that it is complete (by July 1, 2026).');
    expect(c.authorizedOn).toBeUndefined();
  });

  it('counts days left down to zero on the due date', () => {
    const dueToday = reviewClock({ receivedOn: '2026-06-01' }, '2026-07-01', calendar);
    expect(dueToday.clock?.daysLeft).toBe(0);
    expect(dueToday.stage).toBe('completeness');
    expect(dueToday.headline).toContain('due today');
  });

  // The default applies only to a complete application (decision 0023).
  it('no completeness determination after 30 days: the Town has not decided within the 30 days the law gives, and that is not an authorization', () => {
    const c = reviewClock({ receivedOn: '2026-06-01' }, '2026-07-02', calendar);
    expect(c.stage).toBe('completeness_overdue');
    expect(c.authorizedOn).toBeUndefined();
    expect(c.clock).toMatchObject({ kind: 'completeness', deadline: '2026-07-01', daysLeft: -1 });
    expect(c.publicStatus).toBe(
      'Received June 1, 2026; the Town has not decided within the 30 days the law gives (by July 1, 2026) whether the plan is complete. This is not an approval.',
    );
    expect(c.publicStatus).not.toContain('authorized');
    expect(c.headline).toBe(
      'Completeness determination overdue since July 1, 2026: the Town has not decided within the 30 days the law gives',
    );
    expect(c.needsAction).toBe(true); // the officer's desk flags it
    expect(c.explanation.at(-1)).toContain('the applicant is not authorized to proceed as filed');
    const revised = reviewClock(
      { receivedOn: '2026-06-01', deficienciesNotifiedOn: '2026-06-10', resubmittedOn: '2026-06-15' },
      '2026-07-20',
      calendar,
    );
    expect(revised.stage).toBe('completeness_overdue');
    expect(revised.publicStatus).toContain(
      'Received June 1, 2026, revised plan received June 15, 2026; the Town has not decided',
    );
  });

  it('an extension agreed with the applicant moves the deadline, and only a later date counts', () => {
    const extended = reviewClock({ receivedOn: '2026-06-01', extendedUntil: '2026-07-15' }, '2026-07-10', calendar);
    expect(extended.stage).toBe('completeness');
    expect(extended.clock).toMatchObject({ deadline: '2026-07-15', extended: true, daysLeft: 5 });
    expect(extended.explanation).toContain('Extended by agreement with the applicant to July 15, 2026.');
    expect(extended.headline).toBe('Completeness determination due July 15, 2026 (5 days left)');
    const lapsed = reviewClock({ receivedOn: '2026-06-01', extendedUntil: '2026-07-15' }, '2026-07-16', calendar);
    expect(lapsed.stage).toBe('completeness_overdue');
    expect(lapsed.publicStatus).toContain('(by July 15, 2026)');
    // An "extension" to a date before (or on) the statutory one changes nothing.
    expect(
      reviewClock({ receivedOn: '2026-06-01', extendedUntil: '2026-06-20' }, '2026-06-25', calendar).clock,
    ).toMatchObject({ deadline: '2026-07-01', extended: false });
    const same = reviewClock({ receivedOn: '2026-06-01', extendedUntil: '2026-07-01' }, '2026-06-25', calendar);
    expect(same.clock).toMatchObject({ deadline: '2026-07-01', extended: false });
    expect(same.explanation.join(' ')).not.toContain('Extended');
  });

  it('a deficiency notice stops the clock until a revised plan arrives, which starts a new 30 days', () => {
    const waiting = reviewClock(
      { receivedOn: '2026-06-01', deficienciesNotifiedOn: '2026-06-18' },
      '2026-08-01',
      calendar,
    );
    expect(waiting).toMatchObject({
      stage: 'awaiting_revision',
      needsAction: false,
      headline: 'Deficiencies sent June 18, 2026; waiting for a revised plan',
      publicStatus:
        'Found incomplete on June 18, 2026; the applicant must submit a revised plan. Land development may not proceed until a revised plan is approved.',
    });
    expect(waiting.clock).toBeUndefined();
    expect(waiting.revisionDueOn).toBeUndefined();
    expect(waiting.explanation).toEqual([
      'Received June 1, 2026; the applicant was told in writing on June 18, 2026 what the plan lacks.',
      'No clock runs until a revised plan arrives; its receipt starts a new 30-day completeness review.',
    ]);
    const revised = reviewClock(
      { receivedOn: '2026-06-01', deficienciesNotifiedOn: '2026-06-18', resubmittedOn: '2026-07-10' },
      '2026-07-20',
      calendar,
    );
    expect(revised.stage).toBe('completeness');
    expect(revised.clock?.deadline).toBe('2026-08-10'); // day 30 is Sunday August 9
    expect(revised.explanation[0]).toBe(
      'Revised plan received July 10, 2026. The officer has 30 days from receipt to decide whether it is complete; the day of receipt is not counted.',
    );
    expect(revised.publicStatus).toBe(
      'Received June 1, 2026, revised plan received July 10, 2026; the town is checking that it is complete (by August 10, 2026).',
    );
  });

  it('a revised plan received on the day of the deficiency notice answers it; one dated before does not', () => {
    const sameDay = reviewClock(
      { receivedOn: '2026-06-01', deficienciesNotifiedOn: '2026-06-18', resubmittedOn: '2026-06-18' },
      '2026-06-20',
      calendar,
    );
    expect(sameDay.stage).toBe('completeness');
    expect(sameDay.clock?.period.from).toBe('2026-06-18');
    expect(answeringRevision({ deficienciesNotifiedOn: '2026-06-18', resubmittedOn: '2026-06-18' })).toBe('2026-06-18');
    // A second notice after an earlier revision: the earlier revision does not answer it.
    const earlier = reviewClock(
      { receivedOn: '2026-06-01', deficienciesNotifiedOn: '2026-06-18', resubmittedOn: '2026-06-17' },
      '2026-06-20',
      calendar,
    );
    expect(earlier.stage).toBe('awaiting_revision');
    expect(answeringRevision({ deficienciesNotifiedOn: '2026-06-18', resubmittedOn: '2026-06-17' })).toBeNull();
    expect(answeringRevision({ deficienciesNotifiedOn: null, resubmittedOn: '2026-06-17' })).toBe('2026-06-17');
    expect(answeringRevision({ deficienciesNotifiedOn: '2026-06-18', resubmittedOn: null })).toBeNull();
    expect(answeringRevision({})).toBeNull();
  });
});

describe('SWPPP review: the 30-day decision clock', () => {
  // From the day the complete plan was received, not the day it was recorded complete (decision 0023).
  it('runs from the receipt of a plan complete as received, not from the day the officer recorded it complete', () => {
    const c = reviewClock({ receivedOn: '2026-06-01', completeOn: '2026-06-11' }, '2026-06-12', calendar);
    expect(c.stage).toBe('decision');
    expect(c.clock).toMatchObject({ kind: 'decision', deadline: '2026-07-01', daysLeft: 19 });
    expect(c.clock?.period.from).toBe('2026-06-01');
    expect(c.headline).toBe('Decision due July 1, 2026 (19 days left)');
    expect(c.needsAction).toBe(true);
    expect(c.publicStatus).toBe("Complete plan received June 1, 2026; the town's decision is due by July 1, 2026.");
    expect(c.explanation[0]).toBe(
      'Complete plan received June 1, 2026 (complete as received); recorded as complete on June 11, 2026. The officer has 30 days from receiving the complete plan to approve, approve with conditions, or disapprove.',
    );
  });

  it('runs from the day the missing information arrived when the plan was found incomplete first', () => {
    const facts = {
      receivedOn: '2026-06-01',
      deficienciesNotifiedOn: '2026-06-05',
      resubmittedOn: '2026-06-09',
      completeOn: '2026-06-25',
    };
    expect(completePlanReceivedOn(facts)).toBe('2026-06-09');
    const c = reviewClock(facts, '2026-06-26', calendar);
    expect(c.clock).toMatchObject({ kind: 'decision', deadline: '2026-07-09' });
    expect(c.explanation[0]).toContain(
      'Complete plan received June 9, 2026 (the revised plan with the missing information)',
    );
    expect(completePlanReceivedOn({ receivedOn: '2026-06-01' })).toBe('2026-06-01');
    expect(completePlanReceivedOn({ receivedOn: '2026-06-01', completeOn: '2026-06-11' })).toBe('2026-06-01');
    // An older record found incomplete, with no revised plan's receipt entered: only the day it was found complete is known.
    expect(
      completePlanReceivedOn({
        receivedOn: '2026-06-01',
        deficienciesNotifiedOn: '2026-06-05',
        completeOn: '2026-06-25',
      }),
    ).toBe('2026-06-25');
    expect(completePlanReceivedOn({ receivedOn: '2026-06-01', deficienciesNotifiedOn: '2026-06-05' })).toBe(
      '2026-06-01',
    );
  });

  it('past day 30 after receiving a complete plan with no decision, the applicant may proceed as filed', () => {
    const c = reviewClock({ receivedOn: '2026-06-01', completeOn: '2026-06-11' }, '2026-07-02', calendar);
    expect(c.stage).toBe('authorized_as_filed');
    expect(c.authorizedOn).toBe('2026-07-02');
    expect(c.needsAction).toBe(true);
    expect(c.headline).toBe(
      'No decision within 30 days: the applicant has been authorized to proceed as filed since July 2, 2026',
    );
    expect(c.publicStatus).toBe(
      'The town did not act on the complete plan within 30 days, so under the law the applicant has been authorized to proceed as filed since July 2, 2026.',
    );
    expect(c.explanation.at(-1)).toBe(
      'No decision was recorded by July 1, 2026, so from July 2, 2026 the applicant is authorized to proceed as filed.',
    );
    const ext = reviewClock(
      { receivedOn: '2026-06-01', completeOn: '2026-06-11', extendedUntil: '2026-07-10' },
      '2026-07-11',
      calendar,
    );
    expect(ext.headline).toBe(
      'No decision within the extended time: the applicant has been authorized to proceed as filed since July 11, 2026',
    );
    expect(ext.publicStatus).toBe(
      'The town did not act on the complete plan within the time agreed with the applicant, so under the law the applicant has been authorized to proceed as filed since July 11, 2026.',
    );
    // Recorded complete only after the 30 days: a plan complete as received was already authorized.
    const recordedLate = reviewClock({ receivedOn: '2026-06-01', completeOn: '2026-07-05' }, '2026-07-05', calendar);
    expect(recordedLate).toMatchObject({ stage: 'authorized_as_filed', authorizedOn: '2026-07-02' });
  });

  it('a decision ends the clock; one made on day 30 is in time, one made later says the applicant had already been authorized', () => {
    const onTime = reviewClock(
      {
        receivedOn: '2026-06-01',
        completeOn: '2026-06-11',
        decision: 'approved_with_conditions',
        decidedOn: '2026-07-01',
      },
      '2026-08-01',
      calendar,
    );
    expect(onTime).toMatchObject({
      stage: 'decided',
      needsAction: false,
      publicStatus: 'Approved with conditions on July 1, 2026',
      headline: 'Approved with conditions on July 1, 2026',
    });
    expect(onTime.explanation).toEqual(['Approved with conditions in writing on July 1, 2026.']);
    expect(onTime.clock).toBeUndefined();
    const late = reviewClock(
      { receivedOn: '2026-06-01', completeOn: '2026-06-11', decision: 'disapproved', decidedOn: '2026-07-02' },
      '2026-08-01',
      calendar,
    );
    expect(late.stage).toBe('decided');
    expect(late.explanation[1]).toBe(
      'The decision came after the deadline of July 1, 2026; from July 2, 2026 the applicant was authorized to proceed as filed.',
    );
    // An agreed extension makes the later decision timely.
    const extended = reviewClock(
      {
        receivedOn: '2026-06-01',
        completeOn: '2026-06-11',
        decision: 'approved',
        decidedOn: '2026-07-05',
        extendedUntil: '2026-07-10',
      },
      '2026-08-01',
      calendar,
    );
    expect(extended.explanation).toHaveLength(1);
    // An "extension" to a date before the deadline does not shorten it.
    const shorter = reviewClock(
      {
        receivedOn: '2026-06-01',
        completeOn: '2026-06-11',
        decision: 'approved',
        decidedOn: '2026-06-25',
        extendedUntil: '2026-06-20',
      },
      '2026-08-01',
      calendar,
    );
    expect(shorter.explanation).toEqual(['Approved in writing on June 25, 2026.']);
    // A decision date alone, without a decision, is not a decision.
    expect(
      reviewClock(
        { receivedOn: '2026-06-01', completeOn: '2026-06-11', decidedOn: '2026-06-20' },
        '2026-06-21',
        calendar,
      ).stage,
    ).toBe('decision');
  });

  it('amendments run on the same clocks (a review is a review)', () => {
    const amendment = reviewClock({ receivedOn: '2026-03-02', amendment: true }, '2026-03-20', calendar);
    expect(amendment.clock?.deadline).toBe('2026-04-01');
  });

  // A deficient amendment follows R(2)'s seven days to amend and certify (decision 0024).
  it('an amendment found deficient has seven days to be amended and certified (R(2)); late, the officer is told', () => {
    const facts = { receivedOn: '2026-03-02', deficienciesNotifiedOn: '2026-03-10', amendment: true };
    const waiting = reviewClock(facts, '2026-03-17', calendar);
    expect(waiting).toMatchObject({
      stage: 'awaiting_revision',
      revisionDueOn: '2026-03-17',
      needsAction: false,
      headline: 'Deficiencies sent March 10, 2026; the amended SWPPP is due March 17, 2026',
      publicStatus:
        'Amendment found deficient on March 10, 2026; the permittee must amend the SWPPP and certify the changes by March 17, 2026.',
    });
    expect(waiting.explanation[2]).toBe(
      'Subsection R(2): the permittee has seven days to amend the SWPPP and certify the changes in writing. Seven days after March 10, 2026: March 17, 2026.',
    );
    const late = reviewClock(facts, '2026-03-18', calendar);
    expect(late.needsAction).toBe(true);
    expect(late.headline).toBe(
      'Deficiencies sent March 10, 2026; the amended SWPPP was due March 17, 2026 and has not arrived',
    );
    // The revised amendment opens the completeness clock again.
    expect(reviewClock({ ...facts, resubmittedOn: '2026-03-16' }, '2026-03-18', calendar).clock).toMatchObject({
      kind: 'completeness',
      deadline: '2026-04-15',
    });
  });
});

describe('a review waits for the revised plan a deficiency notice asked for, and only then', () => {
  const noticed = { deficienciesNotifiedOn: '2026-11-02', resubmittedOn: null, completeOn: null, decidedOn: null };
  it('noticed and not answered: waits; answered, found complete, decided or never noticed: does not', () => {
    expect(awaitsRevisedPlan(noticed)).toBe(true);
    expect(awaitsRevisedPlan({ ...noticed, resubmittedOn: '2026-11-09' })).toBe(false);
    expect(awaitsRevisedPlan({ ...noticed, completeOn: '2026-11-20' })).toBe(false);
    expect(awaitsRevisedPlan({ ...noticed, decidedOn: '2026-11-20' })).toBe(false);
    expect(awaitsRevisedPlan({ ...noticed, deficienciesNotifiedOn: null })).toBe(false);
  });
});
