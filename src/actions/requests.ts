/**
 * Records requests. Public: the request form (honeypot, per-IP limit, one-time form key), and the
 * requester's cost approval, withdrawal and appeal, which authorize by the tracking token. The appeals
 * officer (named in settings, or an admin) answers appeals; the admin keeps the denial grounds, the fee
 * schedule and names the officer. Everything else is the clerk's, and every handler checks the role first.
 */
import { actorOf } from '#lib/server/platform/audit.ts';
import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { DELIVERY_METHODS, PAYMENT_METHODS } from '#db/schema.ts';
import { parseMoney } from '#lib/shared/format.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { minutesText } from '#lib/server/platform/http/rate-limit.ts';
import { townInstant, townToday } from '#lib/server/platform/time/town-time.ts';
import {
  approveCost,
  billRequest,
  recordPayment,
  releaseNow,
  voidInvoice,
} from '#lib/server/records-requests/billing.ts';
import { setClosure } from '#lib/server/records-requests/closures.ts';
import { requestIdForToken } from '#lib/server/records-requests/links.ts';
import { checkSelection, createRecordsRequest, type CheckedSelection } from '#lib/server/records-requests/submit.ts';
import { nearDuplicateWarning } from '#lib/server/records-requests/near-duplicates.ts';
import { onlineOnlyDocuments } from '#lib/server/records-requests/delivery.ts';
import { ONLINE_ONLY_MESSAGE } from '#lib/server/records-requests/delivery.rules.ts';
import type { RequestWarnings } from '#lib/server/records-requests/form-page.ts';
import {
  acknowledge,
  addNote,
  attachDocuments,
  deny,
  extend,
  fulfill,
  newTrackingLink,
  removeItem,
  withdraw,
} from '#lib/server/records-requests/workflow.ts';
import { decideAppeal, fileAppeal, mayAnswerAppeals, setAppealsOfficer } from '#lib/server/records-requests/appeals.ts';
import { decideItem } from '#lib/server/records-requests/decisions.ts';
import { saveFeeSchedule } from '#lib/server/records-requests/fee-schedules.ts';
import { createGround, updateGround } from '#lib/server/records-requests/grounds.ts';
import {
  choice,
  FieldErrors,
  orThrow,
  formText,
  id as recordId,
  linkToken,
  plainText,
  RELOAD_FORM,
  oneLine,
} from '#lib/server/platform/forms/fields.ts';
import { isIsoDay } from '#lib/shared/days.ts';
import { allow } from './guard.ts';

const date = (what: string) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .refine(isIsoDay, { error: `Enter ${what} as a date, like ${townToday()}.` });
const optionalDate = (what: string) =>
  z
    .string({ error: `Enter ${what} as a date, like ${townToday()}.` })
    .trim()
    .refine(isIsoDay, { error: `Enter ${what} as a date, like ${townToday()}.` })
    .optional();
const id = recordId;
const ids = z.array(recordId, { error: RELOAD_FORM }).default([]);
const text = (max: number, what: string) =>
  plainText(max, `Use at most ${max.toLocaleString('en-US')} characters for ${what}.`, `Enter ${what}.`);
const money = (what: string) =>
  z
    .string({ error: `Enter ${what} in dollars, like 25 or 25.00.` })
    .trim()
    .max(20, { error: `Enter ${what} in dollars, like 25 or 25.00.` })
    .refine((v) => parseMoney(v) !== undefined, { error: `Enter ${what} in dollars, like 25 or 25.00.` });
const token = linkToken('This tracking link is incomplete. Open it again from the email, or copy the whole address.');
/** An optional id from a select whose first option is empty ("none"). */
const optionalId = z
  .string({ error: RELOAD_FORM })
  .trim()
  .regex(/^\d{0,12}$/, { error: RELOAD_FORM })
  .transform((v) => (v ? Number(v) : undefined))
  .optional();

/** The request form's fields, shared by the public form and the clerk's entry form. */
const requestFields = {
  formKey: z
    .string({ error: 'This form has expired. Reload the page and send it again.' })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This form has expired. Reload the page and send it again.' }),
  intent: choice(['project', 'preview', 'submit'], RELOAD_FORM).default('submit'),
  project: oneLine(text(200, 'the project')).optional(),
  documentIds: ids,
  reportsFrom: optionalDate('the first date'),
  reportsTo: optionalDate('the last date'),
  freeText: text(4000, 'the description').optional(),
  delivery: choice(DELIVERY_METHODS, 'Choose how you want to receive the records.').default('electronic'),
  name: oneLine(text(200, 'your name')).optional(),
  email: formText('Enter your email address.')
    .trim()
    .max(254, { error: 'Use at most 254 characters for the email address.' })
    .pipe(z.email({ error: 'Enter an email address like name@example.com.' }))
    .optional(),
  phone: oneLine(text(40, 'the phone number')).optional(),
  address: text(500, 'the postal address').optional(),
  costLimit: money('the cost limit').optional(),
};

type RequestForm = {
  intent: 'project' | 'preview' | 'submit';
  name?: string;
  email?: string;
  delivery: string;
  address?: string;
};

/** On send (not on a preview): contact details, and the records checked against the project, all reported at once. */
async function checkSend(
  v: RequestForm & {
    project?: string;
    documentIds: number[];
    reportsFrom?: string;
    reportsTo?: string;
    freeText?: string;
  },
  ctx: z.RefinementCtx,
  emailRequired: boolean,
) {
  if (v.intent !== 'submit') return;
  const checked = await checkSelection(dbAsync(), v.project, v);
  checkedSelections.set(v, checked);
  for (const p of checked.problems) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  if (!v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Enter your name (or an organization’s).' });
  if (emailRequired && !v.email)
    ctx.addIssue({
      code: 'custom',
      path: ['email'],
      message: 'Enter your email address: the receipt and tracking link go there.',
    });
  if (v.delivery === 'paper_mail' && !v.address)
    ctx.addIssue({ code: 'custom', path: ['address'], message: 'Enter the postal address to mail the copies to.' });
}

/** The selection checked while validating the form, so the handler does not check (and query) it again. */
const checkedSelections = new WeakMap<object, CheckedSelection>();

async function selectionOf(input: {
  project?: string;
  documentIds: number[];
  reportsFrom?: string;
  reportsTo?: string;
  freeText?: string;
}) {
  const checked = checkedSelections.get(input) ?? (await checkSelection(dbAsync(), input.project, input));
  if (checked.problems.length)
    throw new FieldErrors(Object.fromEntries(checked.problems.map((p) => [p.field, p.message])));
  return checked;
}

async function trackedRequest(token: string): Promise<number> {
  const rid = await requestIdForToken(dbAsync(), token);
  if (rid === undefined)
    throw new ActionError({
      code: 'NOT_FOUND',
      message: `This tracking link is not valid. Use the newest link the ${(await townAsync(dbAsync())).kindWord} sent you.`,
    });
  return rid;
}

export const requests = {
  /** The public request form. intent "project" and "preview" only re-render the form with its estimate. */
  submit: defineAction({
    accept: 'form',
    input: z
      .object({
        ...requestFields,
        website: formText('Leave this empty.').optional(),
        confirmDuplicate: choice(['yes'], RELOAD_FORM).optional(),
        confirmOnlineOnly: choice(['yes'], RELOAD_FORM).optional(),
      })
      .superRefine((v, ctx) => checkSend(v, ctx, true)),
    handler: async (input, ctx) => {
      // Honeypot: a field people never see; bots fill it.
      if (input.website)
        throw new ActionError({
          code: 'BAD_REQUEST',
          message:
            'The form could not be accepted. If you are a person, leave the field marked “Leave this empty” empty and send it again.',
        });
      if (input.intent !== 'submit') return { intent: input.intent };
      const selection = await selectionOf(input);
      // Checks that ask before sending, not refusals: the form comes back with a warning and a box to tick
      // (decision 0107). Only documents anyone can download now, asked for electronically (0030); the same
      // records from the same address within minutes (near-duplicates.ts; 0031).
      const warnings: RequestWarnings = {};
      if (input.confirmOnlineOnly !== 'yes' && (await onlineOnlyDocuments(dbAsync(), selection, input.delivery)))
        warnings.confirmOnlineOnly = [ONLINE_ONLY_MESSAGE];
      const duplicate =
        input.confirmDuplicate === 'yes'
          ? undefined
          : await nearDuplicateWarning(dbAsync(), { email: input.email, selection, formKey: input.formKey });
      if (duplicate) warnings.confirmDuplicate = [duplicate];
      if (Object.keys(warnings).length) return { intent: 'check' as const, warnings };
      const result = await createRecordsRequest(
        dbAsync(),
        {
          channel: 'web',
          receivedAt: new Date(),
          selection,
          delivery: input.delivery,
          requester: { name: input.name!, email: input.email, phone: input.phone, address: input.address },
          costLimitCents: input.costLimit ? parseMoney(input.costLimit) : null,
          formKey: input.formKey,
        },
        { label: 'requester', ip: ctx.clientAddress },
        ctx.locals.publicUrl,
        { ip: ctx.clientAddress },
      );
      if (!result.ok) {
        throw new ActionError({
          code: 'TOO_MANY_REQUESTS',
          message: `Too many requests from this connection. Wait ${minutesText(result.retryAfterMs)} and send it again, or email the ${ctx.locals.town.clerk}: requests by email are always accepted.`,
        });
      }
      return { intent: 'submit' as const, token: result.token, number: result.number, duplicate: result.duplicate };
    },
  }),

  /** The requester approves a cost above their limit, on the tracking page. */
  approveCost: defineAction({
    accept: 'form',
    input: z.object({ token }),
    handler: async (input, ctx) => {
      const rid = await trackedRequest(input.token);
      orThrow(await approveCost(dbAsync(), { label: 'requester', ip: ctx.clientAddress }, rid, ctx.locals.publicUrl));
      return { approved: true };
    },
  }),

  /** The requester withdraws the request, on the tracking page. */
  withdrawByRequester: defineAction({
    accept: 'form',
    input: z.object({
      token,
      confirm: z.literal('yes', { error: 'Tick the box to confirm you want to withdraw the request.' }),
    }),
    handler: async (input, ctx) => {
      const rid = await trackedRequest(input.token);
      orThrow(
        await withdraw(dbAsync(), { label: 'requester', ip: ctx.clientAddress }, rid, undefined, ctx.locals.publicUrl),
      );
      return { withdrawn: true };
    },
  }),

  /** A request that came by email, mail, telephone or in person, entered by the clerk. */
  enter: defineAction({
    accept: 'form',
    input: z
      .object({
        ...requestFields,
        channel: choice(['email', 'mail', 'walk_in', 'phone'], 'Choose how the request came in.'),
        receivedOn: date('the date it arrived'),
        receivedTime: z
          .string({ error: 'Enter the time it arrived, like 14:30.' })
          .trim()
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Enter the time it arrived, like 14:30.' }),
      })
      .superRefine((v, ctx) => checkSend(v, ctx, false)),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      if (input.intent !== 'submit') return { intent: input.intent };
      const receivedAt = townInstant(input.receivedOn, input.receivedTime);
      if (receivedAt.getTime() > Date.now() + 60_000)
        throw new FieldErrors({ receivedOn: 'The request cannot have arrived in the future.' });
      const selection = await selectionOf(input);
      const result = await createRecordsRequest(
        dbAsync(),
        {
          channel: input.channel,
          receivedAt,
          selection,
          delivery: input.delivery,
          requester: { name: input.name!, email: input.email, phone: input.phone, address: input.address },
          costLimitCents: input.costLimit ? parseMoney(input.costLimit) : null,
          formKey: input.formKey,
        },
        actorOf(clerk, ctx),
        ctx.locals.publicUrl,
      );
      if (!result.ok) throw new ActionError({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests.' });
      return { intent: 'submit' as const, id: result.id, token: result.token };
    },
  }),

  acknowledge: defineAction({
    accept: 'form',
    input: z.object({
      id,
      acknowledgedOn: date('the acknowledgment date'),
      promisedOn: date('the date the records will be ready'),
      reason: text(2000, 'the reason').optional(),
    }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(await acknowledge(dbAsync(), actorOf(clerk, ctx), input.id, input, ctx.locals.publicUrl));
      return { done: 'acknowledged' };
    },
  }),

  extend: defineAction({
    accept: 'form',
    input: z.object({
      id,
      promisedOn: date('the new date'),
      reason: text(2000, 'the reason').min(1, { error: 'Give the reason for the new date.' }),
    }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(await extend(dbAsync(), actorOf(clerk, ctx), input.id, input, ctx.locals.publicUrl));
      return { done: 'extended' };
    },
  }),

  attachDocuments: defineAction({
    accept: 'form',
    input: z.object({ id, documentIds: ids }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(await attachDocuments(dbAsync(), actorOf(clerk, ctx), input.id, input.documentIds));
      return { done: 'attached' };
    },
  }),

  removeItem: defineAction({
    accept: 'form',
    input: z.object({ id, itemId: recordId }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(await removeItem(dbAsync(), actorOf(clerk, ctx), input.id, input.itemId));
      return { done: 'removed' };
    },
  }),

  note: defineAction({
    accept: 'form',
    input: z.object({
      id,
      body: text(4000, 'the note').min(1, { error: 'Write the note.' }),
      audience: choice(['requester', 'internal'], 'Choose who sees the note.'),
    }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(
        await addNote(
          dbAsync(),
          actorOf(clerk, ctx),
          input.id,
          { body: input.body, toRequester: input.audience === 'requester' },
          ctx.locals.publicUrl,
        ),
      );
      return { done: input.audience === 'requester' ? 'noted-requester' : 'noted' };
    },
  }),

  deny: defineAction({
    accept: 'form',
    input: z.object({
      id,
      groundId: optionalId,
      reason: text(4000, 'the reason').min(1, {
        error: 'Say in words why the request is denied: the requester reads it.',
      }),
    }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(
        await deny(
          dbAsync(),
          actorOf(clerk, ctx),
          input.id,
          { groundId: input.groundId ?? null, reason: input.reason },
          ctx.locals.publicUrl,
        ),
      );
      return { done: 'denied' };
    },
  }),

  /** The clerk's written decision on one item: granted, granted in part, denied (POL §89(3)(a), §87(2)). */
  decideItem: defineAction({
    accept: 'form',
    input: z.object({
      id,
      itemId: recordId,
      decision: choice(
        ['granted', 'granted_in_part', 'denied', 'not_held', 'not_found'],
        'Choose granted, granted in part, denied, or a certification that there is no record.',
      ),
      groundId: optionalId,
      reason: text(2000, 'the reason').optional(),
      withheld: ids,
    }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(
        await decideItem(
          dbAsync(),
          actorOf(clerk, ctx),
          input.id,
          input.itemId,
          {
            decision: input.decision,
            groundId: input.groundId ?? null,
            reason: input.reason ?? '',
            withheldDocumentIds: input.withheld,
          },
          ctx.locals.publicUrl,
        ),
      );
      return { done: 'decided' };
    },
  }),

  /** The requester appeals a denial (written, in part, or by a missed deadline), on the tracking page. */
  appeal: defineAction({
    accept: 'form',
    input: z.object({
      token,
      body: text(4000, 'your appeal').min(1, { error: 'Say what you are appealing and why, in a sentence or two.' }),
    }),
    handler: async (input, ctx) => {
      const rid = await trackedRequest(input.token);
      orThrow(
        await fileAppeal(
          dbAsync(),
          { label: 'requester', ip: ctx.clientAddress },
          rid,
          { body: input.body },
          ctx.locals.publicUrl,
        ),
      );
      return { appealed: true };
    },
  }),

  /** The appeals officer named in settings (or an admin) answers an appeal in writing. */
  decideAppeal: defineAction({
    accept: 'form',
    input: z.object({
      appealId: recordId,
      outcome: choice(
        ['granted', 'granted_in_part', 'denied'],
        'Choose whether the appeal is granted, granted in part or denied.',
      ),
      decisionText: text(4000, 'the decision').min(1, {
        error: 'Write the decision and the reasons: the requester receives it.',
      }),
      itemIds: ids,
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'admin', 'clerk', 'officer');
      if (!(await mayAnswerAppeals(dbAsync(), user)))
        throw new ActionError({
          code: 'FORBIDDEN',
          message: 'Only the appeals officer named in the settings (or an admin) answers appeals.',
        });
      orThrow(
        await decideAppeal(
          dbAsync(),
          actorOf(user, ctx),
          input.appealId,
          { outcome: input.outcome, decisionText: input.decisionText, itemIds: input.itemIds },
          ctx.locals.publicUrl,
        ),
      );
      return { done: 'appeal-decided' };
    },
  }),

  /** The admin names the Records Access Appeals Officer. */
  setAppealsOfficer: defineAction({
    accept: 'form',
    input: z.object({ userId: id }),
    handler: async (input, ctx) => {
      const admin = allow.role(ctx, 'admin');
      orThrow(await setAppealsOfficer(dbAsync(), actorOf(admin, ctx), input.userId));
      return { done: 'officer' };
    },
  }),

  /** The admin adds or edits a ground for withholding (POL §87(2)). */
  saveGround: defineAction({
    accept: 'form',
    input: z.object({
      groundId: optionalId,
      citation: text(80, 'the citation'),
      label: text(400, 'the ground in plain words'),
      active: choice(['yes', 'no'], 'Choose whether clerks can use this ground.').default('yes'),
    }),
    handler: async (input, ctx) => {
      const admin = allow.role(ctx, 'admin');
      const values = { citation: input.citation ?? '', label: input.label ?? '', active: input.active === 'yes' };
      orThrow(
        input.groundId
          ? await updateGround(dbAsync(), actorOf(admin, ctx), input.groundId, values)
          : await createGround(dbAsync(), actorOf(admin, ctx), values),
      );
      return { done: input.groundId ? 'ground-saved' : 'ground-added' };
    },
  }),

  /** The admin saves a new copy-fee schedule; the law's limits are checked on save (POL §87(1)). */
  saveFeeSchedule: defineAction({
    accept: 'form',
    input: z.object({
      effectiveFrom: date('the date the schedule takes effect'),
      perPage: money('the fee per page'),
      largeFormatSheet: money('the cost of a larger sheet'),
      electronic: money('the fee for electronic copies').default('0'),
      cd: money('the cost of a CD'),
      usb: money('the cost of a USB drive'),
      staffHourly: money('the hourly rate').optional(),
      notes: text(2000, 'how the costs were worked out').optional(),
    }),
    handler: async (input, ctx) => {
      const admin = allow.role(ctx, 'admin');
      orThrow(
        await saveFeeSchedule(dbAsync(), actorOf(admin, ctx), {
          effectiveFrom: input.effectiveFrom,
          perPageCents: parseMoney(input.perPage)!,
          largeFormatSheetCents: parseMoney(input.largeFormatSheet)!,
          electronicCents: parseMoney(input.electronic)!,
          cdCents: parseMoney(input.cd)!,
          usbCents: parseMoney(input.usb)!,
          staffHourlyCents: input.staffHourly ? parseMoney(input.staffHourly)! : null,
          notes: input.notes ?? '',
        }),
      );
      return { done: 'fees-saved' };
    },
  }),

  fulfill: defineAction({
    accept: 'form',
    input: z.object({ id, note: text(2000, 'the note').optional() }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(await fulfill(dbAsync(), actorOf(clerk, ctx), input.id, input.note));
      return { done: 'fulfilled' };
    },
  }),

  withdraw: defineAction({
    accept: 'form',
    input: z.object({ id, reason: text(2000, 'the reason').optional() }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(await withdraw(dbAsync(), actorOf(clerk, ctx), input.id, input.reason, ctx.locals.publicUrl));
      return { done: 'withdrawn' };
    },
  }),

  bill: defineAction({
    accept: 'form',
    input: z.object({
      id,
      itemId: ids,
      pages: z
        .array(
          z.coerce
            .number({ error: 'Enter the number of pages.' })
            .int({ error: 'Enter whole pages.' })
            .min(0, { error: 'Pages cannot be negative.' })
            .max(100_000, { error: 'Enter at most 100,000 pages.' }),
          { error: 'Enter the number of pages.' },
        )
        .default([]),
      sheets: z
        .array(
          z.coerce
            .number({ error: 'Enter the number of sheets.' })
            .int({ error: 'Enter whole sheets.' })
            .min(0, { error: 'Sheets cannot be negative.' })
            .max(10_000, { error: 'Enter at most 10,000 sheets.' }),
          { error: 'Enter the number of sheets.' },
        )
        .default([]),
      postage: money('the postage').optional(),
      staffHours: z.coerce
        .number({ error: 'Enter hours like 2.5.' })
        .min(0, { error: 'Hours cannot be negative.' })
        .max(500, { error: 'Enter at most 500 hours.' })
        .optional(),
      discount: money('the discount').optional(),
      discountReason: text(500, 'the reason').optional(),
    }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      if (input.pages.length !== input.itemId.length || input.sheets.length !== input.itemId.length)
        throw new FieldErrors({ pages: 'Enter pages and sheets for every item.' });
      const counts = input.itemId.map((itemId, i) => ({
        itemId,
        pages: input.pages[i],
        largeFormatSheets: input.sheets[i],
      }));
      const result = orThrow(
        await billRequest(
          dbAsync(),
          actorOf(clerk, ctx),
          input.id,
          {
            counts,
            postageCents: input.postage ? parseMoney(input.postage) : undefined,
            staffMinutes: input.staffHours != null ? Math.round(input.staffHours * 60) : undefined,
            discountCents: input.discount ? parseMoney(input.discount) : undefined,
            discountReason: input.discountReason,
          },
          ctx.locals.publicUrl,
        ),
      );
      return { done: result.invoiceId ? 'billed' : 'released' };
    },
  }),

  recordCostApproval: defineAction({
    accept: 'form',
    input: z.object({ id }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(await approveCost(dbAsync(), actorOf(clerk, ctx), input.id, ctx.locals.publicUrl));
      return { done: 'approved' };
    },
  }),

  recordPayment: defineAction({
    accept: 'form',
    input: z.object({
      id,
      amount: money('the amount'),
      method: choice(PAYMENT_METHODS, 'Choose how it was paid.'),
      reference: text(100, 'the reference').optional(),
      receivedOn: date('the date it was received'),
    }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(
        await recordPayment(
          dbAsync(),
          actorOf(clerk, ctx),
          input.id,
          {
            amountCents: parseMoney(input.amount)!,
            method: input.method,
            reference: input.reference,
            receivedOn: input.receivedOn,
          },
          ctx.locals.publicUrl,
        ),
      );
      return { done: 'paid' };
    },
  }),

  release: defineAction({
    accept: 'form',
    input: z.object({ id }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(await releaseNow(dbAsync(), actorOf(clerk, ctx), input.id));
      return { done: 'released' };
    },
  }),

  voidInvoice: defineAction({
    accept: 'form',
    input: z.object({
      id,
      reason: text(500, 'the reason').min(1, { error: 'Give the reason for cancelling the invoice.' }),
    }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      orThrow(await voidInvoice(dbAsync(), actorOf(clerk, ctx), input.id, input.reason));
      return { done: 'voided' };
    },
  }),

  newTrackingLink: defineAction({
    accept: 'form',
    input: z.object({ id }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      const result = orThrow(await newTrackingLink(dbAsync(), actorOf(clerk, ctx), input.id, ctx.locals.publicUrl));
      return { done: 'link', token: result.token };
    },
  }),

  setClosure: defineAction({
    accept: 'form',
    input: z.object({
      date: date('the date'),
      name: text(120, 'the name').optional(),
      closed: choice(['yes', 'no'], 'Choose whether the offices are closed that day.'),
    }),
    handler: async (input, ctx) => {
      const clerk = allow.role(ctx, 'clerk');
      const result = await setClosure(dbAsync(), actorOf(clerk, ctx), {
        date: input.date,
        name: input.name,
        closed: input.closed === 'yes',
      });
      const ok = orThrow(result);
      return { date: input.date, closed: input.closed === 'yes', changed: ok.changed.length };
    },
  }),
};
