/**
 * The written decision on a SWPPP (ordinance, "Review and approval"): within the review days after receiving a
 * complete plan the Stormwater Management Officer "shall, in writing: approve the permit application; approve
 * the permit application subject to such reasonable conditions as may be necessary …; or disapprove the permit
 * application, indicating the reason(s) and procedure for submitting a revised application". Amendments are
 * decided "in the same manner". This is the letter's wording: facts in, lines out; decision-letter.ts loads the
 * facts and draws the PDF. The municipality is named by its own word (decision 0094). Pure.
 */
import { SWPPP_DECISION_LABEL } from '#lib/shared/labels.ts';
import { formatDay } from '#lib/shared/format.ts';
import {
  answeringRevision,
  completePlanReceivedOn,
  type ReviewFacts,
  type SwpppDecision,
} from './swppp-review.rules.ts';

/** Who signs when the decision names no officer (older records, or a decision recorded by the system). */
export const DEFAULT_SIGNER_TITLE = 'Stormwater Management Officer';

export interface DecisionLetterFacts {
  /** "Town", "Village", "City". */
  kindWord: string;
  decision: SwpppDecision;
  decidedOn: string;
  review: Pick<ReviewFacts, 'receivedOn' | 'resubmittedOn' | 'deficienciesNotifiedOn' | 'completeOn'>;
  conditions: string | null;
  reasons: string | null;
  /** The document the review decided, if the review names one. */
  plan: { title: string; version: number; documentDate: string | null } | null;
  /** An amendment to an approved SWPPP rather than the original plan of the permit application. */
  amendment: boolean;
  project: {
    name: string;
    slug: string;
    siteAddress: string;
    townPermitNo: string | null;
    spdesPermitId: string | null;
  };
  /** The project's owner/operator, to whom the letter is addressed. */
  recipient: { companyName: string; contactName: string | null; contactTitle: string | null } | null;
  /** The deciding officer (users.name and title), if the decision names one. */
  signer: { name: string | null; title: string | null };
  /** The portal's public address, without a trailing slash. */
  publicBaseUrl: string;
  /** The local law's review and approval subsection ("Subsection E", or the town's own citation). */
  citation: string;
  /** The town's review days (decision 0044). */
  reviewDays: number;
  /** Where a revised plan may also be delivered on paper: the stormwater office in one line, if set. */
  office: string | null;
  /** The day this copy is printed. */
  printedOn: string;
}

export type LetterBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'para'; text: string; strong?: boolean }
  | { kind: 'list'; items: string[] }
  | { kind: 'fields'; pairs: Array<[string, string]> };

export interface DecisionLetterWords {
  /** The letter's subject: the decision and what it decides. */
  title: string;
  date: string;
  recipient: string[];
  re: string[];
  salutation: string;
  body: LetterBlock[];
  signer: { name: string; title: string };
  /** A reprint's note (printed on a later day than the decision), else null. */
  printedNote: string | null;
}

/** The officer's free text as items: one per line, without the bullets or dashes typed before them. */
export function textItems(text: string | null): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*[-*•]\s+/, '').trim())
    .filter(Boolean);
}

/** "SWPPP title (version 2, dated March 1, 2026)", or the plan's kind when the review names no document. */
export function planWords(f: Pick<DecisionLetterFacts, 'plan' | 'amendment'>): string {
  if (!f.plan) return f.amendment ? 'The SWPPP amendment' : 'The stormwater pollution prevention plan (SWPPP)';
  const dated = f.plan.documentDate ? `, dated ${formatDay(f.plan.documentDate)}` : '';
  return `${f.plan.title} (version ${f.plan.version}${dated})`;
}

/** The decision in the ordinance's words: what the letter says was decided. */
export function decisionSentence(f: Pick<DecisionLetterFacts, 'decision' | 'amendment'>): string {
  const subject = f.amendment ? 'The SWPPP amendment' : 'The permit application';
  if (f.decision === 'approved') return `${subject} is approved.`;
  if (f.decision === 'approved_with_conditions')
    return f.amendment
      ? `${subject} is approved subject to the following conditions:`
      : `${subject} is approved subject to the following conditions, and the permit is issued subject to these conditions:`;
  return `${subject} is disapproved, for the following reason(s):`;
}

/** The dates of the review: received, any deficiency notice and revised plan, the complete plan, found complete. */
export function reviewDates(f: Pick<DecisionLetterFacts, 'review' | 'decidedOn'>): Array<[string, string]> {
  const r = f.review;
  const revised = answeringRevision(r);
  const completeReceived = formatDay(completePlanReceivedOn(r));
  const pairs: Array<[string, string]> = [['Plan received', formatDay(r.receivedOn)]];
  if (r.deficienciesNotifiedOn) {
    pairs.push(['Deficiencies notified in writing', formatDay(r.deficienciesNotifiedOn)]);
    if (revised) pairs.push(['Revised plan received', formatDay(revised)]);
  }
  pairs.push([
    'Complete plan received',
    r.deficienciesNotifiedOn ? completeReceived : `${completeReceived} (complete as received)`,
  ]);
  if (r.completeOn) pairs.push(['Found complete', formatDay(r.completeOn)]);
  pairs.push(['Decided', formatDay(f.decidedOn)]);
  return pairs;
}

export function decisionLetterWords(f: DecisionLetterFacts): DecisionLetterWords {
  const kind = f.kindWord;
  const kindLower = kind.toLowerCase();
  const plan = f.amendment ? 'SWPPP amendment' : 'stormwater pollution prevention plan (SWPPP)';
  const projectPage = `${f.publicBaseUrl}/projects/${f.project.slug}`;
  const body: LetterBlock[] = [
    {
      kind: 'para',
      text: `The ${kind}'s Stormwater Management Officer has reviewed the ${plan} for this project for completeness and for conformance with the ${kind}'s erosion and sediment control law, and gives the decision in writing as the law's review and approval provisions (${f.citation}) require.`,
    },
    { kind: 'fields', pairs: [['Plan decided', planWords(f)], ...reviewDates(f)] },
    { kind: 'heading', text: 'Decision' },
    { kind: 'para', text: decisionSentence(f), strong: true },
  ];

  if (f.decision === 'approved_with_conditions') {
    body.push({ kind: 'list', items: textItems(f.conditions) });
    body.push({
      kind: 'para',
      text: `These conditions are necessary to secure substantially the objectives of the ${kind}'s erosion and sediment control law. They are part of the approval: the work under the plan must meet them.`,
    });
  }

  if (f.decision === 'disapproved') {
    const upload = `${f.publicBaseUrl}/operator/projects/${f.project.slug}/documents/new`;
    body.push({ kind: 'list', items: textItems(f.reasons) });
    body.push({ kind: 'heading', text: 'How to submit a revised plan' });
    body.push({
      kind: 'para',
      text: `Revise the plan to answer each reason above, then submit the revised plan on the portal: sign in, open the project's page and upload it there. The upload form is at ${upload}`,
    });
    if (f.office) body.push({ kind: 'para', text: `You may also deliver the revised plan on paper: ${f.office}` });
    body.push({
      kind: 'para',
      text: `The revised plan is a new submission, reviewed as this one was: within ${f.reviewDays} days of its receipt the ${kindLower} determines whether it is complete, and within ${f.reviewDays} days after receiving a complete plan it approves the plan, approves it subject to conditions, or disapproves it.`,
    });
    body.push({
      kind: 'para',
      text: f.amendment
        ? 'Until a revised amendment is approved, the SWPPP as last approved remains the plan for the site.'
        : 'Pending preparation and approval of a revised plan, land development activities shall not be allowed to proceed.',
    });
  }

  body.push({ kind: 'heading', text: 'The plan on record' });
  body.push({
    kind: 'para',
    text:
      f.decision === 'disapproved'
        ? `This decision is kept on the portal; the project's public page shows it: ${projectPage}`
        : `The plan as approved${f.decision === 'approved_with_conditions' ? ', with the conditions above,' : ''} is the one kept on the portal: ${planWords(f)}. The project's public page shows the decision: ${projectPage}`,
  });
  body.push({
    kind: 'para',
    text: `Nothing in this ${f.decision === 'disapproved' ? 'decision' : 'approval'} relieves the applicant of the need to obtain a building permit or other approvals as required by the ${kind} Code.`,
  });

  const r = f.recipient;
  const recipient = r
    ? [
        r.companyName,
        ...(r.contactName ? [`Attn: ${r.contactName}${r.contactTitle ? `, ${r.contactTitle}` : ''}`] : []),
      ]
    : [`The owner/operator of ${f.project.name}`];
  const re = [
    `Re: ${f.project.name}`,
    `Site: ${f.project.siteAddress}`,
    ...(f.project.townPermitNo ? [`${kind} permit No. ${f.project.townPermitNo}`] : []),
    ...(f.project.spdesPermitId ? [`SPDES permit ID ${f.project.spdesPermitId}`] : []),
  ];
  return {
    title: `${SWPPP_DECISION_LABEL[f.decision]}: ${plan}`,
    date: formatDay(f.decidedOn),
    recipient,
    re,
    salutation: `Dear ${r?.contactName || r?.companyName || 'owner/operator'},`,
    body,
    signer: {
      name: f.signer.name?.trim() || DEFAULT_SIGNER_TITLE,
      title: f.signer.title?.trim() || DEFAULT_SIGNER_TITLE,
    },
    printedNote:
      f.printedOn !== f.decidedOn
        ? `Copy printed from the portal on ${formatDay(f.printedOn)}; the decision is dated ${formatDay(f.decidedOn)}.`
        : null,
  };
}
