/** Any project document, for the officer reviewing it (public or not). */
import type { APIRoute } from 'astro';
import { AccessError, requireRole } from '../../../../lib/server/auth/guards.ts';
import { db } from '../../../../lib/server/db/index.ts';
import { storedFileResponse } from '../../../../lib/server/downloads.ts';
import { documentFile } from '../../../../lib/server/reviews.ts';

export const GET: APIRoute = (ctx) => {
  requireRole(ctx, 'officer');
  const doc = /^\d{1,12}$/.test(ctx.params.id ?? '') ? documentFile(db(), Number(ctx.params.id)) : undefined;
  if (!doc) throw new AccessError(404);
  return storedFileResponse(doc, { cache: 'private' });
};
