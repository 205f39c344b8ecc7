/** Sign-in (by password or a one-time link), sign-out, password links, and the administrator's user management. */
import { ActionError, defineAction, type ActionAPIContext } from 'astro:actions';
import { z } from 'astro/zod';
import { ROLES } from '#db/schema.ts';
import { safeNextPath, sessionCookieOptions } from '#lib/server/accounts/cookies.ts';
import { landingFor } from '#lib/server/accounts/landing.rules.ts';
import { passwordProblem, PASSWORD_MAX_LENGTH } from '#lib/server/accounts/passwords.ts';
import { SESSION_COOKIE, createSession, deleteSession, deleteUserSessions } from '#lib/server/accounts/sessions.ts';
import { actorOf, auditAsync } from '#lib/server/platform/audit.ts';
import { townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import {
  choice,
  failure,
  formText,
  id,
  ids as idList,
  linkToken,
  noControlCharacters,
  oneLine,
  plainText,
} from '#lib/server/platform/forms/fields.ts';
import { minutesText } from '#lib/server/platform/http/rate-limit.ts';
import {
  inviteUser,
  requestPasswordReset,
  setPasswordWithToken,
  updateUserAccess,
} from '#lib/server/accounts/users.ts';
import { authenticate, requestSignInLink, signInWithLink } from '#lib/server/accounts/sign-in.ts';
import { slowedMessage } from '#lib/server/accounts/sign-in-limits.rules.ts';
import { allow } from './guard.ts';

/**
 * A new session for the account, whichever way it signed in: any session the browser held is ended first,
 * so a token planted before sign-in is worthless after it.
 */
async function startSession(ctx: ActionAPIContext, userId: number): Promise<void> {
  await deleteSession(dbAsync(), ctx.cookies.get(SESSION_COOKIE)?.value);
  const session = await createSession(dbAsync(), userId, {
    ip: ctx.clientAddress,
    userAgent: ctx.request.headers.get('user-agent'),
  });
  ctx.cookies.set(SESSION_COOKIE, session.token, sessionCookieOptions(ctx.url, ctx.request.headers, session.expiresAt));
}

const email = formText('Enter your email address.')
  .trim()
  .min(1, { error: 'Enter your email address.' })
  .max(254, { error: 'Use at most 254 characters for the email address.' })
  .pipe(z.email({ error: 'Enter an email address like name@example.com.' }));
const ids = z.preprocess((v) => (v == null ? [] : Array.isArray(v) ? v : [v]), idList);
const roles = z.preprocess(
  (v) => (v == null ? [] : Array.isArray(v) ? v : [v]),
  z.array(choice(ROLES, 'Choose a listed role.'), { error: 'Choose a listed role.' }),
);

export const accounts = {
  signIn: defineAction({
    accept: 'form',
    input: z.object({
      email,
      password: formText('Enter your password.')
        .min(1, { error: 'Enter your password.' })
        .max(PASSWORD_MAX_LENGTH, { error: 'That password is longer than any account’s. Check it and try again.' }),
      // Where to go after signing in; a bad one is ignored (safeNextPath), never an error.
      next: z
        .string({ error: 'Sign in from the sign-in page.' })
        .max(500, { error: 'Sign in from the sign-in page.' })
        .optional(),
    }),
    handler: async (input, ctx) => {
      const result = await authenticate(dbAsync(), input.email, input.password, ctx.clientAddress);
      if (!result.ok) {
        throw result.reason === 'slowed'
          ? new ActionError({ code: 'TOO_MANY_REQUESTS', message: slowedMessage(result.scope, result.waitMs) })
          : new ActionError({
              code: 'UNAUTHORIZED',
              message: 'That email and password do not match an account. Check both and try again.',
            });
      }
      await startSession(ctx, result.user.id);
      return { next: safeNextPath(input.next, landingFor(result.user.roles)) };
    },
  }),

  requestSignInLink: defineAction({
    accept: 'form',
    input: z.object({ email }),
    handler: async (input, ctx) => {
      const result = await requestSignInLink(
        dbAsync(),
        input.email,
        ctx.clientAddress,
        await townPublicUrlAsync(dbAsync()),
      );
      if (result.limited) {
        throw new ActionError({
          code: 'TOO_MANY_REQUESTS',
          message: `Too many sign-in links were asked for. Wait ${minutesText(result.retryAfterMs)} and ask again.`,
        });
      }
      return { sent: true };
    },
  }),

  signInWithLink: defineAction({
    accept: 'form',
    input: z.object({
      token: linkToken('This link is incomplete. Open it again from the email, or ask for a new one.'),
    }),
    handler: async (input, ctx) => {
      const result = await signInWithLink(dbAsync(), input.token, ctx.clientAddress);
      if (!result.ok) failure(result);
      await startSession(ctx, result.user.id);
      return { next: landingFor(result.user.roles) };
    },
  }),

  signOut: defineAction({
    accept: 'form',
    handler: async (_input, ctx) => {
      const user = ctx.locals.user;
      await deleteSession(dbAsync(), ctx.cookies.get(SESSION_COOKIE)?.value);
      ctx.cookies.delete(SESSION_COOKIE, { path: '/' });
      if (user)
        await auditAsync(dbAsync(), actorOf(user, ctx), {
          action: 'user.sign_out',
          entityType: 'user',
          entityId: user.id,
        });
      return { signedOut: true };
    },
  }),

  signOutEverywhere: defineAction({
    accept: 'form',
    handler: async (_input, ctx) => {
      const user = allow.user(ctx);
      await dbAsync().transaction(async (tx) => {
        await deleteUserSessions(tx, user.id);
        await auditAsync(tx, actorOf(user, ctx), {
          action: 'user.sign_out_everywhere',
          entityType: 'user',
          entityId: user.id,
        });
      });
      ctx.cookies.delete(SESSION_COOKIE, { path: '/' });
      return { signedOut: true };
    },
  }),

  requestPasswordReset: defineAction({
    accept: 'form',
    input: z.object({ email }),
    handler: async (input, ctx) => {
      const { limited } = await requestPasswordReset(
        dbAsync(),
        input.email,
        ctx.clientAddress,
        await townPublicUrlAsync(dbAsync()),
      );
      if (limited)
        throw new ActionError({
          code: 'TOO_MANY_REQUESTS',
          message: 'Too many reset requests. Wait an hour and try again.',
        });
      return { sent: true };
    },
  }),

  setPassword: defineAction({
    accept: 'form',
    input: z
      .object({
        token: linkToken('This link is incomplete. Open it again from the email, or ask for a new one.'),
        password: formText('Choose a password.').max(PASSWORD_MAX_LENGTH, {
          error: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
        }),
        confirm: formText('Type the password again.'),
      })
      .superRefine((v, c) => {
        const problem = passwordProblem(v.password);
        if (problem) c.addIssue({ code: 'custom', path: ['password'], message: problem });
        else if (v.password !== v.confirm)
          c.addIssue({ code: 'custom', path: ['confirm'], message: 'The two passwords do not match.' });
      }),
    handler: async (input, ctx) => {
      const result = await setPasswordWithToken(
        dbAsync(),
        input.token,
        input.password,
        ctx.clientAddress,
        await townPublicUrlAsync(dbAsync()),
      );
      if (!result.ok) failure(result);
      const session = await createSession(dbAsync(), result.userId, {
        ip: ctx.clientAddress,
        userAgent: ctx.request.headers.get('user-agent'),
      });
      ctx.cookies.set(
        SESSION_COOKIE,
        session.token,
        sessionCookieOptions(ctx.url, ctx.request.headers, session.expiresAt),
      );
      return { purpose: result.purpose };
    },
  }),

  inviteUser: defineAction({
    accept: 'form',
    input: z.object({
      email,
      name: oneLine(
        noControlCharacters(
          formText('Enter the person’s name.')
            .trim()
            .min(1, { error: 'Enter the person’s name.' })
            .max(120, { error: 'Use at most 120 characters.' }),
        ),
      ),
      title: oneLine(plainText(120)).optional(),
      roles: roles.pipe(z.array(choice(ROLES, 'Choose a listed role.')).min(1, { error: 'Choose at least one role.' })),
      projectIds: ids,
    }),
    handler: async (input, ctx) => {
      const admin = allow.role(ctx, 'admin');
      if (input.roles.includes('operator') && input.projectIds.length === 0) {
        throw new ActionError({ code: 'BAD_REQUEST', message: 'Choose at least one project for an operator.' });
      }
      const result = await inviteUser(dbAsync(), admin, input, await townPublicUrlAsync(dbAsync()));
      if (!result.ok) throw new ActionError({ code: 'CONFLICT', message: result.message });
      return { userId: result.userId };
    },
  }),

  updateUserAccess: defineAction({
    accept: 'form',
    input: z.object({
      userId: id,
      roles,
      projectIds: ids,
      disabled: z.preprocess((v) => v === 'on' || v === 'true', z.boolean()),
    }),
    handler: async (input, ctx) => {
      const admin = allow.role(ctx, 'admin');
      const result = await updateUserAccess(dbAsync(), admin, input.userId, input);
      if (!result.ok) failure(result);
      return { saved: true };
    },
  }),
};
