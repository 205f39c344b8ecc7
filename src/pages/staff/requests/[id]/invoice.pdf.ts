/** The invoice as a PDF, for the clerk. */
import type { APIRoute } from 'astro';
import { notFound, requireRole } from '#lib/server/accounts/guards.ts';
import { invoiceRates } from '#lib/server/records-requests/billing.ts';
import { invoicePdf } from '#lib/server/records-requests/invoice-pdf.ts';
import { town } from '#lib/server/platform/town-profile.ts';
import { loadRequestView } from '#lib/server/records-requests/view.ts';
import { contentDisposition } from '#lib/server/platform/http/http.ts';

export const GET: APIRoute = async (ctx) => {
  requireRole(ctx, 'clerk');
  const id = Number(ctx.params.id);
  const view = Number.isSafeInteger(id) ? loadRequestView(ctx.locals.db, id) : undefined;
  if (!view || !view.invoice) notFound();
  const bytes = await invoicePdf({
    invoice: view.invoice,
    request: view.request,
    projectName: view.project?.name ?? null,
    town: town(ctx.locals.db),
    rates: invoiceRates(ctx.locals.db, view.invoice),
  });
  return new Response(Buffer.from(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition(`${view.invoice.number}.pdf`, 'inline'),
      'Cache-Control': 'private, no-store',
    },
  });
};
