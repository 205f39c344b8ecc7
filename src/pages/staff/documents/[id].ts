/** Any document of any project, public or not, for staff (evidence, certifications, drafts). */
import type { APIRoute } from 'astro';
import { documentById } from '#lib/server/projects/documents.ts';
import { notFound, requireRole } from '#lib/server/accounts/guards.ts';
import { storedFileResponse } from '#lib/server/platform/files/downloads.ts';

export const GET: APIRoute = async (ctx) => {
  requireRole(ctx, 'admin', 'clerk', 'officer');
  const id = /^\d{1,12}$/.test(ctx.params.id ?? '') ? Number(ctx.params.id) : NaN;
  const doc = Number.isSafeInteger(id) ? await documentById(ctx.locals.dbAsync, id) : undefined;
  if (!doc) notFound();
  return storedFileResponse(doc, { cache: 'private' });
};
