/** Any project document, for the officer reviewing it (public or not). */
import type { APIRoute } from 'astro';
import { notFound, requireRole } from '#lib/server/accounts/guards.ts';
import { storedFileResponse } from '#lib/server/platform/files/downloads.ts';
import { documentFile } from '#lib/server/reviews/filing-review.ts';

export const GET: APIRoute = async (ctx) => {
  requireRole(ctx, 'officer');
  const doc = /^\d{1,12}$/.test(ctx.params.id ?? '')
    ? await documentFile(ctx.locals.dbAsync, Number(ctx.params.id))
    : undefined;
  if (!doc) notFound();
  return storedFileResponse(doc, { cache: 'private' });
};
