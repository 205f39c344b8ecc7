/**
 * One template per message kind. Add a kind here and `enqueueMail` accepts it, with its data type checked.
 */
import { withMailTown, type RenderedMail } from '#lib/server/platform/mail/layout.ts';
import type { TownWords } from '#lib/shared/town-profile.ts';
import * as accounts from './accounts.ts';
import * as officer from './officer.ts';
import * as alerts from './alerts.ts';
import * as compliance from './compliance.ts';
import * as requests from './requests.ts';
import * as operatorRequests from './operator-requests.ts';
import { lostLinks } from './lost-links.ts';
import { REQUEST_MESSAGE_TEMPLATES } from './request-messages.ts';
import { DELIVERY_TEMPLATES } from './delivery.ts';
import { escrowTopUp } from './escrow.ts';
import { SITE_REPORT_TEMPLATES } from './site-reports.ts';
import { remindersDigest } from './reminders.ts';
import { APPLICATION_TEMPLATES } from './applications.ts';

export const TEMPLATES = {
  invitation: accounts.invitation,
  'password-reset': accounts.passwordReset,
  'password-changed': accounts.passwordChanged,
  'sign-in-link': accounts.signInLink,
  'inspection-notice': officer.inspectionNotice,
  'enforcement-issued': officer.enforcementIssued,
  'enforcement-resolved': officer.enforcementResolved,
  'alert-confirm': alerts.alertConfirm,
  alert: alerts.alertEvent,
  'alert-digest': alerts.alertDigest,
  'filing-reviewed': compliance.filingReviewed,
  'storm-inspection-due': compliance.stormInspectionDue,
  // Reminders before a deadline (decision 0106)
  'reminders-digest': remindersDigest,
  ...requests.REQUEST_TEMPLATES,
  ...operatorRequests.OPERATOR_REQUEST_TEMPLATES,
  'request-lost-links': lostLinks,
  ...REQUEST_MESSAGE_TEMPLATES,
  ...DELIVERY_TEMPLATES,
  // The review escrow (decision 0037)
  'escrow-top-up': escrowTopUp,
  ...SITE_REPORT_TEMPLATES,
  // Applying online (decision 0113)
  ...APPLICATION_TEMPLATES,
} satisfies Record<string, (data: never) => RenderedMail>;

export type MailKind = keyof typeof TEMPLATES;
export type MailData<K extends MailKind> = Parameters<(typeof TEMPLATES)[K]>[0];

/** Render one message; with `town`, in that town's words (the outbox always passes the stored profile). */
export function renderMail<K extends MailKind>(kind: K, data: MailData<K>, town?: TownWords): RenderedMail {
  const render = () => (TEMPLATES[kind] as (d: MailData<K>) => RenderedMail)(data);
  return town ? withMailTown(town, render) : render();
}
