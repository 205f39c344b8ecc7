/** A copy the operator uploaded for a records request made to them; only for the project's operators. */
import type { APIRoute } from 'astro';
import { notFound, requireRole } from '#lib/server/accounts/guards.ts';
import { storedFileResponse } from '#lib/server/platform/files/downloads.ts';
import { operatorRequestFile } from '#lib/server/operator-requests/view.ts';

export const GET: APIRoute = async (ctx) => {
  const user = requireRole(ctx, 'operator');
  const ok = (v: string | undefined) => /^\d{1,12}$/.test(v ?? '');
  const file =
    ok(ctx.params.id) && ok(ctx.params.fileId)
      ? await operatorRequestFile(ctx.locals.dbAsync, user.id, Number(ctx.params.id), Number(ctx.params.fileId))
      : undefined;
  if (!file) notFound();
  return storedFileResponse(file, { cache: 'private' });
};
