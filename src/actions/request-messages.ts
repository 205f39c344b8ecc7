/**
 * The conversation on a records request (decision 0029). The requester writes with the tracking token (the only
 * key to their own thread); a clerk writes, or asks for clarification, after the role check. Plain text,
 * length-limited; the service limits how many messages a request takes an hour.
 */
import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { actorOf } from '#lib/server/platform/audit.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { id, linkToken, orThrow, plainText, RELOAD_FORM, oneLine } from '#lib/server/platform/forms/fields.ts';
import { requestIdForToken } from '#lib/server/records-requests/links.ts';
import { sendClerkMessage, sendRequesterMessage } from '#lib/server/records-requests/messages.ts';
import { closeAsDuplicate } from '#lib/server/records-requests/duplicate-close.ts';
import {
  deleteReplyTemplate,
  saveReplyTemplate,
  TEMPLATE_BODY_MAX,
  TEMPLATE_NAME_MAX,
} from '#lib/server/records-requests/reply-templates.ts';
import { MESSAGE_MAX_CHARS } from '#lib/server/records-requests/messages.rules.ts';
import { allow } from './guard.ts';

const body = plainText(
  MESSAGE_MAX_CHARS,
  `Use at most ${MESSAGE_MAX_CHARS.toLocaleString('en-US')} characters for the message.`,
  'Write the message.',
).min(1, { error: 'Write the message.' });
const token = linkToken('This tracking link is incomplete. Open it again from the email, or copy the whole address.');

export const requestMessages = {
  /** The requester's message (or answer to the clerk's question), from the tracking page. */
  send: defineAction({
    accept: 'form',
    input: z.object({ token, body }),
    handler: async (input, ctx) => {
      const rid = await requestIdForToken(dbAsync(), input.token);
      if (rid === undefined)
        throw new ActionError({
          code: 'NOT_FOUND',
          message: `This tracking link is not valid. Use the newest link the ${(await townAsync(dbAsync())).kindWord} sent you.`,
        });
      const result = orThrow(
        await sendRequesterMessage(
          dbAsync(),
          { label: 'requester', ip: ctx.clientAddress },
          rid,
          input.body,
          ctx.locals.publicUrl,
        ),
      );
      return { sent: result.answered ? 'answered' : 'sent' };
    },
  }),

  /** A clerk's message to the requester; with "ask for clarification" ticked, the request waits for the answer. */
  clerkSend: defineAction({
    accept: 'form',
    input: z.object({ id, body, clarify: z.enum(['yes'], { error: RELOAD_FORM }).optional() }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(
        await sendClerkMessage(
          dbAsync(),
          actorOf(clerk, ctx),
          input.id,
          { body: input.body, clarify: input.clarify === 'yes' },
          ctx.locals.publicUrl,
        ),
      );
      return { done: input.clarify === 'yes' ? 'clarification' : 'messaged' };
    },
  }),

  /** Close as a duplicate of another request, by its number, with a note the requester reads. */
  closeDuplicate: defineAction({
    accept: 'form',
    input: z.object({
      id,
      otherNumber: plainText(
        20,
        'Enter a request number like R-2026-0042.',
        'Enter the number of the request this one duplicates, like R-2026-0042.',
      ),
      note: plainText(
        2000,
        'Use at most 2,000 characters for the note.',
        'Write a note for the requester: they read it with the other request’s number.',
      ),
    }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(
        await closeAsDuplicate(
          dbAsync(),
          actorOf(clerk, ctx),
          input.id,
          { otherNumber: input.otherNumber, note: input.note },
          ctx.locals.publicUrl,
        ),
      );
      return { done: 'duplicate' };
    },
  }),

  /** A clerk saves (new or edited) a named reply the message box offers. */
  saveTemplate: defineAction({
    accept: 'form',
    input: z.object({
      templateId: z
        .string({ error: RELOAD_FORM })
        .trim()
        .regex(/^\d{0,12}$/, { error: RELOAD_FORM })
        .transform((v) => (v ? Number(v) : undefined))
        .optional(),
      name: oneLine(
        plainText(
          TEMPLATE_NAME_MAX,
          `Use at most ${TEMPLATE_NAME_MAX} characters for the name.`,
          'Give the reply a short name, like “Ask which phase”.',
        ),
      ),
      body: plainText(
        TEMPLATE_BODY_MAX,
        `Use at most ${TEMPLATE_BODY_MAX.toLocaleString('en-US')} characters for the reply.`,
        'Write the reply.',
      ),
    }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(
        await saveReplyTemplate(dbAsync(), actorOf(clerk, ctx), {
          id: input.templateId,
          name: input.name,
          body: input.body,
        }),
      );
      return { done: input.templateId ? 'updated' : 'saved' };
    },
  }),

  deleteTemplate: defineAction({
    accept: 'form',
    input: z.object({ templateId: id }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(await deleteReplyTemplate(dbAsync(), actorOf(clerk, ctx), input.templateId));
      return { done: 'deleted' };
    },
  }),
};
