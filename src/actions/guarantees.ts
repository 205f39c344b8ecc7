/** Performance guarantees (bond, escrow, letter of credit): staff record and release them. */
import { actorOf } from '#lib/server/platform/audit.ts';
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { GUARANTEE_KINDS, GUARANTEE_PURPOSES } from '#db/schema.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { parseMoney } from '#lib/shared/format.ts';
import {
  failure,
  id,
  money,
  optionalDay,
  optionalText,
  orNull,
  requiredDay,
  requiredText,
  oneLine,
} from '#lib/server/platform/forms/fields.ts';
import { releaseGuarantee, saveGuarantee } from '#lib/server/projects/guarantees.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { allow } from './guard.ts';

export const guarantees = {
  save: defineAction({
    accept: 'form',
    input: z.object({
      projectId: id,
      guaranteeId: id.optional(),
      kind: z.enum(GUARANTEE_KINDS, { error: 'Choose bond, escrow or letter of credit.' }),
      purpose: z.enum(GUARANTEE_PURPOSES, { error: 'Choose what it guarantees.' }),
      amount: money('the amount'),
      institution: oneLine(requiredText('the surety, bank or escrow holder', 160)),
      reference: oneLine(optionalText(80)),
      receivedOn: optionalDay('the date received'),
      expiresOn: optionalDay('the expiry date'),
      finalAcceptanceOn: optionalDay('the date of final acceptance'),
      oneYearInspectionOn: optionalDay('the date of the one-year inspection'),
      oneYearInspectionAcceptable: z
        .enum(['', 'yes', 'no'], { error: 'Choose whether the facilities were acceptable.' })
        .optional(),
      removedFromOperationOn: optionalDay('the date the facilities were removed from operation'),
      notes: optionalText(2000),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'clerk');
      const amountCents = parseMoney(input.amount) as number;
      if (amountCents < 1) failure({ fields: { amount: 'Enter an amount above zero.' } });
      const r = await saveGuarantee(dbAsync(), actorOf(user, ctx), input.projectId, input.guaranteeId ?? null, {
        kind: input.kind,
        purpose: input.purpose,
        amountCents,
        institution: input.institution,
        reference: orNull(input.reference),
        receivedOn: orNull(input.receivedOn),
        expiresOn: orNull(input.expiresOn),
        finalAcceptanceOn: orNull(input.finalAcceptanceOn),
        oneYearInspectionOn: orNull(input.oneYearInspectionOn),
        oneYearInspectionAcceptable:
          input.oneYearInspectionAcceptable === 'yes'
            ? true
            : input.oneYearInspectionAcceptable === 'no'
              ? false
              : null,
        removedFromOperationOn: orNull(input.removedFromOperationOn),
        notes: orNull(input.notes),
      });
      if (!r.ok) failure(r);
      return { id: r.id };
    },
  }),

  release: defineAction({
    accept: 'form',
    input: z.object({ guaranteeId: id, on: requiredDay('the release date') }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'clerk');
      const r = await releaseGuarantee(dbAsync(), actorOf(user, ctx), input.guaranteeId, input.on, townToday());
      if (!r.ok) failure(r);
      return { id: r.id };
    },
  }),
};
