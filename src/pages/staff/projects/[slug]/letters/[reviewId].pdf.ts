/** The written decision on one of the project's SWPPP reviews, to print or send; 404 until it is decided. */
import type { APIRoute } from 'astro';
import { notFound, projectIdForSlug, requireRole } from '#lib/server/accounts/guards.ts';
import { privatePdf } from '#lib/server/platform/http/http.ts';
import { townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { decisionLetterPdf } from '#lib/server/reviews/decision-letter.ts';

export const GET: APIRoute = async (ctx) => {
  requireRole(ctx, 'officer', 'clerk', 'admin');
  const projectId = await projectIdForSlug(ctx.locals.dbAsync, ctx.params.slug);
  const reviewId = /^\d{1,12}$/.test(ctx.params.reviewId ?? '') ? Number(ctx.params.reviewId) : NaN;
  if (!Number.isSafeInteger(reviewId)) notFound();
  const letter = await decisionLetterPdf(
    ctx.locals.dbAsync,
    reviewId,
    await townPublicUrlAsync(ctx.locals.dbAsync),
    new Date(),
    projectId,
  );
  if (!letter) notFound();
  return privatePdf(letter.bytes, letter.filename);
};
