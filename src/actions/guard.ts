/**
 * Actions are public URLs under /_actions/, so every handler authorizes itself. These wrap the page guards
 * (src/lib/server/accounts/guards.ts) and answer with ActionError instead of a page.
 */
import { ActionError } from 'astro:actions';
import type { Role } from '#db/schema.ts';
import {
  AccessError,
  requireProjectMember,
  requireRole,
  requireUser,
  type GuardContext,
} from '#lib/server/accounts/guards.ts';
import type { SessionUser } from '#lib/server/accounts/sessions.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';

function asActionError<T>(check: () => T): T {
  try {
    return check();
  } catch (err) {
    throw actionErrorFor(err);
  }
}

async function asActionErrorAsync<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    throw actionErrorFor(err);
  }
}

/** A refused guard as the action's answer; anything else as it was thrown. */
function actionErrorFor(err: unknown): unknown {
  if (!(err instanceof AccessError)) return err;
  const code = err.status === 401 ? 'UNAUTHORIZED' : err.status === 403 ? 'FORBIDDEN' : 'NOT_FOUND';
  return new ActionError({
    code,
    message:
      err.status === 401
        ? 'Please sign in again.'
        : err.status === 403
          ? 'Your account is not allowed to do this.'
          : 'Not found.',
  });
}

/** Who did it, for the audit log: the signed-in user and the address the request came from. */

export const allow = {
  user: (ctx: GuardContext): SessionUser => asActionError(() => requireUser(ctx)),
  role: (ctx: GuardContext, ...roles: Role[]): SessionUser => asActionError(() => requireRole(ctx, ...roles)),
  projectMember: (ctx: GuardContext, projectId: number): Promise<SessionUser> =>
    asActionErrorAsync(() => requireProjectMember(dbAsync(), ctx, projectId)),
};
