/**
 * The filters the open-data API takes in the query string, as zod schemas. The same schemas validate
 * each request (a bad value is a 400 that says what to send instead) and describe the parameters in the
 * OpenAPI document (public/openapi.ts, through z.toJSONSchema), so the two cannot drift apart.
 *
 * Lists are written comma-separated (`status=active,stop_work`; OpenAPI style form, explode false) and
 * may also be repeated (`status=active&status=stop_work`).
 */
import { z } from 'astro/zod';
import { PROJECT_STATUSES } from '#db/enums.ts';
import {
  FINDINGS_MAX_PER_PAGE,
  FINDINGS_PER_PAGE,
  FINDING_RULES,
  FINDING_SEVERITIES,
  FINDING_STATUSES,
  type FindingFilters,
  type FindingPage,
} from './findings.ts';
import { fail, type Refusal, type Result } from '#lib/server/platform/result.ts';

const clip = (v: unknown) => String(v).slice(0, 40);
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { error: (iss) => `Unknown ${what} "${clip(iss.input)}". Use one or more of: ${values.join(', ')}.` });

const BBOX_MESSAGE =
  'bbox must be four numbers: west longitude, south latitude, east longitude, north latitude (e.g. -74.08,42.745,-73.93,42.87).';
const SINCE_MESSAGE = 'updated_since must be a date (2026-05-01) or an ISO 8601 instant (2026-05-01T12:00:00Z).';

/** A date (midnight UTC) or an instant with its offset. */
const dateOrInstant = (message: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: message })
    .transform((s) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00Z`) : new Date(s)));

/** GET /api/projects, /api/projects.csv and /api/projects.geojson. */
export const projectFilterSchema = z.object({
  status: z
    .array(oneOf(PROJECT_STATUSES, 'status'))
    .meta({
      description: `Only projects in these statuses: ${PROJECT_STATUSES.join(', ')}.`,
      examples: [['active', 'stop_work']],
    })
    .optional(),
  bbox: z
    .array(
      z.coerce.number({ error: BBOX_MESSAGE }).min(-180, { error: BBOX_MESSAGE }).max(180, { error: BBOX_MESSAGE }),
    )
    .length(4, { error: BBOX_MESSAGE })
    .refine(([w, s, e, n]) => w <= e && s <= n && Math.abs(s) <= 90 && Math.abs(n) <= 90, { error: BBOX_MESSAGE })
    .meta({
      description:
        'Only projects inside a box: west longitude, south latitude, east longitude, north latitude, in decimal degrees (WGS84, the GeoJSON order).',
      examples: [[-74.0, 42.77, -73.95, 42.8]],
    })
    .optional(),
  updated_since: dateOrInstant(SINCE_MESSAGE)
    .meta({
      description: 'Only projects whose updated_at is at or after a date (midnight UTC) or an instant.',
      examples: ['2026-05-01', '2026-05-01T12:00:00Z'],
    })
    .optional(),
});

/** GET /api/findings.json and /api/findings.csv. */
export const findingFilterSchema = z.object({
  status: z
    .array(oneOf(FINDING_STATUSES, 'status'))
    .meta({ description: 'open (still going on) or resolved (ended).', examples: [['open']] })
    .optional(),
  severity: z
    .array(oneOf(FINDING_SEVERITIES, 'severity'))
    .meta({ description: 'high (serious), medium or low.', examples: [['high']] })
    .optional(),
  rule: z
    .array(oneOf(FINDING_RULES, 'rule'))
    .meta({
      description: `The requirement checked: ${FINDING_RULES.join(', ')}.`,
      examples: [['routine-gap', 'post-storm']],
    })
    .optional(),
  project: z.coerce
    .number({ error: 'project must be a project id (a whole number), as in /api/projects.' })
    .int({ error: 'project must be a project id (a whole number), as in /api/projects.' })
    .positive({ error: 'project must be a project id (a whole number), as in /api/projects.' })
    .meta({ description: 'Only the findings of one project (its id).', examples: [1] })
    .optional(),
  since: z.iso
    .date({ error: 'since must be a date, e.g. 2025-01-01.' })
    .meta({
      description:
        'Open findings, and those that ended on or after this day (local time, America/New_York). Default: a year before today.',
      examples: ['2025-01-01'],
    })
    .optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1.' })
    .int({ error: 'page must be a whole number from 1.' })
    .min(1, { error: 'page must be a whole number from 1.' })
    .max(1_000_000, { error: 'page must be a whole number from 1.' })
    .meta({
      description:
        'Which page of the answer (newest findings first); the Link header names the first, previous, next and last.',
      examples: [1],
    })
    .optional(),
  per_page: z.coerce
    .number({ error: `per_page must be a whole number from 1 to ${FINDINGS_MAX_PER_PAGE}.` })
    .int({ error: `per_page must be a whole number from 1 to ${FINDINGS_MAX_PER_PAGE}.` })
    .min(1, { error: `per_page must be a whole number from 1 to ${FINDINGS_MAX_PER_PAGE}.` })
    .max(FINDINGS_MAX_PER_PAGE, { error: `per_page must be a whole number from 1 to ${FINDINGS_MAX_PER_PAGE}.` })
    .meta({ description: `Findings per page (default ${FINDINGS_PER_PAGE}).`, examples: [100] })
    .optional(),
});

/** Whether a query parameter is a list (comma-separated or repeated). */
export function isListParam(schema: z.ZodType): boolean {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault)
    return isListParam(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return isListParam(schema.in as z.ZodType);
  return schema instanceof z.ZodArray;
}

export type QueryResult<T> = Result<{ value: T }, Refusal>;

/** Read the query string through a schema: lists split on commas, empty values left out, unknown names ignored. */
export function parseQuery<S extends z.ZodObject>(schema: S, params: URLSearchParams): QueryResult<z.output<S>> {
  const raw: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    if (isListParam(field as z.ZodType)) {
      const items = params
        .getAll(name)
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean);
      if (items.length) raw[name] = items;
    } else {
      const value = params.get(name)?.trim();
      if (value) raw[name] = value;
    }
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const name = String(issue.path[0] ?? '');
  return fail(issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`);
}

/** The finding filters, read through the schema the route declares (its contract, public/api-routes.ts). */
export function parseFindingFilters(
  params: URLSearchParams,
  schema: typeof findingFilterSchema = findingFilterSchema,
): QueryResult<{ filters: FindingFilters; paging: FindingPage }> {
  const r = parseQuery(schema, params);
  if (!r.ok) return r;
  const { status, severity, rule, project, since, page, per_page } = r.value;
  return {
    ok: true,
    value: {
      filters: { statuses: status, severities: severity, rules: rule, projectId: project, since },
      paging: { page: page ?? 1, perPage: per_page ?? FINDINGS_PER_PAGE },
    },
  };
}
