/**
 * Appeals (POL §89(4)(a)), as tables: 30 calendar days to appeal from the day after the latest denial
 * (written, in part, or a missed deadline; GCL §20, rolled past closed days by §25-a), and the appeals
 * officer's 10 business days counted like the request's five (appeals.rules.ts).
 */
import { describe, expect, it } from 'vitest';
import { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import {
  appealable,
  appealAnsweredLate,
  appealDueDate,
  appealInTime,
  appealRightsText,
  checkAppeal,
  type DenialFacts,
} from '#lib/server/records-requests/appeals.rules.ts';

const calendar = new BusinessCalendar([{ date: '2027-01-04', name: 'Snow day', active: true }]);
const none: DenialFacts = { deniedOn: null, itemsWithheldOn: null, missedDeadlineOn: null };

describe('what may be appealed, and the last day (30 days after the latest denial)', () => {
  it.each([
    ['nothing denied', none, null],
    [
      'a written denial on Tue Dec 1: Thu Dec 31',
      { ...none, deniedOn: '2026-12-01' },
      { kind: 'written_denial', deniedOn: '2026-12-01', lastDay: '2026-12-31' },
    ],
    [
      'a missed deadline on Dec 5: day 30 is Mon Jan 4, a snow day → Tue Jan 5',
      { ...none, missedDeadlineOn: '2026-12-05' },
      { kind: 'missed_deadline', deniedOn: '2026-12-05', lastDay: '2027-01-05' },
    ],
    [
      'items withheld on Nov 28: day 30 is Mon Dec 28',
      { ...none, itemsWithheldOn: '2026-11-28' },
      { kind: 'partial_denial', deniedOn: '2026-11-28', lastDay: '2026-12-28' },
    ],
    [
      'day 30 on a Saturday runs to Monday',
      { ...none, deniedOn: '2026-11-27' },
      { kind: 'written_denial', deniedOn: '2026-11-27', lastDay: '2026-12-28' },
    ],
    [
      'missed, then denied in writing: the later denial counts',
      { ...none, missedDeadlineOn: '2026-12-01', deniedOn: '2026-12-10' },
      { kind: 'written_denial', deniedOn: '2026-12-10', lastDay: '2027-01-11' },
    ],
    [
      'missed after an item was withheld: the later one counts',
      { ...none, itemsWithheldOn: '2026-12-01', missedDeadlineOn: '2026-12-03' },
      { kind: 'missed_deadline', deniedOn: '2026-12-03', lastDay: '2027-01-05' },
    ],
    [
      'items withheld and denied the same day: the written denial',
      { ...none, itemsWithheldOn: '2026-12-01', deniedOn: '2026-12-01' },
      { kind: 'written_denial', deniedOn: '2026-12-01', lastDay: '2026-12-31' },
    ],
    [
      'missed and items withheld the same day: the items',
      { ...none, missedDeadlineOn: '2026-12-01', itemsWithheldOn: '2026-12-01' },
      { kind: 'partial_denial', deniedOn: '2026-12-01', lastDay: '2026-12-31' },
    ],
  ])('%s', (_name, facts, expected) => {
    expect(appealable(facts, calendar)).toEqual(expected);
  });

  it.each([
    ['2026-12-30', true],
    ['2026-12-31', true],
    ['2027-01-01', false],
  ])('appealing on %s → in time %s', (today, inTime) => {
    expect(appealInTime({ kind: 'written_denial', deniedOn: '2026-12-01', lastDay: '2026-12-31' }, today)).toBe(inTime);
  });
});

describe('the appeals officer answers within 10 business days, counted like the request’s five', () => {
  it.each([
    [
      'Tue Dec 1 at 10:00: counts from Dec 1, due Tue Dec 15',
      townInstant('2026-12-01', '10:00'),
      { countsFromOn: '2026-12-01', dueOn: '2026-12-15' },
    ],
    [
      'Tue Dec 1 at 16:30 (close of business): still counts from Dec 1 (GCL §20, decision 0066), due Tue Dec 15',
      townInstant('2026-12-01', '16:30'),
      { countsFromOn: '2026-12-01', dueOn: '2026-12-15' },
    ],
    [
      'Sat Dec 19: counts from that Saturday; Christmas and New Year’s Day and the snow day skipped',
      townInstant('2026-12-19', '11:00'),
      { countsFromOn: '2026-12-19', dueOn: '2027-01-06' },
    ],
  ])('%s', (_name, at, expected) => {
    expect(appealDueDate(at, calendar, '16:30')).toEqual(expected);
  });

  it.each([
    [{ dueOn: '2026-12-15', decidedOn: '2026-12-15' }, '2027-01-01', false],
    [{ dueOn: '2026-12-15', decidedOn: '2026-12-16' }, '2026-12-16', true],
    [{ dueOn: '2026-12-15', decidedOn: null }, '2026-12-15', false],
    [{ dueOn: '2026-12-15', decidedOn: null }, '2026-12-16', true],
  ])('%o with overdueBefore %s → answered late %s', (a, overdueBefore, late) => {
    expect(appealAnsweredLate(a, overdueBefore)).toBe(late);
  });
});

describe('what the requester is told, and what the appeal form refuses', () => {
  const a = { kind: 'written_denial' as const, deniedOn: '2026-12-01', lastDay: '2026-12-31' };
  it.each([
    ['written_denial', 'You may appeal this denial in writing by December 31, 2026 (30 days) to Pat Officer'],
    ['partial_denial', 'You may appeal the records withheld in writing by December 31, 2026'],
    [
      'missed_deadline',
      'You may appeal this request not being answered in time (a denial under POL §89(4)(a)) in writing by December 31, 2026',
    ],
  ] as const)('%s', (kind, text) => {
    const rights = appealRightsText({ ...a, kind }, 'Pat Officer');
    expect(rights).toContain(text);
    expect(rights).toContain('must answer within 10 business days');
  });
  it.each([
    [
      'nothing denied',
      { body: 'x' },
      null,
      '2026-12-02',
      null,
      { form: 'Nothing on this request was denied, so there is nothing to appeal.' },
    ],
    [
      'already appealed',
      { body: 'x' },
      a,
      '2026-12-02',
      'pending',
      { form: 'Your appeal is already with the appeals officer.' },
    ],
    [
      'already answered',
      { body: 'x' },
      a,
      '2026-12-02',
      'decided',
      { form: 'The appeals officer has answered your appeal; the next step is a court (CPLR Article 78).' },
    ],
    ['too late', { body: 'x' }, a, '2027-01-01', null, { form: 'The 30 days to appeal ended on December 31, 2026.' }],
    [
      'empty',
      { body: '  ' },
      a,
      '2026-12-31',
      null,
      { body: 'Say what you are appealing and why, in a sentence or two.' },
    ],
    ['in time, on the last day', { body: 'Release the reports.' }, a, '2026-12-31', null, {}],
  ] as const)('%s', (_name, input, ap, today, existing, expected) => {
    expect(checkAppeal(input, ap, today, existing)).toEqual(expected);
  });
});
