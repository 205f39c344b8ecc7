/**
 * What each citable duty is about, in a few words: the label of its citation field on the compliance rules
 * page (the field holds the citation itself, which a town may word as its own law letters it).
 */
import type { SectionKey } from './compliance.rules.ts';

export const SECTION_TOPIC = {
  routine: 'Routine inspection every seven days',
  postStorm: 'Inspection within 24 hours after a storm',
  twiceWeekly: 'Two inspections a week on large or impaired-water sites',
  summary: 'Monthly summary of inspections',
  fiveAcres: 'No more than five acres disturbed at once',
  stabilization: 'Stabilization within 14 days after work stops',
  sediment: 'Sediment removed at half capacity',
  corrective: 'Deficiencies corrected',
  correctiveDate: 'Corrective action begun within one business day',
  preConstruction: 'Assessment before construction starts',
  authorization: 'No work before the SWPPP is approved',
  phasing: 'Phasing on sites over 20 acres',
  notice: 'Notice 48 hours before an inspection milestone',
} as const satisfies Record<SectionKey, string>;
