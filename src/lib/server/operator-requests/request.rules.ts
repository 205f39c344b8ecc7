/**
 * Requests to the site's operator (ordinance L(4)): "The SWPPP and inspection reports are public documents
 * that the operator must make available for inspection, review and copying by any person within five
 * business days of the operator receiving a written request … Copying of documents will be done at the
 * requester's expense." The pure rules: whether the operator answered in time, the public finding when
 * they did not, what the operator may bill, and the words the requester reads. No database access here.
 *
 * The five business days are counted by the same module as the Town's FOIL requests
 * (platform/time/deadlines.rules.ts: computeDueDate, GCL §20/§24). Readings chosen: decision 0028.
 */
import type { DeliveryMethod, OperatorChargeCode, OperatorRequestStatus } from '#db/schema.ts';
import { computeBill, documentCopyCounts, type FeeRates } from '#lib/shared/fees.ts';
import { asClause, endSentence, formatDay, formatMoney, plural, sequenceNumber } from '#lib/shared/format.ts';

export const OPERATOR_SECTION = 'Subsection L(4)';
/** As the compliance findings cite their sections: the subsection and what it requires. */
export const OPERATOR_SECTION_WORDS = `${OPERATOR_SECTION}: the operator makes the SWPPP and inspection reports available for inspection and copying within five business days of a written request`;

/** What each status means, in the requester's words. */
export const OPERATOR_STATUS_MEANING: Record<OperatorRequestStatus, string> = {
  received: 'The operator has the request and must make the records available within five business days.',
  inspection_offered: 'The operator has offered a place and time to inspect the records.',
  awaiting_payment:
    'The operator has the copies ready and has sent a bill for copying; the copies are released when it is paid.',
  fulfilled: 'The operator has provided the records.',
  withdrawn: 'The request was withdrawn.',
};

/** Short status words for lists. */
export const OPERATOR_STATUS_LABEL: Record<OperatorRequestStatus, string> = {
  received: 'Waiting for the operator',
  inspection_offered: 'Inspection offered',
  awaiting_payment: 'Waiting for payment',
  fulfilled: 'Provided',
  withdrawn: 'Withdrawn',
};

/** Whom a request goes to, in one sentence each (the form and the help page say it the same way). */
/** The two paths in one sentence each, naming the municipality by its kind ("Town", "Village", "City"). */
export function addresseeMeaning(kindWord: string): Record<Addressee, string> {
  return {
    town: `The ${kindWord} sends copies of what it holds (the SWPPP and the reports filed with it) under the Freedom of Information Law.`,
    operator: `The site’s operator must make the SWPPP and inspection reports available under the ${kindWord}’s stormwater law, including the SWPPP kept at the site and reports not yet filed with the ${kindWord}.`,
  };
}
export const ADDRESSEE_MEANING = addresseeMeaning('Town');
export type Addressee = 'town' | 'operator';

/**
 * What each must do within the five business days, in one sentence, wherever the two paths are offered
 * together. They are not the same duty: L(4) wants the operator to make the records available, while POL
 * §89(3)(a) lets the Town instead deny in writing or acknowledge with an approximate date.
 */
export function fiveBusinessDaysDuties(kindWord: string): string {
  return `The site’s operator must make the records available within five business days of your written request (Subsection L(4) of the ${kindWord}’s stormwater law); in the same five business days the ${kindWord} must make them available, deny the request in writing, or acknowledge it in writing with the approximate date they will be ready (Public Officers Law §89(3)(a)).`;
}
export const FIVE_BUSINESS_DAYS_DUTIES = fiveBusinessDaysDuties('Town');

export interface AnswerFacts {
  status: OperatorRequestStatus;
  dueOn: string;
  /** The first day the operator made the records available (offered inspection or provided copies). */
  answeredOn: string | null;
  /** The inspection day offered, or the day of the copies. */
  availableOn: string | null;
  withdrawnOn: string | null;
}

export type Timeliness = 'pending' | 'on_time' | 'late' | 'missed' | 'withdrawn';

/**
 * L(4): the records must be available within five business days. The operator answered in time when they
 * were made available by close of business on the due date: an inspection offered for a later day is late
 * even if the offer was made in time (the records were not available), copies count from the day provided.
 * `overdueBefore` is today, or tomorrow after close of business (deadlines.rules: deadlineWindow).
 */
export function timeliness(r: AnswerFacts, overdueBefore: string): Timeliness {
  if (r.answeredOn != null) {
    const available = r.availableOn ?? r.answeredOn;
    return available > r.dueOn ? 'late' : 'on_time';
  }
  // Stryker disable next-line ConditionalExpression: a null withdrawal is not on or before a date either
  if (r.withdrawnOn != null && r.withdrawnOn <= r.dueOn) return 'withdrawn';
  return r.dueOn < overdueBefore ? 'missed' : r.withdrawnOn != null ? 'withdrawn' : 'pending';
}

/** A request the operator must still answer: the five days run (or ran out) and nothing was made available. */
export function awaitsOperator(r: Pick<AnswerFacts, 'status'>): boolean {
  return r.status === 'received';
}

/** The public finding (same shape as the compliance engine's). */
export interface UnansweredFinding {
  rule: 'records-request-unanswered';
  key: string;
  severity: 'medium';
  status: 'open' | 'resolved';
  section: string;
  source: 'ordinance';
  title: string;
  text: string;
  from: string;
  dueOn: string;
  resolvedOn?: string;
}

export interface FindingFacts extends AnswerFacts {
  number: string;
  /** The local day the operator received the request. */
  receivedOn: string;
}

/**
 * A request not answered within five business days is a finding under L(4), dated from the day after the
 * due date; it is resolved on the day the records were made available (a late answer stays on the record,
 * resolved). No requester is named: the public reads only the dates.
 */
export function unansweredFinding(
  r: FindingFacts,
  overdueBefore: string,
  dayAfter: (day: string) => string,
): UnansweredFinding | null {
  const t = timeliness(r, overdueBefore);
  if (t !== 'missed' && t !== 'late') return null;
  const base = {
    rule: 'records-request-unanswered' as const,
    key: `records-request-unanswered:${r.number}`,
    severity: 'medium' as const,
    section: OPERATOR_SECTION_WORDS,
    source: 'ordinance' as const,
    from: dayAfter(r.dueOn),
    dueOn: r.dueOn,
  };
  const asked = `A request for records made to the operator on ${formatDay(r.receivedOn)}`;
  if (t === 'missed') {
    const ended = r.withdrawnOn != null ? ` It was withdrawn on ${formatDay(r.withdrawnOn)}.` : '';
    return {
      ...base,
      status: r.withdrawnOn != null ? 'resolved' : 'open',
      ...(r.withdrawnOn != null ? { resolvedOn: r.withdrawnOn } : {}),
      title: 'Records request not answered in five business days',
      text: `${asked} was not answered within five business days (due ${formatDay(r.dueOn)}).${ended}`,
    };
  }
  const available = r.availableOn ?? r.answeredOn!;
  return {
    ...base,
    status: 'resolved',
    resolvedOn: available,
    title: 'Records request answered late',
    text: `${asked} was not answered within five business days (due ${formatDay(r.dueOn)}); the records were made available on ${formatDay(available)}.`,
  };
}

// ---------------------------------------------------------------------------------------------
// The operator's bill

export interface ChargeLine {
  code: OperatorChargeCode;
  description: string;
  quantity: number;
  unitCents: number;
}

export const CHARGE_LABEL: Record<OperatorChargeCode, string> = {
  page: 'Paper copies up to 9 × 14 inches (per page)',
  large_format_sheet: 'Large plan sheets (per sheet)',
  cd: 'CD',
  usb: 'USB drive',
  postage: 'Postage',
  other: 'Other cost',
};

/** What the Town's schedule is applied to: the records as the requester asked for them, pages as the files show. */
export interface BillFacts {
  /** How the requester asked for the records (the delivery the Town's schedule is priced for). */
  delivery: DeliveryMethod;
  /** Pages up to 9 × 14 in. and larger sheets counted from the uploaded PDFs; null when nothing was uploaded. */
  counted: { pages: number; largeFormatSheets: number } | null;
  actualCostStatement?: string | null;
  /** Whom the requester pays, and how: both required on a bill that charges anything. */
  payee?: string | null;
  howToPay?: string | null;
}

const quantityOf = (lines: ChargeLine[], code: OperatorChargeCode) =>
  lines
    .filter((l) => l.code === code)
    .reduce((n, l) => n + (Number.isInteger(l.quantity) && l.quantity > 0 ? l.quantity : 0), 0);

/**
 * What the Town's own schedule would charge for the same records delivered the way the requester asked
 * (computeBill, the one definition of the Town's fees): electronic copies free but for the schedule's
 * electronic rate; paper at the per-page and per-sheet rates, for no more pages than the files hold; postage
 * at cost only when paper is mailed. Copies made at an inspection are paper copies collected there.
 */
export function townLimit(lines: ChargeLine[], rates: FeeRates, f: Pick<BillFacts, 'delivery' | 'counted'>): number {
  const delivery = f.delivery === 'inspect' ? 'paper_pickup' : f.delivery;
  const pages = f.counted ? Math.min(f.counted.pages, quantityOf(lines, 'page')) : quantityOf(lines, 'page');
  const sheets = f.counted
    ? Math.min(f.counted.largeFormatSheets, quantityOf(lines, 'large_format_sheet'))
    : quantityOf(lines, 'large_format_sheet');
  const postageCents = lines
    .filter((l) => l.code === 'postage')
    .reduce(
      (n, l) =>
        n + (Number.isInteger(l.quantity * l.unitCents) && l.quantity * l.unitCents > 0 ? l.quantity * l.unitCents : 0),
      0,
    );
  return computeBill(rates, {
    delivery,
    items: [{ label: 'copies', pages, largeFormatSheets: sheets }],
    postageCents, // counted only when paper is mailed: computeBill's rule
  }).totalCents;
}

/** Pages and large sheets the uploaded PDFs hold (null when no PDF was uploaded: nothing to count). */
export function countedFromFiles(
  files: Array<{ pdf?: { pageCount: number; largeFormatPages: number } | null }>,
): BillFacts['counted'] {
  const pdfs = files.flatMap((f) => (f.pdf ? [documentCopyCounts(f.pdf)] : []));
  if (!pdfs.length) return null;
  return {
    pages: pdfs.reduce((n, c) => n + c.pages, 0),
    largeFormatSheets: pdfs.reduce((n, c) => n + c.largeFormatSheets, 0),
  };
}

/** How the Town's yardstick was measured, in the requester's words. */
export function townLimitWords(
  f: Pick<BillFacts, 'delivery' | 'counted'> & { townLimitCents: number },
  kindWord = 'Town',
): string {
  const counted = f.counted
    ? ` (${[plural(f.counted.pages, 'page'), f.counted.largeFormatSheets ? plural(f.counted.largeFormatSheets, 'large sheet') : ''].filter(Boolean).join(' and ')} counted from the files)`
    : '';
  const how = (OPERATOR_DELIVERY_LABEL[f.delivery] ?? 'Copies').toLowerCase();
  const free =
    f.townLimitCents === 0 && f.delivery === 'electronic'
      ? `: electronic copies are free on the ${kindWord}’s schedule`
      : '';
  return `For the same records delivered as you asked (${how})${counted}, the ${kindWord}’s own fee schedule would allow ${formatMoney(f.townLimitCents)}${free}.`;
}

export interface CheckedBill {
  lines: Array<ChargeLine & { amountCents: number }>;
  totalCents: number;
  townLimitCents: number;
  /** Field → message (lines by index: "lines.2"). */
  problems: Record<string, string>;
}

/**
 * "Copying of documents will be done at the requester's expense" (L(4)): a reasonable, itemised charge.
 * Read with POL §87(1)(b)(iii) as the Town's own yardstick, like with like (decision 0069): the total may not
 * exceed what the Town's schedule allows for the same records delivered as the requester asked, pages counted
 * from the files when there are files, unless the operator states the actual cost (a sentence, kept with the
 * bill and shown to the requester). A bill that charges anything names whom to pay and how.
 */
export function checkBill(lines: ChargeLine[], rates: FeeRates, f: BillFacts, kindWord = 'Town'): CheckedBill {
  const problems: Record<string, string> = {};
  if (!lines.length)
    problems.lines = 'Add at least one line to the bill: what was copied, how many, and the price of each.';
  const out = lines.map((l, i) => {
    if (!Number.isInteger(l.quantity) || l.quantity < 1)
      problems[`lines.${i}`] = `Line ${i + 1}: enter how many, a whole number of 1 or more.`;
    else if (!Number.isInteger(l.unitCents) || l.unitCents < 0)
      problems[`lines.${i}`] = `Line ${i + 1}: enter the price of each in dollars, like 0.25.`;
    else if (!l.description.trim()) problems[`lines.${i}`] = `Line ${i + 1}: say what was copied.`;
    return { ...l, amountCents: l.quantity * l.unitCents };
  });
  // Pages billed beyond what the uploaded files hold are pages nobody copied.
  for (const [code, held, word] of [
    ['page', f.counted?.pages, 'page'],
    ['large_format_sheet', f.counted?.largeFormatSheets, 'large sheet'],
  ] as const) {
    const billed = quantityOf(lines, code);
    const first = lines.findIndex((l) => l.code === code);
    if (held != null && billed > held && first >= 0 && !problems[`lines.${first}`]) {
      problems[`lines.${first}`] =
        `Line ${first + 1}: the PDFs you uploaded hold ${plural(held, word)}; this bill charges for ${plural(billed, word)}. Bill the ${word}s the files hold.`;
    }
  }
  const totalCents = out.reduce((s, l) => s + l.amountCents, 0);
  const townLimitCents = townLimit(lines, rates, f);
  if (!problems.lines && totalCents > townLimitCents && !f.actualCostStatement?.trim()) {
    const how = (OPERATOR_DELIVERY_LABEL[f.delivery] ?? 'copies').toLowerCase();
    problems.actualCostStatement =
      `This bill (${formatMoney(totalCents)}) is more than the ${kindWord}'s fee schedule allows for the same records delivered as the requester asked (${how}): ${formatMoney(townLimitCents)}. ` +
      'Lower it, or state the actual cost of making the copies and how you worked it out.';
  }
  if (totalCents > 0) {
    if (!f.payee?.trim())
      problems.billPayee = `Say whom the requester pays: your company’s name (never the ${kindWord}).`;
    if (!f.howToPay?.trim())
      problems.billHowToPay =
        'Say how the requester pays: by check to an address, in cash at the site office, or a payment link.';
  }
  return { lines: out, totalCents, townLimitCents, problems };
}

// ---------------------------------------------------------------------------------------------
// Words for the requester and the operator

export interface ExplainFacts extends AnswerFacts {
  inspectionPlace: string | null;
  /** The local day and time of the inspection offered, already in words. */
  inspectionWhen: string | null;
  copiesOn: string | null;
  copiesHow: 'uploaded' | 'mailed' | 'handed_over' | 'emailed' | null;
  billTotalCents: number | null;
  actualCostStatement: string | null;
  billPayee?: string | null;
  billHowToPay?: string | null;
  /** The operator's business phone as the project's public page shows it, when it does. */
  operatorPhone?: string | null;
  paidOn: string | null;
  fulfilledOn: string | null;
}

const COPIES_WORDS = {
  uploaded: 'uploaded the copies to the request’s tracking page',
  mailed: 'mailed the copies',
  handed_over: 'handed over the copies',
  emailed: 'emailed the copies',
} as const;

/** Whom to ask how to pay when the bill does not say: the operator, at their public business phone if there is one. */
export function askTheOperator(phone: string | null | undefined): string {
  return phone?.trim() ? `ask the operator at ${asClause(phone)}` : 'ask the operator';
}

/** What the operator did and when, in plain dated sentences. */
export function explainOperatorAnswer(f: ExplainFacts, overdueBefore: string, kindWord = 'Town'): string[] {
  const lines: string[] = [];
  if (f.inspectionPlace && f.inspectionWhen)
    lines.push(
      `The operator offered the records for inspection at ${asClause(f.inspectionPlace)} on ${f.inspectionWhen}.`,
    );
  if (f.copiesOn && f.copiesHow) lines.push(`On ${formatDay(f.copiesOn)} the operator ${COPIES_WORDS[f.copiesHow]}.`);
  if (f.billTotalCents != null) {
    lines.push(
      `The operator billed ${formatMoney(f.billTotalCents)} for copying, at your expense as the ordinance provides.`,
    );
    if (f.actualCostStatement)
      lines.push(`The operator’s statement of the actual cost: ${endSentence(f.actualCostStatement)}`);
    if (!f.paidOn && f.billTotalCents > 0) {
      // A bill without a payee or a way to pay cannot be the answer to "how do I pay": say whom to ask.
      const ask = askTheOperator(f.operatorPhone);
      lines.push(
        f.billPayee?.trim()
          ? `Pay ${asClause(f.billPayee)} (the site’s operator, not the ${kindWord}). How to pay: ${f.billHowToPay?.trim() ? endSentence(f.billHowToPay) : `the bill does not say; ${ask}.`}`
          : `The bill does not say whom to pay or how: ${ask}. Pay the site’s operator, not the ${kindWord}.`,
      );
    }
    lines.push(
      f.paidOn
        ? `Paid on ${formatDay(f.paidOn)}.`
        : // Only copies put on the tracking page wait there for the payment; mailed or handed-over ones are already out.
          !f.copiesHow || f.copiesHow === 'uploaded'
          ? 'Not yet paid: the copies are released when the operator records your payment.'
          : 'Not yet paid.',
    );
  }
  const t = timeliness(f, overdueBefore);
  if (t === 'on_time')
    lines.push(`The records were made available within the five business days (due ${formatDay(f.dueOn)}).`);
  if (t === 'late') lines.push(`That was late: the records were due by ${formatDay(f.dueOn)}.`);
  if (t === 'missed') {
    lines.push(
      `The operator did not make the records available within five business days (due ${formatDay(f.dueOn)}). ` +
        `That is a finding under Subsection L(4) of the ${kindWord}’s stormwater law, shown on the project’s public page, and the Stormwater Management Officer has been told.`,
    );
  }
  if (f.status === 'fulfilled' && f.fulfilledOn)
    lines.push(`The request was completed on ${formatDay(f.fulfilledOn)}.`);
  if (f.status === 'withdrawn' && f.withdrawnOn)
    lines.push(`The request was withdrawn on ${formatDay(f.withdrawnOn)}.`);
  return lines;
}

/** Days left for the operator, for their queue: "due today", "3 business days left", "2 days late". */
export function dueWords(dueOn: string, today: string, businessDaysLeft: number, overdueBefore: string): string {
  if (dueOn < overdueBefore) return `Overdue since ${formatDay(dueOn)}`;
  if (dueOn === today) return 'Due today, by close of business';
  return `Due ${formatDay(dueOn)}: ${plural(businessDaysLeft, 'business day')} left`;
}

/** The ways an operator provides records (no CD/USB: the Town's media rates are for the Town's copies). */
export const OPERATOR_DELIVERY_PHRASE: Partial<Record<DeliveryMethod, string>> = {
  electronic: 'as electronic copies (email or upload)',
  paper_pickup: 'as paper copies to collect from the operator',
  paper_mail: 'as paper copies by mail',
  inspect: 'to inspect in person',
};

/** The same ways, as a value on its own ("How they want it"): never the Town Hall pickup of the Town's path. */
export const OPERATOR_DELIVERY_LABEL: Partial<Record<DeliveryMethod, string>> = {
  electronic: 'Electronic copies (email or upload)',
  paper_pickup: 'Paper copies, collected from the operator',
  paper_mail: 'Paper copies, sent by mail',
  inspect: 'Inspect the records in person',
};

/** What the requester asked for, in one line. */
export function askedFor(r: {
  wantsSwppp: boolean;
  reportsFrom: string | null;
  reportsTo: string | null;
  description: string | null;
  delivery: DeliveryMethod;
}): string {
  const parts: string[] = [];
  if (r.wantsSwppp) parts.push('the SWPPP');
  if (r.reportsFrom && r.reportsTo)
    parts.push(`inspection reports from ${formatDay(r.reportsFrom)} to ${formatDay(r.reportsTo)}`);
  if (r.description?.trim()) parts.push(asClause(r.description));
  return `${r.delivery === 'inspect' ? 'To inspect' : 'Copies of'} ${parts.join('; ')}`;
}

/** OR-2026-0007. */
export function formatOperatorNumber(year: string, n: number): string {
  return sequenceNumber('OR', year, n);
}
