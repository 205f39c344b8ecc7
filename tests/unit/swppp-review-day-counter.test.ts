import { describe, expect, it } from 'vitest';
import { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { calendarDayPeriod } from '#lib/server/platform/time/periods.rules.ts';
import { reviewClock, reviewDay } from '#lib/server/reviews/swppp-review.rules.ts';
import { DEFAULT_LOCAL_LAW } from '#lib/server/platform/local-law.rules.ts';

const calendar = new BusinessCalendar();
// Received Friday Nov 13, 2026: day 1 is Nov 14 (GCL §20), day 30 is Sunday Dec 13, so the period runs to Monday Dec 14 (§25-a).
const receivedOn = '2026-11-13';

describe('Subsection E: the review day is counted from the receipt, "day N of 30" by one function', () => {
  it('a complete plan received Nov 13 is on day 22 on Dec 5 (not day 21, although day 30 falls on a Sunday)', () => {
    const c = reviewClock({ receivedOn, completeOn: '2026-11-20' }, '2026-12-05', calendar);
    expect(c.stage).toBe('decision');
    expect(c.clock?.deadline).toBe('2026-12-14');
    expect(c.clock?.daysLeft).toBe(9);
    expect(c.clock?.day).toEqual({ day: 22, of: 30, words: 'Day 22 of 30' });
  });

  it('the completeness clock counts the same way', () => {
    expect(reviewClock({ receivedOn }, '2026-12-05', calendar).clock?.day.words).toBe('Day 22 of 30');
  });

  it('at the start: the day of receipt is day 0 (not counted), the next day is day 1', () => {
    expect(reviewClock({ receivedOn }, receivedOn, calendar).clock?.day).toEqual({
      day: 0,
      of: 30,
      words: 'Day 0 of 30: the day of receipt is not counted, day 1 is November 14, 2026',
    });
    expect(reviewClock({ receivedOn }, '2026-11-14', calendar).clock?.day).toEqual({
      day: 1,
      of: 30,
      words: 'Day 1 of 30',
    });
  });

  it('at the end: day 30 is the period’s last day; a day past it (the due date moved off a Sunday) says so', () => {
    const last = reviewClock({ receivedOn }, '2026-12-13', calendar);
    expect(last.clock?.day).toEqual({ day: 30, of: 30, words: 'Day 30 of 30' });
    const rolled = reviewClock({ receivedOn }, '2026-12-14', calendar);
    expect(rolled.stage).toBe('completeness');
    expect(rolled.clock?.daysLeft).toBe(0);
    expect(rolled.clock?.day).toEqual({ day: 31, of: 30, words: 'Day 31: day 30 was December 13, 2026' });
  });

  it('a weekday day 30 is the due date itself: day 30 of 30 on the day it is due', () => {
    const c = reviewClock({ receivedOn: '2026-06-01' }, '2026-07-01', calendar);
    expect(c.clock?.daysLeft).toBe(0);
    expect(c.clock?.day.words).toBe('Day 30 of 30');
  });

  it('an extension adds days at the end, never changes the count from the receipt', () => {
    const c = reviewClock({ receivedOn: '2026-06-01', extendedUntil: '2026-07-20' }, '2026-07-10', calendar);
    expect(c.clock?.extended).toBe(true);
    expect(c.clock?.day).toEqual({ day: 39, of: 30, words: 'Day 39: day 30 was July 1, 2026' });
  });

  it('the decision clock counts from the revised plan’s receipt, not the first receipt', () => {
    const c = reviewClock(
      {
        receivedOn: '2026-06-01',
        deficienciesNotifiedOn: '2026-06-10',
        resubmittedOn: '2026-06-20',
        completeOn: '2026-06-25',
      },
      '2026-06-30',
      calendar,
    );
    expect(c.clock?.day.words).toBe('Day 10 of 30');
  });

  it('the town’s own period (decision 0044) is the "of"', () => {
    const law = { ...DEFAULT_LOCAL_LAW, swpppReviewDays: 20 };
    expect(reviewClock({ receivedOn }, '2026-11-20', calendar, law).clock?.day).toEqual({
      day: 7,
      of: 20,
      words: 'Day 7 of 20',
    });
  });

  it('never negative: a day before the period starts reads as day 0', () => {
    expect(reviewDay(calendarDayPeriod(receivedOn, 30, calendar), '2026-11-01').day).toBe(0);
  });
});
