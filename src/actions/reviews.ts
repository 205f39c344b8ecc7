/** The officer's review of operators' filings: accept or return with a comment, and decide what is public. */
import { actorOf } from '#lib/server/platform/audit.ts';
import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { choice, id, ids as idList, plainText } from '#lib/server/platform/forms/fields.ts';
import { decideDocument, decideInspection, decideSummary } from '#lib/server/reviews/filing-review.ts';
import { allow } from './guard.ts';
import { type Result } from '#lib/server/platform/result.ts';

const decision = choice(['accept', 'return'], 'Choose whether to accept it or return it to the operator.');
// Astro hands an empty text field to the schema as null.
const comment = z.preprocess((v) => v ?? '', plainText(2000, 'Keep the comment under 2,000 characters.'));
const checkbox = z.preprocess((v) => v === 'on' || v === 'true', z.boolean());
const ids = z.preprocess((v) => (v == null ? [] : Array.isArray(v) ? v : [v]), idList);
const needsComment = <T extends { decision?: string; comment: string }>(v: T, c: z.RefinementCtx) => {
  if (v.decision === 'return' && v.comment.length < 5)
    c.addIssue({
      code: 'custom',
      path: ['comment'],
      message: 'Tell the operator what to correct: they see this comment.',
    });
};

/** A review refused because the filing changed meanwhile: a conflict, said in the review's words. */
function done(result: Result) {
  if (!result.ok)
    throw new ActionError({ code: 'CONFLICT', message: result.message ?? 'The review could not be saved.' });
  return { saved: true };
}

export const reviews = {
  decideInspection: defineAction({
    accept: 'form',
    input: z.object({ id, decision, comment, reportPublic: checkbox }).superRefine(needsComment),
    handler: async (input, ctx) => {
      const officer = allow.role(ctx, 'officer');
      return done(await decideInspection(dbAsync(), actorOf(officer, ctx), input));
    },
  }),

  decideSummary: defineAction({
    accept: 'form',
    input: z.object({ id, decision, comment, publicAttachmentIds: ids }).superRefine(needsComment),
    handler: async (input, ctx) => {
      const officer = allow.role(ctx, 'officer');
      return done(await decideSummary(dbAsync(), actorOf(officer, ctx), input));
    },
  }),

  decideDocument: defineAction({
    accept: 'form',
    input: z
      .object({
        id,
        decision: decision.optional(),
        comment,
        public: choice(['yes', 'no'], 'Choose whether residents can see this document.'),
      })
      .superRefine(needsComment),
    handler: async (input, ctx) => {
      const officer = allow.role(ctx, 'officer');
      return done(await decideDocument(dbAsync(), actorOf(officer, ctx), { ...input, public: input.public === 'yes' }));
    },
  }),
};
