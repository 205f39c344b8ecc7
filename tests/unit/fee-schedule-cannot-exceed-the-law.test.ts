/**
 * A copy-fee schedule cannot exceed the law (POL §87(1)(b)(iii), §87(1)(c)): checked where a schedule is
 * saved (fee-schedule.rules.ts), as a table of schedules and the message beside each field.
 */
import { describe, expect, it } from 'vitest';
import {
  checkFeeSchedule,
  MAX_PER_PAGE_CENTS,
  type FeeScheduleInput,
} from '#lib/server/records-requests/fee-schedule.rules.ts';

const ok: FeeScheduleInput = {
  effectiveFrom: '2027-01-01',
  perPageCents: 25,
  largeFormatSheetCents: 500,
  electronicCents: 0,
  cdCents: 100,
  usbCents: 500,
  staffHourlyCents: 1850,
  notes: 'Plan sheets: the print shop invoice. Rate: clerk typist grade 3.',
};
const TODAY = '2026-12-01';

describe('the limits the law puts on a fee schedule', () => {
  it.each([
    ['the default schedule', {}, {}],
    ['25 cents a page is the most', { perPageCents: MAX_PER_PAGE_CENTS }, {}],
    [
      '26 cents a page is refused',
      { perPageCents: 26 },
      {
        perPage: 'The law allows at most $0.25 a page for copies up to 9x14 in. (Public Officers Law §87(1)(b)(iii)).',
      },
    ],
    ['free pages are fine', { perPageCents: 0 }, {}],
    ['a negative page fee', { perPageCents: -1 }, { perPage: 'Enter the fee per page in dollars, like 0.25.' }],
    ['a fraction of a cent', { perPageCents: 24.5 }, { perPage: 'Enter the fee per page in dollars, like 0.25.' }],
    [
      'a charge for electronic copies is refused',
      { electronicCents: 100 },
      {
        electronic:
          'Electronic copies by email or download are free under Public Officers Law §87(1)(c): only storage media (CD, USB drive) may be charged.',
      },
    ],
    ['a plan sheet at actual cost, whatever it is', { largeFormatSheetCents: 1200 }, {}],
    [
      'a negative plan-sheet cost',
      { largeFormatSheetCents: -5 },
      { largeFormatSheet: 'Enter the actual cost of copying one larger sheet, in dollars.' },
    ],
    ['a negative CD cost', { cdCents: -1 }, { cd: 'Enter the actual cost of a CD, in dollars.' }],
    ['a negative USB cost', { usbCents: -1 }, { usb: 'Enter the actual cost of a USB drive, in dollars.' }],
    ['no staff time ever', { staffHourlyCents: null }, {}],
    [
      'a negative hourly rate',
      { staffHourlyCents: -100 },
      { staffHourly: 'Enter the hourly rate in dollars, or leave it empty to never charge staff time.' },
    ],
    [
      'no word on how the costs were found',
      { notes: '  ' },
      {
        notes:
          'Say how the actual costs were worked out (plan sheets, media) and whose hourly rate is used: the law allows only actual cost and the lowest-paid capable employee\u2019s rate.',
      },
    ],
    ['taking effect today', { effectiveFrom: TODAY }, {}],
    [
      'taking effect in the past',
      { effectiveFrom: '2026-11-30' },
      {
        effectiveFrom:
          'A schedule cannot take effect in the past: invoices already issued keep their rates. Choose today or a later date.',
      },
    ],
    [
      'not a date',
      { effectiveFrom: '2027-02-30' },
      { effectiveFrom: 'Enter the date the schedule takes effect, like 2027-01-01.' },
    ],
  ])('%s', (_name, patch, expected) => {
    expect(checkFeeSchedule({ ...ok, ...patch }, TODAY)).toEqual(expected);
  });

  it('reports every problem at once', () => {
    expect(
      Object.keys(checkFeeSchedule({ ...ok, perPageCents: 100, electronicCents: 50, notes: '' }, TODAY)).sort(),
    ).toEqual(['electronic', 'notes', 'perPage']);
  });
});
