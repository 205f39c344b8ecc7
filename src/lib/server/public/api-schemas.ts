/**
 * The shapes of the open-data API's answers, as zod schemas built from the data dictionary (the same
 * field lists the /open-data page and the CSV headers come from). public/openapi.ts turns them into the
 * OpenAPI document's JSON Schemas; tests check real answers against that document.
 */
import { z } from 'astro/zod';
import { PROJECT_STATUSES } from '#db/enums.ts';
import { STATS_FIELDS } from '#lib/server/records-requests/statistics.ts';
import { ON_TIME_FIELDS } from '#lib/server/operator-requests/statistics.ts';
import { LOG_ITEM_OUTCOMES, LOG_TIMELINESS, PUBLIC_LOG_FIELDS } from '#lib/server/records-requests/public-log.ts';
import type { FieldDef } from './fields.ts';
import { FINDING_FIELDS, FINDING_RULES, FINDING_SEVERITIES, FINDING_STATUSES } from './findings.ts';
import { DETAIL_FIELDS, PROJECT_FIELDS } from './open-data.ts';
import { VIOLATION_FIELDS } from './town-inspections.ts';
import { PRACTICE_FIELDS } from './practices.ts';
import { ENFORCEMENT_DATASET_FIELDS } from './enforcement-data.ts';
import { TOWN_INSPECTION_DATASET_FIELDS } from './town-inspection-data.ts';
import { STORM_DUTY_FIELDS, STORM_DUTY_VALUES } from './storm-data.ts';
import { SITE_REPORT_FIELDS } from './site-report-data.ts';
import { OPERATOR_COMPANY_FIELDS, OPERATOR_COMPANY_MONTH_FIELDS } from './operator-company-data.ts';
import { ENFORCEMENT_CATEGORIES, ENFORCEMENT_STATUSES, ENFORCEMENT_TYPES, SITE_REPORT_STATUSES } from '#db/enums.ts';
import { SMP_CONDITIONS, SMP_OWNER_KINDS, SMP_TYPES } from '#db/enums.ts';

const described = (f: FieldDef) => (f.unit ? `${f.description} Unit: ${f.unit}.` : f.description);

function fieldSchema(f: FieldDef): z.ZodType {
  const base = {
    integer: () => z.number().int(),
    number: () => z.number(),
    boolean: () => z.boolean(),
    date: () => z.iso.date(),
    instant: () => z.iso.datetime(),
    url: () => z.url(),
    text: () => z.string(),
    array: () => z.array(z.unknown()),
    object: () => z.record(z.string(), z.unknown()),
  }[f.type]();
  return (f.nullable ? base.nullable() : base).meta({ description: described(f) });
}

/** An object with one property per dictionary field; `exact` replaces a field's generic schema. */
function recordSchema(fields: FieldDef[], exact: Record<string, z.ZodType> = {}) {
  return z.object(Object.fromEntries(fields.map((f) => [f.name, exact[f.name] ?? fieldSchema(f)])));
}

const enumOf = <const T extends readonly [string, ...string[]]>(values: T, f: FieldDef | undefined) =>
  z.enum(values).meta({ description: f ? described(f) : undefined });
const field = (list: FieldDef[], name: string) => list.find((f) => f.name === name);

const ProjectSchema = recordSchema(PROJECT_FIELDS, {
  status: enumOf(PROJECT_STATUSES, field(PROJECT_FIELDS, 'status')),
});

const ProjectListSchema = z.object({
  source: z.url().meta({ description: 'The page that explains the data.' }),
  count: z.number().int().meta({ description: 'Number of projects in the answer.' }),
  last_modified: z.iso.datetime().nullable().meta({ description: 'The newest updated_at among them.' }),
  projects: z.array(ProjectSchema),
});

const ProjectFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.number().int(),
      geometry: z
        .object({
          type: z.literal('Point'),
          coordinates: z
            .tuple([z.number(), z.number()])
            .meta({ description: '[longitude, latitude], WGS84 (RFC 7946).' }),
        })
        .nullable(),
      properties: ProjectSchema.omit({ latitude: true, longitude: true }),
    }),
  ),
});

// The permanent stormwater practices (decision 0036: what residents see of them).
const PracticeSchema = recordSchema(PRACTICE_FIELDS, {
  type: enumOf(SMP_TYPES, field(PRACTICE_FIELDS, 'type')),
  maintained_by: enumOf(SMP_OWNER_KINDS, field(PRACTICE_FIELDS, 'maintained_by')),
  condition: enumOf(SMP_CONDITIONS, field(PRACTICE_FIELDS, 'condition')).nullable(),
});
const PracticeListSchema = z.object({
  source: z.url().meta({ description: 'The page that explains the data.' }),
  count: z.number().int().meta({ description: 'Number of practices in the answer.' }),
  practices: z.array(PracticeSchema),
});
const PracticeFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.number().int(),
      geometry: z.object({
        type: z.literal('Point'),
        coordinates: z
          .tuple([z.number(), z.number()])
          .meta({ description: '[longitude, latitude], WGS84 (RFC 7946).' }),
      }),
      properties: PracticeSchema.omit({ latitude: true, longitude: true }),
    }),
  ),
});

const ReceivingWaterSchema = recordSchema(DETAIL_FIELDS.receiving_waters);
const PartySchema = recordSchema(DETAIL_FIELDS.parties);
const DocumentSchema = recordSchema(DETAIL_FIELDS.documents);
const MonthlySummarySchema = recordSchema(DETAIL_FIELDS.monthly_summaries);
const EnforcementActionSchema = recordSchema(DETAIL_FIELDS.enforcement_actions);
const ViolationSchema = recordSchema(VIOLATION_FIELDS);
const TownInspectionSchema = recordSchema(DETAIL_FIELDS.town_inspections, {
  violations: z.array(ViolationSchema).meta({ description: 'Violations found at the inspection.' }),
});
const FindingSchema = recordSchema(FINDING_FIELDS, {
  rule: enumOf(FINDING_RULES, field(FINDING_FIELDS, 'rule')),
  severity: enumOf(FINDING_SEVERITIES, field(FINDING_FIELDS, 'severity')),
  status: enumOf(FINDING_STATUSES, field(FINDING_FIELDS, 'status')),
});

const ProjectDetailSchema = ProjectSchema.extend({
  receiving_waters: z.array(ReceivingWaterSchema),
  parties: z.array(PartySchema),
  documents: z.array(DocumentSchema),
  monthly_summaries: z.array(MonthlySummarySchema),
  enforcement_actions: z.array(EnforcementActionSchema),
  town_inspections: z.array(TownInspectionSchema),
  findings: z
    .array(FindingSchema)
    .meta({ description: 'Compliance findings over the project’s whole history, open and ended.' }),
});

const FindingListSchema = z.object({
  source: z.url().meta({ description: 'The page that explains the data.' }),
  as_of: z.iso.date().meta({
    description:
      'The day (local time, America/New_York) the findings were evaluated for; they also change as deadlines pass.',
  }),
  total: z.number().int().meta({ description: 'Findings that match the filters, on every page.' }),
  page: z.number().int().meta({ description: 'This page (from 1).' }),
  per_page: z.number().int().meta({ description: 'Findings per page.' }),
  pages: z.number().int().meta({ description: 'Number of pages.' }),
  count: z.number().int().meta({ description: 'Findings on this page.' }),
  findings: z.array(FindingSchema),
});

const statsDescription = (name: string) => STATS_FIELDS.find((f) => f.name === name)?.description;
const RecordsRequestMonthSchema = z.object({
  month: z.string().meta({ description: statsDescription('month') }),
  received: z
    .number()
    .int()
    .meta({ description: statsDescription('received') }),
  answered: z
    .number()
    .int()
    .meta({ description: statsDescription('answered') }),
  answered_on_time: z
    .number()
    .int()
    .meta({ description: statsDescription('answered_on_time') }),
  counted_for_rate: z
    .number()
    .int()
    .meta({ description: statsDescription('counted_for_rate') }),
  on_time_percent: z
    .number()
    .nullable()
    .meta({ description: statsDescription('on_time_percent') }),
  median_days_to_answer: z
    .number()
    .nullable()
    .meta({ description: statsDescription('median_days_to_answer') }),
  withdrawn: z
    .number()
    .int()
    .meta({ description: statsDescription('withdrawn') }),
  closed_as_duplicate: z
    .number()
    .int()
    .meta({ description: statsDescription('closed_as_duplicate') }),
  open: z
    .number()
    .int()
    .meta({ description: statsDescription('open') }),
  overdue: z
    .number()
    .int()
    .meta({ description: statsDescription('overdue') }),
  not_answered_in_time: z
    .number()
    .int()
    .meta({ description: statsDescription('not_answered_in_time') }),
  granted_in_part: z
    .number()
    .int()
    .meta({ description: statsDescription('granted_in_part') }),
  denied: z
    .number()
    .int()
    .meta({ description: statsDescription('denied') }),
  certified_no_record: z
    .number()
    .int()
    .meta({ description: statsDescription('certified_no_record') }),
  appeals: z
    .number()
    .int()
    .meta({ description: statsDescription('appeals') }),
  appeals_granted: z
    .number()
    .int()
    .meta({ description: statsDescription('appeals_granted') }),
  appeals_denied: z
    .number()
    .int()
    .meta({ description: statsDescription('appeals_denied') }),
  appeals_answered_late: z
    .number()
    .int()
    .meta({ description: statsDescription('appeals_answered_late') }),
});
const RecordsRequestStatsSchema = z.object({
  months: z.array(RecordsRequestMonthSchema),
  total: RecordsRequestMonthSchema,
});

const onTimeDescription = (name: string) => ON_TIME_FIELDS.find((f) => f.name === name)?.description;
const OnTimeRowSchema = z.object({
  who: z.string().meta({ description: onTimeDescription('who') }),
  kind: z.enum(['town', 'operator']).meta({ description: onTimeDescription('kind') }),
  received: z
    .number()
    .int()
    .meta({ description: onTimeDescription('received') }),
  answered: z
    .number()
    .int()
    .meta({ description: onTimeDescription('answered') }),
  answered_on_time: z
    .number()
    .int()
    .meta({ description: onTimeDescription('answered_on_time') }),
  on_time_percent: z
    .number()
    .nullable()
    .meta({ description: onTimeDescription('on_time_percent') }),
  not_answered_in_time: z
    .number()
    .int()
    .meta({ description: onTimeDescription('not_answered_in_time') }),
  open: z
    .number()
    .int()
    .meta({ description: onTimeDescription('open') }),
  withdrawn: z
    .number()
    .int()
    .meta({ description: onTimeDescription('withdrawn') }),
});
const OnTimeStatsSchema = z.object({
  rows: z
    .array(OnTimeRowSchema)
    .meta({ description: 'The municipality first, then each site operator with requests, most requests first.' }),
});

const logDescription = (name: string) => PUBLIC_LOG_FIELDS.find((f) => f.name === name)?.description;
/** /requests/log.json: the public log of records requests (records-requests/public-log.ts). */
const RecordsRequestLogEntrySchema = z.object({
  number: z.string().meta({ description: logDescription('number') }),
  received_on: z.iso.date().meta({ description: logDescription('received_on') }),
  project: z
    .object({ name: z.string(), slug: z.string(), url: z.url() })
    .nullable()
    .meta({ description: logDescription('project') }),
  status: z.string().meta({ description: logDescription('status') }),
  due_on: z.iso.date().meta({ description: logDescription('due_on') }),
  answered_on: z.iso
    .date()
    .nullable()
    .meta({ description: logDescription('answered_on') }),
  business_days: z
    .number()
    .int()
    .min(0)
    .meta({ description: logDescription('business_days') }),
  timeliness: z.enum(LOG_TIMELINESS).meta({ description: logDescription('timeliness') }),
  not_answered_in_time: z.boolean().meta({ description: logDescription('not_answered_in_time') }),
  appeal: z
    .object({
      outcome: z.enum(['pending', 'granted', 'granted_in_part', 'denied']),
      decided_on: z.iso.date().nullable(),
    })
    .nullable()
    .meta({ description: logDescription('appeal') }),
  items: z
    .array(
      z.object({
        title: z.string().meta({
          description:
            'The document’s title, or a generated description of a date range; what the requester wrote in their own words is never shown.',
        }),
        outcome: z.enum(LOG_ITEM_OUTCOMES),
        ground: z
          .string()
          .nullable()
          .meta({ description: 'The Public Officers Law §87(2) ground a denial or partial grant rests on.' }),
        document_url: z.url().nullable().meta({ description: 'The document on the portal, when it is public there.' }),
      }),
    )
    .meta({ description: logDescription('items') }),
});
const RecordsRequestLogSchema = z.object({
  source: z.url().meta({ description: 'The page that shows the log.' }),
  total: z.number().int().meta({ description: 'Requests that match the filters, on every page.' }),
  page: z.number().int().meta({ description: 'This page (from 1).' }),
  per_page: z.number().int().meta({ description: 'Requests per page.' }),
  pages: z.number().int().meta({ description: 'Number of pages.' }),
  count: z.number().int().meta({ description: 'Requests on this page.' }),
  requests: z.array(RecordsRequestLogEntrySchema).meta({ description: 'Newest first.' }),
});

/** /api/map-points.json: what the map draws, as small as GeoJSON allows (public/map-page.ts). */
const MapPointCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({
        type: z.literal('Point'),
        coordinates: z
          .tuple([z.number(), z.number()])
          .meta({ description: '[longitude, latitude], WGS84 (RFC 7946).' }),
      }),
      properties: z.object({
        s: z.string().meta({ description: 'The project page address: /projects/{s}.' }),
        n: z.string().meta({ description: 'Project name.' }),
        a: z.string().meta({ description: 'Site address.' }),
        t: z.enum(PROJECT_STATUSES).meta({ description: 'Project status.' }),
      }),
    }),
  ),
});

/** The town-wide datasets: `{ source, count, last_modified, [key]: records }` (public/open-data.ts encodeDataset). */
const datasetList = (what: string, key: string, record: z.ZodType) =>
  z.object({
    source: z.url().meta({ description: 'The page that explains the data.' }),
    count: z
      .number()
      .int()
      .meta({ description: `Number of ${what} in the answer.` }),
    last_modified: z.iso.datetime().nullable().meta({ description: 'The newest updated_at among them.' }),
    [key]: z.array(record),
  });

const TownEnforcementActionSchema = recordSchema(ENFORCEMENT_DATASET_FIELDS, {
  type: enumOf(ENFORCEMENT_TYPES, field(ENFORCEMENT_DATASET_FIELDS, 'type')),
  category: enumOf(ENFORCEMENT_CATEGORIES, field(ENFORCEMENT_DATASET_FIELDS, 'category')),
  status: enumOf(ENFORCEMENT_STATUSES, field(ENFORCEMENT_DATASET_FIELDS, 'status')),
});
const TownEnforcementActionListSchema = datasetList(
  'enforcement actions',
  'enforcement_actions',
  TownEnforcementActionSchema,
);

const TownInspectionRecordSchema = recordSchema(TOWN_INSPECTION_DATASET_FIELDS, {
  violations: z.array(ViolationSchema).meta({ description: 'Violations found at the inspection.' }),
});
const TownInspectionListSchema = z.object({
  source: z.url().meta({ description: 'The page that explains the data.' }),
  count: z.number().int().meta({ description: 'Number of inspections in the answer.' }),
  last_modified: z.iso.datetime().nullable().meta({ description: 'Always empty: inspections carry no updated_at.' }),
  town_inspections: z.array(TownInspectionRecordSchema),
});

const SiteReportSchema = recordSchema(SITE_REPORT_FIELDS, {
  status: enumOf(SITE_REPORT_STATUSES, field(SITE_REPORT_FIELDS, 'status')),
});
const SiteReportListSchema = datasetList('reports', 'reports', SiteReportSchema);

const PostStormInspectionSchema = recordSchema(STORM_DUTY_FIELDS, {
  inspection: enumOf(STORM_DUTY_VALUES, field(STORM_DUTY_FIELDS, 'inspection')),
});
const PostStormInspectionListSchema = datasetList(
  'sites after storms',
  'post_storm_inspections',
  PostStormInspectionSchema,
);

const OperatorCompanySchema = recordSchema(OPERATOR_COMPANY_FIELDS);
const OperatorCompanyListSchema = datasetList('companies', 'operator_companies', OperatorCompanySchema);
const OperatorCompanyMonthSchema = recordSchema(OPERATOR_COMPANY_MONTH_FIELDS, {
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .meta({ description: 'One of the last 12 months (YYYY-MM), the current one included.' }),
});
const OperatorCompanyMonthListSchema = datasetList(
  'company months',
  'operator_company_months',
  OperatorCompanyMonthSchema,
);

const ErrorSchema = z.object({ error: z.string().meta({ description: 'What was wrong, and what to send instead.' }) });

const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** Every named schema, as the OpenAPI document's components. */
export const NAMED_SCHEMAS = {
  Project: ProjectSchema,
  ProjectList: ProjectListSchema,
  ProjectFeatureCollection: ProjectFeatureCollectionSchema,
  MapPointCollection: MapPointCollectionSchema,
  ReceivingWater: ReceivingWaterSchema,
  Party: PartySchema,
  Document: DocumentSchema,
  MonthlySummary: MonthlySummarySchema,
  EnforcementAction: EnforcementActionSchema,
  Violation: ViolationSchema,
  TownInspection: TownInspectionSchema,
  Finding: FindingSchema,
  ProjectDetail: ProjectDetailSchema,
  FindingList: FindingListSchema,
  RecordsRequestMonth: RecordsRequestMonthSchema,
  RecordsRequestStats: RecordsRequestStatsSchema,
  RecordsRequestOnTimeRow: OnTimeRowSchema,
  RecordsRequestOnTime: OnTimeStatsSchema,
  RecordsRequestLogEntry: RecordsRequestLogEntrySchema,
  RecordsRequestLog: RecordsRequestLogSchema,
  Practice: PracticeSchema,
  PracticeList: PracticeListSchema,
  PracticeFeatureCollection: PracticeFeatureCollectionSchema,
  TownEnforcementAction: TownEnforcementActionSchema,
  TownEnforcementActionList: TownEnforcementActionListSchema,
  TownInspectionRecord: TownInspectionRecordSchema,
  TownInspectionList: TownInspectionListSchema,
  SiteReport: SiteReportSchema,
  SiteReportList: SiteReportListSchema,
  PostStormInspection: PostStormInspectionSchema,
  PostStormInspectionList: PostStormInspectionListSchema,
  OperatorCompany: OperatorCompanySchema,
  OperatorCompanyList: OperatorCompanyListSchema,
  OperatorCompanyMonth: OperatorCompanyMonthSchema,
  OperatorCompanyMonthList: OperatorCompanyMonthListSchema,
  Error: ErrorSchema,
  OpenApiDocument: OpenApiDocumentSchema,
} satisfies Record<string, z.ZodType>;
