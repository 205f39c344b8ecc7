/**
 * Every staff and operator route, and every action, asked as anonymous, as each role, and as an operator
 * of another project. The route and action lists are read from the source tree, so a new route or
 * action without a rule here fails this test until someone decides who may use it.
 */
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Role } from '#db/schema.ts';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { createOperatorRequest } from '#lib/server/operator-requests/submit.ts';
import { formBody, get, postAction, signIn, type Fields } from '../support/http.ts';
import { listActions, listRoutes as routesIn } from '../support/source-routes.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const listRoutes = () => routesIn(['staff', 'operator']);

const base = inject('baseURL');
const db = openDatabase(path.join(inject('dataDir'), 'portal.db'));
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;

type Who = 'anonymous' | Role | 'otherOperator';
const WHO: Who[] = ['anonymous', 'admin', 'clerk', 'officer', 'operator', 'otherOperator'];
const ACCOUNTS: Record<Exclude<Who, 'anonymous'>, string> = {
  admin: 'admin@rotterdam.example',
  clerk: 'clerk@rotterdam.example',
  officer: 'officer@rotterdam.example',
  operator: 'operator@rotterdam.example',
  otherOperator: 'operator2@rotterdam.example',
};

interface Ids {
  userId: number;
  mailId: number;
  ownProjectSlug: string;
  ownProjectId: number;
  projectSlug: string;
  projectId: number;
  actionId: number;
  documentId: number;
  /** An inspection, a monthly summary and a document of the operator's own project. */
  ownInspectionId: number;
  ownSummaryId: number;
  ownDocumentId: number;
  /** A document of the kind the officer reviews (as-built plans). */
  reviewDocumentId: number;
  /** Records requests: any request, one with an invoice, and an item with a file. */
  requestId: number;
  invoicedRequestId: number;
  fileItem: { requestId: number; itemId: number };
  /** A request made to the operator of their own project (L(4)), and a copy uploaded to one. */
  ownOperatorRequestId: number;
  ownOperatorFile: { requestId: number; fileId: number };
  /** A permanent practice operator@ maintains (not operator2@), any practice, and an owner's report. */
  ownPracticeId: number;
  practiceId: number;
  practiceReport: { practiceId: number; reportId: number };
  /** A resident's report and a photo on one. */
  reportId: number;
  reportPhotoId: number;
  /** A practice with its agreement or easement on file (the demo town's, or a document's file filed as one). */
  agreementPracticeId: number;
  /** Decided SWPPP reviews (their decision letters): one of any project, one of the operator's own project. */
  decidedReview: { slug: string; id: number };
  ownDecidedReviewId: number;
  /** A permit application the operator filed online (the demo town's). */
  ownApplicationId: number;
}

/** Who may open each page. 'member' = an operator who is a member of the project in the URL. */
const ROUTES: Record<string, { allow: Role[] | 'member'; url: (ids: Ids) => string }> = {
  'staff/index': { allow: ['admin', 'clerk', 'officer'], url: () => '/staff' },
  'staff/users/index': { allow: ['admin'], url: () => '/staff/users' },
  // The town profile.
  'staff/settings': { allow: ['admin'], url: () => '/staff/settings' },
  'staff/users/[id]': { allow: ['admin'], url: (i) => `/staff/users/${i.userId}` },
  'staff/mail/index': { allow: ['admin'], url: () => '/staff/mail' },
  'staff/mail/[id]': { allow: ['admin'], url: (i) => `/staff/mail/${i.mailId}` },
  'staff/audit': { allow: ['admin'], url: () => '/staff/audit' },
  'operator/index': { allow: ['operator'], url: () => '/operator' },
  // Applying online: any operator's account may apply; an application is its applicant's (and its project's operators').
  'operator/applications/new': { allow: ['operator'], url: () => '/operator/applications/new' },
  'operator/applications/[id]': { allow: 'member', url: (i) => `/operator/applications/${i.ownApplicationId}` },
  'staff/applications/index': { allow: ['officer', 'clerk'], url: () => '/staff/applications' },
  'staff/applications/[id]': { allow: ['officer', 'clerk'], url: (i) => `/staff/applications/${i.ownApplicationId}` },
  'operator/projects/[slug]': { allow: 'member', url: (i) => `/operator/projects/${i.ownProjectSlug}` },
  // The officer's desk.
  'staff/officer': { allow: ['officer'], url: () => '/staff/officer' },
  'staff/calendar': { allow: ['officer'], url: () => '/staff/calendar' },
  'staff/projects/index': { allow: ['officer', 'clerk'], url: () => '/staff/projects' },
  'staff/projects/new': { allow: ['officer', 'clerk'], url: () => '/staff/projects/new' },
  'staff/projects/import': { allow: ['officer', 'clerk', 'admin'], url: () => '/staff/projects/import' },
  'staff/compliance/rules': { allow: ['officer', 'admin'], url: () => '/staff/compliance/rules' },
  'staff/settings/ordinance': { allow: ['admin'], url: () => '/staff/settings/ordinance' },
  'staff/projects/[slug]/index': { allow: ['officer', 'clerk'], url: (i) => `/staff/projects/${i.projectSlug}` },
  'staff/projects/[slug]/edit': { allow: ['officer', 'clerk'], url: (i) => `/staff/projects/${i.projectSlug}/edit` },
  'staff/projects/[slug]/parties': {
    allow: ['officer', 'clerk'],
    url: (i) => `/staff/projects/${i.projectSlug}/parties`,
  },
  'staff/projects/[slug]/documents': {
    allow: ['officer', 'clerk'],
    url: (i) => `/staff/projects/${i.projectSlug}/documents`,
  },
  'staff/projects/[slug]/guarantees': {
    allow: ['officer', 'clerk'],
    url: (i) => `/staff/projects/${i.projectSlug}/guarantees`,
  },
  'staff/projects/[slug]/posting.pdf': {
    allow: ['officer', 'clerk'],
    url: (i) => `/staff/projects/${i.projectSlug}/posting.pdf`,
  },
  'staff/projects/[slug]/swppp': { allow: ['officer'], url: (i) => `/staff/projects/${i.projectSlug}/swppp` },
  // The written decision on a SWPPP: staff print it; the project's own operators read theirs.
  'staff/projects/[slug]/letters/[reviewId].pdf': {
    allow: ['officer', 'clerk', 'admin'],
    url: (i) => `/staff/projects/${i.decidedReview.slug}/letters/${i.decidedReview.id}.pdf`,
  },
  'operator/projects/[slug]/letters/[reviewId].pdf': {
    allow: 'member',
    url: (i) => `/operator/projects/${i.ownProjectSlug}/letters/${i.ownDecidedReviewId}.pdf`,
  },
  'staff/projects/[slug]/inspections': {
    allow: ['officer'],
    url: (i) => `/staff/projects/${i.projectSlug}/inspections`,
  },
  'staff/projects/[slug]/enforcement': {
    allow: ['officer'],
    url: (i) => `/staff/projects/${i.projectSlug}/enforcement`,
  },
  'staff/enforcement/index': { allow: ['officer'], url: () => '/staff/enforcement' },
  'staff/enforcement/[id]': { allow: ['officer'], url: (i) => `/staff/enforcement/${i.actionId}` },
  'staff/enforcement/[id]/notice.pdf': {
    allow: ['officer', 'clerk'],
    url: (i) => `/staff/enforcement/${i.actionId}/notice.pdf`,
  },
  'staff/documents/[id]': { allow: ['admin', 'clerk', 'officer'], url: (i) => `/staff/documents/${i.documentId}` },
  'operator/projects/[slug]/notices': { allow: 'member', url: (i) => `/operator/projects/${i.ownProjectSlug}/notices` },
  'operator/projects/[slug]/inspections/new': {
    allow: 'member',
    url: (i) => `/operator/projects/${i.ownProjectSlug}/inspections/new`,
  },
  'operator/projects/[slug]/inspections/[id]': {
    allow: 'member',
    url: (i) => `/operator/projects/${i.ownProjectSlug}/inspections/${i.ownInspectionId}`,
  },
  'operator/projects/[slug]/summaries/new': {
    allow: 'member',
    url: (i) => `/operator/projects/${i.ownProjectSlug}/summaries/new`,
  },
  'operator/projects/[slug]/documents/new': {
    allow: 'member',
    url: (i) => `/operator/projects/${i.ownProjectSlug}/documents/new`,
  },
  'operator/projects/[slug]/documents/[id]': {
    allow: 'member',
    url: (i) => `/operator/projects/${i.ownProjectSlug}/documents/${i.ownDocumentId}`,
  },
  'staff/compliance/index': { allow: ['officer', 'admin'], url: () => '/staff/compliance' },
  'staff/reviews/index': { allow: ['officer'], url: () => '/staff/reviews' },
  'staff/reviews/inspections/[id]': {
    allow: ['officer'],
    url: (i) => `/staff/reviews/inspections/${i.ownInspectionId}`,
  },
  'staff/reviews/summaries/[id]': { allow: ['officer'], url: (i) => `/staff/reviews/summaries/${i.ownSummaryId}` },
  'staff/reviews/documents/[id]': { allow: ['officer'], url: (i) => `/staff/reviews/documents/${i.reviewDocumentId}` },
  'staff/reviews/file/[id]': { allow: ['officer'], url: (i) => `/staff/reviews/file/${i.ownDocumentId}` },
  'staff/storms/index': { allow: ['officer'], url: () => '/staff/storms' },
  'staff/requests/index': { allow: ['clerk'], url: () => '/staff/requests' },
  'staff/requests/export.csv': { allow: ['clerk'], url: () => '/staff/requests/export.csv' },
  'staff/requests/new': { allow: ['clerk'], url: () => '/staff/requests/new' },
  'staff/requests/[id]/index': { allow: ['clerk'], url: (i) => `/staff/requests/${i.requestId}` },
  'staff/requests/[id]/upload': { allow: ['clerk'], url: (i) => `/staff/requests/${i.requestId}/upload` },
  'staff/requests/[id]/invoice': { allow: ['clerk'], url: (i) => `/staff/requests/${i.invoicedRequestId}/invoice` },
  'staff/requests/[id]/invoice.pdf': {
    allow: ['clerk'],
    url: (i) => `/staff/requests/${i.invoicedRequestId}/invoice.pdf`,
  },
  'staff/requests/[id]/letters/[kind].pdf': {
    allow: ['clerk'],
    url: (i) => `/staff/requests/${i.requestId}/letters/acknowledgment.pdf`,
  },
  'staff/requests/[id]/files/[itemId]': {
    allow: ['clerk'],
    url: (i) => `/staff/requests/${i.fileItem.requestId}/files/${i.fileItem.itemId}`,
  },
  'staff/closures': { allow: ['clerk'], url: () => '/staff/closures' },
  // The appeals queue: the appeals officer named in settings (the admin, in the demo town) or an admin.
  'staff/requests/appeals': { allow: ['admin'], url: () => '/staff/requests/appeals' },
  'staff/requests/settings': { allow: ['admin'], url: () => '/staff/requests/settings' },
  // The clerks' saved replies.
  'staff/requests/replies': { allow: ['clerk'], url: () => '/staff/requests/replies' },
  // Requests to the operator (L(4)): the operator answers those for their own projects; staff read them all.
  'operator/requests/index': { allow: ['operator'], url: () => '/operator/requests' },
  'operator/requests/[id]/index': { allow: 'member', url: (i) => `/operator/requests/${i.ownOperatorRequestId}` },
  'operator/requests/[id]/copies': {
    allow: 'member',
    url: (i) => `/operator/requests/${i.ownOperatorRequestId}/copies`,
  },
  'operator/requests/[id]/files/[fileId]': {
    allow: 'member',
    url: (i) => `/operator/requests/${i.ownOperatorFile.requestId}/files/${i.ownOperatorFile.fileId}`,
  },
  'staff/operator-requests/index': { allow: ['admin', 'clerk', 'officer'], url: () => '/staff/operator-requests' },
  'staff/operator-requests/[id]': {
    allow: ['admin', 'clerk', 'officer'],
    url: (i) => `/staff/operator-requests/${i.ownOperatorRequestId}`,
  },
  // The clerk (or the officer, or an admin) logs a written request sent to an operator outside the portal.
  'staff/operator-requests/new': { allow: ['admin', 'clerk', 'officer'], url: () => '/staff/operator-requests/new' },
  // Permanent practices (the officer inspects; the clerk reads), the review escrow and the MS4 figures (staff), owners' reports (operator side).
  'staff/practices/index': { allow: ['officer', 'clerk'], url: () => '/staff/practices' },
  'staff/practices/new': { allow: ['officer'], url: () => '/staff/practices/new' },
  'staff/practices/[id]': { allow: ['officer', 'clerk'], url: (i) => `/staff/practices/${i.practiceId}` },
  'staff/practices/[id]/edit': { allow: ['officer'], url: (i) => `/staff/practices/${i.practiceId}/edit` },
  'staff/practices/[id]/agreement': {
    allow: ['officer', 'clerk'],
    url: (i) => `/staff/practices/${i.agreementPracticeId}/agreement`,
  },
  'staff/practices/[id]/reports/[reportId]': {
    allow: ['officer', 'clerk'],
    url: (i) => `/staff/practices/${i.practiceReport.practiceId}/reports/${i.practiceReport.reportId}`,
  },
  'staff/projects/[slug]/escrow': {
    allow: ['officer', 'clerk'],
    url: (i) => `/staff/projects/${i.projectSlug}/escrow`,
  },
  'staff/projects/[slug]/escrow/statement': {
    allow: ['officer', 'clerk'],
    url: (i) => `/staff/projects/${i.projectSlug}/escrow/statement`,
  },
  'staff/ms4-report': { allow: ['officer', 'clerk'], url: () => '/staff/ms4-report' },
  'staff/ms4-report.csv': { allow: ['officer', 'clerk'], url: () => '/staff/ms4-report.csv' },
  'operator/practices/index': { allow: ['operator'], url: () => '/operator/practices' },
  'operator/practices/[id]': { allow: 'member', url: (i) => `/operator/practices/${i.ownPracticeId}` },
  // Residents' reports: the officer triages them and edits what can be reported; an admin issues Open311 keys.
  'staff/reports/index': { allow: ['officer'], url: () => '/staff/reports' },
  'staff/reports/[id]': { allow: ['officer'], url: (i) => `/staff/reports/${i.reportId}` },
  'staff/reports/categories': { allow: ['officer'], url: () => '/staff/reports/categories' },
  'staff/reports/photos/[id]': { allow: ['officer'], url: (i) => `/staff/reports/photos/${i.reportPhotoId}` },
  'staff/open311-keys': { allow: ['admin'], url: () => '/staff/open311-keys' },
};

/** Actions anyone may call (they authorize by token or by nothing at all). */
const PUBLIC_ACTIONS = new Set([
  'accounts.signIn',
  'accounts.signOut',
  'accounts.requestPasswordReset',
  'accounts.setPassword',
  // The one-time sign-in link: anyone may ask (the mail goes only to the account's address); the link's token authorizes.
  'accounts.requestSignInLink',
  'accounts.signInWithLink',
  // Email alerts need no account: the confirm and unsubscribe tokens authorize.
  'alerts.subscribe',
  'alerts.confirm',
  'alerts.unsubscribe',
  // A resident's report: anyone may say it is still happening or follow it; the follow links' tokens authorize.
  'reportSteps.stillHappening',
  'reportSteps.follow',
  'reportSteps.confirm',
  'reportSteps.stop',
  // Records requests: anyone may ask; the requester's own actions authorize by the tracking token.
  'requests.submit',
  'requests.approveCost',
  'requests.withdrawByRequester',
  'requests.appeal',
  // The requester's message to the clerk: the tracking token authorizes, and reaches only its own thread.
  'requestMessages.send',
  // Requests to the operator (L(4)): anyone may ask; withdrawal authorizes by the tracking token.
  'operatorRequests.submit',
  'operatorRequests.withdraw',
  // "Lost your link?": anyone may ask; the mail goes only to the address typed.
  'requestLinks.resend',
  // Anyone may ask for an applicant's account; the mail goes only to the address typed, and its link confirms it.
  'applications.signUp',
]);
/**
 * Who may call each guarded action, and a well-formed input so validation does not answer first.
 * `member`: an operator may call it only for a project they are a member of; an operator of another
 * project is answered 404, as if the project did not exist.
 */
const ACTIONS: Record<string, { allow: Role[]; member?: true; input: (ids: Ids) => Fields }> = {
  'accounts.signOutEverywhere': { allow: ['admin', 'clerk', 'officer', 'operator'], input: () => ({}) },
  'accounts.inviteUser': {
    allow: ['admin'],
    input: () => ({ email: 'matrix@example.org', name: 'Matrix', roles: 'clerk' }),
  },
  'accounts.updateUserAccess': { allow: ['admin'], input: (i) => ({ userId: i.userId, roles: 'clerk' }) },
  'mail.retry': { allow: ['admin'], input: (i) => ({ id: i.mailId }) },
  // The officer's desk.
  'registry.createProject': {
    allow: ['officer', 'clerk'],
    input: () => ({
      name: 'Matrix project',
      description: 'A project registered by the matrix.',
      siteAddress: '1 Main Street',
      kind: 'minor',
      status: 'swppp_review',
      ownerCompany: 'Matrix LLC',
    }),
  },
  'registry.updateProject': {
    allow: ['officer', 'clerk'],
    input: (i) => ({
      projectId: i.projectId,
      name: 'Matrix',
      description: 'x',
      siteAddress: '1 Main Street',
      kind: 'minor',
      status: 'active',
    }),
  },
  'registry.setPublished': { allow: ['officer', 'clerk'], input: (i) => ({ projectId: i.projectId, published: 'no' }) },
  'registry.setOperators': { allow: ['officer', 'clerk'], input: (i) => ({ projectId: i.projectId }) },
  'registry.saveParty': {
    allow: ['officer', 'clerk'],
    input: (i) => ({ projectId: i.projectId, role: 'owner_operator', companyName: 'Matrix LLC' }),
  },
  'registry.removeParty': { allow: ['officer', 'clerk'], input: (i) => ({ projectId: i.projectId, partyId: 1 }) },
  'registry.addWater': {
    allow: ['officer', 'clerk'],
    input: (i) => ({ projectId: i.projectId, name: 'Matrix Kill', waterType: 'stream' }),
  },
  'registry.removeWater': { allow: ['officer', 'clerk'], input: (i) => ({ projectId: i.projectId, waterId: 1 }) },
  'registry.recordNot': {
    allow: ['officer', 'clerk'],
    input: (i) => ({ projectId: i.projectId, notFiledOn: '2026-01-02', finalStabilizationOn: '2026-01-01' }),
  },
  'registry.recordStartDuties': {
    allow: ['officer', 'clerk'],
    input: (i) => ({ projectId: i.projectId, preConstructionAssessmentOn: '2026-01-02' }),
  },
  'registry.setDocumentPublic': {
    allow: ['officer', 'clerk'],
    input: (i) => ({ projectId: i.projectId, documentId: i.documentId, public: 'no' }),
  },
  'swppp.markComplete': { allow: ['officer'], input: () => ({ reviewId: 1, on: '2026-01-01' }) },
  'swppp.notifyDeficiencies': {
    allow: ['officer'],
    input: () => ({ reviewId: 1, on: '2026-01-01', deficiencies: 'No phasing plan.' }),
  },
  'applications.intake': {
    allow: ['clerk', 'officer'],
    input: (i) => ({ applicationId: i.ownApplicationId, outcome: 'incomplete', on: '2026-01-01', note: 'Matrix.' }),
  },
  'applications.addFee': {
    allow: ['clerk', 'officer'],
    input: (i) => ({ applicationId: i.ownApplicationId, description: 'Matrix', amount: '1', on: '2026-01-01' }),
  },
  'applications.recordPayment': {
    allow: ['clerk'],
    input: (i) => ({ applicationId: i.ownApplicationId, amount: '1', method: 'cash', on: '2026-01-01' }),
  },
  'swppp.recordResubmission': { allow: ['officer'], input: () => ({ reviewId: 1, on: '2026-01-01' }) },
  'swppp.decide': { allow: ['officer'], input: () => ({ reviewId: 1, decision: 'approved', on: '2026-01-01' }) },
  'swppp.extend': { allow: ['officer'], input: () => ({ reviewId: 1, until: '2026-02-01', note: 'Agreed by phone.' }) },
  'notices.give': {
    allow: ['operator'],
    member: true,
    input: (i) => ({
      projectId: i.ownProjectId,
      milestone: 'clearing_complete',
      scheduledDate: '2030-01-07',
      scheduledTime: '07:30',
      notes: 'Given by the authorization matrix.',
    }),
  },
  'notices.plan': {
    allow: ['operator'],
    member: true,
    input: (i) => ({ projectId: i.ownProjectId, rough_grading_complete: '2027-05-03' }),
  },
  'notices.record': {
    allow: ['officer'],
    input: (i) => ({
      projectId: i.projectId,
      milestone: 'clearing_complete',
      scheduledDate: '2030-01-07',
      scheduledTime: '07:30',
      givenDate: '2026-01-02',
      givenTime: '09:00',
      givenBy: 'Matrix',
    }),
  },
  'notices.recordTownInspection': {
    allow: ['officer'],
    input: (i) => ({ projectId: i.projectId, inspectedOn: '2026-01-02', outcome: 'approved' }),
  },
  'notices.scheduleTownInspection': {
    allow: ['officer'],
    input: (i) => ({ projectId: i.projectId, scheduledDate: '2030-01-07', scheduledTime: '09:00' }),
  },
  'notices.cancelScheduledInspection': { allow: ['officer'], input: () => ({ scheduledId: 1 }) },
  'notices.recordViolation': {
    allow: ['officer'],
    input: (i) => ({ projectId: i.projectId, observedOn: '2026-01-02', description: 'Silt fence down.' }),
  },
  'notices.markViolationCorrected': { allow: ['officer'], input: () => ({ violationId: 1, on: '2026-01-02' }) },
  'enforcement.calculateFine': {
    allow: ['officer'],
    input: (i) => ({ projectId: i.projectId, fineDays: 3, fineDailyRate: '100' }),
  },
  'enforcement.issue': {
    allow: ['officer'],
    input: (i) => ({
      projectId: i.projectId,
      type: 'written_warning',
      issuedOn: '2026-01-02',
      summary: 'Silt fence down.',
    }),
  },
  'enforcement.transition': {
    allow: ['officer'],
    input: (i) => ({ actionId: i.actionId, event: 'comply', on: '2026-01-02' }),
  },
  'enforcement.recordPayment': {
    allow: ['officer'],
    input: (i) => ({ actionId: i.actionId, receivedOn: '2026-01-02', amount: '10.00', method: 'check' }),
  },
  'enforcement.waiveFine': {
    allow: ['officer'],
    input: (i) => ({ actionId: i.actionId, on: '2026-01-02', reason: 'Court order.' }),
  },
  'enforcement.recordConviction': {
    allow: ['officer'],
    input: (i) => ({
      actionId: i.actionId,
      convictedOn: '2026-01-02',
      docketNumber: '26-0001',
      fineDays: 1,
      fineAmount: '10.00',
    }),
  },
  'enforcement.update': { allow: ['officer'], input: (i) => ({ actionId: i.actionId, summary: 'Changed.' }) },
  'guarantees.save': {
    allow: ['officer', 'clerk'],
    input: (i) => ({
      projectId: i.projectId,
      kind: 'cash_escrow',
      purpose: 'maintenance',
      amount: '100.00',
      institution: 'Matrix Bank',
    }),
  },
  'guarantees.release': { allow: ['officer', 'clerk'], input: () => ({ guaranteeId: 1, on: '2026-01-02' }) },
  'calendarFeed.create': { allow: ['officer'], input: () => ({}) },
  'calendarFeed.revoke': { allow: ['officer'], input: () => ({}) },
  // Importing projects: a dry run only (no confirm): nothing is written.
  'projectImport.importProjects': {
    allow: ['officer', 'clerk', 'admin'],
    input: () => ({ csv: 'Project name,Site address\nMatrix,1 Main Street', source: 'matrix' }),
  },
  'projectImport.publishImported': { allow: ['officer', 'clerk', 'admin'], input: () => ({ importId: '1' }) },
  'ordinanceText.replace': {
    allow: ['admin'],
    input: () => ({ text: 'Matrix. '.repeat(40), lawNumber: 'Local Law No. 1 of 2020', adoptedOn: '2020-01-02' }),
  },
  'ordinanceText.remove': { allow: ['admin'], input: () => ({}) },
  'localRules.save': {
    allow: ['officer', 'admin'],
    input: () => ({
      routineMaxDays: '7',
      stormInches: '0.5',
      postStormHours: '24',
      stabilizationDays: '14',
      fiveAcreLimit: '5',
      swpppReviewDays: '30',
      correctionDays: '7',
      maxDailyFineCents: '250',
      foilBusinessDays: '5',
    }),
  },
  'reminders.savePreferences': {
    allow: ['officer', 'operator'],
    input: () => ({
      'inspection.on': 'on',
      'inspection.days': '2',
      'monthly-summary.on': 'on',
      'monthly-summary.days': '7',
      'corrective-action.days': '1',
      'operator-request.days': '2',
      'annual-report.days': '30',
    }),
  },
  'compliance.updateSettings': {
    allow: ['officer', 'admin'],
    input: () => ({ summaryDueDay: 10, twiceWeeklyOverAcres: 5, twiceWeeklyImpaired: 'on', winterMaxDays: 30 }),
  },
  'reviews.decideInspection': {
    allow: ['officer'],
    input: (i) => ({ id: i.ownInspectionId, decision: 'accept', comment: '', reportPublic: 'on' }),
  },
  'reviews.decideSummary': {
    allow: ['officer'],
    input: (i) => ({ id: i.ownSummaryId, decision: 'accept', comment: '' }),
  },
  'reviews.decideDocument': {
    allow: ['officer'],
    input: (i) => ({ id: i.reviewDocumentId, decision: 'accept', public: 'yes', comment: '' }),
  },
  'storms.record': {
    allow: ['officer'],
    input: () => ({ endedOn: '2026-01-05', endedTime: '10:00', inches: '0.6', gauge: 'Matrix gauge' }),
  },
  'operatorRequests.log': {
    allow: ['admin', 'clerk', 'officer'],
    input: (i) => ({
      project: i.projectSlug,
      channel: 'letter',
      receivedOn: '2026-01-05',
      wantsSwppp: 'true',
      name: 'Matrix',
    }),
  },
  'requests.enter': {
    allow: ['clerk'],
    input: () => ({
      formKey: 'm'.repeat(43),
      intent: 'preview',
      channel: 'email',
      receivedOn: '2026-01-05',
      receivedTime: '10:00',
    }),
  },
  'requests.acknowledge': {
    allow: ['clerk'],
    input: (i) => ({ id: i.requestId, acknowledgedOn: '2026-01-05', promisedOn: '2026-01-20' }),
  },
  'requests.extend': {
    allow: ['clerk'],
    input: (i) => ({ id: i.requestId, promisedOn: '2026-01-20', reason: 'Matrix' }),
  },
  'requests.attachDocuments': { allow: ['clerk'], input: (i) => ({ id: i.requestId, documentIds: '1' }) },
  'requests.removeItem': { allow: ['clerk'], input: (i) => ({ id: i.requestId, itemId: i.fileItem.itemId }) },
  'requests.note': { allow: ['clerk'], input: (i) => ({ id: i.requestId, body: 'Matrix', audience: 'internal' }) },
  'requestMessages.clerkSend': { allow: ['clerk'], input: (i) => ({ id: i.requestId, body: 'Matrix' }) },
  'requestMessages.closeDuplicate': {
    allow: ['clerk'],
    input: (i) => ({ id: i.requestId, otherNumber: 'R-1900-0001', note: 'Matrix' }),
  },
  'requestMessages.saveTemplate': { allow: ['clerk'], input: () => ({ name: 'Matrix', body: 'Matrix' }) },
  'requestMessages.deleteTemplate': { allow: ['clerk'], input: () => ({ templateId: '1' }) },
  'requestDelivery.recordHandover': {
    allow: ['clerk'],
    input: (i) => ({ id: i.requestId, how: 'pickup', on: '2026-01-05' }),
  },
  'requests.deny': { allow: ['clerk'], input: (i) => ({ id: i.requestId, reason: 'Matrix' }) },
  'requests.fulfill': { allow: ['clerk'], input: (i) => ({ id: i.requestId }) },
  'requests.withdraw': { allow: ['clerk'], input: (i) => ({ id: i.requestId }) },
  'requests.bill': { allow: ['clerk'], input: (i) => ({ id: i.requestId }) },
  'requests.recordCostApproval': { allow: ['clerk'], input: (i) => ({ id: i.requestId }) },
  'requests.recordPayment': {
    allow: ['clerk'],
    input: (i) => ({ id: i.invoicedRequestId, amount: '1.00', method: 'cash', receivedOn: '2026-01-05' }),
  },
  'requests.release': { allow: ['clerk'], input: (i) => ({ id: i.requestId }) },
  'requests.voidInvoice': { allow: ['clerk'], input: (i) => ({ id: i.invoicedRequestId, reason: 'Matrix' }) },
  'requests.newTrackingLink': { allow: ['clerk'], input: (i) => ({ id: i.requestId }) },
  'requests.setClosure': { allow: ['clerk'], input: () => ({ date: '2026-01-06', closed: 'yes' }) },
  'requests.decideItem': {
    allow: ['clerk'],
    input: (i) => ({ id: i.fileItem.requestId, itemId: i.fileItem.itemId, decision: 'granted' }),
  },
  'requests.decideAppeal': {
    allow: ['admin'],
    input: () => ({ appealId: 1, outcome: 'denied', decisionText: 'Matrix' }),
  },
  'requests.setAppealsOfficer': { allow: ['admin'], input: (i) => ({ userId: i.userId }) },
  'requests.saveGround': { allow: ['admin'], input: () => ({ citation: 'Matrix', label: 'Matrix' }) },
  'requests.saveFeeSchedule': {
    allow: ['admin'],
    input: () => ({
      effectiveFrom: '2030-01-01',
      perPage: '0.25',
      largeFormatSheet: '5',
      cd: '1',
      usb: '5',
      notes: 'Matrix',
    }),
  },
  'operatorAnswers.offerInspection': {
    allow: ['operator'],
    member: true,
    input: (i) => ({ id: i.ownOperatorRequestId, place: 'Matrix trailer', on: '2030-01-07', time: '10:00' }),
  },
  'operatorAnswers.recordPayment': {
    allow: ['operator'],
    member: true,
    input: (i) => ({ id: i.ownOperatorRequestId, paidOn: '2026-01-05', method: 'cash' }),
  },
  'operatorAnswers.markInspected': {
    allow: ['operator'],
    member: true,
    input: (i) => ({ id: i.ownOperatorRequestId }),
  },
  // Permanent practices
  'practices.update': {
    allow: ['officer'],
    input: (i) => ({
      practiceId: i.practiceId,
      name: 'Matrix pond',
      type: 'pond',
      location: '1 Main Street',
      latitude: '42.8',
      longitude: '-74.0',
      ownerKind: 'public',
      ownerName: 'DPW',
      dedicatedToTown: 'yes',
      inServiceOn: '2020-01-01',
    }),
  },
  'practices.create': {
    allow: ['officer'],
    input: () => ({
      name: 'Matrix pond',
      type: 'pond',
      location: '1 Main Street',
      latitude: '42.8',
      longitude: '-74.0',
      ownerKind: 'public',
      ownerName: 'DPW',
      dedicatedToTown: 'yes',
      inServiceOn: '2020-01-01',
    }),
  },
  'practices.acceptAsBuilt': {
    allow: ['officer'],
    input: (i) => ({
      documentId: i.reviewDocumentId,
      certifiedBy: 'Matrix PE',
      public: 'yes',
      name: 'Matrix pond',
      type: 'pond',
      location: '1 Main Street',
      latitude: '42.8',
      longitude: '-74.0',
      ownerKind: 'private',
      ownerName: 'Matrix HOA',
      dedicatedToTown: 'no',
      inServiceOn: '2020-01-01',
    }),
  },
  'practices.recordInspection': {
    allow: ['officer'],
    input: (i) => ({
      practiceId: i.practiceId,
      inspectedOn: '2026-01-02',
      reason: 'routine',
      condition: 'functioning',
      inspectorName: 'Matrix',
    }),
  },
  'practices.drawRandom': { allow: ['officer'], input: () => ({ count: '1' }) },
  'practices.removeFromOperation': {
    allow: ['officer'],
    input: (i) => ({ practiceId: i.practiceId, removedOn: '2026-01-02' }),
  },
  'practices.saveIntervals': {
    allow: ['officer'],
    input: () => ({
      pond: '365',
      wetland: '365',
      infiltration: '182',
      filtering: '365',
      open_channel: '730',
      green_infrastructure: '365',
      proprietary_device: '182',
    }),
  },
  'escrow.record': {
    allow: ['officer', 'clerk'],
    input: (i) => ({ projectId: i.projectId, kind: 'deposit', on: '2026-01-02', amount: '100.00', checkNumber: '1' }),
  },
};

const cookies: Partial<Record<Who, string>> = {};
let ids: Ids;

/** POST straight to an action's endpoint (its JSON answer carries the ActionError's status). */
function postRaw(name: string, input: Fields, cookie?: string): Promise<Response> {
  return fetch(new URL(`/_actions/${name}`, base), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: new URL(base).origin,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: formBody(input),
  });
}

beforeAll(async () => {
  for (const who of WHO) if (who !== 'anonymous') cookies[who] = await signIn(base, ACCOUNTS[who], DEMO_PASSWORD);
  // Make sure there is a message in the outbox to look at.
  await postAction(base, '/account/forgot', 'accounts.requestPasswordReset', { email: 'clerk@rotterdam.example' });
  const own = one<{ id: number; slug: string }>(
    "select p.id, p.slug from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id where u.email = 'operator@rotterdam.example' order by p.name limit 1",
  );
  const project = one<{ id: number; slug: string }>(
    "select id, slug from projects where slug = 'curry-road-distribution-center'",
  );
  ids = {
    userId: one<{ id: number }>("select id from users where email = 'clerk@rotterdam.example'").id,
    mailId: one<{ id: number }>('select max(id) as id from outbox').id,
    ownProjectSlug: own.slug,
    ownProjectId: own.id,
    projectSlug: project.slug,
    projectId: project.id,
    actionId: one<{ id: number }>('select min(id) as id from enforcement_actions').id,
    documentId: one<{ id: number }>('select min(id) as id from documents').id,
    ownInspectionId: 0,
    ownSummaryId: 0,
    ownDocumentId: 0,
    reviewDocumentId: one<{ id: number }>("select min(id) as id from documents where type = 'as_built_plans'").id,
    requestId: one<{ id: number }>('select min(id) as id from records_requests').id,
    invoicedRequestId: one<{ id: number }>("select min(request_id) as id from invoices where status <> 'void'").id,
    fileItem: one<{ requestId: number; itemId: number }>(
      'select request_id as requestId, id as itemId from request_items where document_id is not null order by id limit 1',
    ),
    ownOperatorRequestId: 0,
    ownOperatorFile: { requestId: 0, fileId: 0 },
    ownPracticeId: one<{ id: number }>(
      "select min(s.id) as id from stormwater_practices s join users u on u.id = s.maintainer_user_id where u.email = 'operator@rotterdam.example'",
    ).id,
    practiceId: one<{ id: number }>('select min(id) as id from stormwater_practices').id,
    practiceReport: one<{ practiceId: number; reportId: number }>(
      'select practice_id as practiceId, id as reportId from practice_maintenance_reports order by id limit 1',
    ),
    reportId: one<{ id: number }>('select min(id) as id from site_reports').id,
    reportPhotoId: 0,
    agreementPracticeId: 0,
    decidedReview: one<{ slug: string; id: number }>(
      'select p.slug, r.id from swppp_reviews r join projects p on p.id = r.project_id where r.decided_on is not null order by r.id limit 1',
    ),
    ownApplicationId: one<{ id: number }>(
      "select min(a.id) as id from permit_applications a join users u on u.id = a.applicant_user_id where u.email = 'operator@rotterdam.example'",
    ).id,
    ownDecidedReviewId: one<{ id: number }>(
      'select min(id) as id from swppp_reviews where project_id = ? and decided_on is not null',
      own.id,
    ).id,
  };
  ids.reportPhotoId = reportPhoto(ids.reportId);
  ids.agreementPracticeId = agreementPractice(ids.practiceId);
  ids.ownOperatorRequestId = await ownOperatorRequest(own);
  ids.ownOperatorFile = ownOperatorFile(own.id, ids.ownOperatorRequestId);
  ids.ownInspectionId = one<{ id: number }>('select max(id) as id from inspections where project_id = ?', own.id).id;
  ids.ownSummaryId = one<{ id: number }>('select max(id) as id from monthly_summaries where project_id = ?', own.id).id;
  ids.ownDocumentId = one<{ id: number }>('select max(id) as id from documents where project_id = ?', own.id).id;
});

/** A request to the operator of their own project: the demo town's, or one made through the portal for the matrix. */
async function ownOperatorRequest(own: { id: number; slug: string }): Promise<number> {
  const found = one<{ id: number } | undefined>(
    "select id from operator_requests where project_id = ? and status = 'received' order by id limit 1",
    own.id,
  );
  if (found) return found.id;
  const made = await createOperatorRequest(
    asyncOf(db),
    {
      project: own.slug,
      wantsSwppp: true,
      delivery: 'electronic',
      name: 'Matrix Resident',
      email: 'matrix.requester@example.org',
      channel: 'web',
    },
    { label: 'requester' },
    base,
  );
  if (!made.ok) throw new Error(`No operator request for the matrix: ${JSON.stringify(made.fields)}`);
  return made.id;
}

/** A photo on a resident's report (a stored file of the demo town's, as one). */
function reportPhoto(reportId: number): number {
  const doc = one<{ sha256: string; size_bytes: number }>(
    "select sha256, size_bytes from documents where mime_type = 'application/pdf' order by id limit 1",
  );
  return (
    db.$client
      .prepare(
        "insert into site_report_photos (report_id, sha256, mime_type, size_bytes, width, height, created_at) values (?, ?, 'image/jpeg', ?, 10, 10, ?) returning id",
      )
      .get(reportId, doc.sha256, doc.size_bytes, Date.now()) as { id: number }
  ).id;
}

/** A copy an operator uploaded to a request for their own project (the demo town's, or a project document's file as one). */
function ownOperatorFile(projectId: number, requestId: number): { requestId: number; fileId: number } {
  const found = one<{ requestId: number; fileId: number } | undefined>(
    'select f.request_id as requestId, f.id as fileId from operator_request_files f join operator_requests r on r.id = f.request_id where r.project_id = ? order by f.id limit 1',
    projectId,
  );
  if (found) return found;
  const doc = one<{ sha256: string; filename: string; mime_type: string; size_bytes: number }>(
    "select sha256, filename, mime_type, size_bytes from documents where project_id = ? and mime_type = 'application/pdf' order by id limit 1",
    projectId,
  );
  const row = db.$client
    .prepare(
      'insert into operator_request_files (request_id, sha256, file_name, mime_type, size_bytes, uploaded_at) values (?, ?, ?, ?, ?, ?) returning id',
    )
    .get(requestId, doc.sha256, doc.filename, doc.mime_type, doc.size_bytes, Date.now()) as { id: number };
  return { requestId, fileId: row.id };
}

/** A practice whose agreement or easement is on file: the demo town's, or a project document's file filed as one. */
function agreementPractice(practiceId: number): number {
  const found = one<{ id: number } | undefined>('select min(practice_id) as id from practice_agreement_files');
  if (found?.id) return found.id;
  const doc = one<{ sha256: string; filename: string; mime_type: string; size_bytes: number }>(
    "select sha256, filename, mime_type, size_bytes from documents where mime_type = 'application/pdf' order by id limit 1",
  );
  db.$client
    .prepare(
      'insert into practice_agreement_files (practice_id, sha256, filename, mime_type, size_bytes, public) values (?, ?, ?, ?, ?, 0)',
    )
    .run(practiceId, doc.sha256, doc.filename, doc.mime_type, doc.size_bytes);
  return practiceId;
}

function expectedPage(rule: (typeof ROUTES)[string], who: Who): number {
  if (who === 'anonymous') return 303;
  const roles: Role[] = who === 'otherOperator' ? ['operator'] : [who];
  if (rule.allow === 'member') {
    if (!roles.includes('operator')) return 403;
    return who === 'operator' ? 200 : 404;
  }
  return rule.allow.some((r) => roles.includes(r)) ? 200 : 403;
}

describe('authorization matrix: pages', () => {
  it('every staff and operator route has a rule', () => {
    expect(listRoutes().sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const [route, rule] of Object.entries(ROUTES)) {
    it(`${route}`, async () => {
      for (const who of WHO) {
        const res = await get(base, rule.url(ids), cookies[who]);
        expect(res.status, `${route} as ${who}`).toBe(expectedPage(rule, who));
        if (res.status === 303) expect(res.headers.get('location')).toMatch(/^\/signin\?next=/);
      }
    });
  }
});

describe('authorization matrix: actions', () => {
  it('every action is either public or has a rule', () => {
    const all = listActions();
    expect(all.filter((a) => !PUBLIC_ACTIONS.has(a)).sort()).toEqual(Object.keys(ACTIONS).sort());
  });

  /** Refused: anonymous, a role not allowed, and an operator of another project where membership counts. */
  const refused = (rule: (typeof ACTIONS)[string], who: Who): boolean =>
    who === 'anonymous' ||
    (who === 'otherOperator' ? !rule.allow.includes('operator') || rule.member === true : !rule.allow.includes(who));
  const expectedRefusal = (rule: (typeof ACTIONS)[string], who: Who): number =>
    who === 'anonymous' ? 401 : who === 'otherOperator' && rule.member && rule.allow.includes('operator') ? 404 : 403;

  for (const [name, rule] of Object.entries(ACTIONS)) {
    it(`${name}`, async () => {
      // Anonymous and wrong roles are refused before anything happens. (Allowed roles are exercised by the feature tests.)
      for (const who of WHO.filter((w) => refused(rule, w))) {
        const res = await postRaw(name, rule.input(ids), cookies[who]);
        expect(res.status, `${name} as ${who}`).toBe(expectedRefusal(rule, who));
      }
    });
  }

  it('notices.give as an operator of another project is refused, and nothing is stored or mailed', async () => {
    const other = one<{ id: number }>("select id from users where email = 'operator2@rotterdam.example'").id;
    expect(
      one<{ n: number }>(
        'select count(*) n from project_members where user_id = ? and project_id = ?',
        other,
        ids.ownProjectId,
      ).n,
    ).toBe(0);
    const notes = 'Given by an operator of another project (matrix).';
    const before = one<{ n: number; audit: number; mail: number }>(
      "select (select count(*) from inspection_notices) n, (select count(*) from audit_log where actor_user_id = ? and action = 'inspection_notice.give') audit, (select count(*) from outbox where kind = 'inspection-notice') mail",
      other,
    );
    const res = await postRaw('notices.give', { ...ACTIONS['notices.give'].input(ids), notes }, cookies.otherOperator);
    expect(res.status).toBe(404);
    expect(
      one<{ n: number }>(
        'select count(*) n from inspection_notices where notes = ? or given_by_user_id = ?',
        notes,
        other,
      ).n,
    ).toBe(0);
    expect(
      one<{ n: number }>(
        "select count(*) n from audit_log where actor_user_id = ? and action = 'inspection_notice.give'",
        other,
      ).n,
    ).toBe(before.audit);
    expect(one<{ n: number }>('select count(*) n from outbox where text_body like ?', `%${notes}%`).n).toBe(0);
  });

  it('a cross-origin form post is refused', async () => {
    const res = await fetch(new URL('/_actions/accounts.signIn', base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: formBody({ email: 'admin@rotterdam.example', password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(403);
  });
});

describe('authorization matrix: who decides whether an operator’s filing is public', () => {
  /** An operator's filing: an inspection report the operator filed (projects/operator-filings.ts). */
  const filing = (reviewed: boolean) =>
    one<{ id: number; projectId: number; public: number }>(
      `select d.id, d.project_id as projectId, d.public from documents d join inspections i on i.report_document_id = d.id
       where ${reviewed ? "d.review_status <> 'filed'" : "d.review_status = 'filed' and d.reviewed_at is null"} order by d.id limit 1`,
    );
  const state = (id: number) =>
    one<{ public: number; updated_at: number; audits: number }>(
      "select public, updated_at, (select count(*) from audit_log where entity_type = 'document' and entity_id = cast(d.id as text)) audits from documents d where id = ?",
      id,
    );
  const toggle = (doc: { id: number; projectId: number }, isPublic: boolean, who: Who) =>
    postRaw(
      'registry.setDocumentPublic',
      { projectId: doc.projectId, documentId: doc.id, public: isPublic ? 'yes' : 'no' },
      cookies[who],
    );

  it('a clerk is refused, reviewed or not, either way, and nothing changes', async () => {
    for (const doc of [filing(false), filing(true)]) {
      const before = state(doc.id);
      for (const isPublic of [true, false]) {
        const res = await toggle(doc, isPublic, 'clerk');
        expect(res.status, `clerk, document ${doc.id}, public=${isPublic}`).toBe(403);
      }
      expect(state(doc.id)).toEqual(before);
    }
  });

  it('the officer is refused before the review (the review decides), and nothing changes', async () => {
    const doc = filing(false);
    const before = state(doc.id);
    const res = await toggle(doc, !doc.public, 'officer');
    expect(res.status).toBe(409);
    expect(state(doc.id)).toEqual(before);
  });

  it('the officer may decide a reviewed filing; the clerk still decides the town’s own documents', async () => {
    const doc = filing(true);
    // Set to what it already is: allowed, and nothing a resident sees changes.
    expect((await toggle(doc, Boolean(doc.public), 'officer')).status).toBe(200);
    expect(state(doc.id).public).toBe(doc.public);
    const own = one<{ id: number; projectId: number; public: number }>(
      "select id, project_id as projectId, public from documents where type = 'noi' and uploaded_by_user_id is null and not exists (select 1 from inspections i where i.report_document_id = documents.id) order by id limit 1",
    );
    expect((await toggle(own, Boolean(own.public), 'clerk')).status).toBe(200);
    expect(state(own.id).public).toBe(own.public);
  });
});
