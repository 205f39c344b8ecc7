/** Issue 20: the request to the applicant for a further escrow deposit (ordinance: retention of professionals; payment). */
import { renderParts, type RenderedMail } from '#lib/server/platform/mail/layout.ts';

export interface EscrowTopUpData {
  name: string;
  projectName: string;
  professional: string;
  estimate: string;
  balance: string;
  requested: string;
  townName: string;
}

export function escrowTopUp(d: EscrowTopUpData): RenderedMail {
  return renderParts({
    subject: `Further escrow deposit needed: ${d.projectName}`,
    paragraphs: [
      `Dear ${d.name},`,
      `${d.professional} estimates ${d.estimate} for the services the ${d.townName} retained for ${d.projectName}. Your escrow account holds ${d.balance}.`,
      `Under the Town’s stormwater ordinance the applicant submits certified check(s) in amounts equal to the professional’s estimate. Please submit a certified check for ${d.requested}, payable to the ${d.townName}, with the project’s name.`,
      'The Town pays the professional from the escrow only for services it has accepted; whatever remains when the review and inspections close is refunded to you.',
    ],
  });
}
