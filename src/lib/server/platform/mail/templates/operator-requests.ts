/** Mail about requests made to a site's operator under ordinance L(4): receipt, the operator's copy, updates, a missed deadline. */
import { mailTown as T, renderParts, type RenderedMail } from '#lib/server/platform/mail/layout.ts';

interface Base {
  number: string;
  projectName: string;
}

const REQUESTER_FOOTER = () => [
  `You get this message because you made a records request to a site operator through the ${T().fullName}’s stormwater portal. Keep the link private: anyone with it can see your request.`,
];

export interface OperatorReceiptData extends Base {
  name: string;
  trackUrl: string;
  receivedText: string;
  dueText: string;
  explanation: string[];
  asked: string;
  /** How the requester asked for the records: only electronic copies may be uploaded to the tracking page. */
  delivery?: string;
}

export function operatorRequestReceipt(d: OperatorReceiptData): RenderedMail {
  return renderParts({
    subject: `Request ${d.number} to the operator of ${d.projectName}: due ${d.dueText}`,
    paragraphs: [
      `Hello ${d.name},`,
      `Your request ${d.number} went to the operator of ${d.projectName} on ${d.receivedText}. ${d.asked}.`,
      `Under Subsection L(4) of the ${T().kindWord}’s stormwater law the operator must make the SWPPP and inspection reports available for inspection and copying by close of business on ${d.dueText}. Copying is at your expense.`,
      `How that date was counted: ${d.explanation.join(' ')}`,
      // Paper copies and an inspection in person never come through the page: it promises downloads only for electronic copies.
      d.delivery && d.delivery !== 'electronic'
        ? 'Follow the request and see any bill on your private tracking page:'
        : 'Follow the request, see any bill and download any copies the operator uploads, on your private tracking page:',
    ],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: REQUESTER_FOOTER(),
  });
}

export interface OperatorNewData extends Base {
  name: string;
  workspaceUrl: string;
  receivedText: string;
  dueText: string;
  asked: string;
  deliveryText: string;
}

export function operatorRequestNew(d: OperatorNewData): RenderedMail {
  return renderParts({
    subject: `Records request ${d.number} for ${d.projectName}: answer by ${d.dueText}`,
    paragraphs: [
      `Hello ${d.name},`,
      `A written request for records about ${d.projectName} reached you on ${d.receivedText}. ${d.asked}. The requester would like them ${d.deliveryText}.`,
      `Subsection L(4) of the ${T().fullName}’s erosion and sediment control law requires you to make the SWPPP and inspection reports available for inspection, review and copying within five business days: by close of business on ${d.dueText}. Copying is at the requester’s expense.`,
      'Offer a time to inspect them, or provide copies and your bill, from your workspace. A request not answered in time is a finding on the project’s public page.',
    ],
    action: { label: `Answer request ${d.number}`, url: d.workspaceUrl },
    footer: [
      `You get this message because your account files for this project on the ${T().fullName}’s stormwater portal, or your address is on file as its operator.`,
    ],
  });
}

export interface OperatorUpdateData extends Base {
  name: string;
  trackUrl: string;
  lines: string[];
}

export function operatorRequestUpdate(d: OperatorUpdateData): RenderedMail {
  return renderParts({
    subject: `Request ${d.number}: the operator of ${d.projectName} answered`,
    paragraphs: [`Hello ${d.name},`, ...d.lines],
    action: { label: `Track request ${d.number}`, url: d.trackUrl },
    footer: REQUESTER_FOOTER(),
  });
}

export interface OperatorMissedData extends Base {
  name: string;
  dueText: string;
  receivedText: string;
  url: string;
  forOfficer: boolean;
}

export function operatorRequestMissed(d: OperatorMissedData): RenderedMail {
  return renderParts({
    subject: `Request ${d.number}: the operator of ${d.projectName} did not answer in five business days`,
    paragraphs: [
      `Hello ${d.name},`,
      `A request for records made to the operator of ${d.projectName} on ${d.receivedText} was not answered by close of business on ${d.dueText}, the fifth business day (Subsection L(4)).`,
      d.forOfficer
        ? 'It is now a finding on the project’s public page and on your desk; you may open an enforcement action from it.'
        : `It is now a finding on the project’s public page, and the ${T().kindWord}’s Stormwater Management Officer has been told. You may also ask the ${T().kindWord} for the copies it holds.`,
    ],
    action: { label: d.forOfficer ? 'Open the request' : `Track request ${d.number}`, url: d.url },
    footer: d.forOfficer
      ? [`You get this message as the ${T().kindWord}’s Stormwater Management Officer.`]
      : REQUESTER_FOOTER(),
  });
}

export const OPERATOR_REQUEST_TEMPLATES = {
  'operator-request-receipt': operatorRequestReceipt,
  'operator-request-new': operatorRequestNew,
  'operator-request-update': operatorRequestUpdate,
  'operator-request-missed': operatorRequestMissed,
} as const;
