/**
 * Applying online (decision 0113): the applicant files the application, its NOI facts and the SWPPP with its
 * attachments in one form; that registers the project (in review, not public) and the plan's receipt, so the
 * officer's 30-day clocks run from the day it arrived, as for a plan brought to the counter. The clerk checks the
 * application has its parts (publishing the project when it does), lists the fees due and records payments.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import {
  PROJECT_KINDS,
  applicationCharges,
  documents,
  parties,
  permitApplications,
  projectMembers,
  projects,
  users,
  type PaymentMethod,
} from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { defineUpload } from '#lib/server/platform/forms/define-upload.ts';
import { oneLine, optionalDay, optionalText, requiredDay, requiredText } from '#lib/server/platform/forms/fields.ts';
import { decimal, documentValues, issuesToErrors, withBlanks } from '#lib/server/platform/forms/upload-forms.ts';
import type { ReceivedFile } from '#lib/server/platform/files/uploads.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { fail, failFields, ok, type Result } from '#lib/server/platform/result.ts';
import { loadCalendarAsync } from '#lib/server/platform/time/calendar.ts';
import { calendarDayPeriod } from '#lib/server/platform/time/periods.rules.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { loadLocalLawAsync } from '#lib/server/platform/local-law.ts';
import type { TownBounds } from '#lib/shared/town-profile.ts';
import { invalidateCompliance } from '#lib/server/compliance/compliance.ts';
import { noiProblems, SPDES_PERMIT_ID } from '#lib/server/projects/noi.rules.ts';
import { createProject } from '#lib/server/projects/registry.ts';
import { planReceived, plansAwaitingRevision, reviewsForProject } from '#lib/server/reviews/swppp-review.ts';
import { formatDay } from '#lib/shared/format.ts';
import {
  MAX_ATTACHMENTS,
  applicationProblems,
  intakeRefusal,
  intakeWords,
  invoiceTotals,
  projectRecordOf,
  type ApplicationFacts,
  type IntakeInput,
} from './application.rules.ts';

// A blank date box posts '' on a multipart form (an action's form drops it): blank is "not given".
const optionalDayField = (what: string) => z.preprocess((v) => (v === '' ? undefined : v), optionalDay(what));
const acres = (what: string) =>
  z.preprocess(
    (v) => decimal(typeof v === 'string' ? v : undefined),
    z
      .number({ error: `Enter ${what} in acres, like 2.5.` })
      .refine((n) => !Number.isNaN(n), { error: `Enter ${what} in acres, like 2.5.` })
      .refine((n) => n >= 0 && n <= 100_000, { error: `Enter ${what} between 0 and 100,000 acres.` }),
  );

/** The application form's typed fields, as posted. */
export const applicationFields = z.object({
  name: oneLine(requiredText('the project’s name', 160)),
  description: requiredText('a brief description of the work, for the public', 2000),
  siteAddress: oneLine(requiredText('the site’s address', 200)),
  zip: z
    .string()
    .trim()
    .regex(/^(\d{5})?$/, { error: 'Enter a five-digit ZIP code, like 12306.' })
    .optional(),
  taxMapParcels: oneLine(optionalText(300)),
  kind: z.enum(PROJECT_KINDS, { error: 'Choose whether the project is major or minor.' }),
  totalSiteAcres: acres('the whole site’s area'),
  disturbedAcres: acres('the area to be disturbed'),
  plannedStartOn: requiredDay('the planned start'),
  plannedCompletionOn: optionalDayField('the planned completion'),
  spdesPermitId: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || SPDES_PERMIT_ID.test(v), {
      error: 'Enter the SPDES permit ID as DEC issued it: NYR followed by letters and digits, like NYR10K123.',
    })
    .optional(),
  noiReceivedOn: optionalDayField('the day DEC received the NOI'),
  companyName: oneLine(requiredText('the owner or operator’s name (a company or a person)', 160)),
  contactName: oneLine(requiredText('the name of the person to contact', 120)),
  phone: oneLine(optionalText(40)),
  swpppDate: requiredDay('the date on the SWPPP'),
  certify: z.literal('yes', {
    error: 'Certify that the application is true and that you may file it for the owner or operator.',
  }),
});

export interface ApplicationValue {
  facts: ApplicationFacts;
  attachments: ReceivedFile[];
}

export interface ApplicationContext {
  actor: Actor & { userId: number };
  now: Date;
  baseUrl: string;
  /** The municipality's extent (its profile): a site outside it is refused as a typo. */
  bounds: TownBounds;
}

/** Read the posted form: its fields, one SWPPP, and at most MAX_ATTACHMENTS attachments. */
export function parseApplication(
  values: Record<string, string>,
  swppp: ReceivedFile[],
  attachments: ReceivedFile[],
  now: Date,
  bounds: TownBounds,
): Result<{ value: ApplicationValue }> {
  const r = applicationFields.safeParse(withBlanks(applicationFields.shape, values));
  const errors: Record<string, string> = r.success ? {} : issuesToErrors(r.error);
  if (swppp.length > 1) errors.swppp = 'Choose one PDF for the SWPPP; add the others as attachments.';
  if (attachments.length > MAX_ATTACHMENTS) errors.attachments = `Attach at most ${MAX_ATTACHMENTS} files.`;
  if (!r.success) return failFields(errors);
  const d = r.data;
  const facts: ApplicationFacts = {
    name: d.name,
    description: d.description,
    siteAddress: d.siteAddress,
    zip: d.zip || null,
    taxMapParcels: d.taxMapParcels || null,
    kind: d.kind,
    totalSiteAcres: d.totalSiteAcres,
    disturbedAcres: d.disturbedAcres,
    plannedStartOn: d.plannedStartOn,
    plannedCompletionOn: d.plannedCompletionOn ?? null,
    spdesPermitId: d.spdesPermitId || null,
    noiReceivedOn: d.noiReceivedOn ?? null,
    companyName: d.companyName,
    contactName: d.contactName,
    phone: d.phone || null,
    swpppDate: d.swpppDate,
  };
  Object.assign(errors, noiProblems(projectRecordOf(facts), bounds), applicationProblems(facts, townToday(now)));
  if (Object.keys(errors).length) return failFields(errors);
  return { ok: true, value: { facts, attachments } };
}

/** The application form: the SWPPP (one PDF, required) and its attachments (PDFs, optional). */
export const applicationUpload = defineUpload({
  accept: ['pdf'],
  maxFiles: 1 + MAX_ATTACHMENTS,
  fileField: 'swppp',
  required: 'Choose the SWPPP, as one PDF.',
  chooseAgain: 'the SWPPP and its attachments',
  parse: ({ values, files, form }, c: ApplicationContext) =>
    parseApplication(
      values,
      files,
      form.files.filter((f) => f.field === 'attachments'),
      c.now,
      c.bounds,
    ),
  handle: ({ facts, attachments }, [swppp], c, { dbAsync }) =>
    fileApplication(dbAsync, c.actor, facts, swppp!, attachments, c.baseUrl, c.now),
});

/**
 * File it: the project registered as the clerk would (in review, unpublished), the applicant its operator, the
 * SWPPP and its attachments, the plan's receipt (the officer's clocks start today), the application, and the
 * applicant's receipt by mail, in one transaction.
 */
export function fileApplication(
  db: Db,
  actor: Actor & { userId: number },
  facts: ApplicationFacts,
  swppp: ReceivedFile,
  attachments: ReceivedFile[],
  baseUrl: string,
  now = new Date(),
): Promise<Result<{ applicationId: number; slug: string }>> {
  const receivedOn = townToday(now);
  return db.transaction(async (tx): Promise<Result<{ applicationId: number; slug: string }>> => {
    const project = await createProject(tx, actor, {
      ...projectRecordOf(facts),
      owner: {
        companyName: facts.companyName,
        contactName: facts.contactName,
        contactTitle: null,
        phone: facts.phone,
        email: null,
      },
      waters: [],
      publish: false,
    });
    if (!project.ok) return project;
    const { projectId, slug } = project;
    await tx.insert(projectMembers).values({ projectId, userId: actor.userId });
    // The applicant proposes the plan and its attachments public; the officer decides, as for any filing.
    const file = async (f: ReceivedFile, type: 'swppp' | 'other', title: string) => {
      const [row] = await tx
        .insert(documents)
        .values(
          documentValues(f, {
            projectId,
            type,
            title,
            documentDate: facts.swpppDate,
            public: false,
            publicProposed: true,
            reviewStatus: 'filed',
            uploadedByUserId: actor.userId,
          }),
        )
        .returning({ id: documents.id });
      return row!.id;
    };
    const documentId = await file(swppp, 'swppp', 'Stormwater Pollution Prevention Plan (SWPPP)');
    const attachmentIds: number[] = [];
    for (const f of attachments)
      attachmentIds.push(
        await file(f, 'other', `SWPPP attachment: ${f.filename.replace(/\.pdf$/i, '').slice(0, 120)}`),
      );
    await planReceived(tx, actor, { projectId, documentId, receivedOn });
    const { dueOn: completenessDueOn } = calendarDayPeriod(
      receivedOn,
      (await loadLocalLawAsync(tx)).swpppReviewDays,
      await loadCalendarAsync(tx),
    );
    const [application] = await tx
      .insert(permitApplications)
      .values({ projectId, applicantUserId: actor.userId, receivedOn, createdAt: now, updatedAt: now })
      .returning();
    await auditAsync(tx, actor, {
      action: 'application.file',
      entityType: 'permit_application',
      entityId: application!.id,
      after: { ...application, documentId, attachmentIds },
    });
    const [applicant] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, actor.userId))
      .limit(1);
    await enqueueMailAsync(tx, {
      kind: 'application-received',
      to: applicant!.email,
      data: {
        name: applicant!.name,
        projectName: facts.name,
        receivedOn: formatDay(receivedOn),
        completenessDueOn: formatDay(completenessDueOn),
        url: `${baseUrl}/operator/applications/${application!.id}`,
      },
    });
    return { ok: true, applicationId: application!.id, slug };
  });
}

/** What the applicant adds when the clerk found the application lacking: files, and a word on what they answer. */
export const supplementUpload = defineUpload({
  accept: ['pdf'],
  maxFiles: MAX_ATTACHMENTS,
  fileField: 'attachments',
  required: 'Choose the PDF (or PDFs) the application lacked.',
  chooseAgain: 'the PDFs',
  parse: ({ values }) => {
    const note = (values.note ?? '').trim();
    if (note.length > 1000) return fail('Use at most 1,000 characters.', 'note');
    return { ok: true, value: { note } };
  },
  handle: ({ note }, files, c: { actor: Actor & { userId: number }; applicationId: number; now: Date }, { dbAsync }) =>
    addSupplement(dbAsync, c.actor, c.applicationId, note, files, c.now),
});

/** The applicant answers the clerk: the files join the project, and the application waits for the clerk again. */
export function addSupplement(
  db: Db,
  actor: Actor & { userId: number },
  applicationId: number,
  note: string,
  files: ReceivedFile[],
  now = new Date(),
): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const [before] = await tx.select().from(permitApplications).where(eq(permitApplications.id, applicationId));
    if (!before) return fail('No such application.');
    const documentIds: number[] = [];
    for (const file of files) {
      const [doc] = await tx
        .insert(documents)
        .values(
          documentValues(file, {
            projectId: before.projectId,
            type: 'other',
            title: `Added to the application: ${(note || file.filename.replace(/\.pdf$/i, '')).slice(0, 120)}`,
            documentDate: townToday(now),
            public: false,
            publicProposed: false,
            reviewStatus: 'filed',
            uploadedByUserId: actor.userId,
          }),
        )
        .returning({ id: documents.id });
      documentIds.push(doc!.id);
    }
    const [after] = await tx
      .update(permitApplications)
      .set({ intake: before.intake === 'complete' ? 'complete' : 'submitted', updatedAt: now })
      .where(eq(permitApplications.id, applicationId))
      .returning();
    await auditAsync(tx, actor, {
      action: 'application.supplement',
      entityType: 'permit_application',
      entityId: applicationId,
      before,
      after: { ...after, note, documentIds },
    });
    return ok({});
  });
}

/**
 * The clerk's check of the application's parts. Complete: the project page becomes public. Incomplete: the
 * applicant is told what it lacks. Either way the applicant is mailed, and the SWPPP's review clock runs on.
 */
export async function recordIntake(
  db: Db,
  actor: Actor,
  applicationId: number,
  input: IntakeInput,
  baseUrl: string,
  now = new Date(),
): Promise<Result> {
  const done = await db.transaction(async (tx): Promise<Result> => {
    const [before] = await tx
      .select()
      .from(permitApplications)
      .where(eq(permitApplications.id, applicationId))
      .limit(1);
    if (!before) return fail('No such application.');
    const fields = intakeRefusal(input, before.receivedOn, townToday(now));
    if (Object.keys(fields).length) return failFields(fields);
    const complete = input.outcome === 'complete';
    const [after] = await tx
      .update(permitApplications)
      .set({
        intake: input.outcome,
        intakeOn: input.on,
        intakeNote: complete ? null : input.note,
        intakeByUserId: 'userId' in actor ? actor.userId : null,
        updatedAt: now,
      })
      .where(eq(permitApplications.id, applicationId))
      .returning();
    await auditAsync(tx, actor, {
      action: complete ? 'application.intake_complete' : 'application.intake_incomplete',
      entityType: 'permit_application',
      entityId: applicationId,
      before,
      after: { ...after, projectId: before.projectId },
    });
    const [project] = await tx.select().from(projects).where(eq(projects.id, before.projectId)).limit(1);
    if (complete && !project!.published) {
      await tx
        .update(projects)
        .set({ published: true, publishedAt: now, updatedAt: now })
        .where(eq(projects.id, project!.id));
      await auditAsync(tx, actor, {
        action: 'project.publish',
        entityType: 'project',
        entityId: project!.id,
        before: { projectId: project!.id, published: false },
        after: { projectId: project!.id, published: true },
      });
    }
    const [applicant] = await tx.select().from(users).where(eq(users.id, before.applicantUserId)).limit(1);
    await enqueueMailAsync(tx, {
      kind: 'application-intake',
      to: applicant!.email,
      data: {
        name: applicant!.name,
        projectName: project!.name,
        complete,
        note: complete ? null : input.note,
        url: `${baseUrl}/operator/applications/${applicationId}`,
      },
    });
    return ok({});
  });
  // A published project joins the compliance lists: after the commit, so no one caches the list without it.
  if (done.ok) invalidateCompliance();
  return done;
}

export interface FeeInput {
  description: string;
  amountCents: number;
  on: string;
}

/** List a fee due on the application's invoice (the town's fee schedule; the escrow deposit its professional estimates). */
export function addFee(
  db: Db,
  actor: Actor & { userId: number },
  applicationId: number,
  input: FeeInput,
): Promise<Result> {
  return charge(db, actor, applicationId, { kind: 'fee', ...input, method: null, reference: null });
}

export interface PaymentInput extends FeeInput {
  method: PaymentMethod;
  reference: string | null;
}

/** Record a payment received against the application's fees. */
export function recordPayment(
  db: Db,
  actor: Actor & { userId: number },
  applicationId: number,
  input: PaymentInput,
): Promise<Result> {
  return charge(db, actor, applicationId, { kind: 'payment', ...input });
}

function charge(
  db: Db,
  actor: Actor & { userId: number },
  applicationId: number,
  c: FeeInput & { kind: 'fee' | 'payment'; method: PaymentMethod | null; reference: string | null },
): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const [application] = await tx
      .select({ projectId: permitApplications.projectId })
      .from(permitApplications)
      .where(eq(permitApplications.id, applicationId))
      .limit(1);
    if (!application) return fail('No such application.');
    if (c.on > townToday()) return fail('The date cannot be in the future.', 'on');
    if (c.amountCents <= 0) return fail('Enter an amount above $0.00.', 'amount');
    const [row] = await tx
      .insert(applicationCharges)
      .values({ applicationId, ...c, recordedByUserId: actor.userId })
      .returning();
    await auditAsync(tx, actor, {
      action: c.kind === 'fee' ? 'application.fee' : 'application.payment',
      entityType: 'permit_application',
      entityId: applicationId,
      after: { ...row, projectId: application.projectId },
    });
    return ok({});
  });
}

/** The applicant's applications, newest first (their page). */
export async function applicationsOf(db: Db, userId: number) {
  const rows = await db
    .select({
      id: permitApplications.id,
      receivedOn: permitApplications.receivedOn,
      intake: permitApplications.intake,
      intakeOn: permitApplications.intakeOn,
      intakeNote: permitApplications.intakeNote,
      projectName: projects.name,
      projectStatus: projects.status,
    })
    .from(permitApplications)
    .innerJoin(projects, eq(projects.id, permitApplications.projectId))
    .where(eq(permitApplications.applicantUserId, userId))
    .orderBy(desc(permitApplications.receivedOn), desc(permitApplications.id));
  return rows.map((a) => ({ ...a, intakeWords: intakeWords(a) }));
}

/** The clerk's queue: applications not yet found complete first, oldest first; then the rest, newest first. */
export async function applicationQueue(db: Db) {
  const read = await db
    .select({
      id: permitApplications.id,
      receivedOn: permitApplications.receivedOn,
      intake: permitApplications.intake,
      intakeOn: permitApplications.intakeOn,
      intakeNote: permitApplications.intakeNote,
      projectName: projects.name,
      projectSlug: projects.slug,
      applicant: users.name,
      feesCents: sql<number>`coalesce((select sum(${applicationCharges.amountCents}) from ${applicationCharges} where ${applicationCharges.applicationId} = ${permitApplications.id} and ${applicationCharges.kind} = 'fee'), 0)`,
      paidCents: sql<number>`coalesce((select sum(${applicationCharges.amountCents}) from ${applicationCharges} where ${applicationCharges.applicationId} = ${permitApplications.id} and ${applicationCharges.kind} = 'payment'), 0)`,
    })
    .from(permitApplications)
    .innerJoin(projects, eq(projects.id, permitApplications.projectId))
    .innerJoin(users, eq(users.id, permitApplications.applicantUserId))
    .orderBy(asc(permitApplications.receivedOn), asc(permitApplications.id))
    .limit(500);
  const rows = read.map((a) => ({
    ...a,
    intakeWords: intakeWords(a),
    balanceCents: Math.max(0, a.feesCents - a.paidCents),
  }));
  return [...rows.filter((a) => a.intake !== 'complete'), ...rows.filter((a) => a.intake === 'complete').reverse()];
}

/** One application with everything its pages show: the project, files, review clocks, comments, invoice. */
export async function applicationView(db: Db, applicationId: number, now = new Date()) {
  const [row] = await db
    .select({ application: permitApplications, project: projects, applicant: users })
    .from(permitApplications)
    .innerJoin(projects, eq(projects.id, permitApplications.projectId))
    .innerJoin(users, eq(users.id, permitApplications.applicantUserId))
    .where(eq(permitApplications.id, applicationId));
  if (!row) return null;
  const { application, project, applicant } = row;
  const charges = await db
    .select()
    .from(applicationCharges)
    .where(eq(applicationCharges.applicationId, applicationId))
    .orderBy(asc(applicationCharges.on), asc(applicationCharges.id));
  const files = await db
    .select({
      id: documents.id,
      type: documents.type,
      title: documents.title,
      filename: documents.filename,
      pageCount: documents.pageCount,
      sizeBytes: documents.sizeBytes,
      uploadedAt: documents.uploadedAt,
      reviewStatus: documents.reviewStatus,
    })
    .from(documents)
    .where(and(eq(documents.projectId, project.id)))
    .orderBy(asc(documents.uploadedAt), asc(documents.id));
  const [owner] = await db
    .select()
    .from(parties)
    .where(and(eq(parties.projectId, project.id), eq(parties.role, 'owner_operator')))
    // The first owner named, as the escrow's letters name the applicant.
    .orderBy(asc(parties.id))
    .limit(1);
  const today = townToday(now);
  const reviews = (await reviewsForProject(db, project.id, today)).reverse();
  const awaitingRevision = await plansAwaitingRevision(db, project.id);
  return {
    application,
    project,
    owner,
    applicant: { id: applicant.id, name: applicant.name, email: applicant.email },
    intakeWords: intakeWords(application),
    reviews,
    awaitingRevision,
    files,
    charges,
    totals: invoiceTotals(charges),
  };
}

export type ApplicationView = NonNullable<Awaited<ReturnType<typeof applicationView>>>;
