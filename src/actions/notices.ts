/**
 * 48-hour inspection notices (operators give them for their own projects; the officer records one taken
 * by phone), the town's inspections, and violations.
 */
import { actorOf } from '#lib/server/platform/audit.ts';
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { INSPECTION_MILESTONES } from '#db/schema.ts';
import { config } from '#lib/server/platform/config.ts';
import { db } from '#lib/server/platform/db.ts';
import { failure, id, optionalText, orNull, requiredDay, requiredText } from '#lib/server/platform/forms/fields.ts';
import { TOWN_INSPECTION_OUTCOMES } from '#lib/server/enforcement/inspection-notice.rules.ts';
import { giveNotice, markViolationCorrected, recordTownInspection, recordViolation, violationProjectId } from '#lib/server/enforcement/town-inspections.ts';
import { townInstant, townToday } from '#lib/server/platform/time/town-time.ts';
import { allow } from './guard.ts';

const time = (what: string) => z.string({ error: `Enter ${what}, like 07:30.` }).trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `Enter ${what} as hours and minutes, like 07:30.` });
const milestone = z.enum(INSPECTION_MILESTONES, { error: 'Choose the milestone.' });

export const notices = {
  give: defineAction({
    accept: 'form',
    input: z.object({ projectId: id, milestone, scheduledDate: requiredDay('the day of the milestone work'), scheduledTime: time('the time work starts'), notes: optionalText(1000) }),
    handler: async (input, ctx) => {
      const user = allow.projectMember(ctx, input.projectId);
      const r = giveNotice(db(), actorOf(user, ctx), input.projectId, {
        milestone: input.milestone,
        scheduledFor: townInstant(input.scheduledDate, input.scheduledTime),
        notes: orNull(input.notes),
        givenAt: new Date(),
        givenByName: user.name,
      }, config().publicUrl);
      if (!r.ok) failure(r);
      return { id: r.id, late: r.late };
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
      givenBy: requiredText('who gave the notice', 120),
      notes: optionalText(1000),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = giveNotice(db(), actorOf(user, ctx), input.projectId, {
        milestone: input.milestone,
        scheduledFor: townInstant(input.scheduledDate, input.scheduledTime),
        notes: [`Taken by ${user.name} from ${input.givenBy}.`, input.notes].filter(Boolean).join(' '),
        givenAt: townInstant(input.givenDate, input.givenTime),
        givenByName: input.givenBy,
      }, config().publicUrl);
      if (!r.ok) failure(r);
      return { id: r.id, late: r.late };
    },
  }),

  recordTownInspection: defineAction({
    accept: 'form',
    input: z.object({
      projectId: id,
      noticeId: id.optional(),
      milestone: milestone.optional(),
      inspectedOn: requiredDay('the inspection date'),
      outcome: z.enum(TOWN_INSPECTION_OUTCOMES, { error: 'Choose the outcome.' }),
      findings: optionalText(4000),
      violationDescription: optionalText(2000),
      violationSection: optionalText(300),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = recordTownInspection(db(), actorOf(user, ctx), input.projectId, {
        noticeId: input.noticeId ?? null,
        milestone: input.milestone ?? null,
        inspectedOn: input.inspectedOn,
        outcome: input.outcome,
        findings: orNull(input.findings),
        violation: input.violationDescription ? { description: input.violationDescription, section: orNull(input.violationSection) } : null,
      }, townToday());
      if (!r.ok) failure(r);
      return { id: r.id };
    },
  }),

  recordViolation: defineAction({
    accept: 'form',
    input: z.object({ projectId: id, observedOn: requiredDay('the date observed'), description: requiredText('what was found', 2000), section: optionalText(300) }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = recordViolation(db(), actorOf(user, ctx), input.projectId, { observedOn: input.observedOn, description: input.description, section: orNull(input.section) }, townToday());
      if (!r.ok) failure(r);
      return { id: r.id };
    },
  }),

  markViolationCorrected: defineAction({
    accept: 'form',
    input: z.object({ violationId: id, on: requiredDay('the date it was corrected') }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer');
      const r = markViolationCorrected(db(), actorOf(user, ctx), input.violationId, input.on, townToday());
      if (!r.ok) failure(r);
      return { projectId: violationProjectId(db(), input.violationId) };
    },
  }),
};
