/** The browser's search index (lunr, short fields only), for search-as-you-type on /search. */
import type { APIRoute } from 'astro';
import { assetResponse } from '#lib/server/public/search/http.ts';
import { siteSearch } from '#lib/server/public/search/site.ts';

export const GET: APIRoute = ({ request }) => assetResponse(request, siteSearch().browserAssets(), 'index');
