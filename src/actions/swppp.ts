/** The officer's SWPPP reviews: completeness, deficiencies, revised plans, decisions, extensions by agreement. */
import { actorOf } from '#lib/server/platform/audit.ts';
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import {
  choice,
  failure,
  id,
  optionalText,
  orNull,
  requiredDay,
  requiredText,
  oneLine,
} from '#lib/server/platform/forms/fields.ts';
import { checkPlanComments, PLAN_COMMENT_ROWS, planCommentField } from '#lib/server/reviews/plan-comments.rules.ts';
import { SWPPP_DECISIONS } from '#lib/server/reviews/swppp-review.rules.ts';
import {
  decide,
  extendByAgreement,
  markComplete,
  notifyDeficiencies,
  planPageCount,
  recordResubmission,
} from '#lib/server/reviews/swppp-review.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { allow } from './guard.ts';

// The comment rows, read and checked together by the rules (a place without a comment is refused).
const PLAN_COMMENT_FIELDS = Object.fromEntries(
  Array.from({ length: PLAN_COMMENT_ROWS }, (_, i) =>
    (['section', 'page', 'text'] as const).map((part) => [planCommentField(i, part), z.string().optional()]),
  ).flat(),
) as Record<`comment_${number}_${'section' | 'page' | 'text'}`, z.ZodOptional<z.ZodString>>;

export const swppp = {
  markComplete: defineAction({
    accept: 'form',
    input: z.object({ reviewId: id, on: requiredDay('the date the plan was found complete') }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = await markComplete(dbAsync(), actorOf(user, ctx), input.reviewId, input.on, townToday());
      if (!r.ok) failure(r);
      return { reviewId: input.reviewId };
    },
  }),

  notifyDeficiencies: defineAction({
    accept: 'form',
    input: z.object({
      reviewId: id,
      on: requiredDay('the date of the written notice'),
      deficiencies: requiredText('what the plan lacks and what completeness requires', 4000),
      ...PLAN_COMMENT_FIELDS,
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const { comments, errors } = checkPlanComments(input, await planPageCount(dbAsync(), input.reviewId));
      if (Object.keys(errors).length) failure({ fields: errors });
      const r = await notifyDeficiencies(
        dbAsync(),
        actorOf(user, ctx),
        input.reviewId,
        { on: input.on, deficiencies: input.deficiencies, comments },
        townToday(),
      );
      if (!r.ok) failure(r);
      return { reviewId: input.reviewId };
    },
  }),

  recordResubmission: defineAction({
    accept: 'form',
    input: z.object({ reviewId: id, on: requiredDay('the date the revised plan was received') }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = await recordResubmission(dbAsync(), actorOf(user, ctx), input.reviewId, input.on, townToday());
      if (!r.ok) failure(r);
      return { reviewId: input.reviewId };
    },
  }),

  decide: defineAction({
    accept: 'form',
    input: z.object({
      reviewId: id,
      decision: choice(SWPPP_DECISIONS, 'Choose approve, approve with conditions, or disapprove.'),
      on: requiredDay('the date of the written decision'),
      conditions: optionalText(4000),
      reasons: optionalText(4000),
      townPermitNo: oneLine(optionalText(40)),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = await decide(
        dbAsync(),
        actorOf(user, ctx),
        input.reviewId,
        {
          decision: input.decision,
          on: input.on,
          conditions: orNull(input.conditions),
          reasons: orNull(input.reasons),
          townPermitNo: orNull(input.townPermitNo),
        },
        townToday(),
      );
      if (!r.ok) failure(r);
      return { reviewId: input.reviewId };
    },
  }),

  extend: defineAction({
    accept: 'form',
    input: z.object({
      reviewId: id,
      until: requiredDay('the new deadline'),
      note: requiredText('how and when the applicant agreed', 1000),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = await extendByAgreement(dbAsync(), actorOf(user, ctx), input.reviewId, input, townToday());
      if (!r.ok) failure(r);
      return { reviewId: input.reviewId };
    },
  }),
};
