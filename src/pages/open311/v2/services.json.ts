/** Open311 GeoReport v2: the services, which are the officer's categories of residents' reports. */
import type { APIRoute } from 'astro';
import { json, services } from '#lib/server/public/open311.ts';

export const GET: APIRoute = async ({ locals }) => json(await services(locals.dbAsync));
