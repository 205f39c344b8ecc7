/** An owner's maintenance report file (photo or PDF), for staff (decision 0036). */
import type { APIRoute } from 'astro';
import { notFound, requireRole } from '#lib/server/accounts/guards.ts';
import { storedFileResponse } from '#lib/server/platform/files/downloads.ts';
import { maintenanceReportFile } from '#lib/server/stormwater-practices/maintenance-reports.ts';

export const GET: APIRoute = async (ctx) => {
  requireRole(ctx, 'officer', 'clerk');
  const ok = (v?: string) => /^\d{1,12}$/.test(v ?? '');
  const file = ok(ctx.params.id) && ok(ctx.params.reportId) ? await maintenanceReportFile(ctx.locals.dbAsync, Number(ctx.params.id), Number(ctx.params.reportId)) : undefined;
  if (!file) notFound();
  return storedFileResponse(file, { cache: 'private' });
};
