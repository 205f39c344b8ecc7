/** The officer's private calendar link: create (replacing the old one) or revoke. */
import { actorOf } from '#lib/server/platform/audit.ts';
import { defineAction } from 'astro:actions';
import { activeFeed, createFeedToken, revokeFeedTokens } from '#lib/server/desks/officer-calendar-feed.ts';
import { townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { allow } from './guard.ts';

export const calendarFeed = {
  /** The link is shown once, in this response: only its hash is kept. */
  create: defineAction({
    accept: 'form',
    handler: async (_input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const token = await createFeedToken(dbAsync(), actorOf(user, ctx));
      return { url: `${await townPublicUrlAsync(dbAsync())}/officer-calendar/${token}.ics` };
    },
  }),

  revoke: defineAction({
    accept: 'form',
    handler: async (_input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const revoked = await revokeFeedTokens(dbAsync(), actorOf(user, ctx));
      return { revoked, active: Boolean(await activeFeed(dbAsync(), user.id)) };
    },
  }),
};
