import { describe, expect, it } from 'vitest';
import { BusinessCalendar, computeDueDate, explainDueDate, statutoryHolidays } from '../../src/lib/server/deadlines.ts';
import { townInstant } from '../../src/lib/server/time.ts';

const cal = new BusinessCalendar();
const due = (localDate: string, time: string, calendar = cal) => computeDueDate(townInstant(localDate, time), calendar).dueOn;

describe('statutory holidays (GCL §24)', () => {
  it('lists the 2026 closures, with no Saturday-to-Friday move and no Flag Day', () => {
    expect([...statutoryHolidays(2026).keys()]).toEqual([
      '2026-01-01', '2026-01-19', '2026-02-12', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-04',
      '2026-09-07', '2026-10-12', '2026-11-03', '2026-11-11', '2026-11-26', '2026-12-25',
    ]);
    // July 4, 2026 is a Saturday: not moved to Friday the 3rd.
    expect(cal.isBusinessDay('2026-07-03')).toBe(true);
    // Flag Day (2nd Sunday of June) is never a closure; June 15, 2026 is an ordinary Monday.
    expect(cal.isBusinessDay('2026-06-15')).toBe(true);
  });

  it('observes a Sunday holiday on the Monday after', () => {
    // July 4, 2027 is a Sunday.
    expect(cal.day('2027-07-05')).toMatchObject({ kind: 'holiday', reason: 'Independence Day (observed)' });
  });
});

describe('records request due date', () => {
  it.each([
    ['plain Monday morning', '2026-11-30', '09:00', '2026-12-07'],
    ['just before close of business', '2026-11-30', '16:29', '2026-12-07'],
    ['at close of business counts from the next business day', '2026-11-30', '16:30', '2026-12-08'],
    ['Saturday counts from Monday', '2026-11-28', '10:00', '2026-12-07'],
    ['Wednesday evening before Thanksgiving', '2026-11-25', '17:00', '2026-12-04'],
    ['Thanksgiving itself', '2026-11-26', '10:00', '2026-12-04'],
    ['across Christmas', '2026-12-23', '10:00', '2026-12-31'],
    ['across the year boundary and New Year\'s Day', '2026-12-28', '10:00', '2027-01-05'],
    ['Election Day is skipped', '2026-10-29', '10:00', '2026-11-06'],
  ])('%s', (_name, date, time, expected) => {
    expect(due(date, time)).toBe(expected);
  });

  it('a clerk closure (snow day) pushes the due date, and reopening a day pulls it back', () => {
    const snow = new BusinessCalendar([{ date: '2026-12-02', name: 'Snow day', active: true }]);
    expect(due('2026-11-30', '09:00', snow)).toBe('2026-12-08');
    const reopened = new BusinessCalendar([{ date: '2026-11-26', name: 'Thanksgiving Day', active: false }]);
    expect(due('2026-11-25', '10:00', reopened)).toBe('2026-12-02');
  });

  it('explains which days were skipped and why', () => {
    const result = computeDueDate(townInstant('2026-11-25', '17:00'), cal);
    expect(result.countsAsReceivedOn).toBe('2026-11-27');
    const text = explainDueDate(result).join(' ');
    expect(text).toContain('after Thanksgiving Day');
    expect(text).toContain('Saturday, November 28, 2026 (Saturday)');
    expect(text).toContain('Friday, December 4, 2026');
  });
});
