/**
 * Authorization: the one place that decides who may do what. Every staff and operator page, and every
 * action, calls one of these first. Middleware only loads the session; it never authorizes by URL.
 *
 * Pages: a failed check throws AccessError, which the middleware turns into a sign-in redirect (401),
 * the 403 page, or the 404 page. Actions: see src/actions/guard.ts, which maps the same checks to ActionError.
 */
import { and, eq } from 'drizzle-orm';
import { projectMembers, projects, type Role } from '#db/schema.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import type { SessionUser } from './sessions.ts';

export class AccessError extends Error {
  readonly status: 401 | 403 | 404;
  constructor(status: 401 | 403 | 404, message?: string) {
    super(message ?? (status === 401 ? 'Sign in required' : status === 403 ? 'Not allowed' : 'Not found'));
    this.status = status;
  }
}

/** The one way a page answers 404: the middleware shows the not-found page (same for every missing thing). */
export function notFound(): never {
  throw new AccessError(404);
}

export interface GuardContext {
  locals: { user?: SessionUser };
}

export const STAFF_ROLES: Role[] = ['admin', 'clerk', 'officer'];

export function requireUser(ctx: GuardContext): SessionUser {
  const user = ctx.locals.user;
  if (!user) throw new AccessError(401);
  return user;
}

/** The signed-in user, if they hold at least one of `roles`. */
export function requireRole(ctx: GuardContext, ...roles: Role[]): SessionUser {
  const user = requireUser(ctx);
  if (!roles.some((r) => user.roles.includes(r))) throw new AccessError(403);
  return user;
}

export function hasRole(user: SessionUser | undefined, ...roles: Role[]): boolean {
  return Boolean(user && roles.some((r) => user.roles.includes(r)));
}

/**
 * An operator working on one of their own projects. Another operator's project answers 404, as if it did
 * not exist, so project ids cannot be probed.
 */
export async function requireProjectMember(db: Db, ctx: GuardContext, projectId: number): Promise<SessionUser> {
  const user = requireRole(ctx, 'operator');
  if (!Number.isSafeInteger(projectId)) throw new AccessError(404);
  const [member] = await db
    .select({ projectId: projectMembers.projectId })
    .from(projectMembers)
    .where(and(eq(projectMembers.userId, user.id), eq(projectMembers.projectId, projectId)))
    .limit(1);
  if (!member) throw new AccessError(404);
  return user;
}

/** The project id behind a slug, for routes that take slugs; 404 when unknown. */
export async function projectIdForSlug(db: Db, slug: string | undefined): Promise<number> {
  const [row] = slug ? await db.select({ id: projects.id }).from(projects).where(eq(projects.slug, slug)).limit(1) : [];
  if (!row) throw new AccessError(404);
  return row.id;
}
