/**
 * The operator's L(4) bill and answer at their edges: what the Town's schedule would allow counts only whole,
 * positive quantities, prices an inspection's copies as paper collected, holds large sheets to what the files
 * hold and postage to mailed paper; a blank payee, way to pay or phone is no answer; a zero bill asks for no
 * payment; the words name each delivery.
 */
import { describe, expect, it } from 'vitest';
import {
  askedFor,
  askTheOperator,
  checkBill,
  explainOperatorAnswer,
  FIVE_BUSINESS_DAYS_DUTIES,
  fiveBusinessDaysDuties,
  townLimit,
  townLimitWords,
  type ChargeLine,
  type ExplainFacts,
} from '#lib/server/operator-requests/request.rules.ts';
import { RATES_WITHOUT_STAFF_TIME } from '../support/fee-rates.ts';

const rates = RATES_WITHOUT_STAFF_TIME;
const pages = (quantity: number): ChargeLine => ({ code: 'page', description: 'Copies', quantity, unitCents: 25 });
const sheets = (quantity: number): ChargeLine => ({
  code: 'large_format_sheet',
  description: 'Plan sheets',
  quantity,
  unitCents: 500,
});
const postage = (quantity: number, unitCents: number): ChargeLine => ({
  code: 'postage',
  description: 'Postage',
  quantity,
  unitCents,
});

describe('what the Town’s schedule would allow for the same records', () => {
  it('counts only whole quantities of one or more: a negative or fractional line adds nothing', () => {
    expect(townLimit([pages(5), pages(-3)], rates, { delivery: 'paper_pickup', counted: null })).toBe(125);
    expect(townLimit([pages(2.5)], rates, { delivery: 'paper_pickup', counted: null })).toBe(0);
  });

  it('prices the copies made at an inspection as paper collected there', () => {
    expect(townLimit([pages(4)], rates, { delivery: 'inspect', counted: null })).toBe(100);
  });

  it('allows no more large sheets than the files hold, and counts large sheets as large sheets', () => {
    const counted = { pages: 0, largeFormatSheets: 1 };
    expect(townLimit([sheets(3)], rates, { delivery: 'paper_pickup', counted })).toBe(500);
    expect(townLimit([sheets(3)], rates, { delivery: 'paper_pickup', counted: null })).toBe(1500);
  });

  it('adds postage at cost for mailed paper only, from whole positive amounts', () => {
    const mailed = { delivery: 'paper_mail' as const, counted: null };
    expect(townLimit([pages(2), postage(2, 300)], rates, mailed)).toBe(650);
    expect(townLimit([pages(2), postage(1, 500), postage(1, -200)], rates, mailed)).toBe(550);
    expect(townLimit([pages(2), postage(1, 12.5)], rates, mailed)).toBe(50);
    expect(townLimit([pages(2), postage(2, 300)], rates, { delivery: 'paper_pickup', counted: null })).toBe(50);
  });
});

describe('the Town’s yardstick in the requester’s words', () => {
  it('names the pages and large sheets counted, or says nothing of counting when there were no files', () => {
    expect(
      townLimitWords({
        delivery: 'paper_pickup',
        counted: { pages: 3, largeFormatSheets: 1 },
        townLimitCents: 1275,
      }),
    ).toBe(
      'For the same records delivered as you asked (paper copies, collected from the operator) (3 pages and 1 large sheet counted from the files), the Town’s own fee schedule would allow $12.75.',
    );
    expect(townLimitWords({ delivery: 'inspect', counted: null, townLimitCents: 0 }, 'Village')).toBe(
      'For the same records delivered as you asked (inspect the records in person), the Village’s own fee schedule would allow $0.00.',
    );
  });

  it('says electronic copies are free only when they are, and calls a delivery it has no label for copies', () => {
    expect(townLimitWords({ delivery: 'electronic', counted: null, townLimitCents: 100 })).toBe(
      'For the same records delivered as you asked (electronic copies (email or upload)), the Town’s own fee schedule would allow $1.00.',
    );
    expect(townLimitWords({ delivery: 'cd', counted: null, townLimitCents: 0 })).toBe(
      'For the same records delivered as you asked (copies), the Town’s own fee schedule would allow $0.00.',
    );
  });
});

describe('checking the operator’s bill', () => {
  const pay = { payee: 'Acme Site Works LLC', howToPay: 'A check to Acme, 1 Main St.' };

  it('puts "more pages than the files hold" on the first page line, and never over that line’s own problem', () => {
    const counted = { pages: 2, largeFormatSheets: 0 };
    const over = checkBill([postage(1, 100), pages(40)], rates, { delivery: 'paper_mail', counted, ...pay });
    expect(Object.keys(over.problems)).toContain('lines.1');
    expect(over.problems['lines.1']).toMatch(/^Line 2: the PDFs you uploaded hold 2 pages/);
    expect(over.problems['lines.0']).toBeUndefined();
    const blank = checkBill([{ ...pages(40), description: ' ' }], rates, { delivery: 'paper_mail', counted, ...pay });
    expect(blank.problems['lines.0']).toBe('Line 1: say what was copied.');
  });

  it('a payee or a way to pay of spaces only is missing', () => {
    const bill = checkBill([pages(2)], rates, {
      delivery: 'paper_pickup',
      counted: null,
      payee: '  ',
      howToPay: ' ',
    });
    expect(bill.problems.billPayee).toBe('Say whom the requester pays: your company’s name (never the Town).');
    expect(bill.problems.billHowToPay).toMatch(/^Say how the requester pays/);
  });
});

describe('the operator’s answer explained', () => {
  const base: ExplainFacts = {
    status: 'fulfilled',
    dueOn: '2026-12-11',
    answeredOn: '2026-12-08',
    availableOn: '2026-12-08',
    withdrawnOn: null,
    inspectionPlace: null,
    inspectionWhen: null,
    copiesOn: '2026-12-08',
    copiesHow: 'mailed',
    billTotalCents: 500,
    actualCostStatement: null,
    paidOn: null,
    fulfilledOn: null,
  };

  it('a blank phone is no phone: ask the operator', () => {
    expect(askTheOperator('  ')).toBe('ask the operator');
    expect(askTheOperator('518-555-0100')).toBe('ask the operator at 518-555-0100');
  });

  it('a payee or a way to pay of spaces only is treated as not given', () => {
    const lines = explainOperatorAnswer({ ...base, billPayee: ' ', billHowToPay: 'Check' }, '2026-12-09');
    expect(lines).toContain(
      'The bill does not say whom to pay or how: ask the operator. Pay the site’s operator, not the Town.',
    );
    const noWay = explainOperatorAnswer({ ...base, billPayee: 'Acme', billHowToPay: '  ' }, '2026-12-09');
    expect(noWay).toContain(
      'Pay Acme (the site’s operator, not the Town). How to pay: the bill does not say; ask the operator.',
    );
  });

  it('a bill of $0.00 asks for no payment', () => {
    const lines = explainOperatorAnswer({ ...base, billTotalCents: 0, billPayee: 'Acme' }, '2026-12-09');
    expect(lines.some((l) => l.startsWith('Pay ') || l.startsWith('The bill does not say'))).toBe(false);
  });
});

describe('the words around a request', () => {
  it('a description of spaces only adds nothing to what was asked for', () => {
    const asked = {
      wantsSwppp: true,
      reportsFrom: null,
      reportsTo: null,
      description: '   ',
    };
    expect(askedFor({ ...asked, delivery: 'electronic' })).toBe('Copies of the SWPPP');
    expect(askedFor({ ...asked, delivery: 'inspect' })).toBe('To inspect the SWPPP');
  });

  it('the five business days’ two duties name the municipality, the Town’s by default', () => {
    expect(fiveBusinessDaysDuties('Village')).toContain('(Subsection L(4) of the Village’s stormwater law)');
    expect(fiveBusinessDaysDuties('Village')).toContain('the Village must make them available, deny the request');
    expect(FIVE_BUSINESS_DAYS_DUTIES).toBe(fiveBusinessDaysDuties('Town'));
  });
});
