/** The officer records rain events; one of 0.5 in. or more obliges post-storm inspections. */
import { actorOf } from '#lib/server/platform/audit.ts';
import { ActionError, defineAction } from 'astro:actions';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { recordStorm, stormFields } from '#lib/server/filings/storms.ts';
import { allow } from './guard.ts';
import { messageOf } from '#lib/server/platform/result.ts';

export const storms = {
  record: defineAction({
    accept: 'form',
    input: stormFields,
    handler: async (input, ctx) => {
      const officer = allow.role(ctx, 'officer');
      const result = await recordStorm(dbAsync(), actorOf(officer, ctx), input);
      if (!result.ok) throw new ActionError({ code: 'BAD_REQUEST', message: messageOf(result) });
      return { id: result.id, notified: result.notified };
    },
  }),
};
