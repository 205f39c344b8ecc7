/**
 * The operator's bill is held to the Town's schedule like with like (L(4) with POL §87(1)(b)(iii), decision
 * 0069): the Town's fees for the delivery the requester asked for, pages counted from the files uploaded, and
 * the bill says whom to pay and how. "40 paper copies × $0.25" for electronic copies of a 2-page PDF is not
 * "what the Town's own fees would allow": electronic copies are free on the Town's schedule.
 */
import { describe, expect, it } from 'vitest';
import {
  checkBill,
  countedFromFiles,
  explainOperatorAnswer,
  townLimit,
  townLimitWords,
  type BillFacts,
  type ChargeLine,
  type ExplainFacts,
} from '#lib/server/operator-requests/request.rules.ts';
import { RATES_WITHOUT_STAFF_TIME } from '../support/fee-rates.ts';

const rates = RATES_WITHOUT_STAFF_TIME;
const forty: ChargeLine = { code: 'page', description: 'SWPPP, paper copies', quantity: 40, unitCents: 25 };
const twoPagePdf = countedFromFiles([{ pdf: { pageCount: 2, largeFormatPages: 0 } }]);
const pay = { payee: 'Acme Site Works LLC', howToPay: 'A check to Acme Site Works LLC, 1 Main St., Rotterdam NY.' };

describe('the Town’s schedule for the delivery the requester asked for', () => {
  it('electronic copies of a 2-page PDF: the Town would allow $0.00, so 40 × $0.25 needs a statement of actual cost', () => {
    const facts: BillFacts = { delivery: 'electronic', counted: twoPagePdf, ...pay };
    expect(townLimit([forty], rates, facts)).toBe(0);
    const bill = checkBill([forty], rates, facts);
    expect(bill.townLimitCents).toBe(0);
    expect(bill.problems.actualCostStatement).toContain('(electronic copies (email or upload)): $0.00');
    expect(townLimitWords({ ...facts, townLimitCents: 0 })).toBe(
      'For the same records delivered as you asked (electronic copies (email or upload)) (2 pages counted from the files), the Town’s own fee schedule would allow $0.00: electronic copies are free on the Town’s schedule.',
    );
  });

  it('paper copies of the same 2-page PDF: 2 pages at $0.25, and 40 billed pages are refused beside the line', () => {
    const facts: BillFacts = { delivery: 'paper_pickup', counted: twoPagePdf, ...pay };
    expect(townLimit([forty], rates, facts)).toBe(50);
    expect(checkBill([forty], rates, facts).problems['lines.0']).toBe(
      'Line 1: the PDFs you uploaded hold 2 pages; this bill charges for 40 pages. Bill the pages the files hold.',
    );
    expect(checkBill([{ ...forty, quantity: 2 }], rates, facts).problems).toEqual({});
  });

  it('postage is the Town’s only when paper is mailed', () => {
    const postage: ChargeLine = { code: 'postage', description: 'First-class mail', quantity: 1, unitCents: 150 };
    expect(
      townLimit([{ ...forty, quantity: 2 }, postage], rates, { delivery: 'paper_mail', counted: twoPagePdf }),
    ).toBe(200);
    expect(
      townLimit([{ ...forty, quantity: 2 }, postage], rates, { delivery: 'paper_pickup', counted: twoPagePdf }),
    ).toBe(50);
  });

  it('nothing uploaded to count: the operator’s quantities are the measure', () => {
    expect(countedFromFiles([])).toBeNull();
    expect(townLimit([forty], rates, { delivery: 'paper_mail', counted: null })).toBe(1000);
  });

  it('large sheets are counted apart from pages', () => {
    expect(
      countedFromFiles([
        { pdf: { pageCount: 12, largeFormatPages: 3 } },
        { pdf: { pageCount: 2, largeFormatPages: 0 } },
        {},
      ]),
    ).toEqual({ pages: 11, largeFormatSheets: 3 });
  });
});

describe('the bill says whom to pay and how', () => {
  it('a bill that charges anything is refused without the payee and the way to pay', () => {
    const bill = checkBill([{ ...forty, quantity: 2 }], rates, { delivery: 'paper_pickup', counted: twoPagePdf });
    expect(bill.problems).toEqual({
      billPayee: 'Say whom the requester pays: your company’s name (never the Town).',
      billHowToPay:
        'Say how the requester pays: by check to an address, in cash at the site office, or a payment link.',
    });
  });

  it('the requester reads them with the bill until it is paid', () => {
    const f: ExplainFacts = {
      status: 'awaiting_payment',
      dueOn: '2026-12-14',
      answeredOn: '2026-12-09',
      availableOn: '2026-12-09',
      withdrawnOn: null,
      inspectionPlace: null,
      inspectionWhen: null,
      copiesOn: '2026-12-09',
      copiesHow: 'uploaded',
      billTotalCents: 50,
      actualCostStatement: null,
      billPayee: pay.payee,
      billHowToPay: pay.howToPay,
      paidOn: null,
      fulfilledOn: null,
    };
    expect(explainOperatorAnswer(f, '2026-12-10')).toContain(
      'Pay Acme Site Works LLC (the site’s operator, not the Town). How to pay: A check to Acme Site Works LLC, 1 Main St., Rotterdam NY.',
    );
    expect(explainOperatorAnswer({ ...f, paidOn: '2026-12-10' }, '2026-12-10').join(' ')).not.toContain('How to pay');
  });
});
