/**
 * A printed letter to the requester (acknowledgment, decision or bill), for one with no email address. Printing
 * changes nothing the requester or the record sees, so it is not audited (letters.ts).
 */
import type { APIRoute } from 'astro';
import { notFound, requireRole } from '#lib/server/accounts/guards.ts';
import { privatePdf } from '#lib/server/platform/http/http.ts';
import { townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { isLetterKind, requestLetterPdf } from '#lib/server/records-requests/letters.ts';
import { loadRequestView } from '#lib/server/records-requests/view.ts';

export const GET: APIRoute = async (ctx) => {
  requireRole(ctx, 'clerk');
  const id = /^\d{1,12}$/.test(ctx.params.id ?? '') ? Number(ctx.params.id) : NaN;
  const kind = ctx.params.kind;
  if (!Number.isSafeInteger(id) || !isLetterKind(kind)) notFound();
  const view = await loadRequestView(ctx.locals.dbAsync, id);
  if (!view) notFound();
  const letter = await requestLetterPdf(
    ctx.locals.dbAsync,
    view,
    kind,
    await townPublicUrlAsync(ctx.locals.dbAsync),
    new Date(),
  );
  if (!letter) notFound();
  return privatePdf(letter.bytes, letter.filename);
};
