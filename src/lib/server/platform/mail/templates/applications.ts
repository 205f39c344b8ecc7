/** Mail to an applicant who applies online: the account's confirmation, and the clerk's check of the application (0113). */
import { mailTown as T, renderParts, type RenderedMail } from '#lib/server/platform/mail/layout.ts';

export interface ApplicantConfirmData {
  name: string;
  url: string;
  expiresText: string;
}

/** The address is confirmed by choosing the password from this link: no account files until it is. */
export function applicantConfirm(d: ApplicantConfirmData): RenderedMail {
  return renderParts({
    subject: `Confirm your email to apply on the ${T().portalName}`,
    paragraphs: [
      `Hello ${d.name},`,
      `You asked for an account to apply for a site development permit from the ${T().fullName}.`,
      `Confirm this email address by choosing a password. The link works once and expires ${d.expiresText}. Then file the application, its NOI facts and the SWPPP.`,
    ],
    action: { label: 'Confirm and choose a password', url: d.url },
    footer: ['If you did not ask for an account, ignore this message: nothing is created until the link is used.'],
  });
}

/** Someone asked for an applicant's account with an address that has one: say so to the address, never to the page. */
export function applicantAccountExists(d: { name: string; signInUrl: string; resetUrl: string }): RenderedMail {
  return renderParts({
    subject: `You already have an account on the ${T().portalName}`,
    paragraphs: [
      `Hello ${d.name},`,
      'Someone asked for an account to apply for a permit with this email address, which already has one.',
      `Sign in and choose “Apply for a permit” on your page. If you forgot your password, choose a new one: ${d.resetUrl}`,
    ],
    action: { label: 'Sign in', url: d.signInUrl },
    footer: ['If this was not you, you can ignore this message: nothing has changed.'],
  });
}

export interface ApplicationReceivedData {
  name: string;
  projectName: string;
  receivedOn: string;
  completenessDueOn: string;
  url: string;
}

export function applicationReceived(d: ApplicationReceivedData): RenderedMail {
  return renderParts({
    subject: `Application received: ${d.projectName}`,
    paragraphs: [
      `Hello ${d.name},`,
      `The ${T().fullName} received your application and SWPPP for ${d.projectName} on ${d.receivedOn}.`,
      `The clerk checks that the application has its parts, and the Stormwater Management Officer determines whether the SWPPP is complete by ${d.completenessDueOn}.`,
    ],
    action: { label: 'Follow your application', url: d.url },
  });
}

export interface ApplicationIntakeData {
  name: string;
  projectName: string;
  complete: boolean;
  note: string | null;
  url: string;
}

export function applicationIntake(d: ApplicationIntakeData): RenderedMail {
  return renderParts({
    subject: d.complete
      ? `Application accepted for review: ${d.projectName}`
      : `Your application needs more: ${d.projectName}`,
    paragraphs: d.complete
      ? [
          `Hello ${d.name},`,
          `The clerk found your application for ${d.projectName} complete. Its project page is now public, and the Stormwater Management Officer reviews the SWPPP.`,
        ]
      : [
          `Hello ${d.name},`,
          `The clerk found that your application for ${d.projectName} lacks:`,
          d.note ?? '',
          'Add what is missing on your application’s page. The review of your SWPPP goes on meanwhile.',
        ],
    action: { label: 'Open your application', url: d.url },
  });
}

export const APPLICATION_TEMPLATES = {
  'applicant-confirm': applicantConfirm,
  'applicant-account-exists': applicantAccountExists,
  'application-received': applicationReceived,
  'application-intake': applicationIntake,
};
