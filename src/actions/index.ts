/**
 * Every action, grouped by concept. Each is a public URL under /_actions/<group>.<name>: every handler
 * checks the role and ownership it needs itself (src/actions/guard.ts).
 */
import { accounts } from './accounts.ts';
import { alerts } from './alerts.ts';
import { mail } from './mail.ts';
import { registry } from './registry.ts';
import { swppp } from './swppp.ts';
import { notices } from './notices.ts';
import { enforcement } from './enforcement.ts';
import { guarantees } from './guarantees.ts';
import { calendarFeed } from './calendar.ts';
import { compliance } from './compliance.ts';
import { reviews } from './reviews.ts';
import { storms } from './storms.ts';
import { requests } from './requests.ts';
import { operatorAnswers } from './operator-answers.ts';
import { operatorRequests } from './operator-requests.ts';
import { requestMessages } from './request-messages.ts';
import { requestLinks } from './request-links.ts';
import { requestDelivery } from './request-delivery.ts';
import { practices } from './practices.ts';
import { escrow } from './escrow.ts';
import { projectImport } from './project-import.ts';
import { localRules } from './local-rules.ts';
import { ordinanceText } from './ordinance-text.ts';
import { reportSteps } from './report-steps.ts';
import { reminders } from './reminders.ts';
import { applications } from './applications.ts';

export const server = {
  applications,
  reminders,
  accounts,
  alerts,
  mail,
  registry,
  swppp,
  notices,
  enforcement,
  guarantees,
  calendarFeed,
  compliance,
  reviews,
  storms,
  requests,
  operatorRequests,
  operatorAnswers,
  requestMessages,
  projectImport,
  localRules,
  ordinanceText,
  requestLinks,
  requestDelivery,
  // Permanent practices and the review escrow (decisions 0035, 0037)
  practices,
  escrow,
  // What anyone may do on a resident's report's page
  reportSteps,
};
