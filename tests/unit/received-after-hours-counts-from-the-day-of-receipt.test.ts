/**
 * GCL §20 counts a period from the day of receipt, excluding only that day: a request received on a
 * Saturday or after close of business is not moved to the next business day before the five are counted
 * (decision 0066). The requester gets the earlier, literal due date; the same reading for the appeals
 * officer's ten business days.
 */
import { describe, expect, it } from 'vitest';
import {
  BusinessCalendar,
  computeDueDate,
  explainDueDate,
  firstBusinessDayAt,
} from '#lib/server/platform/time/deadlines.rules.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { appealDueDate } from '#lib/server/records-requests/appeals.rules.ts';

const cal = new BusinessCalendar();

describe('a request received after hours counts from the day of receipt (GCL §20)', () => {
  it('received Saturday, December 5, 2026: due Friday, December 11, not Monday the 14th', () => {
    const due = computeDueDate(townInstant('2026-12-05', '10:00'), cal);
    expect(due.dueOn).toBe('2026-12-11');
    expect(due.countsAsReceivedOn).toBe('2026-12-05');
    expect(explainDueDate(due)).toContain(
      'Business day 5 is Friday, December 11, 2026: the records are due by close of business that day.',
    );
  });

  it('received Monday, December 7, 2026 at 5 PM: due Monday the 14th, not Tuesday the 15th', () => {
    expect(computeDueDate(townInstant('2026-12-07', '17:00'), cal).dueOn).toBe('2026-12-14');
  });

  it('the explanation never says the request was received on another day', () => {
    const text = explainDueDate(computeDueDate(townInstant('2026-12-05', '10:00'), cal)).join(' ');
    expect(text).not.toContain('counts as received on the next business day');
    expect(text).toContain('the law still counts from the day of receipt');
  });

  it('an appeal received Saturday, December 5 is answered by Friday, December 18 (ten business days after the Saturday)', () => {
    expect(appealDueDate(townInstant('2026-12-05', '10:00'), cal, '16:30')).toEqual({
      countsFromOn: '2026-12-05',
      dueOn: '2026-12-18',
    });
  });

  it('a reply on a closed day or after hours still reaches the clerk on the next business day (not a legal period)', () => {
    expect(firstBusinessDayAt(townInstant('2026-12-05', '10:00'), cal)).toBe('2026-12-07');
    expect(firstBusinessDayAt(townInstant('2026-12-07', '16:30'), cal)).toBe('2026-12-08');
    expect(firstBusinessDayAt(townInstant('2026-12-07', '16:29'), cal)).toBe('2026-12-07');
  });
});
