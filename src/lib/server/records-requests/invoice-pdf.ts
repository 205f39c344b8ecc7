/** The printable invoice as a PDF (the same facts as the invoice page), drawn with PdfWriter. */
import { formatDay, formatInstant, formatMoney } from '#lib/shared/format.ts';
import { linkWithQr } from '#lib/server/platform/pdf/qr.ts';
import { PdfWriter } from '#lib/server/platform/pdf/writer.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { PAYMENT_METHOD_LABEL, type InvoiceView } from './billing.ts';
import type { FeeSchedule } from './fee-schedules.ts';
import { howToPay } from './request.rules.ts';
import { officeLine, type TownWords } from '#lib/shared/town-profile.ts';

export interface InvoiceDocument {
  invoice: InvoiceView;
  request: {
    number: string;
    requesterName: string;
    requesterAddress?: string | null;
    receivedAt: Date;
    description: string | null;
  };
  projectName: string | null;
  rates: FeeSchedule | undefined;
  /** The town profile's words (platform/town-profile.ts town()): name, the clerk's office. */
  town: TownWords;
  /** The requester's tracking page, where they see and approve the bill: printed and as a QR code (letters.ts). */
  trackUrl?: string;
}

function quantity(q: number): string {
  return Number.isInteger(q) ? String(q) : q.toFixed(2);
}

export async function invoicePdf(d: InvoiceDocument): Promise<Uint8Array> {
  const inv = d.invoice;
  const issued = inv.issuedAt ? townToday(inv.issuedAt) : townToday(inv.createdAt);
  const w = await PdfWriter.create({
    title: `Invoice ${inv.number}`,
    subject: `Copies for records request ${d.request.number}`,
    author: `${d.town.fullName}, ${d.town.clerk}`,
    date: issued,
    header: `${d.town.fullNameWithState} · ${officeLine(d.town.profile.clerkOffice)} · Invoice ${inv.number}`,
  });
  w.letterPage();
  w.heading(
    `Invoice ${inv.number}${inv.status === 'draft' ? ' (estimate awaiting approval)' : inv.status === 'void' ? ' (cancelled)' : ''}`,
    1,
  );
  w.fields([
    ['Records request', d.request.number],
    [
      'Billed to',
      [d.request.requesterName, ...(d.request.requesterAddress ?? '').split(/\r?\n/).map((l) => l.trim())]
        .filter(Boolean)
        .join(', '),
    ],
    ['Request received', formatInstant(d.request.receivedAt)],
    ['Project', d.projectName ?? 'Not about one project'],
    ['Invoice date', formatDay(issued)],
  ]);
  w.heading('Charges', 2);
  w.table(
    [
      { title: 'Description', width: 282 },
      { title: 'Quantity', width: 60 },
      { title: 'Rate', width: 70 },
      { title: 'Amount', width: 80 },
    ],
    [
      ...inv.lines.map((l) => [
        l.description,
        quantity(l.quantity),
        formatMoney(l.unitCents),
        formatMoney(l.amountCents),
      ]),
      ...(inv.discountCents
        ? [[`Discount or waiver: ${inv.discountReason ?? ''}`, '', '', `-${formatMoney(inv.discountCents)}`]]
        : []),
      ['Total', '', '', formatMoney(inv.totalCents)],
    ],
  );
  if (inv.payments.length) {
    w.heading('Payments', 2);
    w.table(
      [
        { title: 'Received', width: 150 },
        { title: 'Method', width: 192 },
        { title: 'Amount', width: 150 },
      ],
      inv.payments.map((p) => [
        formatInstant(p.receivedAt),
        `${PAYMENT_METHOD_LABEL[p.method]}${p.reference ? `, ${p.reference}` : ''}`,
        formatMoney(p.amountCents),
      ]),
    );
  }
  w.fields([
    ['Paid', formatMoney(inv.paidCents)],
    ['Balance due', formatMoney(inv.balanceCents)],
  ]);
  w.space(6);
  if (inv.balanceCents > 0) w.para(howToPay(d.town));
  if (d.rates) {
    w.para(
      `Rates (fee schedule in effect from ${formatDay(d.rates.effectiveFrom)}): ${formatMoney(d.rates.perPageCents)} a page up to 9x14 in.; ${formatMoney(d.rates.largeFormatSheetCents)} a larger plan sheet; electronic copies ${d.rates.electronicCents ? formatMoney(d.rates.electronicCents) : 'free'}; CD ${formatMoney(d.rates.cdCents)}; USB drive ${formatMoney(d.rates.usbCents)}; postage at cost.`,
      { size: 8.5 },
    );
  }
  w.para(
    'Public Officers Law §87: no fee is charged for searching for, reviewing or redacting records. Staff time is charged only when preparing electronic copies takes two hours or more.',
    { size: 8.5 },
  );
  if (d.trackUrl) {
    linkWithQr(
      w,
      `See the bill and follow request ${d.request.number} on your private tracking page: scan the code, or type this address:`,
      d.trackUrl,
      'Keep the link private: anyone with it can see your request.',
    );
  }
  const { bytes } = await w.save();
  return bytes;
}
