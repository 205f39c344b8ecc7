/**
 * Paper copies (decision 0030). The clerk records that the copies were picked up at Town Hall or mailed on a
 * date (the request is then fulfilled; mailing is mailed to the requester). Clerks only.
 */
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { actorOf } from '#lib/server/platform/audit.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { choice, failure, id } from '#lib/server/platform/forms/fields.ts';
import { isIsoDay } from '#lib/shared/days.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { recordHandover } from '#lib/server/records-requests/delivery.ts';
import { allow } from './guard.ts';

export const requestDelivery = {
  /** "Picked up" or "mailed on <date>": the copies reached the requester. */
  recordHandover: defineAction({
    accept: 'form',
    input: z.object({
      id,
      how: choice(['pickup', 'mail'], 'Choose whether the copies were picked up or mailed.'),
      on: z
        .string({ error: 'Enter the date.' })
        .trim()
        .refine(isIsoDay, { error: `Enter the date, like ${townToday()}.` }),
    }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      const result = await recordHandover(
        dbAsync(),
        actorOf(clerk, ctx),
        input.id,
        { how: input.how, on: input.on },
        ctx.locals.publicUrl,
      );
      if (!result.ok) failure(result);
      return { done: input.how === 'pickup' ? 'picked-up' : 'mailed' };
    },
  }),
};
