/**
 * A fee schedule for the operator's bill tests: the Town's default paper rates, electronic copies free, and no
 * hourly rate for staff time (an operator's bill never charges it).
 */
import type { FeeRates } from '#lib/shared/fees.ts';

export const RATES_WITHOUT_STAFF_TIME: FeeRates = {
  perPageCents: 25,
  largeFormatSheetCents: 500,
  electronicCents: 0,
  cdCents: 100,
  usbCents: 700,
  staffHourlyCents: null,
};
