/** A practice's recorded maintenance agreement or easement, when public (decision 0043). Private or missing: 404. */
import type { APIRoute } from 'astro';
import { storedFileResponse } from '#lib/server/platform/files/downloads.ts';
import { publicAgreementFile } from '#lib/server/public/practices.ts';

export const GET: APIRoute = async ({ params, locals }) => {
  const id = /^\d{1,12}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  const file = Number.isSafeInteger(id) ? await publicAgreementFile(locals.dbAsync, id) : undefined;
  if (!file) return new Response(null, { status: 404 });
  return storedFileResponse(file, { cache: 'public' });
};
