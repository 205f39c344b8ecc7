/** Health for load balancers and monitoring: 200 when ok or degraded (still serving), 503 when down. */
import type { APIRoute } from 'astro';
import { db } from '../lib/server/db/index.ts';
import { checkHealth } from '../lib/server/health.ts';

export const GET: APIRoute = () => {
  const health = checkHealth(db());
  return new Response(JSON.stringify(health, null, 2), {
    status: health.status === 'down' ? 503 : 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
};
