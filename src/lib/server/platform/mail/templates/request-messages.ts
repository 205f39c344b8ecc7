/** The records-request conversation by mail: the clerk's message or question to the requester, the requester's message to the clerks. */
import { mailTown as T, renderParts, type RenderedMail } from '#lib/server/platform/mail/layout.ts';

const FOOTER = () => [
  `You get this message because you made a records request to the ${T().fullName}. Keep the link private: anyone with it can see your request.`,
];

export interface MessageToRequesterData {
  number: string;
  name: string;
  trackUrl: string;
  body: string;
  /** The clerk asks for clarification: the request waits for the answer. */
  clarify: boolean;
  /** Which date holds while the Town waits (decision 0029). */
  datesText: string | null;
}

export function requestMessageToRequester(d: MessageToRequesterData): RenderedMail {
  return renderParts({
    subject: d.clarify
      ? `Records request ${d.number}: the ${T().clerk} has a question for you`
      : `Records request ${d.number}: a message from the ${T().clerk}`,
    paragraphs: [
      `Hello ${d.name},`,
      d.clarify
        ? `The ${T().clerk} needs your answer to go on with your records request ${d.number}:`
        : `The ${T().clerk} wrote about your records request ${d.number}:`,
      d.body,
      ...(d.datesText ? [d.datesText] : []),
      d.clarify
        ? 'Answer on your private tracking page (do not reply to this email):'
        : 'Reply on your private tracking page (do not reply to this email):',
    ],
    action: { label: d.clarify ? `Answer on request ${d.number}` : `Reply on request ${d.number}`, url: d.trackUrl },
    footer: FOOTER(),
  });
}

export interface MessageToClerkData {
  number: string;
  clerkName: string;
  requesterName: string;
  body: string;
  /** The requester answered the clerk's question: the request is back at the top of the queue. */
  answered: boolean;
  staffUrl: string;
}

export function requestMessageToClerk(d: MessageToClerkData): RenderedMail {
  return renderParts({
    subject: d.answered
      ? `Records request ${d.number}: the requester answered your question`
      : `Records request ${d.number}: a message from the requester`,
    paragraphs: [
      `Hello ${d.clerkName},`,
      d.answered
        ? `${d.requesterName} answered the question on records request ${d.number}. The request is back in the status it had and at the top of the queue:`
        : `${d.requesterName} wrote on records request ${d.number}:`,
      d.body,
    ],
    action: { label: `Open request ${d.number}`, url: d.staffUrl },
    footer: [`You get this message because you are a records clerk of the ${T().fullName}.`],
  });
}

export interface ClosedDuplicateData {
  number: string;
  name: string;
  trackUrl: string;
  otherNumber: string;
  note: string;
  /** The other request is the same requester's: they can follow it with its own link. */
  sameRequester: boolean;
}

/** The request was closed as a duplicate of another, with the clerk's note. */
export function requestClosedDuplicate(d: ClosedDuplicateData): RenderedMail {
  return renderParts({
    subject: `Records request ${d.number} closed as a duplicate of ${d.otherNumber}`,
    paragraphs: [
      `Hello ${d.name},`,
      `Your records request ${d.number} asks for the same records as request ${d.otherNumber}, so the ${T().kindWord} has closed it as a duplicate and answers them on ${d.otherNumber}.`,
      `The ${T().clerk}'s note: ${d.note}`,
      d.sameRequester
        ? `Follow ${d.otherNumber} with the link the ${T().kindWord} sent you for it.`
        : `If you still want these records, make a new request or write to the ${T().clerk}.`,
    ],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: FOOTER(),
  });
}

export const REQUEST_MESSAGE_TEMPLATES = {
  'request-closed-duplicate': requestClosedDuplicate,
  'request-message-to-requester': requestMessageToRequester,
  'request-message-to-clerk': requestMessageToClerk,
} as const;
