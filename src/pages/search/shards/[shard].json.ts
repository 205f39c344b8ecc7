/** One shard of the browser's search index (the words starting with two given letters), for search-as-you-type. */
import type { APIRoute } from 'astro';
import { assetResponse } from '#lib/server/public/search/http.ts';
import { siteSearch } from '#lib/server/public/search/site.ts';

export const GET: APIRoute = ({ request, params }) =>
  assetResponse(request, siteSearch().browserAssets(), { shard: `${params.shard ?? ''}.json` });
