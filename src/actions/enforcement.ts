/**
 * Enforcement actions (Stormwater Management Officer only): issue an action (a fine is a referral to
 * court), record the court's conviction and fine, move an action through its states (a stop-work order
 * closes only when lifted), fine payments and waivers, and corrections to its words. `calculateFine`
 * works out the most a court may impose (days × at most $250).
 */
import { actorOf } from '#lib/server/platform/audit.ts';
import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { ENFORCEMENT_TYPES, PAYMENT_METHODS } from '#db/schema.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import {
  issueAction,
  recordConviction,
  recordPayment,
  transitionAction,
  updateDetails,
  waiveFine,
} from '#lib/server/enforcement/actions.ts';
import { calculateFine } from '#lib/server/enforcement/actions.rules.ts';
import { parseMoney } from '#lib/shared/format.ts';
import {
  failure,
  formText,
  id,
  ids,
  money,
  optionalDay,
  optionalText,
  orNull,
  requiredDay,
  requiredText,
  oneLine,
} from '#lib/server/platform/forms/fields.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { allow } from './guard.ts';
import { loadLocalLawAsync } from '#lib/server/platform/local-law.ts';
import { renameFields } from '#lib/server/platform/result.ts';

const fineFields = {
  fineDays: z.coerce.number({ error: 'Enter the number of days, like 9.' }).optional(),
  fineDailyRate: formText('Enter the daily fine in dollars, like 150 or 150.00.')
    .trim()
    .max(20, { error: 'Enter the daily fine in dollars, like 150 or 150.00.' })
    .optional(),
};

function fineInput(days: number | undefined, rate: string | undefined) {
  const dailyRateCents = rate ? parseMoney(rate) : undefined;
  if (rate && dailyRateCents === undefined)
    failure({ fields: { fineDailyRate: 'Enter the daily fine in dollars, like 150 or 150.00.' } });
  return { days: days ?? 0, dailyRateCents: dailyRateCents ?? 0 };
}

export const enforcement = {
  /** Works out days × rate (capped at the town's most a day) for the officer to confirm; changes nothing. */
  calculateFine: defineAction({
    accept: 'form',
    input: z.object({ projectId: id, ...fineFields }),
    handler: async (input, ctx) => {
      allow.role(ctx, 'officer');
      const r = calculateFine(fineInput(input.fineDays, input.fineDailyRate), await loadLocalLawAsync(dbAsync()));
      if (!r.ok) failure(renameFields(r, { days: 'fineDays', dailyRateCents: 'fineDailyRate' }));
      return {
        days: r.days,
        dailyRateCents: r.dailyRateCents,
        assessedCents: r.assessedCents,
        cappedFromCents: r.cappedFromCents ?? null,
        lines: r.lines,
      };
    },
  }),

  issue: defineAction({
    accept: 'form',
    input: z.object({
      projectId: id,
      type: z.enum(ENFORCEMENT_TYPES, { error: 'Choose the kind of action.' }),
      issuedOn: requiredDay('the issue date'),
      citedSection: oneLine(optionalText(300)),
      summary: requiredText('a plain-language statement of what was found', 4000),
      requiredMeasures: optionalText(4000),
      complyBy: optionalDay('the comply-by date'),
      public: z.boolean(),
      violationIds: ids,
      newViolationDescription: optionalText(2000),
      newViolationSection: oneLine(optionalText(300)),
      newViolationObservedOn: optionalDay('the date the violation was observed'),
      escalatesId: id.optional(),
      // A fine is the court's (R(3)): the officer refers the case and names the court.
      courtName: oneLine(optionalText(200)),
      docketNumber: oneLine(optionalText(80)),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const today = townToday();
      const court =
        input.type === 'fine' ? { name: orNull(input.courtName), docketNumber: orNull(input.docketNumber) } : null;
      const r = await issueAction(
        dbAsync(),
        { userId: user.id, name: user.name, title: user.title, ip: ctx.clientAddress },
        input.projectId,
        {
          type: input.type,
          issuedOn: input.issuedOn,
          citedSection: orNull(input.citedSection),
          summary: input.summary,
          requiredMeasures: orNull(input.requiredMeasures),
          complyBy: orNull(input.complyBy),
          public: input.public,
          violationIds: input.violationIds,
          newViolation: input.newViolationDescription
            ? {
                description: input.newViolationDescription,
                section: orNull(input.newViolationSection),
                observedOn: input.newViolationObservedOn ?? input.issuedOn,
              }
            : null,
          escalatesId: input.escalatesId ?? null,
          court,
        },
        today,
        ctx.locals.publicUrl,
      );
      if (!r.ok) failure(r);
      return { actionId: r.actionId };
    },
  }),

  transition: defineAction({
    accept: 'form',
    input: z.object({
      actionId: id,
      event: z.enum(['comply', 'withdraw', 'close'], { error: 'Choose what happened.' }),
      on: optionalDay('the date'),
      liftedOn: optionalDay('the date the order was lifted'),
      note: optionalText(2000),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const on = input.on ?? input.liftedOn ?? '';
      const r = await transitionAction(
        dbAsync(),
        actorOf(user, ctx),
        input.actionId,
        { event: input.event, on, liftedOn: orNull(input.liftedOn), note: orNull(input.note) },
        townToday(),
        ctx.locals.publicUrl,
      );
      if (!r.ok) failure(r);
      return { actionId: input.actionId, event: input.event };
    },
  }),

  recordPayment: defineAction({
    accept: 'form',
    input: z.object({
      actionId: id,
      receivedOn: requiredDay('the date the payment was received'),
      amount: money('the amount paid'),
      method: z.enum(PAYMENT_METHODS, { error: 'Choose how it was paid.' }),
      reference: oneLine(optionalText(120)),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = await recordPayment(
        dbAsync(),
        actorOf(user, ctx),
        input.actionId,
        {
          receivedOn: input.receivedOn,
          amountCents: parseMoney(input.amount) as number,
          method: input.method,
          reference: orNull(input.reference),
        },
        townToday(),
      );
      if (!r.ok) failure(r);
      return { actionId: input.actionId };
    },
  }),

  /** The court convicted and imposed a fine (at most $250 per day of violation): record it. */
  recordConviction: defineAction({
    accept: 'form',
    input: z.object({
      actionId: id,
      convictedOn: requiredDay('the date of the conviction'),
      docketNumber: oneLine(requiredText('the court’s docket number', 80)),
      fineDays: z.coerce.number({ error: 'Enter the number of days of violation, like 9.' }),
      fineAmount: money('the fine the court imposed'),
      fineDueOn: optionalDay('the date the fine is due'),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = await recordConviction(
        dbAsync(),
        actorOf(user, ctx),
        input.actionId,
        {
          convictedOn: input.convictedOn,
          docketNumber: input.docketNumber,
          days: input.fineDays,
          fineCents: parseMoney(input.fineAmount) as number,
          dueOn: orNull(input.fineDueOn),
        },
        townToday(),
      );
      if (!r.ok) failure(r);
      return { actionId: input.actionId };
    },
  }),

  waiveFine: defineAction({
    accept: 'form',
    input: z.object({
      actionId: id,
      on: requiredDay('the date of the waiver'),
      reason: requiredText('the reason for the waiver', 2000),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = await waiveFine(dbAsync(), actorOf(user, ctx), input.actionId, input, townToday());
      if (!r.ok) failure(r);
      return { actionId: input.actionId };
    },
  }),

  update: defineAction({
    accept: 'form',
    input: z.object({
      actionId: id,
      citedSection: oneLine(optionalText(300)),
      summary: requiredText('a plain-language statement of what was found', 4000),
      requiredMeasures: optionalText(4000),
      complyBy: optionalDay('the comply-by date'),
      public: z.boolean(),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = await updateDetails(dbAsync(), actorOf(user, ctx), input.actionId, {
        citedSection: orNull(input.citedSection),
        summary: input.summary,
        requiredMeasures: orNull(input.requiredMeasures),
        complyBy: orNull(input.complyBy),
        public: input.public,
      });
      if (!r.ok) {
        if (r.message === 'No such enforcement action.')
          throw new ActionError({ code: 'NOT_FOUND', message: r.message });
        failure(r);
      }
      return { actionId: input.actionId };
    },
  }),
};
