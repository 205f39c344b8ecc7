/** Records-request mail: receipt, acknowledgment/extension, cost approval, records ready, payment, denial, notes, the clerks' digest. */
import { endSentence } from '#lib/shared/format.ts';
import { mailTown as T, renderParts, type MailParts, type RenderedMail } from '#lib/server/platform/mail/layout.ts';
import type { DeliveryMethod } from '#db/schema.ts';
import { costApprovalChoices } from '#lib/shared/fees.ts';

interface Base {
  number: string;
  name: string;
  trackUrl: string;
}

const FOOTER = () => [
  `You get this message because you made a records request to the ${T().fullName}. Keep the link private: anyone with it can see your request.`,
];

export interface ReceiptData extends Base {
  receivedText: string;
  dueText: string;
  explanation: string[];
  items: string[];
  deliveryText: string;
  estimateText?: string;
  waitingForApproval?: boolean;
}

/** The words of the message, also printed as a letter for a requester without email (letters.ts). */
export function requestReceiptParts(d: ReceiptData): MailParts {
  return {
    subject: `Records request ${d.number} received: due ${d.dueText}`,
    paragraphs: [
      `Hello ${d.name},`,
      `The ${T().fullName} received your records request ${d.number} on ${d.receivedText}. You asked for:`,
      d.items.map((i) => `- ${i}`).join('\n'),
      `Delivery: ${d.deliveryText}.`,
      `The ${T().kindWord} must respond by close of business on ${d.dueText}: by making the records available, by acknowledging the request with an approximate date, or by denying it in writing with the reason.`,
      `How that date was counted: ${d.explanation.join(' ')}`,
      ...(d.estimateText ? [d.estimateText] : []),
      ...(d.waitingForApproval
        ? [
            'Because the estimate is more than the limit you gave, nothing will be copied or charged until you approve the cost on your tracking page.',
          ]
        : []),
      'Follow the request, see the bill and download the records from your private tracking page:',
    ],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: FOOTER(),
  };
}

export function requestReceipt(d: ReceiptData): RenderedMail {
  return renderParts(requestReceiptParts(d));
}

export interface AcknowledgedData extends Base {
  acknowledgedText: string;
  promisedText: string;
  reason?: string | null;
  extended: boolean;
  /** Acknowledged after the due date: said so, and the appeal right stands (POL §89(4)(a)). */
  lateDueText?: string | null;
  appealRights?: string;
}

/** The words of the message, also printed as a letter for a requester without email (letters.ts). */
export function requestAcknowledgedParts(d: AcknowledgedData): MailParts {
  return {
    subject: d.extended
      ? `Records request ${d.number}: new expected date ${d.promisedText}`
      : `Records request ${d.number} acknowledged`,
    paragraphs: [
      `Hello ${d.name},`,
      d.extended
        ? `The ${T().kindWord} needs more time for your records request ${d.number}. We now expect to have the records ready by ${d.promisedText}.`
        : `This acknowledges your records request ${d.number} (Public Officers Law §89(3)), as of ${d.acknowledgedText}. We expect to have the records ready by ${d.promisedText}.`,
      ...(d.reason ? [`Reason: ${d.reason}`] : []),
      ...(d.lateDueText
        ? [
            `This acknowledgment is late: the ${T().kindWord} had to answer by ${d.lateDueText}. Not answering in time counts as a denial, and ${d.appealRights ?? 'you may appeal it in writing within 30 days.'}`,
          ]
        : [
            'If you think this delay amounts to a denial, you may appeal it in writing within 30 days to the Records Access Appeals Officer named on your tracking page.',
          ]),
    ],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: FOOTER(),
  };
}

export function requestAcknowledged(d: AcknowledgedData): RenderedMail {
  return renderParts(requestAcknowledgedParts(d));
}

export interface CostApprovalData extends Base {
  totalText: string;
  /** The requester's limit, when the total is above it. */
  limitText?: string | null;
  /** Staff time in the bill (POL §87(1)(c)): the estimate the requester must approve first. */
  staffTimeText?: string | null;
  /** How the requester asked for the records: the free electronic copies are offered only when they are cheaper. */
  delivery?: DeliveryMethod;
}

export function requestCostApproval(d: CostApprovalData): RenderedMail {
  // Staff time, or a limit the requester gave: never "your limit" when none was given (fees.ts costApprovalReason).
  const staff = d.staffTimeText || !d.limitText;
  return renderParts({
    subject: staff
      ? `Records request ${d.number}: staff time needs your approval first`
      : `Records request ${d.number}: the cost is more than your ${d.limitText} limit`,
    paragraphs: [
      `Hello ${d.name},`,
      staff
        ? `The cost of your records request ${d.number} is estimated at ${d.totalText}${d.staffTimeText ? `, including ${d.staffTimeText}` : ', including staff time preparing electronic copies'}. The law allows staff time to be charged only when preparing electronic copies takes two hours or more, and the ${T().kindWord} charges it only after you approve the estimate.`
        : `The cost of the copies for your records request ${d.number} is ${d.totalText}, more than the ${d.limitText} you asked to be told about first.`,
      // Electronic copies are suggested only when they would cost less: not when the charge is for them.
      `Nothing will be copied or charged until you decide. On your tracking page you can approve the cost. ${costApprovalChoices(d.delivery ?? 'electronic', staff ? 1 : 0)}`,
    ],
    action: { label: 'Review the cost', url: d.trackUrl },
    footer: FOOTER(),
  });
}

export interface InvoiceSummary {
  number: string;
  lines: Array<{ description: string; amount: string }>;
  discount?: { amount: string; reason: string } | null;
  total: string;
  paid: string;
  balance: string;
  howToPay: string;
  url: string;
}

export interface ReadyData extends Base {
  readyText: string;
  invoice?: InvoiceSummary | null;
  /** Items withheld (denied or granted in part), each with its ground, and the appeal rights. */
  withheld?: string[];
  appealRights?: string;
}

export function requestReady(d: ReadyData): RenderedMail {
  const inv = d.invoice;
  return renderParts({
    subject: inv
      ? `Records request ${d.number}: ready, invoice ${inv.number} for ${inv.balance}`
      : `Records request ${d.number}: your records are ready`,
    paragraphs: [
      `Hello ${d.name},`,
      inv
        ? 'The records for your request are ready. Electronic copies are released on your tracking page as soon as the invoice is paid.'
        : d.readyText,
      ...(inv
        ? [
            `Invoice ${inv.number}:\n${inv.lines.map((l) => `- ${l.description}: ${l.amount}`).join('\n')}${inv.discount ? `\n- Discount (${inv.discount.reason}): -${inv.discount.amount}` : ''}\nTotal: ${inv.total}\nPaid: ${inv.paid}\nBalance due: ${inv.balance}`,
            inv.howToPay,
            `Printable invoice: ${inv.url}`,
          ]
        : []),
      ...(d.withheld?.length
        ? [
            `Withheld in writing under Public Officers Law §87(2):\n${d.withheld.map((w) => `- ${w}`).join('\n')}`,
            `Your right to appeal: ${d.appealRights ?? ''}`,
          ]
        : []),
    ],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: FOOTER(),
  });
}

export interface PaymentData extends Base {
  amountText: string;
  methodText: string;
  invoiceNumber: string;
  balanceText: string;
  released: boolean;
  /** What "released" means for paper copies (ready for pickup at Town Hall, or to be mailed; decision 0030). */
  releasedText?: string;
}

export function requestPaymentReceived(d: PaymentData): RenderedMail {
  return renderParts({
    subject: `Records request ${d.number}: payment of ${d.amountText} received`,
    paragraphs: [
      `Hello ${d.name},`,
      `We received your payment of ${d.amountText} (${d.methodText}) for invoice ${d.invoiceNumber}. Balance due: ${d.balanceText}.`,
      d.released
        ? (d.releasedText ?? 'The records are released: download them from your tracking page.')
        : 'The records are released once the balance is paid.',
    ],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: FOOTER(),
  });
}

export interface DeniedData extends Base {
  deniedText: string;
  reason: string;
  appealRights: string;
}

/** The words of the message, also printed as a letter for a requester without email (letters.ts). */
export function requestDeniedParts(d: DeniedData): MailParts {
  return {
    subject: `Records request ${d.number}: denied, with your right to appeal`,
    paragraphs: [
      `Hello ${d.name},`,
      `On ${d.deniedText} the ${T().fullName} denied your records request ${d.number}, in whole or in part.`,
      `Reason: ${d.reason}`,
      `Your right to appeal: ${d.appealRights}`,
    ],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: FOOTER(),
  };
}

export function requestDenied(d: DeniedData): RenderedMail {
  return renderParts(requestDeniedParts(d));
}

export interface NoteData extends Base {
  body: string;
  from: string;
}

export function requestNote(d: NoteData): RenderedMail {
  return renderParts({
    subject: `Records request ${d.number}: a message from the ${T().clerk}`,
    paragraphs: [`Hello ${d.name},`, `${d.from} wrote about your records request ${d.number}:`, d.body],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: FOOTER(),
  });
}

export interface WithdrawnData extends Base {
  byRequester: boolean;
  /** The clerk's note, when the clerk recorded the withdrawal (the requester is told why). */
  note?: string | null;
}

export function requestWithdrawn(d: WithdrawnData): RenderedMail {
  return renderParts({
    subject: `Records request ${d.number} withdrawn`,
    paragraphs: [
      `Hello ${d.name},`,
      d.byRequester
        ? `You withdrew your records request ${d.number}. Nothing more will be done on it.`
        : `Your records request ${d.number} has been withdrawn, as you asked.`,
      ...(d.note ? [`The ${T().clerk}'s note: ${d.note}`] : []),
      'You can make a new request at any time.',
    ],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: FOOTER(),
  });
}

export interface DueDateMovedData extends Base {
  fromText: string;
  toText: string;
  /** "The Town closed on December 3, 2026 (Snow day)", "A public holiday was added to …" */
  why: string;
}

/** The requester was told a due date; when the calendar moves it, they are told the new one and why. */
export function requestDueDateMoved(d: DueDateMovedData): RenderedMail {
  return renderParts({
    subject: `Records request ${d.number}: now due ${d.toText}`,
    paragraphs: [
      `Hello ${d.name},`,
      `${d.why}, so the date by which the ${T().kindWord} must respond to your records request ${d.number} moved from ${d.fromText} to ${d.toText}.`,
    ],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: FOOTER(),
  });
}

export type TrackingLinkData = Base;

export function requestTrackingLink(d: TrackingLinkData): RenderedMail {
  return renderParts({
    subject: `Records request ${d.number}: your new tracking link`,
    paragraphs: [
      `Hello ${d.name},`,
      `Here is a new private link to follow your records request ${d.number}. Any earlier link no longer works.`,
    ],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: FOOTER(),
  });
}

export interface DigestRow {
  number: string;
  project: string;
  deadline: string;
  status: string;
  url: string;
}

export interface DigestData {
  name: string;
  dateText: string;
  /** The hour it is written, town time (0-23): the greeting follows it. Absent in mail queued before it was kept. */
  townHour?: number;
  overdue: DigestRow[];
  dueToday: DigestRow[];
  dueSoon: DigestRow[];
  queueUrl: string;
}

/**
 * The greeting for the hour, town time. The digest is meant for the morning, but it goes out whenever the
 * server first finds the business day (after a restart late in the day), so it never says "Good morning"
 * at 11:39 PM.
 */
export function greetingAt(hour: number | undefined): string {
  if (hour === undefined || !Number.isInteger(hour) || hour < 5 || hour > 23) return 'Hello';
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

export function requestsDigest(d: DigestData): RenderedMail {
  const section = (title: string, rows: DigestRow[]) =>
    rows.length
      ? `${title} (${rows.length}):\n${rows.map((r) => `- ${r.number}, ${r.project}: ${r.status}, by ${r.deadline}\n  ${r.url}`).join('\n')}`
      : `${title}: none.`;
  return renderParts({
    subject: `Records requests for ${d.dateText}: ${d.overdue.length} overdue, ${d.dueToday.length} due today, ${d.dueSoon.length} due soon`,
    paragraphs: [
      `${greetingAt(d.townHour)} ${d.name},`,
      section('Overdue', d.overdue),
      section('Due today (by close of business)', d.dueToday),
      section('Due in the next two business days', d.dueSoon),
    ],
    action: { label: 'Open the records queue', url: d.queueUrl },
    footer: [
      `Sent once each business day, from 7 in the morning, to the ${T().profile.kind} clerks while any request needs action.`,
    ],
  });
}

export interface ItemsWithheldData extends Base {
  decidedText: string;
  lines: string[];
  appealRights: string;
}

/** The words of the message, also printed as a letter for a requester without email (letters.ts). */
export function requestItemsWithheldParts(d: ItemsWithheldData): MailParts {
  return {
    subject: `Records request ${d.number}: records withheld, with your right to appeal`,
    paragraphs: [
      `Hello ${d.name},`,
      `On ${d.decidedText} the ${T().fullName} decided, in writing, to withhold part of what you asked for in records request ${d.number}:`,
      d.lines.map((l) => `- ${l}`).join('\n'),
      `Your right to appeal: ${d.appealRights}`,
    ],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: FOOTER(),
  };
}

export function requestItemsWithheld(d: ItemsWithheldData): RenderedMail {
  return renderParts(requestItemsWithheldParts(d));
}

export interface MissedDeadlineData extends Base {
  dueText: string;
  appealRights: string;
  /** The limit missed was the date the Town gave with its acknowledgment (decision 0063), not the five days. */
  promised?: boolean;
}

export function requestMissedDeadline(d: MissedDeadlineData): RenderedMail {
  return renderParts({
    subject: `Records request ${d.number}: not answered in time, which you may appeal`,
    paragraphs: [
      `Hello ${d.name},`,
      d.promised
        ? `The ${T().kindWord} acknowledged your records request ${d.number} and gave ${d.dueText} as the date it would be answered; that date passed without the records being granted or denied. Under Public Officers Law §89(3)(a) and §89(4)(a) that counts as a denial.`
        : `The ${T().kindWord} had to answer your records request ${d.number} by close of business on ${d.dueText}, and did not. Under Public Officers Law §89(4)(a) that counts as a denial.`,
      `Your right to appeal: ${d.appealRights}`,
      `The ${T().kindWord} still owes you an answer; your tracking page shows what happens next.`,
    ],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: FOOTER(),
  });
}

export interface AppealReceivedData extends Base {
  dueText: string;
  officer: string;
}

export function requestAppealReceived(d: AppealReceivedData): RenderedMail {
  return renderParts({
    subject: `Records request ${d.number}: your appeal was received`,
    paragraphs: [
      `Hello ${d.name},`,
      `Your appeal on records request ${d.number} went to ${d.officer}, who must answer in writing by ${d.dueText} (10 business days, Public Officers Law §89(4)(a)).`,
    ],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: FOOTER(),
  });
}

export interface AppealToOfficerData {
  number: string;
  name: string;
  dueText: string;
  kindText: string;
  body: string;
  url: string;
  /** The officer the Town named has no staff account: how the written answer reaches the portal. */
  withoutAccount?: boolean;
}

export function requestAppealToOfficer(d: AppealToOfficerData): RenderedMail {
  return renderParts({
    subject: `Records appeal on ${d.number}: answer by ${d.dueText}`,
    paragraphs: [
      `Hello ${d.name},`,
      `${d.kindText} arrived on records request ${d.number}. As the Records Access Appeals Officer you must answer it in writing by ${d.dueText} (10 business days, Public Officers Law §89(4)(a)).`,
      `The requester wrote: ${d.body}`,
      ...(d.withoutAccount
        ? [
            `Send your written determination to the ${T().clerk}, who records it on the portal; the requester and the Committee on Open Government receive it from there.`,
          ]
        : []),
    ],
    ...(d.withoutAccount ? {} : { action: { label: 'Open the appeal', url: d.url } }),
    footer: [`You get this message because you are the ${T().fullName}\u2019s Records Access Appeals Officer.`],
  });
}

export interface AppealDecidedData extends Base {
  outcomeText: string;
  decidedText: string;
  decisionText: string;
  /** Granted (in whole or part): the day the records reopened by the grant are owed (decision 0065). */
  accessDueText?: string | null;
}

export function requestAppealDecided(d: AppealDecidedData): RenderedMail {
  return renderParts({
    subject: `Records request ${d.number}: ${d.outcomeText.toLowerCase()}`,
    paragraphs: [
      `Hello ${d.name},`,
      `On ${d.decidedText} the Records Access Appeals Officer answered your appeal on records request ${d.number}: ${d.outcomeText.toLowerCase()}.`,
      d.decisionText,
      ...(d.accessDueText
        ? [
            `The records the appeal was granted for are reopened: the ${T().kindWord} must provide them by ${d.accessDueText}. Your tracking page shows the date.`,
          ]
        : []),
      'If you disagree, you may ask a court to review the decision (CPLR Article 78).',
    ],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: FOOTER(),
  });
}

export interface ItemNoRecordData extends Base {
  decidedText: string;
  /** The certification in the statute's words (item-decisions.rules.ts noRecordCertification). */
  certification: string;
}

/** POL §89(3)(a): the certification that the Town has no such record, which is not a denial. */
/** The words of the message, also printed as a letter for a requester without email (letters.ts). */
export function requestItemNoRecordParts(d: ItemNoRecordData): MailParts {
  return {
    subject: `Records request ${d.number}: a record the ${T().kindWord} does not have`,
    paragraphs: [`Hello ${d.name},`, `On ${d.decidedText}, for records request ${d.number}:`, d.certification],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: FOOTER(),
  };
}

export function requestItemNoRecord(d: ItemNoRecordData): RenderedMail {
  return renderParts(requestItemNoRecordParts(d));
}

export interface AppealToOpenGovernmentData {
  number: string;
  /** The requester's name as they gave it (an appeal is the requester's own letter). */
  requester: string;
  kindText: string;
  receivedText: string;
  body: string;
  officer: string;
  dueText: string;
}

/** POL §89(4)(a): the agency forwards a copy of the appeal to the Committee on Open Government when it is received. */
export function requestAppealToOpenGovernment(d: AppealToOpenGovernmentData): RenderedMail {
  return renderParts({
    subject: `${T().fullName}: records access appeal on request ${d.number} (copy under POL §89(4)(a))`,
    paragraphs: [
      'To the Committee on Open Government,',
      `As Public Officers Law §89(4)(a) requires, the ${T().fullName} forwards a copy of a records access appeal received on ${d.receivedText}: ${d.kindText.toLowerCase()} on records request ${d.number}, from ${endSentence(d.requester)} It went to ${d.officer}, who must answer by ${d.dueText}.`,
      `The appeal: ${d.body}`,
      'The determination will follow when it is made.',
    ],
    footer: [`Sent by the ${T().fullName} records portal on behalf of the Records Access Appeals Officer.`],
  });
}

export interface AppealDeterminationToOpenGovernmentData {
  number: string;
  requester: string;
  outcomeText: string;
  decidedText: string;
  decisionText: string;
  receivedText: string;
}

/** POL §89(4)(a): the ensuing determination is forwarded to the Committee too. */
export function requestAppealDeterminationToOpenGovernment(d: AppealDeterminationToOpenGovernmentData): RenderedMail {
  return renderParts({
    subject: `${T().fullName}: determination of the records access appeal on request ${d.number} (copy under POL §89(4)(a))`,
    paragraphs: [
      'To the Committee on Open Government,',
      `As Public Officers Law §89(4)(a) requires, the ${T().fullName} forwards the determination of the records access appeal on request ${d.number} from ${d.requester}, received on ${d.receivedText}. On ${d.decidedText} the Records Access Appeals Officer decided: ${d.outcomeText.toLowerCase()}.`,
      d.decisionText,
    ],
    footer: [`Sent by the ${T().fullName} records portal on behalf of the Records Access Appeals Officer.`],
  });
}

/** Registered in templates/index.ts. */
export const REQUEST_TEMPLATES = {
  'request-receipt': requestReceipt,
  'request-acknowledged': requestAcknowledged,
  'request-cost-approval': requestCostApproval,
  'request-ready': requestReady,
  'request-payment-received': requestPaymentReceived,
  'request-denied': requestDenied,
  'request-items-withheld': requestItemsWithheld,
  'request-missed-deadline': requestMissedDeadline,
  'request-appeal-received': requestAppealReceived,
  'request-appeal-to-officer': requestAppealToOfficer,
  'request-appeal-decided': requestAppealDecided,
  'request-item-no-record': requestItemNoRecord,
  'request-appeal-to-open-government': requestAppealToOpenGovernment,
  'request-appeal-determination-to-open-government': requestAppealDeterminationToOpenGovernment,
  'request-note': requestNote,
  'request-withdrawn': requestWithdrawn,
  'request-tracking-link': requestTrackingLink,
  'request-due-date-moved': requestDueDateMoved,
  'requests-digest': requestsDigest,
} as const;
