/**
 * The portal's whole domain model (drizzle, SQLite).
 *
 * Conventions, so later work can add columns without redesigning:
 * - Instants are `integer(..., { mode: 'timestamp_ms' })` in UTC (JS Date in code).
 * - Calendar days that the law counts in town-local time (due dates, NOI received, comply-by)
 *   are TEXT `YYYY-MM-DD` in America/New_York.
 * - Money is integer cents. Acres are REAL, shown to 0.1.
 * - Names follow the ordinance: SWPPP, NOI, NOT, stop-work order, qualified inspector.
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import {
  REPORT_BLOCK_KINDS,
  SITE_REPORT_SOURCES,
  SITE_REPORT_STATUSES,
  OPERATOR_CHARGE_CODES,
  COPIES_HOW,
  OPERATOR_REQUEST_CHANNELS,
  OPERATOR_REQUEST_STATUSES,
  ALERT_EVENT_KINDS,
  ALERT_FREQUENCIES,
  ALERT_STATUSES,
  ALERT_TARGETS,
  DELIVERY_METHODS,
  DOCUMENT_TYPES,
  ENFORCEMENT_CATEGORIES,
  ENFORCEMENT_STATUSES,
  ENFORCEMENT_TYPES,
  FINE_STATUSES,
  GUARANTEE_KINDS,
  GUARANTEE_PURPOSES,
  INSPECTION_MILESTONES,
  INSPECTION_TYPES,
  OUTBOX_STATUSES,
  PARTY_ROLES,
  PAYMENT_METHODS,
  APPLICATION_INTAKE,
  PRACTICE_CONDITIONS,
  SMP_TYPES,
  SMP_OWNER_KINDS,
  SMP_CONDITIONS,
  SMP_INSPECTION_REASONS,
  ESCROW_ENTRY_KINDS,
  PROJECT_KINDS,
  PROJECT_STATUSES,
  REQUEST_CHANNELS,
  REQUEST_STATUSES,
  REVIEW_STATUSES,
  ROLES,
  SHEET_SIZES,
} from './enums.ts';
export * from './enums.ts';

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now);
const updatedAt = () => integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now);

// ---------------------------------------------------------------------------------------------
// Vocabularies (string unions stored as TEXT; kept here so pages, seeds and tests share them)

// ---------------------------------------------------------------------------------------------
// Projects and the people on them

export const projects = sqliteTable(
  'projects',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Readable, printed on site postings; never changes once published. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** Brief public description (the ordinance requires one posted at the site). */
    description: text('description').notNull().default(''),
    siteAddress: text('site_address').notNull(),
    crossStreet: text('cross_street'),
    zip: text('zip'),
    latitude: real('latitude'),
    longitude: real('longitude'),
    /** Tax map parcel(s), section-block-lot, comma separated. */
    taxMapParcels: text('tax_map_parcels'),
    kind: text('kind', { enum: PROJECT_KINDS }).notNull(),
    status: text('status', { enum: PROJECT_STATUSES }).notNull(),
    /** new_construction | redevelopment */
    natureOfActivity: text('nature_of_activity'),
    preDevelopmentLandUse: text('pre_development_land_use'),
    postDevelopmentLandUse: text('post_development_land_use'),
    totalSiteAcres: real('total_site_acres'),
    disturbedAcres: real('disturbed_acres'),
    maxDisturbedAtOnceAcres: real('max_disturbed_at_once_acres'),
    existingImperviousAcres: real('existing_impervious_acres'),
    futureImperviousAcres: real('future_impervious_acres'),
    /** The ordinance allows more than five acres disturbed at once only with DEC's prior written approval. */
    decFiveAcreApproval: integer('dec_five_acre_approval', { mode: 'boolean' }).notNull().default(false),
    decFiveAcreApprovalOn: text('dec_five_acre_approval_on'),
    phasing: text('phasing'),
    phaseCount: integer('phase_count'),
    drainsToMs4: integer('drains_to_ms4', { mode: 'boolean' }).notNull().default(false),
    federalWetlandBuffer: integer('federal_wetland_buffer', { mode: 'boolean' }).notNull().default(false),
    stateWetlandBuffer: integer('state_wetland_buffer', { mode: 'boolean' }).notNull().default(false),
    watercourseBuffer: integer('watercourse_buffer', { mode: 'boolean' }).notNull().default(false),
    bufferNotes: text('buffer_notes'),
    postConstructionPractices: text('post_construction_practices'),
    plannedStartOn: text('planned_start_on'),
    plannedCompletionOn: text('planned_completion_on'),
    actualStartOn: text('actual_start_on'),
    townPermitNo: text('town_permit_no'),
    /** SPDES permit ID assigned by DEC, "NYR" + letters/digits. */
    spdesPermitId: text('spdes_permit_id'),
    noiReceivedOn: text('noi_received_on'),
    finalStabilizationOn: text('final_stabilization_on'),
    notFiledOn: text('not_filed_on'),
    /** Winter shutdown: inspections may be reduced between these dates. */
    winterShutdownFrom: text('winter_shutdown_from'),
    winterShutdownTo: text('winter_shutdown_to'),
    /** Subsection D(1): the exempt activity (a code from D1_EXEMPTIONS), and the reason in words; no SWPPP is required. */
    exemption: text('exemption'),
    exemptionNote: text('exemption_note'),
    /** Who recorded the exemption (printed name and title, as on a notice) and the town day they did: public. */
    exemptionRecordedBy: text('exemption_recorded_by'),
    exemptionRecordedOn: text('exemption_recorded_on'),
    /** Subsection L(3): the day a qualified professional certified the pre-construction assessment of the site. */
    preConstructionAssessmentOn: text('pre_construction_assessment_on'),
    published: integer('published', { mode: 'boolean' }).notNull().default(true),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('projects_slug_uq').on(t.slug),
    index('projects_status_idx').on(t.published, t.status, t.name),
    index('projects_kind_idx').on(t.published, t.kind, t.name),
    index('projects_name_idx').on(t.published, t.name, t.id, t.status, t.kind),
    // The list's sorts (see listProjects), in the order and direction they sort, with status and kind
    // after them so a filtered page is answered from the index alone, however deep the page.
    index('projects_updated_idx').on(t.published, sql`${t.updatedAt} desc`, t.name, t.id, t.status, t.kind),
    index('projects_start_idx').on(t.published, t.plannedStartOn, t.name, t.id, t.status, t.kind),
    index('projects_noi_idx').on(t.published, sql`${t.noiReceivedOn} desc`, t.name, t.id, t.status, t.kind),
  ],
);

/** Receiving waters named in the NOI. */
export const receivingWaters = sqliteTable(
  'receiving_waters',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** stream | river | wetland | lake | ms4 */
    waterType: text('water_type').notNull(),
    /** On the state's 303(d) list of impaired waters. */
    impaired: integer('impaired', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('receiving_waters_project_idx').on(t.projectId)],
);

/** Owner/operator, SWPPP preparer, qualified inspector, contractors and subcontractors. */
export const parties = sqliteTable(
  'parties',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    role: text('role', { enum: PARTY_ROLES }).notNull(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name'),
    contactTitle: text('contact_title'),
    /** Business phone/email shown on the site posting; never a home address or tax ID. */
    phone: text('phone'),
    email: text('email'),
    /** e.g. "NYS PE 087654", "CPESC 1234". */
    license: text('license'),
    /** The SWPPP measures this contractor implements. */
    measures: text('measures'),
    /** Date the contractor certification statement was signed. */
    certifiedOn: text('certified_on'),
    /** The signed certification statement, when the town has a copy on file. */
    certificationDocumentId: integer('certification_document_id').references((): AnySQLiteColumn => documents.id),
    createdAt: createdAt(),
  },
  (t) => [index('parties_project_idx').on(t.projectId, t.role)],
);

// ---------------------------------------------------------------------------------------------
// Documents (files are stored once under DATA_DIR/files/<sha256>)

export const documents = sqliteTable(
  'documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type', { enum: DOCUMENT_TYPES }).notNull(),
    title: text('title').notNull(),
    /** Original name, only for the download's Content-Disposition. */
    filename: text('filename').notNull(),
    sha256: text('sha256').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    pageCount: integer('page_count').notNull().default(1),
    sheetSize: text('sheet_size', { enum: SHEET_SIZES }).notNull().default('letter'),
    /** Pages larger than 9x14 in. (plan sheets), billed per sheet rather than per page. */
    largeFormatPages: integer('large_format_pages').notNull().default(0),
    /** Date the document speaks for (report date, SWPPP revision date), local. */
    documentDate: text('document_date'),
    public: integer('public', { mode: 'boolean' }).notNull().default(false),
    /** The operator proposes; the officer decides `public`. */
    publicProposed: integer('public_proposed', { mode: 'boolean' }),
    reviewStatus: text('review_status', { enum: REVIEW_STATUSES }).notNull().default('accepted'),
    /** SWPPP amendments chain to the version they supersede. */
    supersedesId: integer('supersedes_id').references((): AnySQLiteColumn => documents.id),
    version: integer('version').notNull().default(1),
    uploadedByUserId: integer('uploaded_by_user_id').references((): AnySQLiteColumn => users.id),
    uploadedAt: integer('uploaded_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: updatedAt(),
    /** The officer's review of an operator's upload: a comment the operator sees when it is returned. */
    reviewComment: text('review_comment'),
    reviewedByUserId: integer('reviewed_by_user_id').references((): AnySQLiteColumn => users.id),
    reviewedAt: integer('reviewed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('documents_project_idx').on(t.projectId, t.type, t.documentDate),
    index('documents_sha_idx').on(t.sha256),
  ],
);

/**
 * The words printed in a stored PDF, read once per file (by its bytes' hash, so a file filed twice is read once)
 * when a public document holds it, for the public search (decision 0105). Only public documents' files are read;
 * the search indexes a file's text only while a public document of a published project holds it.
 */
export const pdfTexts = sqliteTable('pdf_texts', {
  sha256: text('sha256').primaryKey(),
  /** read: its pages' words are below; unreadable: no words could be read (a scan, a broken or locked file); cut: read up to the bounds. */
  outcome: text('outcome', { enum: ['read', 'unreadable', 'cut'] }).notNull(),
  /** Pages in the file (0 when it could not be opened). */
  pageCount: integer('page_count').notNull().default(0),
  readAt: integer('read_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

/** One page's words (pages without words have no row). */
export const pdfTextPages = sqliteTable(
  'pdf_text_pages',
  {
    sha256: text('sha256')
      .notNull()
      .references(() => pdfTexts.sha256, { onDelete: 'cascade' }),
    /** From 1, as printed page numbers are counted. */
    page: integer('page').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.page] })],
);

/** Officer's review of a SWPPP or amendment: 30 days for completeness, then 30 days to decide. */
export const swpppReviews = sqliteTable(
  'swppp_reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    documentId: integer('document_id').references(() => documents.id),
    receivedOn: text('received_on').notNull(),
    /** Date the officer found it complete (starts the 30-day decision clock). */
    completeOn: text('complete_on'),
    /** Written notice of deficiencies when not complete. */
    deficienciesNotifiedOn: text('deficiencies_notified_on'),
    /** A revised plan received after a deficiency notice: restarts the 30-day completeness clock. */
    resubmittedOn: text('resubmitted_on'),
    deficiencies: text('deficiencies'),
    /** approved | approved_with_conditions | disapproved */
    decision: text('decision'),
    decidedOn: text('decided_on'),
    conditions: text('conditions'),
    reasons: text('reasons'),
    /** Time extended by agreement between the applicant and the town. */
    extendedUntil: text('extended_until'),
    extensionNote: text('extension_note'),
    decidedByUserId: integer('decided_by_user_id').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('swppp_reviews_project_idx').on(t.projectId, t.receivedOn)],
);

/**
 * The officer's comments on a plan in review, each at its place in the plan (a section, a page, or both): the
 * written notice of deficiencies lists them, and the applicant answers them in the revised plan.
 */
export const swpppReviewComments = sqliteTable(
  'swppp_review_comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reviewId: integer('review_id')
      .notNull()
      .references(() => swpppReviews.id, { onDelete: 'cascade' }),
    /** The date of the deficiency notice that gave the comment. */
    noticeOn: text('notice_on').notNull(),
    section: text('section'),
    page: integer('page'),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('swppp_review_comments_review_idx').on(t.reviewId, t.noticeOn)],
);

// ---------------------------------------------------------------------------------------------
// Operator's inspections (by a qualified professional) and monthly summaries

/** Rain events; one of 0.5 in. or more obliges a post-storm inspection within 24 hours of its end. */
export const stormEvents = sqliteTable(
  'storm_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }).notNull(),
    inches: real('inches').notNull(),
    gauge: text('gauge'),
    /** manual | import */
    source: text('source').notNull().default('manual'),
    /** Imported events: the NOAA station (GHCN-Daily id, e.g. USW00014735), so a second import skips them. */
    station: text('station'),
    recordedByUserId: integer('recorded_by_user_id').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('storm_events_ended_idx').on(t.endedAt)],
);

export const inspections = sqliteTable(
  'inspections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    inspectedAt: integer('inspected_at', { mode: 'timestamp_ms' }).notNull(),
    type: text('type', { enum: INSPECTION_TYPES }).notNull(),
    inspectorName: text('inspector_name').notNull(),
    inspectorCredential: text('inspector_credential'),
    weather: text('weather'),
    rainSinceLastInches: real('rain_since_last_inches'),
    stormEventId: integer('storm_event_id').references(() => stormEvents.id),
    /** Ordinance: extent of disturbed areas and drainage pathways (site map). */
    disturbedAcresActive: real('disturbed_acres_active'),
    /** Disturbed areas with no active work in the previous 14 days. */
    disturbedAcresInactive: real('disturbed_acres_inactive'),
    tempStabilizedAcres: real('temp_stabilized_acres'),
    finalStabilizedAcres: real('final_stabilized_acres'),
    disturbedAreasNotes: text('disturbed_areas_notes'),
    /** Areas expected to undergo initial disturbance in the next 14 days. */
    nextFourteenDaysNotes: text('next_fourteen_days_notes'),
    rillGullyErosion: integer('rill_gully_erosion', { mode: 'boolean' }).notNull().default(false),
    sedimentLeavingSite: integer('sediment_leaving_site', { mode: 'boolean' }).notNull().default(false),
    maintenanceNeeded: text('maintenance_needed'),
    /** All deficiencies identified with the implementation of the SWPPP. */
    deficiencies: text('deficiencies'),
    reportDocumentId: integer('report_document_id').references(() => documents.id),
    filedByUserId: integer('filed_by_user_id').references((): AnySQLiteColumn => users.id),
    filedAt: integer('filed_at', { mode: 'timestamp_ms' }).notNull().default(now),
    reviewStatus: text('review_status', { enum: REVIEW_STATUSES }).notNull().default('filed'),
    reviewComment: text('review_comment'),
    reviewedByUserId: integer('reviewed_by_user_id').references((): AnySQLiteColumn => users.id),
    reviewedAt: integer('reviewed_at', { mode: 'timestamp_ms' }),
    /** Snow cover or frozen ground at the inspection (stabilization may wait, Subsection J(7)(a)). */
    snowCover: integer('snow_cover', { mode: 'boolean' }).notNull().default(false),
    /** A corrected report refiled after the officer returned one; the returned one is then superseded. */
    supersedesId: integer('supersedes_id').references((): AnySQLiteColumn => inspections.id),
    supersededAt: integer('superseded_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('inspections_project_idx').on(t.projectId, t.inspectedAt)],
);

/** Per sediment/erosion control practice, as the ordinance asks each inspection to record. */
export const inspectionPractices = sqliteTable(
  'inspection_practices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    practice: text('practice').notNull(),
    /** sediment_trap | sediment_basin | silt_fence | inlet_protection | construction_entrance | diversion | other */
    practiceType: text('practice_type').notNull(),
    /** Sediment accumulation as % of storage volume; cleanout due at 50%. */
    sedimentAccumulationPct: real('sediment_accumulation_pct'),
    condition: text('condition', { enum: PRACTICE_CONDITIONS }).notNull().default('good'),
    notes: text('notes'),
  },
  (t) => [index('inspection_practices_inspection_idx').on(t.inspectionId)],
);

/** Opened by an inspection finding; carried over to following reports until closed. */
export const correctiveActions = sqliteTable(
  'corrective_actions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    openedInInspectionId: integer('opened_in_inspection_id').references(() => inspections.id),
    closedInInspectionId: integer('closed_in_inspection_id').references(() => inspections.id),
    description: text('description').notNull(),
    responsibleParty: text('responsible_party'),
    dueOn: text('due_on'),
    /** Why a due date later than the next business day is justified (the state permit: begun within one business day). */
    dueReason: text('due_reason'),
    closedOn: text('closed_on'),
    createdAt: createdAt(),
  },
  (t) => [index('corrective_actions_project_idx').on(t.projectId, t.closedOn)],
);

/** The operator's monthly summary of site inspection activity, posted for the public. */
export const monthlySummaries = sqliteTable(
  'monthly_summaries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** YYYY-MM */
    month: text('month').notNull(),
    version: integer('version').notNull().default(1),
    /** A correction supersedes the earlier version, which stays visible. */
    supersedesId: integer('supersedes_id').references((): AnySQLiteColumn => monthlySummaries.id),
    supersededAt: integer('superseded_at', { mode: 'timestamp_ms' }),
    inspectionsDone: integer('inspections_done').notNull().default(0),
    inspectionsRequired: integer('inspections_required').notNull().default(0),
    stormEvents: integer('storm_events').notNull().default(0),
    postStormInspections: integer('post_storm_inspections').notNull().default(0),
    acresDisturbed: real('acres_disturbed'),
    acresStabilized: real('acres_stabilized'),
    correctiveOpened: integer('corrective_opened').notNull().default(0),
    correctiveClosed: integer('corrective_closed').notNull().default(0),
    correctiveOpen: integer('corrective_open').notNull().default(0),
    /** Plain-language narrative for residents. */
    narrative: text('narrative').notNull().default(''),
    certifiedByName: text('certified_by_name'),
    certifiedByTitle: text('certified_by_title'),
    certifiedAt: integer('certified_at', { mode: 'timestamp_ms' }),
    documentId: integer('document_id').references(() => documents.id),
    submittedByUserId: integer('submitted_by_user_id').references((): AnySQLiteColumn => users.id),
    submittedAt: integer('submitted_at', { mode: 'timestamp_ms' }),
    reviewStatus: text('review_status', { enum: REVIEW_STATUSES }).notNull().default('filed'),
    reviewComment: text('review_comment'),
    reviewedByUserId: integer('reviewed_by_user_id').references((): AnySQLiteColumn => users.id),
    reviewedAt: integer('reviewed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    /** Why a corrected version was filed (shown with it). */
    correctionNote: text('correction_note'),
  },
  (t) => [
    index('monthly_summaries_project_idx').on(t.projectId, t.month),
    index('monthly_summaries_submitted_idx').on(t.submittedAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// The town's side: 48-hour inspection notices, town inspections, enforcement

export const inspectionNotices = sqliteTable(
  'inspection_notices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    milestone: text('milestone', { enum: INSPECTION_MILESTONES }).notNull(),
    /** When the milestone work will happen; notice must come at least 48 hours before. */
    scheduledFor: integer('scheduled_for', { mode: 'timestamp_ms' }).notNull(),
    givenAt: integer('given_at', { mode: 'timestamp_ms' }).notNull().default(now),
    /**
     * Who recorded the notice in the portal: the operator who gave it, or the officer who took it by phone
     * or in person. Not who gave it: that is `givenByName`.
     */
    givenByUserId: integer('given_by_user_id').references((): AnySQLiteColumn => users.id),
    /** Who gave the notice, as recorded ("Dale Ferris, Ferris Excavating (phone)"); the operator's own name when given in the portal. */
    givenByName: text('given_by_name'),
    notes: text('notes'),
  },
  (t) => [index('inspection_notices_project_idx').on(t.projectId, t.scheduledFor)],
);

/**
 * The construction schedule's milestones, as the operator plans them (the SWPPP's sequence; the NOI's planned
 * start stands for the start of construction until one is recorded here): the day each milestone's work is
 * expected, so the operator can be reminded to give the 48-hour notice in time. One planned day per milestone,
 * moved when the schedule moves.
 */
export const milestonePlans = sqliteTable(
  'milestone_plans',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    milestone: text('milestone', { enum: INSPECTION_MILESTONES }).notNull(),
    /** The town day the milestone's work is expected to begin, YYYY-MM-DD. */
    plannedOn: text('planned_on').notNull(),
    recordedByUserId: integer('recorded_by_user_id').references((): AnySQLiteColumn => users.id),
    recordedAt: integer('recorded_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [uniqueIndex('milestone_plans_project_milestone_idx').on(t.projectId, t.milestone)],
);

export const townInspections = sqliteTable(
  'town_inspections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    noticeId: integer('notice_id').references(() => inspectionNotices.id),
    milestone: text('milestone'),
    inspectedOn: text('inspected_on').notNull(),
    inspectorUserId: integer('inspector_user_id').references((): AnySQLiteColumn => users.id),
    /** approved | deficient | follow_up */
    outcome: text('outcome').notNull(),
    findings: text('findings'),
    createdAt: createdAt(),
  },
  (t) => [index('town_inspections_project_idx').on(t.projectId, t.inspectedOn)],
);

/**
 * A town inspection the officer has planned ahead (for a noticed milestone, a follow-up, a complaint):
 * on the officer's calendar and desk until its outcome is recorded (`townInspectionId`) or it is
 * cancelled. Staff only.
 */
export const scheduledInspections = sqliteTable(
  'scheduled_inspections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    noticeId: integer('notice_id').references(() => inspectionNotices.id),
    milestone: text('milestone', { enum: INSPECTION_MILESTONES }),
    scheduledFor: integer('scheduled_for', { mode: 'timestamp_ms' }).notNull(),
    /** The officer who scheduled it. */
    scheduledByUserId: integer('scheduled_by_user_id').references((): AnySQLiteColumn => users.id),
    notes: text('notes'),
    /** The inspection recorded for it, once it has happened. */
    townInspectionId: integer('town_inspection_id').references(() => townInspections.id),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('scheduled_inspections_when_idx').on(t.scheduledFor),
    index('scheduled_inspections_project_idx').on(t.projectId, t.scheduledFor),
  ],
);

/** A violation observed at a site; enforcement actions cite one or more. */
export const violations = sqliteTable(
  'violations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    observedOn: text('observed_on').notNull(),
    description: text('description').notNull(),
    ordinanceSection: text('ordinance_section'),
    townInspectionId: integer('town_inspection_id').references(() => townInspections.id),
    correctedOn: text('corrected_on'),
    createdAt: createdAt(),
  },
  (t) => [index('violations_project_idx').on(t.projectId, t.observedOn)],
);

export const enforcementActions = sqliteTable(
  'enforcement_actions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ENFORCEMENT_TYPES }).notNull(),
    category: text('category', { enum: ENFORCEMENT_CATEGORIES }).notNull(),
    status: text('status', { enum: ENFORCEMENT_STATUSES }).notNull().default('issued'),
    issuedOn: text('issued_on').notNull(),
    issuedByUserId: integer('issued_by_user_id').references((): AnySQLiteColumn => users.id),
    /** Printed name and title, e.g. "Stormwater Management Officer". */
    issuedByName: text('issued_by_name'),
    citedSection: text('cited_section'),
    /** Public, plain-language statement of what was found. */
    summary: text('summary').notNull(),
    requiredMeasures: text('required_measures'),
    complyBy: text('comply_by'),
    /** Only a closed date makes an action resolved. */
    closedOn: text('closed_on'),
    /** Stop-work orders: the date the town confirmed compliance and lifted it. */
    liftedOn: text('lifted_on'),
    escalatedToId: integer('escalated_to_id').references((): AnySQLiteColumn => enforcementActions.id),
    fineDailyRateCents: integer('fine_daily_rate_cents'),
    fineDays: integer('fine_days'),
    fineAssessedCents: integer('fine_assessed_cents'),
    finePaidCents: integer('fine_paid_cents').notNull().default(0),
    fineDueOn: text('fine_due_on'),
    fineStatus: text('fine_status', { enum: FINE_STATUSES }),
    noticeDocumentId: integer('notice_document_id').references(() => documents.id),
    public: integer('public', { mode: 'boolean' }).notNull().default(true),
    /** Stop-work orders: the project's status when issued, restored when the last one is lifted. */
    projectStatusBefore: text('project_status_before', { enum: PROJECT_STATUSES }),
    /** The date the permittee reported (or the town saw) compliance; the action stays open until closed. */
    compliedOn: text('complied_on'),
    /** Fines are a court penalty (R(3), "upon conviction"): the court the officer referred the case to. */
    courtName: text('court_name'),
    docketNumber: text('docket_number'),
    /** The day the court convicted; the fine it imposed is `fineAssessedCents`. */
    convictedOn: text('convicted_on'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('enforcement_project_idx').on(t.projectId, t.issuedOn),
    index('enforcement_open_idx').on(t.closedOn, t.type),
  ],
);

export const enforcementViolations = sqliteTable(
  'enforcement_violations',
  {
    enforcementActionId: integer('enforcement_action_id')
      .notNull()
      .references(() => enforcementActions.id, { onDelete: 'cascade' }),
    violationId: integer('violation_id')
      .notNull()
      .references(() => violations.id, { onDelete: 'cascade' }),
  },
  // By violation too: a project page asks which actions cite its violations; deleting a violation cascades here.
  (t) => [
    primaryKey({ columns: [t.enforcementActionId, t.violationId] }),
    index('enforcement_violations_violation_idx').on(t.violationId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Records requests (FOIL + the ordinance's five business days), billing

/** Town closures beyond weekends: GCL §24 holidays (seeded) and clerk-added days such as snow days. */
export const closures = sqliteTable('closures', {
  /** YYYY-MM-DD, local. */
  date: text('date').primaryKey(),
  name: text('name').notNull(),
  /** holiday (from the statutory rules) | closure (added by a clerk) */
  kind: text('kind').notNull(),
  /** A clerk can cancel a closure; the row stays so the change is explainable. */
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  createdByUserId: integer('created_by_user_id').references((): AnySQLiteColumn => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Copy fees with effective dates, so an old invoice keeps its rates. */
export const feeSchedules = sqliteTable('fee_schedules', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  effectiveFrom: text('effective_from').notNull(),
  /** Paper copies up to 9x14 in.; POL §87 caps this at 25 cents. */
  perPageCents: integer('per_page_cents').notNull(),
  largeFormatSheetCents: integer('large_format_sheet_cents').notNull(),
  electronicCents: integer('electronic_cents').notNull().default(0),
  cdCents: integer('cd_cents').notNull(),
  usbCents: integer('usb_cents').notNull(),
  /** Lowest-paid capable employee; only when preparing takes two hours or more. */
  staffHourlyCents: integer('staff_hourly_cents'),
  notes: text('notes'),
  createdByUserId: integer('created_by_user_id').references((): AnySQLiteColumn => users.id),
  createdAt: createdAt(),
});

export const recordsRequests = sqliteTable(
  'records_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** R-2026-0042 */
    number: text('number').notNull(),
    /** SHA-256 of the private tracking token; the token itself only travels in the link. */
    trackingTokenHash: text('tracking_token_hash').notNull(),
    projectId: integer('project_id').references(() => projects.id),
    channel: text('channel', { enum: REQUEST_CHANNELS }).notNull().default('web'),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('received'),
    /** The instant the written request arrived. */
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
    /** Statutory due date (close of business, local); recomputed when closures change. */
    dueOn: text('due_on').notNull(),
    acknowledgedOn: text('acknowledged_on'),
    /** Approximate date given with an acknowledgment or extension. */
    promisedOn: text('promised_on'),
    extensionReason: text('extension_reason'),
    description: text('description'),
    delivery: text('delivery', { enum: DELIVERY_METHODS }).notNull().default('electronic'),
    /** "Tell me first if the cost will exceed": cents, null for no limit. */
    costLimitCents: integer('cost_limit_cents'),
    costApprovedAt: integer('cost_approved_at', { mode: 'timestamp_ms' }),
    // Requester contact: never shown on public pages.
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email'),
    requesterPhone: text('requester_phone'),
    requesterAddress: text('requester_address'),
    deniedOn: text('denied_on'),
    denialReason: text('denial_reason'),
    fulfilledOn: text('fulfilled_on'),
    withdrawnOn: text('withdrawn_on'),
    enteredByUserId: integer('entered_by_user_id').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The date the town must next act by: the statutory due date, or the promised date once
     * acknowledged; null while the request waits for the requester (cost approval, payment) or is closed.
     * Kept in step by records-requests/request.rules.ts (respondBy) on every change; the queue sorts on it.
     */
    respondBy: text('respond_by'),
    /**
     * The tracking token is an HMAC of the request number and this version under a server secret kept
     * outside the database (src/lib/server/records-requests/links.ts); a new link bumps the version.
     */
    trackingLinkVersion: integer('tracking_link_version').notNull().default(1),
    /** Double-submit protection: hash of the form's one-time key, and of what was submitted with it. */
    submissionKeyHash: text('submission_key_hash'),
    submissionFingerprint: text('submission_fingerprint'),
    /** Fee estimate shown when the request was made (stored page counts, schedule of the day). */
    estimateCents: integer('estimate_cents'),
    /** When the request began waiting for the requester to approve a cost above their limit. */
    costApprovalRequestedAt: integer('cost_approval_requested_at', { mode: 'timestamp_ms' }),
    /** The amount the requester approved (a later, higher bill asks again). */
    costApprovedCents: integer('cost_approved_cents'),
    /** The POL §87(2) ground a whole-request denial rests on (denial_grounds). */
    denialGroundId: integer('denial_ground_id').references((): AnySQLiteColumn => denialGrounds.id),
    /** When the requester was mailed that the five business days ran out unanswered (POL §89(4)(a)); once. */
    missedDeadlineNoticeAt: integer('missed_deadline_notice_at', { mode: 'timestamp_ms' }),
    /** The day paper copies (or a CD/USB drive) were released, ready to pick up or to mail (decision 0030). */
    copiesReadyOn: text('copies_ready_on'),
    /** The day the clerk recorded the copies picked up at Town Hall (the request is then fulfilled). */
    pickedUpOn: text('picked_up_on'),
    /** The day the clerk recorded the copies mailed (the request is then fulfilled, and answered: decision 0030). */
    mailedOn: text('mailed_on'),
    /** While the clerk waits for the requester's clarification, the status to return to when they answer (0029). */
    statusBeforeClarification: text('status_before_clarification', { enum: REQUEST_STATUSES }),
    /** The day the requester answered a clarification question: the queue puts the request at the top (respond_by) until the Town next acts on it. */
    clarificationAnsweredOn: text('clarification_answered_on'),
    /** Closed as a duplicate of this request, on this day (its answer covers both; linked on both clerk pages). */
    duplicateOfRequestId: integer('duplicate_of_request_id').references((): AnySQLiteColumn => recordsRequests.id),
    duplicateClosedOn: text('duplicate_closed_on'),
    /** The clerk's note to the requester when closing it as a duplicate. */
    duplicateNote: text('duplicate_note'),
    /**
     * The first day the Town billed the request (asked the requester to approve a cost, or issued the invoice):
     * from then the next move is the requester's, so a promised date is met that day (decision 0063).
     */
    billedOn: text('billed_on'),
    /**
     * An appeal granted in whole or part (POL §89(4)(a)): the day access to the reopened records is owed, shown
     * to the requester; the clerk's queue lists these first until the request is answered again (decision 0065).
     */
    accessDueOn: text('access_due_on'),
  },
  (t) => [
    uniqueIndex('records_requests_number_uq').on(t.number),
    uniqueIndex('records_requests_token_uq').on(t.trackingTokenHash),
    index('records_requests_due_idx').on(t.status, t.dueOn),
    index('records_requests_project_idx').on(t.projectId),
    // The clerk's queue order (see src/lib/server/records-requests/queue.ts): deadlines first, then the rest; status to filter without a lookup.
    index('records_requests_queue_idx').on(
      sql`(respond_by is null)`,
      t.respondBy,
      t.dueOn,
      t.receivedAt,
      t.id,
      t.status,
    ),
    // Open requests (a status filter) by deadline, and the queue's flag counts, without reading rows.
    index('records_requests_status_respond_idx').on(t.status, t.respondBy, t.dueOn, t.receivedAt, t.id),
    uniqueIndex('records_requests_submission_uq').on(t.submissionKeyHash),
    // The public log (records-requests/public-log.ts): newest first, for the town or one project, a page at a time.
    index('records_requests_received_idx').on(t.receivedAt, t.id),
    index('records_requests_project_received_idx').on(t.projectId, t.receivedAt, t.id),
    // "Lost your link?" and the duplicate guard: one address's requests, newest first (lost-link.ts, near-duplicates.ts).
    index('records_requests_email_idx').on(t.requesterEmail, t.receivedAt),
  ],
);

export const requestItems = sqliteTable(
  'request_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requestId: integer('request_id')
      .notNull()
      .references(() => recordsRequests.id, { onDelete: 'cascade' }),
    documentId: integer('document_id').references(() => documents.id),
    /** For "inspection reports from … to …" or free-text records. */
    description: text('description'),
    dateFrom: text('date_from'),
    dateTo: text('date_to'),
    /** Confirmed by the clerk for billing. */
    pages: integer('pages'),
    largeFormatSheets: integer('large_format_sheets'),
    /** Released to the requester for download. */
    releasedAt: integer('released_at', { mode: 'timestamp_ms' }),
    /** For a date range: the kind of document it covers (inspection_report, monthly_summary). */
    documentType: text('document_type', { enum: DOCUMENT_TYPES }),
    /** A file the clerk uploaded for this request (scans of paper records), stored by SHA-256. */
    fileSha256: text('file_sha256'),
    fileName: text('file_name'),
    fileMimeType: text('file_mime_type'),
    fileSizeBytes: integer('file_size_bytes'),
    /** The clerk who attached it; null for what the requester asked for. */
    addedByUserId: integer('added_by_user_id').references((): AnySQLiteColumn => users.id),
    /**
     * The clerk's written decision on this item (POL §89(3)(a)): granted | granted_in_part | denied; or a
     * certification that there is no such record, not_held (not in the Town's possession) | not_found (not
     * found after a diligent search), which withholds nothing; null = not yet decided.
     */
    decision: text('decision', { enum: ['granted', 'granted_in_part', 'denied', 'not_held', 'not_found'] }),
    /** The POL §87(2) ground for withholding (granted in part or denied). */
    denialGroundId: integer('denial_ground_id').references((): AnySQLiteColumn => denialGrounds.id),
    /** What is withheld and why, in the clerk's words (shown to the requester). */
    decisionReason: text('decision_reason'),
    decidedOn: text('decided_on'),
    decidedByUserId: integer('decided_by_user_id').references((): AnySQLiteColumn => users.id),
    /** Granted in part: the documents of the item withheld (JSON array of document ids). */
    withheldDocumentIds: text('withheld_document_ids', { mode: 'json' }).$type<number[]>(),
  },
  (t) => [index('request_items_request_idx').on(t.requestId)],
);

/** Grounds for withholding a record under POL §87(2); the statutory ones are seeded, the admin keeps the list. */
export const denialGrounds = sqliteTable('denial_grounds', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** "POL §87(2)(b)" */
  citation: text('citation').notNull(),
  /** The ground in plain words, as the requester reads it. */
  label: text('label').notNull(),
  /** Seeded from the statute (the admin may reword, not delete). */
  statutory: integer('statutory', { mode: 'boolean' }).notNull().default(false),
  /** A retired ground stays for the requests that cite it but is no longer offered. */
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An appeal of a denial (written, in part, or by a missed deadline) to the appeals officer: 10 business days to answer (POL §89(4)(a)). */
export const requestAppeals = sqliteTable(
  'request_appeals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requestId: integer('request_id')
      .notNull()
      .references(() => recordsRequests.id, { onDelete: 'cascade' }),
    /** written_denial | partial_denial | missed_deadline */
    kind: text('kind', { enum: ['written_denial', 'partial_denial', 'missed_deadline'] }).notNull(),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
    /** The appeal counts from this business day (after close of business or on a closed day: the next). */
    countsFromOn: text('counts_from_on').notNull(),
    /** The 10th business day after countsFromOn. */
    dueOn: text('due_on').notNull(),
    /** The requester's words. */
    body: text('body').notNull(),
    /** The appeals officer named in settings when the appeal arrived. */
    officerUserId: integer('officer_user_id').references((): AnySQLiteColumn => users.id),
    /** pending | granted | granted_in_part | denied */
    outcome: text('outcome', { enum: ['pending', 'granted', 'granted_in_part', 'denied'] })
      .notNull()
      .default('pending'),
    decidedOn: text('decided_on'),
    decisionText: text('decision_text'),
    decidedByUserId: integer('decided_by_user_id').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('request_appeals_request_idx').on(t.requestId),
    index('request_appeals_outcome_idx').on(t.outcome, t.dueOn),
  ],
);

/** The request's timeline: notes to the requester and internal notes. */
export const requestEvents = sqliteTable(
  'request_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requestId: integer('request_id')
      .notNull()
      .references(() => recordsRequests.id, { onDelete: 'cascade' }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull().default(now),
    actorUserId: integer('actor_user_id').references((): AnySQLiteColumn => users.id),
    /** status | note_to_requester | internal_note | mail */
    kind: text('kind').notNull(),
    /** Shown to the requester on the tracking page. */
    visibleToRequester: integer('visible_to_requester', { mode: 'boolean' }).notNull().default(false),
    body: text('body').notNull(),
  },
  (t) => [index('request_events_request_idx').on(t.requestId, t.at)],
);

/**
 * The conversation on a records request, both ways: the requester's messages (from the tracking
 * page) and the clerk's (a message, or a question that asks for clarification). Each is mailed to the other side.
 */
export const requestMessages = sqliteTable(
  'request_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requestId: integer('request_id')
      .notNull()
      .references(() => recordsRequests.id, { onDelete: 'cascade' }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull().default(now),
    /** requester | clerk */
    sender: text('sender', { enum: ['requester', 'clerk'] }).notNull(),
    /** The clerk who wrote it; null for the requester. */
    authorUserId: integer('author_user_id').references((): AnySQLiteColumn => users.id),
    /** message | clarification (the clerk's question) | answer (the requester's reply to it) */
    kind: text('kind', { enum: ['message', 'clarification', 'answer'] })
      .notNull()
      .default('message'),
    body: text('body').notNull(),
  },
  (t) => [index('request_messages_request_idx').on(t.requestId, t.at)],
);

/** The clerks' saved replies: short named texts offered in the message box, so a common answer is typed once. */
export const replyTemplates = sqliteTable(
  'reply_templates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdByUserId: integer('created_by_user_id').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('reply_templates_name_uq').on(t.name)],
);

export const invoices = sqliteTable(
  'invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** INV-2026-0007 */
    number: text('number').notNull(),
    requestId: integer('request_id')
      .notNull()
      .references(() => recordsRequests.id, { onDelete: 'cascade' }),
    feeScheduleId: integer('fee_schedule_id')
      .notNull()
      .references(() => feeSchedules.id),
    /** draft | issued | void */
    status: text('status').notNull().default('draft'),
    discountCents: integer('discount_cents').notNull().default(0),
    discountReason: text('discount_reason'),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }),
    issuedByUserId: integer('issued_by_user_id').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
    voidedAt: integer('voided_at', { mode: 'timestamp_ms' }),
    voidReason: text('void_reason'),
  },
  (t) => [uniqueIndex('invoices_number_uq').on(t.number), index('invoices_request_idx').on(t.requestId)],
);

export const invoiceLines = sqliteTable(
  'invoice_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** page | large_format_sheet | cd | usb | postage | staff_time | electronic */
    code: text('code').notNull(),
    description: text('description').notNull(),
    quantity: real('quantity').notNull(),
    unitCents: integer('unit_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    documentId: integer('document_id').references(() => documents.id),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
);

export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** Check number or card reference. */
    reference: text('reference'),
    recordedByUserId: integer('recorded_by_user_id').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('payments_invoice_idx').on(t.invoiceId)],
);

// ---------------------------------------------------------------------------------------------
// Requests to the operator (ordinance L(4)): the operator's own five-business-day duty, beside the Town's FOIL path

export const operatorRequests = sqliteTable(
  'operator_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** OR-2026-0007 */
    number: text('number').notNull(),
    /** SHA-256 of the private tracking token (the same HMAC links as the Town's requests). */
    trackingTokenHash: text('tracking_token_hash').notNull(),
    trackingLinkVersion: integer('tracking_link_version').notNull().default(1),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    channel: text('channel', { enum: OPERATOR_REQUEST_CHANNELS }).notNull().default('web'),
    status: text('status', { enum: OPERATOR_REQUEST_STATUSES }).notNull().default('received'),
    /** The instant the operator received the written request (L(4) counts from it). */
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
    /** Fifth business day after receipt (GCL §20/§24, the Town's calendar). */
    dueOn: text('due_on').notNull(),
    /** What was asked: the SWPPP, inspection reports between two dates, anything else in words. */
    wantsSwppp: integer('wants_swppp', { mode: 'boolean' }).notNull().default(false),
    reportsFrom: text('reports_from'),
    reportsTo: text('reports_to'),
    description: text('description'),
    delivery: text('delivery', { enum: DELIVERY_METHODS }).notNull().default('electronic'),
    // Requester contact: never shown on public pages, nor to anyone but the operator, the clerk and the officer.
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email'),
    requesterPhone: text('requester_phone'),
    requesterAddress: text('requester_address'),
    /** A written request sent outside the portal, logged by the clerk (null: by the requester, or made here). */
    loggedByUserId: integer('logged_by_user_id').references((): AnySQLiteColumn => users.id),
    /** The first day the operator made the records available (offered inspection or provided copies). */
    answeredOn: text('answered_on'),
    /** The day the records were, or are to be, available: the inspection day offered, or the day of the copies. */
    availableOn: text('available_on'),
    inspectionPlace: text('inspection_place'),
    inspectionAt: integer('inspection_at', { mode: 'timestamp_ms' }),
    copiesOn: text('copies_on'),
    copiesHow: text('copies_how', { enum: COPIES_HOW }),
    /** The operator's bill for copying (at the requester's expense): total, and what the Town's schedule would allow. */
    billIssuedAt: integer('bill_issued_at', { mode: 'timestamp_ms' }),
    billTotalCents: integer('bill_total_cents'),
    townLimitCents: integer('town_limit_cents'),
    /** Above the Town's schedule only with the operator's statement of actual cost. */
    actualCostStatement: text('actual_cost_statement'),
    /** Whom the requester pays (the operator, never the Town) and how: printed on the bill. */
    billPayee: text('bill_payee'),
    billHowToPay: text('bill_how_to_pay'),
    /** Pages up to 9x14 in. and larger sheets counted from the uploaded PDFs, when copies were uploaded. */
    billPagesCounted: integer('bill_pages_counted'),
    billSheetsCounted: integer('bill_sheets_counted'),
    paidOn: text('paid_on'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    paymentReference: text('payment_reference'),
    fulfilledOn: text('fulfilled_on'),
    withdrawnOn: text('withdrawn_on'),
    /** When the officer and requester were told the five business days ran out; once. */
    missedNoticeAt: integer('missed_notice_at', { mode: 'timestamp_ms' }),
    /** Double-submit protection: hash of the public form's one-time key (a form sent twice makes one request). */
    submissionKeyHash: text('submission_key_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('operator_requests_number_uq').on(t.number),
    uniqueIndex('operator_requests_token_uq').on(t.trackingTokenHash),
    uniqueIndex('operator_requests_submission_uq').on(t.submissionKeyHash),
    index('operator_requests_project_idx').on(t.projectId, t.status, t.dueOn),
    index('operator_requests_status_idx').on(t.status, t.dueOn),
    // "Lost your link?" (records-requests/lost-link.ts): one address's requests.
    index('operator_requests_email_idx').on(t.requesterEmail, t.receivedAt),
  ],
);

/** The operator's itemised bill for copies. */
export const operatorRequestCharges = sqliteTable(
  'operator_request_charges',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requestId: integer('request_id')
      .notNull()
      .references(() => operatorRequests.id, { onDelete: 'cascade' }),
    /** page | large_format_sheet | cd | usb | postage | other: what the Town's schedule would allow depends on it. */
    code: text('code', { enum: OPERATOR_CHARGE_CODES }).notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitCents: integer('unit_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [index('operator_request_charges_request_idx').on(t.requestId)],
);

/** Copies the operator uploaded for the requester, stored by SHA-256 (released once any bill is paid). */
export const operatorRequestFiles = sqliteTable(
  'operator_request_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requestId: integer('request_id')
      .notNull()
      .references(() => operatorRequests.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references((): AnySQLiteColumn => users.id),
    uploadedAt: integer('uploaded_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('operator_request_files_request_idx').on(t.requestId)],
);

/** The operator request's timeline, as on the Town's requests. */
export const operatorRequestEvents = sqliteTable(
  'operator_request_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requestId: integer('request_id')
      .notNull()
      .references(() => operatorRequests.id, { onDelete: 'cascade' }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull().default(now),
    actorUserId: integer('actor_user_id').references((): AnySQLiteColumn => users.id),
    kind: text('kind').notNull(),
    visibleToRequester: integer('visible_to_requester', { mode: 'boolean' }).notNull().default(true),
    body: text('body').notNull(),
  },
  (t) => [index('operator_request_events_request_idx').on(t.requestId, t.at)],
);

// ---------------------------------------------------------------------------------------------
// People, sessions, audit and mail

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    title: text('title'),
    /** argon2id; null until an invitation is accepted. */
    passwordHash: text('password_hash'),
    disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
    lastSignInAt: integer('last_sign_in_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

export const userRoles = sqliteTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** Which operator accounts may file for which projects. */
export const projectMembers = sqliteTable(
  'project_members',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the cookie token. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull().default(now),
    /** Absolute expiry; idle expiry is computed from lastSeenAt. */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use invitation and password-reset tokens (hashed). */
export const authTokens = sqliteTable(
  'auth_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** invite | reset | sign-in (a one-time sign-in link) */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdByUserId: integer('created_by_user_id').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_uq').on(t.tokenHash)],
);

/** Fixed-window counters for sign-in, request submission and subscription limits. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start', { mode: 'timestamp_ms' }).notNull(),
  count: integer('count').notNull(),
});

/** Every state change: who, what, before/after, when. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull().default(now),
    actorUserId: integer('actor_user_id').references((): AnySQLiteColumn => users.id),
    /** For actors without an account: "requester", "system", "seed". */
    actorLabel: text('actor_label'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    beforeJson: text('before_json'),
    afterJson: text('after_json'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorUserId, t.at),
  ],
);

/** Mail is written here in the same transaction as the change that causes it, then delivered. */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Template name, e.g. "invitation", "request-receipt". */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Extra headers (List-Unsubscribe…), JSON. */
    headersJson: text('headers_json'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull().default(now),
    lastError: text('last_error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    messageId: text('message_id'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Town-wide settings that staff can change (close of business, summary due day, …). */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * One row whose `version` goes up whenever anything residents can see changes. Triggers on the public
 * tables bump it (migrations 0007 and 0009), whichever process writes, so the public page cache knows when a page
 * it holds is out of date. Records requests, mail, sessions and audit rows do not touch it.
 */
export const publicDataVersion = sqliteTable('public_data_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
});

// ---------------------------------------------------------------------------------------------
// The officer's desk: fine payments, evidence, performance guarantees, private calendar feeds

/** Each payment toward a fine; the action's finePaidCents is their sum. */
export const finePayments = sqliteTable(
  'fine_payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    enforcementActionId: integer('enforcement_action_id')
      .notNull()
      .references(() => enforcementActions.id, { onDelete: 'cascade' }),
    /** Local date the payment was received. */
    receivedOn: text('received_on').notNull(),
    amountCents: integer('amount_cents').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    reference: text('reference'),
    recordedByUserId: integer('recorded_by_user_id').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('fine_payments_action_idx').on(t.enforcementActionId)],
);

/** Photos the officer took at a town inspection: each a project document (its own public flag), kept with it. */
export const townInspectionDocuments = sqliteTable(
  'town_inspection_documents',
  {
    townInspectionId: integer('town_inspection_id')
      .notNull()
      .references(() => townInspections.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.townInspectionId, t.documentId] })],
);

/**
 * When and where a photo was taken, as its camera recorded it (EXIF, read before the picture was re-encoded
 * without metadata): facts of the record for staff, never in the public copy, whose file carries none.
 */
export const photoFacts = sqliteTable(
  'photo_facts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    takenAt: integer('taken_at', { mode: 'timestamp_ms' }),
    latitude: real('latitude'),
    longitude: real('longitude'),
  },
  (t) => [uniqueIndex('photo_facts_document_idx').on(t.documentId)],
);

/** The officer's answers to a town inspection's checklist (enforcement/inspection-checklist.rules.ts); a blank item has no row. */
export const townInspectionChecks = sqliteTable(
  'town_inspection_checks',
  {
    townInspectionId: integer('town_inspection_id')
      .notNull()
      .references(() => townInspections.id, { onDelete: 'cascade' }),
    item: text('item').notNull(),
    /** yes | no | na */
    answer: text('answer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.townInspectionId, t.item] })],
);

/**
 * Photos the operator's inspector took at an inspection, added to the filed report: each a project document
 * published or withheld with the report's PDF, which the ordinance makes a public document.
 */
export const inspectionPhotos = sqliteTable(
  'inspection_photos',
  {
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.inspectionId, t.documentId] })],
);

/** Evidence (photos, reports) attached to an enforcement action. */
export const enforcementDocuments = sqliteTable(
  'enforcement_documents',
  {
    enforcementActionId: integer('enforcement_action_id')
      .notNull()
      .references(() => enforcementActions.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.enforcementActionId, t.documentId] })],
);

/** Performance guarantees: staff only, never on public pages. */
export const performanceGuarantees = sqliteTable(
  'performance_guarantees',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: GUARANTEE_KINDS }).notNull(),
    purpose: text('purpose', { enum: GUARANTEE_PURPOSES }).notNull().default('construction_completion'),
    amountCents: integer('amount_cents').notNull(),
    /** Surety, bank or escrow holder. */
    institution: text('institution').notNull(),
    /** Bond number, letter of credit number or escrow account. */
    reference: text('reference'),
    receivedOn: text('received_on'),
    expiresOn: text('expires_on'),
    /** Final acceptance of the facilities: the one-year period runs from here. */
    finalAcceptanceOn: text('final_acceptance_on'),
    oneYearInspectionOn: text('one_year_inspection_on'),
    /** Whether the one-year inspection found the facilities acceptable (null: not recorded). */
    oneYearInspectionAcceptable: integer('one_year_inspection_acceptable', { mode: 'boolean' }),
    /** Maintenance guarantees run until the facilities are removed from operation. */
    removedFromOperationOn: text('removed_from_operation_on'),
    releasedOn: text('released_on'),
    releasedByUserId: integer('released_by_user_id').references((): AnySQLiteColumn => users.id),
    /** Drawn by the town to cover work the developer failed to do. */
    drawnCents: integer('drawn_cents').notNull().default(0),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('performance_guarantees_project_idx').on(t.projectId)],
);

/** Private iCalendar feed links: the token travels only in the URL; its SHA-256 is stored. */
export const calendarFeedTokens = sqliteTable(
  'calendar_feed_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('calendar_feed_tokens_hash_uq').on(t.tokenHash),
    index('calendar_feed_tokens_user_idx').on(t.userId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Alerts without an account (a resident gives only an address): email subscriptions to a project or an area, the public
// events found by the dispatcher, and which subscriber was told about which event.

export const alertSubscriptions = sqliteTable(
  'alert_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Stored lower-cased; never shown on a public page. */
    email: text('email').notNull(),
    target: text('target', { enum: ALERT_TARGETS }).notNull(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    /** Area subscriptions: the centre (WGS84) and radius in miles. */
    latitude: real('latitude'),
    longitude: real('longitude'),
    radiusMiles: real('radius_miles'),
    /** Words for the place, e.g. "1475 Curry Road" or "a point on the map". */
    label: text('label'),
    frequency: text('frequency', { enum: ALERT_FREQUENCIES }).notNull().default('immediate'),
    status: text('status', { enum: ALERT_STATUSES }).notNull().default('pending'),
    /** Double opt-in: SHA-256 of the single-use confirmation token. */
    confirmTokenHash: text('confirm_token_hash').notNull(),
    confirmExpiresAt: integer('confirm_expires_at', { mode: 'timestamp_ms' }).notNull(),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    /**
     * SHA-256 of the unsubscribe token that goes into every message (List-Unsubscribe and the link). The
     * token is HMAC(alert link key, id), derived again for each mail, never stored
     * (src/lib/server/public/alerts/subscriptions.ts); it lets its holder do nothing but stop this one
     * subscription.
     */
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    /**
     * SHA-256 of the token that earlier messages carried, still honoured: a token from before tokens were
     * hashed (migration 0012), or one derived under an earlier key (a restore without the key file).
     */
    previousUnsubscribeTokenHash: text('previous_unsubscribe_token_hash'),
    unsubscribedAt: integer('unsubscribed_at', { mode: 'timestamp_ms' }),
    /** Daily/weekly digests: when the last one was written to the outbox. */
    lastDigestAt: integer('last_digest_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('alert_subscriptions_confirm_uq').on(t.confirmTokenHash),
    uniqueIndex('alert_subscriptions_unsubscribe_uq').on(t.unsubscribeTokenHash),
    uniqueIndex('alert_subscriptions_previous_unsubscribe_uq').on(t.previousUnsubscribeTokenHash),
    index('alert_subscriptions_match_idx').on(t.status, t.target, t.projectId),
    index('alert_subscriptions_email_idx').on(t.email),
  ],
);

/** A new public item found by the alert dispatcher; one row per item, so nothing is announced twice. */
export const alertEvents = sqliteTable(
  'alert_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ALERT_EVENT_KINDS }).notNull(),
    /** The monthly summary, enforcement action or project id. */
    entityId: integer('entity_id').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    occurredAt: integer('occurred_at', { mode: 'timestamp_ms' }).notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** Site-relative link, e.g. /projects/slug#enforcement-history. */
    path: text('path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('alert_events_entity_uq').on(t.kind, t.entityId),
    index('alert_events_project_idx').on(t.projectId),
  ],
);

/** Which subscription is owed which event; sentAt stays null until an immediate alert or a digest carries it. */
export const alertDeliveries = sqliteTable(
  'alert_deliveries',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => alertSubscriptions.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => alertEvents.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    outboxId: integer('outbox_id').references(() => outbox.id),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.eventId] }),
    index('alert_deliveries_pending_idx').on(t.sentAt, t.subscriptionId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Operators' filings: areas where work stopped (stabilization clock), summary attachments

/**
 * A portion of the site where construction activity stopped, as recorded at an inspection: stabilization
 * must begin within 14 days unless snow cover or frozen ground prevents it, or work resumes within 21 days
 * (Subsection J(7)).
 */
export const inspectionInactiveAreas = sqliteTable(
  'inspection_inactive_areas',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    area: text('area').notNull(),
    acres: real('acres'),
    /** Local dates. */
    workStoppedOn: text('work_stopped_on').notNull(),
    stabilizationBegunOn: text('stabilization_begun_on'),
    resumesOn: text('resumes_on'),
  },
  (t) => [index('inspection_inactive_areas_inspection_idx').on(t.inspectionId)],
);

/** Attachments filed with a monthly summary (photos, the signed summary), each a document. */
export const monthlySummaryDocuments = sqliteTable(
  'monthly_summary_documents',
  {
    summaryId: integer('summary_id')
      .notNull()
      .references(() => monthlySummaries.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.summaryId, t.documentId] })],
);

// ── Permanent stormwater practices (SMPs), their inspections, the review escrow (decisions 0035–0037) ──

/**
 * A permanent stormwater management practice in the town's inventory (the MS4 permit's inventory). Created
 * when the officer accepts a project's certified as-built plans, or entered directly for older practices.
 */
export const stormwaterPractices = sqliteTable(
  'stormwater_practices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    type: text('type', { enum: SMP_TYPES }).notNull(),
    /** What it is, in the owner's or the plans' words (e.g. "wet pond with forebay"). */
    description: text('description').notNull().default(''),
    location: text('location').notNull(),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    /** The project it was built under; null for a practice entered directly. */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    ownerKind: text('owner_kind', { enum: SMP_OWNER_KINDS }).notNull(),
    ownerName: text('owner_name').notNull(),
    /** The operator account that files the owner's annual maintenance reports (besides the project's operators). */
    maintainerUserId: integer('maintainer_user_id').references((): AnySQLiteColumn => users.id),
    /** The recorded maintenance agreement or easement: a citation, and the document when the town holds it. */
    agreementReference: text('agreement_reference'),
    agreementDocumentId: integer('agreement_document_id').references((): AnySQLiteColumn => documents.id),
    /** The certified as-built plans, who certified them, and the officer's acceptance (a local day). */
    asBuiltDocumentId: integer('as_built_document_id').references((): AnySQLiteColumn => documents.id),
    asBuiltCertifiedBy: text('as_built_certified_by'),
    asBuiltAcceptedOn: text('as_built_accepted_on'),
    asBuiltAcceptedByUserId: integer('as_built_accepted_by_user_id').references((): AnySQLiteColumn => users.id),
    dedicatedToTown: integer('dedicated_to_town', { mode: 'boolean' }).notNull().default(false),
    /** Local days: in service from, removed from operation on. */
    inServiceOn: text('in_service_on').notNull(),
    removedOn: text('removed_on'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stormwater_practices_project_idx').on(t.projectId),
    index('stormwater_practices_type_idx').on(t.type, t.name),
  ],
);

/** An inspection of a permanent practice by the officer or the designated agent. */
export const practiceInspections = sqliteTable(
  'practice_inspections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => stormwaterPractices.id, { onDelete: 'cascade' }),
    inspectedOn: text('inspected_on').notNull(),
    reason: text('reason', { enum: SMP_INSPECTION_REASONS }).notNull(),
    condition: text('condition', { enum: SMP_CONDITIONS }).notNull(),
    inspectorName: text('inspector_name').notNull(),
    /** Joint inspections: the other agency. */
    jointAgency: text('joint_agency'),
    /** Complaint-driven inspections: where the complaint came from (words or a link). */
    complaintSource: text('complaint_source'),
    /** Random inspections: the recorded draw that chose it. */
    randomDrawId: integer('random_draw_id').references((): AnySQLiteColumn => practiceRandomDraws.id),
    findings: text('findings').notNull().default(''),
    recordedByUserId: integer('recorded_by_user_id').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('practice_inspections_practice_idx').on(t.practiceId, t.inspectedOn)],
);

/** Maintenance an inspection required, with its due date; a later inspection closes it. */
export const practiceMaintenanceItems = sqliteTable(
  'practice_maintenance_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => stormwaterPractices.id, { onDelete: 'cascade' }),
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => practiceInspections.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    dueOn: text('due_on').notNull(),
    /** The owner says it is done (from an annual or interim maintenance report). */
    reportedDoneOn: text('reported_done_on'),
    closedOn: text('closed_on'),
    closedByInspectionId: integer('closed_by_inspection_id').references((): AnySQLiteColumn => practiceInspections.id),
  },
  (t) => [index('practice_maintenance_items_practice_idx').on(t.practiceId, t.closedOn)],
);

/** The owner's maintenance report (annual, or on maintenance done), with a photo or a PDF. */
export const practiceMaintenanceReports = sqliteTable(
  'practice_maintenance_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => stormwaterPractices.id, { onDelete: 'cascade' }),
    /** The calendar year the report covers. */
    year: integer('year').notNull(),
    filedOn: text('filed_on').notNull(),
    workDone: text('work_done').notNull(),
    sha256: text('sha256').notNull(),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    filedByUserId: integer('filed_by_user_id').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('practice_maintenance_reports_practice_idx').on(t.practiceId, t.year)],
);

/** A random selection of practices the officer drew: the seed and the pool are kept so anyone can redo it. */
export const practiceRandomDraws = sqliteTable('practice_random_draws', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  drawnOn: text('drawn_on').notNull(),
  seed: text('seed').notNull(),
  /** The ids drawn from and the ids chosen, JSON arrays in order. */
  poolIds: text('pool_ids').notNull(),
  chosenIds: text('chosen_ids').notNull(),
  drawnByUserId: integer('drawn_by_user_id').references((): AnySQLiteColumn => users.id),
  createdAt: createdAt(),
});

/** The escrow for the town's retained professionals, per project: staff only, never public. */
export const escrowEntries = sqliteTable(
  'escrow_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ESCROW_ENTRY_KINDS }).notNull(),
    /** Local day: check date, estimate date, the day the town accepted the services, request or refund date. */
    on: text('on').notNull(),
    amountCents: integer('amount_cents').notNull(),
    checkNumber: text('check_number'),
    /** The licensed/certified professional (estimates and charges). */
    professional: text('professional'),
    description: text('description').notNull().default(''),
    /** Hours in hundredths (charges). */
    hundredthsOfHours: integer('hundredths_of_hours'),
    /** Charges: the day the town accepted the services (the ordinance pays only then). */
    acceptedOn: text('accepted_on'),
    recordedByUserId: integer('recorded_by_user_id').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('escrow_entries_project_idx').on(t.projectId, t.on)],
);
// ── end of permanent practices ──

// ── Residents' reports of problems at a site, Open311 (decisions 0032–0034) ──
// The ordinance's "inspections based upon complaints or other notice of possible violations": a
// resident tells the town what they saw, where and when, with photos; the officer triages it.

/** What a resident can report; the officer edits the list (a code never changes once used: Open311's service_code). */
export const siteReportCategories = sqliteTable(
  'site_report_categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    label: text('label').notNull(),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** How many business days the municipality aims to take to answer a report of this kind; null: no time promised. */
    responseBusinessDays: integer('response_business_days'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('site_report_categories_code_uq').on(t.code)],
);

/** Open311 API keys an admin issues to a 311 app; only the SHA-256 of the key is kept. */
export const open311Keys = sqliteTable(
  'open311_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    createdByUserId: integer('created_by_user_id').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('open311_keys_hash_uq').on(t.keyHash)],
);

export const siteReports = sqliteTable(
  'site_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => siteReportCategories.id),
    description: text('description').notNull(),
    /** The place in words: the address typed, or "a point on the map". */
    place: text('place').notNull(),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    /** Local day (and optional HH:MM) the resident saw it. */
    observedOn: text('observed_on').notNull(),
    observedTime: text('observed_time'),
    /** The project it is about: matched at filing (nearest active within the set distance) or linked by the officer. */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** How far the point was from the matched project's site, in miles, when matched automatically. */
    matchedMiles: real('matched_miles'),
    status: text('status', { enum: SITE_REPORT_STATUSES }).notNull().default('received'),
    statusChangedAt: integer('status_changed_at', { mode: 'timestamp_ms' }).notNull().default(now),
    /** Why it was closed or referred, in words the public reads. */
    publicReason: text('public_reason'),
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    hiddenReason: text('hidden_reason'),
    /** Never public. */
    reporterName: text('reporter_name'),
    reporterEmail: text('reporter_email'),
    reporterPhone: text('reporter_phone'),
    /** SHA-256 of the network address it came from (to block, never shown). */
    ipHash: text('ip_hash'),
    source: text('source', { enum: SITE_REPORT_SOURCES }).notNull().default('web'),
    open311KeyId: integer('open311_key_id').references(() => open311Keys.id),
    townInspectionId: integer('town_inspection_id').references(() => townInspections.id),
    violationId: integer('violation_id').references(() => violations.id),
    enforcementActionId: integer('enforcement_action_id').references(() => enforcementActions.id),
    /** Open311's media_url: a link the client sent, shown to the officer as a link; the portal never fetches it (decision 0045). */
    mediaUrl: text('media_url'),
    /**
     * Local day (YYYY-MM-DD) by which the municipality aims to answer, fixed when the report is filed from its
     * category's business days; null when the category promised none (decision 0100).
     */
    respondBy: text('respond_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('site_reports_status_idx').on(t.hidden, t.status, t.createdAt),
    index('site_reports_project_idx').on(t.projectId, t.createdAt),
  ],
);

/** A report's photos, re-encoded without metadata before they were stored; public once the officer approves. */
export const siteReportPhotos = sqliteTable(
  'site_report_photos',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reportId: integer('report_id')
      .notNull()
      .references(() => siteReports.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    approvedAt: integer('approved_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('site_report_photos_report_idx').on(t.reportId)],
);

/** Each step of a report, in the words its status page shows (public) or the officer's notes (not public). */
export const siteReportEvents = sqliteTable(
  'site_report_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reportId: integer('report_id')
      .notNull()
      .references(() => siteReports.id, { onDelete: 'cascade' }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    status: text('status', { enum: SITE_REPORT_STATUSES }),
    words: text('words').notNull(),
    public: integer('public', { mode: 'boolean' }).notNull().default(true),
    actorUserId: integer('actor_user_id').references((): AnySQLiteColumn => users.id),
    /** Words a resident added (more information, "still happening"): public at once, hidden by the officer if need be. */
    fromResident: integer('from_resident', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('site_report_events_report_idx').on(t.reportId, t.at)],
);

/** Email addresses and network addresses whose reports the portal no longer takes (SHA-256 of the lower-cased value). */
export const siteReportBlocks = sqliteTable(
  'site_report_blocks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: REPORT_BLOCK_KINDS }).notNull(),
    valueHash: text('value_hash').notNull(),
    reason: text('reason').notNull(),
    reportId: integer('report_id').references(() => siteReports.id, { onDelete: 'set null' }),
    createdByUserId: integer('created_by_user_id').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('site_report_blocks_uq').on(t.kind, t.valueHash)],
);
/**
 * People who follow a report (besides its reporter, who gets each step already): mailed at each public step.
 * Double opt-in: a follower is `pending` until the link in the confirmation mail is used. The email is never
 * public; the unsubscribe token is derived from the id (site-reports/followers.ts), only hashes are kept.
 */
export const siteReportFollowers = sqliteTable(
  'site_report_followers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reportId: integer('report_id')
      .notNull()
      .references(() => siteReports.id, { onDelete: 'cascade' }),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    status: text('status', { enum: ALERT_STATUSES }).notNull().default('pending'),
    confirmTokenHash: text('confirm_token_hash').notNull(),
    confirmExpiresAt: integer('confirm_expires_at', { mode: 'timestamp_ms' }).notNull(),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('site_report_followers_uq').on(t.reportId, t.email),
    uniqueIndex('site_report_followers_confirm_uq').on(t.confirmTokenHash),
  ],
);
// ── end of residents' reports ──

// ── A practice's maintenance agreement or easement as a document (decision 0043) ──

/**
 * The recorded maintenance agreement or easement of a permanent practice, as the file the Town holds. Kept
 * per practice (not in `documents`, which belong to a project: many practices were entered directly). The
 * latest row is the one in force; earlier ones stay as the record of what was replaced. Public by default:
 * recorded easements and agreements are land records (decision 0043).
 */
export const practiceAgreementFiles = sqliteTable(
  'practice_agreement_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => stormwaterPractices.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    /** Original name, only for the download's Content-Disposition. */
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    pageCount: integer('page_count').notNull().default(1),
    public: integer('public', { mode: 'boolean' }).notNull().default(true),
    uploadedByUserId: integer('uploaded_by_user_id').references((): AnySQLiteColumn => users.id),
    uploadedAt: integer('uploaded_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('practice_agreement_files_practice_idx').on(t.practiceId, t.id)],
);
// ── end of agreements and easements ──

// ---------------------------------------------------------------------------------------------
// Reminders before a deadline (decision 0106)

/**
 * Which reminders a person wants and how many calendar days ahead: null is "none of this kind". No row is
 * the defaults (reminders/reminders.rules.ts: DEFAULT_REMINDER_PREFERENCES).
 */
export const reminderPreferences = sqliteTable('reminder_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  inspectionDays: integer('inspection_days'),
  summaryDays: integer('summary_days'),
  correctiveDays: integer('corrective_days'),
  requestDays: integer('request_days'),
  annualReportDays: integer('annual_report_days'),
  /** The officer's: a performance guarantee's expiry. */
  guaranteeDays: integer('guarantee_days'),
  /**
   * The 48-hour notice before a planned milestone. Added after people had saved their choices: the column's
   * default (DEFAULT_REMINDER_PREFERENCES' value) gives them the default rather than "none" (null).
   */
  milestoneDays: integer('milestone_days').default(3),
  updatedAt: updatedAt(),
});

/** One digest of reminders per person per town day: the unique index is the "at most one a day". */
export const reminderDigests = sqliteTable(
  'reminder_digests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The town day it was written, YYYY-MM-DD. */
    day: text('day').notNull(),
    outboxId: integer('outbox_id').notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('reminder_digests_user_day_uq').on(t.userId, t.day)],
);

/**
 * Each duty a digest reminded of, at a project or at a permanent practice: a duty is reminded of once per
 * person (the unique indexes; a practice's duty key names the practice).
 */
export const reminderItems = sqliteTable(
  'reminder_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    digestId: integer('digest_id')
      .notNull()
      .references(() => reminderDigests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id').references(() => stormwaterPractices.id, { onDelete: 'cascade' }),
    /** The duty's key, as its obligation and its finding both carry it (compliance findings.rules.ts: dutyOf). */
    duty: text('duty').notNull(),
    dueOn: text('due_on').notNull(),
    /** The town day the reminder went out (the digest's day). */
    day: text('day').notNull(),
  },
  (t) => [
    uniqueIndex('reminder_items_user_duty_uq').on(t.userId, t.projectId, t.duty),
    uniqueIndex('reminder_items_user_practice_duty_uq')
      .on(t.userId, t.duty)
      .where(sql`${t.projectId} is null`),
    index('reminder_items_project_duty_idx').on(t.projectId, t.duty),
  ],
);

// ── Applying online (decision 0113) ──

/**
 * A site development permit application filed on the portal by the applicant's own account: the project it
 * registered (unpublished until the clerk finds the application complete), and the clerk's intake check.
 */
export const permitApplications = sqliteTable(
  'permit_applications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    applicantUserId: integer('applicant_user_id')
      .notNull()
      .references(() => users.id),
    /** The town day the application and its SWPPP arrived: the SWPPP review's receipt. */
    receivedOn: text('received_on').notNull(),
    intake: text('intake', { enum: APPLICATION_INTAKE }).notNull().default('submitted'),
    intakeOn: text('intake_on'),
    /** What the application lacks (incomplete), in the clerk's words to the applicant. */
    intakeNote: text('intake_note'),
    intakeByUserId: integer('intake_by_user_id').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('permit_applications_project_uq').on(t.projectId),
    index('permit_applications_applicant_idx').on(t.applicantUserId),
    index('permit_applications_intake_idx').on(t.intake, t.receivedOn),
  ],
);

/** The application's fees (what is due) and the payments the clerk recorded against them: its invoice. */
export const applicationCharges = sqliteTable(
  'application_charges',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => permitApplications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['fee', 'payment'] }).notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The town day the fee was set or the payment received. */
    on: text('on').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }),
    /** Check number or card reference. */
    reference: text('reference'),
    recordedByUserId: integer('recorded_by_user_id').references((): AnySQLiteColumn => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('application_charges_application_idx').on(t.applicationId, t.kind)],
);
