/** The town's compliance settings (monthly summary due day, when twice-weekly inspections apply). */
import { actorOf } from '#lib/server/platform/audit.ts';
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { saveComplianceSettings } from '#lib/server/compliance/compliance.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { allow } from './guard.ts';

export const compliance = {
  updateSettings: defineAction({
    accept: 'form',
    input: z.object({
      summaryDueDay: z.coerce
        .number({ error: 'Enter a day of the month from 1 to 28.' })
        .int({ error: 'Enter a whole day of the month.' })
        .min(1, { error: 'Enter a day of the month from 1 to 28.' })
        .max(28, { error: 'Enter a day of the month from 1 to 28 (every month has one).' }),
      twiceWeeklyOverAcres: z.coerce
        .number({ error: 'Enter acres, like 5.' })
        .min(0.1, { error: 'Enter acres, like 5.' })
        .max(1000, { error: 'Enter acres, like 5.' }),
      twiceWeeklyImpaired: z.preprocess((v) => v === 'on', z.boolean()),
      winterMaxDays: z.coerce
        .number({ error: 'Enter a number of days, like 30.' })
        .int({ error: 'Enter a whole number of days.' })
        .min(7, { error: 'Enter at least 7 days.' })
        .max(90, { error: 'Enter at most 90 days.' }),
    }),
    handler: async (input, ctx) => {
      const officer = allow.role(ctx, 'officer', 'admin');
      await saveComplianceSettings(dbAsync(), actorOf(officer, ctx), input);
      return { saved: true };
    },
  }),
};
