/**
 * "Lost your link?" on /requests: anyone may ask; the mail goes only to the address typed, and the page
 * answers the same whether or not it is known (records-requests/lost-link.ts). Rate-limited per IP and per address.
 */
import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { formText } from '#lib/server/platform/forms/fields.ts';
import { minutesText } from '#lib/server/platform/http/rate-limit.ts';
import { sendLostLinks } from '#lib/server/records-requests/lost-link.ts';

export const requestLinks = {
  /** Mail the address the tracking links of its requests (if it has any). */
  resend: defineAction({
    accept: 'form',
    input: z.object({
      email: formText('Enter the email address you gave with your request.')
        .trim()
        .min(1, { error: 'Enter the email address you gave with your request.' })
        .max(254, { error: 'Use at most 254 characters for the email address.' })
        .pipe(z.email({ error: 'Enter an email address like name@example.com.' })),
    }),
    handler: async (input, ctx) => {
      const result = await sendLostLinks(
        dbAsync(),
        input.email,
        { label: 'requester', ip: ctx.clientAddress },
        ctx.locals.publicUrl,
        { ip: ctx.clientAddress },
      );
      if (!result.ok)
        throw new ActionError({
          code: 'TOO_MANY_REQUESTS',
          message: `Too many tries. Wait ${minutesText(result.retryAfterMs)} and try again, or ask the ${ctx.locals.town.clerk}.`,
        });
      return { sent: true };
    },
  }),
};
