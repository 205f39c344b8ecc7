/** Health for load balancers and monitoring: 200 when ok or degraded (still serving), 503 when down. */
import type { APIRoute } from 'astro';
import { checkHealth } from '#lib/server/platform/health.ts';

export const GET: APIRoute = ({ locals }) => {
  const health = checkHealth(locals.db);
  return new Response(JSON.stringify(health, null, 2), {
    status: health.status === 'down' ? 503 : 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
};
