/** A practice's maintenance agreement or easement in force, public or not, for staff (decision 0043). */
import type { APIRoute } from 'astro';
import { notFound, requireRole } from '#lib/server/accounts/guards.ts';
import { storedFileResponse } from '#lib/server/platform/files/downloads.ts';
import { currentAgreement } from '#lib/server/stormwater-practices/agreements.ts';

export const GET: APIRoute = async (ctx) => {
  requireRole(ctx, 'officer', 'clerk');
  const id = /^\d{1,12}$/.test(ctx.params.id ?? '') ? Number(ctx.params.id) : NaN;
  const file = await currentAgreement(ctx.locals.dbAsync, id);
  if (!file) notFound();
  return storedFileResponse(file, { cache: 'private' });
};
