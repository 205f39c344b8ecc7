/**
 * The records-request rules at their edges (POL §89(3)(a), §89(4)(a); decisions 0029, 0030, 0063, 0065): the
 * date the Town next acts by, the promised date as a time limit, and what the requester reads about paper copies.
 */
import { describe, expect, it } from 'vitest';
import {
  dueDateAfterCalendarChange,
  explainAfterDueDate,
  missedText,
  promiseMissed,
  respondBy,
  townDeadline,
  type AnswerFacts,
  type TimelineFacts,
} from '#lib/server/records-requests/request.rules.ts';

const W = { kindWord: 'Town', hall: 'Town Hall' };

describe('respond-by after the requester answers a question (decision 0029)', () => {
  const r = { status: 'received' as const, dueOn: '2026-12-08', promisedOn: null };
  it('an answer before the deadline puts the request at the top: due the day answered', () => {
    expect(respondBy({ ...r, clarificationAnsweredOn: '2026-12-03' })).toBe('2026-12-03');
  });
  it('an answer never makes the request due later than its own deadline', () => {
    expect(respondBy({ ...r, clarificationAnsweredOn: '2026-12-10' })).toBe('2026-12-08');
  });
  it('a request waiting on the requester stays without a date, answered or not', () => {
    expect(respondBy({ ...r, status: 'awaiting_payment', clarificationAnsweredOn: '2026-12-03' })).toBeNull();
  });
  it('waiting for clarification: the due date before an acknowledgment, none after', () => {
    expect(respondBy({ ...r, status: 'awaiting_clarification' })).toBe('2026-12-08');
    expect(respondBy({ ...r, status: 'awaiting_clarification', acknowledgedOn: '2026-12-02' })).toBeNull();
  });
  it('an appeal granted: access is owed by the officer’s day (decision 0065), while the request is the Town’s to act on', () => {
    expect(respondBy({ ...r, accessDueOn: '2027-01-20' })).toBe('2027-01-20');
    expect(respondBy({ ...r, status: 'awaiting_payment', accessDueOn: '2027-01-20' })).toBeNull();
  });
});

describe('the deadline the Town’s next act would meet', () => {
  it('never acknowledged: the statutory due date, even with a date on file', () => {
    expect(townDeadline({ dueOn: '2026-12-08', acknowledgedOn: null, promisedOn: '2026-12-22' })).toBe('2026-12-08');
  });
  it('acknowledged in time without a date: the statutory due date', () => {
    expect(townDeadline({ dueOn: '2026-12-08', acknowledgedOn: '2026-12-04', promisedOn: null })).toBe('2026-12-08');
  });
  it('acknowledged in time with a date: that date', () => {
    expect(townDeadline({ dueOn: '2026-12-08', acknowledgedOn: '2026-12-04', promisedOn: '2026-12-22' })).toBe(
      '2026-12-22',
    );
  });
});

describe('a promised date is a time limit only with an acknowledgment (decision 0063)', () => {
  const f = (p: Partial<AnswerFacts>): AnswerFacts => ({
    status: 'acknowledged',
    dueOn: '2026-12-08',
    acknowledgedOn: '2026-12-04',
    promisedOn: '2026-12-22',
    fulfilledOn: null,
    deniedOn: null,
    withdrawnOn: null,
    ...p,
  });
  it('acknowledged with a date that passed unanswered: missed', () => {
    expect(promiseMissed(f({}), '2026-12-23')).toBe(true);
  });
  it('no date given: nothing to miss', () => {
    expect(promiseMissed(f({ promisedOn: null }), '2026-12-23')).toBe(false);
  });
  it('a date on file but no acknowledgment: nothing to miss', () => {
    expect(promiseMissed(f({ acknowledgedOn: null, status: 'received' }), '2026-12-23')).toBe(false);
  });
  it('five business days missed: the requester reads the five-day denial', () => {
    expect(missedText(f({ acknowledgedOn: null, status: 'received' }), '2026-12-09', 'Town')).toContain(
      'within the five business days the law gives',
    );
  });
  it('the requester reads the promised-date denial, not the five-day one', () => {
    expect(missedText(f({}), '2026-12-23', 'Town')).toContain('gave December 22, 2026 as the date');
  });
});

describe('what the requester reads about paper copies (decision 0030)', () => {
  const f = (p: Partial<TimelineFacts>): TimelineFacts => ({
    status: 'copies_ready',
    dueOn: '2026-12-08',
    acknowledgedOn: null,
    promisedOn: null,
    extensionReason: null,
    costLimitCents: null,
    costApprovalRequestedAt: null,
    pendingCostCents: null,
    deniedOn: null,
    fulfilledOn: null,
    withdrawnOn: null,
    ...p,
  });
  it('ready for pickup names the hall; ready to mail says so', () => {
    expect(explainAfterDueDate(f({ delivery: 'paper_pickup', copiesReadyOn: '2026-12-04' }), W)).toEqual([
      'The copies were ready on December 4, 2026, for pickup at Town Hall.',
    ]);
    expect(explainAfterDueDate(f({ delivery: 'paper_mail', copiesReadyOn: '2026-12-04' }), W)).toEqual([
      'The copies were ready on December 4, 2026, to be mailed.',
    ]);
  });
  it('picked up, or mailed, once the request is fulfilled', () => {
    expect(
      explainAfterDueDate(
        f({ status: 'fulfilled', delivery: 'paper_pickup', copiesReadyOn: '2026-12-04', pickedUpOn: '2026-12-07' }),
        W,
      ),
    ).toEqual([
      'The copies were ready on December 4, 2026, for pickup at Town Hall.',
      'The copies were picked up on December 7, 2026.',
    ]);
    expect(
      explainAfterDueDate(
        f({ status: 'fulfilled', delivery: 'paper_mail', copiesReadyOn: '2026-12-04', mailedOn: '2026-12-05' }),
        W,
      ),
    ).toEqual([
      'The copies were ready on December 4, 2026, to be mailed.',
      'The copies were mailed on December 5, 2026.',
    ]);
  });
  it('a pickup or mailing day is told only once the request is fulfilled', () => {
    expect(explainAfterDueDate(f({ pickedUpOn: '2026-12-07', mailedOn: '2026-12-05' }), W)).toEqual([]);
  });
});

describe('a change in the statute’s holiday table only adds days to a date the requester was told (decision 0092)', () => {
  it('a date that would come earlier stays', () => {
    expect(dueDateAfterCalendarChange('2026-12-10', '2026-12-09', '2026-12-01', { onlyLater: true })).toBe(
      '2026-12-10',
    );
    expect(dueDateAfterCalendarChange('2026-12-10', '2026-12-11', '2026-12-01', { onlyLater: true })).toBe(
      '2026-12-11',
    );
  });
});
