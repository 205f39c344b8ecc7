/** The inventory of permanent stormwater practices and their inspections (the officer; decision 0035). */
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { SMP_CONDITIONS, SMP_INSPECTION_REASONS, SMP_OWNER_KINDS, SMP_TYPES } from '#db/schema.ts';
import { actorOf } from '#lib/server/platform/audit.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import {
  choice,
  failure,
  id,
  ids as idList,
  optionalText,
  orNull,
  plainText,
  requiredDay,
  requiredText,
  wholeNumber,
  oneLine,
} from '#lib/server/platform/forms/fields.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { recordPracticeInspection, drawRandomInspections } from '#lib/server/stormwater-practices/inspections.ts';
import {
  acceptAsBuilt,
  createPractice,
  removeFromOperation,
  saveRoutineIntervals,
  updatePractice,
} from '#lib/server/stormwater-practices/practices.ts';
import { ROUTINE_INTERVAL_RANGE } from '#lib/server/stormwater-practices/practices.rules.ts';
import { allow } from './guard.ts';

const ids = z.preprocess((v) => (v == null || v === '' ? [] : Array.isArray(v) ? v : [v]), idList);
const text = (max: number) => z.preprocess((v) => v ?? '', plainText(max));
const coordinate = (what: string) =>
  z.coerce
    .number({ error: `Enter the ${what} in decimal degrees, like 42.79.` })
    .refine(Number.isFinite, { error: `Enter the ${what} in decimal degrees, like 42.79.` });

const practiceFields = {
  name: oneLine(requiredText('the practice’s name', 160)),
  type: choice(SMP_TYPES, 'Choose the family of practice.'),
  description: text(1000),
  location: requiredText('where it is (street, behind which building)', 300),
  latitude: coordinate('latitude'),
  longitude: coordinate('longitude'),
  ownerKind: choice(SMP_OWNER_KINDS, 'Choose who maintains it: the municipality (public) or a private owner.'),
  ownerName: oneLine(requiredText('the owner responsible for maintenance', 160)),
  maintainerEmail: z.preprocess(
    (v) => (v == null || v === '' ? undefined : v),
    z.email({ error: 'Enter the operator account’s email, or leave it empty.' }).optional(),
  ),
  agreementReference: oneLine(optionalText(300)),
  dedicatedToTown: z.preprocess((v) => v === 'yes', z.boolean()),
  inServiceOn: requiredDay('the day it went into service'),
};

function practiceInput(input: { [K in keyof typeof practiceFields]?: unknown }) {
  const i = input as {
    name: string;
    type: (typeof SMP_TYPES)[number];
    description: string;
    location: string;
    latitude: number;
    longitude: number;
    ownerKind: 'public' | 'private';
    ownerName: string;
    maintainerEmail?: string;
    agreementReference?: string;
    dedicatedToTown: boolean;
    inServiceOn: string;
  };
  return { ...i, maintainerEmail: i.maintainerEmail ?? null, agreementReference: orNull(i.agreementReference) };
}

const ITEM_SLOTS = [0, 1, 2] as const;
const itemFields = Object.fromEntries(
  ITEM_SLOTS.flatMap((n) => [
    [`item${n}Description`, optionalText(500)],
    [`item${n}DueOn`, optionalText(20)],
  ]),
);

export const practices = {
  create: defineAction({
    accept: 'form',
    input: z.object({ ...practiceFields }),
    handler: async (input, ctx) => {
      const officer = allow.role(ctx, 'officer');
      const r = await createPractice(
        dbAsync(),
        actorOf(officer, ctx),
        { ...practiceInput(input), projectId: null },
        townToday(),
      );
      if (!r.ok) failure(r);
      return { id: r.id };
    },
  }),

  update: defineAction({
    accept: 'form',
    input: z.object({ practiceId: id, ...practiceFields }),
    handler: async (input, ctx) => {
      const officer = allow.role(ctx, 'officer');
      const r = await updatePractice(
        dbAsync(),
        actorOf(officer, ctx),
        input.practiceId,
        practiceInput(input),
        townToday(),
      );
      if (!r.ok) failure(r);
      return { id: r.id };
    },
  }),

  acceptAsBuilt: defineAction({
    accept: 'form',
    input: z.object({
      ...practiceFields,
      documentId: id,
      certifiedBy: oneLine(
        requiredText('the licensed/certified professional who certified the plans (name and licence)', 200),
      ),
      comment: text(2000),
      public: choice(['yes', 'no'], 'Choose whether residents can see the plans.'),
    }),
    handler: async (input, ctx) => {
      const officer = allow.role(ctx, 'officer');
      const r = await acceptAsBuilt(
        dbAsync(),
        actorOf(officer, ctx),
        {
          ...practiceInput(input),
          documentId: input.documentId,
          certifiedBy: input.certifiedBy,
          comment: input.comment,
          public: input.public === 'yes',
        },
        new Date(),
      );
      if (!r.ok) failure(r);
      return { id: r.id };
    },
  }),

  recordInspection: defineAction({
    accept: 'form',
    input: z.object({
      practiceId: id,
      inspectedOn: requiredDay('the day of the inspection'),
      reason: choice(SMP_INSPECTION_REASONS, 'Choose why it was inspected.'),
      condition: choice(SMP_CONDITIONS, 'Choose what the inspection found.'),
      inspectorName: oneLine(requiredText('who inspected', 160)),
      jointAgency: oneLine(optionalText(200)),
      complaintSource: optionalText(500),
      randomDrawId: z.preprocess((v) => (v == null || v === '' ? undefined : v), id.optional()),
      findings: text(4000),
      closeItemIds: ids,
      ...itemFields,
    }),
    handler: async (input, ctx) => {
      const officer = allow.role(ctx, 'officer');
      const raw = input as unknown as Record<string, string | undefined>;
      const fields: Record<string, string> = {};
      const newItems: Array<{ description: string; dueOn: string }> = [];
      for (const n of ITEM_SLOTS) {
        const description = raw[`item${n}Description`]?.trim() ?? '';
        const dueOn = raw[`item${n}DueOn`]?.trim() ?? '';
        if (!description && !dueOn) continue;
        if (!description) fields[`item${n}Description`] = 'Say what maintenance is required.';
        else if (!/^\d{4}-\d{2}-\d{2}$/.test(dueOn)) fields[`item${n}DueOn`] = 'Enter the due date, like 2026-06-30.';
        else newItems.push({ description, dueOn });
      }
      if (Object.keys(fields).length) failure({ fields });
      const r = await recordPracticeInspection(
        dbAsync(),
        actorOf(officer, ctx),
        {
          practiceId: input.practiceId,
          inspectedOn: input.inspectedOn,
          reason: input.reason,
          condition: input.condition,
          inspectorName: input.inspectorName,
          jointAgency: orNull(input.jointAgency),
          complaintSource: orNull(input.complaintSource),
          randomDrawId: input.randomDrawId ?? null,
          findings: input.findings,
          closeItemIds: input.closeItemIds,
          newItems,
        },
        townToday(),
      );
      if (!r.ok) failure(r);
      return { id: r.id };
    },
  }),

  removeFromOperation: defineAction({
    accept: 'form',
    input: z.object({ practiceId: id, removedOn: requiredDay('the day it was removed from operation') }),
    handler: async (input, ctx) => {
      const officer = allow.role(ctx, 'officer');
      const r = await removeFromOperation(
        dbAsync(),
        actorOf(officer, ctx),
        input.practiceId,
        input.removedOn,
        townToday(),
      );
      if (!r.ok) failure(r);
      return { id: r.id };
    },
  }),

  drawRandom: defineAction({
    accept: 'form',
    input: z.object({ count: wholeNumber('Enter how many practices to draw, like 5.', 1, 1000) }),
    handler: async (input, ctx) => {
      const officer = allow.role(ctx, 'officer');
      const r = await drawRandomInspections(dbAsync(), actorOf(officer, ctx), input.count, townToday());
      if (!r.ok) failure(r);
      return { id: r.id };
    },
  }),

  saveIntervals: defineAction({
    accept: 'form',
    input: z.object(
      Object.fromEntries(
        SMP_TYPES.map((t) => [
          t,
          wholeNumber(ROUTINE_INTERVAL_RANGE.message, ROUTINE_INTERVAL_RANGE.min, ROUTINE_INTERVAL_RANGE.max),
        ]),
      ) as Record<(typeof SMP_TYPES)[number], ReturnType<typeof wholeNumber>>,
    ),
    handler: async (input, ctx) => {
      const officer = allow.role(ctx, 'officer');
      const r = await saveRoutineIntervals(
        dbAsync(),
        actorOf(officer, ctx),
        input as Record<(typeof SMP_TYPES)[number], number>,
      );
      if (!r.ok) failure(r);
      return { saved: true };
    },
  }),
};
