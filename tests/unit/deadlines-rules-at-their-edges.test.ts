/**
 * The calendar rules' words and edges that no other test pins: the GCL §24 holidays as the help page lists them,
 * the change between two holiday tables both ways, a cancelled closure counted as an open day, and the number of
 * days a due date was counted with, in its explanation.
 */
import { describe, expect, it } from 'vitest';
import {
  BusinessCalendar,
  computeDueDate,
  explainDueDate,
  HOLIDAY_RULES,
  holidayRulesChange,
  statutoryHolidayWords,
} from '#lib/server/platform/time/deadlines.rules.ts';

describe('the GCL §24 holidays in words', () => {
  it('names every holiday with its date or its rule, as the help page shows them', () => {
    expect(statutoryHolidayWords()).toEqual([
      "New Year's Day (January 1)",
      'Martin Luther King Jr. Day (3rd Monday in January)',
      "Lincoln's Birthday (February 12)",
      "Washington's Birthday (3rd Monday in February)",
      'Memorial Day (last Monday in May)',
      'Juneteenth (June 19)',
      'Independence Day (July 4)',
      'Labor Day (1st Monday in September)',
      'Columbus Day (2nd Monday in October)',
      'Election Day (Tuesday after the 1st Monday in November)',
      'Veterans Day (November 11)',
      'Thanksgiving Day (4th Thursday in November)',
      'Christmas Day (December 25)',
    ]);
  });
});

describe('a change between two holiday tables', () => {
  const withoutJuneteenth = HOLIDAY_RULES.filter(([, name]) => name !== 'Juneteenth');
  it('a holiday the new table lacks is removed, and nothing is added', () => {
    expect(holidayRulesChange(HOLIDAY_RULES, withoutJuneteenth)).toEqual({
      added: [],
      removed: [['06-19 and if sunday then next monday', 'Juneteenth']],
    });
  });
  it('a holiday the new table has is added, and nothing is removed', () => {
    expect(holidayRulesChange(withoutJuneteenth, HOLIDAY_RULES)).toEqual({
      added: [['06-19 and if sunday then next monday', 'Juneteenth']],
      removed: [],
    });
  });
  it('a holiday whose rule changed is removed under the old rule and added under the new', () => {
    const moved = HOLIDAY_RULES.map(([rule, name]) =>
      name === 'Columbus Day' ? (['10-12', name] as const) : ([rule, name] as const),
    );
    expect(holidayRulesChange(HOLIDAY_RULES, moved)).toEqual({
      added: [['10-12', 'Columbus Day']],
      removed: [['2nd monday in October', 'Columbus Day']],
    });
  });
});

describe('closures', () => {
  it('a cancelled closure is an open day; an active one is closed with its name', () => {
    const calendar = new BusinessCalendar([
      { date: '2026-12-08', name: 'Snow day', active: false },
      { date: '2026-12-09', name: 'Water main break', active: true },
    ]);
    expect(calendar.day('2026-12-08')).toEqual({ date: '2026-12-08', kind: 'business' });
    expect(calendar.day('2026-12-09')).toEqual({ date: '2026-12-09', kind: 'closure', reason: 'Water main break' });
  });
});

describe('the explanation counts the days the due date was counted with', () => {
  const due = computeDueDate(new Date('2026-12-01T15:00:00Z'), new BusinessCalendar(), { businessDays: 3 });
  it('the due date’s own number when the explanation is given none', () => {
    expect(explainDueDate(due)).toContain('The day of receipt is not counted; we count 3 business days after it.');
  });
  it('the number the explanation is given, before the due date’s', () => {
    expect(explainDueDate(due, { businessDays: 4 })).toContain(
      'The day of receipt is not counted; we count 4 business days after it.',
    );
  });
});
