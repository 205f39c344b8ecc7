/**
 * The public log of records requests: /requests/log (HTML), /requests/log.json and /requests/log.csv.
 * Per request: number, day received, project, the documents asked for (titles only), each item's outcome,
 * business days taken, on time or late. Filters (project, year) and paging come from one zod schema.
 *
 * Privacy by construction: the queries below select no requester column (name, email, phone, address),
 * no description, no clerk's reason, no file name; see public-log.rules.ts. Three indexed reads per page
 * (count, the page of requests, their items), whatever the number of projects or requests.
 */
import { z } from 'astro/zod';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, max, min, type SQL } from 'drizzle-orm';
import { denialGrounds, documents, projects, recordsRequests, requestAppeals, requestItems } from '#db/schema.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { townDeadlineWindow } from '#lib/server/platform/time/calendar.ts';
import { townInstant, townToday } from '#lib/server/platform/time/town-time.ts';
import {
  LOG_ITEM_OUTCOMES,
  LOG_TIMELINESS,
  answeredOn,
  businessDaysTaken,
  logItemOutcome,
  logItemTitle,
  logTimeliness,
  notAnsweredInTime,
  type LogItemOutcome,
  type LogRequestFacts,
  type LogTimeliness,
} from './public-log.rules.ts';
import { fail, type Result } from '#lib/server/platform/result.ts';

export const PUBLIC_LOG_PER_PAGE = 50;
export const PUBLIC_LOG_MAX_PER_PAGE = 500;
const FIRST_YEAR = 1990;
const LAST_YEAR = 2100;

const whole = (message: string, lo: number, hi: number) =>
  z.coerce.number({ error: message }).int({ error: message }).min(lo, { error: message }).max(hi, { error: message });

/** The log's query string (the page, the JSON and the CSV). Unknown names are ignored. */
export const publicLogFilterSchema = z.object({
  project: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,119}$/, {
      error: 'project must be a project’s slug: the last part of its page address, as in /projects/{slug}.',
    })
    .meta({
      description: 'Only the requests about one published project: its slug (the last part of /projects/{slug}).',
      examples: ['maple-ridge-subdivision'],
    })
    .optional(),
  year: whole(`year must be a year from ${FIRST_YEAR} to ${LAST_YEAR}, e.g. 2026.`, FIRST_YEAR, LAST_YEAR)
    .meta({
      description: 'Only the requests received in this calendar year (local time, America/New_York).',
      examples: [2026],
    })
    .optional(),
  page: whole('page must be a whole number from 1.', 1, 1_000_000)
    .meta({ description: 'Which page of the log (newest requests first).', examples: [1] })
    .optional(),
  per_page: whole(`per_page must be a whole number from 1 to ${PUBLIC_LOG_MAX_PER_PAGE}.`, 1, PUBLIC_LOG_MAX_PER_PAGE)
    .meta({ description: `Requests per page (default ${PUBLIC_LOG_PER_PAGE}).`, examples: [100] })
    .optional(),
});

export interface PublicLogQuery {
  project?: string;
  year?: number;
  page: number;
  perPage: number;
}

export type Parsed<T> = Result<{ value: T }>;

/** Read the query string through the schema: empty values are left out; the first problem is the answer. */
export function parsePublicLogQuery(
  params: URLSearchParams,
  schema: typeof publicLogFilterSchema = publicLogFilterSchema,
): Parsed<PublicLogQuery> {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const v = params.get(name)?.trim();
    if (v) raw[name] = v;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(issue.message, String(issue.path[0] ?? ''));
  }
  const { project, year, page, per_page } = parsed.data;
  return { ok: true, value: { project, year, page: page ?? 1, perPage: per_page ?? PUBLIC_LOG_PER_PAGE } };
}

export interface PublicLogItem {
  title: string;
  outcome: LogItemOutcome;
  /** The POL §87(2) ground of a denial or partial grant. */
  ground: string | null;
  /** The document on the portal, when it is public there. */
  documentUrl: string | null;
}

export interface PublicLogRow {
  number: string;
  receivedOn: string;
  project: { name: string; slug: string; url: string } | null;
  status: string;
  dueOn: string;
  answeredOn: string | null;
  businessDays: number;
  timeliness: LogTimeliness;
  notAnsweredInTime: boolean;
  /** The requester's appeal (POL §89(4)(a)) and how the appeals officer answered it; null when none. */
  appeal: { outcome: 'pending' | 'granted' | 'granted_in_part' | 'denied'; decidedOn: string | null } | null;
  items: PublicLogItem[];
}

export interface PublicLog {
  rows: PublicLogRow[];
  total: number;
  page: number;
  perPage: number;
  pages: number;
  /** The project filtered on. */
  project: { slug: string; name: string } | null;
}

export type PublicLogResult = Result<{ log: PublicLog }>;

/**
 * One page of the log, read in one snapshot (the count and the page agree). An unknown or unpublished project is a
 * problem in the query, said plainly.
 */
export function publicLog(db: Db, q: PublicLogQuery, baseUrl: string, now = new Date()): Promise<PublicLogResult> {
  return readSnapshotAsync(db, () => readPublicLog(db, q, baseUrl, now));
}

async function readPublicLog(db: Db, q: PublicLogQuery, baseUrl: string, now: Date): Promise<PublicLogResult> {
  let project: { id: number; slug: string; name: string } | null = null;
  if (q.project) {
    project =
      (
        await db
          .select({ id: projects.id, slug: projects.slug, name: projects.name })
          .from(projects)
          .where(and(eq(projects.slug, q.project), eq(projects.published, true)))
      )[0] ?? null;
    if (!project)
      return fail(
        `No published project has the slug "${q.project.slice(0, 40)}". Choose one from the list, or see /projects.`,
        'project',
      );
  }
  const where: SQL[] = [];
  if (project) where.push(eq(recordsRequests.projectId, project.id));
  if (q.year)
    where.push(
      gte(recordsRequests.receivedAt, townInstant(`${q.year}-01-01`)),
      lt(recordsRequests.receivedAt, townInstant(`${q.year + 1}-01-01`)),
    );
  const filter = where.length ? and(...where) : undefined;

  const total = (await db.select({ n: count() }).from(recordsRequests).where(filter))[0]?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / q.perPage));
  const page = Math.min(q.page, pages);
  const requests = await db
    .select({
      id: recordsRequests.id,
      number: recordsRequests.number,
      receivedAt: recordsRequests.receivedAt,
      status: recordsRequests.status,
      dueOn: recordsRequests.dueOn,
      acknowledgedOn: recordsRequests.acknowledgedOn,
      fulfilledOn: recordsRequests.fulfilledOn,
      deniedOn: recordsRequests.deniedOn,
      withdrawnOn: recordsRequests.withdrawnOn,
      duplicateClosedOn: recordsRequests.duplicateClosedOn,
      delivery: recordsRequests.delivery,
      copiesReadyOn: recordsRequests.copiesReadyOn,
      promisedOn: recordsRequests.promisedOn,
      billedOn: recordsRequests.billedOn,
      projectName: projects.name,
      projectSlug: projects.slug,
      projectPublished: projects.published,
      groundCitation: denialGrounds.citation,
      groundLabel: denialGrounds.label,
    })
    .from(recordsRequests)
    .leftJoin(projects, eq(projects.id, recordsRequests.projectId))
    .leftJoin(denialGrounds, eq(denialGrounds.id, recordsRequests.denialGroundId))
    .where(filter)
    .orderBy(desc(recordsRequests.receivedAt), desc(recordsRequests.id))
    .limit(q.perPage)
    .offset((page - 1) * q.perPage);

  // What the requester asked for (not what the clerk attached), in one read for the page.
  const items = requests.length
    ? await db
        .select({
          requestId: requestItems.requestId,
          documentId: requestItems.documentId,
          documentType: requestItems.documentType,
          dateFrom: requestItems.dateFrom,
          dateTo: requestItems.dateTo,
          decision: requestItems.decision,
          docTitle: documents.title,
          docType: documents.type,
          docPublic: documents.public,
          docDate: documents.documentDate,
          groundCitation: denialGrounds.citation,
          groundLabel: denialGrounds.label,
        })
        .from(requestItems)
        .leftJoin(documents, eq(documents.id, requestItems.documentId))
        .leftJoin(denialGrounds, eq(denialGrounds.id, requestItems.denialGroundId))
        .where(
          and(
            inArray(
              requestItems.requestId,
              requests.map((r) => r.id),
            ),
            isNull(requestItems.addedByUserId),
          ),
        )
        .orderBy(asc(requestItems.requestId), asc(requestItems.id))
    : [];
  const byRequest = new Map<number, typeof items>();
  for (const i of items) {
    const list = byRequest.get(i.requestId) ?? [];
    list.push(i);
    byRequest.set(i.requestId, list);
  }

  // The appeal's outcome beside the items: a grant reopens them, so the log would otherwise lose the denial's answer.
  const appeals = new Map<number, PublicLogRow['appeal']>();
  if (requests.length) {
    for (const a of await db
      .select({
        requestId: requestAppeals.requestId,
        outcome: requestAppeals.outcome,
        decidedOn: requestAppeals.decidedOn,
      })
      .from(requestAppeals)
      .where(
        inArray(
          requestAppeals.requestId,
          requests.map((r) => r.id),
        ),
      )
      .orderBy(asc(requestAppeals.id))) {
      appeals.set(a.requestId, { outcome: a.outcome, decidedOn: a.decidedOn });
    }
  }
  const { today, overdueBefore, calendar } = await townDeadlineWindow(db, now);
  const rows = requests.map((r): PublicLogRow => {
    const facts: LogRequestFacts = {
      status: r.status,
      dueOn: r.dueOn,
      acknowledgedOn: r.acknowledgedOn,
      fulfilledOn: r.fulfilledOn,
      deniedOn: r.deniedOn,
      withdrawnOn: r.withdrawnOn,
      duplicateClosedOn: r.duplicateClosedOn,
      delivery: r.delivery,
      copiesReadyOn: r.copiesReadyOn,
      promisedOn: r.promisedOn,
      billedOn: r.billedOn,
      ground: r.groundCitation ? { citation: r.groundCitation, label: r.groundLabel ?? '' } : null,
    };
    const receivedOn = townToday(r.receivedAt);
    const shown = r.projectSlug && r.projectPublished;
    return {
      number: r.number,
      receivedOn,
      project: shown
        ? { name: r.projectName ?? '', slug: r.projectSlug!, url: `${baseUrl}/projects/${r.projectSlug}` }
        : null,
      status: r.status,
      dueOn: r.dueOn,
      answeredOn: answeredOn(facts),
      businessDays: businessDaysTaken(receivedOn, facts, today, calendar),
      timeliness: logTimeliness(facts, overdueBefore),
      notAnsweredInTime: notAnsweredInTime(facts, overdueBefore),
      appeal: appeals.get(r.id) ?? null,
      items: (byRequest.get(r.id) ?? []).map((i) => {
        // A project that is not (or no longer) published: its documents' titles are not shown either.
        const document =
          shown && i.docTitle != null && i.docType != null
            ? { title: i.docTitle, type: i.docType, public: Boolean(i.docPublic), documentDate: i.docDate }
            : null;
        const ground = i.groundCitation ? { citation: i.groundCitation, label: i.groundLabel ?? '' } : null;
        const out = logItemOutcome({ decision: i.decision, ground }, facts);
        return {
          title: logItemTitle({
            documentId: i.documentId,
            document,
            documentType: i.documentType,
            dateFrom: i.dateFrom,
            dateTo: i.dateTo,
            decision: i.decision,
            ground,
          }),
          outcome: out.outcome,
          ground: out.ground ? `${out.ground.citation} (${out.ground.label})` : null,
          documentUrl:
            i.documentId != null && document?.public && shown ? `${baseUrl}/documents/${i.documentId}` : null,
        };
      }),
    };
  });
  return { ok: true, log: { rows, total, page, perPage: q.perPage, pages, project } };
}

/** The years the log's filter offers: from the first request received to the latest (two indexed reads). */
export async function publicLogYears(db: Db): Promise<number[]> {
  const [r] = await db
    .select({ first: min(recordsRequests.receivedAt), last: max(recordsRequests.receivedAt) })
    .from(recordsRequests);
  if (!r?.first || !r.last) return [];
  const a = Number(townToday(new Date(r.first)).slice(0, 4));
  const b = Number(townToday(new Date(r.last)).slice(0, 4));
  return Array.from({ length: b - a + 1 }, (_, k) => b - k);
}

/** Published projects with requests, for the page's filter; null when too many for a list (then a text box). */
export async function publicLogProjects(db: Db, limit = 300): Promise<Array<{ slug: string; name: string }> | null> {
  const rows = await db
    .selectDistinct({ slug: projects.slug, name: projects.name })
    .from(recordsRequests)
    .innerJoin(projects, and(eq(projects.id, recordsRequests.projectId), eq(projects.published, true)))
    .orderBy(asc(projects.name))
    .limit(limit + 1);
  return rows.length > limit ? null : rows;
}

/** Fields of the JSON rows and CSV columns (the data dictionary). */
export const PUBLIC_LOG_FIELDS = [
  { name: 'number', description: 'The request number (R-YYYY-NNNN).' },
  { name: 'received_on', description: 'The day the request was received (local time, America/New_York).' },
  {
    name: 'project',
    description:
      'The published project the request is about, with its page; empty when none is named or the project is not published.',
  },
  {
    name: 'status',
    description:
      'Where the request stands: received, acknowledged, awaiting_cost_approval, awaiting_payment, fulfilled, denied or withdrawn (and any status the municipality adds).',
  },
  {
    name: 'due_on',
    description:
      'The statutory due date: five business days after the day of receipt (Public Officers Law §89(3)(a)), or as moved by a closure before it passed.',
  },
  {
    name: 'answered_on',
    description: 'The day the records were provided (fulfilled) or denied in writing; empty while open or withdrawn.',
  },
  {
    name: 'business_days',
    description:
      'Business days from the day received to the day answered (or withdrawn, or closed as a duplicate; while open, to today).',
  },
  {
    name: 'timeliness',
    description: `on_time (answered on or before the due date), late (answered after it), not_yet_due, overdue (open past the due date), withdrawn, or duplicate (closed as a duplicate of another request, answered there).`,
  },
  {
    name: 'not_answered_in_time',
    description:
      'true when a time limit ran out unanswered: no acknowledgment, grant or denial within the five business days, or, once acknowledged, no grant or denial by the date the municipality gave. Either is a denial the requester may appeal (POL §89(3)(a), §89(4)(a)).',
  },
  {
    name: 'appeal',
    description:
      'The requester’s appeal, if any: its outcome (pending, granted, granted_in_part, denied) and the day the appeals officer answered. A granted appeal reopens the records it covers, whose outcome then shows as pending until they are provided.',
  },
  {
    name: 'items',
    description:
      'The records asked for: each document’s title (never the requester’s own words), its outcome (released, released_in_part, granted_in_part, denied, not_held or not_found: certified that the municipality has no such record, which is not a denial; withdrawn, duplicate, pending), the §87(2) ground of a denial, and a link when the document is public on the portal.',
  },
] as const;

export function publicLogJson(log: PublicLog, baseUrl: string) {
  return {
    source: `${baseUrl}/requests/log`,
    total: log.total,
    page: log.page,
    per_page: log.perPage,
    pages: log.pages,
    count: log.rows.length,
    requests: log.rows.map((r) => ({
      number: r.number,
      received_on: r.receivedOn,
      project: r.project,
      status: r.status,
      due_on: r.dueOn,
      answered_on: r.answeredOn,
      business_days: r.businessDays,
      timeliness: r.timeliness,
      not_answered_in_time: r.notAnsweredInTime,
      appeal: r.appeal ? { outcome: r.appeal.outcome, decided_on: r.appeal.decidedOn } : null,
      items: r.items.map((i) => ({
        title: i.title,
        outcome: i.outcome,
        ground: i.ground,
        document_url: i.documentUrl,
      })),
    })),
  };
}

export const PUBLIC_LOG_CSV_HEADER = [
  'number',
  'received_on',
  'project',
  'project_url',
  'status',
  'due_on',
  'answered_on',
  'business_days',
  'timeliness',
  'not_answered_in_time',
  'appeal_outcome',
  'appeal_decided_on',
  'item',
  'item_outcome',
  'item_ground',
  'item_document_url',
];

/** One CSV row per item asked for (a request without items: one row with the item columns empty). */
export function publicLogCsvRows(log: PublicLog): unknown[][] {
  return log.rows.flatMap((r) => {
    const head = [
      r.number,
      r.receivedOn,
      r.project?.name ?? '',
      r.project?.url ?? '',
      r.status,
      r.dueOn,
      r.answeredOn ?? '',
      r.businessDays,
      r.timeliness,
      r.notAnsweredInTime,
      r.appeal?.outcome ?? '',
      r.appeal?.decidedOn ?? '',
    ];
    return r.items.length
      ? r.items.map((i) => [...head, i.title, i.outcome, i.ground ?? '', i.documentUrl ?? ''])
      : [[...head, '', '', '', '']];
  });
}

export { LOG_ITEM_OUTCOMES, LOG_TIMELINESS };
