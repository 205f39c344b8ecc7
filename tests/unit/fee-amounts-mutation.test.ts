/**
 * Copy fees at their edges (`#lib/shared/fees.ts`; POL §87(1)(b)(iii), §87(1)(c)): staff time of exactly
 * two hours, postage only for copies that are mailed, rounding per line, media, the words on each invoice
 * line, and counts that are not whole numbers. Every amount is worked out by hand from the rates below
 * (written out here, not read from the seeded schedule, so a change to the defaults cannot move them).
 */
import { describe, expect, it } from 'vitest';
import {
  computeBill,
  documentCopyCounts,
  needsApprovalBeforeInvoice,
  needsCostApproval,
  staffTimeCents,
  type BillInput,
  type FeeLine,
  type FeeRates,
} from '#lib/shared/fees.ts';

const rates: FeeRates = {
  perPageCents: 25,
  largeFormatSheetCents: 500,
  electronicCents: 0,
  cdCents: 100,
  usbCents: 500,
  staffHourlyCents: 1850,
};
const report = { label: 'Inspection report', pages: 2, largeFormatSheets: 0, documentId: 7 };
const plans = { label: 'Site plans', pages: 58, largeFormatSheets: 12, documentId: 9 };
type Line = Omit<FeeLine, 'documentId'> & { documentId?: number | null };
const lineOf = (
  code: FeeLine['code'],
  description: string,
  quantity: number,
  unitCents: number,
  amountCents: number,
  documentId: number | null = null,
): Line => ({
  code,
  description,
  quantity,
  unitCents,
  amountCents,
  documentId,
});
const ELECTRONIC_2_PAGES = lineOf('electronic', 'Electronic copies (2 pages)', 1, 0, 0);

describe('staff time: charged only for preparing electronic copies that take two hours or more (POL §87(1)(c))', () => {
  it.each<[string, BillInput, Line[], number]>([
    [
      'exactly 120 minutes is two hours: charged',
      { delivery: 'electronic', items: [report], staffMinutes: 120 },
      [ELECTRONIC_2_PAGES, lineOf('staff_time', 'Staff time preparing electronic copies (2 hours)', 2, 1850, 3700)],
      3700,
    ],
    [
      '119 minutes: not charged',
      { delivery: 'electronic', items: [report], staffMinutes: 119 },
      [ELECTRONIC_2_PAGES],
      0,
    ],
    [
      '119.9 minutes counts as 119: not charged',
      { delivery: 'electronic', items: [report], staffMinutes: 119.9 },
      [ELECTRONIC_2_PAGES],
      0,
    ],
    [
      '121 minutes: hours to two decimals (2.02), then cents rounded',
      { delivery: 'electronic', items: [report], staffMinutes: 121 },
      [
        ELECTRONIC_2_PAGES,
        lineOf('staff_time', 'Staff time preparing electronic copies (2.02 hours)', 2.02, 1850, 3737),
      ],
      3737,
    ],
    [
      '125 minutes: 2.08 hours, not 2.0833',
      { delivery: 'electronic', items: [report], staffMinutes: 125 },
      [
        ELECTRONIC_2_PAGES,
        lineOf('staff_time', 'Staff time preparing electronic copies (2.08 hours)', 2.08, 1850, 3848),
      ],
      3848,
    ],
    [
      'three hours on a CD: the disc and the time',
      { delivery: 'cd', items: [report], staffMinutes: 180 },
      [
        ELECTRONIC_2_PAGES,
        lineOf('cd', 'CD', 1, 100, 100),
        lineOf('staff_time', 'Staff time preparing electronic copies (3 hours)', 3, 1850, 5550),
      ],
      5650,
    ],
    [
      'four hours on a USB drive: the drive and the time',
      { delivery: 'usb', items: [report], staffMinutes: 240 },
      [
        ELECTRONIC_2_PAGES,
        lineOf('usb', 'USB drive', 1, 500, 500),
        lineOf('staff_time', 'Staff time preparing electronic copies (4 hours)', 4, 1850, 7400),
      ],
      7900,
    ],
    [
      'no hourly rate in the schedule: nothing charged',
      { delivery: 'electronic', items: [report], staffMinutes: 300 },
      [ELECTRONIC_2_PAGES],
      0,
    ],
    [
      'never on paper picked up',
      { delivery: 'paper_pickup', items: [report], staffMinutes: 240 },
      [lineOf('page', 'Copies: Inspection report (2 pages)', 2, 25, 50, 7)],
      50,
    ],
    [
      'never on paper mailed',
      { delivery: 'paper_mail', items: [report], staffMinutes: 240, postageCents: 100 },
      [
        lineOf('page', 'Copies: Inspection report (2 pages)', 2, 25, 50, 7),
        lineOf('postage', 'Postage at cost', 1, 100, 100),
      ],
      150,
    ],
    ['never for inspecting in person', { delivery: 'inspect', items: [report], staffMinutes: 240 }, [], 0],
    [
      'an endless time is not a time: not charged',
      { delivery: 'electronic', items: [report], staffMinutes: Infinity },
      [ELECTRONIC_2_PAGES],
      0,
    ],
  ])('%s', (name, input, lines, total) => {
    const r = name.startsWith('no hourly rate') ? { ...rates, staffHourlyCents: null } : rates;
    const bill = computeBill(r, input);
    expect(bill.lines).toEqual(lines);
    expect(bill.totalCents).toBe(total);
  });

  it('tells the requester that time under two hours is free, and says nothing when no time was spent', () => {
    expect(computeBill(rates, { delivery: 'electronic', items: [report], staffMinutes: 119 }).notes).toEqual([
      'Staff time under two hours is not charged.',
    ]);
    expect(computeBill(rates, { delivery: 'electronic', items: [report], staffMinutes: 1 }).notes).toEqual([
      'Staff time under two hours is not charged.',
    ]);
    expect(computeBill(rates, { delivery: 'electronic', items: [report], staffMinutes: 0 }).notes).toEqual([]);
    expect(computeBill(rates, { delivery: 'electronic', items: [report] }).notes).toEqual([]);
    expect(computeBill(rates, { delivery: 'electronic', items: [report], staffMinutes: 120 }).notes).toEqual([]);
  });

  it('does not tell a requester whose two hours go uncharged (no hourly rate) that the time was under two hours', () => {
    const noRate = { ...rates, staffHourlyCents: null };
    expect(computeBill(noRate, { delivery: 'electronic', items: [report], staffMinutes: 300 }).notes).toEqual([
      'Staff time is not charged: the fee schedule sets no hourly rate.',
    ]);
    expect(computeBill(noRate, { delivery: 'electronic', items: [report], staffMinutes: 90 }).notes).toEqual([
      'Staff time under two hours is not charged.',
    ]);
  });
});

describe('postage: at cost, only when paper copies are mailed', () => {
  it.each<[string, BillInput, Line[], string[]]>([
    [
      'paper picked up at Town Hall: no postage, even if an amount was entered, and no postage note',
      { delivery: 'paper_pickup', items: [report], postageCents: 173 },
      [lineOf('page', 'Copies: Inspection report (2 pages)', 2, 25, 50, 7)],
      [],
    ],
    [
      'mailed, postage entered: a line at cost',
      { delivery: 'paper_mail', items: [report], postageCents: 173 },
      [
        lineOf('page', 'Copies: Inspection report (2 pages)', 2, 25, 50, 7),
        lineOf('postage', 'Postage at cost', 1, 173, 173),
      ],
      [],
    ],
    [
      'mailed, postage entered in fractions of a cent: rounded to the cent',
      { delivery: 'paper_mail', items: [report], postageCents: 172.6 },
      [
        lineOf('page', 'Copies: Inspection report (2 pages)', 2, 25, 50, 7),
        lineOf('postage', 'Postage at cost', 1, 173, 173),
      ],
      [],
    ],
    [
      'mailed, no postage paid (zero): no line and no promise of postage to come',
      { delivery: 'paper_mail', items: [report], postageCents: 0 },
      [lineOf('page', 'Copies: Inspection report (2 pages)', 2, 25, 50, 7)],
      [],
    ],
    [
      'mailed, postage not known yet (an estimate): the note says it is added at cost',
      { delivery: 'paper_mail', items: [report] },
      [lineOf('page', 'Copies: Inspection report (2 pages)', 2, 25, 50, 7)],
      ['Postage is added at cost when the copies are mailed.'],
    ],
    [
      'sent electronically: never postage',
      { delivery: 'electronic', items: [report], postageCents: 173 },
      [ELECTRONIC_2_PAGES],
      [],
    ],
    [
      'on a CD: never postage',
      { delivery: 'cd', items: [report], postageCents: 173 },
      [ELECTRONIC_2_PAGES, lineOf('cd', 'CD', 1, 100, 100)],
      [],
    ],
  ])('%s', (_name, input, lines, notes) => {
    const bill = computeBill(rates, input);
    expect(bill.lines).toEqual(lines);
    expect(bill.notes).toEqual(notes);
    expect(bill.totalCents).toBe(lines.reduce((n, l) => n + l.amountCents, 0));
  });
});

describe('pages and plan sheets: whole counts, each line rounded to the cent', () => {
  it('rounds each line, not the bill: three pages at 12.5 cents are 38 cents, twice is 76', () => {
    const bill = computeBill(
      { ...rates, perPageCents: 12.5 },
      {
        delivery: 'paper_pickup',
        items: [
          { label: 'A', pages: 3, largeFormatSheets: 0 },
          { label: 'B', pages: 3, largeFormatSheets: 0 },
        ],
      },
    );
    expect(bill.lines.map((l) => l.amountCents)).toEqual([38, 38]);
    expect(bill.totalCents).toBe(76);
  });

  it.each([
    // [pages, sheets, billed pages, billed sheets]
    [2.9, 0, 2, 0],
    [-3, 2, 0, 2],
    [Infinity, 1, 0, 1],
    [Number.NaN, 1, 0, 1],
    [4, -Infinity, 4, 0],
    [0, 0, 0, 0],
  ])('%d pages and %d sheets are billed as %d and %d', (pages, sheets, billedPages, billedSheets) => {
    const bill = computeBill(rates, {
      delivery: 'paper_pickup',
      items: [{ label: 'Odd', pages, largeFormatSheets: sheets }],
    });
    expect({ pages: bill.pages, largeFormatSheets: bill.largeFormatSheets }).toEqual({
      pages: billedPages,
      largeFormatSheets: billedSheets,
    });
    expect(bill.totalCents).toBe(billedPages * 25 + billedSheets * 500);
    expect(bill.lines.map((l) => l.code)).toEqual([
      ...(billedPages ? ['page'] : []),
      ...(billedSheets ? ['large_format_sheet'] : []),
    ]);
  });

  it('words each paper line for the invoice: one page, one sheet, thousands', () => {
    const bill = computeBill(rates, {
      delivery: 'paper_pickup',
      items: [
        { label: 'Map', pages: 1, largeFormatSheets: 1 },
        { label: 'SWPPP', pages: 1250, largeFormatSheets: 2, documentId: 3 },
      ],
    });
    expect(bill.lines).toEqual([
      lineOf('page', 'Copies: Map (1 page)', 1, 25, 25),
      lineOf('large_format_sheet', 'Plan sheets larger than 9x14 in.: Map (1 sheet)', 1, 500, 500),
      lineOf('page', 'Copies: SWPPP (1,250 pages)', 1250, 25, 31_250, 3),
      lineOf('large_format_sheet', 'Plan sheets larger than 9x14 in.: SWPPP (2 sheets)', 2, 500, 1000, 3),
    ]);
    expect(bill).toMatchObject({
      subtotalCents: 32_775,
      discountCents: 0,
      totalCents: 32_775,
      pages: 1251,
      largeFormatSheets: 3,
      notes: [],
    });
  });
});

describe('electronic copies: free, except the medium (CD or USB drive at cost)', () => {
  it.each<[string, BillInput['items'], string]>([
    ['pages and plan sheets', [plans], 'Electronic copies (58 pages and 12 plan sheets)'],
    ['plan sheets only', [{ label: 'As-built', pages: 0, largeFormatSheets: 4 }], 'Electronic copies (4 plan sheets)'],
    ['one page', [{ label: 'Letter', pages: 1, largeFormatSheets: 0 }], 'Electronic copies (1 page)'],
    ['one plan sheet', [{ label: 'Sheet', pages: 0, largeFormatSheets: 1 }], 'Electronic copies (1 plan sheet)'],
    ['nothing counted yet', [], 'Electronic copies'],
  ])('names what is sent: %s', (_name, items, description) => {
    const bill = computeBill(rates, { delivery: 'electronic', items });
    expect(bill.lines).toEqual([lineOf('electronic', description, 1, 0, 0)]);
    expect(bill.totalCents).toBe(0);
  });

  it('counts pages and sheets on the bill for electronic copies too', () => {
    expect(computeBill(rates, { delivery: 'usb', items: [plans, report] })).toMatchObject({
      pages: 60,
      largeFormatSheets: 12,
      totalCents: 500,
    });
  });

  it('charges a CD and a USB drive at the schedule’s price, and nothing for email', () => {
    const dear = { ...rates, cdCents: 250, usbCents: 900 };
    expect(computeBill(dear, { delivery: 'cd', items: [plans] }).totalCents).toBe(250);
    expect(computeBill(dear, { delivery: 'usb', items: [plans] }).totalCents).toBe(900);
    expect(computeBill(dear, { delivery: 'electronic', items: [plans] }).totalCents).toBe(0);
  });

  it('inspecting in person: no lines, nothing to pay, and the note says so', () => {
    expect(computeBill(rates, { delivery: 'inspect', items: [plans] })).toEqual({
      lines: [],
      subtotalCents: 0,
      discountCents: 0,
      totalCents: 0,
      pages: 58,
      largeFormatSheets: 12,
      notes: ['Inspecting records in person is free.'],
    });
  });
});

describe('discounts and waivers: off the subtotal, whole cents, never below zero', () => {
  it.each([
    // [discount entered, discount applied, total]: the bill is 2 reports on paper = 100 cents
    [40, 40, 60],
    [40.4, 40, 60],
    [99.6, 100, 0],
    [100, 100, 0],
    [-500, 0, 100],
    [undefined, 0, 100],
  ])('a discount of %s takes %i off: %i to pay', (discount, applied, total) => {
    const bill = computeBill(rates, { delivery: 'paper_pickup', items: [report, report], discountCents: discount });
    expect(bill).toMatchObject({ subtotalCents: 100, discountCents: applied, totalCents: total });
  });
});

describe('cost limits and approval', () => {
  it.each([
    // [total, limit, approved, needs approval]
    [2000, 2500, 1000, false], // an approval below the limit does not lower the limit
    [3000, 2500, 1000, true],
    [2600, 2500, 2600, false],
    [2601, 2500, 2600, true],
    [1, 0, null, true],
    [1000, undefined, 5, false],
  ])('total %i, limit %s, approved %s: approval needed = %s', (total, limit, approved, expected) => {
    expect(needsCostApproval(total, limit, approved)).toBe(expected);
  });

  const withStaff = computeBill(rates, { delivery: 'electronic', items: [report], staffMinutes: 120 }); // 3700, all staff time
  const onPaper = computeBill(rates, { delivery: 'paper_pickup', items: [report] }); // 50, no staff time

  it('finds the staff-time part of a bill', () => {
    expect(staffTimeCents(withStaff)).toBe(3700);
    expect(staffTimeCents(computeBill(rates, { delivery: 'cd', items: [report], staffMinutes: 180 }))).toBe(5550);
    expect(staffTimeCents(onPaper)).toBe(0);
  });

  it.each([
    // [case, bill, limit, approved, must wait]
    ['staff time, no limit set, nothing approved: the requester consents first', withStaff, null, null, true],
    ['staff time, a limit above the bill: still consents first', withStaff, 10_000, null, true],
    ['staff time approved at the amount: no wait', withStaff, null, 3700, false],
    ['staff time approved at less than the amount: wait', withStaff, null, 3699, true],
    ['no staff time, no limit: no wait', onPaper, null, null, false],
    ['no staff time, over the limit: wait', onPaper, 40, null, true],
    ['no staff time, within the limit: no wait', onPaper, 50, null, false],
    ['nothing to pay: no wait', computeBill(rates, { delivery: 'electronic', items: [report] }), 0, null, false],
  ])('%s', (_name, bill, limit, approved, expected) => {
    expect(needsApprovalBeforeInvoice(bill, limit, approved)).toBe(expected);
  });
});

describe('documentCopyCounts: pages up to 9x14 in. and large-format sheets of a stored document', () => {
  it.each([
    [
      { pageCount: 10, largeFormatPages: 3 },
      { pages: 7, largeFormatSheets: 3 },
    ],
    [
      { pageCount: 2, largeFormatPages: 5 },
      { pages: 0, largeFormatSheets: 5 },
    ], // bad counts never go negative
    [
      { pageCount: 4.6, largeFormatPages: 1.2 },
      { pages: 3, largeFormatSheets: 1 },
    ],
    [
      { pageCount: 4, largeFormatPages: -2 },
      { pages: 4, largeFormatSheets: 0 },
    ],
    [
      { pageCount: Number.NaN, largeFormatPages: 0 },
      { pages: 0, largeFormatSheets: 0 },
    ],
  ])('%j → %j', (doc, expected) => {
    expect(documentCopyCounts(doc)).toEqual(expected);
  });
});
