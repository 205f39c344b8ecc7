/**
 * Which documents are an operator's filings, and whether the officer has reviewed them: one definition for
 * every place that lets staff change a document's visibility. Only the Stormwater Management Officer
 * decides whether an operator's filing is public, and only once reviewed (the officer's review,
 * src/lib/server/reviews/filing-review.ts, records that decision with the accept or return).
 *
 * An operator's filing is a document that is
 * - the report of an inspection filed by the operator's qualified inspector (inspections.report_document_id),
 * - a monthly summary or one of its attachments, or
 * - any other upload by an operator account (as-built plans, SWPPP amendments, NOT, other).
 * It is reviewed once the officer accepted or returned it (review_status), or decided it (reviewed_at,
 * e.g. a SWPPP amendment's publication, which the SWPPP review approves).
 */
import { eq, sql } from 'drizzle-orm';
import { documents } from '#db/schema.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';

/**
 * SQL, in a query over `documents` (not aliased): this document is an operator's filing. The columns are
 * written out with their table, since drizzle leaves it off in a select list and `id` would then be read
 * as the subquery's own.
 */
export const IS_OPERATOR_FILING = sql<number>`(
  exists (select 1 from inspections i where i.report_document_id = "documents"."id")
  or exists (select 1 from monthly_summaries s where s.document_id = "documents"."id")
  or exists (select 1 from monthly_summary_documents a where a.document_id = "documents"."id")
  or exists (select 1 from user_roles r where r.user_id = "documents"."uploaded_by_user_id" and r.role = 'operator')
)`;

/** TypeScript: reviewed = accepted, returned, or decided by the officer (the negation of "waiting"). */
export function isReviewed(doc: { reviewStatus: string; reviewedAt: Date | null }): boolean {
  return doc.reviewStatus !== 'filed' || doc.reviewedAt != null;
}

export interface FilingFacts {
  operatorFiling: boolean;
  reviewed: boolean;
}

/** The facts about one document that decide who may change its visibility. */
export async function filingFacts(db: Pick<Db, 'select'>, documentId: number): Promise<FilingFacts | undefined> {
  const [row] = await db
    .select({
      reviewStatus: documents.reviewStatus,
      reviewedAt: documents.reviewedAt,
      operatorFiling: IS_OPERATOR_FILING,
    })
    .from(documents)
    .where(eq(documents.id, documentId))
    .limit(1);
  return row && { operatorFiling: Boolean(row.operatorFiling), reviewed: isReviewed(row) };
}
