/**
 * Which records a request names: a project's requestable documents for the request form (published ones,
 * and the SWPPP and inspection reports, which are public documents by law whatever their visibility on
 * the portal: ordinance L(4)), documents in a date range, and each request item resolved to the documents
 * it covers, with what the clerk's decision releases and withholds, and page counts for the fee.
 */
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { documents, projects, type DocumentType } from '#db/schema.ts';
import { isNoRecord, releasableDocumentIds, requestableSql, type ItemDecision } from './item-decisions.rules.ts';
import { documentCopyCounts, type CopyItem } from '#lib/shared/fees.ts';
import { formatDay } from '#lib/shared/format.ts';
import { preparedOnce } from '#lib/server/platform/db.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { boundList, inList } from '#lib/server/platform/db/sql.ts';

type Reader = Pick<Db, 'select'>;

export interface PickableDocument {
  id: number;
  type: DocumentType;
  title: string;
  documentDate: string | null;
  version: number;
  pages: number;
  largeFormatSheets: number;
}

export interface ProjectRecords {
  project: { id: number; slug: string; name: string };
  /** SWPPP and amendments, newest first. */
  swppp: PickableDocument[];
  noi: PickableDocument[];
  summaries: PickableDocument[];
  other: PickableDocument[];
  /** Inspection reports (picked by date range): date and counts, oldest first. */
  reports: Array<{ date: string; pages: number; largeFormatSheets: number }>;
}

const pickable = {
  id: documents.id,
  type: documents.type,
  title: documents.title,
  documentDate: documents.documentDate,
  version: documents.version,
  pageCount: documents.pageCount,
  largeFormatPages: documents.largeFormatPages,
};

function toPickable(d: {
  id: number;
  type: DocumentType;
  title: string;
  documentDate: string | null;
  version: number;
  pageCount: number;
  largeFormatPages: number;
}): PickableDocument {
  return {
    id: d.id,
    type: d.type,
    title: d.title,
    documentDate: d.documentDate,
    version: d.version,
    ...documentCopyCounts(d),
  };
}

/** A published project by slug, or undefined. */
export function publishedProject(db: Reader, slug: string) {
  // Prepared once per connection, as are publicDocumentsOf and resolveItems' reads: the request form's every preview and send reads them.
  return preparedOnce(db, 'records.publishedProject', () =>
    db
      .select({ id: projects.id, slug: projects.slug, name: projects.name })
      .from(projects)
      .where(and(eq(projects.slug, sql.placeholder('slug')), eq(projects.published, true)))
      .prepare(),
  ).get({ slug });
}

/** `column in (the ids bound as one list)`: one statement for any number of ids. */
const inIds = (column: typeof documents.id) => inList(column, sql.placeholder('ids'));

/** Everything the request form lists for a project: published documents, and the public documents by law (SWPPP, inspection reports) whatever their visibility. */
export async function projectRecords(
  db: Reader,
  project: { id: number; slug: string; name: string },
): Promise<ProjectRecords> {
  const rows = (
    await db
      .select(pickable)
      .from(documents)
      .where(and(eq(documents.projectId, project.id), requestableSql))
      .orderBy(desc(documents.documentDate), desc(documents.id))
  ).map(toPickable);
  const reports = rows
    .filter((d) => d.type === 'inspection_report' && d.documentDate)
    .map((d) => ({ date: d.documentDate as string, pages: d.pages, largeFormatSheets: d.largeFormatSheets }))
    .reverse();
  return {
    project,
    swppp: rows.filter((d) => d.type === 'swppp' || d.type === 'swppp_amendment'),
    noi: rows.filter((d) => d.type === 'noi'),
    summaries: rows.filter((d) => d.type === 'monthly_summary'),
    other: rows.filter(
      (d) => !['swppp', 'swppp_amendment', 'noi', 'monthly_summary', 'inspection_report'].includes(d.type),
    ),
    reports,
  };
}

/** Requestable documents of `type` dated within [from, to] on a project, oldest first (a visibility switch never drops an inspection report from a range). */
export function rangeDocuments(db: Reader, projectId: number, type: DocumentType, from: string, to: string) {
  return db
    .select({
      ...pickable,
      sha256: documents.sha256,
      filename: documents.filename,
      mimeType: documents.mimeType,
      sizeBytes: documents.sizeBytes,
    })
    .from(documents)
    .where(
      and(
        eq(documents.projectId, projectId),
        eq(documents.type, type),
        requestableSql,
        gte(documents.documentDate, from),
        lte(documents.documentDate, to),
      ),
    )
    .orderBy(asc(documents.documentDate), asc(documents.id));
}

/** The requested document ids that are requestable documents of the project (anything else is refused). */
export async function publicDocumentsOf(db: Reader, projectId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return (
    await preparedOnce(db, 'records.publicDocumentsOf', () =>
      db
        .select(pickable)
        .from(documents)
        .where(and(eq(documents.projectId, sql.placeholder('projectId')), requestableSql, inIds(documents.id)))
        .orderBy(asc(documents.id))
        .prepare(),
    ).all({ projectId, ids: boundList(ids) })
  ).map(toPickable);
}

export function rangeDescription(type: DocumentType, from: string, to: string): string {
  const what = type === 'monthly_summary' ? 'Monthly inspection summaries' : 'Inspection reports';
  return `${what}, ${formatDay(from)} to ${formatDay(to)}`;
}

export interface ItemRow {
  id: number;
  documentId: number | null;
  description: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  documentType: DocumentType | null;
  pages: number | null;
  largeFormatSheets: number | null;
  releasedAt: Date | null;
  fileSha256: string | null;
  fileName: string | null;
  fileMimeType: string | null;
  fileSizeBytes: number | null;
  addedByUserId: number | null;
  decision?: ItemDecision | null;
  denialGroundId?: number | null;
  decisionReason?: string | null;
  decidedOn?: string | null;
  withheldDocumentIds?: number[] | null;
}

export interface ResolvedFile {
  /** A document id, or null for an uploaded file. */
  documentId: number | null;
  title: string;
  filename: string;
  sha256: string;
  mimeType: string;
  sizeBytes: number;
}

export interface ResolvedItem {
  item: ItemRow;
  label: string;
  /** Files the requester receives for this item (what the clerk's decision does not withhold). */
  files: ResolvedFile[];
  /** Files the item covers that the clerk's decision withholds (denied in writing). */
  withheld: ResolvedFile[];
  /** Counts from the stored documents. */
  estimated: { pages: number; largeFormatSheets: number };
  /** Whether the estimate knows the size (a free-text description does not, until the clerk confirms it). */
  sized: boolean;
  confirmed: boolean;
}

/** Each item with the files it covers and its page counts (confirmed by the clerk, else from the documents). */
export async function resolveItems(db: Reader, projectId: number | null, items: ItemRow[]): Promise<ResolvedItem[]> {
  const docIds = items.map((i) => i.documentId).filter((id): id is number => id != null);
  const docs = new Map(
    (docIds.length
      ? await preparedOnce(db, 'records.itemDocuments', () =>
          db
            .select({
              ...pickable,
              sha256: documents.sha256,
              filename: documents.filename,
              mimeType: documents.mimeType,
              sizeBytes: documents.sizeBytes,
            })
            .from(documents)
            .where(inIds(documents.id))
            .prepare(),
        ).all({ ids: boundList(docIds) })
      : []
    ).map((d) => [d.id, d]),
  );
  const resolved: ResolvedItem[] = [];
  for (const item of items) {
    let files: ResolvedFile[] = [];
    let estimated = { pages: 0, largeFormatSheets: 0 };
    let sized = false;
    const rangeCounts: Array<{ id: number; pages: number; largeFormatSheets: number }> = [];
    let label = item.description ?? 'Records';
    const doc = item.documentId != null ? docs.get(item.documentId) : undefined;
    if (doc) {
      label = item.description ?? doc.title;
      files = [
        {
          documentId: doc.id,
          title: doc.title,
          filename: doc.filename,
          sha256: doc.sha256,
          mimeType: doc.mimeType,
          sizeBytes: doc.sizeBytes,
        },
      ];
      estimated = documentCopyCounts(doc);
      sized = true;
    } else if (item.fileSha256) {
      label = item.description ?? item.fileName ?? 'Uploaded file';
      files = [
        {
          documentId: null,
          title: label,
          filename: item.fileName ?? 'records',
          sha256: item.fileSha256,
          mimeType: item.fileMimeType ?? 'application/octet-stream',
          sizeBytes: item.fileSizeBytes ?? 0,
        },
      ];
    } else if (item.documentType && item.dateFrom && item.dateTo && projectId != null) {
      const inRange = await rangeDocuments(db, projectId, item.documentType, item.dateFrom, item.dateTo);
      files = inRange.map((d) => ({
        documentId: d.id,
        title: d.title,
        filename: d.filename,
        sha256: d.sha256,
        mimeType: d.mimeType,
        sizeBytes: d.sizeBytes,
      }));
      for (const d of inRange) {
        const c = documentCopyCounts(d);
        rangeCounts.push({ id: d.id, ...c });
        estimated = {
          pages: estimated.pages + c.pages,
          largeFormatSheets: estimated.largeFormatSheets + c.largeFormatSheets,
        };
      }
      sized = true;
    }
    // The clerk's written decision: a denied item releases nothing; granted in part withholds the ticked documents.
    const keep =
      item.decision === 'denied' || isNoRecord(item.decision)
        ? new Set<ResolvedFile>()
        : new Set(
            files.filter(
              (f) =>
                f.documentId == null ||
                releasableDocumentIds([f.documentId], item.decision ?? null, item.withheldDocumentIds ?? null).length >
                  0,
            ),
          );
    const withheld = files.filter((f) => !keep.has(f));
    if (withheld.length && item.documentType) {
      // A range bills only what is released.
      const out = new Set(withheld.map((f) => f.documentId));
      const kept = rangeCounts.filter((c) => !out.has(c.id));
      estimated = kept.reduce(
        (n, c) => ({ pages: n.pages + c.pages, largeFormatSheets: n.largeFormatSheets + c.largeFormatSheets }),
        { pages: 0, largeFormatSheets: 0 },
      );
    } else if (withheld.length === files.length && files.length > 0) estimated = { pages: 0, largeFormatSheets: 0 };
    resolved.push({
      item,
      label,
      files: files.filter((f) => keep.has(f)),
      withheld,
      estimated,
      sized,
      confirmed: item.pages != null || item.largeFormatSheets != null,
    });
  }
  return resolved;
}

/** Items as the fee calculation takes them: confirmed counts where the clerk gave them, else the estimate. */
export function copyItems(resolved: ResolvedItem[]): CopyItem[] {
  return resolved.map((r) => ({
    label: r.label,
    documentId: r.item.documentId,
    pages: r.confirmed ? (r.item.pages ?? 0) : r.estimated.pages,
    largeFormatSheets: r.confirmed ? (r.item.largeFormatSheets ?? 0) : r.estimated.largeFormatSheets,
  }));
}

/** Published projects for the form's list, or null when there are too many for a list to be usable. */
export async function projectChoices(db: Reader, max = 300): Promise<Array<{ slug: string; name: string }> | null> {
  const rows = await db
    .select({ slug: projects.slug, name: projects.name })
    .from(projects)
    .where(eq(projects.published, true))
    .orderBy(asc(projects.name))
    .limit(max + 1);
  return rows.length > max ? null : rows;
}
