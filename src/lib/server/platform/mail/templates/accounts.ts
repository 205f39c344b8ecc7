/** Account mail: invitations, password resets, password changed, one-time sign-in links. */
import { mailTown as T, renderParts, type RenderedMail } from '#lib/server/platform/mail/layout.ts';

export interface InvitationData {
  name: string;
  invitedBy: string;
  roles: string[];
  url: string;
  expiresText: string;
}

export function invitation(d: InvitationData): RenderedMail {
  return renderParts({
    subject: `You are invited to the ${T().portalName}`,
    paragraphs: [
      `Hello ${d.name},`,
      `${d.invitedBy} has invited you to the ${T().portalName} as ${d.roles.join(', ')}.`,
      `Choose a password to activate your account. The link works once and expires ${d.expiresText}.`,
    ],
    action: { label: 'Set your password', url: d.url },
    footer: ['If you were not expecting this invitation, you can ignore this message.'],
  });
}

export interface PasswordResetData {
  name: string;
  url: string;
  expiresText: string;
}

export function passwordReset(d: PasswordResetData): RenderedMail {
  return renderParts({
    subject: `Reset your ${T().portalName} password`,
    paragraphs: [
      `Hello ${d.name},`,
      `Someone asked to reset the password for this account. The link works once and expires ${d.expiresText}.`,
    ],
    action: { label: 'Choose a new password', url: d.url },
    footer: ['If you did not ask for this, ignore this message: your password has not changed.'],
  });
}

export function passwordChanged(d: { name: string; signInUrl: string }): RenderedMail {
  return renderParts({
    subject: `Your ${T().portalName} password was changed`,
    paragraphs: [
      `Hello ${d.name},`,
      'The password for your account was just set. You have been signed out on every other device.',
      'If this was not you, contact the Department of Public Works right away.',
    ],
    action: { label: 'Sign in', url: d.signInUrl },
  });
}

export interface SignInLinkData {
  name: string;
  url: string;
  expiresText: string;
}

export function signInLink(d: SignInLinkData): RenderedMail {
  return renderParts({
    subject: `Your one-time sign-in link for the ${T().portalName}`,
    paragraphs: [
      `Hello ${d.name},`,
      `Someone asked for a link to sign in to this account without its password. The link works once and expires ${d.expiresText}.`,
      'Opening it shows a page with a Sign in button; nothing happens until you press it.',
    ],
    action: { label: 'Sign in', url: d.url },
    footer: ['If you did not ask for this, ignore this message: nobody can use the link without this mailbox.'],
  });
}
