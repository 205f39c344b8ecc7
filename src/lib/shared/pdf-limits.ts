/**
 * The most pages an uploaded PDF may have: the upload refuses a longer one (platform/files/uploads.ts), so a
 * page the officer cites in a plan is within it (reviews/plan-comments.rules.ts).
 */
export const MAX_PDF_PAGES = 5000;
