/** Applying online (decision 0113): the applicant's account, and the clerk's check, fees and payments. */
import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { PAYMENT_METHODS } from '#db/schema.ts';
import { signUpApplicant } from '#lib/server/applications/applicants.ts';
import { addFee, recordIntake, recordPayment } from '#lib/server/applications/applications.ts';
import { actorOf } from '#lib/server/platform/audit.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import {
  choice,
  formText,
  id,
  money,
  noControlCharacters,
  oneLine,
  optionalText,
  orThrow,
  requiredDay,
  requiredText,
} from '#lib/server/platform/forms/fields.ts';
import { townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { parseMoney } from '#lib/shared/format.ts';
import { allow } from './guard.ts';

export const applications = {
  signUp: defineAction({
    accept: 'form',
    input: z.object({
      name: oneLine(requiredText('your name', 120)),
      email: noControlCharacters(
        formText('Enter your email address.')
          .trim()
          .min(1, { error: 'Enter your email address.' })
          .max(254, { error: 'Use at most 254 characters for the email address.' }),
      ).pipe(z.email({ error: 'Enter an email address like name@example.com.' })),
    }),
    handler: async (input, ctx) => {
      const { limited } = await signUpApplicant(
        dbAsync(),
        input,
        ctx.clientAddress,
        await townPublicUrlAsync(dbAsync()),
      );
      if (limited)
        throw new ActionError({
          code: 'TOO_MANY_REQUESTS',
          message: 'Too many accounts were asked for from here. Wait an hour and try again.',
        });
      return { sent: true };
    },
  }),

  intake: defineAction({
    accept: 'form',
    input: z.object({
      applicationId: id,
      outcome: choice(['complete', 'incomplete'], 'Choose whether the application is complete.'),
      on: requiredDay('the date of the check'),
      note: optionalText(2000),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'clerk', 'officer');
      orThrow(
        await recordIntake(
          dbAsync(),
          actorOf(user, ctx),
          input.applicationId,
          { outcome: input.outcome, on: input.on, note: input.note || null },
          await townPublicUrlAsync(dbAsync()),
        ),
      );
      return { done: input.outcome };
    },
  }),

  addFee: defineAction({
    accept: 'form',
    input: z.object({
      applicationId: id,
      description: oneLine(requiredText('what the fee is for', 200)),
      amount: money('the amount'),
      on: requiredDay('the date'),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'clerk', 'officer');
      orThrow(
        await addFee(dbAsync(), actorOf(user, ctx), input.applicationId, {
          description: input.description,
          amountCents: parseMoney(input.amount)!,
          on: input.on,
        }),
      );
      return { done: 'fee' };
    },
  }),

  recordPayment: defineAction({
    accept: 'form',
    input: z.object({
      applicationId: id,
      amount: money('the amount'),
      method: choice(PAYMENT_METHODS, 'Choose how it was paid.'),
      reference: oneLine(optionalText(100)),
      on: requiredDay('the date it was received'),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'clerk');
      orThrow(
        await recordPayment(dbAsync(), actorOf(user, ctx), input.applicationId, {
          description: 'Payment',
          amountCents: parseMoney(input.amount)!,
          on: input.on,
          method: input.method,
          reference: input.reference || null,
        }),
      );
      return { done: 'payment' };
    },
  }),
};
