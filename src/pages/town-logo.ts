/** The town's logo from its profile (decision 0038), public: it is shown on every page. 404 without one. */
import type { APIRoute } from 'astro';
import { storedFileResponse } from '#lib/server/platform/files/downloads.ts';
import { townLogoFile } from '#lib/server/platform/town-profile.ts';

export const GET: APIRoute = ({ locals }) => {
  const logo = townLogoFile(locals.town.profile);
  if (!logo) return new Response('No logo', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  return storedFileResponse(logo, { cache: 'public' });
};
