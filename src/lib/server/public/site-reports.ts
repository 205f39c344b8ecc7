/**
 * What residents see of residents' reports (decision 0032): the report, its place rounded to about
 * 10 m, its status and each public step, the photos the officer approved, and the project it is about
 * when that project is published. Never the reporter's name, email, phone or network address; never a
 * hidden report; never a photo not yet approved.
 */
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { projects, siteReportCategories, siteReportEvents, siteReportPhotos, siteReports } from '#db/schema.ts';
import type { SiteReportStatus } from '#db/enums.ts';
import { preparedOnce, type DB } from '#lib/server/platform/db.ts';
import { town } from '#lib/server/platform/town-profile.ts';
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

/** The reports residents may see: not hidden; a project named only when it is published. */
function visible(db: DB, where: SQL[]) {
  return db
    .select(COLUMNS)
    .from(siteReports)
    .innerJoin(siteReportCategories, eq(siteReportCategories.id, siteReports.categoryId))
    .leftJoin(projects, and(eq(projects.id, siteReports.projectId), eq(projects.published, true)))
    .where(and(eq(siteReports.hidden, false), ...where));
}

type Row = ReturnType<ReturnType<typeof visible>['all']>[number];

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

function approvedPhotos(db: DB, ids: number[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  if (!ids.length) return out;
  const rows = db
    .select({ id: siteReportPhotos.id, reportId: siteReportPhotos.reportId })
    .from(siteReportPhotos)
    .where(and(inArray(siteReportPhotos.reportId, ids), isNotNull(siteReportPhotos.approvedAt)))
    .orderBy(asc(siteReportPhotos.id))
    .all();
  for (const r of rows) out.set(r.reportId, [...(out.get(r.reportId) ?? []), r.id]);
  return out;
}

function shapeAll(db: DB, rows: Row[]): PublicReport[] {
  const photos = approvedPhotos(
    db,
    rows.map((r) => r.id),
  );
  const meaning = statusMeaning(town(db).profile.kind);
  return rows.map((r) => shape(r, photos.get(r.id) ?? [], meaning));
}

/** One report's status page: the report, its public steps, and where it stands against the time promised. */
export function publicReport(db: DB, id: number, today = townToday()) {
  const row = visible(db, [eq(siteReports.id, id)]).get();
  if (!row) return undefined;
  const steps = db
    .select({ at: siteReportEvents.at, status: siteReportEvents.status, words: siteReportEvents.words })
    .from(siteReportEvents)
    .where(and(eq(siteReportEvents.reportId, id), eq(siteReportEvents.public, true)))
    .orderBy(asc(siteReportEvents.at), asc(siteReportEvents.id))
    .all()
    .map((s) => ({ ...s, statusLabel: s.status ? STATUS_LABEL[s.status] : null }));
  const report = shapeAll(db, [row])[0];
  const answeredOn = report.answeredAt && townToday(report.answeredAt);
  const response = standingWords(responseStanding(report.respondBy, answeredOn, today), town(db).profile.kind);
  return { report, steps, response };
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
export function responseShares(db: DB, today = townToday()): { since: string; categories: CategoryShare[] } {
  const since = addDays(today, -SHARE_DAYS);
  const rows = db
    .select({ categoryId: siteReports.categoryId, respondBy: siteReports.respondBy, answeredAt: COLUMNS.answeredAt })
    .from(siteReports)
    .where(and(eq(siteReports.hidden, false), sql`${siteReports.createdAt} >= ${townInstant(since).getTime()}`))
    .all();
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
  return {
    since,
    categories: categories(db, { activeOnly: false })
      .filter((c) => c.active || byCategory.has(c.id))
      .map((c) => shareRow(c, responseShare(byCategory.get(c.id) ?? [], today))),
  };
}

/** Reports listed on a project's page. */
const PROJECT_PAGE_REPORTS = 50;

/** A published project's reports, newest first. */
export function reportsForProject(db: DB, projectId: number): PublicReport[] {
  // Built once per connection: every project page asks (decision 0046). The limit is written into the
  // SQL: a bound one makes SQLite re-prepare the statement on every run (platform/db.ts).
  const stmt = preparedOnce(db, 'siteReports.forProject', () =>
    visible(db, [eq(siteReports.projectId, sql.placeholder('projectId'))])
      .orderBy(desc(siteReports.createdAt), desc(siteReports.id))
      .limit(PROJECT_PAGE_REPORTS)
      .prepare(),
  );
  return shapeAll(db, stmt.all({ projectId }));
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
export function queryReports(db: DB, q: ReportQuery): PublicReport[] {
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
    visible(db, where)
      .orderBy(desc(siteReports.createdAt), desc(siteReports.id))
      .limit(q.limit ?? 1000)
      .all(),
  );
}

/** An approved photo, for its public URL. */
export function publicPhoto(db: DB, photoId: number) {
  return db
    .select({
      sha256: siteReportPhotos.sha256,
      mimeType: siteReportPhotos.mimeType,
      sizeBytes: siteReportPhotos.sizeBytes,
      reportId: siteReportPhotos.reportId,
    })
    .from(siteReportPhotos)
    .innerJoin(siteReports, eq(siteReports.id, siteReportPhotos.reportId))
    .where(and(eq(siteReportPhotos.id, photoId), isNotNull(siteReportPhotos.approvedAt), eq(siteReports.hidden, false)))
    .get();
}

/** The project a "Report a problem at this site" link names, when it is published. */
export function reportableProject(db: DB, slug: string | null) {
  if (!slug || slug.length > 200) return undefined;
  return db
    .select({
      id: projects.id,
      slug: projects.slug,
      name: projects.name,
      siteAddress: projects.siteAddress,
      latitude: projects.latitude,
      longitude: projects.longitude,
    })
    .from(projects)
    .where(and(eq(projects.slug, slug), eq(projects.published, true)))
    .get();
}
