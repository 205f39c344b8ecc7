/** The officer's private calendar link: create (replacing the old one) or revoke. */
import { defineAction } from 'astro:actions';
import { activeFeed, createFeedToken, revokeFeedTokens } from '../lib/server/calendar-feeds.ts';
import { config } from '../lib/server/config.ts';
import { db } from '../lib/server/db/index.ts';
import { allow } from './guard.ts';

export const calendarFeed = {
  /** The link is shown once, in this response: only its hash is kept. */
  create: defineAction({
    accept: 'form',
    handler: async (_input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const token = createFeedToken(db(), { userId: user.id, ip: ctx.clientAddress });
      return { url: `${config().publicUrl}/officer-calendar/${token}.ics` };
    },
  }),

  revoke: defineAction({
    accept: 'form',
    handler: async (_input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const revoked = revokeFeedTokens(db(), { userId: user.id, ip: ctx.clientAddress });
      return { revoked, active: Boolean(activeFeed(db(), user.id)) };
    },
  }),
};
