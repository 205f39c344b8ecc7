/** The browser's search manifest (version, fields, which prefix shards exist), for search-as-you-type on /search. */
import type { APIRoute } from 'astro';
import { assetResponse } from '#lib/server/public/search/http.ts';
import { siteSearch } from '#lib/server/public/search/site.ts';

export const GET: APIRoute = ({ request }) => assetResponse(request, siteSearch().browserAssets(), 'index');
