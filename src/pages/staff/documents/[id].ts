/** Any document of any project, public or not, for staff (evidence, certifications, drafts). */
import type { APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import { documents } from '../../../../db/schema.ts';
import { AccessError, requireRole } from '../../../lib/server/auth/guards.ts';
import { db } from '../../../lib/server/db/index.ts';
import { storedFileResponse } from '../../../lib/server/downloads.ts';

export const GET: APIRoute = async (ctx) => {
  requireRole(ctx, 'admin', 'clerk', 'officer');
  const id = /^\d{1,12}$/.test(ctx.params.id ?? '') ? Number(ctx.params.id) : NaN;
  const doc = Number.isSafeInteger(id) ? db().select().from(documents).where(eq(documents.id, id)).get() : undefined;
  if (!doc) throw new AccessError(404);
  return storedFileResponse(doc, { cache: 'private' });
};
