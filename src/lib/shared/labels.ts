/**
 * Plain words for every closed list of the data model (statuses, kinds, roles, milestones, decisions),
 * shown to residents, operators and staff. One place, so pages, feeds, PDFs and emails agree.
 */
import type {
  AlertEventKind,
  AlertTarget,
  DeliveryMethod,
  DocumentType,
  EnforcementStatus,
  EnforcementType,
  GuaranteeKind,
  GuaranteePurpose,
  InspectionType,
  Milestone,
  PartyRole,
  PracticeCondition,
  ProjectKind,
  ProjectStatus,
  RequestChannel,
  RequestStatus,
  ReviewStatus,
  Role,
  SheetSize,
  SwpppDecision,
  TownInspectionOutcome,
} from '#db/enums.ts';

export const PROJECT_STATUS_LABEL: Record<ProjectStatus, string> = {
  swppp_review: 'SWPPP under review',
  approved: 'Approved, not started',
  active: 'Active construction',
  stop_work: 'Stop-work order',
  final_stabilization: 'Final stabilization',
  complete: 'Complete (NOT filed)',
};

/** A project's status in a sentence, naming the municipality by its kind ("town", "village", "city"). */
export function projectStatusMeaning(kind: string): Record<ProjectStatus, string> {
  return {
    swppp_review: `The ${kind} is reviewing the project's stormwater pollution prevention plan (SWPPP). Land clearing and grading may not start until it is approved.`,
    approved: 'The SWPPP is approved and the site development permit issued; construction has not started yet.',
    active:
      'Construction is under way. A qualified professional must inspect the site’s erosion and sediment controls at least every seven days and within 24 hours after a storm of half an inch or more.',
    stop_work: `A stop-work order is in effect: all land development activity must stop, except work that fixes the violations, until the ${kind} confirms the site complies.`,
    final_stabilization:
      'Construction is finished and the site is being stabilized (a uniform perennial vegetative cover of 80%, or equivalent) before the operator files a notice of termination.',
    complete:
      'The operator filed a notice of termination (NOT): the site is stabilized and the permanent stormwater practices are built. Post-construction practices remain subject to inspection.',
  };
}

/** How a fee was paid (records requests' invoices and permit applications' alike). */
export const PAYMENT_METHOD_LABEL = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card',
  money_order: 'Money order',
  other: 'Other',
} as const;

export const PROJECT_KIND_LABEL: Record<ProjectKind, string> = {
  major: 'Major project',
  minor: 'Minor project',
};

export const DOCUMENT_TYPE_LABEL: Record<DocumentType, string> = {
  noi: 'Notice of intent (NOI)',
  swppp: 'Stormwater pollution prevention plan (SWPPP)',
  swppp_amendment: 'SWPPP amendment',
  inspection_report: 'Inspection report',
  monthly_summary: 'Monthly inspection summary',
  as_built_plans: 'As-built plans',
  notice_of_termination: 'Notice of termination (NOT)',
  enforcement_notice: 'Enforcement notice',
  other: 'Other document',
};

/** Headings of a project's documents grouped by type. */
export const DOCUMENT_TYPE_PLURAL: Record<DocumentType, string> = {
  noi: 'Notice of intent (NOI)',
  swppp: 'Stormwater pollution prevention plan (SWPPP)',
  swppp_amendment: 'SWPPP amendments',
  inspection_report: 'Inspection reports',
  monthly_summary: 'Monthly inspection summaries',
  as_built_plans: 'As-built plans',
  notice_of_termination: 'Notice of termination (NOT)',
  enforcement_notice: 'Enforcement notices',
  other: 'Other documents',
};

export const SHEET_SIZE_LABEL: Record<SheetSize, string> = {
  letter: 'Letter',
  legal: 'Legal',
  large_format: 'Large-format sheets',
  mixed: 'Pages and large-format sheets',
};

export const PARTY_ROLE_LABEL: Record<PartyRole, string> = {
  owner_operator: 'Owner/operator',
  swppp_preparer: 'SWPPP prepared by',
  qualified_inspector: 'Qualified inspector',
  contractor: 'Contractor',
  subcontractor: 'Subcontractor',
};

export const ENFORCEMENT_TYPE_LABEL: Record<EnforcementType, string> = {
  written_warning: 'Written warning',
  notice_of_violation: 'Notice of violation',
  swppp_deficiency_notice: 'SWPPP deficiency notice',
  stop_work_order: 'Stop-work order',
  fine: 'Court referral for a fine',
  occupancy_hold: 'Occupancy hold',
  dec_referral: 'Referral to NYS DEC',
};

/** What each kind of action means, naming the municipality by its kind ("town", "village", "city"). */
export function enforcementTypeMeaning(kind: string): Record<EnforcementType, string> {
  return {
    written_warning:
      'An informal written warning that something at the site does not comply with the law or the SWPPP.',
    notice_of_violation:
      'A formal written notice that the site violates the erosion and sediment control law, listing the corrective actions required and the date to complete them.',
    swppp_deficiency_notice:
      'Notice that the SWPPP does not meet the law’s requirements. The permittee has seven days to amend it and certify the changes in writing.',
    stop_work_order: `All land development activity must stop, except work that fixes the violations, until the ${kind} confirms the site complies.`,
    fine: `A case the ${kind} refers to court (Subsection R(3)): only on conviction may the court impose a fine, of up to $250 for each day a violation continues (each day is a separate offense).`,
    occupancy_hold: `The ${kind} will not allow the building or land to be occupied until the violation is fixed.`,
    dec_referral: `The ${kind} referred the matter to the NYS Department of Environmental Conservation, which enforces the state stormwater permit.`,
  };
}

/** An action's status, naming the municipality by its kind ("Complied, awaiting village closure"). */
export function enforcementStatusLabel(kind: string): Record<EnforcementStatus, string> {
  return {
    issued: 'In effect',
    complied: `Complied, awaiting ${kind} closure`,
    escalated: 'Escalated',
    withdrawn: 'Withdrawn',
    closed: 'Closed',
  };
}

export const RECEIVING_WATER_TYPE_LABEL: Record<string, string> = {
  stream: 'stream',
  river: 'river',
  wetland: 'wetland',
  lake: 'lake',
  // Shown in parentheses after a water's name: no parentheses of its own.
  ms4: 'municipal storm sewer, MS4',
};

// Operators' filings and the officer's review
export const INSPECTION_TYPE_LABEL: Record<InspectionType, string> = {
  pre_construction: 'Pre-construction assessment',
  routine: 'Routine inspection',
  post_storm: 'Post-storm inspection (within 24 hours)',
  final_stabilization: 'Final stabilization inspection',
  follow_up: 'Follow-up inspection',
};

/** The kinds of erosion and sediment control practice an inspection records. */
export const PRACTICE_TYPES = [
  'sediment_trap',
  'sediment_basin',
  'silt_fence',
  'inlet_protection',
  'construction_entrance',
  'diversion',
  'other',
] as const;
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

/** Subsection D(1): activities for which the ordinance requires no SWPPP, (a) to (j). */
export const D1_EXEMPTIONS = [
  'emergency',
  'agriculture',
  'agricultural_land_under_5_acres',
  'mining',
  'septic',
  'lawn_landscaping',
  'home_gardening',
  'smp_repair',
  'cemetery_graves',
  'fence_sign_poles',
] as const;
export type D1Exemption = (typeof D1_EXEMPTIONS)[number];
export const D1_EXEMPTION_LABEL: Record<D1Exemption, string> = {
  emergency: 'D(1)(a): emergency activity immediately necessary to protect life, property or natural resources',
  agriculture: 'D(1)(b): agricultural operations as a permitted use',
  agricultural_land_under_5_acres:
    'D(1)(c): construction on agricultural or silvicultural land disturbing less than five acres',
  mining: 'D(1)(d): mining regulated by the Mined Land Reclamation Law',
  septic: 'D(1)(e): renovation or replacement of a septic system serving an existing building',
  lawn_landscaping:
    'D(1)(f): lawn and landscaping maintenance on developed property, unless the activity meets the Code’s definition of a “major project” or “minor project”',
  home_gardening: 'D(1)(g): home gardening',
  smp_repair: 'D(1)(h): repairs to a stormwater practice the Stormwater Management Officer found necessary',
  cemetery_graves: 'D(1)(i): cemetery graves',
  fence_sign_poles: 'D(1)(j): fence, sign, telephone and electric poles and other posts',
};

export const PRACTICE_CONDITION_LABEL: Record<PracticeCondition, string> = {
  good: 'Working as designed',
  needs_maintenance: 'Needs maintenance',
  failed: 'Failed',
  not_inspected: 'Not inspected',
};

/** A filing's review status, naming the municipality by its kind ("Accepted by the village"). */
export function reviewStatusLabel(kind: string): Record<ReviewStatus, string> {
  return {
    filed: `Filed, awaiting the ${kind}’s review`,
    accepted: `Accepted by the ${kind}`,
    returned: `Returned by the ${kind} for correction`,
  };
}

/** Documents an operator uploads from the workspace (besides inspection reports and summaries). */
export const OPERATOR_UPLOAD_TYPES = ['swppp_amendment', 'as_built_plans', 'notice_of_termination'] as const;
export type OperatorUploadType = (typeof OPERATOR_UPLOAD_TYPES)[number];

/** What each upload is, naming the municipality by its kind ("The village reviews it"). */
export function operatorUploadMeaning(kind: string): Record<OperatorUploadType, string> {
  return {
    swppp_amendment: `A change to the approved SWPPP (design, construction, maintenance, or a new contractor). The ${kind} reviews it like the original plan.`,
    as_built_plans:
      'Plans of the permanent stormwater practices as built, certified by a licensed or certified professional, after final stabilization.',
    notice_of_termination:
      'The copy of the notice of termination (NOT) filed with the state DEC once the site is stabilized and the permanent practices are built.',
  };
}

export const SEVERITY_WORDS: Record<'high' | 'medium' | 'low', string> = {
  high: 'Serious',
  medium: 'Needs attention',
  low: 'Minor',
};

/** The ordinance's words for each milestone, shortened. */
export const MILESTONE_LABEL: Record<Milestone, string> = {
  start_of_construction: 'Start of construction and initial erosion and sediment controls',
  controls_as_clearing_progresses: 'Erosion and sediment controls as clearing and grading progress',
  clearing_complete: 'Completion of site clearing',
  rough_grading_complete: 'Completion of rough grading',
  final_grading_complete: 'Completion of final grading',
  close_of_season: 'Close of the construction season',
  final_landscaping_complete: 'Completion of final landscaping',
  public_landscaping_established: 'Landscaping established in public areas',
};

export const TOWN_INSPECTION_OUTCOME_LABEL: Record<TownInspectionOutcome, string> = {
  approved: 'Approved: the work complies',
  deficient: 'Deficient: violations found',
  follow_up: 'Follow-up needed',
};

/** A municipal inspection that was not one of the noticed milestones (a complaint, a routine visit, a follow-up). */
export const TOWN_INSPECTION_NO_MILESTONE = 'Site inspection';

/** The monthly summary's state in a month of a site's compliance history (compliance/history.rules.ts). */
export const MONTH_SUMMARY_STATES = ['on_time', 'late', 'missing', 'not_due_yet', 'not_required'] as const;
export type MonthSummaryState = (typeof MONTH_SUMMARY_STATES)[number];
export const MONTH_SUMMARY_STATE_WORDS: Record<MonthSummaryState, string> = {
  on_time: 'Filed on time',
  late: 'Filed late',
  missing: 'Not filed',
  not_due_yet: 'Not due yet',
  not_required: 'Not required',
};

export const GUARANTEE_KIND_LABEL: Record<GuaranteeKind, string> = {
  performance_bond: 'Performance bond',
  cash_escrow: 'Cash escrow',
  letter_of_credit: 'Irrevocable letter of credit',
};

export const GUARANTEE_PURPOSE_LABEL: Record<GuaranteePurpose, string> = {
  construction_completion: 'Construction completion',
  maintenance: 'Maintenance (operation of the facilities)',
};

export const SWPPP_DECISION_LABEL: Record<SwpppDecision, string> = {
  approved: 'Approved',
  approved_with_conditions: 'Approved with conditions',
  disapproved: 'Disapproved',
};

export const REQUEST_STATUS_LABEL: Record<RequestStatus, string> = {
  received: 'Received',
  acknowledged: 'Acknowledged',
  awaiting_cost_approval: 'Waiting for cost approval',
  awaiting_payment: 'Waiting for payment',
  fulfilled: 'Fulfilled',
  denied: 'Denied',
  withdrawn: 'Withdrawn',
  awaiting_clarification: 'Waiting for the requester’s answer',
  closed_duplicate: 'Closed as a duplicate',
  copies_ready: 'Copies ready',
};

/** The clerk's written decision on one item of a records request (POL §89(3)(a)), naming the "Village". */
export function itemDecisionLabel(kindWord: string) {
  return {
    granted: 'Granted',
    granted_in_part: 'Granted in part',
    denied: 'Denied',
    not_held: `No record: not in the ${kindWord}’s possession (certified)`,
    not_found: 'No record: not found after a diligent search (certified)',
  } as const;
}

/** The appeals officer's answer to an appeal (POL §89(4)(a)). */
export const APPEAL_OUTCOME_LABEL = {
  pending: 'Waiting for the appeals officer',
  granted: 'Appeal granted',
  granted_in_part: 'Appeal granted in part',
  denied: 'Appeal denied',
} as const;

export const APPEAL_KIND_LABEL = {
  written_denial: 'Appeal of a written denial',
  partial_denial: 'Appeal of records withheld in part',
  missed_deadline: 'Appeal of a request not answered in time',
} as const;

export const CHANNEL_LABEL: Record<RequestChannel, string> = {
  web: 'Online form',
  email: 'Email',
  mail: 'Mail',
  walk_in: 'In person',
  phone: 'Telephone (written up by the clerk)',
};

/** How a written request reached a site's operator outside the portal (ordinance L(4)). */
export const OPERATOR_WRITTEN_CHANNEL_LABEL = { letter: 'By letter', email: 'By email', hand: 'By hand' } as const;

export const ROLE_LABEL: Record<Role, string> = {
  admin: 'Administrator',
  clerk: 'Clerk',
  officer: 'Stormwater Management Officer',
  operator: 'Operator',
};

export const DELIVERY_LABEL: Record<DeliveryMethod, string> = {
  electronic: 'By email or download (free)',
  paper_pickup: 'Paper copies, picked up at the municipal hall',
  paper_mail: 'Paper copies, sent by mail',
  cd: 'On a CD',
  usb: 'On a USB drive',
  inspect: 'Inspect the records in person (free)',
};

/** The delivery choices where the copies are picked up at the municipality's hall ("Village Hall"). */
export function deliveryLabel(hall: string): Record<DeliveryMethod, string> {
  return { ...DELIVERY_LABEL, paper_pickup: `Paper copies, picked up at ${hall}` };
}

/** What an alert announces, in a sentence ("… about the project: monthly inspection summaries, …"). */
export const ALERT_EVENT_KIND_WORDS: Record<AlertEventKind, string> = {
  summary: 'monthly inspection summaries',
  inspection_report: 'inspection reports',
  swppp_amendment: 'SWPPP amendments',
  finding: 'serious compliance findings',
  enforcement: 'enforcement actions',
  project: 'new projects',
  practice_inspection: 'municipal inspections of permanent stormwater practices',
  site_report: 'residents’ reports',
};

/**
 * What each kind of subscription is sent: a project's own news (never "new projects": it is one
 * already); an area, everything about the projects inside it. The alert dispatcher matches by this list,
 * and the form and the confirmation mail say it.
 */
export const ALERT_KINDS_SENT: Record<AlertTarget, readonly AlertEventKind[]> = {
  project: [
    'summary',
    'inspection_report',
    'swppp_amendment',
    'site_report',
    'finding',
    'enforcement',
    'practice_inspection',
  ],
  area: [
    'summary',
    'inspection_report',
    'swppp_amendment',
    'site_report',
    'finding',
    'enforcement',
    'project',
    'practice_inspection',
  ],
};

/** "monthly inspection summaries, inspection reports, …, and enforcement actions". */
export function alertKindsSentWords(target: AlertTarget): string {
  const words = ALERT_KINDS_SENT[target].map((k) => ALERT_EVENT_KIND_WORDS[k]);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

/** The public log of records requests (/requests/log): how each record asked for ended. */
export function logItemOutcomeLabel(
  kindWord: string,
): Record<
  | 'released'
  | 'released_in_part'
  | 'granted_in_part'
  | 'denied'
  | 'not_held'
  | 'not_found'
  | 'withdrawn'
  | 'duplicate'
  | 'pending',
  string
> {
  return {
    released: 'Released',
    released_in_part: 'Released in part',
    granted_in_part: 'Granted in part',
    denied: 'Denied',
    not_held: `No record: certified not in the ${kindWord}’s possession (not a denial)`,
    not_found: 'No record: certified not found after a diligent search (not a denial)',
    withdrawn: 'Withdrawn',
    duplicate: 'Closed as a duplicate',
    pending: 'Pending',
  };
}

/** The public log: whether the municipality answered by the due date. */
export const LOG_TIMELINESS_LABEL: Record<
  'on_time' | 'late' | 'not_yet_due' | 'overdue' | 'withdrawn' | 'duplicate',
  string
> = {
  on_time: 'On time',
  late: 'Late',
  not_yet_due: 'Not yet due',
  overdue: 'Overdue',
  withdrawn: 'Withdrawn',
  duplicate: 'Closed as a duplicate',
};

// ── Permanent stormwater practices and the review escrow (decisions 0035–0037) ──
import type { EscrowEntryKind, SmpCondition, SmpInspectionReason, SmpOwnerKind, SmpType } from '#db/enums.ts';

/** The NYS Stormwater Management Design Manual's families of permanent practices. */
export const SMP_TYPE_LABEL: Record<SmpType, string> = {
  pond: 'Stormwater pond',
  wetland: 'Stormwater wetland',
  infiltration: 'Infiltration practice',
  filtering: 'Filtering practice (bioretention, sand filter)',
  open_channel: 'Open channel (dry or wet swale)',
  green_infrastructure: 'Green infrastructure (rain garden, porous pavement, green roof)',
  proprietary_device: 'Proprietary device (manufactured treatment unit)',
};

/** What each family is, in plain words, for residents. */
export const SMP_TYPE_MEANING: Record<SmpType, string> = {
  pond: 'A basin that holds runoff from streets, roofs and parking lots, lets the sediment settle, and releases the water slowly.',
  wetland: 'A shallow, planted basin that holds runoff and lets the plants and soil clean it before it flows on.',
  infiltration: 'A trench or basin of stone that lets runoff soak into the ground instead of running off.',
  filtering: 'A bed of soil, sand or plants the runoff passes through, which catches the pollutants.',
  open_channel: 'A grassed channel that carries runoff slowly and lets it soak in and settle on the way.',
  green_infrastructure:
    'Small practices that soak up rain where it falls: rain gardens, porous pavement, green roofs, tree pits.',
  proprietary_device: 'A manufactured unit, usually underground, that separates sediment and oil from runoff.',
};

/** Who maintains a practice: "The Village (public)" or a private owner. */
export function smpOwnerKindLabel(kindWord: string): Record<SmpOwnerKind, string> {
  return {
    public: `The ${kindWord} (public)`,
    private: 'A private owner',
  };
}

export const SMP_CONDITION_LABEL: Record<SmpCondition, string> = {
  functioning: 'Functioning',
  needs_maintenance: 'Needs maintenance',
  failing: 'Failing',
};

/** The condition in plain words, for residents. */
export const SMP_CONDITION_MEANING: Record<SmpCondition, string> = {
  functioning: 'It was working as designed.',
  needs_maintenance:
    'It works, but the owner must do maintenance (for example remove sediment, mow, clear the outlet).',
  failing: 'It does not work as designed and needs repair.',
};

export const SMP_INSPECTION_REASON_LABEL: Record<SmpInspectionReason, string> = {
  routine: 'Routine inspection',
  random: 'Random inspection',
  complaint: 'Inspection after a complaint or other notice',
  joint: 'Joint inspection with another agency',
  reinspection: 'Re-inspection of required maintenance',
};

export const ESCROW_ENTRY_KIND_LABEL: Record<EscrowEntryKind, string> = {
  deposit: 'Deposit (certified check)',
  estimate: 'Professional’s estimate',
  charge: 'Charge for accepted services',
  top_up_request: 'Request for a further deposit',
  refund: 'Refund of the remainder',
};
// ── end of permanent practices ──
