/** Which reminders an operator gets by mail before a deadline, and how early (decision 0106). */
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { actorOf } from '#lib/server/platform/audit.ts';
import { db } from '#lib/server/platform/db.ts';
import { saveReminderPreferences } from '#lib/server/reminders/reminders.ts';
import {
  MAX_LEAD_DAYS,
  REMINDER_KINDS,
  type ReminderKind,
  type ReminderPreferences,
} from '#lib/server/reminders/reminders.rules.ts';
import { allow } from './guard.ts';

/** The form's field names: `<kind>.on` (a checkbox) and `<kind>.days`. */
const on = z.preprocess((v) => v === 'on', z.boolean());
const days = z
  .string({ error: `Enter a whole number of days from 0 to ${MAX_LEAD_DAYS}.` })
  .max(10, { error: `Enter a whole number of days from 0 to ${MAX_LEAD_DAYS}.` })
  .optional();
const shape = Object.fromEntries(
  REMINDER_KINDS.flatMap((k) => [
    [`${k}.on`, on],
    [`${k}.days`, days],
  ]),
) as Record<string, typeof on | typeof days>;

export const reminders = {
  savePreferences: defineAction({
    accept: 'form',
    input: z.object(shape).superRefine((input, ctx) => {
      for (const k of REMINDER_KINDS) {
        // Checked or not, the form posts each kind's days (a kind switched off still shows its number).
        const text = String(input[`${k}.days`] ?? '').trim();
        const n = Number(text);
        if (text === '' || !Number.isInteger(n) || n < 0 || n > MAX_LEAD_DAYS)
          ctx.addIssue({
            code: 'custom',
            path: [`${k}.days`],
            message: `Enter a whole number of days from 0 (on the day) to ${MAX_LEAD_DAYS}.`,
          });
      }
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'operator');
      const prefs = {} as ReminderPreferences;
      for (const k of REMINDER_KINDS)
        prefs[k as ReminderKind] = input[`${k}.on`] ? Number(String(input[`${k}.days`]).trim()) : null;
      saveReminderPreferences(db(), actorOf(user, ctx), prefs);
      return { saved: true };
    },
  }),
};
