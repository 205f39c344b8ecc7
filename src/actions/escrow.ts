/** The escrow for the Town's retained professionals (officer and clerk; staff only; decision 0037). */
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { actorOf } from '#lib/server/platform/audit.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import {
  choice,
  failure,
  id,
  money,
  optionalDay,
  optionalText,
  orNull,
  requiredDay,
  oneLine,
} from '#lib/server/platform/forms/fields.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { recordEscrowEntry } from '#lib/server/projects/escrow.ts';
import { parseMoney } from '#lib/shared/format.ts';
import { allow } from './guard.ts';

export const escrow = {
  record: defineAction({
    accept: 'form',
    input: z.object({
      projectId: id,
      kind: choice(['deposit', 'estimate', 'charge', 'refund'], 'Choose what to record.'),
      on: requiredDay('the date'),
      amount: money('the amount'),
      checkNumber: oneLine(optionalText(40)),
      professional: oneLine(optionalText(200)),
      description: optionalText(1000),
      hours: z.preprocess(
        (v) => (v == null || v === '' ? undefined : v),
        z.coerce
          .number({ error: 'Enter the hours as a number, like 3.5.' })
          .min(0, { error: 'Hours cannot be negative.' })
          .max(10000, { error: 'Enter the hours as a number, like 3.5.' })
          .optional(),
      ),
      acceptedOn: optionalDay('the day the services were accepted'),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'clerk');
      const r = await recordEscrowEntry(
        dbAsync(),
        actorOf(user, ctx),
        input.projectId,
        {
          kind: input.kind,
          on: input.on,
          amountCents: parseMoney(input.amount) as number,
          checkNumber: orNull(input.checkNumber),
          professional: orNull(input.professional),
          description: input.description ?? '',
          hundredthsOfHours: input.hours == null ? null : Math.round(input.hours * 100),
          acceptedOn: orNull(input.acceptedOn),
        },
        townToday(),
      );
      if (!r.ok) failure(r);
      return { id: r.id, topUpCents: r.topUpCents, mailed: r.mailed };
    },
  }),
};
