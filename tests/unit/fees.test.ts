/**
 * Copy fees (POL §87(1)(b)(iii), §87(1)(c)) as a table: the one calculation behind the form's live
 * estimate, the server's estimate and the invoice. Amounts are worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import type { DeliveryMethod } from '#db/schema.ts';
import { DEFAULT_FEE_SCHEDULE } from '#db/seed/reference.ts';
import { parseMoney } from '#lib/shared/format.ts';
import {
  computeBill,
  documentCopyCounts,
  needsApprovalBeforeInvoice,
  needsCostApproval,
  staffTimeCents,
  type BillInput,
  type FeeRates,
} from '#lib/shared/fees.ts';

const rates: FeeRates = { ...DEFAULT_FEE_SCHEDULE };
const swppp = { label: 'SWPPP', pages: 58, largeFormatSheets: 12, documentId: 1 };
const report = (n: number) => ({
  label: `Inspection report ${n}`,
  pages: 2,
  largeFormatSheets: 0,
  documentId: 100 + n,
});

describe('the default schedule is within the law', () => {
  it('charges at most 25 cents a page, nothing for electronic copies, $5 a plan sheet, $1 a CD, $5 a USB drive', () => {
    expect(rates).toMatchObject({
      perPageCents: 25,
      electronicCents: 0,
      largeFormatSheetCents: 500,
      cdCents: 100,
      usbCents: 500,
    });
  });
});

describe('computeBill', () => {
  it.each<[string, BillInput, number, string[]]>([
    // [case, input, total cents, line codes]
    [
      'a SWPPP and two inspection reports by email: free',
      { delivery: 'electronic', items: [swppp, report(1), report(2)] },
      0,
      ['electronic'],
    ],
    [
      'the same on paper, picked up: 62 pages at 25c and 12 sheets at $5',
      { delivery: 'paper_pickup', items: [swppp, report(1), report(2)] },
      62 * 25 + 12 * 500,
      ['page', 'large_format_sheet', 'page', 'page'],
    ],
    [
      'paper by mail adds postage at cost',
      { delivery: 'paper_mail', items: [report(1)], postageCents: 173 },
      50 + 173,
      ['page', 'postage'],
    ],
    ['paper by mail without postage yet (an estimate)', { delivery: 'paper_mail', items: [report(1)] }, 50, ['page']],
    ['on a CD: the disc only', { delivery: 'cd', items: [swppp] }, 100, ['electronic', 'cd']],
    ['on a USB drive: the drive only', { delivery: 'usb', items: [swppp, report(1)] }, 500, ['electronic', 'usb']],
    ['inspection in person is free', { delivery: 'inspect', items: [swppp] }, 0, []],
    [
      'staff time under two hours is not charged',
      { delivery: 'electronic', items: [swppp], staffMinutes: 119 },
      0,
      ['electronic'],
    ],
    [
      'staff time of two hours or more is charged at the hourly rate',
      { delivery: 'electronic', items: [swppp], staffMinutes: 150 },
      Math.round(2.5 * 1850),
      ['electronic', 'staff_time'],
    ],
    [
      'staff time is never charged on paper copies',
      { delivery: 'paper_pickup', items: [report(1)], staffMinutes: 600 },
      50,
      ['page'],
    ],
    [
      'a discount comes off the subtotal',
      { delivery: 'paper_pickup', items: [report(1), report(2)], discountCents: 40 },
      60,
      ['page', 'page'],
    ],
    [
      'a waiver larger than the bill makes it zero, never negative',
      { delivery: 'paper_pickup', items: [report(1)], discountCents: 10_000 },
      0,
      ['page'],
    ],
    ['nothing picked, on paper: nothing to pay', { delivery: 'paper_pickup', items: [] }, 0, []],
    [
      'a plan set that is all large sheets',
      { delivery: 'paper_pickup', items: [{ label: 'As-built plans', pages: 0, largeFormatSheets: 4 }] },
      2000,
      ['large_format_sheet'],
    ],
    [
      'negative or fractional counts are not billed as such',
      { delivery: 'paper_pickup', items: [{ label: 'Odd', pages: -3, largeFormatSheets: 1.7 }] },
      500,
      ['large_format_sheet'],
    ],
  ])('%s', (_name, input, total, codes) => {
    const bill = computeBill(rates, input);
    expect(bill.totalCents).toBe(total);
    expect(bill.lines.map((l) => l.code)).toEqual(codes);
    expect(bill.subtotalCents - bill.discountCents).toBe(bill.totalCents);
    for (const l of bill.lines) expect(l.amountCents).toBe(Math.round(l.quantity * l.unitCents));
  });

  it('says what is not in an estimate', () => {
    expect(computeBill(rates, { delivery: 'paper_mail', items: [report(1)] }).notes).toContain(
      'Postage is added at cost when the copies are mailed.',
    );
    expect(computeBill(rates, { delivery: 'inspect', items: [] }).notes).toContain(
      'Inspecting records in person is free.',
    );
    expect(computeBill(rates, { delivery: 'usb', items: [], staffMinutes: 30 }).notes).toContain(
      'Staff time under two hours is not charged.',
    );
  });

  it('keeps the rates it was given: an old schedule gives the old amounts', () => {
    const old: FeeRates = { ...rates, perPageCents: 20, largeFormatSheetCents: 400 };
    expect(computeBill(old, { delivery: 'paper_pickup', items: [swppp] }).totalCents).toBe(58 * 20 + 12 * 400);
    expect(computeBill(rates, { delivery: 'paper_pickup', items: [swppp] }).totalCents).toBe(58 * 25 + 12 * 500);
  });

  it('names each document on its lines, for the invoice', () => {
    const bill = computeBill(rates, { delivery: 'paper_pickup', items: [swppp] });
    expect(bill.lines[0]).toMatchObject({
      code: 'page',
      description: 'Copies: SWPPP (58 pages)',
      quantity: 58,
      unitCents: 25,
      amountCents: 1450,
      documentId: 1,
    });
    expect(bill.lines[1]).toMatchObject({
      code: 'large_format_sheet',
      quantity: 12,
      unitCents: 500,
      amountCents: 6000,
      documentId: 1,
    });
    expect(bill).toMatchObject({ pages: 58, largeFormatSheets: 12 });
  });

  it.each<DeliveryMethod>(['electronic', 'paper_pickup', 'paper_mail', 'cd', 'usb', 'inspect'])(
    'never charges for electronic copies themselves (%s)',
    (delivery) => {
      const bill = computeBill(rates, { delivery, items: [swppp] });
      expect(bill.lines.filter((l) => l.code === 'electronic').every((l) => l.amountCents === 0)).toBe(true);
    },
  );
});

describe('cost limit ("tell me first if it will cost more than…")', () => {
  it.each([
    // [total, limit, approved, needs approval]
    [1000, null, null, false],
    [1000, 1000, null, false],
    [1001, 1000, null, true],
    [7600, 2500, null, true],
    [7600, 2500, 7600, false],
    [8000, 2500, 7600, true],
    [0, 0, null, false],
  ])('total %i, limit %s, approved %s: approval needed = %s', (total, limit, approved, expected) => {
    expect(needsCostApproval(total, limit, approved)).toBe(expected);
  });
});

describe('staff time needs the requester\u2019s consent first, limit or no limit (POL §87(1)(c))', () => {
  const rates: FeeRates = {
    perPageCents: 25,
    largeFormatSheetCents: 500,
    electronicCents: 0,
    cdCents: 100,
    usbCents: 500,
    staffHourlyCents: 1850,
  };
  const bill = (staffMinutes: number, delivery: BillInput['delivery'] = 'electronic') =>
    computeBill(rates, { delivery, items: [{ label: 'SWPPP', pages: 70, largeFormatSheets: 0 }], staffMinutes });
  it.each([
    ['no staff time, no limit: issued at once', bill(0, 'usb'), null, null, false],
    ['119 minutes: not charged, nothing to approve', bill(119), null, null, false],
    ['120 minutes, no limit: waits for consent', bill(120), null, null, true],
    ['120 minutes, a limit above the total: still waits for consent', bill(120), 10_000, null, true],
    ['3 hours, already approved at that amount: issued', bill(180), null, 5550, false],
    ['3 hours, approved less than the total: asks again', bill(180), null, 3700, true],
    ['no staff time above the limit: waits (as before)', bill(0, 'usb'), 100, null, true],
    ['nothing to pay: never waits', computeBill(rates, { delivery: 'electronic', items: [] }), 0, null, false],
  ])('%s', (_name, b, limit, approved, waits) => {
    expect(needsApprovalBeforeInvoice(b, limit, approved)).toBe(waits);
  });
  it('the staff-time part of a bill', () => {
    expect(staffTimeCents(bill(180))).toBe(5550);
    expect(staffTimeCents(bill(60))).toBe(0);
  });
});

describe('parseMoney, the one money parser', () => {
  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['25.00', 2500],
    ['$7.25', 725],
    ['  1,250.75 ', 125075],
    ['0', 0],
    ['', undefined],
    ['abc', undefined],
    ['-5', undefined],
    ['1.234', undefined],
    ['12,34.5', 123450],
    ['9999999999', undefined],
    ['$ 7.25', 725],
  ])('%j → %s', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });
});

describe('documentCopyCounts', () => {
  it.each([
    [
      { pageCount: 70, largeFormatPages: 12 },
      { pages: 58, largeFormatSheets: 12 },
    ],
    [
      { pageCount: 4, largeFormatPages: 0 },
      { pages: 4, largeFormatSheets: 0 },
    ],
    [
      { pageCount: 4, largeFormatPages: 4 },
      { pages: 0, largeFormatSheets: 4 },
    ],
  ])('%j → %j', (doc, expected) => {
    expect(documentCopyCounts(doc)).toEqual(expected);
  });
});
