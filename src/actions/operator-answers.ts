/**
 * The operator's answers to a records request made to them (ordinance L(4)): offer the records for
 * inspection, record the requester's payment for copies, and mark an inspection done. Copies (with PDF
 * uploads and the bill) are a multipart form handled by their page, /operator/requests/[id]/copies, like the
 * operator's document upload. Every handler checks the role, then that the user files for the request's
 * project (operatorMayAct): another operator's request answers 404, as if it did not exist.
 */
import { ActionError, defineAction, type ActionAPIContext } from 'astro:actions';
import { z } from 'astro/zod';
import { PAYMENT_METHODS } from '#db/enums.ts';
import type { SessionUser } from '#lib/server/accounts/sessions.ts';
import { actorOf } from '#lib/server/platform/audit.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import {
  choice,
  orThrow,
  id,
  optionalText,
  requiredDay,
  requiredText,
  requiredTime,
  oneLine,
} from '#lib/server/platform/forms/fields.ts';
import {
  markInspected,
  offerInspection,
  operatorMayAct,
  recordOperatorPayment,
} from '#lib/server/operator-requests/workflow.ts';
import { allow } from './guard.ts';

/** The operator, if the request is for one of their projects; 404 otherwise. */
async function operatorOf(ctx: ActionAPIContext, requestId: number): Promise<SessionUser> {
  const user = allow.role(ctx, 'operator');
  if (!(await operatorMayAct(dbAsync(), user.id, requestId)))
    throw new ActionError({ code: 'NOT_FOUND', message: 'Not found.' });
  return user;
}

export const operatorAnswers = {
  /** Make the records available for inspection at a place, on a day, at a time. */
  offerInspection: defineAction({
    accept: 'form',
    input: z.object({
      id,
      place: requiredText('where the records can be inspected', 300),
      on: requiredDay('the day offered'),
      time: requiredTime('the time offered'),
    }),
    handler: async (input, ctx) => {
      const user = await operatorOf(ctx, input.id);
      orThrow(
        await offerInspection(
          dbAsync(),
          actorOf(user, ctx),
          input.id,
          { place: input.place, on: input.on, time: input.time },
          ctx.locals.publicUrl,
        ),
      );
      return { done: 'offered' };
    },
  }),

  /** The requester paid the operator's bill for copies: they are released. */
  recordPayment: defineAction({
    accept: 'form',
    input: z.object({
      id,
      paidOn: requiredDay('the day it was paid'),
      method: choice(PAYMENT_METHODS, 'Choose how it was paid.'),
      reference: oneLine(optionalText(200)),
    }),
    handler: async (input, ctx) => {
      const user = await operatorOf(ctx, input.id);
      orThrow(
        await recordOperatorPayment(
          dbAsync(),
          actorOf(user, ctx),
          input.id,
          { paidOn: input.paidOn, method: input.method, reference: input.reference },
          ctx.locals.publicUrl,
        ),
      );
      return { done: 'paid' };
    },
  }),

  /** The inspection took place as offered: the request is complete. */
  markInspected: defineAction({
    accept: 'form',
    input: z.object({ id }),
    handler: async (input, ctx) => {
      const user = await operatorOf(ctx, input.id);
      orThrow(await markInspected(dbAsync(), actorOf(user, ctx), input.id, ctx.locals.publicUrl));
      return { done: 'inspected' };
    },
  }),
};
