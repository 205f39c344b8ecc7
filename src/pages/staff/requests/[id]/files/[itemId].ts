/** A file on a request, for the clerk (released or not). */
import type { APIRoute } from 'astro';
import { notFound, requireRole } from '#lib/server/accounts/guards.ts';
import { fileResponse, findFile } from '#lib/server/records-requests/files.ts';
import { loadRequestView } from '#lib/server/records-requests/view.ts';

export const GET: APIRoute = async (ctx) => {
  requireRole(ctx, 'clerk');
  const id = Number(ctx.params.id);
  const itemId = Number(ctx.params.itemId);
  const doc = ctx.url.searchParams.get('doc');
  const view = Number.isSafeInteger(id) ? await loadRequestView(ctx.locals.dbAsync, id) : undefined;
  const file =
    view && Number.isSafeInteger(itemId)
      ? findFile(view, itemId, doc && /^\d{1,12}$/.test(doc) ? Number(doc) : null, false)
      : undefined;
  if (!file) notFound();
  return fileResponse(file, { private: true });
};
