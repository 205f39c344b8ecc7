/** The invoice as a PDF, for the clerk. */
import type { APIRoute } from 'astro';
import { AccessError, requireRole } from '../../../../lib/server/auth/guards.ts';
import { db } from '../../../../lib/server/db/index.ts';
import { invoiceRates } from '../../../../lib/server/requests/billing.ts';
import { invoicePdf } from '../../../../lib/server/requests/invoice-pdf.ts';
import { loadRequestView } from '../../../../lib/server/requests/view.ts';
import { contentDisposition } from '../../../../lib/server/http.ts';

export const GET: APIRoute = async (ctx) => {
  requireRole(ctx, 'clerk');
  const id = Number(ctx.params.id);
  const view = Number.isSafeInteger(id) ? loadRequestView(db(), id) : undefined;
  if (!view || !view.invoice) throw new AccessError(404);
  const bytes = await invoicePdf({ invoice: view.invoice, request: view.request, projectName: view.project?.name ?? null, rates: invoiceRates(db(), view.invoice) });
  return new Response(Buffer.from(bytes), { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': contentDisposition(`${view.invoice.number}.pdf`, 'inline'), 'Cache-Control': 'private, no-store' } });
};
