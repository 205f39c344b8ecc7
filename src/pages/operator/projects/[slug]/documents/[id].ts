/** A project's document for its operators, whatever its review state (the public route shows only public ones). */
import type { APIRoute } from 'astro';
import { notFound, projectIdForSlug, requireProjectMember } from '#lib/server/accounts/guards.ts';
import { storedFileResponse } from '#lib/server/platform/files/downloads.ts';
import { memberDocument } from '#lib/server/desks/operator-workspace.ts';

export const GET: APIRoute = async (ctx) => {
  const projectId = await projectIdForSlug(ctx.locals.dbAsync, ctx.params.slug);
  await requireProjectMember(ctx.locals.dbAsync, ctx, projectId);
  const doc = /^\d{1,12}$/.test(ctx.params.id ?? '')
    ? await memberDocument(ctx.locals.dbAsync, projectId, Number(ctx.params.id))
    : undefined;
  if (!doc) notFound();
  return storedFileResponse(doc, { cache: 'private' });
};
