/** The invoice as a PDF, for the holder of the tracking link. */
import type { APIRoute } from 'astro';
import { invoiceRates } from '#lib/server/records-requests/billing.ts';
import { invoicePdf } from '#lib/server/records-requests/invoice-pdf.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { loadTrackingView } from '#lib/server/records-requests/view.ts';
import { contentDisposition } from '#lib/server/platform/http/http.ts';

export const GET: APIRoute = async ({ params, locals }) => {
  const view = await loadTrackingView(locals.dbAsync, params.token);
  if (!view || !view.invoice)
    return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const bytes = await invoicePdf({
    invoice: view.invoice,
    request: view.request,
    projectName: view.project?.name ?? null,
    town: await townAsync(locals.dbAsync),
    rates: await invoiceRates(locals.dbAsync, view.invoice),
  });
  return new Response(Buffer.from(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition(`${view.invoice.number}.pdf`, 'inline'),
      'Cache-Control': 'private, no-store',
    },
  });
};
