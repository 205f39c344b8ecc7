/**
 * The town inspection's checklist: what the officer looks at on every visit, and what each milestone of
 * Subsection L(1) adds, in the ordinance's words (L(1)(a)–(h), L(3)'s list, L(4)'s postings, the definition of
 * final stabilization). Nothing is preselected: an item left blank is "not checked", never "yes"; "no" is the
 * officer's observation, and the outcome and findings stay what the record says the inspection found.
 *
 * Pure: the items for a milestone, and the answers read from a form.
 */
import type { Milestone } from '#db/enums.ts';

export const CHECK_ANSWERS = ['yes', 'no', 'na'] as const;
export type CheckAnswer = (typeof CHECK_ANSWERS)[number];

export const CHECK_ANSWER_LABEL: Record<CheckAnswer, string> = {
  yes: 'Yes',
  no: 'No',
  na: 'Not applicable',
};

export interface CheckItem {
  key: string;
  question: string;
  /** The milestones it belongs to; absent: every inspection. */
  milestones?: readonly Milestone[];
}

export const CHECKLIST: readonly CheckItem[] = [
  { key: 'swppp_on_site', question: 'Is the SWPPP kept at the site (L(4))?' },
  {
    key: 'noi_posted',
    question: 'Are the NOI and the project’s description posted where the public can see them (L(4))?',
  },
  {
    key: 'controls_as_swppp',
    question: 'Are the erosion and sediment controls installed as the approved SWPPP shows?',
  },
  { key: 'controls_maintained', question: 'Are barriers, diversions and containment intact and maintained (L(3)(e))?' },
  { key: 'no_sediment_leaving', question: 'Is sediment kept on the site, off roads, neighbors and waters?' },
  { key: 'no_rill_or_gully', question: 'Are slopes free of rill or gully erosion (L(3)(e))?' },
  {
    key: 'qualified_inspections',
    question:
      'Do the site log book’s reports show a qualified professional’s inspections every 7 days and after storms (L(3))?',
  },
  {
    key: 'initial_controls',
    question:
      'Were the controls installed before soil was disturbed, and certified in the pre-construction report (L(3))?',
    milestones: ['start_of_construction'],
  },
  {
    key: 'controls_keep_pace',
    question: 'Do the controls keep pace with the clearing and grading (L(1)(b))?',
    milestones: ['controls_as_clearing_progresses', 'clearing_complete'],
  },
  {
    key: 'idle_areas_stabilized',
    question: 'Are areas not worked for 14 days stabilized, as the state permit requires?',
    milestones: ['clearing_complete', 'rough_grading_complete', 'final_grading_complete'],
  },
  {
    key: 'grades_as_swppp',
    question: 'Do the grades and drainage paths match the SWPPP?',
    milestones: ['rough_grading_complete', 'final_grading_complete'],
  },
  {
    key: 'winter_stabilization',
    question: 'Is the site stabilized for the season’s close, with the controls left working (L(1)(f))?',
    milestones: ['close_of_season'],
  },
  {
    key: 'final_stabilization',
    question: 'Is a uniform perennial cover of at least 80% established on every unpaved area (final stabilization)?',
    milestones: ['final_landscaping_complete'],
  },
  {
    key: 'temporary_controls_removed',
    question: 'Were temporary controls removed only once their areas were stabilized?',
    milestones: ['final_landscaping_complete', 'public_landscaping_established'],
  },
  {
    key: 'public_landscaping',
    question: 'Is the landscaping in public areas successfully established (L(1)(h))?',
    milestones: ['public_landscaping_established'],
  },
];

/** The items of an inspection at a milestone (every visit's first); no milestone: every visit's only. */
export function checklistFor(milestone: Milestone | null | undefined): CheckItem[] {
  // Stryker disable next-line ConditionalExpression: no item's milestones include null either
  return CHECKLIST.filter((item) => !item.milestones || (milestone != null && item.milestones.includes(milestone)));
}

/** The form field of an item's answer. */
export function checkField(key: string): string {
  return `check_${key}`;
}

/**
 * The answers that apply to the inspection's milestone, from the posted values by field; an item left blank, or
 * of another milestone, is not kept.
 */
export function checkAnswers(
  milestone: Milestone | null | undefined,
  posted: Readonly<Record<string, unknown>>,
): Array<{ item: string; answer: CheckAnswer }> {
  return checklistFor(milestone).flatMap((item) => {
    const answer = posted[checkField(item.key)];
    return (CHECK_ANSWERS as readonly unknown[]).includes(answer)
      ? [{ item: item.key, answer: answer as CheckAnswer }]
      : [];
  });
}

/** "3 answered, 1 no": a recorded checklist at a glance, the No answers being the ones to read. */
export function checklistCountWords(answers: readonly CheckAnswer[]): string {
  const no = answers.filter((a) => a === 'no').length;
  return `${answers.length} answered${no ? `, ${no} no` : ''}`;
}
