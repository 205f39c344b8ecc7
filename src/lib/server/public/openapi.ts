/**
 * The OpenAPI 3.1 description of every open-data route, served at /api/openapi.json. Each path's parameters and
 * success answer come from the route's contract (api-routes.ts): the zod schemas the route parses its query
 * string and path with, and the named answer schema built from the data dictionary (api-schemas.ts), all
 * through z.toJSONSchema (JSON Schema 2020-12, OpenAPI 3.1's dialect). Only the words and examples are here.
 * tests/unit/openapi-is-the-routes-schemas.test.ts holds the document to the routes' schemas.
 *
 * Each operation lists examples in `x-request-examples`: a request and the status and media type it
 * answers with. tests/integration/findings-inspections-and-catalog.test.ts sends every one and checks the answer
 * against the documented schema. The example project id is a published project of this deployment.
 */
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { z } from 'astro/zod';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { isListParam } from './api-filters.ts';
import { API_CONTRACTS, type ApiContract, type ApiPath } from './api-routes.ts';
import { NAMED_SCHEMAS } from './api-schemas.ts';
import { listOpenProjects } from './open-data.ts';

type Json = Record<string, unknown>;

const ref = (name: keyof typeof NAMED_SCHEMAS) => ({ $ref: `#/components/schemas/${name}` });

function withoutMeta(schema: Json): Json {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

let components: Record<string, Json> | undefined;

/** The components: every named schema, referring to each other by $ref (built once). */
function componentSchemas(): Record<string, Json> {
  if (components) return components;
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) registry.add(schema, { id });
  const out = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'output',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Json> };
  components = Object.fromEntries(Object.entries(out.schemas).map(([id, s]) => [id, withoutMeta(s)]));
  return components;
}

/** Parameters from the schema a route parses them with: query lists are comma-separated (style form, explode false). */
export function schemaParameters(schema: z.ZodObject, where: 'query' | 'path'): Json[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const f = field as z.ZodType;
    const required = !(f instanceof z.ZodOptional);
    const inner = (f instanceof z.ZodOptional ? f.unwrap() : f) as z.ZodType;
    const json = withoutMeta(z.toJSONSchema(inner, { target: 'draft-2020-12', io: 'input' }) as Json);
    const { description, examples, ...rest } = json as { description?: string; examples?: unknown[] } & Json;
    return {
      name,
      in: where,
      required,
      description,
      schema: rest,
      ...(isListParam(f) ? { style: 'form', explode: false } : {}),
      ...(examples?.length ? { example: examples[0] } : {}),
    };
  });
}

interface RequestExample {
  summary: string;
  /** Path and query, e.g. /api/projects?status=active */
  url: string;
  status: number;
  contentType: string;
}

const conditionalParameters = [
  { $ref: '#/components/parameters/IfNoneMatch' },
  { $ref: '#/components/parameters/IfModifiedSince' },
];
const cachingHeaders = {
  ETag: { $ref: '#/components/headers/ETag' },
  'Last-Modified': { $ref: '#/components/headers/LastModified' },
  'Access-Control-Allow-Origin': { $ref: '#/components/headers/AccessControlAllowOrigin' },
};
const paged = {
  ...cachingHeaders,
  Link: {
    description: 'RFC 8288 links to the first, last, previous and next pages (rel="first", "last", "prev", "next").',
    schema: { type: 'string' },
  },
  'X-Total-Count': { description: 'Findings that match the filters, on every page.', schema: { type: 'integer' } },
};
const notModified = {
  '304': {
    description: 'Not modified: the client’s copy (If-None-Match or If-Modified-Since) is current. No body.',
    headers: cachingHeaders,
  },
};
const badRequest = {
  '400': {
    description: 'A filter is malformed; the message says what to send instead.',
    content: { 'application/json': { schema: ref('Error') } },
  },
};
const csv = (description: string, headers: Json = cachingHeaders) => ({
  description,
  headers,
  content: {
    'text/csv': {
      schema: {
        type: 'string',
        description:
          'UTF-8 with a byte order mark; the first row names the fields (see the data dictionary). Cells a spreadsheet would run as a formula start with an apostrophe.',
      },
    },
  },
});
const json = (description: string, schema: Json, mediaType = 'application/json', headers: Json = cachingHeaders) => ({
  description,
  headers,
  content: { [mediaType]: { schema } },
});

/** Parameters of one kind from the schema the route parses them with. */
function parameters(schema: z.ZodObject | undefined, where: 'query' | 'path'): Json[] {
  return schema ? schemaParameters(schema, where) : [];
}

/**
 * One path of the document: its parameters and success answer from the route's contract (api-routes.ts), the
 * words and examples from here. A route that parses a query string can answer 400.
 */
function operation(o: {
  path: ApiPath;
  id: string;
  summary: string;
  description: string;
  tag: string;
  /** What the success answer is, in words. */
  answer: string;
  headers?: Json;
  /** Answers other than success, 400 and 304. */
  responses?: Json;
  examples: RequestExample[];
}): [string, Json] {
  const c: ApiContract = API_CONTRACTS[o.path];
  const headers = o.headers ?? cachingHeaders;
  const ok =
    c.answer === 'csv' ? csv(o.answer, headers) : json(o.answer, ref(c.answer.schema), c.answer.mediaType, headers);
  return [
    o.path,
    {
      get: {
        operationId: o.id,
        summary: o.summary,
        description: o.description,
        tags: [o.tag],
        parameters: [...parameters(c.params, 'path'), ...parameters(c.query, 'query'), ...conditionalParameters],
        responses: { '200': ok, ...(c.query ? badRequest : {}), ...o.responses, ...notModified },
        'x-request-examples': o.examples,
      },
    },
  ];
}

export async function openApiDocument(db: Db, baseUrl: string) {
  const [sample] = await listOpenProjects(db, { statuses: [] }, baseUrl);
  const t = await townAsync(db);
  const sampleId = sample?.id ?? 1;
  const sampleSlug = sample?.slug ?? 'example';
  const J = 'application/json';
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `${t.portalName} open data`,
      version: '1.0.0',
      summary: `Construction stormwater projects, compliance findings and records-request statistics of the ${t.fullNameWithState}.`,
      description:
        'Public data only: published projects, public documents and enforcement actions, the municipality’s inspections, and compliance findings. Ids never change and are never reused. Every answer carries an ETag and most a Last-Modified; send If-None-Match or If-Modified-Since for a short 304. CORS is open. The fields are explained at /open-data.',
    },
    servers: [{ url: baseUrl }],
    externalDocs: { description: 'Data dictionary: every field, its type and unit', url: `${baseUrl}/open-data` },
    tags: [
      { name: 'Projects', description: 'Published construction projects and their public records.' },
      {
        name: 'Findings',
        description: 'Compliance findings from the operators’ filings, checked against the local law.',
      },
      { name: 'Records requests', description: 'Monthly statistics of records requests.' },
      {
        name: 'Practices',
        description:
          'The permanent stormwater practices in the municipality’s inventory, their last inspection and open maintenance.',
      },
      {
        name: 'Enforcement',
        description: 'Public enforcement actions and the municipality’s own inspections at published projects.',
      },
      {
        name: 'Residents’ reports',
        description: 'Problems residents reported, as each report’s public page shows them; never who reported.',
      },
      {
        name: 'Operators',
        description: 'The owner/operator companies of published projects and their record across their sites.',
      },
      { name: 'About', description: 'This description.' },
    ],
    paths: Object.fromEntries([
      operation({
        path: '/api/projects',
        id: 'listProjects',
        tag: 'Projects',
        summary: 'Every published project',
        description: 'One record per published project, filtered by status, a bounding box or updated_since.',
        answer: 'The projects.',
        examples: [
          { summary: 'Every project', url: '/api/projects', status: 200, contentType: J },
          {
            summary: 'Sites under construction or stopped',
            url: '/api/projects?status=active,stop_work',
            status: 200,
            contentType: J,
          },
          {
            summary: 'Inside a box, changed since a day',
            url: '/api/projects?bbox=-74.08,42.745,-73.93,42.87&updated_since=2020-01-01',
            status: 200,
            contentType: J,
          },
          { summary: 'An unknown status', url: '/api/projects?status=building', status: 400, contentType: J },
          { summary: 'A box with three numbers', url: '/api/projects?bbox=1,2,3', status: 400, contentType: J },
        ],
      }),
      operation({
        path: '/api/projects.csv',
        id: 'listProjectsCsv',
        tag: 'Projects',
        summary: 'Every published project as CSV',
        description:
          'The same records as /api/projects, one row each, the columns in the order of the data dictionary.',
        answer: 'The projects, one row each.',
        examples: [
          { summary: 'Every project', url: '/api/projects.csv', status: 200, contentType: 'text/csv' },
          {
            summary: 'Only stop-work sites',
            url: '/api/projects.csv?status=stop_work',
            status: 200,
            contentType: 'text/csv',
          },
          {
            summary: 'A date that is not one',
            url: '/api/projects.csv?updated_since=yesterday',
            status: 400,
            contentType: J,
          },
        ],
      }),
      operation({
        path: '/api/projects.geojson',
        id: 'listProjectsGeoJson',
        tag: 'Projects',
        summary: 'Every published project as GeoJSON',
        description:
          'An RFC 7946 FeatureCollection: each project a Point at [longitude, latitude], its other fields as properties.',
        answer: 'The projects as map points.',
        examples: [
          { summary: 'Every project', url: '/api/projects.geojson', status: 200, contentType: 'application/geo+json' },
          {
            summary: 'Inside a box',
            url: '/api/projects.geojson?bbox=-74.00,42.76,-73.95,42.80',
            status: 200,
            contentType: 'application/geo+json',
          },
        ],
      }),
      operation({
        path: '/api/map-points.json',
        id: 'listMapPoints',
        tag: 'Projects',
        summary: 'The map’s markers, compact',
        description:
          'Every published project with a location as a small GeoJSON FeatureCollection (slug, name, address, status), as the /map page draws them; `status` narrows it to one status. For every field, use /api/projects.geojson.',
        answer: 'The markers.',
        examples: [
          { summary: 'Every marker', url: '/api/map-points.json', status: 200, contentType: 'application/geo+json' },
          {
            summary: 'Active projects only',
            url: '/api/map-points.json?status=active',
            status: 200,
            contentType: 'application/geo+json',
          },
          { summary: 'An unknown status', url: '/api/map-points.json?status=building', status: 400, contentType: J },
        ],
      }),
      operation({
        path: '/api/projects/{id}',
        id: 'getProject',
        tag: 'Projects',
        summary: 'One published project with its public records',
        description:
          'The project with its receiving waters, parties, public documents, monthly summaries, public enforcement actions, the municipality’s inspections and the compliance findings over its whole history.',
        answer: 'The project.',
        examples: [
          { summary: 'A published project', url: `/api/projects/${sampleId}`, status: 200, contentType: J },
          { summary: 'No such project', url: '/api/projects/999999999', status: 404, contentType: J },
        ],
        responses: {
          '404': { description: 'No published project has this id.', content: { [J]: { schema: ref('Error') } } },
        },
      }),
      operation({
        path: '/api/practices.json',
        id: 'listPractices',
        tag: 'Practices',
        summary: 'Every permanent stormwater practice',
        description:
          'The municipality’s inventory of permanent stormwater practices (ponds, wetlands, swales, devices): who maintains each, the last municipal inspection and what it found, the next routine inspection, open and overdue maintenance.',
        answer: 'The practices.',
        examples: [{ summary: 'Every practice', url: '/api/practices.json', status: 200, contentType: J }],
      }),
      operation({
        path: '/api/practices.csv',
        id: 'listPracticesCsv',
        tag: 'Practices',
        summary: 'Every permanent stormwater practice as CSV',
        description: 'The same records as /api/practices.json, one row each.',
        answer: 'The practices, one row each.',
        examples: [{ summary: 'Every practice', url: '/api/practices.csv', status: 200, contentType: 'text/csv' }],
      }),
      operation({
        path: '/api/practices.geojson',
        id: 'listPracticesGeoJson',
        tag: 'Practices',
        summary: 'Every permanent stormwater practice as GeoJSON',
        description:
          'An RFC 7946 FeatureCollection: each practice a Point at [longitude, latitude], its other fields as properties.',
        answer: 'The practices as map points.',
        examples: [
          {
            summary: 'Every practice',
            url: '/api/practices.geojson',
            status: 200,
            contentType: 'application/geo+json',
          },
        ],
      }),
      operation({
        path: '/api/enforcement-actions.json',
        id: 'listEnforcementActions',
        tag: 'Enforcement',
        summary: 'Enforcement actions at published projects',
        description:
          'Every public enforcement action at a published project, newest first: type, category, status, the day issued, the ordinance section cited, the dates it was lifted or closed, and a court’s fine once one is on record, with the project.',
        answer: 'The enforcement actions.',
        examples: [{ summary: 'Every one', url: '/api/enforcement-actions.json', status: 200, contentType: J }],
      }),
      operation({
        path: '/api/enforcement-actions.csv',
        id: 'listEnforcementActionsCsv',
        tag: 'Enforcement',
        summary: 'Enforcement actions at published projects as CSV',
        description: 'The same records as /api/enforcement-actions.json, one row each.',
        answer: 'The enforcement actions, one row each.',
        examples: [{ summary: 'Every one', url: '/api/enforcement-actions.csv', status: 200, contentType: 'text/csv' }],
      }),
      operation({
        path: '/api/town-inspections.json',
        id: 'listTownInspections',
        tag: 'Enforcement',
        summary: 'The municipality’s inspections at published projects',
        description:
          'Every inspection the municipality made at a published project, newest first: the day, the milestone inspected, the result and the violations found. Never the officer’s working notes.',
        answer: 'The inspections.',
        examples: [{ summary: 'Every one', url: '/api/town-inspections.json', status: 200, contentType: J }],
      }),
      operation({
        path: '/api/town-inspections.csv',
        id: 'listTownInspectionsCsv',
        tag: 'Enforcement',
        summary: 'The municipality’s inspections at published projects as CSV',
        description: 'The same records as /api/town-inspections.json, one row each.',
        answer: 'The inspections, one row each.',
        examples: [{ summary: 'Every one', url: '/api/town-inspections.csv', status: 200, contentType: 'text/csv' }],
      }),
      operation({
        path: '/api/reports.json',
        id: 'listResidentsReports',
        tag: 'Residents’ reports',
        summary: 'Residents’ reports',
        description:
          'Every report residents may see, newest first: number, category, what was seen, the place in words and rounded to about 10 m, the day seen and filed, status and the published project it is about. Never the reporter’s name, email, phone or network address, and never a hidden report.',
        answer: 'The reports.',
        examples: [{ summary: 'Every one', url: '/api/reports.json', status: 200, contentType: J }],
      }),
      operation({
        path: '/api/reports.csv',
        id: 'listResidentsReportsCsv',
        tag: 'Residents’ reports',
        summary: 'Residents’ reports as CSV',
        description: 'The same records as /api/reports.json, one row each.',
        answer: 'The reports, one row each.',
        examples: [{ summary: 'Every one', url: '/api/reports.csv', status: 200, contentType: 'text/csv' }],
      }),
      operation({
        path: '/api/post-storm-inspections.json',
        id: 'listPostStormInspections',
        tag: 'Findings',
        summary: 'Post-storm inspections, storm by storm',
        description:
          'For each of the newest storms of the threshold or more (half an inch), every published site under construction when it ended: whether it was inspected within the window after the storm (24 hours), the end of the window and the inspection. The same reading as the post-storm findings and the /storms pages.',
        answer: 'One record per storm and site.',
        examples: [{ summary: 'Every one', url: '/api/post-storm-inspections.json', status: 200, contentType: J }],
      }),
      operation({
        path: '/api/post-storm-inspections.csv',
        id: 'listPostStormInspectionsCsv',
        tag: 'Findings',
        summary: 'Post-storm inspections as CSV',
        description: 'The same records as /api/post-storm-inspections.json, one row each.',
        answer: 'One row per storm and site.',
        examples: [
          { summary: 'Every one', url: '/api/post-storm-inspections.csv', status: 200, contentType: 'text/csv' },
        ],
      }),
      operation({
        path: '/api/operator-companies.json',
        id: 'listOperatorCompanies',
        tag: 'Operators',
        summary: 'Operator companies and their record',
        description:
          'One record per company named as owner/operator on a published project’s NOI record, with the numbers its page (/operators/{company_slug}) shows: sites, open findings, findings and late or missing monthly summaries in the last 12 months, public enforcement actions by type, and its answers to written requests for records under Subsection L(4). Company names and counts only.',
        answer: 'One record per company.',
        examples: [{ summary: 'Every company', url: '/api/operator-companies.json', status: 200, contentType: J }],
      }),
      operation({
        path: '/api/operator-companies.csv',
        id: 'listOperatorCompaniesCsv',
        tag: 'Operators',
        summary: 'Operator companies and their record as CSV',
        description: 'The same records as /api/operator-companies.json, one row each.',
        answer: 'One row per company.',
        examples: [
          { summary: 'Every company', url: '/api/operator-companies.csv', status: 200, contentType: 'text/csv' },
        ],
      }),
      operation({
        path: '/api/operator-companies/monthly.json',
        id: 'listOperatorCompanyMonths',
        tag: 'Operators',
        summary: 'Operator companies’ findings month by month',
        description:
          'One record per company and month of the last 12 (the current one included): the findings at its sites that began in the month and, of them, monthly summaries filed late or not filed, as the trend on its page.',
        answer: 'One record per company and month.',
        examples: [
          { summary: 'Every company', url: '/api/operator-companies/monthly.json', status: 200, contentType: J },
        ],
      }),
      operation({
        path: '/api/operator-companies/monthly.csv',
        id: 'listOperatorCompanyMonthsCsv',
        tag: 'Operators',
        summary: 'Operator companies’ findings month by month as CSV',
        description: 'The same rows as /api/operator-companies/monthly.json.',
        answer: 'One row per company and month.',
        examples: [
          {
            summary: 'Every company',
            url: '/api/operator-companies/monthly.csv',
            status: 200,
            contentType: 'text/csv',
          },
        ],
      }),
      operation({
        path: '/api/findings.json',
        id: 'listFindings',
        tag: 'Findings',
        summary: 'Compliance findings at published projects',
        description:
          'Open findings and those that ended since `since` (default: a year ago), newest first, across the municipality or for one project, a page at a time.',
        answer: 'The findings.',
        headers: paged,
        examples: [
          {
            summary: 'Open findings and those that ended in the last year',
            url: '/api/findings.json',
            status: 200,
            contentType: J,
          },
          {
            summary: 'Serious findings still open',
            url: '/api/findings.json?status=open&severity=high',
            status: 200,
            contentType: J,
          },
          {
            summary: 'One project’s whole history',
            url: `/api/findings.json?project=${sampleId}&since=2000-01-01`,
            status: 200,
            contentType: J,
          },
          {
            summary: 'The second page of five',
            url: '/api/findings.json?per_page=5&page=2',
            status: 200,
            contentType: J,
          },
          { summary: 'An unknown severity', url: '/api/findings.json?severity=urgent', status: 400, contentType: J },
          { summary: 'Too many a page', url: '/api/findings.json?per_page=100000', status: 400, contentType: J },
        ],
      }),
      operation({
        path: '/api/findings.csv',
        id: 'listFindingsCsv',
        tag: 'Findings',
        summary: 'Compliance findings as CSV',
        description: 'The same records as /api/findings.json, one row each, a page at a time.',
        answer: 'The findings, one row each.',
        headers: paged,
        examples: [
          {
            summary: 'Open findings and those that ended in the last year',
            url: '/api/findings.csv',
            status: 200,
            contentType: 'text/csv',
          },
          {
            summary: 'Missed post-storm inspections',
            url: '/api/findings.csv?rule=post-storm',
            status: 200,
            contentType: 'text/csv',
          },
          {
            summary: 'A project id that is not one',
            url: '/api/findings.csv?project=abc',
            status: 400,
            contentType: J,
          },
        ],
      }),
      operation({
        path: '/api/records-requests/monthly.json',
        id: 'recordsRequestsMonthly',
        tag: 'Records requests',
        summary: 'Records requests per month',
        description:
          'Received, answered, answered on time, median days to answer, withdrawn, open and overdue, per month and in total. Counts only.',
        answer: 'The statistics.',
        examples: [{ summary: 'Every month', url: '/api/records-requests/monthly.json', status: 200, contentType: J }],
      }),
      operation({
        path: '/api/records-requests/monthly.csv',
        id: 'recordsRequestsMonthlyCsv',
        tag: 'Records requests',
        summary: 'Records requests per month as CSV',
        description: 'The same statistics, one row per month.',
        answer: 'One row per month.',
        examples: [
          { summary: 'Every month', url: '/api/records-requests/monthly.csv', status: 200, contentType: 'text/csv' },
        ],
      }),
      operation({
        path: '/api/records-requests/on-time.json',
        id: 'recordsRequestsOnTime',
        tag: 'Records requests',
        summary: 'On-time rates: the municipality and each site operator',
        description:
          'Requests to the municipality (Freedom of Information Law) and to each site operator (ordinance L(4)), side by side: received, answered, answered on time within five business days, not answered in time, open and withdrawn. Counts only; never a requester.',
        answer: 'The municipality first, then each operator.',
        examples: [{ summary: 'All time', url: '/api/records-requests/on-time.json', status: 200, contentType: J }],
      }),
      operation({
        path: '/api/records-requests/on-time.csv',
        id: 'recordsRequestsOnTimeCsv',
        tag: 'Records requests',
        summary: 'On-time rates as CSV',
        description: 'The same rates, one row for the municipality and one per site operator.',
        answer: 'One row for the municipality, then one per operator.',
        examples: [
          { summary: 'All time', url: '/api/records-requests/on-time.csv', status: 200, contentType: 'text/csv' },
        ],
      }),
      operation({
        path: '/requests/log.json',
        id: 'recordsRequestLog',
        tag: 'Records requests',
        summary: 'The public log of records requests',
        description:
          'Every records request, newest first, a page at a time: number, day received, project, the records asked for (document titles only; never who asked, how to reach them or what they wrote), each item’s outcome with the ground of a denial, business days taken, and whether the answer came on time. Filter by project (its slug) and year.',
        answer: 'One page of the log.',
        headers: paged,
        examples: [
          { summary: 'The newest requests', url: '/requests/log.json', status: 200, contentType: J },
          {
            summary: 'One project’s requests',
            url: `/requests/log.json?project=${encodeURIComponent(sampleSlug)}`,
            status: 200,
            contentType: J,
          },
          {
            summary: 'Requests received in 2026, ten a page',
            url: '/requests/log.json?year=2026&per_page=10',
            status: 200,
            contentType: J,
          },
          { summary: 'A year that is not one', url: '/requests/log.json?year=last', status: 400, contentType: J },
          {
            summary: 'No such project',
            url: '/requests/log.json?project=no-such-project-anywhere',
            status: 400,
            contentType: J,
          },
        ],
      }),
      operation({
        path: '/requests/log.csv',
        id: 'recordsRequestLogCsv',
        tag: 'Records requests',
        summary: 'The public log of records requests as CSV',
        description:
          'The same page of the log as /requests/log.json, one row per record asked for (the request’s columns repeated).',
        answer: 'One row per record asked for.',
        headers: paged,
        examples: [
          { summary: 'The newest requests', url: '/requests/log.csv', status: 200, contentType: 'text/csv' },
          { summary: 'A page that is not a number', url: '/requests/log.csv?page=first', status: 400, contentType: J },
        ],
      }),
      operation({
        path: '/api/openapi.json',
        id: 'openApi',
        tag: 'About',
        summary: 'This description',
        description: 'The OpenAPI 3.1 description of the API.',
        answer: 'The OpenAPI document.',
        examples: [{ summary: 'The description', url: '/api/openapi.json', status: 200, contentType: J }],
      }),
    ]),
    components: {
      schemas: componentSchemas(),
      parameters: {
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'An ETag from an earlier answer: 304 if unchanged.',
          schema: { type: 'string' },
        },
        IfModifiedSince: {
          name: 'If-Modified-Since',
          in: 'header',
          required: false,
          description: 'A Last-Modified from an earlier answer: 304 if nothing is newer.',
          schema: { type: 'string' },
        },
      },
      headers: {
        ETag: { description: 'Strong validator: a digest of the body.', schema: { type: 'string' } },
        LastModified: {
          description: 'The newest change among the records in the answer (when the answer has one).',
          schema: { type: 'string' },
        },
        AccessControlAllowOrigin: {
          description: 'Always *: any website may read the data.',
          schema: { type: 'string', const: '*' },
        },
      },
    },
  };
}
