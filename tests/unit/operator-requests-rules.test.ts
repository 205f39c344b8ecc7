/**
 * The pure rules of requests made to a site's operator (ordinance L(4)): answered in time or not (the records
 * available by close of business on the fifth business day; an inspection offered in time for a later day is
 * late), the public finding when the five days run out (open, resolved late, withdrawn), the bill held to the
 * Town's schedule unless the operator states the actual cost, and the words the requester and operator read.
 */
import { describe, expect, it } from 'vitest';
import { OPERATOR_CHARGE_CODES, OPERATOR_REQUEST_STATUSES } from '#db/enums.ts';
import { formatDay, formatMoney } from '#lib/shared/format.ts';
import {
  ADDRESSEE_MEANING,
  askedFor,
  awaitsOperator,
  CHARGE_LABEL,
  checkBill,
  dueWords,
  explainOperatorAnswer,
  formatOperatorNumber,
  OPERATOR_DELIVERY_PHRASE,
  OPERATOR_SECTION,
  OPERATOR_STATUS_LABEL,
  OPERATOR_STATUS_MEANING,
  timeliness,
  townLimit,
  unansweredFinding,
  type AnswerFacts,
  type BillFacts,
  type ChargeLine,
  type ExplainFacts,
  type FindingFacts,
  type Timeliness,
} from '#lib/server/operator-requests/request.rules.ts';
import { RATES_WITHOUT_STAFF_TIME } from '../support/fee-rates.ts';

const DUE = '2026-03-06'; // a Friday
const DAY_BEFORE = '2026-03-05';
const DAY_AFTER = '2026-03-07';
const NEXT_WEEK = '2026-03-10';
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const facts = (over: Partial<AnswerFacts> = {}): AnswerFacts => ({
  status: 'received',
  dueOn: DUE,
  answeredOn: null,
  availableOn: null,
  withdrawnOn: null,
  ...over,
});

describe('timeliness: the records available by close of business on the due date (L(4))', () => {
  const cases: Array<[string, Partial<AnswerFacts>, string, Timeliness]> = [
    ['copies provided on the due day are on time', { answeredOn: DUE }, NEXT_WEEK, 'on_time'],
    ['copies provided the day after the due day are late', { answeredOn: DAY_AFTER }, NEXT_WEEK, 'late'],
    [
      'an inspection offered in time for a day after the due date is late',
      { answeredOn: DAY_BEFORE, availableOn: DAY_AFTER },
      NEXT_WEEK,
      'late',
    ],
    [
      'an inspection offered in time for the due day is on time',
      { answeredOn: DAY_BEFORE, availableOn: DUE },
      NEXT_WEEK,
      'on_time',
    ],
    [
      'the day made available counts, not the day answered',
      { answeredOn: DAY_AFTER, availableOn: DUE },
      NEXT_WEEK,
      'on_time',
    ],
    ['an answer in time counts even while the five days still run', { answeredOn: DAY_BEFORE }, DAY_BEFORE, 'on_time'],
    ['unanswered on the due day before close of business is pending', {}, DUE, 'pending'],
    ['unanswered after close of business on the due day is missed', {}, DAY_AFTER, 'missed'],
    ['unanswered after the due day is missed', {}, NEXT_WEEK, 'missed'],
    ['withdrawn on the due day, unanswered: withdrawn, never missed', { withdrawnOn: DUE }, NEXT_WEEK, 'withdrawn'],
    ['withdrawn before the due day: withdrawn', { withdrawnOn: DAY_BEFORE }, NEXT_WEEK, 'withdrawn'],
    ['withdrawn only after the five days ran out: still missed', { withdrawnOn: DAY_AFTER }, NEXT_WEEK, 'missed'],
    [
      'withdrawn (a later day) while the due day has not passed: withdrawn',
      { withdrawnOn: DAY_AFTER },
      DUE,
      'withdrawn',
    ],
    ['answered, then withdrawn: the answer decides', { answeredOn: DUE, withdrawnOn: DUE }, NEXT_WEEK, 'on_time'],
  ];
  it.each(cases)('%s', (_name, over, overdueBefore, expected) => {
    expect(timeliness(facts(over), overdueBefore)).toBe(expected);
  });
});

describe('awaitsOperator: only a received request waits for the operator', () => {
  it.each([
    ['received', true],
    ['inspection_offered', false],
    ['awaiting_payment', false],
    ['fulfilled', false],
    ['withdrawn', false],
  ] as const)('%s → %s', (status, expected) => {
    expect(awaitsOperator({ status })).toBe(expected);
  });
});

describe('unansweredFinding: the public L(4) finding', () => {
  const finding = (over: Partial<FindingFacts> = {}): FindingFacts => ({
    ...facts(),
    number: 'OR-2026-0003',
    receivedOn: '2026-02-27',
    ...over,
  });
  const asked = `A request for records made to the operator on ${formatDay('2026-02-27')}`;

  it('no finding while the five days run, when answered in time, or when withdrawn in time', () => {
    expect(unansweredFinding(finding(), DUE, dayAfter)).toBeNull();
    expect(unansweredFinding(finding({ answeredOn: DUE }), NEXT_WEEK, dayAfter)).toBeNull();
    expect(unansweredFinding(finding({ withdrawnOn: DUE }), NEXT_WEEK, dayAfter)).toBeNull();
  });

  it('unanswered after the due date: open, dated the day after the due date, naming no requester', () => {
    const f = unansweredFinding(finding(), DAY_AFTER, dayAfter);
    expect(f).toStrictEqual({
      rule: 'records-request-unanswered',
      key: 'records-request-unanswered:OR-2026-0003',
      severity: 'medium',
      status: 'open',
      section:
        'Subsection L(4): the operator makes the SWPPP and inspection reports available for inspection and copying within five business days of a written request',
      source: 'ordinance',
      from: DAY_AFTER,
      dueOn: DUE,
      title: 'Records request not answered in five business days',
      text: `${asked} was not answered within five business days (due ${formatDay(DUE)}).`,
    });
  });

  it('withdrawn after the five days ran out: the finding stays, resolved on the day withdrawn', () => {
    const f = unansweredFinding(finding({ withdrawnOn: NEXT_WEEK }), NEXT_WEEK, dayAfter);
    expect(f).toMatchObject({
      status: 'resolved',
      resolvedOn: NEXT_WEEK,
      title: 'Records request not answered in five business days',
      from: DAY_AFTER,
    });
    expect(f!.text).toBe(
      `${asked} was not answered within five business days (due ${formatDay(DUE)}). It was withdrawn on ${formatDay(NEXT_WEEK)}.`,
    );
  });

  it('answered late: on the record, resolved on the day the records were made available', () => {
    const f = unansweredFinding(finding({ answeredOn: DAY_BEFORE, availableOn: NEXT_WEEK }), NEXT_WEEK, dayAfter);
    expect(f).toStrictEqual({
      rule: 'records-request-unanswered',
      key: 'records-request-unanswered:OR-2026-0003',
      severity: 'medium',
      status: 'resolved',
      resolvedOn: NEXT_WEEK,
      section:
        'Subsection L(4): the operator makes the SWPPP and inspection reports available for inspection and copying within five business days of a written request',
      source: 'ordinance',
      from: DAY_AFTER,
      dueOn: DUE,
      title: 'Records request answered late',
      text: `${asked} was not answered within five business days (due ${formatDay(DUE)}); the records were made available on ${formatDay(NEXT_WEEK)}.`,
    });
  });

  it('answered late by copies: the day of the copies', () => {
    const f = unansweredFinding(finding({ answeredOn: DAY_AFTER }), NEXT_WEEK, dayAfter);
    expect(f).toMatchObject({ status: 'resolved', resolvedOn: DAY_AFTER, title: 'Records request answered late' });
    expect(f!.text).toContain(`made available on ${formatDay(DAY_AFTER)}.`);
  });
});

describe('the bill: at the requester’s expense, held to the Town’s schedule (L(4) with POL §87(1)(b)(iii))', () => {
  const rates = RATES_WITHOUT_STAFF_TIME;
  const line = (over: Partial<ChargeLine> = {}): ChargeLine => ({
    code: 'page',
    description: 'SWPPP narrative',
    quantity: 40,
    unitCents: 25,
    ...over,
  });
  // Paper copies by mail, nothing uploaded to count: the operator's quantities and postage are the yardstick.
  const mailed = (over: Partial<BillFacts> = {}): BillFacts => ({
    delivery: 'paper_mail',
    counted: null,
    actualCostStatement: null,
    payee: 'Acme Site Works LLC',
    howToPay: 'Check to 1 Main St.',
    ...over,
  });

  it.each([
    ['page', 40, 25, 1000],
    ['large_format_sheet', 3, 900, 1500],
    ['cd', 2, 50, 0],
    ['usb', 1, 1200, 0],
    ['postage', 1, 873, 873],
    ['postage', 2, 150, 300],
    ['other', 5, 100, 0],
  ] as const)(
    'townLimit for paper by mail: %s × %i at %i¢ → the Town allows %i¢',
    (code, quantity, unitCents, allowed) => {
      expect(townLimit([line({ code, quantity, unitCents })], rates, mailed())).toBe(allowed);
    },
  );

  it('at the Town’s schedule: accepted, each line with its amount', () => {
    const bill = checkBill(
      [line(), line({ code: 'postage', description: 'Mailing', quantity: 1, unitCents: 873 })],
      rates,
      mailed(),
    );
    expect(bill.problems).toEqual({});
    expect(bill.totalCents).toBe(1873);
    expect(bill.townLimitCents).toBe(1873);
    expect(bill.lines.map((l) => l.amountCents)).toEqual([1000, 873]);
  });

  it('below the schedule: accepted', () => {
    expect(checkBill([line({ unitCents: 10 })], rates, mailed()).problems).toEqual({});
  });

  it('above the schedule without a statement of actual cost: refused beside the statement, with both amounts', () => {
    for (const statement of [null, undefined, '', '   ']) {
      const bill = checkBill([line({ unitCents: 26 })], rates, mailed({ actualCostStatement: statement }));
      expect(bill.totalCents).toBe(1040);
      expect(bill.townLimitCents).toBe(1000);
      expect(bill.problems).toEqual({
        actualCostStatement: `This bill (${formatMoney(1040)}) is more than the Town's fee schedule allows for the same records delivered as the requester asked (paper copies, sent by mail): ${formatMoney(1000)}. Lower it, or state the actual cost of making the copies and how you worked it out.`,
      });
    }
  });

  it('above the schedule with a statement of actual cost: accepted', () => {
    const bill = checkBill(
      [line({ code: 'other', description: 'Scanning 40 pages at a print shop', quantity: 1, unitCents: 1500 })],
      rates,
      mailed({ actualCostStatement: 'The print shop charged $15.00 (receipt kept).' }),
    );
    expect(bill.problems).toEqual({});
    expect(bill.totalCents).toBe(1500);
    expect(bill.townLimitCents).toBe(0);
  });

  it('no lines: asks for at least one', () => {
    const bill = checkBill([], rates, mailed());
    expect(bill.problems).toEqual({
      lines: 'Add at least one line to the bill: what was copied, how many, and the price of each.',
    });
    expect(bill.totalCents).toBe(0);
  });

  const bad: Array<[string, Partial<ChargeLine>, string]> = [
    ['no quantity', { quantity: 0 }, 'Line 2: enter how many, a whole number of 1 or more.'],
    ['a fraction of a page', { quantity: 1.5 }, 'Line 2: enter how many, a whole number of 1 or more.'],
    ['an unreadable quantity', { quantity: Number.NaN }, 'Line 2: enter how many, a whole number of 1 or more.'],
    ['a negative price', { unitCents: -1 }, 'Line 2: enter the price of each in dollars, like 0.25.'],
    ['a fraction of a cent', { unitCents: 2.5 }, 'Line 2: enter the price of each in dollars, like 0.25.'],
    ['an unreadable price', { unitCents: Number.NaN }, 'Line 2: enter the price of each in dollars, like 0.25.'],
    ['no description', { description: '   ' }, 'Line 2: say what was copied.'],
    [
      'quantity first when several are wrong',
      { quantity: 0, unitCents: -1, description: '' },
      'Line 2: enter how many, a whole number of 1 or more.',
    ],
    [
      'price before description',
      { unitCents: -1, description: '' },
      'Line 2: enter the price of each in dollars, like 0.25.',
    ],
  ];
  it.each(bad)('a bad line (%s) is refused beside that line', (_name, over, message) => {
    const bill = checkBill([line(), line(over)], rates, mailed({ actualCostStatement: 'stated' }));
    expect(bill.problems).toEqual({ 'lines.1': message });
  });

  it('the edges of a good line: one item, free of charge, needs no payee', () => {
    expect(
      checkBill([line({ quantity: 1, unitCents: 0 })], rates, mailed({ payee: null, howToPay: null })).problems,
    ).toEqual({});
  });

  it('a bad line does not hide that the total is above the schedule', () => {
    const bill = checkBill([line({ unitCents: 100 }), line({ description: '' })], rates, mailed());
    expect(Object.keys(bill.problems).sort()).toEqual(['actualCostStatement', 'lines.1']);
  });
});

describe('explainOperatorAnswer: what the operator did and when, in dated sentences', () => {
  const base: ExplainFacts = {
    ...facts(),
    inspectionPlace: null,
    inspectionWhen: null,
    copiesOn: null,
    copiesHow: null,
    billTotalCents: null,
    actualCostStatement: null,
    paidOn: null,
    fulfilledOn: null,
  };
  const explain = (over: Partial<ExplainFacts>, overdueBefore = DAY_BEFORE) =>
    explainOperatorAnswer({ ...base, ...over }, overdueBefore);

  it('nothing done while the five days run: nothing to say', () => {
    expect(explain({})).toEqual([]);
  });

  it('an inspection offered in time', () => {
    expect(
      explain({
        status: 'inspection_offered',
        answeredOn: DAY_BEFORE,
        availableOn: DUE,
        inspectionPlace: 'the site trailer, 1 Main St',
        inspectionWhen: 'Friday, March 6, 2026 at 10:00 AM',
      }),
    ).toEqual([
      'The operator offered the records for inspection at the site trailer, 1 Main St on Friday, March 6, 2026 at 10:00 AM.',
      `The records were made available within the five business days (due ${formatDay(DUE)}).`,
    ]);
  });

  it('an offer needs both a place and a time to be told', () => {
    expect(explain({ inspectionPlace: 'the trailer' })).toEqual([]);
    expect(explain({ inspectionWhen: 'Friday' })).toEqual([]);
  });

  it.each([
    ['uploaded', 'uploaded the copies to the request’s tracking page'],
    ['mailed', 'mailed the copies'],
    ['handed_over', 'handed over the copies'],
    ['emailed', 'emailed the copies'],
  ] as const)('copies %s', (how, words) => {
    expect(explain({ copiesOn: DUE, copiesHow: how })[0]).toBe(`On ${formatDay(DUE)} the operator ${words}.`);
  });

  it('copies need both a day and a way to be told', () => {
    expect(explain({ copiesOn: DUE })).toEqual([]);
    expect(explain({ copiesHow: 'mailed' })).toEqual([]);
  });

  it('a bill not yet paid, late, with the statement of actual cost', () => {
    expect(
      explain(
        {
          status: 'awaiting_payment',
          answeredOn: DAY_AFTER,
          copiesOn: DAY_AFTER,
          copiesHow: 'uploaded',
          billTotalCents: 1500,
          actualCostStatement: 'Print shop receipt: $15.00.',
        },
        NEXT_WEEK,
      ),
    ).toEqual([
      `On ${formatDay(DAY_AFTER)} the operator uploaded the copies to the request’s tracking page.`,
      `The operator billed ${formatMoney(1500)} for copying, at your expense as the ordinance provides.`,
      'The operator’s statement of the actual cost: Print shop receipt: $15.00.',
      'The bill does not say whom to pay or how: ask the operator. Pay the site’s operator, not the Town.',
      'Not yet paid: the copies are released when the operator records your payment.',
      `That was late: the records were due by ${formatDay(DUE)}.`,
    ]);
  });

  it('a bill that does not say how to pay is never sent back to itself: ask the operator, at their public phone', () => {
    const unpaid = { status: 'awaiting_payment' as const, answeredOn: DUE, copiesOn: DUE, billTotalCents: 1500 };
    const named = explain({ ...unpaid, copiesHow: 'uploaded', billPayee: 'Acme Site Work', billHowToPay: null });
    expect(named).toContain(
      'Pay Acme Site Work (the site’s operator, not the Town). How to pay: the bill does not say; ask the operator.',
    );
    const nobody = explain({ ...unpaid, copiesHow: 'uploaded', billPayee: null, operatorPhone: '518-555-0142' });
    expect(nobody).toContain(
      'The bill does not say whom to pay or how: ask the operator at 518-555-0142. Pay the site’s operator, not the Town.',
    );
    const told = explain({ ...unpaid, copiesHow: 'uploaded', billPayee: 'Acme', billHowToPay: 'Check to Acme' });
    expect(told).toContain('Pay Acme (the site’s operator, not the Town). How to pay: Check to Acme.');
    for (const lines of [named, nobody, told]) expect(lines.join(' ')).not.toMatch(/bill says/);
  });

  it.each(['mailed', 'handed_over', 'emailed'] as const)(
    'copies %s while the bill is unpaid are not said to wait for the payment',
    (how) => {
      const lines = explain({
        status: 'awaiting_payment',
        answeredOn: DUE,
        copiesOn: DUE,
        copiesHow: how,
        billTotalCents: 1500,
      });
      expect(lines).toContain('Not yet paid.');
      expect(lines.join(' ')).not.toMatch(/released|this page|tracking page/);
    },
  );

  it('a bill of nothing is still a bill; paid, then completed', () => {
    expect(
      explain(
        { status: 'fulfilled', answeredOn: DUE, billTotalCents: 0, paidOn: NEXT_WEEK, fulfilledOn: NEXT_WEEK },
        NEXT_WEEK,
      ),
    ).toEqual([
      `The operator billed ${formatMoney(0)} for copying, at your expense as the ordinance provides.`,
      `Paid on ${formatDay(NEXT_WEEK)}.`,
      `The records were made available within the five business days (due ${formatDay(DUE)}).`,
      `The request was completed on ${formatDay(NEXT_WEEK)}.`,
    ]);
  });

  it('five business days passed unanswered: the finding, in words', () => {
    expect(explain({}, DAY_AFTER)).toEqual([
      `The operator did not make the records available within five business days (due ${formatDay(DUE)}). That is a finding under Subsection L(4) of the Town’s stormwater law, shown on the project’s public page, and the Stormwater Management Officer has been told.`,
    ]);
  });

  it('completed or withdrawn only with their day', () => {
    expect(explain({ status: 'fulfilled' })).toEqual([]);
    expect(explain({ status: 'withdrawn' })).toEqual([]);
    expect(explain({ status: 'withdrawn', withdrawnOn: DAY_BEFORE }, NEXT_WEEK)).toEqual([
      `The request was withdrawn on ${formatDay(DAY_BEFORE)}.`,
    ]);
    expect(explain({ status: 'received', fulfilledOn: DUE, withdrawnOn: null })).toEqual([]);
    expect(explain({ status: 'fulfilled', withdrawnOn: DAY_BEFORE }, DAY_BEFORE)).toEqual([]);
  });
});

describe('dueWords: the operator’s queue', () => {
  it.each([
    ['overdue after close of business on the due day', DUE, DUE, 0, DAY_AFTER, `Overdue since ${formatDay(DUE)}`],
    ['overdue after the due day', DUE, NEXT_WEEK, 0, NEXT_WEEK, `Overdue since ${formatDay(DUE)}`],
    ['due today before close of business', DUE, DUE, 0, DUE, 'Due today, by close of business'],
    ['one business day left', DUE, DAY_BEFORE, 1, DAY_BEFORE, `Due ${formatDay(DUE)}: 1 business day left`],
    [
      'several business days left',
      NEXT_WEEK,
      DAY_BEFORE,
      3,
      DAY_BEFORE,
      `Due ${formatDay(NEXT_WEEK)}: 3 business days left`,
    ],
    [
      'due tomorrow, asked after close of business today',
      DUE,
      DAY_BEFORE,
      1,
      DUE,
      `Due ${formatDay(DUE)}: 1 business day left`,
    ],
  ] as const)('%s', (_name, dueOn, today, left, overdueBefore, words) => {
    expect(dueWords(dueOn, today, left, overdueBefore)).toBe(words);
  });
});

describe('askedFor: what the requester asked for, in one line', () => {
  const asked = (over: Partial<Parameters<typeof askedFor>[0]>) =>
    askedFor({
      wantsSwppp: false,
      reportsFrom: null,
      reportsTo: null,
      description: null,
      delivery: 'electronic',
      ...over,
    });
  it.each([
    ['the SWPPP', { wantsSwppp: true }, 'Copies of the SWPPP'],
    [
      'reports between two dates',
      { reportsFrom: '2026-01-05', reportsTo: '2026-02-27' },
      `Copies of inspection reports from ${formatDay('2026-01-05')} to ${formatDay('2026-02-27')}`,
    ],
    [
      'reports with only a first date are not described',
      { reportsFrom: '2026-01-05', description: 'the stormwater log' },
      'Copies of the stormwater log',
    ],
    [
      'reports with only a last date are not described',
      { reportsTo: '2026-01-05', description: 'the stormwater log' },
      'Copies of the stormwater log',
    ],
    [
      'everything, to inspect',
      {
        wantsSwppp: true,
        reportsFrom: '2026-01-05',
        reportsTo: '2026-02-27',
        description: 'the rain log',
        delivery: 'inspect',
      },
      `To inspect the SWPPP; inspection reports from ${formatDay('2026-01-05')} to ${formatDay('2026-02-27')}; the rain log`,
    ],
    ['paper copies by mail', { wantsSwppp: true, delivery: 'paper_mail' }, 'Copies of the SWPPP'],
  ] as const)('%s', (_name, over, words) => {
    expect(asked(over)).toBe(words);
  });
});

describe('numbers and words', () => {
  it('OR numbers: the year and four digits, more when needed', () => {
    expect(formatOperatorNumber('2026', 7)).toBe('OR-2026-0007');
    expect(formatOperatorNumber('2027', 12345)).toBe('OR-2027-12345');
  });

  it('cites Subsection L(4)', () => {
    expect(OPERATOR_SECTION).toBe('Subsection L(4)');
  });

  it('every status, charge, addressee and delivery has its own words', () => {
    for (const words of [
      OPERATOR_STATUS_MEANING,
      OPERATOR_STATUS_LABEL,
      CHARGE_LABEL,
      ADDRESSEE_MEANING,
      OPERATOR_DELIVERY_PHRASE,
    ] as Array<Record<string, string>>) {
      const values = Object.values(words);
      expect(values.every((w) => w.trim().length >= 2)).toBe(true);
      expect(new Set(values).size).toBe(values.length);
    }
    expect(Object.keys(OPERATOR_DELIVERY_PHRASE).sort()).toEqual([
      'electronic',
      'inspect',
      'paper_mail',
      'paper_pickup',
    ]);
    expect(Object.keys(CHARGE_LABEL)).toEqual([...OPERATOR_CHARGE_CODES]);
    expect(Object.keys(OPERATOR_STATUS_LABEL)).toEqual([...OPERATOR_REQUEST_STATUSES]);
    expect(Object.keys(OPERATOR_STATUS_MEANING)).toEqual([...OPERATOR_REQUEST_STATUSES]);
    expect(Object.keys(ADDRESSEE_MEANING)).toEqual(['town', 'operator']);
    expect(OPERATOR_STATUS_LABEL.received).toBe('Waiting for the operator');
    expect(OPERATOR_STATUS_MEANING.received).toContain('five business days');
    expect(ADDRESSEE_MEANING.operator).toContain('reports not yet filed with the Town');
    expect(ADDRESSEE_MEANING.town).toContain('Freedom of Information Law');
  });
});
