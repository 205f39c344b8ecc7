/**
 * The closed lists of the data model (statuses, kinds, roles…), apart from the tables so that pages,
 * components and browser code can name them without loading the schema. db/schema.ts re-exports them.
 */
export const PROJECT_KINDS = ['major', 'minor'] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];

/** Lifecycle, in the order a project normally moves through it. */
export const PROJECT_STATUSES = [
  'swppp_review',
  'approved',
  'active',
  'stop_work',
  'final_stabilization',
  'complete',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PARTY_ROLES = [
  'owner_operator',
  'swppp_preparer',
  'qualified_inspector',
  'contractor',
  'subcontractor',
] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

export const DOCUMENT_TYPES = [
  'noi',
  'swppp',
  'swppp_amendment',
  'inspection_report',
  'monthly_summary',
  'as_built_plans',
  'notice_of_termination',
  'enforcement_notice',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Sheet size decides the copy fee: up to 9x14 in. is a page, anything larger a large-format sheet. */
export const SHEET_SIZES = ['letter', 'legal', 'large_format', 'mixed'] as const;
export type SheetSize = (typeof SHEET_SIZES)[number];

export const REVIEW_STATUSES = ['filed', 'accepted', 'returned'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const INSPECTION_TYPES = [
  'pre_construction',
  'routine',
  'post_storm',
  'final_stabilization',
  'follow_up',
] as const;
export type InspectionType = (typeof INSPECTION_TYPES)[number];

/**
 * What an operator's inspection found of each erosion and sediment control practice. 'not_inspected' is a row the
 * inspector left blank: the form preselects nothing, so a practice not looked at is never filed as working, and it
 * stays on the next report's list.
 */
export const PRACTICE_CONDITIONS = ['good', 'needs_maintenance', 'failed', 'not_inspected'] as const;
export type PracticeCondition = (typeof PRACTICE_CONDITIONS)[number];

/** The ordinance's inspection milestones that need 48 hours' notice to the officer. */
export const INSPECTION_MILESTONES = [
  'start_of_construction',
  'controls_as_clearing_progresses',
  'clearing_complete',
  'rough_grading_complete',
  'final_grading_complete',
  'close_of_season',
  'final_landscaping_complete',
  'public_landscaping_established',
] as const;
export type Milestone = (typeof INSPECTION_MILESTONES)[number];

export const ENFORCEMENT_TYPES = [
  'written_warning',
  'notice_of_violation',
  'swppp_deficiency_notice',
  'stop_work_order',
  'fine',
  'occupancy_hold',
  'dec_referral',
] as const;
export type EnforcementType = (typeof ENFORCEMENT_TYPES)[number];

export const ENFORCEMENT_CATEGORIES = ['informal', 'formal', 'judicial'] as const;

export const ENFORCEMENT_STATUSES = ['issued', 'complied', 'escalated', 'withdrawn', 'closed'] as const;
export type EnforcementStatus = (typeof ENFORCEMENT_STATUSES)[number];

export const FINE_STATUSES = ['assessed', 'partly_paid', 'paid', 'waived'] as const;

export const ROLES = ['admin', 'clerk', 'officer', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export const REQUEST_CHANNELS = ['web', 'email', 'mail', 'walk_in', 'phone'] as const;
export type RequestChannel = (typeof REQUEST_CHANNELS)[number];

export const REQUEST_STATUSES = [
  'received',
  'acknowledged',
  'awaiting_cost_approval',
  'awaiting_payment',
  'fulfilled',
  'denied',
  'withdrawn',
  // The clerk asked the requester a question; the request waits for their answer (decision 0029).
  'awaiting_clarification',
  // Paper copies (or a CD/USB drive) paid and ready, waiting to be picked up or mailed (decision 0030).
  'copies_ready',
  // Closed as a duplicate of another request, whose answer covers it (records_requests.duplicate_of_request_id).
  'closed_duplicate',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const DELIVERY_METHODS = ['electronic', 'paper_pickup', 'paper_mail', 'cd', 'usb', 'inspect'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/**
 * Requests made to a site's operator under ordinance L(4) (beside, not inside, the Town's FOIL requests):
 * received (the operator's five business days run) → inspection_offered or awaiting_payment or fulfilled;
 * withdrawn by the requester. See src/lib/server/operator-requests/.
 */
export const OPERATOR_REQUEST_STATUSES = [
  'received',
  'inspection_offered',
  'awaiting_payment',
  'fulfilled',
  'withdrawn',
] as const;
export type OperatorRequestStatus = (typeof OPERATOR_REQUEST_STATUSES)[number];

/** How a written request reached the operator: through the portal, or outside it and logged afterwards. */
export const OPERATOR_REQUEST_CHANNELS = ['web', 'letter', 'email', 'hand'] as const;
export type OperatorRequestChannel = (typeof OPERATOR_REQUEST_CHANNELS)[number];

/** How the operator provided copies. */
export const COPIES_HOW = ['uploaded', 'mailed', 'handed_over', 'emailed'] as const;
export type CopiesHow = (typeof COPIES_HOW)[number];

/** Lines of an operator's bill; each is held to the Town's rate for the same thing (postage and "other" at actual cost). */
export const OPERATOR_CHARGE_CODES = ['page', 'large_format_sheet', 'cd', 'usb', 'postage', 'other'] as const;
export type OperatorChargeCode = (typeof OPERATOR_CHARGE_CODES)[number];

export const PAYMENT_METHODS = ['cash', 'check', 'card', 'money_order', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The outcome of the clerk's check that an application has its parts (never the officer's SWPPP review). */
export const APPLICATION_INTAKE = ['submitted', 'complete', 'incomplete'] as const;
export type ApplicationIntake = (typeof APPLICATION_INTAKE)[number];

export const OUTBOX_STATUSES = ['queued', 'sent', 'failed'] as const;

export const GUARANTEE_KINDS = ['performance_bond', 'cash_escrow', 'letter_of_credit'] as const;
export type GuaranteeKind = (typeof GUARANTEE_KINDS)[number];

/** The ordinance's construction completion guarantee and maintenance guarantee. */
export const GUARANTEE_PURPOSES = ['construction_completion', 'maintenance'] as const;
export type GuaranteePurpose = (typeof GUARANTEE_PURPOSES)[number];

export const ALERT_TARGETS = ['project', 'area'] as const;
export type AlertTarget = (typeof ALERT_TARGETS)[number];

export const ALERT_FREQUENCIES = ['immediate', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

export const ALERT_STATUSES = ['pending', 'active', 'unsubscribed'] as const;

/**
 * What alerts and feeds announce: a monthly summary posted, an enforcement action issued, a new project,
 * an inspection report filed, a SWPPP amendment made public, a new serious compliance finding, a
 * resident's report about a site (decision 0032).
 */
// 'practice_inspection' is a Town inspection of a permanent practice built under a published project (decision
// 0036); 'site_report' a step in a resident's report of a problem at a site (decision 0032).
export const ALERT_EVENT_KINDS = [
  'summary',
  'enforcement',
  'project',
  'inspection_report',
  'swppp_amendment',
  'finding',
  'practice_inspection',
  'site_report',
] as const;
export type AlertEventKind = (typeof ALERT_EVENT_KINDS)[number];

export const TOWN_INSPECTION_OUTCOMES = ['approved', 'deficient', 'follow_up'] as const;
export type TownInspectionOutcome = (typeof TOWN_INSPECTION_OUTCOMES)[number];

export const SWPPP_DECISIONS = ['approved', 'approved_with_conditions', 'disapproved'] as const;
export type SwpppDecision = (typeof SWPPP_DECISIONS)[number];

// ── Permanent stormwater practices (SMPs), their inspections, the review escrow (decisions 0035–0037) ──
/** The families of permanent practices in the NYS Stormwater Management Design Manual. */
export const SMP_TYPES = [
  'pond',
  'wetland',
  'infiltration',
  'filtering',
  'open_channel',
  'green_infrastructure',
  'proprietary_device',
] as const;
export type SmpType = (typeof SMP_TYPES)[number];

/** Who maintains a practice: the Town (public) or a private owner (an HOA, a business). */
export const SMP_OWNER_KINDS = ['public', 'private'] as const;
export type SmpOwnerKind = (typeof SMP_OWNER_KINDS)[number];

/** What an inspection of a permanent practice found. */
export const SMP_CONDITIONS = ['functioning', 'needs_maintenance', 'failing'] as const;
export type SmpCondition = (typeof SMP_CONDITIONS)[number];

/** Why it was inspected: the ordinance's "any reasonable basis" (routine, random, complaint, joint), or to close maintenance. */
export const SMP_INSPECTION_REASONS = ['routine', 'random', 'complaint', 'joint', 'reinspection'] as const;
export type SmpInspectionReason = (typeof SMP_INSPECTION_REASONS)[number];

/** Entries of an escrow account for the town's retained professionals. */
export const ESCROW_ENTRY_KINDS = ['deposit', 'estimate', 'charge', 'top_up_request', 'refund'] as const;
export type EscrowEntryKind = (typeof ESCROW_ENTRY_KINDS)[number];
// ── end of permanent practices ──
// ── Residents' reports of problems at a site, Open311 (decisions 0032–0034) ──
/**
 * A resident's report's public status (site-reports/report.rules.ts holds the words and the moves):
 * received → under review → inspected → violation found / no violation / referred elsewhere → closed.
 */
export const SITE_REPORT_STATUSES = [
  'received',
  'under_review',
  'inspected',
  'violation_found',
  'no_violation',
  'referred',
  'closed',
] as const;
export type SiteReportStatus = (typeof SITE_REPORT_STATUSES)[number];
/** Where a report came in: the portal's own form, or an Open311 GeoReport v2 client. */
export const SITE_REPORT_SOURCES = ['web', 'open311'] as const;
export type SiteReportSource = (typeof SITE_REPORT_SOURCES)[number];
/** What the officer can block: a reporter's email address, or the network address reports came from. */
export const REPORT_BLOCK_KINDS = ['email', 'ip'] as const;
export type ReportBlockKind = (typeof REPORT_BLOCK_KINDS)[number];
// ── end of residents' reports ──
