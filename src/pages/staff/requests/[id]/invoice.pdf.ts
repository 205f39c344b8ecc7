/** The invoice as a PDF, for the clerk: the same printed bill the requester gets by post (letters.ts). */
import type { APIRoute } from 'astro';
import { notFound, requireRole } from '#lib/server/accounts/guards.ts';
import { privatePdf } from '#lib/server/platform/http/http.ts';
import { townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { requestLetterPdf } from '#lib/server/records-requests/letters.ts';
import { loadRequestView } from '#lib/server/records-requests/view.ts';

export const GET: APIRoute = async (ctx) => {
  requireRole(ctx, 'clerk');
  const id = Number(ctx.params.id);
  const view = Number.isSafeInteger(id) ? await loadRequestView(ctx.locals.dbAsync, id) : undefined;
  if (!view || !view.invoice) notFound();
  const letter = await requestLetterPdf(
    ctx.locals.dbAsync,
    view,
    'bill',
    await townPublicUrlAsync(ctx.locals.dbAsync),
    new Date(),
  );
  if (!letter) notFound();
  return privatePdf(letter.bytes, letter.filename);
};
