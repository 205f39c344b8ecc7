/**
 * Reading projects for the public pages. Only published projects and public documents/actions leave here.
 */
import { inForceSqlAs } from '#lib/server/enforcement/in-force.rules.ts';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  PROJECT_KINDS,
  PROJECT_STATUSES,
  documents,
  enforcementActions,
  inspections,
  monthlySummaries,
  parties,
  projects,
  receivingWaters,
  swpppReviews,
  type ProjectKind,
  type ProjectStatus,
} from '#db/schema.ts';
import { formatMonth } from '#lib/shared/format.ts';
import { ENFORCEMENT_TYPE_LABEL } from '#lib/shared/labels.ts';
import { memoUntilPublicChangeAsync, preparedOnce } from '#lib/server/platform/db.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { boundList, containsPattern, containsText, inList } from '#lib/server/platform/db/sql.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';

export const PROJECT_SORTS = {
  name: 'Name (A–Z)',
  updated: 'Recently updated',
  newest: 'Newest NOI',
  start: 'Planned start',
} as const;
export type ProjectSort = keyof typeof PROJECT_SORTS;

export interface ProjectListQuery {
  q?: string;
  status?: ProjectStatus;
  kind?: ProjectKind;
  sort?: ProjectSort;
  page?: number;
  perPage?: number;
}

/** Turn untrusted query-string values into a valid query; unknown values are dropped, not errors. */
export function parseProjectListQuery(
  params: URLSearchParams,
): Required<Omit<ProjectListQuery, 'q' | 'status' | 'kind'>> & Pick<ProjectListQuery, 'q' | 'status' | 'kind'> {
  const status = params.get('status') ?? '';
  const kind = params.get('kind') ?? '';
  const sort = params.get('sort') ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  return {
    q: q || undefined,
    status: (PROJECT_STATUSES as readonly string[]).includes(status) ? (status as ProjectStatus) : undefined,
    kind: (PROJECT_KINDS as readonly string[]).includes(kind) ? (kind as ProjectKind) : undefined,
    sort: sort in PROJECT_SORTS ? (sort as ProjectSort) : 'name',
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 1,
    perPage: 25,
  };
}

/**
 * The listed project's id inside a correlated subquery. Drizzle writes a column of the queried table
 * unqualified ("id"), which inside `select … from enforcement_actions ea` would mean ea.id.
 */
export const outerProjectId = sql`${sql.identifier('projects')}.${sql.identifier('id')}`;

/** Open (in force) public enforcement actions of a project, as a correlated subquery. */
export const openActionsCount = sql<number>`(select count(*) from ${enforcementActions} ea
  where ea.project_id = ${outerProjectId} and ea.public = 1 and ${inForceSqlAs('ea')})`;
/** The day the oldest stop-work order still in force was issued, as a correlated subquery. */
export const stopWorkSince = sql<string | null>`(select min(ea.issued_on) from ${enforcementActions} ea
  where ea.project_id = ${outerProjectId} and ea.public = 1 and ea.type = 'stop_work_order' and ${inForceSqlAs('ea')})`;

export function listProjects(db: Db, query: ProjectListQuery) {
  const perPage = query.perPage ?? 25;
  const page = query.page ?? 1;
  const sort = query.sort ?? 'name';
  const q = listStatements(db, sort, {
    status: Boolean(query.status),
    kind: Boolean(query.kind),
    text: Boolean(query.q),
  });
  const values = { status: query.status, kind: query.kind, pattern: query.q ? containsPattern(query.q) : undefined };
  const offset = (page - 1) * perPage;
  // The count and the page from one snapshot: "26–50 of N" agrees with the rows shown.
  return readSnapshotAsync(db, async () => {
    let total: number;
    let ids: number[];
    if (query.q) {
      // A text search: counted, and its page's ids read from the sort's index, each time.
      total = (await q.count.get(values))!.n;
      ids = (await q.pageIds.all({ ...values, limit: perPage, offset })).map((r) => r.id);
    } else {
      // Without one, every page of a filter and sort is a slice of the same order, read once until public
      // data changes (its length is the count). An OFFSET walked the index to the page each time: at
      // 10,000 projects, 0.5–0.8 ms of a deep page's ~2 ms miss; reading the whole order is ~5 ms, once.
      const order = await memoUntilPublicChangeAsync(
        db,
        `projects.order:${sort}|${query.status ?? ''}|${query.kind ?? ''}`,
        async () => Int32Array.from(await q.order.all(values), (r) => r.id),
      );
      total = order.length;
      ids = Array.from(order.subarray(offset, offset + perPage));
    }
    // Then only the page's rows, with their enforcement subqueries, read by id.
    const rows = new Map((await q.rows.all({ ids: boundList(ids) })).map((r) => [r.id, r]));
    const items = ids.map((id) => rows.get(id)!);
    return { items, total, page, perPage, pages: Math.max(1, Math.ceil(total / perPage)) };
  });
}

/**
 * The list's queries for one shape of filters and one sort (a text search's count and page of ids, the
 * whole order otherwise, and the page's rows), prepared once per connection: building a query with drizzle
 * costs more than running it (~0.6 ms of a list page's ~1 ms, measured at 10,000 projects).
 */
function listStatements(db: Db, sort: ProjectSort, filters: { status: boolean; kind: boolean; text: boolean }) {
  return preparedOnce(
    db,
    `projects.list:${sort}:${Number(filters.status)}${Number(filters.kind)}${Number(filters.text)}`,
    () => {
      const where: SQL[] = [eq(projects.published, true)];
      if (filters.status) where.push(eq(projects.status, sql.placeholder('status')));
      if (filters.kind) where.push(eq(projects.kind, sql.placeholder('kind')));
      // Plain substring match; full-text search lives in the search module.
      if (filters.text)
        where.push(
          containsText(
            sql.placeholder('pattern'),
            projects.name,
            projects.siteAddress,
            projects.crossStreet,
            projects.townPermitNo,
            projects.spdesPermitId,
            projects.taxMapParcels,
          ),
        );
      const order = {
        name: [asc(projects.name)],
        updated: [desc(projects.updatedAt), asc(projects.name)],
        newest: [desc(projects.noiReceivedOn), asc(projects.name)],
        start: [asc(projects.plannedStartOn), asc(projects.name)],
      }[sort];
      // The listed ids in the sort's order (ties by id): all of them, or a text search's one page.
      const ordered = () =>
        db
          .select({ id: projects.id })
          .from(projects)
          .where(and(...where))
          .orderBy(...order, asc(projects.id));
      return {
        count: db
          .select({ n: sql<number>`count(*)` })
          .from(projects)
          .where(and(...where))
          .prepare(),
        pageIds: ordered().limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(),
        order: ordered().prepare(),
        rows: db
          .select({
            id: projects.id,
            slug: projects.slug,
            name: projects.name,
            siteAddress: projects.siteAddress,
            status: projects.status,
            kind: projects.kind,
            description: projects.description,
            disturbedAcres: projects.disturbedAcres,
            plannedStartOn: projects.plannedStartOn,
            noiReceivedOn: projects.noiReceivedOn,
            updatedAt: projects.updatedAt,
            openActions: openActionsCount,
            stopWorkSince,
          })
          .from(projects)
          .where(inList(projects.id, sql.placeholder('ids')))
          .prepare(),
      };
    },
  );
}

export type ProjectListItem = Awaited<ReturnType<typeof listProjects>>['items'][number];

export async function countProjectsByStatus(db: Db): Promise<Record<ProjectStatus, number>> {
  const rows = await db
    .select({ status: projects.status, n: sql<number>`count(*)` })
    .from(projects)
    .where(eq(projects.published, true))
    .groupBy(projects.status);
  const out = Object.fromEntries(PROJECT_STATUSES.map((s) => [s, 0])) as Record<ProjectStatus, number>;
  for (const r of rows) out[r.status] = r.n;
  return out;
}

/** The public project page's queries, prepared once per connection (this page is the portal's busiest). */
function projectPageStatements(db: Db) {
  return preparedOnce(db, 'projects.publicPage', () => {
    const id = sql.placeholder('id');
    return {
      project: db
        .select()
        .from(projects)
        .where(and(eq(projects.slug, sql.placeholder('slug')), eq(projects.published, true)))
        .prepare(),
      waters: db.select().from(receivingWaters).where(eq(receivingWaters.projectId, id)).prepare(),
      people: db
        .select({
          id: parties.id,
          role: parties.role,
          companyName: parties.companyName,
          contactName: parties.contactName,
          contactTitle: parties.contactTitle,
          phone: parties.phone,
          license: parties.license,
          measures: parties.measures,
          certifiedOn: parties.certifiedOn,
        })
        .from(parties)
        .where(eq(parties.projectId, id))
        .orderBy(asc(parties.id))
        .prepare(),
      docs: db
        .select({
          id: documents.id,
          type: documents.type,
          title: documents.title,
          filename: documents.filename,
          sizeBytes: documents.sizeBytes,
          pageCount: documents.pageCount,
          sheetSize: documents.sheetSize,
          largeFormatPages: documents.largeFormatPages,
          documentDate: documents.documentDate,
          version: documents.version,
          supersedesId: documents.supersedesId,
          uploadedAt: documents.uploadedAt,
        })
        .from(documents)
        .where(and(eq(documents.projectId, id), eq(documents.public, true)))
        .orderBy(desc(documents.documentDate), desc(documents.id))
        .prepare(),
      summaries: db
        .select()
        .from(monthlySummaries)
        .where(and(eq(monthlySummaries.projectId, id), sql`${monthlySummaries.submittedAt} is not null`))
        .orderBy(desc(monthlySummaries.month), desc(monthlySummaries.version))
        .prepare(),
      actions: db
        .select()
        .from(enforcementActions)
        .where(and(eq(enforcementActions.projectId, id), eq(enforcementActions.public, true)))
        .orderBy(desc(enforcementActions.issuedOn), desc(enforcementActions.id))
        .prepare(),
      reviews: db
        .select()
        .from(swpppReviews)
        .where(eq(swpppReviews.projectId, id))
        .orderBy(desc(swpppReviews.receivedOn), desc(swpppReviews.id))
        .prepare(),
      lastInspection: db
        .select({ inspectedAt: inspections.inspectedAt, type: inspections.type })
        .from(inspections)
        .where(eq(inspections.projectId, id))
        .orderBy(desc(inspections.inspectedAt))
        .limit(1)
        .prepare(),
      inspectionCount: db
        .select({ n: sql<number>`count(*)` })
        .from(inspections)
        .where(eq(inspections.projectId, id))
        .prepare(),
    };
  });
}

/** Everything the public project page shows; undefined when there is no published project by that slug. */
export async function getPublicProject(db: Db, slug: string) {
  const q = projectPageStatements(db);
  const project = await q.project.get({ slug });
  if (!project) return undefined;
  const byId = { id: project.id };
  const docs = await q.docs.all(byId);
  const reviews = await q.reviews.all(byId);
  const swpppVersions = docs.filter((d) => d.type === 'swppp' || d.type === 'swppp_amendment');
  return {
    project,
    waters: await q.waters.all(byId),
    people: await q.people.all(byId),
    documents: docs,
    summaries: await q.summaries.all(byId),
    actions: await q.actions.all(byId),
    reviews,
    swppp: { current: swpppVersions[0], versions: swpppVersions, review: reviews[0] },
    lastInspection: await q.lastInspection.get(byId),
    inspectionCount: (await q.inspectionCount.get(byId))!.n,
  };
}

export type PublicProject = NonNullable<Awaited<ReturnType<typeof getPublicProject>>>;

/** A public document and its project, for downloads; undefined unless both are public. */
export async function getPublicDocument(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db
    .select({
      id: documents.id,
      sha256: documents.sha256,
      filename: documents.filename,
      mimeType: documents.mimeType,
      sizeBytes: documents.sizeBytes,
      title: documents.title,
      projectSlug: projects.slug,
    })
    .from(documents)
    .innerJoin(projects, eq(projects.id, documents.projectId))
    .where(and(eq(documents.id, id), eq(documents.public, true), eq(projects.published, true)));
  return row;
}

export interface ActivityItem {
  kind: 'summary' | 'enforcement' | 'project';
  on: string;
  projectSlug: string;
  projectName: string;
  text: string;
}

/** Latest public activity across the town: monthly summaries filed, enforcement issued, new NOIs. */
export async function latestActivity(db: Db, limit = 10): Promise<ActivityItem[]> {
  const summaryRows = await db
    .select({
      at: monthlySummaries.submittedAt,
      month: monthlySummaries.month,
      version: monthlySummaries.version,
      slug: projects.slug,
      name: projects.name,
    })
    .from(monthlySummaries)
    .innerJoin(projects, eq(projects.id, monthlySummaries.projectId))
    .where(and(eq(projects.published, true), sql`${monthlySummaries.submittedAt} is not null`))
    .orderBy(desc(monthlySummaries.submittedAt))
    .limit(limit);
  const actionRows = await db
    .select({
      on: enforcementActions.issuedOn,
      type: enforcementActions.type,
      slug: projects.slug,
      name: projects.name,
    })
    .from(enforcementActions)
    .innerJoin(projects, eq(projects.id, enforcementActions.projectId))
    .where(and(eq(projects.published, true), eq(enforcementActions.public, true)))
    .orderBy(desc(enforcementActions.issuedOn), desc(enforcementActions.id))
    .limit(limit);
  const projectRows = await db
    .select({ on: projects.noiReceivedOn, slug: projects.slug, name: projects.name })
    .from(projects)
    .where(and(eq(projects.published, true), sql`${projects.noiReceivedOn} is not null`))
    .orderBy(desc(projects.noiReceivedOn))
    .limit(limit);
  const items: ActivityItem[] = [
    ...summaryRows.map((r) => ({
      kind: 'summary' as const,
      on: townToday(r.at!),
      projectSlug: r.slug,
      projectName: r.name,
      text: `${r.version > 1 ? 'Corrected monthly' : 'Monthly'} inspection summary for ${formatMonth(r.month)} posted`,
    })),
    ...actionRows.map((r) => ({
      kind: 'enforcement' as const,
      on: r.on,
      projectSlug: r.slug,
      projectName: r.name,
      text: `${ENFORCEMENT_TYPE_LABEL[r.type]} issued`,
    })),
    ...projectRows.map((r) => ({
      kind: 'project' as const,
      on: r.on!,
      projectSlug: r.slug,
      projectName: r.name,
      text: 'Notice of intent received',
    })),
  ];
  return items.sort((a, b) => b.on.localeCompare(a.on)).slice(0, limit);
}
