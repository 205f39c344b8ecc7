/**
 * 48-hour inspection notices (operators give them for their own projects; the officer records one taken
 * by phone, keeping who gave it apart from who recorded it), the town's inspections (scheduled ahead,
 * then recorded with their outcome), and violations.
 */
import { actorOf } from '#lib/server/platform/audit.ts';
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { INSPECTION_MILESTONES } from '#db/schema.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import {
  choice,
  failure,
  id,
  optionalText,
  orNull,
  optionalDay,
  requiredDay,
  requiredText,
  requiredTime,
  oneLine,
} from '#lib/server/platform/forms/fields.ts';
import { TOWN_INSPECTION_OUTCOMES } from '#lib/server/enforcement/inspection-notice.rules.ts';
import {
  cancelScheduledInspection,
  giveNotice,
  markViolationCorrected,
  recordTownInspection,
  recordViolation,
  scheduleInspection,
  violationProjectId,
} from '#lib/server/enforcement/town-inspections.ts';
import { saveMilestonePlans } from '#lib/server/enforcement/milestone-plans.ts';
import { CHECK_ANSWERS, CHECKLIST, checkField } from '#lib/server/enforcement/inspection-checklist.rules.ts';
import { MILESTONE_LABEL } from '#lib/shared/labels.ts';
import { townInstant, townToday } from '#lib/server/platform/time/town-time.ts';
import { allow } from './guard.ts';

const time = requiredTime;
// One optional answer per checklist item; a blank radio group posts nothing.
const CHECKLIST_FIELDS = Object.fromEntries(
  CHECKLIST.map((item) => [
    checkField(item.key),
    z.preprocess(
      (v) => (v === '' || v == null ? undefined : v),
      z.enum(CHECK_ANSWERS, 'Choose yes, no or not applicable.').optional(),
    ),
  ]),
);
const milestone = choice(INSPECTION_MILESTONES, 'Choose the milestone.');

export const notices = {
  give: defineAction({
    accept: 'form',
    input: z.object({
      projectId: id,
      milestone,
      scheduledDate: requiredDay('the day of the milestone work'),
      scheduledTime: time('the time work starts'),
      notes: optionalText(1000),
    }),
    handler: async (input, ctx) => {
      const user = await allow.projectMember(ctx, input.projectId);
      const r = await giveNotice(
        dbAsync(),
        actorOf(user, ctx),
        input.projectId,
        {
          milestone: input.milestone,
          scheduledFor: townInstant(input.scheduledDate, input.scheduledTime),
          notes: orNull(input.notes),
          givenAt: new Date(),
          givenByName: user.name,
        },
        ctx.locals.publicUrl,
      );
      if (!r.ok) failure(r);
      return { id: r.id, late: r.late };
    },
  }),

  /** The schedule's milestones, so the operator is reminded of each 48-hour notice before it is due. */
  plan: defineAction({
    accept: 'form',
    input: z.object({
      projectId: id,
      ...Object.fromEntries(
        INSPECTION_MILESTONES.map((m) => [m, optionalDay(`the planned day of “${MILESTONE_LABEL[m]}”`)]),
      ),
    }),
    handler: async (input, ctx) => {
      const user = await allow.projectMember(ctx, input.projectId);
      const days = input as unknown as Record<string, string | undefined>;
      const r = await saveMilestonePlans(
        dbAsync(),
        actorOf(user, ctx),
        input.projectId,
        Object.fromEntries(INSPECTION_MILESTONES.map((m) => [m, days[m] ?? null])),
      );
      if (!r.ok) failure(r);
      return { changed: r.changed };
    },
  }),

  record: defineAction({
    accept: 'form',
    input: z.object({
      projectId: id,
      milestone,
      scheduledDate: requiredDay('the day of the milestone work'),
      scheduledTime: time('the time work starts'),
      givenDate: requiredDay('the day the notice was given'),
      givenTime: time('the time the notice was given'),
      givenBy: oneLine(requiredText('who gave the notice', 120)),
      notes: optionalText(1000),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = await giveNotice(
        dbAsync(),
        actorOf(user, ctx),
        input.projectId,
        {
          milestone: input.milestone,
          scheduledFor: townInstant(input.scheduledDate, input.scheduledTime),
          // Who gave it and who took it are kept apart: the officer is the account that recorded it.
          notes: orNull(input.notes),
          givenAt: townInstant(input.givenDate, input.givenTime),
          givenByName: input.givenBy,
        },
        ctx.locals.publicUrl,
      );
      if (!r.ok) failure(r);
      return { id: r.id, late: r.late };
    },
  }),

  recordTownInspection: defineAction({
    accept: 'form',
    input: z.object({
      projectId: id,
      scheduledId: id.optional(),
      noticeId: id.optional(),
      milestone: milestone.optional(),
      inspectedOn: requiredDay('the inspection date'),
      outcome: choice(TOWN_INSPECTION_OUTCOMES, 'Choose the outcome.'),
      findings: optionalText(4000),
      violationDescription: optionalText(2000),
      violationSection: oneLine(optionalText(300)),
      ...CHECKLIST_FIELDS,
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = await recordTownInspection(
        dbAsync(),
        actorOf(user, ctx),
        input.projectId,
        {
          scheduledId: input.scheduledId ?? null,
          noticeId: input.noticeId ?? null,
          milestone: input.milestone ?? null,
          inspectedOn: input.inspectedOn,
          outcome: input.outcome,
          checks: input,
          findings: orNull(input.findings),
          violation: input.violationDescription
            ? { description: input.violationDescription, section: orNull(input.violationSection) }
            : null,
        },
        townToday(),
      );
      if (!r.ok) failure(r);
      return { id: r.id };
    },
  }),

  /** A town inspection planned ahead: on the officer's calendar and desk until its outcome is recorded. */
  scheduleTownInspection: defineAction({
    accept: 'form',
    input: z.object({
      projectId: id,
      noticeId: id.optional(),
      milestone: milestone.optional(),
      scheduledDate: requiredDay('the day of the inspection'),
      scheduledTime: time('the time of the inspection'),
      notes: optionalText(1000),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = await scheduleInspection(dbAsync(), actorOf(user, ctx), input.projectId, {
        noticeId: input.noticeId ?? null,
        milestone: input.milestone ?? null,
        scheduledFor: townInstant(input.scheduledDate, input.scheduledTime),
        notes: orNull(input.notes),
      });
      if (!r.ok) failure(r);
      return { id: r.id };
    },
  }),

  cancelScheduledInspection: defineAction({
    accept: 'form',
    input: z.object({ scheduledId: id }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = await cancelScheduledInspection(dbAsync(), actorOf(user, ctx), input.scheduledId);
      if (!r.ok) failure(r);
      return { id: r.id, projectId: r.projectId };
    },
  }),

  recordViolation: defineAction({
    accept: 'form',
    input: z.object({
      projectId: id,
      observedOn: requiredDay('the date observed'),
      description: requiredText('what was found', 2000),
      section: oneLine(optionalText(300)),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = await recordViolation(
        dbAsync(),
        actorOf(user, ctx),
        input.projectId,
        { observedOn: input.observedOn, description: input.description, section: orNull(input.section) },
        townToday(),
      );
      if (!r.ok) failure(r);
      return { id: r.id };
    },
  }),

  markViolationCorrected: defineAction({
    accept: 'form',
    input: z.object({ violationId: id, on: requiredDay('the date it was corrected') }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = await markViolationCorrected(dbAsync(), actorOf(user, ctx), input.violationId, input.on, townToday());
      if (!r.ok) failure(r);
      return { projectId: await violationProjectId(dbAsync(), input.violationId) };
    },
  }),
};
