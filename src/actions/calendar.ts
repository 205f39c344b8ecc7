/** The officer's private calendar link: create (replacing the old one) or revoke. */
import { actorOf } from '#lib/server/platform/audit.ts';
import { defineAction } from 'astro:actions';
import { activeFeed, createFeedToken, revokeFeedTokens } from '#lib/server/desks/officer-calendar-feed.ts';
import { townPublicUrl } from '#lib/server/platform/town-profile.ts';
import { db } from '#lib/server/platform/db.ts';
import { allow } from './guard.ts';

export const calendarFeed = {
  /** The link is shown once, in this response: only its hash is kept. */
  create: defineAction({
    accept: 'form',
    handler: async (_input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const token = createFeedToken(db(), actorOf(user, ctx));
      return { url: `${townPublicUrl(db())}/officer-calendar/${token}.ics` };
    },
  }),

  revoke: defineAction({
    accept: 'form',
    handler: async (_input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const revoked = revokeFeedTokens(db(), actorOf(user, ctx));
      return { revoked, active: Boolean(activeFeed(db(), user.id)) };
    },
  }),
};
