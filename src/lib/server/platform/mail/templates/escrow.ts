/** The request to the applicant for a further escrow deposit (ordinance: retention of professionals; payment; 0037). */
import { endSentence } from '#lib/shared/format.ts';
import { mailTown, renderParts, type RenderedMail } from '#lib/server/platform/mail/layout.ts';

export interface EscrowTopUpData {
  name: string;
  projectName: string;
  professional: string;
  estimate: string;
  balance: string;
  requested: string;
}

export function escrowTopUp(d: EscrowTopUpData): RenderedMail {
  const t = mailTown();
  const townName = t.fullName;
  return renderParts({
    subject: `Further escrow deposit needed: ${d.projectName}`,
    paragraphs: [
      `Dear ${d.name},`,
      `${endSentence(`${d.professional} estimates ${d.estimate} for the services the ${townName} retained for ${d.projectName}`)} Your escrow account holds ${d.balance}.`,
      `Under the ${t.kindWord}’s erosion and sediment control law the applicant submits certified check(s) in amounts equal to the professional’s estimate. Please submit a certified check for ${d.requested}, payable to the ${townName}, with the project’s name.`,
      `The ${t.kindWord} pays the professional from the escrow only for services it has accepted; whatever remains when the review and inspections close is refunded to you.`,
    ],
  });
}
