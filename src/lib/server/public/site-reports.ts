/**
 * What residents see of residents' reports (decision 0032): the report, its place rounded to about
 * 10 m, its status and each public step, the photos the officer approved, and the project it is about
 * when that project is published. Never the reporter's name, email, phone or network address; never a
 * hidden report; never a photo not yet approved.
 */
import { and, asc, between, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { projects, siteReportCategories, siteReportEvents, siteReportPhotos, siteReports } from '#db/schema.ts';
import type { SiteReportStatus } from '#db/enums.ts';
import type { boundingBox } from '#lib/shared/geo.ts';
import { memoUntilPublicChangeAsync, preparedOnce } from '#lib/server/platform/db.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { isOpen, isOpenSql, publicPoint, STATUS_LABEL, statusMeaning } from '#lib/server/site-reports/report.rules.ts';
import {
  answeredAtSql,
  responseShare,
  responseStanding,
  standingWords,
  type ResponseShare,
} from '#lib/server/site-reports/response-time.rules.ts';
import { reportNumber, reportPath } from '#lib/server/site-reports/report.ts';
import { categories, type Category } from '#lib/server/site-reports/categories.ts';
import { townInstant, townToday } from '#lib/server/platform/time/town-time.ts';
import { addDays } from '#lib/shared/days.ts';
import { plural } from '#lib/shared/format.ts';

const COLUMNS = {
  id: siteReports.id,
  categoryId: siteReports.categoryId,
  categoryCode: siteReportCategories.code,
  category: siteReportCategories.label,
  description: siteReports.description,
  place: siteReports.place,
  latitude: siteReports.latitude,
  longitude: siteReports.longitude,
  observedOn: siteReports.observedOn,
  observedTime: siteReports.observedTime,
  status: siteReports.status,
  statusChangedAt: siteReports.statusChangedAt,
  publicReason: siteReports.publicReason,
  respondBy: siteReports.respondBy,
  answeredAt: answeredAtSql(siteReports.id),
  createdAt: siteReports.createdAt,
  updatedAt: siteReports.updatedAt,
  projectId: projects.id,
  projectSlug: projects.slug,
  projectName: projects.name,
};

/** What makes a report one residents may see (every query below): not hidden; its project named only when published. */
const NOT_HIDDEN = eq(siteReports.hidden, false);
const ITS_CATEGORY = eq(siteReportCategories.id, siteReports.categoryId);
const ITS_PUBLISHED_PROJECT = and(eq(projects.id, siteReports.projectId), eq(projects.published, true));

/** The reports residents may see, with everything a report's own page shows. */
function visible(db: Db, where: SQL[]) {
  return db
    .select(COLUMNS)
    .from(siteReports)
    .innerJoin(siteReportCategories, ITS_CATEGORY)
    .leftJoin(projects, ITS_PUBLISHED_PROJECT)
    .where(and(NOT_HIDDEN, ...where));
}

type Row = Awaited<ReturnType<typeof visible>>[number];

function shape(r: Row, photoIds: number[], meaning: Record<SiteReportStatus, string>) {
  const point = publicPoint({ latitude: r.latitude, longitude: r.longitude });
  return {
    id: r.id,
    number: reportNumber(r.id),
    path: reportPath(r.id),
    categoryCode: r.categoryCode,
    category: r.category,
    description: r.description,
    place: r.place,
    point,
    observedOn: r.observedOn,
    observedTime: r.observedTime,
    status: r.status,
    statusLabel: STATUS_LABEL[r.status],
    statusMeaning: meaning[r.status],
    open: isOpen(r.status),
    publicReason: r.publicReason,
    /** The town day the municipality aims to answer by (null: no time promised), and when it first answered. */
    respondBy: r.respondBy,
    answeredAt: r.answeredAt == null ? null : new Date(r.answeredAt),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    statusChangedAt: r.statusChangedAt,
    project:
      r.projectId != null && r.projectSlug && r.projectName
        ? { id: r.projectId, slug: r.projectSlug, name: r.projectName }
        : null,
    photos: photoIds.map((id) => ({ id, url: `/reports/photos/${id}.jpg` })),
  };
}

export type PublicReport = ReturnType<typeof shape>;

async function approvedPhotos(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ id: siteReportPhotos.id, reportId: siteReportPhotos.reportId })
    .from(siteReportPhotos)
    .where(and(inArray(siteReportPhotos.reportId, ids), isNotNull(siteReportPhotos.approvedAt)))
    .orderBy(asc(siteReportPhotos.id));
  for (const r of rows) out.set(r.reportId, [...(out.get(r.reportId) ?? []), r.id]);
  return out;
}

async function shapeAll(db: Db, rows: Row[]): Promise<PublicReport[]> {
  const photos = await approvedPhotos(
    db,
    rows.map((r) => r.id),
  );
  const meaning = statusMeaning((await townAsync(db)).profile.kind);
  return rows.map((r) => shape(r, photos.get(r.id) ?? [], meaning));
}

/** One report's status page: the report, its public steps, and where it stands against the time promised. */
export function publicReport(db: Db, id: number, today = townToday()) {
  return readSnapshotAsync(db, async () => {
    const [row] = await visible(db, [eq(siteReports.id, id)]);
    if (!row) return undefined;
    const steps = (
      await db
        .select({ at: siteReportEvents.at, status: siteReportEvents.status, words: siteReportEvents.words })
        .from(siteReportEvents)
        .where(and(eq(siteReportEvents.reportId, id), eq(siteReportEvents.public, true)))
        .orderBy(asc(siteReportEvents.at), asc(siteReportEvents.id))
    ).map((s) => ({ ...s, statusLabel: s.status ? STATUS_LABEL[s.status] : null }));
    const [report] = await shapeAll(db, [row]);
    const answeredOn = report.answeredAt && townToday(report.answeredAt);
    const kind = (await townAsync(db)).profile.kind;
    const response = standingWords(responseStanding(report.respondBy, answeredOn, today), kind);
    return { report, steps, response };
  });
}

/** How far back the open-data page counts reports answered in time: the last twelve months. */
const SHARE_DAYS = 365;

export interface CategoryShare {
  code: string;
  label: string;
  active: boolean;
  /** The business days the category promises now; null: none. */
  days: number | null;
  share: ResponseShare;
  /** The open-data table's cells, in words. */
  time: string;
  answered: string;
  percent: string;
  note: string | null;
}

function shareRow(c: Category, share: ResponseShare): CategoryShare {
  const notes = [
    share.overdue &&
      `${plural(share.overdue, 'report')} past ${share.overdue === 1 ? 'its day' : 'their day'} without an answer (counted as not in time)`,
    share.awaited &&
      `${plural(share.awaited, 'report')} still within ${share.awaited === 1 ? 'its' : 'their'} time (not counted yet)`,
  ].filter(Boolean);
  return {
    code: c.code,
    label: c.active ? c.label : `${c.label} (retired)`,
    active: c.active,
    days: c.responseBusinessDays,
    share,
    time: c.responseBusinessDays == null ? 'No time promised' : plural(c.responseBusinessDays, 'business day'),
    answered: share.counted
      ? `${share.inTime} of ${share.counted}`
      : c.responseBusinessDays == null
        ? 'Not counted: no time is promised for this category'
        : 'None to count yet',
    percent: share.percent == null ? '—' : `${share.percent}%`,
    note: notes.length ? `${notes.join('; ')}.` : null,
  };
}

/**
 * Per category, the share of visible reports filed in the last twelve months that were answered by the day
 * promised when they were filed (response-time.rules.ts). Every category offered to residents is listed,
 * and a retired one while it has reports in the period.
 */
export async function responseShares(
  db: Db,
  today = townToday(),
): Promise<{ since: string; categories: CategoryShare[] }> {
  const since = addDays(today, -SHARE_DAYS);
  const rows = await db
    .select({ categoryId: siteReports.categoryId, respondBy: siteReports.respondBy, answeredAt: COLUMNS.answeredAt })
    .from(siteReports)
    .where(and(eq(siteReports.hidden, false), sql`${siteReports.createdAt} >= ${townInstant(since).getTime()}`));
  const byCategory = new Map<number, Array<{ respondBy: string | null; answeredOn: string | null }>>();
  for (const r of rows) {
    const facts = {
      respondBy: r.respondBy,
      answeredOn: r.answeredAt == null ? null : townToday(new Date(r.answeredAt)),
    };
    const list = byCategory.get(r.categoryId);
    if (list) list.push(facts);
    else byCategory.set(r.categoryId, [facts]);
  }
  const all = await categories(db, { activeOnly: false });
  return {
    since,
    categories: all
      .filter((c) => c.active || byCategory.has(c.id))
      .map((c) => shareRow(c, responseShare(byCategory.get(c.id) ?? [], today))),
  };
}

/** Reports listed on a project's page. */
const PROJECT_PAGE_REPORTS = 50;

/** A published project's reports, newest first. */
export async function reportsForProject(db: Db, projectId: number): Promise<PublicReport[]> {
  // Built once per connection: every project page asks (decision 0046). The limit is written into the
  // SQL: a bound one makes SQLite re-prepare the statement on every run (platform/db.ts).
  const stmt = preparedOnce(db, 'siteReports.forProject', () =>
    visible(db, [eq(siteReports.projectId, sql.placeholder('projectId'))])
      .orderBy(desc(siteReports.createdAt), desc(siteReports.id))
      .limit(PROJECT_PAGE_REPORTS)
      .prepare(),
  );
  return shapeAll(db, await stmt.all({ projectId }));
}

/** Every report residents may see, newest first (by when it was filed), for the open data. */
export async function everyVisibleReport(db: Db): Promise<PublicReport[]> {
  return shapeAll(db, await visible(db, []).orderBy(desc(siteReports.createdAt), desc(siteReports.id)));
}

export interface ReportQuery {
  ids?: number[];
  codes?: string[];
  from?: Date;
  to?: Date;
  /** Open311's open/closed. */
  open?: boolean;
  projectIds?: number[];
  since?: Date;
  limit?: number;
}

/** Reports for Open311 and the feeds, newest first. */
export async function queryReports(db: Db, q: ReportQuery): Promise<PublicReport[]> {
  const where: SQL[] = [];
  if (q.ids) where.push(inArray(siteReports.id, q.ids.length ? q.ids : [-1]));
  if (q.codes) where.push(inArray(siteReportCategories.code, q.codes.length ? q.codes : ['']));
  if (q.from) where.push(sql`${siteReports.createdAt} >= ${q.from.getTime()}`);
  if (q.to) where.push(sql`${siteReports.createdAt} <= ${q.to.getTime()}`);
  if (q.open != null) where.push(q.open ? isOpenSql(siteReports.status) : sql`not (${isOpenSql(siteReports.status)})`);
  if (q.projectIds) where.push(inArray(siteReports.projectId, q.projectIds.length ? q.projectIds : [-1]));
  if (q.since) where.push(sql`${siteReports.statusChangedAt} >= ${q.since.getTime()}`);
  return shapeAll(
    db,
    await visible(db, where)
      .orderBy(desc(siteReports.createdAt), desc(siteReports.id))
      .limit(q.limit ?? 1000),
  );
}

/** What a row of the public list (/reports) and a marker of its map show: no description, steps or photos. */
const LIST_COLUMNS = {
  id: siteReports.id,
  category: siteReportCategories.label,
  place: siteReports.place,
  latitude: siteReports.latitude,
  longitude: siteReports.longitude,
  observedOn: siteReports.observedOn,
  status: siteReports.status,
  projectSlug: projects.slug,
  projectName: projects.name,
};

function listed(db: Db, where: SQL[]) {
  return db
    .select(LIST_COLUMNS)
    .from(siteReports)
    .innerJoin(siteReportCategories, ITS_CATEGORY)
    .leftJoin(projects, ITS_PUBLISHED_PROJECT)
    .where(and(NOT_HIDDEN, ...where));
}

function shapeListed(r: Awaited<ReturnType<typeof listed>>[number]) {
  return {
    id: r.id,
    number: reportNumber(r.id),
    path: reportPath(r.id),
    category: r.category,
    place: r.place,
    point: publicPoint({ latitude: r.latitude, longitude: r.longitude }),
    observedOn: r.observedOn,
    status: r.status,
    statusLabel: STATUS_LABEL[r.status],
    project: r.projectSlug && r.projectName ? { slug: r.projectSlug, name: r.projectName } : null,
  };
}

export type ListedReport = ReturnType<typeof shapeListed>;

/** The public list's filters, already checked (public/report-list.ts reads them from the query string). */
export interface ReportListFilter {
  /** One status, or every open one (Open311's open). */
  status?: SiteReportStatus | 'open';
  categoryId?: number;
  /** A published project's id, or null: not at a site residents can see. */
  projectId?: number | null;
  /** The day seen, from and to, inclusive. */
  seenFrom?: string;
  seenTo?: string;
}

function filterSql(f: ReportListFilter): SQL[] {
  const where: SQL[] = [];
  if (f.status === 'open') where.push(isOpenSql(siteReports.status));
  else if (f.status) where.push(eq(siteReports.status, f.status));
  if (f.categoryId != null) where.push(eq(siteReports.categoryId, f.categoryId));
  if (f.projectId === null) where.push(isNull(projects.id));
  else if (f.projectId != null) where.push(eq(siteReports.projectId, f.projectId));
  if (f.seenFrom) where.push(sql`${siteReports.observedOn} >= ${f.seenFrom}`);
  if (f.seenTo) where.push(sql`${siteReports.observedOn} <= ${f.seenTo}`);
  return where;
}

/**
 * The ids of one page of the visible reports that pass the filter, newest first (by when they were filed).
 * Sorted by themselves, narrow, from site_reports_status_idx where the filter allows (its hidden, status and
 * created_at, with the row id): the rows are read only for the page. The site's name is joined only to tell
 * "not at a listed site".
 */
function pageOfIds(db: Db, f: ReportListFilter, page: { limit: number; offset: number }) {
  const ids = db.select({ id: siteReports.id }).from(siteReports);
  return (f.projectId === null ? ids.leftJoin(projects, ITS_PUBLISHED_PROJECT) : ids)
    .where(and(NOT_HIDDEN, ...filterSql(f)))
    .orderBy(desc(siteReports.createdAt), desc(siteReports.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The visible reports that pass the filter, newest first (by when they were filed), a page at a time. */
export async function listReports(
  db: Db,
  f: ReportListFilter,
  page: { limit: number; offset: number },
): Promise<ListedReport[]> {
  const rows = await listed(db, [inArray(siteReports.id, pageOfIds(db, f, page))]).orderBy(
    desc(siteReports.createdAt),
    desc(siteReports.id),
  );
  return rows.map(shapeListed);
}

export async function countReports(db: Db, f: ReportListFilter): Promise<number> {
  const n = db.select({ n: count() }).from(siteReports);
  const [row] = await (f.projectId === null ? n.leftJoin(projects, ITS_PUBLISHED_PROJECT) : n).where(
    and(NOT_HIDDEN, ...filterSql(f)),
  );
  return row?.n ?? 0;
}

/** The published projects that have a report residents can see, by name (the list's choice of site). */
export function projectsWithReports(db: Db): Promise<Array<{ id: number; slug: string; name: string }>> {
  return memoUntilPublicChangeAsync(db, 'siteReports.projects', async () =>
    db
      .selectDistinct({ id: projects.id, slug: projects.slug, name: projects.name })
      .from(siteReports)
      .innerJoin(projects, ITS_PUBLISHED_PROJECT)
      .where(NOT_HIDDEN)
      .orderBy(asc(projects.name), asc(projects.id)),
  );
}

/** Reports with a point inside the box that are open, newest first, at most `limit` (the form's "Is it one of these?"). */
export async function openReportsInBox(
  db: Db,
  box: ReturnType<typeof boundingBox>,
  limit: number,
): Promise<ListedReport[]> {
  const rows = await listed(db, [
    isOpenSql(siteReports.status),
    between(siteReports.latitude, box.minLat, box.maxLat),
    between(siteReports.longitude, box.minLon, box.maxLon),
  ])
    .orderBy(desc(siteReports.createdAt), desc(siteReports.id))
    .limit(limit);
  return rows.map(shapeListed);
}

/** An approved photo, for its public URL. */
export async function publicPhoto(db: Pick<Db, 'select'>, photoId: number) {
  const [row] = await db
    .select({
      sha256: siteReportPhotos.sha256,
      mimeType: siteReportPhotos.mimeType,
      sizeBytes: siteReportPhotos.sizeBytes,
      reportId: siteReportPhotos.reportId,
    })
    .from(siteReportPhotos)
    .innerJoin(siteReports, eq(siteReports.id, siteReportPhotos.reportId))
    .where(
      and(eq(siteReportPhotos.id, photoId), isNotNull(siteReportPhotos.approvedAt), eq(siteReports.hidden, false)),
    );
  return row;
}

/** The project a "Report a problem at this site" link names, when it is published. */
export async function reportableProject(db: Db, slug: string | null) {
  if (!slug || slug.length > 200) return undefined;
  const [project] = await db
    .select({
      id: projects.id,
      slug: projects.slug,
      name: projects.name,
      siteAddress: projects.siteAddress,
      latitude: projects.latitude,
      longitude: projects.longitude,
    })
    .from(projects)
    .where(and(eq(projects.slug, slug), eq(projects.published, true)));
  return project;
}
