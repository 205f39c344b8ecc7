/** A project's document for its operators, whatever its review state (the public route shows only public ones). */
import type { APIRoute } from 'astro';
import { AccessError, projectIdForSlug, requireProjectMember } from '../../../../../lib/server/auth/guards.ts';
import { db } from '../../../../../lib/server/db/index.ts';
import { storedFileResponse } from '../../../../../lib/server/downloads.ts';
import { memberDocument } from '../../../../../lib/server/operator-workspace.ts';

export const GET: APIRoute = (ctx) => {
  const projectId = projectIdForSlug(db(), ctx.params.slug);
  requireProjectMember(db(), ctx, projectId);
  const doc = /^\d{1,12}$/.test(ctx.params.id ?? '') ? memberDocument(db(), projectId, Number(ctx.params.id)) : undefined;
  if (!doc) throw new AccessError(404);
  return storedFileResponse(doc, { cache: 'private' });
};
