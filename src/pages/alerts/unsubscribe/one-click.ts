/**
 * RFC 8058 one-click unsubscribe: the URL in every alert's List-Unsubscribe header. A mail client POSTs
 * `List-Unsubscribe=One-Click`; the token in the URL is the only authorization. A GET (an older client
 * following the header) goes to the page with a button instead of changing anything.
 */
import type { APIRoute } from 'astro';
import { unsubscribe } from '#lib/server/public/alerts/subscriptions.ts';

export const POST: APIRoute = async ({ url, clientAddress, locals }) => {
  const result = await unsubscribe(locals.dbAsync, url.searchParams.get('token') ?? '', {
    ip: clientAddress,
    via: 'one-click',
  });
  if (!result.ok)
    return new Response(result.message, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(`Unsubscribed: no more emails about ${result.what}.`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};

export const GET: APIRoute = ({ url, redirect }) =>
  redirect(`/alerts/unsubscribe?token=${encodeURIComponent(url.searchParams.get('token') ?? '')}`, 303);
