/**
 * Plain words for the ordinance's terms, shown to residents. One place, so pages, feeds and emails agree.
 */
import type {
  DocumentType,
  EnforcementStatus,
  EnforcementType,
  PartyRole,
  ProjectKind,
  ProjectStatus,
  SheetSize,
} from '#db/schema.ts';

export const PROJECT_STATUS_LABEL: Record<ProjectStatus, string> = {
  swppp_review: 'SWPPP under review',
  approved: 'Approved, not started',
  active: 'Active construction',
  stop_work: 'Stop-work order',
  final_stabilization: 'Final stabilization',
  complete: 'Complete (NOT filed)',
};

export const PROJECT_STATUS_MEANING: Record<ProjectStatus, string> = {
  swppp_review:
    "The town is reviewing the project's stormwater pollution prevention plan (SWPPP). Land clearing and grading may not start until it is approved.",
  approved: 'The SWPPP is approved and the site development permit issued; construction has not started yet.',
  active:
    'Construction is under way. A qualified professional must inspect the site’s erosion and sediment controls at least every seven days and within 24 hours after a storm of half an inch or more.',
  stop_work:
    'A stop-work order is in effect: all land development activity must stop, except work that fixes the violations, until the town confirms the site complies.',
  final_stabilization:
    'Construction is finished and the site is being stabilized (a uniform perennial vegetative cover of 80%, or equivalent) before the operator files a notice of termination.',
  complete:
    'The operator filed a notice of termination (NOT): the site is stabilized and the permanent stormwater practices are built. Post-construction practices remain subject to inspection.',
};

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
  fine: 'Fine',
  occupancy_hold: 'Occupancy hold',
  dec_referral: 'Referral to NYS DEC',
};

export const ENFORCEMENT_TYPE_MEANING: Record<EnforcementType, string> = {
  written_warning: 'An informal written warning that something at the site does not comply with the law or the SWPPP.',
  notice_of_violation:
    'A formal written notice that the site violates the erosion and sediment control law, listing the corrective actions required and the date to complete them.',
  swppp_deficiency_notice:
    'Notice that the SWPPP does not meet the law’s requirements. The permittee has seven days to amend it and certify the changes in writing.',
  stop_work_order:
    'All land development activity must stop, except work that fixes the violations, until the town confirms the site complies.',
  fine: 'A fine of up to $250 per violation; each day a violation continues counts as a separate offense.',
  occupancy_hold: 'The town will not allow the building or land to be occupied until the violation is fixed.',
  dec_referral:
    'The town referred the matter to the NYS Department of Environmental Conservation, which enforces the state stormwater permit.',
};

export const ENFORCEMENT_STATUS_LABEL: Record<EnforcementStatus, string> = {
  issued: 'In effect',
  complied: 'Complied, awaiting town closure',
  escalated: 'Escalated',
  withdrawn: 'Withdrawn',
  closed: 'Closed',
};

export const RECEIVING_WATER_TYPE_LABEL: Record<string, string> = {
  stream: 'stream',
  river: 'river',
  wetland: 'wetland',
  lake: 'lake',
  ms4: 'municipal storm sewer (MS4)',
};
