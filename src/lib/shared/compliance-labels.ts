/** Plain words for inspections, practices and reviews, shared by operator, officer and public pages. */
import type { InspectionType, ReviewStatus } from '#db/schema.ts';

export const INSPECTION_TYPE_LABEL: Record<InspectionType, string> = {
  pre_construction: 'Pre-construction assessment',
  routine: 'Routine inspection',
  post_storm: 'Post-storm inspection (within 24 hours)',
  final_stabilization: 'Final stabilization inspection',
  follow_up: 'Follow-up inspection',
};

/** The kinds of erosion and sediment control practice an inspection records. */
export const PRACTICE_TYPES = ['sediment_trap', 'sediment_basin', 'silt_fence', 'inlet_protection', 'construction_entrance', 'diversion', 'other'] as const;
export type PracticeType = (typeof PRACTICE_TYPES)[number];

export const PRACTICE_TYPE_LABEL: Record<string, string> = {
  sediment_trap: 'Sediment trap',
  sediment_basin: 'Sediment basin or pond',
  silt_fence: 'Silt fence',
  inlet_protection: 'Inlet protection',
  construction_entrance: 'Construction entrance',
  diversion: 'Diversion or swale',
  other: 'Other practice',
};

export const PRACTICE_CONDITION_LABEL: Record<string, string> = {
  good: 'Working as designed',
  needs_maintenance: 'Needs maintenance',
  failed: 'Failed',
};

export const REVIEW_STATUS_LABEL: Record<ReviewStatus, string> = {
  filed: 'Filed, awaiting the town’s review',
  accepted: 'Accepted by the town',
  returned: 'Returned by the town for correction',
};

/** Documents an operator uploads from the workspace (besides inspection reports and summaries). */
export const OPERATOR_UPLOAD_TYPES = ['swppp_amendment', 'as_built_plans', 'notice_of_termination'] as const;
export type OperatorUploadType = (typeof OPERATOR_UPLOAD_TYPES)[number];

export const OPERATOR_UPLOAD_MEANING: Record<OperatorUploadType, string> = {
  swppp_amendment: 'A change to the approved SWPPP (design, construction, maintenance, or a new contractor). The town reviews it like the original plan.',
  as_built_plans: 'Plans of the permanent stormwater practices as built, certified by a licensed or certified professional, after final stabilization.',
  notice_of_termination: 'The copy of the notice of termination (NOT) filed with the state DEC once the site is stabilized and the permanent practices are built.',
};

export const SEVERITY_WORDS: Record<'high' | 'medium' | 'low', string> = {
  high: 'Serious',
  medium: 'Needs attention',
  low: 'Minor',
};
