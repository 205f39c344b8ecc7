/** The local law's numbers and citations (decision 0040), for the officer or the admin. */
import { actorOf } from '#lib/server/platform/audit.ts';
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { failure, optionalText } from '#lib/server/platform/forms/fields.ts';
import { CITABLE, LOCAL_RULES } from '#lib/server/compliance/local-rules.rules.ts';
import { saveLocalRules } from '#lib/server/compliance/local-rules.ts';
import { LOCAL_LAW_RULES } from '#lib/server/platform/local-law.rules.ts';
import { allow } from './guard.ts';

const shape = Object.fromEntries(
  [
    ...LOCAL_RULES.map((r) => r.key),
    ...CITABLE.map((k) => `citation.${k}`),
    ...LOCAL_LAW_RULES.flatMap((r) => [r.key, `lawCitation.${r.key}`, `amendment.${r.key}`, `amendedOn.${r.key}`]),
  ].map((k) => [k, optionalText(2000)]),
);

export const localRules = {
  save: defineAction({
    accept: 'form',
    input: z.object(shape),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'admin');
      const result = await saveLocalRules(dbAsync(), actorOf(user, ctx), input as Record<string, string | undefined>);
      if (!result.ok) failure(result);
      return { saved: true };
    },
  }),
};
