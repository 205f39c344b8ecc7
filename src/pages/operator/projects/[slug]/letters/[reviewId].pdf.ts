/** The written decision on a SWPPP review, for the operators of its own project only; 404 until it is decided. */
import type { APIRoute } from 'astro';
import { notFound, projectIdForSlug, requireProjectMember } from '#lib/server/accounts/guards.ts';
import { privatePdf } from '#lib/server/platform/http/http.ts';
import { townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { decisionLetterPdf } from '#lib/server/reviews/decision-letter.ts';

export const GET: APIRoute = async (ctx) => {
  const projectId = await projectIdForSlug(ctx.locals.dbAsync, ctx.params.slug);
  await requireProjectMember(ctx.locals.dbAsync, ctx, projectId);
  const reviewId = /^\d{1,12}$/.test(ctx.params.reviewId ?? '') ? Number(ctx.params.reviewId) : NaN;
  if (!Number.isSafeInteger(reviewId)) notFound();
  // The review must be of the project in the URL: another project's review answers 404 like a missing one.
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
