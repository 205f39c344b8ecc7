/** What each search result shows in the browser (title, link, status, address…), kept out of the index. */
import type { APIRoute } from 'astro';
import { assetResponse } from '#lib/server/public/search/http.ts';
import { siteSearch } from '#lib/server/public/search/site.ts';

export const GET: APIRoute = ({ request }) => assetResponse(request, siteSearch().browserAssets(), 'display');
