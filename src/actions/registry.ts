/** Registering and maintaining projects (Stormwater Management Officer or clerk). */
import { actorOf } from '#lib/server/platform/audit.ts';
import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { PARTY_ROLES, PROJECT_KINDS, PROJECT_STATUSES } from '#db/schema.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import {
  choice,
  failure,
  formText,
  id,
  ids,
  noControlCharacters,
  optionalAcres,
  optionalDay,
  optionalText,
  orNull,
  requiredDay,
  requiredText,
  oneLine,
} from '#lib/server/platform/forms/fields.ts';
import { noiProblems, type NoiFields } from '#lib/server/projects/noi.rules.ts';
import { D1_EXEMPTIONS } from '#lib/shared/labels.ts';
import {
  addWater,
  createProject,
  recordNotAndClose,
  recordStartDuties,
  removeParty,
  removeWater,
  saveParty,
  setDocumentPublic,
  setOperators,
  setPublished,
  updateProject,
} from '#lib/server/projects/registry.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { allow } from './guard.ts';

const WATER_TYPES = ['stream', 'river', 'wetland', 'lake', 'ms4'] as const;

/** Every NOI field of the project record, as the form sends it. */
const noiShape = {
  name: oneLine(requiredText('the project name', 160)),
  slug: noControlCharacters(
    formText('Enter the web address, or leave it empty.')
      .trim()
      .toLowerCase()
      .max(80, { error: 'Use at most 80 characters.' }),
  ).optional(),
  description: requiredText('a brief description for the public', 2000),
  siteAddress: oneLine(requiredText('the site address', 200)),
  crossStreet: oneLine(optionalText(120)),
  zip: formText('Enter a five-digit ZIP code, like 12306.')
    .trim()
    .regex(/^\d{5}$/, { error: 'Enter a five-digit ZIP code, like 12306.' })
    .optional(),
  latitude: z.coerce
    .number({ error: 'Enter the latitude as a decimal number, like 42.7950.' })
    .min(-90, { error: 'A latitude is between -90 and 90, like 42.7950.' })
    .max(90, { error: 'A latitude is between -90 and 90, like 42.7950.' })
    .optional(),
  longitude: z.coerce
    .number({ error: 'Enter the longitude as a decimal number, like -74.0011.' })
    .min(-180, { error: 'A longitude is between -180 and 180, like -74.0011.' })
    .max(180, { error: 'A longitude is between -180 and 180, like -74.0011.' })
    .optional(),
  taxMapParcels: oneLine(optionalText(300)),
  kind: z.enum(PROJECT_KINDS, { error: 'Choose major or minor project.' }),
  status: z.enum(PROJECT_STATUSES, { error: 'Choose a listed status.' }),
  natureOfActivity: z
    .enum(['new_construction', 'redevelopment'], { error: 'Choose new construction or redevelopment.' })
    .optional(),
  preDevelopmentLandUse: optionalText(200),
  postDevelopmentLandUse: optionalText(200),
  totalSiteAcres: optionalAcres('the total site area'),
  disturbedAcres: optionalAcres('the area to be disturbed'),
  maxDisturbedAtOnceAcres: optionalAcres('the most disturbed at one time'),
  existingImperviousAcres: optionalAcres('the existing impervious area'),
  futureImperviousAcres: optionalAcres('the future impervious area'),
  decFiveAcreApproval: z.boolean(),
  decFiveAcreApprovalOn: optionalDay('the date of DEC’s approval'),
  phasing: optionalText(2000),
  phaseCount: z.coerce
    .number({ error: 'Enter a whole number of phases.' })
    .int({ error: 'Enter a whole number of phases.' })
    .min(1, { error: 'Enter at least 1 phase.' })
    .max(50, { error: 'Enter at most 50 phases.' })
    .optional(),
  drainsToMs4: z.boolean(),
  federalWetlandBuffer: z.boolean(),
  stateWetlandBuffer: z.boolean(),
  watercourseBuffer: z.boolean(),
  bufferNotes: optionalText(1000),
  postConstructionPractices: optionalText(1000),
  plannedStartOn: optionalDay('the planned start'),
  plannedCompletionOn: optionalDay('the planned completion'),
  actualStartOn: optionalDay('the actual start'),
  townPermitNo: oneLine(optionalText(40)),
  spdesPermitId: noControlCharacters(
    formText('Enter the SPDES permit ID, like NYR10A123.')
      .trim()
      .toUpperCase()
      .max(20, { error: 'Use at most 20 characters.' }),
  ).optional(),
  noiReceivedOn: optionalDay('the date the NOI was received'),
  finalStabilizationOn: optionalDay('the final stabilization date'),
  notFiledOn: optionalDay('the NOT filing date'),
  winterShutdownFrom: optionalDay('the start of the winter shutdown'),
  winterShutdownTo: optionalDay('the end of the winter shutdown'),
};

type NoiInput = z.infer<ReturnType<typeof z.object<typeof noiShape>>>;

function toNoi(i: NoiInput): NoiFields {
  return {
    name: i.name,
    slug: orNull(i.slug),
    description: i.description,
    siteAddress: i.siteAddress,
    crossStreet: orNull(i.crossStreet),
    zip: orNull(i.zip),
    latitude: orNull(i.latitude),
    longitude: orNull(i.longitude),
    taxMapParcels: orNull(i.taxMapParcels),
    kind: i.kind,
    status: i.status,
    natureOfActivity: orNull(i.natureOfActivity),
    preDevelopmentLandUse: orNull(i.preDevelopmentLandUse),
    postDevelopmentLandUse: orNull(i.postDevelopmentLandUse),
    totalSiteAcres: orNull(i.totalSiteAcres),
    disturbedAcres: orNull(i.disturbedAcres),
    maxDisturbedAtOnceAcres: orNull(i.maxDisturbedAtOnceAcres),
    existingImperviousAcres: orNull(i.existingImperviousAcres),
    futureImperviousAcres: orNull(i.futureImperviousAcres),
    decFiveAcreApproval: i.decFiveAcreApproval,
    decFiveAcreApprovalOn: orNull(i.decFiveAcreApprovalOn),
    phasing: orNull(i.phasing),
    phaseCount: orNull(i.phaseCount),
    drainsToMs4: i.drainsToMs4,
    federalWetlandBuffer: i.federalWetlandBuffer,
    stateWetlandBuffer: i.stateWetlandBuffer,
    watercourseBuffer: i.watercourseBuffer,
    bufferNotes: orNull(i.bufferNotes),
    postConstructionPractices: orNull(i.postConstructionPractices),
    plannedStartOn: orNull(i.plannedStartOn),
    plannedCompletionOn: orNull(i.plannedCompletionOn),
    actualStartOn: orNull(i.actualStartOn),
    townPermitNo: orNull(i.townPermitNo),
    spdesPermitId: orNull(i.spdesPermitId),
    noiReceivedOn: orNull(i.noiReceivedOn),
    finalStabilizationOn: orNull(i.finalStabilizationOn),
    notFiledOn: orNull(i.notFiledOn),
    winterShutdownFrom: orNull(i.winterShutdownFrom),
    winterShutdownTo: orNull(i.winterShutdownTo),
  };
}

/** Cross-field NOI checks run with the schema, so their messages sit beside the fields. */
async function checkNoi(v: NoiInput, ctx: z.RefinementCtx) {
  const { bounds } = (await townAsync(dbAsync())).profile;
  for (const [field, message] of Object.entries(noiProblems(toNoi(v), bounds)))
    ctx.addIssue({ code: 'custom', path: [field], message });
}

const waterFields = {
  waterName: oneLine(optionalText(120)),
  waterType: z.enum(WATER_TYPES, { error: 'Choose the kind of water.' }).optional(),
  waterImpaired: z.boolean(),
};

export const registry = {
  createProject: defineAction({
    accept: 'form',
    input: z
      .object({
        ...noiShape,
        ownerCompany: oneLine(requiredText('the owner/operator’s company name', 160)),
        ownerContact: oneLine(optionalText(120)),
        ownerTitle: oneLine(optionalText(120)),
        ownerPhone: oneLine(optionalText(40)),
        ownerEmail: z.email({ error: 'Enter an email address like name@example.com.' }).optional(),
        ...waterFields,
        publish: z.boolean(),
      })
      .superRefine(async (v, ctx) => {
        await checkNoi(v, ctx);
        if (v.waterName && !v.waterType)
          ctx.addIssue({ code: 'custom', path: ['waterType'], message: 'Choose the kind of water.' });
      }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'clerk');
      const result = await createProject(dbAsync(), actorOf(user, ctx), {
        ...toNoi(input),
        owner: {
          companyName: input.ownerCompany,
          contactName: orNull(input.ownerContact),
          contactTitle: orNull(input.ownerTitle),
          phone: orNull(input.ownerPhone),
          email: orNull(input.ownerEmail),
        },
        waters:
          input.waterName && input.waterType
            ? [{ name: input.waterName, waterType: input.waterType, impaired: input.waterImpaired }]
            : [],
        publish: input.publish,
      });
      if (!result.ok) failure(result);
      return { slug: result.slug };
    },
  }),

  updateProject: defineAction({
    accept: 'form',
    input: z.object({ projectId: id, ...noiShape }).superRefine(checkNoi),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'clerk');
      const result = await updateProject(dbAsync(), actorOf(user, ctx), input.projectId, toNoi(input));
      if (!result.ok) failure(result);
      return { slug: result.slug };
    },
  }),

  setPublished: defineAction({
    accept: 'form',
    input: z.object({
      projectId: id,
      published: choice(['yes', 'no'], 'Choose whether residents can see the project.'),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'clerk');
      const result = await setPublished(dbAsync(), actorOf(user, ctx), input.projectId, input.published === 'yes');
      if (!result.ok) failure(result);
      return { published: input.published === 'yes' };
    },
  }),

  setOperators: defineAction({
    accept: 'form',
    input: z.object({ projectId: id, userIds: ids }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'clerk');
      const result = await setOperators(dbAsync(), actorOf(user, ctx), input.projectId, input.userIds);
      if (!result.ok) failure(result);
      return { saved: true };
    },
  }),

  saveParty: defineAction({
    accept: 'form',
    input: z.object({
      projectId: id,
      partyId: id.optional(),
      role: z.enum(PARTY_ROLES, { error: 'Choose the party’s role.' }),
      companyName: oneLine(requiredText('the company name', 160)),
      contactName: oneLine(optionalText(120)),
      contactTitle: oneLine(optionalText(120)),
      phone: oneLine(optionalText(40)),
      email: z.email({ error: 'Enter an email address like name@example.com.' }).optional(),
      license: oneLine(optionalText(80)),
      measures: optionalText(1000),
      certifiedOn: optionalDay('the date the certification was signed'),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'clerk');
      if (input.certifiedOn && input.certifiedOn > townToday())
        failure({ fields: { certifiedOn: 'The signing date cannot be in the future.' } });
      const result = await saveParty(dbAsync(), actorOf(user, ctx), input.projectId, input.partyId, {
        role: input.role,
        companyName: input.companyName,
        contactName: orNull(input.contactName),
        contactTitle: orNull(input.contactTitle),
        phone: orNull(input.phone),
        email: orNull(input.email),
        license: orNull(input.license),
        measures: orNull(input.measures),
        certifiedOn: orNull(input.certifiedOn),
      });
      if (!result.ok) failure(result);
      return { partyId: result.partyId };
    },
  }),

  removeParty: defineAction({
    accept: 'form',
    input: z.object({ projectId: id, partyId: id }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'clerk');
      const result = await removeParty(dbAsync(), actorOf(user, ctx), input.projectId, input.partyId);
      if (!result.ok) failure(result);
      return { removed: true };
    },
  }),

  addWater: defineAction({
    accept: 'form',
    input: z.object({
      projectId: id,
      name: oneLine(requiredText('the name of the water', 120)),
      waterType: z.enum(WATER_TYPES, { error: 'Choose the kind of water.' }),
      impaired: z.boolean(),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'clerk');
      const result = await addWater(dbAsync(), actorOf(user, ctx), input.projectId, {
        name: input.name,
        waterType: input.waterType,
        impaired: input.impaired,
      });
      if (!result.ok) failure(result);
      return { saved: true };
    },
  }),

  removeWater: defineAction({
    accept: 'form',
    input: z.object({ projectId: id, waterId: id }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'clerk');
      const result = await removeWater(dbAsync(), actorOf(user, ctx), input.projectId, input.waterId);
      if (!result.ok) failure(result);
      return { removed: true };
    },
  }),

  recordNot: defineAction({
    accept: 'form',
    input: z.object({
      projectId: id,
      notFiledOn: requiredDay('the date the NOT was filed'),
      finalStabilizationOn: requiredDay('the date final stabilization was reached'),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'clerk');
      const result = await recordNotAndClose(dbAsync(), actorOf(user, ctx), input.projectId, input, townToday());
      if (!result.ok) failure(result);
      return { closed: true };
    },
  }),

  recordStartDuties: defineAction({
    accept: 'form',
    input: z.object({
      projectId: id,
      exemption: choice(D1_EXEMPTIONS, 'Choose one of the exemptions in Subsection D(1), or none.').optional(),
      exemptionNote: optionalText(1000),
      preConstructionAssessmentOn: optionalDay('the date of the pre-construction assessment'),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'clerk');
      const result = await recordStartDuties(
        dbAsync(),
        actorOf(user, ctx),
        input.projectId,
        {
          exemption: orNull(input.exemption),
          exemptionNote: orNull(input.exemptionNote),
          preConstructionAssessmentOn: orNull(input.preConstructionAssessmentOn),
        },
        townToday(),
      );
      if (!result.ok) failure(result);
      return { saved: true };
    },
  }),

  setDocumentPublic: defineAction({
    accept: 'form',
    input: z.object({
      projectId: id,
      documentId: id,
      public: choice(['yes', 'no'], 'Choose whether residents can see the document.'),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'clerk');
      const result = await setDocumentPublic(
        dbAsync(),
        actorOf(user, ctx),
        user.roles,
        input.projectId,
        input.documentId,
        input.public === 'yes',
      );
      // An operator's filing: only the officer decides, once reviewed (projects/operator-filings.ts).
      if (!result.ok)
        throw new ActionError({
          code: ({ not_found: 'NOT_FOUND', forbidden: 'FORBIDDEN', not_reviewed: 'CONFLICT' } as const)[result.reason],
          message: result.message,
        });
      return { saved: true };
    },
  }),
};
