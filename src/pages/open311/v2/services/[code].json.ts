/** Open311 GeoReport v2: one service's definition (no extra attributes), or a 404 in GeoReport's errors for an unknown code. */
import type { APIRoute } from 'astro';
import { serviceDefinitionAnswer } from '#lib/server/public/open311.ts';

export const GET: APIRoute = ({ locals, params }) => serviceDefinitionAnswer(locals.dbAsync, params.code, 'json');
