/**
 * The officer's comments on a plan in review, each at its place: a section of the SWPPP ("4.2"), a page of the
 * PDF, or both. The form has a few rows; a row left blank is no comment, and a place without a comment is
 * refused rather than dropped (the officer meant to say something there). Pure.
 */

import { MAX_PDF_PAGES } from '#lib/shared/pdf-limits.ts';

/** Rows on the form: a notice with more comments than this lists the rest in its summary. */
export const PLAN_COMMENT_ROWS = 6;

export interface PlanComment {
  section: string | null;
  page: number | null;
  comment: string;
}

export const planCommentField = (i: number, part: 'section' | 'page' | 'text') => `comment_${i}_${part}` as const;

/** The comments posted, or the message for each field in error; `pages`, the plan's own count when it is known. */
export function checkPlanComments(
  posted: Readonly<Record<string, unknown>>,
  pages: number | null = null,
): {
  comments: PlanComment[];
  errors: Record<string, string>;
} {
  const comments: PlanComment[] = [];
  const errors: Record<string, string> = {};
  const text = (name: string) => {
    const v = posted[name];
    return typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '';
  };
  for (let i = 0; i < PLAN_COMMENT_ROWS; i++) {
    const [sectionField, pageField, textField] = (['section', 'page', 'text'] as const).map((p) =>
      planCommentField(i, p),
    );
    const section = text(sectionField);
    const pageText = text(pageField);
    const comment = text(textField);
    if (!section && !pageText && !comment) continue;
    const page = /^\d{1,5}$/.test(pageText) ? Number(pageText) : null;
    const last = pages ?? MAX_PDF_PAGES;
    if (pageText && (page === null || page < 1 || page > last))
      errors[pageField] = pages
        ? `The plan has ${pages === 1 ? '1 page' : `${pages} pages`}: enter a page from 1 to ${pages}, or leave it blank.`
        : `Enter the page as a number from 1 to ${MAX_PDF_PAGES}, or leave it blank.`;
    if (section.length > 80) errors[sectionField] = 'Use at most 80 characters for the section.';
    if (!comment) errors[textField] = 'Write the comment for this place in the plan, or clear the row.';
    else if (comment.length > 2000) errors[textField] = 'Use at most 2,000 characters.';
    if (!errors[sectionField] && !errors[pageField] && !errors[textField])
      comments.push({ section: section || null, page, comment });
  }
  return { comments, errors };
}

/** "Section 4.2, page 17", "Page 17", "Section 4.2", or "The plan as a whole". */
export function commentPlace(c: Pick<PlanComment, 'section' | 'page'>): string {
  const section = c.section ? `Section ${c.section.replace(/^(section|§)\s*/i, '')}` : '';
  if (section && c.page) return `${section}, page ${c.page}`;
  if (c.page) return `Page ${c.page}`;
  return section || 'The plan as a whole';
}
