/** A file on a request, for the clerk (released or not). */
import type { APIRoute } from 'astro';
import { AccessError, requireRole } from '../../../../../lib/server/auth/guards.ts';
import { db } from '../../../../../lib/server/db/index.ts';
import { fileResponse, findFile } from '../../../../../lib/server/requests/files.ts';
import { loadRequestView } from '../../../../../lib/server/requests/view.ts';

export const GET: APIRoute = (ctx) => {
  requireRole(ctx, 'clerk');
  const id = Number(ctx.params.id);
  const itemId = Number(ctx.params.itemId);
  const doc = ctx.url.searchParams.get('doc');
  const view = Number.isSafeInteger(id) ? loadRequestView(db(), id) : undefined;
  const file = view && Number.isSafeInteger(itemId) ? findFile(view, itemId, doc && /^\d{1,12}$/.test(doc) ? Number(doc) : null, false) : undefined;
  if (!file) throw new AccessError(404);
  return fileResponse(file, { private: true });
};
