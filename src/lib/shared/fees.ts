/**
 * Copy fees for records requests (Public Officers Law §87(1)(b)(iii) and §87(1)(c)), as one pure
 * calculation used three ways: the live estimate in the request form's browser script, the estimate the
 * server shows after a preview or submit, and the invoice the clerk issues. Same inputs, same cents.
 *
 * The rules, as applied here:
 * - Paper copies up to 9x14 in. at the schedule's per-page rate (the law caps it at 25 cents).
 * - Larger sheets (plan sheets) at the schedule's per-sheet rate (actual cost of reproduction).
 * - Electronic copies by email or download are free (the schedule's electronic rate, $0 by default, per
 *   request); on a CD or USB drive, the cost of the medium.
 * - Postage at cost, only when paper copies are mailed (the clerk enters it; an estimate says so).
 * - Staff time only for preparing electronic copies, only when it takes two hours or more, at the
 *   schedule's hourly rate (the lowest-paid employee able to do it). Never for search, review or redaction.
 * - Inspecting records in person is free.
 * - A discount or waiver comes off the subtotal; the total is never negative.
 *
 * No imports with side effects: this file is bundled for the browser.
 */
import type { DeliveryMethod } from '#db/schema.ts';
import { formatMoney, plural } from './format.ts';
import { deliveryLabel as hallDeliveryLabel } from './labels.ts';

/** The part of a fee schedule the calculation needs (a `fee_schedules` row has these). */
export interface FeeRates {
  perPageCents: number;
  largeFormatSheetCents: number;
  electronicCents: number;
  cdCents: number;
  usbCents: number;
  staffHourlyCents: number | null;
}

/** One record to copy: letter/legal pages and large-format sheets. */
export interface CopyItem {
  label: string;
  pages: number;
  largeFormatSheets: number;
  documentId?: number | null;
}

export interface BillInput {
  delivery: DeliveryMethod;
  items: CopyItem[];
  /** Postage actually paid, for paper copies by mail; undefined in an estimate. */
  postageCents?: number;
  /** Time spent preparing electronic copies, in minutes. */
  staffMinutes?: number;
  discountCents?: number;
}

export type FeeCode = 'page' | 'large_format_sheet' | 'electronic' | 'cd' | 'usb' | 'postage' | 'staff_time';

export interface FeeLine {
  code: FeeCode;
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
  documentId: number | null;
}

export interface Bill {
  lines: FeeLine[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  pages: number;
  largeFormatSheets: number;
  /** Plain-words notes on what is and is not included. */
  notes: string[];
}

/** Two hours: below this, preparing copies costs nothing. */
export const STAFF_TIME_MINIMUM_MINUTES = 120;

const isPaper = (d: DeliveryMethod) => d === 'paper_pickup' || d === 'paper_mail';
const isElectronic = (d: DeliveryMethod) => d === 'electronic' || d === 'cd' || d === 'usb';

function count(n: number): number {
  // Stryker disable next-line EqualityOperator: `>= 0` is the same, Math.floor(0) is 0
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** The bill for copying `items` and delivering them as asked. */
export function computeBill(rates: FeeRates, input: BillInput): Bill {
  const lines: FeeLine[] = [];
  const notes: string[] = [];
  const items = input.items.map((i) => ({
    ...i,
    pages: count(i.pages),
    largeFormatSheets: count(i.largeFormatSheets),
  }));
  const pages = items.reduce((n, i) => n + i.pages, 0);
  const sheets = items.reduce((n, i) => n + i.largeFormatSheets, 0);
  const line = (
    code: FeeCode,
    description: string,
    quantity: number,
    unitCents: number,
    documentId: number | null = null,
  ) =>
    lines.push({ code, description, quantity, unitCents, amountCents: Math.round(quantity * unitCents), documentId });

  if (isPaper(input.delivery)) {
    for (const item of items) {
      if (item.pages)
        line(
          'page',
          `Copies: ${item.label} (${plural(item.pages, 'page')})`,
          item.pages,
          rates.perPageCents,
          item.documentId ?? null,
        );
      if (item.largeFormatSheets) {
        line(
          'large_format_sheet',
          `Plan sheets larger than 9x14 in.: ${item.label} (${plural(item.largeFormatSheets, 'sheet')})`,
          item.largeFormatSheets,
          rates.largeFormatSheetCents,
          item.documentId ?? null,
        );
      }
    }
    if (input.delivery === 'paper_mail') {
      if (input.postageCents == null) notes.push('Postage is added at cost when the copies are mailed.');
      else if (input.postageCents > 0) line('postage', 'Postage at cost', 1, Math.round(input.postageCents));
    }
  } else if (isElectronic(input.delivery)) {
    const what =
      pages || sheets
        ? ` (${[pages && plural(pages, 'page'), sheets && plural(sheets, 'plan sheet')].filter(Boolean).join(' and ')})`
        : '';
    line('electronic', `Electronic copies${what}`, 1, rates.electronicCents);
    if (input.delivery === 'cd') line('cd', 'CD', 1, rates.cdCents);
    if (input.delivery === 'usb') line('usb', 'USB drive', 1, rates.usbCents);
    const minutes = count(input.staffMinutes ?? 0);
    if (minutes >= STAFF_TIME_MINIMUM_MINUTES && rates.staffHourlyCents) {
      const hours = Math.round((minutes / 60) * 100) / 100;
      line('staff_time', `Staff time preparing electronic copies (${hours} hours)`, hours, rates.staffHourlyCents);
    } else if (minutes >= STAFF_TIME_MINIMUM_MINUTES) {
      // Two hours or more could be charged (POL §87(1)(c)), but this schedule sets no hourly rate.
      notes.push('Staff time is not charged: the fee schedule sets no hourly rate.');
    } else if (minutes > 0) {
      notes.push('Staff time under two hours is not charged.');
    }
  } else {
    notes.push('Inspecting records in person is free.');
  }

  const subtotalCents = lines.reduce((n, l) => n + l.amountCents, 0);
  const discountCents = Math.min(subtotalCents, Math.max(0, Math.round(input.discountCents ?? 0)));
  return {
    lines,
    subtotalCents,
    discountCents,
    totalCents: subtotalCents - discountCents,
    pages,
    largeFormatSheets: sheets,
    notes,
  };
}

/** "Tell me first if it will cost more than…": a bill above the limit (or above what was approved) needs approval. */
export function needsCostApproval(
  totalCents: number,
  limitCents: number | null | undefined,
  approvedCents?: number | null,
): boolean {
  if (limitCents == null) return false;
  return totalCents > Math.max(limitCents, approvedCents ?? 0);
}

/** The staff-time part of a bill, in cents (POL §87(1)(c)). */
export function staffTimeCents(bill: Pick<Bill, 'lines'>): number {
  return bill.lines.filter((l) => l.code === 'staff_time').reduce((n, l) => n + l.amountCents, 0);
}

/**
 * Whether the invoice must wait for the requester's approval before it is issued: above their limit (or
 * above what they approved), or, whatever the limit, whenever it charges staff time they have not approved
 * (POL §87(1)(c): the requester is told the estimate and consents first).
 */
export function needsApprovalBeforeInvoice(
  bill: Pick<Bill, 'lines' | 'totalCents'>,
  limitCents: number | null | undefined,
  approvedCents?: number | null,
): boolean {
  // Approved amounts and limits are never negative, so the lines below also answer no for a total of 0 or less.
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the lines below answer no for it all the same
  if (bill.totalCents <= 0) return false;
  if (staffTimeCents(bill) > 0 && bill.totalCents > (approvedCents ?? 0)) return true;
  return needsCostApproval(bill.totalCents, limitCents, approvedCents);
}

/** A document's page counts for a fee: pages up to 9x14 in., and the large-format sheets. */
export function documentCopyCounts(doc: { pageCount: number; largeFormatPages: number }): {
  pages: number;
  largeFormatSheets: number;
} {
  const sheets = count(doc.largeFormatPages);
  return { pages: Math.max(0, count(doc.pageCount) - sheets), largeFormatSheets: sheets };
}

// ---------------------------------------------------------------------------------------------
// Words about a cost that waits for the requester: each must be true of this request.

/** Why a cost waits for the requester's approval (the two ways needsApprovalBeforeInvoice can say yes). */
export type CostApprovalReason = 'staff_time' | 'above_limit';

/**
 * Staff time the requester has not approved comes first (it waits whatever the limit); else a total above the
 * limit they gave. With no limit given the wait can only be for staff time, so "more than your limit" is never
 * said to someone who gave none.
 */
export function costApprovalReason(f: {
  staffTimeCents?: number | null;
  limitCents: number | null | undefined;
}): CostApprovalReason {
  return (f.staffTimeCents ?? 0) > 0 || f.limitCents == null ? 'staff_time' : 'above_limit';
}

/** "the cost, $23.50, is more than the $10.00 you asked to be told about first", or the staff-time reason. */
export function costApprovalClause(f: {
  totalCents?: number | null;
  limitCents: number | null | undefined;
  staffTimeCents?: number | null;
  /** The municipality that charges: "Village" (its profile's word, decision 0078). */
  kindWord: string;
}): string {
  const amount = f.totalCents != null ? `, ${formatMoney(f.totalCents)},` : '';
  return costApprovalReason(f) === 'above_limit'
    ? `the cost${amount} is more than the ${formatMoney(f.limitCents)} you asked to be told about first`
    : `the estimate${amount} includes staff time preparing electronic copies, which the law lets the ${f.kindWord} charge only with your approval`;
}

/**
 * Electronic copies by email or download are free (POL §87(1)(c)) unless preparing them takes staff time: the
 * cheaper way is offered only to a requester who asked for paper or a disc and is charged no staff time.
 */
export function offersFreeElectronicCopies(delivery: DeliveryMethod, staffTimeCents = 0): boolean {
  return staffTimeCents <= 0 && delivery !== 'electronic' && delivery !== 'inspect';
}

/** What the requester may do instead of approving, in one sentence that is true of their request. */
export function costApprovalChoices(delivery: DeliveryMethod, staffTimeCents = 0): string {
  return `You can also reply to narrow the request${offersFreeElectronicCopies(delivery, staffTimeCents) ? ', or ask for electronic copies by email or download, which are free' : ''}.`;
}

/**
 * The delivery in words: "(free)" is dropped when this request is charged for preparing the copies; paper
 * is picked up at the municipality's hall (`hall` from the profile: "Village Hall").
 */
export function deliveryLabel(delivery: DeliveryMethod, staffTimeCents = 0, hall = 'Town Hall'): string {
  const label = hallDeliveryLabel(hall)[delivery];
  return staffTimeCents > 0 ? `${label.replace(' (free)', '')} (staff time preparing the copies is charged)` : label;
}
