/**
 * Open data: every published project as JSON, CSV and GeoJSON, one project with its public documents,
 * monthly summaries and enforcement actions, and the data dictionary that describes every field.
 *
 * IDs are the database ids (they never change or get reused); every record carries `updated_at`.
 * Nothing unpublished or non-public is read, and no person's email or a requester's details appear.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  DOCUMENT_TYPES,
  ENFORCEMENT_CATEGORIES,
  ENFORCEMENT_STATUSES,
  ENFORCEMENT_TYPES,
  PARTY_ROLES,
  PROJECT_STATUSES,
  documents,
  enforcementActions,
  monthlySummaries,
  parties,
  projects,
  receivingWaters,
  type ProjectStatus,
} from '#db/schema.ts';
import { ENFORCEMENT_TYPE_LABEL, PROJECT_STATUS_LABEL } from '#lib/shared/labels.ts';
import { oneOfWords } from '#lib/shared/closed-lists.ts';
import { memoUntilPublicChangeAsync } from '#lib/server/platform/db.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { isInForce } from '#lib/server/enforcement/in-force.rules.ts';
import { encodedBody, type EncodedBody } from '#lib/server/platform/http/encoded-body.ts';
import { toCsv } from '#lib/server/platform/http/csv.ts';
import { openActionsCount, outerProjectId, stopWorkSince } from './projects.ts';
import { INSTANT_UNIT, LOCAL_DATE_UNIT, type FieldDef } from './fields.ts';
import { parseQuery, projectFilterSchema } from './api-filters.ts';
import { FINDING_FIELDS, findingRecord } from './findings.ts';
import { TOWN_INSPECTION_FIELDS, publicTownInspections, townInspectionRecord } from './town-inspections.ts';
import { complianceFor } from '#lib/server/compliance/compliance.ts';
import { type Refusal, type Result } from '#lib/server/platform/result.ts';

// ---------------------------------------------------------------------------------------------
// The data dictionary: one list, used by the page that explains the data and by the CSV header.

export type { FieldDef } from './fields.ts';

const instant = INSTANT_UNIT;
const localDate = LOCAL_DATE_UNIT;
/** The same fields with these marked as possibly empty (null in JSON, an empty cell in CSV). */
const emptyable = (fields: FieldDef[], ...names: string[]): FieldDef[] =>
  fields.map((f) => (names.includes(f.name) ? { ...f, nullable: true } : f));

export const PROJECT_FIELDS: FieldDef[] = emptyable(
  [
    {
      name: 'id',
      type: 'integer',
      description: 'Stable identifier of the project. Never changes and is never reused.',
    },
    {
      name: 'slug',
      type: 'text',
      description:
        'Readable identifier used in the project page address; printed on site postings and never changed once published.',
    },
    { name: 'url', type: 'url', description: 'The project page on this portal.' },
    { name: 'name', type: 'text', description: 'Project name as given in the notice of intent (NOI).' },
    {
      name: 'description',
      type: 'text',
      description: 'Brief public description of the project (the ordinance requires it to be posted at the site).',
    },
    { name: 'status', type: 'text', description: `Lifecycle status code: ${PROJECT_STATUSES.join(', ')}.` },
    { name: 'status_label', type: 'text', description: 'The status in plain words, as shown on the portal.' },
    {
      name: 'kind',
      type: 'text',
      description:
        'major (a full SWPPP with post-construction practices) or minor (erosion and sediment control only).',
    },
    { name: 'site_address', type: 'text', description: 'Street address of the site.' },
    { name: 'cross_street', type: 'text', description: 'Nearest cross street.' },
    { name: 'zip', type: 'text', description: 'ZIP code of the site.' },
    {
      name: 'latitude',
      type: 'number',
      unit: 'decimal degrees, WGS84',
      description: 'Latitude of the site (north positive).',
    },
    {
      name: 'longitude',
      type: 'number',
      unit: 'decimal degrees, WGS84',
      description: 'Longitude of the site (east positive; New York is negative). GeoJSON puts longitude first.',
    },
    { name: 'tax_map_parcels', type: 'text', description: 'Tax map parcel(s), section-block-lot, comma separated.' },
    { name: 'town_permit_no', type: 'text', description: 'Municipal site development permit number, once issued.' },
    {
      name: 'spdes_permit_id',
      type: 'text',
      description:
        'State SPDES construction stormwater permit ID assigned by NYS DEC ("NYR" + letters/digits), once assigned.',
    },
    { name: 'nature_of_activity', type: 'text', description: 'new_construction or redevelopment.' },
    { name: 'pre_development_land_use', type: 'text', description: 'Land use before the project.' },
    { name: 'post_development_land_use', type: 'text', description: 'Land use after the project.' },
    { name: 'total_site_acres', type: 'number', unit: 'acres, to 0.1', description: 'Total area of the site.' },
    {
      name: 'disturbed_acres',
      type: 'number',
      unit: 'acres, to 0.1',
      description: 'Total area to be disturbed (cleared, graded, excavated).',
    },
    {
      name: 'max_disturbed_at_once_acres',
      type: 'number',
      unit: 'acres, to 0.1',
      description: 'Most area disturbed at any one time. More than 5 acres needs written approval from NYS DEC.',
    },
    {
      name: 'existing_impervious_acres',
      type: 'number',
      unit: 'acres, to 0.1',
      description: 'Impervious area (roofs, pavement) before the project.',
    },
    {
      name: 'future_impervious_acres',
      type: 'number',
      unit: 'acres, to 0.1',
      description: 'Impervious area when the project is finished.',
    },
    {
      name: 'dec_five_acre_approval',
      type: 'boolean',
      description: 'Whether NYS DEC gave prior written approval to disturb more than five acres at once.',
    },
    {
      name: 'drains_to_ms4',
      type: 'boolean',
      description: 'Whether the site drains to the municipal separate storm sewer system (MS4).',
    },
    { name: 'planned_start_on', type: 'date', unit: localDate, description: 'Planned start of construction.' },
    {
      name: 'planned_completion_on',
      type: 'date',
      unit: localDate,
      description: 'Planned completion of construction.',
    },
    {
      name: 'actual_start_on',
      type: 'date',
      unit: localDate,
      description: 'Day construction actually started, when known.',
    },
    {
      name: 'noi_received_on',
      type: 'date',
      unit: localDate,
      description: 'Day the municipality received the notice of intent (NOI).',
    },
    {
      name: 'final_stabilization_on',
      type: 'date',
      unit: localDate,
      description: 'Day final stabilization was reached (80% uniform perennial vegetative cover or equivalent).',
    },
    {
      name: 'not_filed_on',
      type: 'date',
      unit: localDate,
      description: 'Day the notice of termination (NOT) was filed.',
    },
    {
      name: 'open_enforcement_actions',
      type: 'integer',
      unit: 'count',
      description: 'Public enforcement actions in force (not closed, withdrawn or, for a stop-work order, lifted).',
    },
    {
      name: 'stop_work_order_since',
      type: 'date',
      unit: localDate,
      description: 'When a stop-work order is in force: the day it was issued; otherwise empty.',
    },
    {
      name: 'published_at',
      type: 'instant',
      unit: instant,
      description: 'When the project was first published on the portal.',
    },
    { name: 'created_at', type: 'instant', unit: instant, description: 'When the project record was created.' },
    {
      name: 'updated_at',
      type: 'instant',
      unit: instant,
      description:
        'Latest change to the project or to any of its public documents, monthly summaries or enforcement actions.',
    },
  ],
  'cross_street',
  'zip',
  'latitude',
  'longitude',
  'tax_map_parcels',
  'town_permit_no',
  'spdes_permit_id',
  'nature_of_activity',
  'pre_development_land_use',
  'post_development_land_use',
  'total_site_acres',
  'disturbed_acres',
  'max_disturbed_at_once_acres',
  'existing_impervious_acres',
  'future_impervious_acres',
  'planned_start_on',
  'planned_completion_on',
  'actual_start_on',
  'noi_received_on',
  'final_stabilization_on',
  'not_filed_on',
  'stop_work_order_since',
  'published_at',
);

export const DETAIL_FIELDS: Record<
  | 'receiving_waters'
  | 'parties'
  | 'documents'
  | 'monthly_summaries'
  | 'enforcement_actions'
  | 'town_inspections'
  | 'findings',
  FieldDef[]
> = {
  receiving_waters: [
    { name: 'name', type: 'text', description: 'Receiving water named in the NOI.' },
    {
      name: 'water_type',
      type: 'text',
      description: 'stream, river, wetland, lake or ms4 (the municipal storm sewer).',
    },
    { name: 'impaired', type: 'boolean', description: "On the state's 303(d) list of impaired waters." },
  ],
  parties: emptyable(
    [
      { name: 'id', type: 'integer', description: 'Stable identifier of the party record.' },
      {
        name: 'role',
        type: 'text',
        description: oneOfWords(PARTY_ROLES),
      },
      { name: 'company_name', type: 'text', description: 'Company (never a home address or tax ID).' },
      { name: 'contact_name', type: 'text', description: 'Business contact named on the site posting.' },
      { name: 'contact_title', type: 'text', description: 'Title of the contact.' },
      { name: 'phone', type: 'text', description: 'Business phone shown on the site posting.' },
      {
        name: 'license',
        type: 'text',
        description: 'Professional license or certification, e.g. "NYS PE 087654", "CPESC 1234".',
      },
      {
        name: 'certified_on',
        type: 'date',
        unit: localDate,
        description: 'Contractors: day the SWPPP contractor certification was signed.',
      },
      {
        name: 'updated_at',
        type: 'instant',
        unit: instant,
        description: 'When the party record was created or last changed.',
      },
    ],
    'contact_name',
    'contact_title',
    'phone',
    'license',
    'certified_on',
  ),
  documents: emptyable(
    [
      { name: 'id', type: 'integer', description: 'Stable identifier of the document.' },
      {
        name: 'type',
        type: 'text',
        description: oneOfWords(DOCUMENT_TYPES),
      },
      { name: 'title', type: 'text', description: 'Title of the document.' },
      {
        name: 'document_date',
        type: 'date',
        unit: localDate,
        description: 'Date the document speaks for (report date, SWPPP revision date).',
      },
      { name: 'version', type: 'integer', description: 'Version number; SWPPP amendments supersede earlier versions.' },
      { name: 'supersedes_id', type: 'integer', description: 'The document this version replaces, if any.' },
      { name: 'page_count', type: 'integer', unit: 'pages', description: 'Number of pages.' },
      {
        name: 'large_format_pages',
        type: 'integer',
        unit: 'sheets',
        description: 'Pages larger than 9 x 14 inches (plan sheets).',
      },
      { name: 'size_bytes', type: 'integer', unit: 'bytes', description: 'File size.' },
      { name: 'mime_type', type: 'text', description: 'File type, e.g. application/pdf.' },
      { name: 'url', type: 'url', description: 'Where to download the file.' },
      { name: 'uploaded_at', type: 'instant', unit: instant, description: 'When the file was received.' },
      { name: 'updated_at', type: 'instant', unit: instant, description: 'When the document record last changed.' },
    ],
    'document_date',
    'supersedes_id',
  ),
  monthly_summaries: emptyable(
    [
      { name: 'id', type: 'integer', description: 'Stable identifier of the summary (each version has its own).' },
      { name: 'month', type: 'text', description: 'The month summarized, YYYY-MM.' },
      {
        name: 'version',
        type: 'integer',
        description: 'Version; a correction supersedes the earlier version, which stays listed.',
      },
      { name: 'superseded', type: 'boolean', description: 'Whether a later version replaced this one.' },
      {
        name: 'inspections_done',
        type: 'integer',
        unit: 'count',
        description: 'Inspections by the qualified inspector that month.',
      },
      {
        name: 'inspections_required',
        type: 'integer',
        unit: 'count',
        description: 'Inspections the permit required that month.',
      },
      { name: 'storm_events', type: 'integer', unit: 'count', description: 'Storms of 0.5 inch of rain or more.' },
      {
        name: 'post_storm_inspections',
        type: 'integer',
        unit: 'count',
        description: 'Inspections within 24 hours after such a storm.',
      },
      {
        name: 'acres_disturbed',
        type: 'number',
        unit: 'acres, to 0.1',
        description: 'Area disturbed at the end of the month.',
      },
      {
        name: 'acres_stabilized',
        type: 'number',
        unit: 'acres, to 0.1',
        description: 'Area stabilized at the end of the month.',
      },
      {
        name: 'corrective_opened',
        type: 'integer',
        unit: 'count',
        description: 'Corrective actions opened that month.',
      },
      {
        name: 'corrective_closed',
        type: 'integer',
        unit: 'count',
        description: 'Corrective actions closed that month.',
      },
      {
        name: 'corrective_open',
        type: 'integer',
        unit: 'count',
        description: 'Corrective actions still open at the end of the month.',
      },
      { name: 'narrative', type: 'text', description: 'Plain-language account for residents.' },
      { name: 'certified_by', type: 'text', description: 'Name and title of the person who certified it.' },
      { name: 'submitted_at', type: 'instant', unit: instant, description: 'When it was posted.' },
      { name: 'review_status', type: 'text', description: "The municipality's review: filed, accepted or returned." },
      { name: 'document_id', type: 'integer', description: 'The signed summary (PDF) among the documents, if public.' },
      {
        name: 'updated_at',
        type: 'instant',
        unit: instant,
        description: 'The latest of when it was created, posted, reviewed or superseded.',
      },
    ],
    'acres_disturbed',
    'acres_stabilized',
    'certified_by',
    'document_id',
  ),
  enforcement_actions: emptyable(
    [
      { name: 'id', type: 'integer', description: 'Stable identifier of the action.' },
      {
        name: 'type',
        type: 'text',
        description: oneOfWords(ENFORCEMENT_TYPES),
      },
      { name: 'type_label', type: 'text', description: 'The type in plain words.' },
      { name: 'category', type: 'text', description: oneOfWords(ENFORCEMENT_CATEGORIES) },
      { name: 'status', type: 'text', description: oneOfWords(ENFORCEMENT_STATUSES) },
      {
        name: 'in_force',
        type: 'boolean',
        description: 'In force: not closed, not withdrawn and, for a stop-work order, not lifted.',
      },
      { name: 'issued_on', type: 'date', unit: localDate, description: 'Day the action was issued.' },
      { name: 'issued_by', type: 'text', description: 'Printed name and title of the issuer.' },
      { name: 'cited_section', type: 'text', description: 'Section of the ordinance cited.' },
      { name: 'summary', type: 'text', description: 'Plain-language statement of what was found.' },
      { name: 'required_measures', type: 'text', description: 'What must be done.' },
      { name: 'comply_by', type: 'date', unit: localDate, description: 'Deadline to comply.' },
      {
        name: 'lifted_on',
        type: 'date',
        unit: localDate,
        description: 'Stop-work orders: day the municipality confirmed compliance and lifted it.',
      },
      {
        name: 'closed_on',
        type: 'date',
        unit: localDate,
        description: 'Day the action was resolved; only a closed date makes it resolved.',
      },
      {
        name: 'fine_assessed_cents',
        type: 'integer',
        unit: 'US cents',
        description:
          'The fine a court imposed on conviction (Subsection R(3); the officer only refers the case). Empty until a conviction is recorded.',
      },
      { name: 'fine_paid_cents', type: 'integer', unit: 'US cents', description: 'Amount of the fine paid so far.' },
      { name: 'fine_due_on', type: 'date', unit: localDate, description: 'Day the fine is due.' },
      { name: 'notice_document_id', type: 'integer', description: 'The notice (PDF) among the documents, if public.' },
      { name: 'created_at', type: 'instant', unit: instant, description: 'When the action was recorded.' },
      { name: 'updated_at', type: 'instant', unit: instant, description: 'When the action last changed.' },
    ],
    'issued_by',
    'cited_section',
    'required_measures',
    'comply_by',
    'lifted_on',
    'closed_on',
    'fine_assessed_cents',
    'fine_paid_cents',
    'fine_due_on',
    'notice_document_id',
  ),
  town_inspections: TOWN_INSPECTION_FIELDS,
  findings: FINDING_FIELDS,
};

// ---------------------------------------------------------------------------------------------
// Filters

export interface ApiFilters {
  statuses: ProjectStatus[];
  /** minLon, minLat, maxLon, maxLat (the GeoJSON order). */
  bbox?: [number, number, number, number];
  updatedSince?: Date;
}

export type FilterResult = Result<{ filters: ApiFilters }, Refusal>;

/** Read ?status=a,b&bbox=minLon,minLat,maxLon,maxLat&updated_since=ISO (api-filters.ts); a bad value is a clear 400, not a guess. */
/** The project filters, read through the schema the route declares (its contract, public/api-routes.ts). */
export function parseApiFilters(
  params: URLSearchParams,
  schema: typeof projectFilterSchema = projectFilterSchema,
): FilterResult {
  const r = parseQuery(schema, params);
  if (!r.ok) return r;
  const { status, bbox, updated_since } = r.value;
  return {
    ok: true,
    filters: { statuses: [...new Set(status ?? [])], bbox: bbox as ApiFilters['bbox'], updatedSince: updated_since },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

const iso = (d: Date | number | null | undefined) => (d == null ? null : new Date(d).toISOString());
const acres = (n: number | null) => (n == null ? null : Math.round(n * 10) / 10);
const coord = (n: number | null) => (n == null ? null : Math.round(n * 1e6) / 1e6);

/** Latest change to a project or its public records (ms), as a correlated subquery. */
const projectUpdatedMs = sql<number>`max(${projects.updatedAt},
  coalesce((select max(d.updated_at) from documents d where d.project_id = ${outerProjectId} and d.public = 1), 0),
  coalesce((select max(max(m.created_at, coalesce(m.submitted_at, 0), coalesce(m.reviewed_at, 0), coalesce(m.superseded_at, 0)))
              from monthly_summaries m where m.project_id = ${outerProjectId} and m.submitted_at is not null), 0),
  coalesce((select max(e.updated_at) from enforcement_actions e where e.project_id = ${outerProjectId} and e.public = 1), 0))`;

export type ProjectRecord = Awaited<ReturnType<typeof readOpenProjects>>[number];

export function listOpenProjects(
  db: Db,
  filters: ApiFilters & { id?: number },
  baseUrl: string,
): Promise<ProjectRecord[]> {
  // The whole list (about 150 ms at 10,000 projects) is what most clients fetch: build it once per
  // version of the public data (bumped by triggers on every public table, whichever process writes).
  if (filters.id == null && !filters.statuses.length && !filters.bbox && !filters.updatedSince) {
    return memoUntilPublicChangeAsync(db, `open-data.every:${baseUrl}`, () => readOpenProjects(db, filters, baseUrl));
  }
  return readOpenProjects(db, filters, baseUrl);
}

async function readOpenProjects(db: Db, filters: ApiFilters & { id?: number }, baseUrl: string) {
  const where = [eq(projects.published, true)];
  if (filters.id != null) where.push(eq(projects.id, filters.id));
  if (filters.statuses.length)
    where.push(
      sql`${projects.status} in (${sql.join(
        filters.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (filters.bbox) {
    const [w, s, e, n] = filters.bbox;
    where.push(sql`${projects.longitude} between ${w} and ${e} and ${projects.latitude} between ${s} and ${n}`);
  }
  if (filters.updatedSince) where.push(sql`${projectUpdatedMs} >= ${filters.updatedSince.getTime()}`);
  const rows = await db
    .select({ p: projects, updatedMs: projectUpdatedMs, openActions: openActionsCount, stopWorkSince })
    .from(projects)
    .where(and(...where))
    .orderBy(asc(projects.id));
  return rows.map(({ p, updatedMs, openActions: open, stopWorkSince: since }) => ({
    id: p.id,
    slug: p.slug,
    url: `${baseUrl}/projects/${p.slug}`,
    name: p.name,
    description: p.description,
    status: p.status,
    status_label: PROJECT_STATUS_LABEL[p.status],
    kind: p.kind,
    site_address: p.siteAddress,
    cross_street: p.crossStreet,
    zip: p.zip,
    latitude: coord(p.latitude),
    longitude: coord(p.longitude),
    tax_map_parcels: p.taxMapParcels,
    town_permit_no: p.townPermitNo,
    spdes_permit_id: p.spdesPermitId,
    nature_of_activity: p.natureOfActivity,
    pre_development_land_use: p.preDevelopmentLandUse,
    post_development_land_use: p.postDevelopmentLandUse,
    total_site_acres: acres(p.totalSiteAcres),
    disturbed_acres: acres(p.disturbedAcres),
    max_disturbed_at_once_acres: acres(p.maxDisturbedAtOnceAcres),
    existing_impervious_acres: acres(p.existingImperviousAcres),
    future_impervious_acres: acres(p.futureImperviousAcres),
    dec_five_acre_approval: p.decFiveAcreApproval,
    drains_to_ms4: p.drainsToMs4,
    planned_start_on: p.plannedStartOn,
    planned_completion_on: p.plannedCompletionOn,
    actual_start_on: p.actualStartOn,
    noi_received_on: p.noiReceivedOn,
    final_stabilization_on: p.finalStabilizationOn,
    not_filed_on: p.notFiledOn,
    open_enforcement_actions: open,
    stop_work_order_since: since,
    published_at: iso(p.publishedAt),
    created_at: iso(p.createdAt),
    updated_at: iso(Number(updatedMs))!,
  }));
}

/**
 * One published project by id with its public records, its town inspections and its compliance findings
 * (open and ended, over its whole history); undefined when there is none.
 */
export function getOpenProject(db: Db, id: number, baseUrl: string, now = new Date()) {
  return readSnapshotAsync(db, () => readOpenProject(db, id, baseUrl, now));
}

async function readOpenProject(db: Db, id: number, baseUrl: string, now: Date) {
  const [project] = await listOpenProjects(db, { statuses: [], id }, baseUrl);
  if (!project) return undefined;
  const townInspections = await publicTownInspections(db, id);
  const waters = await db
    .select()
    .from(receivingWaters)
    .where(eq(receivingWaters.projectId, id))
    .orderBy(asc(receivingWaters.id));
  const people = await db.select().from(parties).where(eq(parties.projectId, id)).orderBy(asc(parties.id));
  const docs = await db
    .select()
    .from(documents)
    .where(and(eq(documents.projectId, id), eq(documents.public, true)))
    .orderBy(desc(documents.documentDate), desc(documents.id));
  const publicDocIds = new Set(docs.map((d) => d.id));
  const summaries = await db
    .select()
    .from(monthlySummaries)
    .where(and(eq(monthlySummaries.projectId, id), sql`${monthlySummaries.submittedAt} is not null`))
    .orderBy(desc(monthlySummaries.month), desc(monthlySummaries.version));
  const actions = await db
    .select()
    .from(enforcementActions)
    .where(and(eq(enforcementActions.projectId, id), eq(enforcementActions.public, true)))
    .orderBy(desc(enforcementActions.issuedOn), desc(enforcementActions.id));
  const [compliance] = await complianceFor(db, { projectIds: [id] }, now);
  const latest = (...xs: Array<Date | null | undefined>) => new Date(Math.max(...xs.map((x) => (x ? x.getTime() : 0))));
  return {
    ...project,
    receiving_waters: waters.map((w) => ({ name: w.name, water_type: w.waterType, impaired: w.impaired })),
    parties: people.map((x) => ({
      id: x.id,
      role: x.role,
      company_name: x.companyName,
      contact_name: x.contactName,
      contact_title: x.contactTitle,
      phone: x.phone,
      license: x.license,
      certified_on: x.certifiedOn,
      updated_at: iso(x.createdAt),
    })),
    documents: docs.map((d) => ({
      id: d.id,
      type: d.type,
      title: d.title,
      document_date: d.documentDate,
      version: d.version,
      supersedes_id: d.supersedesId != null && publicDocIds.has(d.supersedesId) ? d.supersedesId : null,
      page_count: d.pageCount,
      large_format_pages: d.largeFormatPages,
      size_bytes: d.sizeBytes,
      mime_type: d.mimeType,
      url: `${baseUrl}/documents/${d.id}`,
      uploaded_at: iso(d.uploadedAt),
      updated_at: iso(d.updatedAt),
    })),
    monthly_summaries: summaries.map((m) => ({
      id: m.id,
      month: m.month,
      version: m.version,
      superseded: m.supersededAt != null,
      inspections_done: m.inspectionsDone,
      inspections_required: m.inspectionsRequired,
      storm_events: m.stormEvents,
      post_storm_inspections: m.postStormInspections,
      acres_disturbed: acres(m.acresDisturbed),
      acres_stabilized: acres(m.acresStabilized),
      corrective_opened: m.correctiveOpened,
      corrective_closed: m.correctiveClosed,
      corrective_open: m.correctiveOpen,
      narrative: m.narrative,
      certified_by: [m.certifiedByName, m.certifiedByTitle].filter(Boolean).join(', ') || null,
      submitted_at: iso(m.submittedAt),
      review_status: m.reviewStatus,
      document_id: m.documentId != null && publicDocIds.has(m.documentId) ? m.documentId : null,
      updated_at: iso(latest(m.createdAt, m.submittedAt, m.reviewedAt, m.supersededAt)),
    })),
    enforcement_actions: actions.map((a) => enforcementActionRecord(a, publicDocIds)),
    town_inspections: townInspections.map(townInspectionRecord),
    findings: (compliance?.findings ?? []).map((f) => findingRecord(project, f, baseUrl)),
  };
}

type EnforcementActionRow = typeof enforcementActions.$inferSelect;

/**
 * A public enforcement action as open data, the same in /api/projects/{id} and the town-wide dataset. The
 * notice is linked only when its document is public, and what was paid only once a fine is on record.
 */
export function enforcementActionRecord(a: EnforcementActionRow, publicDocIds: Set<number>) {
  return {
    id: a.id,
    type: a.type,
    type_label: ENFORCEMENT_TYPE_LABEL[a.type],
    category: a.category,
    status: a.status,
    in_force: isInForce(a),
    issued_on: a.issuedOn,
    issued_by: a.issuedByName,
    cited_section: a.citedSection,
    summary: a.summary,
    required_measures: a.requiredMeasures,
    comply_by: a.complyBy,
    lifted_on: a.liftedOn,
    closed_on: a.closedOn,
    fine_assessed_cents: a.fineAssessedCents,
    fine_paid_cents: a.fineAssessedCents == null ? null : a.finePaidCents,
    fine_due_on: a.fineDueOn,
    notice_document_id: a.noticeDocumentId != null && publicDocIds.has(a.noticeDocumentId) ? a.noticeDocumentId : null,
    created_at: iso(a.createdAt),
    updated_at: iso(a.updatedAt),
  };
}

// ---------------------------------------------------------------------------------------------
// Formats

export function projectsCsv(records: ProjectRecord[]): { header: string[]; rows: unknown[][] } {
  const header = PROJECT_FIELDS.map((f) => f.name);
  return { header, rows: records.map((r) => header.map((h) => (r as Record<string, unknown>)[h])) };
}

/** RFC 7946 FeatureCollection: geometry coordinates are [longitude, latitude]. */
export function projectsGeoJson<R extends { id: number; latitude: number | null; longitude: number | null }>(
  records: R[],
) {
  return {
    type: 'FeatureCollection' as const,
    features: records.map(({ latitude, longitude, ...properties }) => ({
      type: 'Feature' as const,
      id: properties.id,
      geometry:
        latitude != null && longitude != null
          ? { type: 'Point' as const, coordinates: [longitude, latitude] as [number, number] }
          : null,
      properties,
    })),
  };
}

export type OpenProjectsFormat = 'json' | 'csv' | 'geojson';

/**
 * Every published project in one format, serialized (and later compressed) once per version of the public
 * data: the unfiltered exports are what most clients fetch (15 MB of JSON at 10,000
 * projects took ~200 ms to encode on every answer).
 */
export async function projectsBody(
  db: Db,
  filters: ApiFilters,
  format: OpenProjectsFormat,
  baseUrl: string,
): Promise<EncodedBody> {
  const everything = !filters.statuses.length && !filters.bbox && !filters.updatedSince;
  return everything
    ? everyProjectBody(db, format, baseUrl)
    : encodeProjects(await listOpenProjects(db, filters, baseUrl), format, baseUrl);
}

function everyProjectBody(db: Db, format: OpenProjectsFormat, baseUrl: string): Promise<EncodedBody> {
  return memoUntilPublicChangeAsync(db, `open-data.body:${format}:${baseUrl}`, async () =>
    encodeProjects(await listOpenProjects(db, NO_FILTERS, baseUrl), format, baseUrl),
  );
}

const NO_FILTERS: ApiFilters = { statuses: [] };

/** The body of /api/projects in a format (the same bytes whether built once or per filtered request). */
export function encodeProjects(records: ProjectRecord[], format: OpenProjectsFormat, baseUrl: string): EncodedBody {
  const lastModified = newestUpdate(records);
  if (format === 'csv') {
    const { header, rows } = projectsCsv(records);
    return encodedBody('\uFEFF' + toCsv(header, rows), 'text/csv; charset=utf-8', lastModified);
  }
  if (format === 'geojson')
    return encodedBody(
      JSON.stringify(projectsGeoJson(records), null, 1),
      'application/geo+json; charset=utf-8',
      lastModified,
    );
  return encodedBody(
    JSON.stringify(
      {
        source: `${baseUrl}/open-data`,
        count: records.length,
        last_modified: lastModified.getTime() ? lastModified.toISOString() : null,
        projects: records,
      },
      null,
      1,
    ),
    'application/json; charset=utf-8',
    lastModified,
  );
}

/**
 * A town-wide dataset in JSON (`{ source, count, last_modified, [key]: records }`) or CSV (one row per
 * record, the dictionary's fields as columns; `cell` writes a field a CSV cell cannot hold as is).
 */
export function encodeDataset<R extends object>(
  records: R[],
  o: {
    key: string;
    fields: FieldDef[];
    format: 'json' | 'csv';
    baseUrl: string;
    cell?: (record: R, field: string) => unknown;
  },
): EncodedBody {
  // A dataset whose records carry no updated_at (the town's inspections) has no Last-Modified.
  const lastModified = newestUpdate(records as Array<{ updated_at?: string | null }>);
  if (o.format === 'csv') {
    const header = o.fields.map((f) => f.name);
    const value = o.cell ?? ((r: R, h: string) => (r as Record<string, unknown>)[h]);
    const rows = records.map((r) => header.map((h) => value(r, h)));
    return encodedBody('\uFEFF' + toCsv(header, rows), 'text/csv; charset=utf-8', lastModified);
  }
  return encodedBody(
    JSON.stringify(
      {
        source: `${o.baseUrl}/open-data`,
        count: records.length,
        last_modified: lastModified.getTime() ? lastModified.toISOString() : null,
        [o.key]: records,
      },
      null,
      1,
    ),
    'application/json; charset=utf-8',
    lastModified,
  );
}

/** The newest updated_at among records (for Last-Modified), or the epoch when there are none. */
export function newestUpdate(records: Array<{ updated_at?: string | null }>): Date {
  let max = 0;
  for (const r of records) if (r.updated_at) max = Math.max(max, Date.parse(r.updated_at));
  return new Date(max);
}
