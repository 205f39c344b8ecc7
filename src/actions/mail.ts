/** Admin actions on the outbox. */
import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { id } from '#lib/server/platform/forms/fields.ts';
import { retryNow } from '#lib/server/platform/mail/admin.ts';
import { allow } from './guard.ts';

export const mail = {
  retry: defineAction({
    accept: 'form',
    input: z.object({ id }),
    handler: async (input, ctx) => {
      const admin = allow.role(ctx, 'admin');
      if (!(await retryNow(dbAsync(), admin.id, input.id)))
        throw new ActionError({ code: 'NOT_FOUND', message: 'No such message.' });
      return { id: input.id };
    },
  }),
};
