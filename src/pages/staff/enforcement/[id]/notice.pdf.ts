/** The printable notice of an enforcement action, as it stands today (to serve, or to answer a records request). */
import type { APIRoute } from 'astro';
import { notFound, requireRole } from '#lib/server/accounts/guards.ts';
import { townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { printableNotice } from '#lib/server/enforcement/actions.ts';
import { contentDisposition } from '#lib/server/platform/http/http.ts';

export const GET: APIRoute = async (ctx) => {
  requireRole(ctx, 'officer', 'clerk');
  const id = /^\d{1,12}$/.test(ctx.params.id ?? '') ? Number(ctx.params.id) : NaN;
  const notice = Number.isSafeInteger(id)
    ? await printableNotice(ctx.locals.dbAsync, id, await townPublicUrlAsync(ctx.locals.dbAsync))
    : undefined;
  if (!notice) notFound();
  return new Response(notice.pdf.bytes as BodyInit, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition(notice.filename, 'inline'),
    },
  });
};
