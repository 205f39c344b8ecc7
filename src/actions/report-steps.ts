/**
 * What anyone may do on a resident's report's public page: say the problem is still happening, and follow the
 * report by email (confirmed by a link; stopped by the link in every mail). Public; rate-limited by the services.
 */
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { failure, formText, id, linkToken, optionalText } from '#lib/server/platform/forms/fields.ts';
import { askToFollow, confirmFollow, stopFollowing } from '#lib/server/site-reports/followers.ts';
import { stillHappening } from '#lib/server/site-reports/report.ts';

const email = formText('Enter your email address.')
  .trim()
  .min(1, { error: 'Enter your email address.' })
  .max(254, { error: 'Use at most 254 characters for the email address.' })
  .pipe(z.email({ error: 'Enter an email address like name@example.com.' }));

export const reportSteps = {
  stillHappening: defineAction({
    accept: 'form',
    input: z.object({ reportId: id, words: optionalText(1000) }),
    handler: async (input, ctx) => {
      const result = await stillHappening(
        dbAsync(),
        input.reportId,
        { words: input.words ?? '' },
        { ip: ctx.clientAddress },
      );
      if (!result.ok) failure(result);
      return { said: true };
    },
  }),

  follow: defineAction({
    accept: 'form',
    input: z.object({ reportId: id, email }),
    handler: async (input, ctx) => {
      const result = await askToFollow(dbAsync(), input, { ip: ctx.clientAddress });
      if (!result.ok) failure(result);
      return { asked: true };
    },
  }),

  confirm: defineAction({
    accept: 'form',
    input: z.object({ token: linkToken() }),
    handler: async (input, ctx) => {
      const result = await confirmFollow(dbAsync(), input.token, { ip: ctx.clientAddress });
      if (!result.ok) failure(result);
      return { reportId: result.reportId };
    },
  }),

  stop: defineAction({
    accept: 'form',
    input: z.object({ link: linkToken() }),
    handler: async (input, ctx) => {
      const result = await stopFollowing(dbAsync(), input.link, { ip: ctx.clientAddress });
      if (!result.ok) failure(result);
      return { reportId: result.reportId };
    },
  }),
};
