/**
 * What a records request covers, and the clerk's written decision on each item (pure rules).
 *
 * - Ordinance L(4): "The SWPPP and inspection reports are public documents." A request covers them
 *   whatever the portal's visibility switch says: the switch governs what the project page shows, never
 *   what a requester receives. The monthly summaries of those inspections are read as inspection reports
 *   (decision record 0015).
 * - POL §89(3)(a), §87(2): whatever is withheld is denied in writing, item by item (granted, granted in
 *   part, denied), on a ground of §87(2) from the list the admin keeps, with the right to appeal
 *   (§89(4)(a)). Nothing is left out without a word.
 * - POL §89(3)(a): "We do not have it" is not a denial. On request the agency certifies that it does not
 *   have possession of the record, or that it cannot be found after a diligent search: an outcome of its own
 *   per item (not_held, not_found), with no §87(2) ground, counted apart from denials (decision 0068).
 */
import { sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_TYPES, documents, type DocumentType } from '#db/schema.ts';
import { membersWhere } from '#lib/shared/closed-lists.ts';
import { asClause, endSentence } from '#lib/shared/format.ts';

/**
 * Document types the law makes public documents (ordinance L(4): the SWPPP and the inspection reports, and the
 * summaries made from them); a visibility switch cannot hide them from a requester. Every type is placed
 * (decision 0088).
 */
export const PUBLIC_BY_LAW_TYPES = membersWhere(DOCUMENT_TYPES, {
  noi: false,
  swppp: true,
  swppp_amendment: true,
  inspection_report: true,
  monthly_summary: true,
  as_built_plans: false,
  notice_of_termination: false,
  enforcement_notice: false,
  other: false,
} as const satisfies Record<DocumentType, boolean>);

/** A document a requester may ask for: published on the portal, or a public document by law. */
export function requestable(doc: { type: DocumentType; public: boolean }): boolean {
  return doc.public || (PUBLIC_BY_LAW_TYPES as readonly string[]).includes(doc.type);
}

/** The same condition in SQL, side by side (one definition). */
export const requestableSql: SQL = sql`(${documents.public} = 1 or ${documents.type} in ('swppp','swppp_amendment','inspection_report','monthly_summary'))`;

export type ItemDecision = 'granted' | 'granted_in_part' | 'denied' | NoRecordDecision;

/** The tracking page's certifications, one per item certified as no record. */
export function noRecordLines(
  items: Array<{ label: string; decision: ItemDecision | null; reason: string | null }>,
  townName: string,
): string[] {
  return items.flatMap((i) =>
    isNoRecord(i.decision) ? [noRecordCertification(i.label, i.decision, townName, i.reason)] : [],
  );
}

/** The two certifications of POL §89(3)(a) that there is no record to give. */
export const NO_RECORD_DECISIONS = ['not_held', 'not_found'] as const;
export type NoRecordDecision = (typeof NO_RECORD_DECISIONS)[number];

/** A certification that there is no record (one definition; the SQL filters use NO_RECORD_DECISIONS). */
export function isNoRecord(decision: ItemDecision | null | undefined): decision is NoRecordDecision {
  return decision === 'not_held' || decision === 'not_found';
}

/** The certification the requester receives, in the statute's words, with the clerk's account of the search. */
export function noRecordCertification(
  label: string,
  decision: NoRecordDecision,
  townName: string,
  reason: string | null,
): string {
  const what =
    decision === 'not_held'
      ? `the ${townName} certifies that it does not have possession of this record`
      : `the ${townName} certifies that this record cannot be found after a diligent search`;
  const search = reason?.trim() ? ` ${decision === 'not_found' ? 'The search' : 'Why'}: ${endSentence(reason)}` : '';
  return `${asClause(label)}: ${what} (Public Officers Law §89(3)(a)). This is not a denial of access.${search}`;
}

export interface ItemDecisionInput {
  decision: ItemDecision;
  groundId: number | null;
  reason: string;
  /** Granted in part: the item's documents withheld. */
  withheldDocumentIds: number[];
}

export interface ItemFacts {
  /** Document ids of the files the item covers (uploads have none). */
  documentIds: number[];
  /** Already released to the requester: a decision can no longer take it back. */
  released: boolean;
}

/**
 * Field messages for a decision, or none. A denial or a partial grant needs a ground from the active list
 * and the reason in words; a partial grant withholds some, not all, of the item's documents (a single
 * document granted in part is released as a redacted copy the clerk uploads: the original is withheld).
 */
export function checkItemDecision(
  input: ItemDecisionInput,
  item: ItemFacts,
  activeGroundIds: number[],
  kindWord = 'Town',
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (item.released && input.decision !== 'granted')
    problems.decision = 'This item is already released to the requester; it cannot be withheld now.';
  if (isNoRecord(input.decision)) {
    // A document the item names, or one a date range finds, is in the Town's hands: it can be granted or denied, not certified away.
    if (item.documentIds.length)
      problems.decision = `This item covers ${item.documentIds.length === 1 ? 'a document' : `${item.documentIds.length} documents`} on file: the ${kindWord} has the record, so grant it or deny it in writing.`;
    if (input.withheldDocumentIds.length)
      problems.withheld = 'A certification that there is no record withholds nothing: untick the documents.';
    if (input.decision === 'not_found' && !input.reason.trim())
      problems.reason = `Say where the ${kindWord} searched and how: the law asks for a diligent search, and the requester reads it.`;
    return problems;
  }
  if (input.decision === 'granted') {
    if (input.withheldDocumentIds.length)
      problems.withheld = 'A granted item withholds nothing: untick the documents, or choose "granted in part".';
    return problems;
  }
  if (input.groundId == null)
    problems.groundId = 'Choose the ground in Public Officers Law §87(2) the records are withheld on.';
  else if (!activeGroundIds.includes(input.groundId))
    problems.groundId = 'That ground is not on the list. Choose one of the grounds offered.';
  if (!input.reason.trim())
    problems.reason =
      input.decision === 'denied'
        ? 'Say in words why this item is denied: the requester reads it.'
        : 'Say in words what is withheld and why: the requester reads it.';
  if (input.decision === 'granted_in_part') {
    const foreign = input.withheldDocumentIds.filter((id) => !item.documentIds.includes(id));
    if (foreign.length) problems.withheld = 'One of the ticked documents is not part of this item. Reload the page.';
    else if (!input.withheldDocumentIds.length)
      problems.withheld =
        'Tick the documents withheld (for a redacted document, tick it and upload the redacted copy).';
    else if (item.documentIds.length > 1 && input.withheldDocumentIds.length === item.documentIds.length)
      problems.withheld = 'Every document of this item is ticked: choose "denied" instead.';
  }
  return problems;
}

/** The documents of an item that the requester receives under its decision. */
export function releasableDocumentIds(
  documentIds: number[],
  decision: ItemDecision | null,
  withheld: number[] | null,
): number[] {
  if (decision === 'denied' || isNoRecord(decision)) return [];
  // Stryker disable next-line ArrayDeclaration: a string in the fallback list is never one of the document ids
  if (decision === 'granted_in_part') return documentIds.filter((id) => !(withheld ?? []).includes(id));
  return documentIds;
}

export type RequestOutcome = 'granted' | 'granted_in_part' | 'denied';

/**
 * The answer to the whole request from its items' decisions: denied when every item is denied, granted in
 * part when anything is withheld, else granted. Undecided items count as granted (they are released). An
 * item certified as no record withholds nothing: it neither denies the request nor grants it in part.
 */
export function requestOutcome(decisions: Array<ItemDecision | null>): RequestOutcome {
  const held = decisions.filter((d) => !isNoRecord(d));
  if (held.length > 0 && held.every((d) => d === 'denied')) return 'denied';
  if (decisions.some((d) => d === 'denied' || d === 'granted_in_part')) return 'granted_in_part';
  return 'granted';
}

/** One line the requester reads for a withheld item. */
export function withheldLine(
  label: string,
  decision: 'granted_in_part' | 'denied',
  ground: { citation: string; label: string } | null,
  reason: string | null,
  withheldCount: number,
): string {
  const what =
    decision === 'denied'
      ? `${asClause(label)}: denied`
      : `${asClause(label)}: granted in part (${withheldCount === 1 ? '1 document' : `${withheldCount} documents`} withheld)`;
  const why = ground ? ` under ${ground.citation} (${ground.label})` : '';
  return `${what}${why}.${reason?.trim() ? ` ${endSentence(reason)}` : ''}`;
}

/** The statutory grounds of POL §87(2) that a stormwater records request can meet, seeded into `denial_grounds`. */
export const STATUTORY_GROUNDS: ReadonlyArray<{ citation: string; label: string }> = [
  { citation: 'POL §87(2)(a)', label: 'specifically exempted from disclosure by state or federal statute' },
  { citation: 'POL §87(2)(b)', label: 'disclosure would be an unwarranted invasion of personal privacy' },
  {
    citation: 'POL §87(2)(c)',
    label: 'disclosure would impair present or imminent contract awards or collective bargaining negotiations',
  },
  {
    citation: 'POL §87(2)(d)',
    label:
      'trade secrets, or information from a commercial enterprise whose disclosure would cause it substantial competitive injury',
  },
  // §87(2)(e) is four grounds under one condition (compiled for law enforcement purposes): a denial names the one it rests on.
  {
    citation: 'POL §87(2)(e)(i)',
    label:
      'compiled for law enforcement purposes, and disclosure would interfere with a law enforcement investigation or judicial proceeding',
  },
  {
    citation: 'POL §87(2)(e)(ii)',
    label:
      'compiled for law enforcement purposes, and disclosure would deprive a person of a right to a fair trial or impartial adjudication',
  },
  {
    citation: 'POL §87(2)(e)(iii)',
    label:
      'compiled for law enforcement purposes, and disclosure would identify a confidential source or disclose confidential information relating to a criminal investigation',
  },
  {
    citation: 'POL §87(2)(e)(iv)',
    label:
      'compiled for law enforcement purposes, and disclosure would reveal criminal investigative techniques or procedures, except routine techniques and procedures',
  },
  { citation: 'POL §87(2)(f)', label: 'disclosure could endanger the life or safety of any person' },
  {
    citation: 'POL §87(2)(g)',
    label:
      'inter-agency or intra-agency material that is not factual data, instructions to staff, final policy or an external audit',
  },
  {
    citation: 'POL §87(2)(h)',
    label: 'examination questions or answers requested before the final administration of the exam',
  },
  {
    citation: 'POL §87(2)(i)',
    // The statute's own word ("an agency"): the list is seeded as data into every municipality's portal.
    label: 'disclosure would jeopardize the security of the agency\u2019s information technology assets',
  },
];
