/**
 * Requests to the site's operator (ordinance L(4)), the requester's side and the clerk's log. Public: the
 * request form (honeypot and the per-IP limit of the Town's form: records-requests/submit.ts
 * submissionLimit), and withdrawal by the tracking token. The clerk, the officer or an admin logs a written
 * request sent outside the portal. The operator's own answers are in the operator's actions.
 */
import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { DELIVERY_METHODS } from '#db/schema.ts';
import { actorOf } from '#lib/server/platform/audit.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import {
  choice,
  failure,
  FieldErrors,
  formText,
  linkToken,
  plainText,
  oneLine,
} from '#lib/server/platform/forms/fields.ts';
import { minutesText } from '#lib/server/platform/http/rate-limit.ts';
import { isIsoDay } from '#lib/shared/days.ts';
import { submissionLimit } from '#lib/server/records-requests/submit.ts';
import { operatorRequestIdForToken } from '#lib/server/operator-requests/store.ts';
import { createOperatorRequest, type OperatorRequestInput } from '#lib/server/operator-requests/submit.ts';
import { withdrawOperatorRequest } from '#lib/server/operator-requests/workflow.ts';
import { allow } from './guard.ts';

const text = (max: number, what: string) =>
  plainText(max, `Use at most ${max.toLocaleString('en-US')} characters for ${what}.`, `Enter ${what}.`);
const day = (what: string) =>
  z
    .string({ error: `Enter ${what} as a date, like 2026-05-03.` })
    .trim()
    .refine(isIsoDay, { error: `Enter ${what} as a date, like 2026-05-03.` })
    .optional();
const WRITTEN_CHANNELS = ['letter', 'email', 'hand'] as const;
const CHANNEL_MESSAGE = 'Choose how the request reached the operator: by letter, by email or by hand.';

/** The operator request form's fields, shared by the public form and the clerk's log. */
const fields = {
  project: text(200, 'the project').optional(),
  wantsSwppp: z.boolean({ error: 'Tick the box or leave it empty.' }).default(false),
  reportsFrom: day('the first date'),
  reportsTo: day('the last date'),
  description: text(4000, 'the description').optional(),
  delivery: choice(
    DELIVERY_METHODS,
    'Choose how you want the records: copies by email or download, paper copies, or to inspect them.',
  ).default('electronic'),
  name: oneLine(text(200, 'your name')).optional(),
  email: formText('Enter your email address.')
    .trim()
    .max(254, { error: 'Use at most 254 characters for the email address.' })
    .pipe(z.email({ error: 'Enter an email address like name@example.com.' }))
    .optional(),
  phone: oneLine(text(40, 'the phone number')).optional(),
  address: text(500, 'the postal address').optional(),
  receivedOn: day('the day the operator received it'),
};

type Fields = z.infer<z.ZodObject<typeof fields>>;

function inputOf(v: Fields, channel: OperatorRequestInput['channel']): OperatorRequestInput {
  return {
    project: v.project ?? '',
    wantsSwppp: v.wantsSwppp,
    reportsFrom: v.reportsFrom || undefined,
    reportsTo: v.reportsTo || undefined,
    description: v.description,
    delivery: v.delivery,
    name: v.name ?? '',
    email: v.email,
    phone: v.phone,
    address: v.address,
    channel,
    receivedOn: v.receivedOn || undefined,
  };
}

export const operatorRequests = {
  /**
   * The public form: a request sent through the portal (delivered to the operator now), or one the requester
   * already sent in writing (`written`), logged with its channel and the day the operator received it.
   */
  submit: defineAction({
    accept: 'form',
    input: z.object({
      ...fields,
      written: z.boolean({ error: 'Tick the box or leave it empty.' }).default(false),
      channel: choice(WRITTEN_CHANNELS, CHANNEL_MESSAGE).optional(),
      website: formText('Leave this empty.').optional(),
      formKey: z
        .string({ error: 'This form has expired. Reload the page and send it again.' })
        .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This form has expired. Reload the page and send it again.' }),
    }),
    handler: async (input, ctx) => {
      // Honeypot: a field people never see; bots fill it.
      if (input.website)
        throw new ActionError({
          code: 'BAD_REQUEST',
          message:
            'The form could not be accepted. If you are a person, leave the field marked “Leave this empty” empty and send it again.',
        });
      if (input.written && !input.channel) throw new FieldErrors({ channel: CHANNEL_MESSAGE });
      const result = await createOperatorRequest(
        dbAsync(),
        { ...inputOf(input, input.written ? input.channel! : 'web'), formKey: input.formKey },
        { label: 'requester', ip: ctx.clientAddress },
        ctx.locals.publicUrl,
        new Date(),
        { limitKey: `operator-request:ip:${ctx.clientAddress}`, limit: submissionLimit() },
      );
      if (!result.ok && result.retryAfterMs != null)
        throw new ActionError({
          code: 'TOO_MANY_REQUESTS',
          message: `Too many requests from this connection. Wait ${minutesText(result.retryAfterMs)} and send it again.`,
        });
      if (!result.ok) failure(result);
      return { token: result.token, number: result.number };
    },
  }),

  /** The clerk (or the officer, or an admin) logs a written request sent to the operator outside the portal. */
  log: defineAction({
    accept: 'form',
    input: z.object({ ...fields, channel: choice(WRITTEN_CHANNELS, CHANNEL_MESSAGE) }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'clerk', 'officer', 'admin');
      const result = await createOperatorRequest(
        dbAsync(),
        inputOf(input, input.channel),
        actorOf(user, ctx),
        ctx.locals.publicUrl,
      );
      if (!result.ok) failure(result);
      return { id: result.id, number: result.number, token: result.token };
    },
  }),

  /** The requester withdraws, on the tracking page. */
  withdraw: defineAction({
    accept: 'form',
    input: z.object({
      token: linkToken('This tracking link is incomplete. Open it again from the email, or copy the whole address.'),
      confirm: z.literal('yes', { error: 'Tick the box to confirm you want to withdraw the request.' }),
    }),
    handler: async (input, ctx) => {
      const id = await operatorRequestIdForToken(dbAsync(), input.token);
      if (id === undefined)
        throw new ActionError({
          code: 'NOT_FOUND',
          message: 'This tracking link is not valid. Use the newest link you were sent.',
        });
      const result = await withdrawOperatorRequest(dbAsync(), { label: 'requester', ip: ctx.clientAddress }, id);
      if (!result.ok) failure(result);
      return { withdrawn: true };
    },
  }),
};
