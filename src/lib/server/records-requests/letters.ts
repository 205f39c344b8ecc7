/**
 * Printed letters to the requester, for a request that came by post or over the counter from someone with no
 * email address: the receipt and acknowledgment (POL §89(3)(a)), the written decision with the grounds and the
 * appeal right (§89(4)(a)), and the bill. The words are the mail templates' own (their `…Parts`), so a letter
 * says exactly what the email would have; the letter adds the municipality's letterhead, the date, the
 * requester's postal address and the tracking link written out and as a QR code.
 */
import type { Db } from '#lib/server/platform/db/async-session.ts';
import type { MailParts } from '#lib/server/platform/mail/layout.ts';
import { withMailTown } from '#lib/server/platform/mail/layout.ts';
import {
  requestAcknowledgedParts,
  requestDeniedParts,
  requestItemNoRecordParts,
  requestItemsWithheldParts,
  requestReceiptParts,
} from '#lib/server/platform/mail/templates/requests.ts';
import { linkWithQr } from '#lib/server/platform/pdf/qr.ts';
import { PdfWriter } from '#lib/server/platform/pdf/writer.ts';
import { explainDueDate } from '#lib/server/platform/time/deadlines.rules.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { asClause, formatDay, formatInstant } from '#lib/shared/format.ts';
import { deliveryLabel, itemDecisionLabel } from '#lib/shared/labels.ts';
import { officeLine, officialLine, type TownWords } from '#lib/shared/town-profile.ts';
import { appealRightsFor } from './appeals.ts';
import { invoiceRates } from './billing.ts';
import { withheldLines } from './grounds.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { isNoRecord, noRecordCertification } from './item-decisions.rules.ts';
import { trackingLink } from './links.ts';
import { acknowledgedLate } from './request.rules.ts';
import type { RequestView } from './view.ts';

export const LETTER_KINDS = ['acknowledgment', 'decision', 'bill'] as const;
export type LetterKind = (typeof LETTER_KINDS)[number];

export function isLetterKind(s: string | undefined): s is LetterKind {
  return (LETTER_KINDS as readonly string[]).includes(s ?? '');
}

/** Which letters have something to say: a decision once one is written, a bill once there is an invoice. */
export function lettersAvailable(
  view: Pick<RequestView, 'request' | 'items' | 'invoice'>,
): Record<LetterKind, boolean> {
  return {
    acknowledgment: true,
    decision: view.request.status === 'denied' || view.items.some((i) => i.item.decision != null),
    bill: view.invoice != null,
  };
}

/**
 * The requester's working tracking link. Tokens are derived from the request number and link version (links.ts),
 * so this is the link the clerk gave out at entry and every email carries; only a request whose stored
 * fingerprint is not the derived one (seeded data, a changed secret) gets a new version, as mail does.
 */
export function printedTrackingLink(db: Db, view: Pick<RequestView, 'request'>, baseUrl: string): Promise<string> {
  return db.transaction((tx) => trackingLink(tx, { ...view.request }, baseUrl));
}

export interface PrintedLetter {
  bytes: Uint8Array;
  filename: string;
}

/** The letter of this kind for a request, or undefined when it has nothing to say yet. */
export async function requestLetterPdf(
  db: Db,
  view: RequestView,
  kind: LetterKind,
  baseUrl: string,
  now: Date,
): Promise<PrintedLetter | undefined> {
  if (!lettersAvailable(view)[kind]) return undefined;
  const r = view.request;
  const t = await townAsync(db);
  const trackUrl = await printedTrackingLink(db, view, baseUrl);
  const today = townToday(now);
  if (kind === 'bill') {
    const inv = view.invoice!;
    const bytes = await invoicePdf({
      invoice: inv,
      request: r,
      projectName: view.project?.name ?? null,
      town: t,
      rates: await invoiceRates(db, inv),
      trackUrl,
    });
    return { bytes, filename: `${inv.number}.pdf` };
  }
  const base = { number: r.number, name: r.requesterName, trackUrl };
  // Read before the letter is worded, which is synchronous (the municipality's words are set around it).
  const rights = await appealRightsFor(db, r, now);
  const withheld = view.items.filter((i) => i.item.decision === 'denied' || i.item.decision === 'granted_in_part');
  const withheldText = await withheldLines(db, withheld);
  const parts: MailParts[] = withMailTown(t, () => {
    if (kind === 'acknowledgment') {
      const receipt = requestReceiptParts({
        ...base,
        receivedText: formatInstant(r.receivedAt),
        dueText: formatDay(r.dueOn),
        explanation: explainDueDate(view.due),
        items: view.items.map((i) => i.label),
        deliveryText: deliveryLabel(t.hall)[r.delivery],
        waitingForApproval: r.status === 'awaiting_cost_approval',
      });
      if (!r.acknowledgedOn || !r.promisedOn) return [receipt];
      const late = acknowledgedLate(r);
      return [
        receipt,
        requestAcknowledgedParts({
          ...base,
          acknowledgedText: formatDay(r.acknowledgedOn),
          promisedText: formatDay(r.promisedOn),
          reason: r.extensionReason,
          extended: false,
          lateDueText: late ? formatDay(r.dueOn) : null,
          appealRights: late ? rights : undefined,
        }),
      ];
    }
    const out: MailParts[] = [];
    if (r.status === 'denied') {
      out.push(
        requestDeniedParts({
          ...base,
          deniedText: formatDay(r.deniedOn),
          reason: r.denialReason ?? '',
          appealRights: rights,
        }),
      );
    }
    if (withheld.length && r.status !== 'denied') {
      const lastDecided =
        withheld
          .map((i) => i.item.decidedOn ?? '')
          .sort()
          .at(-1) || today;
      out.push(
        requestItemsWithheldParts({
          ...base,
          decidedText: formatDay(lastDecided),
          lines: withheldText,
          appealRights: rights,
        }),
      );
    }
    for (const i of view.items) {
      if (!isNoRecord(i.item.decision)) continue;
      out.push(
        requestItemNoRecordParts({
          ...base,
          decidedText: formatDay(i.item.decidedOn ?? today),
          certification: noRecordCertification(i.label, i.item.decision, t.fullName, i.item.decisionReason ?? null),
        }),
      );
    }
    return out;
  });
  // Granted items have no message of their own (the records follow); the letter lists them with the page's label.
  const granted = view.items
    .filter((i) => i.item.decision === 'granted')
    .map(
      (i) =>
        `${asClause(i.label)}: ${itemDecisionLabel(t.kindWord).granted.toLowerCase()}${i.item.decidedOn ? ` on ${formatDay(i.item.decidedOn)}` : ''}.`,
    );
  const bytes = await letterPdf({
    town: t,
    today,
    number: r.number,
    name: r.requesterName,
    address: r.requesterAddress,
    title: kind === 'acknowledgment' ? parts[parts.length - 1].subject : `Records request ${r.number}: decision`,
    parts,
    granted,
    trackUrl,
  });
  return { bytes, filename: `${r.number}-${kind}.pdf` };
}

interface LetterDocument {
  town: TownWords;
  today: string;
  number: string;
  name: string;
  address: string | null;
  title: string;
  parts: MailParts[];
  granted: string[];
  trackUrl: string;
}

/** A paragraph of a template: a list ("- a\n- b") is drawn as bullets, the greeting as a letter's salutation. */
function drawParagraph(w: PdfWriter, p: string, name: string): void {
  if (p === `Hello ${name},`) return;
  const lines = p.split('\n');
  if (lines.length > 1 && lines.every((l) => l.startsWith('- '))) {
    w.bullets(
      lines.map((l) => l.slice(2)),
      10,
    );
    return;
  }
  for (const line of lines) w.para(line, { size: 10, gap: 6 });
}

async function letterPdf(d: LetterDocument): Promise<Uint8Array> {
  const t = d.town;
  const w = await PdfWriter.create({
    title: d.title,
    subject: `Records request ${d.number}, by post to ${d.name}`,
    author: `${t.fullName}, ${t.clerk}`,
    date: d.today,
    header: `${t.fullNameWithState} · Records request ${d.number}`,
  });
  w.letterPage();
  const rao = officialLine(t.profile.recordsAccessOfficer);
  w.letterhead(t.fullName, [officeLine(t.profile.clerkOffice), ...(rao ? [`Records access officer: ${rao}`] : [])]);
  w.para(formatDay(d.today), { size: 10, gap: 12 });
  // The requester's postal address, as recorded (a window envelope shows it).
  w.para(d.name, { size: 10, gap: 1 });
  for (const line of (d.address ?? '').split(/\r?\n/).filter((l) => l.trim()))
    w.para(line.trim(), { size: 10, gap: 1 });
  w.space(14);
  w.para(d.title, { bold: true, size: 11, gap: 10 });
  w.para(`Dear ${d.name},`, { size: 10, gap: 8 });
  for (const part of d.parts) {
    // A message's last paragraph leads into its link ("…your private tracking page:"); the letter prints the link once, at the end.
    const leadIn = part.action && part.paragraphs.at(-1)?.endsWith(':') ? part.paragraphs.at(-1) : undefined;
    for (const p of part.paragraphs) if (p !== leadIn) drawParagraph(w, p, d.name);
  }
  if (d.granted.length) {
    w.para(`For records request ${d.number}:`, { size: 10, gap: 4 });
    w.bullets(d.granted, 10);
  }
  linkWithQr(
    w,
    `Track request ${d.number} on your private tracking page: scan the code, or type this address:`,
    d.trackUrl,
    'Keep the link private: anyone with it can see your request.',
  );
  w.para(t.signature, { size: 10, gap: 1 });
  return (await w.save()).bytes;
}
