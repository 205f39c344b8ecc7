/**
 * The limits the law puts on a copy-fee schedule (pure rules), checked wherever a schedule is saved, not
 * only in the defaults. Public Officers Law §87(1)(b)(iii): at most 25 cents a page for copies up to
 * 9x14 in.; the actual cost of reproduction for anything else (larger sheets, storage media); §87(1)(c):
 * electronic copies cost nothing but the medium, and staff time is charged only at the hourly rate of the
 * lowest-paid employee able to do the work. A local law cannot raise these.
 */
import { isIsoDay } from '#lib/shared/days.ts';
import type { FeeRates } from '#lib/shared/fees.ts';

/** POL §87(1)(b)(iii): the most a page up to 9x14 in. may cost. */
export const MAX_PER_PAGE_CENTS = 25;

/** The rates (one definition, in shared/fees.ts) with the day they take effect and how they were worked out. */
export interface FeeScheduleInput extends FeeRates {
  effectiveFrom: string;
  /** How the actual costs (plan sheets, media) and the hourly rate were worked out: required. */
  notes: string;
}

const isCents = (n: number) => Number.isInteger(n) && n >= 0;

/** Field messages for a schedule, or none. `today` is the town's date: a schedule cannot take effect in the past. */
export function checkFeeSchedule(s: FeeScheduleInput, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!isIsoDay(s.effectiveFrom)) problems.effectiveFrom = 'Enter the date the schedule takes effect, like 2027-01-01.';
  else if (s.effectiveFrom < today)
    problems.effectiveFrom =
      'A schedule cannot take effect in the past: invoices already issued keep their rates. Choose today or a later date.';
  if (!isCents(s.perPageCents)) problems.perPage = 'Enter the fee per page in dollars, like 0.25.';
  else if (s.perPageCents > MAX_PER_PAGE_CENTS)
    problems.perPage =
      'The law allows at most $0.25 a page for copies up to 9x14 in. (Public Officers Law §87(1)(b)(iii)).';
  if (!isCents(s.largeFormatSheetCents))
    problems.largeFormatSheet = 'Enter the actual cost of copying one larger sheet, in dollars.';
  if (s.electronicCents !== 0)
    problems.electronic =
      'Electronic copies by email or download are free under Public Officers Law §87(1)(c): only storage media (CD, USB drive) may be charged.';
  if (!isCents(s.cdCents)) problems.cd = 'Enter the actual cost of a CD, in dollars.';
  if (!isCents(s.usbCents)) problems.usb = 'Enter the actual cost of a USB drive, in dollars.';
  if (s.staffHourlyCents != null && !isCents(s.staffHourlyCents))
    problems.staffHourly = 'Enter the hourly rate in dollars, or leave it empty to never charge staff time.';
  if (!s.notes.trim())
    problems.notes =
      'Say how the actual costs were worked out (plan sheets, media) and whose hourly rate is used: the law allows only actual cost and the lowest-paid capable employee\u2019s rate.';
  return problems;
}
