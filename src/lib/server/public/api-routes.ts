/**
 * What each open-data route takes and answers, as the zod schemas the route itself validates with. A route file
 * exports its entry as `contract` and parses its query string (and path) through `contract.query` and
 * `contract.params`; public/openapi.ts writes the document's parameters and answers from the same entries, so
 * the document cannot describe a filter the route does not read, nor miss one it does.
 * tests/unit/openapi-is-the-routes-schemas.test.ts holds each route file to its entry and the document to both.
 */
import { z } from 'astro/zod';
import { PROJECT_STATUSES } from '#db/enums.ts';
import { publicLogFilterSchema } from '#lib/server/records-requests/public-log.ts';
import { findingFilterSchema, projectFilterSchema } from './api-filters.ts';
import type { NAMED_SCHEMAS } from './api-schemas.ts';

export type NamedSchema = keyof typeof NAMED_SCHEMAS;

export interface ApiContract {
  /** The route's address, with `{name}` for a path parameter. */
  path: string;
  /** The query string, as the route parses it. */
  query?: z.ZodObject;
  /** The path parameters, as the route parses them. */
  params?: z.ZodObject;
  /** The success answer: a named schema (api-schemas.ts) in a JSON media type, or CSV. */
  answer: { schema: NamedSchema; mediaType: 'application/json' | 'application/geo+json' } | 'csv';
}

/** GET /api/map-points.json: the markers of one status, or all. */
export const mapPointFilterSchema = z.object({
  status: z
    .enum(PROJECT_STATUSES, {
      error: (iss) => `Unknown status "${String(iss.input).slice(0, 40)}". Use one of: ${PROJECT_STATUSES.join(', ')}.`,
    })
    .meta({ description: 'Only projects with this status.', examples: ['active'] })
    .optional(),
});

/** GET /api/projects/{id}: the project id as written in the address (digits only, so `0x10` is not project 16). */
export const projectIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,12}$/, { error: 'The project id is a whole number.' })
    .meta({ description: 'The project id (from /api/projects).', examples: ['1'] }),
});

const contract = <const C extends ApiContract>(c: C): C => c;

/** Every open-data route, by its address. */
export const API_CONTRACTS = {
  '/api/projects': contract({
    path: '/api/projects',
    query: projectFilterSchema,
    answer: { schema: 'ProjectList', mediaType: 'application/json' },
  }),
  '/api/projects.csv': contract({ path: '/api/projects.csv', query: projectFilterSchema, answer: 'csv' }),
  '/api/projects.geojson': contract({
    path: '/api/projects.geojson',
    query: projectFilterSchema,
    answer: { schema: 'ProjectFeatureCollection', mediaType: 'application/geo+json' },
  }),
  '/api/map-points.json': contract({
    path: '/api/map-points.json',
    query: mapPointFilterSchema,
    answer: { schema: 'MapPointCollection', mediaType: 'application/geo+json' },
  }),
  '/api/projects/{id}': contract({
    path: '/api/projects/{id}',
    params: projectIdParamsSchema,
    answer: { schema: 'ProjectDetail', mediaType: 'application/json' },
  }),
  '/api/practices.json': contract({
    path: '/api/practices.json',
    answer: { schema: 'PracticeList', mediaType: 'application/json' },
  }),
  '/api/practices.csv': contract({ path: '/api/practices.csv', answer: 'csv' }),
  '/api/practices.geojson': contract({
    path: '/api/practices.geojson',
    answer: { schema: 'PracticeFeatureCollection', mediaType: 'application/geo+json' },
  }),
  '/api/enforcement-actions.json': contract({
    path: '/api/enforcement-actions.json',
    answer: { schema: 'TownEnforcementActionList', mediaType: 'application/json' },
  }),
  '/api/enforcement-actions.csv': contract({ path: '/api/enforcement-actions.csv', answer: 'csv' }),
  '/api/town-inspections.json': contract({
    path: '/api/town-inspections.json',
    answer: { schema: 'TownInspectionList', mediaType: 'application/json' },
  }),
  '/api/town-inspections.csv': contract({ path: '/api/town-inspections.csv', answer: 'csv' }),
  '/api/reports.json': contract({
    path: '/api/reports.json',
    answer: { schema: 'SiteReportList', mediaType: 'application/json' },
  }),
  '/api/reports.csv': contract({ path: '/api/reports.csv', answer: 'csv' }),
  '/api/post-storm-inspections.json': contract({
    path: '/api/post-storm-inspections.json',
    answer: { schema: 'PostStormInspectionList', mediaType: 'application/json' },
  }),
  '/api/post-storm-inspections.csv': contract({ path: '/api/post-storm-inspections.csv', answer: 'csv' }),
  '/api/operator-companies.json': contract({
    path: '/api/operator-companies.json',
    answer: { schema: 'OperatorCompanyList', mediaType: 'application/json' },
  }),
  '/api/operator-companies.csv': contract({ path: '/api/operator-companies.csv', answer: 'csv' }),
  '/api/operator-companies/monthly.json': contract({
    path: '/api/operator-companies/monthly.json',
    answer: { schema: 'OperatorCompanyMonthList', mediaType: 'application/json' },
  }),
  '/api/operator-companies/monthly.csv': contract({ path: '/api/operator-companies/monthly.csv', answer: 'csv' }),
  '/api/findings.json': contract({
    path: '/api/findings.json',
    query: findingFilterSchema,
    answer: { schema: 'FindingList', mediaType: 'application/json' },
  }),
  '/api/findings.csv': contract({ path: '/api/findings.csv', query: findingFilterSchema, answer: 'csv' }),
  '/api/records-requests/monthly.json': contract({
    path: '/api/records-requests/monthly.json',
    answer: { schema: 'RecordsRequestStats', mediaType: 'application/json' },
  }),
  '/api/records-requests/monthly.csv': contract({ path: '/api/records-requests/monthly.csv', answer: 'csv' }),
  '/api/records-requests/on-time.json': contract({
    path: '/api/records-requests/on-time.json',
    answer: { schema: 'RecordsRequestOnTime', mediaType: 'application/json' },
  }),
  '/api/records-requests/on-time.csv': contract({ path: '/api/records-requests/on-time.csv', answer: 'csv' }),
  '/requests/log.json': contract({
    path: '/requests/log.json',
    query: publicLogFilterSchema,
    answer: { schema: 'RecordsRequestLog', mediaType: 'application/json' },
  }),
  '/requests/log.csv': contract({ path: '/requests/log.csv', query: publicLogFilterSchema, answer: 'csv' }),
  '/api/openapi.json': contract({
    path: '/api/openapi.json',
    answer: { schema: 'OpenApiDocument', mediaType: 'application/json' },
  }),
} as const satisfies Record<string, ApiContract>;

export type ApiPath = keyof typeof API_CONTRACTS;
