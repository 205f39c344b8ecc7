/** Which reminders an operator gets by mail before a deadline, and how early (decision 0106). */
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { actorOf } from '#lib/server/platform/audit.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { saveReminderPreferences } from '#lib/server/reminders/reminders.ts';
import {
  MAX_LEAD_DAYS,
  REMINDER_KINDS,
  reminderKindsFor,
  type ReminderKind,
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
      const message = `Enter a whole number of days from 0 (on the day) to ${MAX_LEAD_DAYS}.`;
      // The form shows each kind's days, checked or not; a post with none of them is no choice at all.
      const posted = REMINDER_KINDS.filter((k) => input[`${k}.days`] !== undefined || input[`${k}.on`]);
      if (posted.length === 0) ctx.addIssue({ code: 'custom', path: [`${REMINDER_KINDS[0]}.days`], message });
      for (const k of posted) {
        const text = String(input[`${k}.days`] ?? '').trim();
        const n = Number(text);
        if (text === '' || !Number.isInteger(n) || n < 0 || n > MAX_LEAD_DAYS)
          ctx.addIssue({ code: 'custom', path: [`${k}.days`], message });
      }
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'operator', 'officer');
      // Only the kinds of the person's own roles change; the others keep what they were.
      const change: Partial<Record<ReminderKind, number | null>> = {};
      for (const k of reminderKindsFor(user.roles))
        change[k] = input[`${k}.on`] ? Number(String(input[`${k}.days`]).trim()) : null;
      await saveReminderPreferences(dbAsync(), actorOf(user, ctx), change);
      return { saved: true };
    },
  }),
};
