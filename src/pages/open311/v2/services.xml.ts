/** Open311 GeoReport v2 in XML: the services, which are the officer's categories of residents' reports. */
import type { APIRoute } from 'astro';
import { answer, services } from '#lib/server/public/open311.ts';

export const GET: APIRoute = async ({ locals }) => answer('xml', 'services', await services(locals.dbAsync));
