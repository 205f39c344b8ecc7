/** Any report photo, for the officer deciding whether it may be public (stored without metadata). */
import type { APIRoute } from 'astro';
import { requireRole } from '#lib/server/accounts/guards.ts';
import { staffPhoto } from '#lib/server/site-reports/report.ts';
import { storedFileResponse } from '#lib/server/platform/files/downloads.ts';

export const GET: APIRoute = async (ctx) => {
  requireRole(ctx, 'officer');
  const id = /^\d{1,12}$/.test(ctx.params.id ?? '') ? Number(ctx.params.id) : NaN;
  const photo = Number.isSafeInteger(id) ? await staffPhoto(ctx.locals.dbAsync, id) : undefined;
  if (!photo) return new Response('Not found', { status: 404 });
  return storedFileResponse({ ...photo, filename: `report-${photo.reportId}-photo-${id}.jpg` }, { cache: 'private' });
};
