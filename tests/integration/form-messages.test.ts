/**
 * Every Action answers empty and wrong-type input in sentences: posted as a browser would (and as a
 * hostile client could: a file where text belongs), by a user allowed to call it, nothing in the response
 * is zod's own words ("Invalid input: expected string, received null"). The forms' pages show exactly
 * these messages beside each field; /alerts/new is checked as rendered. Each action's fields are listed
 * here, and the list must cover every action in the source tree (tests/support/source-routes.ts).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { INSPECTION_MILESTONES } from '#db/enums.ts';
import { postAction, signIn } from '../support/http.ts';
import { listActions } from '../support/source-routes.ts';

const base = inject('baseURL');

/** zod's own words, which mean nothing to a resident or to staff. */
const ZOD_WORDS =
  /Invalid input|Invalid option|Invalid (string|number|email|date)|expected |Too (big|small)|received (null|undefined|NaN|Infinity|File|string|number|array)/;

type Who = 'anonymous' | 'admin' | 'clerk' | 'officer' | 'operator';

const NOI = [
  'name',
  'slug',
  'description',
  'siteAddress',
  'crossStreet',
  'zip',
  'latitude',
  'longitude',
  'taxMapParcels',
  'kind',
  'status',
  'natureOfActivity',
  'preDevelopmentLandUse',
  'postDevelopmentLandUse',
  'totalSiteAcres',
  'disturbedAcres',
  'maxDisturbedAtOnceAcres',
  'existingImperviousAcres',
  'futureImperviousAcres',
  'decFiveAcreApproval',
  'decFiveAcreApprovalOn',
  'phasing',
  'phaseCount',
  'drainsToMs4',
  'federalWetlandBuffer',
  'stateWetlandBuffer',
  'watercourseBuffer',
  'bufferNotes',
  'postConstructionPractices',
  'plannedStartOn',
  'plannedCompletionOn',
  'actualStartOn',
  'townPermitNo',
  'spdesPermitId',
  'noiReceivedOn',
  'finalStabilizationOn',
  'notFiledOn',
  'winterShutdownFrom',
  'winterShutdownTo',
];
const REQUEST = [
  'formKey',
  'intent',
  'project',
  'documentIds',
  'reportsFrom',
  'reportsTo',
  'freeText',
  'delivery',
  'name',
  'email',
  'phone',
  'address',
  'costLimit',
];
const PRACTICE = [
  'name',
  'type',
  'description',
  'location',
  'latitude',
  'longitude',
  'ownerKind',
  'ownerName',
  'maintainerEmail',
  'agreementReference',
  'dedicatedToTown',
  'inServiceOn',
];
const OPERATOR_REQUEST = [
  'project',
  'wantsSwppp',
  'reportsFrom',
  'reportsTo',
  'description',
  'delivery',
  'name',
  'email',
  'phone',
  'address',
  'receivedOn',
];

/** Who calls each action, and the fields its form posts. Actions without input (sign out, the calendar link) are left out: they have nothing to validate. */
const ACTIONS: Record<string, { who: Who; fields: string[] } | 'no input'> = {
  'accounts.signIn': { who: 'anonymous', fields: ['email', 'password', 'next'] },
  'accounts.signOut': 'no input',
  'accounts.signOutEverywhere': 'no input',
  'accounts.requestPasswordReset': { who: 'anonymous', fields: ['email'] },
  'accounts.setPassword': { who: 'anonymous', fields: ['token', 'password', 'confirm'] },
  'accounts.requestSignInLink': { who: 'anonymous', fields: ['email'] },
  'accounts.signInWithLink': { who: 'anonymous', fields: ['token'] },
  'accounts.inviteUser': { who: 'admin', fields: ['email', 'name', 'title', 'roles', 'projectIds'] },
  'accounts.updateUserAccess': { who: 'admin', fields: ['userId', 'roles', 'projectIds', 'disabled'] },
  'alerts.subscribe': {
    who: 'anonymous',
    fields: ['email', 'target', 'project', 'lat', 'lon', 'r', 'label', 'frequency'],
  },
  'alerts.confirm': { who: 'anonymous', fields: ['token'] },
  'alerts.unsubscribe': { who: 'anonymous', fields: ['token'] },
  'reportSteps.stillHappening': { who: 'anonymous', fields: ['reportId', 'words'] },
  'reportSteps.follow': { who: 'anonymous', fields: ['reportId', 'email'] },
  'reportSteps.confirm': { who: 'anonymous', fields: ['token'] },
  'reportSteps.stop': { who: 'anonymous', fields: ['link'] },
  'mail.retry': { who: 'admin', fields: ['id'] },
  'registry.createProject': {
    who: 'officer',
    fields: [
      ...NOI,
      'ownerCompany',
      'ownerContact',
      'ownerTitle',
      'ownerPhone',
      'ownerEmail',
      'waterName',
      'waterType',
      'waterImpaired',
      'publish',
    ],
  },
  'registry.updateProject': { who: 'officer', fields: ['projectId', ...NOI] },
  'registry.setPublished': { who: 'officer', fields: ['projectId', 'published'] },
  'registry.recordStartDuties': {
    who: 'officer',
    fields: ['projectId', 'exemption', 'exemptionNote', 'preConstructionAssessmentOn'],
  },
  'registry.setOperators': { who: 'officer', fields: ['projectId', 'userIds'] },
  'registry.saveParty': {
    who: 'officer',
    fields: [
      'projectId',
      'partyId',
      'role',
      'companyName',
      'contactName',
      'contactTitle',
      'phone',
      'email',
      'license',
      'measures',
      'certifiedOn',
    ],
  },
  // Permanent practices and the review escrow.
  'practices.create': { who: 'officer', fields: PRACTICE },
  'practices.update': { who: 'officer', fields: ['practiceId', ...PRACTICE] },
  'practices.acceptAsBuilt': {
    who: 'officer',
    fields: [...PRACTICE, 'documentId', 'certifiedBy', 'comment', 'public'],
  },
  'practices.recordInspection': {
    who: 'officer',
    fields: [
      'practiceId',
      'inspectedOn',
      'reason',
      'condition',
      'inspectorName',
      'jointAgency',
      'complaintSource',
      'randomDrawId',
      'findings',
      'closeItemIds',
      'item0Description',
      'item0DueOn',
    ],
  },
  'practices.removeFromOperation': { who: 'officer', fields: ['practiceId', 'removedOn'] },
  'practices.drawRandom': { who: 'officer', fields: ['count'] },
  'practices.saveIntervals': {
    who: 'officer',
    fields: [
      'pond',
      'wetland',
      'infiltration',
      'filtering',
      'open_channel',
      'green_infrastructure',
      'proprietary_device',
    ],
  },
  'escrow.record': {
    who: 'officer',
    fields: ['projectId', 'kind', 'on', 'amount', 'checkNumber', 'professional', 'description', 'hours', 'acceptedOn'],
  },
  'registry.removeParty': { who: 'officer', fields: ['projectId', 'partyId'] },
  'registry.addWater': { who: 'officer', fields: ['projectId', 'name', 'waterType', 'impaired'] },
  'registry.removeWater': { who: 'officer', fields: ['projectId', 'waterId'] },
  'registry.recordNot': { who: 'officer', fields: ['projectId', 'notFiledOn', 'finalStabilizationOn'] },
  'registry.setDocumentPublic': { who: 'officer', fields: ['projectId', 'documentId', 'public'] },
  'swppp.markComplete': { who: 'officer', fields: ['reviewId', 'on'] },
  'swppp.notifyDeficiencies': { who: 'officer', fields: ['reviewId', 'on', 'deficiencies'] },
  'swppp.recordResubmission': { who: 'officer', fields: ['reviewId', 'on'] },
  'swppp.decide': { who: 'officer', fields: ['reviewId', 'decision', 'on', 'conditions', 'reasons', 'townPermitNo'] },
  'swppp.extend': { who: 'officer', fields: ['reviewId', 'until', 'note'] },
  'notices.give': { who: 'operator', fields: ['projectId', 'milestone', 'scheduledDate', 'scheduledTime', 'notes'] },
  'notices.plan': { who: 'operator', fields: ['projectId', ...INSPECTION_MILESTONES] },
  'notices.record': {
    who: 'officer',
    fields: ['projectId', 'milestone', 'scheduledDate', 'scheduledTime', 'givenDate', 'givenTime', 'givenBy', 'notes'],
  },
  'notices.scheduleTownInspection': {
    who: 'officer',
    fields: ['projectId', 'noticeId', 'milestone', 'scheduledDate', 'scheduledTime', 'notes'],
  },
  'notices.cancelScheduledInspection': { who: 'officer', fields: ['scheduledId'] },
  'notices.recordTownInspection': {
    who: 'officer',
    fields: [
      'projectId',
      'scheduledId',
      'noticeId',
      'milestone',
      'inspectedOn',
      'outcome',
      'findings',
      'violationDescription',
      'violationSection',
    ],
  },
  'notices.recordViolation': { who: 'officer', fields: ['projectId', 'observedOn', 'description', 'section'] },
  'notices.markViolationCorrected': { who: 'officer', fields: ['violationId', 'on'] },
  'enforcement.calculateFine': { who: 'officer', fields: ['projectId', 'fineDays', 'fineDailyRate'] },
  'enforcement.issue': {
    who: 'officer',
    fields: [
      'projectId',
      'type',
      'issuedOn',
      'citedSection',
      'summary',
      'requiredMeasures',
      'complyBy',
      'public',
      'violationIds',
      'newViolationDescription',
      'newViolationSection',
      'newViolationObservedOn',
      'escalatesId',
      'fineDays',
      'fineDailyRate',
      'fineConfirmedCents',
      'fineConfirm',
      'fineDueOn',
    ],
  },
  'enforcement.transition': { who: 'officer', fields: ['actionId', 'event', 'on', 'liftedOn', 'note'] },
  'enforcement.recordPayment': { who: 'officer', fields: ['actionId', 'receivedOn', 'amount', 'method', 'reference'] },
  'enforcement.waiveFine': { who: 'officer', fields: ['actionId', 'on', 'reason'] },
  'enforcement.recordConviction': {
    who: 'officer',
    fields: ['actionId', 'convictedOn', 'docketNumber', 'fineDays', 'fineAmount', 'fineDueOn'],
  },
  'enforcement.update': {
    who: 'officer',
    fields: ['actionId', 'citedSection', 'summary', 'requiredMeasures', 'complyBy', 'public'],
  },
  'guarantees.save': {
    who: 'officer',
    fields: [
      'projectId',
      'guaranteeId',
      'kind',
      'purpose',
      'amount',
      'institution',
      'reference',
      'receivedOn',
      'expiresOn',
      'finalAcceptanceOn',
      'oneYearInspectionOn',
      'notes',
    ],
  },
  'guarantees.release': { who: 'officer', fields: ['guaranteeId', 'on'] },
  'calendarFeed.create': 'no input',
  'calendarFeed.revoke': 'no input',
  'reminders.savePreferences': {
    who: 'operator',
    fields: [
      'inspection.on',
      'inspection.days',
      'monthly-summary.on',
      'monthly-summary.days',
      'corrective-action.on',
      'corrective-action.days',
      'operator-request.on',
      'operator-request.days',
      'annual-report.on',
      'annual-report.days',
      'guarantee-expiry.on',
      'guarantee-expiry.days',
    ],
  },
  'compliance.updateSettings': {
    who: 'officer',
    fields: ['summaryDueDay', 'twiceWeeklyOverAcres', 'twiceWeeklyImpaired', 'winterMaxDays'],
  },
  'reviews.decideInspection': { who: 'officer', fields: ['id', 'decision', 'comment', 'reportPublic'] },
  'reviews.decideSummary': { who: 'officer', fields: ['id', 'decision', 'comment', 'publicAttachmentIds'] },
  'reviews.decideDocument': { who: 'officer', fields: ['id', 'decision', 'comment', 'public'] },
  'storms.record': { who: 'officer', fields: ['endedOn', 'endedTime', 'inches', 'gauge'] },
  'requests.submit': { who: 'anonymous', fields: [...REQUEST, 'website', 'confirmOnlineOnly'] },
  'requests.approveCost': { who: 'anonymous', fields: ['token'] },
  'requests.withdrawByRequester': { who: 'anonymous', fields: ['token', 'confirm'] },
  'requestMessages.send': { who: 'anonymous', fields: ['token', 'body'] },
  'requestMessages.clerkSend': { who: 'clerk', fields: ['id', 'body', 'clarify'] },
  'requestMessages.closeDuplicate': { who: 'clerk', fields: ['id', 'otherNumber', 'note'] },
  'requestMessages.saveTemplate': { who: 'clerk', fields: ['templateId', 'name', 'body'] },
  'requestMessages.deleteTemplate': { who: 'clerk', fields: ['templateId'] },
  'requests.enter': { who: 'clerk', fields: [...REQUEST, 'channel', 'receivedOn', 'receivedTime'] },
  'requests.acknowledge': { who: 'clerk', fields: ['id', 'acknowledgedOn', 'promisedOn', 'reason'] },
  'requests.extend': { who: 'clerk', fields: ['id', 'promisedOn', 'reason'] },
  'requests.attachDocuments': { who: 'clerk', fields: ['id', 'documentIds'] },
  'requests.removeItem': { who: 'clerk', fields: ['id', 'itemId'] },
  'requests.note': { who: 'clerk', fields: ['id', 'body', 'audience'] },
  'requests.deny': { who: 'clerk', fields: ['id', 'reason'] },
  'requests.fulfill': { who: 'clerk', fields: ['id', 'note'] },
  'requests.withdraw': { who: 'clerk', fields: ['id', 'reason'] },
  'requests.bill': {
    who: 'clerk',
    fields: ['id', 'itemId', 'pages', 'sheets', 'postage', 'staffHours', 'discount', 'discountReason'],
  },
  'requests.recordCostApproval': { who: 'clerk', fields: ['id'] },
  'requests.recordPayment': { who: 'clerk', fields: ['id', 'amount', 'method', 'reference', 'receivedOn'] },
  'requests.release': { who: 'clerk', fields: ['id'] },
  'requests.voidInvoice': { who: 'clerk', fields: ['id', 'reason'] },
  'requests.newTrackingLink': { who: 'clerk', fields: ['id'] },
  'requests.setClosure': { who: 'clerk', fields: ['date', 'name', 'closed'] },
  'requests.appeal': { who: 'anonymous', fields: ['token', 'body'] },
  'requests.decideAppeal': { who: 'admin', fields: ['appealId', 'outcome', 'decisionText'] },
  'requests.decideItem': { who: 'clerk', fields: ['id', 'itemId', 'decision', 'groundId', 'reason', 'withheld'] },
  'requests.saveFeeSchedule': {
    who: 'admin',
    fields: ['effectiveFrom', 'perPage', 'largeFormatSheet', 'electronic', 'cd', 'usb', 'staffHourly', 'notes'],
  },
  'requests.saveGround': { who: 'admin', fields: ['groundId', 'citation', 'label', 'active'] },
  'requests.setAppealsOfficer': { who: 'admin', fields: ['userId'] },
  'operatorRequests.submit': {
    who: 'anonymous',
    fields: [...OPERATOR_REQUEST, 'written', 'channel', 'website', 'formKey'],
  },
  'operatorRequests.log': { who: 'clerk', fields: [...OPERATOR_REQUEST, 'channel'] },
  'operatorRequests.withdraw': { who: 'anonymous', fields: ['token', 'confirm'] },
  'requestLinks.resend': { who: 'anonymous', fields: ['email'] },
  'applications.signUp': { who: 'anonymous', fields: ['name', 'email'] },
  'applications.intake': { who: 'clerk', fields: ['applicationId', 'outcome', 'on', 'note'] },
  'applications.addFee': { who: 'clerk', fields: ['applicationId', 'description', 'amount', 'on'] },
  'applications.recordPayment': { who: 'clerk', fields: ['applicationId', 'amount', 'method', 'reference', 'on'] },
  'requestDelivery.recordHandover': { who: 'clerk', fields: ['id', 'how', 'on'] },
  'operatorAnswers.offerInspection': { who: 'operator', fields: ['id', 'place', 'on', 'time'] },
  'operatorAnswers.recordPayment': { who: 'operator', fields: ['id', 'paidOn', 'method', 'reference'] },
  'operatorAnswers.markInspected': { who: 'operator', fields: ['id'] },
  // The local law's numbers, and importing projects from CSV.
  'localRules.save': {
    who: 'officer',
    fields: ['routineMaxDays', 'stormInches', 'postStormHours', 'stabilizationDays', 'fiveAcreLimit'],
  },
  'projectImport.importProjects': { who: 'officer', fields: ['csv', 'source', 'confirm'] },
  'projectImport.publishImported': { who: 'admin', fields: ['importId'] },
  'ordinanceText.replace': { who: 'admin', fields: ['text', 'lawNumber', 'adoptedOn'] },
  'ordinanceText.remove': 'no input',
};

/** Every field the same value: nothing at all, empty, a word where a number or date belongs, bad ids and sizes. */
const VARIANTS: Record<string, string | undefined> = {
  missing: undefined,
  empty: '',
  word: 'not-a-value',
  negative: '-1',
  fraction: '1.5',
  huge: '9'.repeat(400),
  long: 'x'.repeat(10_001),
};

const cookies: Partial<Record<Who, string>> = {};
beforeAll(async () => {
  for (const who of ['admin', 'clerk', 'officer', 'operator'] as const)
    cookies[who] = await signIn(base, `${who}@rotterdam.example`, DEMO_PASSWORD);
});

async function post(name: string, who: Who, body: URLSearchParams | FormData): Promise<Response> {
  return fetch(new URL(`/_actions/${name}`, base), {
    method: 'POST',
    headers: { Origin: new URL(base).origin, ...(cookies[who] ? { Cookie: cookies[who] } : {}) },
    body,
  });
}

/** Every message a page could show from the response: the field messages and the form's message. */
function messagesOf(text: string): string[] {
  const json = JSON.parse(text) as {
    type?: string;
    message?: string;
    fields?: Record<string, string[]>;
    issues?: Array<{ message: string }>;
  };
  const fieldMessages = Object.values(json.fields ?? {}).flat();
  const issueMessages = (json.issues ?? []).map((i) => i.message);
  // An input error's own message is zod's dump for developers; pages never show it (action-forms.ts).
  const formMessage = json.type === 'AstroActionInputError' || !json.message ? [] : [json.message];
  return [...fieldMessages, ...issueMessages, ...formMessage];
}

describe('every action answers empty and wrong-type input in sentences', () => {
  it('lists every action in the source tree', () => {
    expect(Object.keys(ACTIONS).sort()).toEqual(listActions().sort());
  });

  for (const [name, rule] of Object.entries(ACTIONS)) {
    if (rule === 'no input') continue;
    it(name, async () => {
      const found: string[] = [];
      for (const [variant, value] of Object.entries(VARIANTS)) {
        const body = new URLSearchParams();
        if (value !== undefined) for (const f of rule.fields) body.append(f, value);
        const res = await post(name, rule.who, body);
        const text = await res.text();
        expect(res.status, `${name} with ${variant} values is refused`).toBeGreaterThanOrEqual(400);
        expect(text, `${name} with ${variant} values`).not.toMatch(/Invalid input|expected /);
        for (const m of messagesOf(text)) if (ZOD_WORDS.test(m)) found.push(`${variant}: ${m}`);
      }
      // A file where text or a number belongs (a crafted multipart post).
      const files = new FormData();
      for (const f of rule.fields) files.append(f, new Blob(['not text'], { type: 'text/plain' }), 'note.txt');
      const res = await post(name, rule.who, files);
      const text = await res.text();
      expect(text, `${name} with files`).not.toMatch(/Invalid input|expected /);
      for (const m of messagesOf(text)) if (ZOD_WORDS.test(m)) found.push(`files: ${m}`);
      expect(found).toEqual([]);
    });
  }
});

describe('the alert form as a resident sees it', () => {
  const page = '/alerts/new?project=curry-road-distribution-center';
  it('marks the email address and how often as required', async () => {
    const html = await (await fetch(new URL(page, base))).text();
    expect(html).toMatch(/<input[^>]*name="email"[^>]*\brequired\b/);
    expect(html).toMatch(/<input[^>]*name="frequency"[^>]*\brequired\b/);
  });

  it('an empty email address is asked for in a sentence beside the field', async () => {
    const res = await postAction(base, page, 'alerts.subscribe', {
      target: 'project',
      project: 'curry-road-distribution-center',
      email: '',
      frequency: 'immediate',
    });
    const html = await res.text();
    expect(/id="f-email-error"[^>]*>([^<]*)</.exec(html)?.[1]).toBe('Enter your email address.');
    expect(html).not.toMatch(/Invalid input|expected /);
  });
});
