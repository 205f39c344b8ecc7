/**
 * The inventory of permanent stormwater management practices. The ordinance: operators submit as-built plans
 * "certified by a licensed/certified professional" for the permanent practices after final stabilization, and
 * certified as-built plans and anything dedicated to the Town are "reviewed, inspected and approved by the
 * Town Stormwater Management Officer … prior to acceptance". Accepting the as-built plans (the officer's
 * review decision) adds the practice in the same transaction (decision 0035); older practices are entered
 * directly. Who may file the owner's reports for a privately owned practice: the project's operators and the
 * practice's named maintainer (maintainedBy, below); a Town-owned practice is the Town's to keep.
 */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  documents,
  parties,
  projectMembers,
  projects,
  settings,
  stormwaterPractices,
  userRoles,
  users,
  type SmpOwnerKind,
  type SmpType,
} from '#db/schema.ts';
import { AccessError, requireRole, type GuardContext } from '#lib/server/accounts/guards.ts';
import type { SessionUser } from '#lib/server/accounts/sessions.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import type { Result } from '#lib/server/platform/result.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { insideBounds } from '#lib/shared/town-profile.ts';
import { decideDocument } from '#lib/server/reviews/filing-review.ts';
import {
  DEFAULT_ROUTINE_INTERVAL_DAYS,
  isRoutineInterval,
  ROUTINE_INTERVAL_RANGE,
  routineIntervalsFrom,
  type RoutineIntervals,
} from './practices.rules.ts';

export const INTERVALS_SETTING_KEY = 'smp_routine_interval_days';

export async function loadRoutineIntervals(db: Pick<Db, 'select'>): Promise<RoutineIntervals> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, INTERVALS_SETTING_KEY));
  return routineIntervalsFrom(row?.value);
}

export async function saveRoutineIntervals(
  db: Db,
  actor: Actor,
  intervals: RoutineIntervals,
  now = new Date(),
): Promise<Result> {
  for (const [k, v] of Object.entries(intervals))
    if (!isRoutineInterval(v)) return { ok: false, fields: { [k]: ROUTINE_INTERVAL_RANGE.message } };
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, INTERVALS_SETTING_KEY));
    const before = routineIntervalsFrom(stored?.value);
    const value = JSON.stringify(intervals);
    await tx
      .insert(settings)
      .values({ key: INTERVALS_SETTING_KEY, value, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
    await auditAsync(tx, actor, {
      action: 'practice.settings',
      entityType: 'settings',
      entityId: INTERVALS_SETTING_KEY,
      before,
      after: intervals,
    });
  });
  return { ok: true };
}
export { DEFAULT_ROUTINE_INTERVAL_DAYS };

export interface PracticeInput {
  name: string;
  type: SmpType;
  description: string;
  location: string;
  latitude: number;
  longitude: number;
  ownerKind: SmpOwnerKind;
  ownerName: string;
  /** An operator account's email, for who files the owner's reports (optional). */
  maintainerEmail: string | null;
  agreementReference: string | null;
  dedicatedToTown: boolean;
  inServiceOn: string;
}

async function maintainerId(db: Pick<Db, 'select'>, email: string | null): Promise<Result<{ id: number | null }>> {
  if (!email) return { ok: true, id: null };
  const row = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(users.email, email.toLowerCase()), eq(userRoles.role, 'operator')))
    .get();
  if (!row)
    return {
      ok: false,
      fields: { maintainerEmail: 'No operator account has this email: invite the owner first, or leave it empty.' },
    };
  return { ok: true, id: row.id };
}

/** The pin must be inside the town's own box (the town profile, decision 0044), as a project's NOI must. */
async function checkPlace(db: Db, input: PracticeInput): Promise<Result> {
  const { bounds, mapCentre } = (await townAsync(db)).profile;
  if (!insideBounds(bounds, input))
    return {
      ok: false,
      fields: {
        latitude: `Put the pin inside the town: latitude about ${mapCentre.latitude.toFixed(1)}, longitude about ${mapCentre.longitude.toFixed(1).replace('-', '−')}.`,
      },
    };
  return { ok: true };
}

/** What a practice entered or corrected by the officer must satisfy; the maintainer's account id when it does. */
async function checkPractice(db: Db, input: PracticeInput, today: string): Promise<Result<{ id: number | null }>> {
  const place = await checkPlace(db, input);
  if (!place.ok) return place;
  if (input.inServiceOn > today)
    return { ok: false, fields: { inServiceOn: 'Enter the day it went into service; it cannot be in the future.' } };
  return maintainerId(db, input.maintainerEmail);
}

/** A practice entered directly (built before the portal, or outside a project). */
export function createPractice(
  db: Db,
  actor: Actor,
  input: PracticeInput & { projectId: number | null },
  today: string,
): Promise<Result<{ id: number }>> {
  const { maintainerEmail: _, ...values } = input;
  return db.transaction(async (tx): Promise<Result<{ id: number }>> => {
    // The town's box and the maintainer's account are read by the checks the as-built acceptance shares.
    const m = await checkPractice(tx, input, today);
    if (!m.ok) return m;
    const [row] = await tx
      .insert(stormwaterPractices)
      .values({ ...values, maintainerUserId: m.id })
      .returning();
    await auditAsync(tx, actor, {
      action: 'practice.create',
      entityType: 'stormwater_practice',
      entityId: row!.id,
      after: row,
    });
    return { ok: true, id: row!.id };
  });
}

/**
 * The officer corrects a practice's record after it was entered (its family, name, pin, who maintains it,
 * dedication to the Town…): the same checks as entering it; the project and the as-built acceptance stay.
 */
export function updatePractice(
  db: Db,
  actor: Actor,
  practiceId: number,
  input: PracticeInput,
  today: string,
): Promise<Result<{ id: number }>> {
  const { maintainerEmail: _, ...values } = input;
  return db.transaction(async (tx): Promise<Result<{ id: number }>> => {
    const [before] = await tx.select().from(stormwaterPractices).where(eq(stormwaterPractices.id, practiceId));
    if (!before) return { ok: false, message: 'That practice is not in the inventory.' };
    const m = await checkPractice(tx, input, today);
    if (!m.ok) return m;
    if (before.removedOn && input.inServiceOn > before.removedOn)
      return { ok: false, fields: { inServiceOn: 'It cannot go into service after it was removed from operation.' } };
    const [after] = await tx
      .update(stormwaterPractices)
      .set({ ...values, maintainerUserId: m.id, updatedAt: new Date() })
      .where(eq(stormwaterPractices.id, practiceId))
      .returning();
    await auditAsync(tx, actor, {
      action: 'practice.update',
      entityType: 'stormwater_practice',
      entityId: practiceId,
      before,
      after,
    });
    return { ok: true, id: practiceId };
  });
}

/** The form's starting values for correcting a practice: what is on record, as the create form posts it. */
export async function practiceFormValues(
  db: Pick<Db, 'select'>,
  p: typeof stormwaterPractices.$inferSelect,
): Promise<Record<string, string>> {
  const maintainer = p.maintainerUserId
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, p.maintainerUserId)).get()
    : undefined;
  return {
    name: p.name,
    type: p.type,
    description: p.description,
    location: p.location,
    latitude: String(p.latitude),
    longitude: String(p.longitude),
    ownerKind: p.ownerKind,
    ownerName: p.ownerName,
    maintainerEmail: maintainer?.email ?? '',
    agreementReference: p.agreementReference ?? '',
    dedicatedToTown: p.dedicatedToTown ? 'yes' : 'no',
    inServiceOn: p.inServiceOn,
  };
}

/**
 * Accept the certified as-built plans and add the practice they show. The plans are accepted through the
 * officer's review (the operator is told by mail); a second practice from plans already accepted keeps the
 * day they were accepted.
 */
export function acceptAsBuilt(
  db: Db,
  actor: Actor & { userId: number },
  input: PracticeInput & { documentId: number; certifiedBy: string; comment: string; public: boolean },
  now: Date,
): Promise<Result<{ id: number }>> {
  const today = townToday(now);
  // The plans are read in the transaction that accepts them: two officers' clicks cannot both accept them.
  return db.transaction(async (tx): Promise<Result<{ id: number }>> => {
    const [doc] = await tx.select().from(documents).where(eq(documents.id, input.documentId));
    if (!doc || doc.type !== 'as_built_plans')
      return { ok: false, message: 'These are not as-built plans: only certified as-built plans add a practice.' };
    if (doc.reviewStatus === 'returned')
      return { ok: false, message: 'These plans were returned to the operator: accept corrected plans instead.' };
    const place = await checkPlace(tx, input);
    const m = place.ok ? await maintainerId(tx, input.maintainerEmail) : place;
    if (!m.ok) return m;
    const accepted = doc.reviewStatus === 'accepted' && doc.reviewedAt ? townToday(doc.reviewedAt) : today;
    if (!(doc.reviewStatus === 'accepted' && doc.reviewedAt)) {
      const r = await decideDocument(
        tx,
        actor,
        { id: doc.id, decision: 'accept', comment: input.comment, public: input.public },
        now,
      );
      if (!r.ok) return { ok: false, message: r.message };
    }
    const { maintainerEmail: _m, documentId: _d, certifiedBy, comment: _c, public: _p, ...values } = input;
    const [row] = await tx
      .insert(stormwaterPractices)
      .values({
        ...values,
        projectId: doc.projectId,
        maintainerUserId: m.id,
        asBuiltDocumentId: doc.id,
        asBuiltCertifiedBy: certifiedBy,
        asBuiltAcceptedOn: accepted,
        asBuiltAcceptedByUserId: actor.userId,
        inServiceOn: input.inServiceOn > today ? today : input.inServiceOn,
      })
      .returning();
    await auditAsync(tx, actor, {
      action: 'practice.accept_as_built',
      entityType: 'stormwater_practice',
      entityId: row!.id,
      after: row,
    });
    return { ok: true, id: row!.id };
  });
}

/**
 * A practice removed from operation leaves the routine schedule and the yearly reports (a maintenance
 * guarantee runs "until the facilities are removed from operation"); its record stays.
 */
export function removeFromOperation(
  db: Db,
  actor: Actor,
  practiceId: number,
  removedOn: string,
  today: string,
): Promise<Result<{ id: number }>> {
  return db.transaction(async (tx): Promise<Result<{ id: number }>> => {
    const [before] = await tx.select().from(stormwaterPractices).where(eq(stormwaterPractices.id, practiceId));
    if (!before) return { ok: false, message: 'That practice is not in the inventory.' };
    if (before.removedOn) return { ok: false, message: 'It was already removed from operation.' };
    if (removedOn > today)
      return { ok: false, fields: { removedOn: 'Record it once it has happened: the day cannot be in the future.' } };
    if (removedOn < before.inServiceOn)
      return { ok: false, fields: { removedOn: 'It cannot be removed before it went into service.' } };
    const [after] = await tx
      .update(stormwaterPractices)
      .set({ removedOn, updatedAt: new Date() })
      .where(eq(stormwaterPractices.id, practiceId))
      .returning();
    await auditAsync(tx, actor, {
      action: 'practice.remove',
      entityType: 'stormwater_practice',
      entityId: practiceId,
      before,
      after,
    });
    return { ok: true, id: practiceId };
  });
}

/**
 * Who may file the owner's reports for a practice, as SQL over `stormwater_practices`: for a privately owned
 * practice, its named maintainer and the operators of its project. A publicly owned practice is the Town's to
 * keep: no operator files for it, even the operator of the project that built it. The one definition the
 * page guard and the operator's list share.
 */
function maintainedBy(userId: number): SQL {
  return and(
    eq(stormwaterPractices.ownerKind, 'private'),
    or(
      eq(stormwaterPractices.maintainerUserId, userId),
      sql`exists (select 1 from ${projectMembers} where ${projectMembers.projectId} = ${stormwaterPractices.projectId} and ${projectMembers.userId} = ${userId})`,
    ),
  )!;
}

/** Which of these practices the user may file the owner's reports for (maintainedBy). */
export async function maySubmitFor(
  db: Pick<Db, 'select'>,
  userId: number,
  practiceIds: number[],
): Promise<Set<number>> {
  if (!practiceIds.length) return new Set();
  const rows = await db
    .select({ id: stormwaterPractices.id })
    .from(stormwaterPractices)
    .where(and(inArray(stormwaterPractices.id, practiceIds), maintainedBy(userId)));
  return new Set(rows.map((r) => r.id));
}

/** The operator's guard for a practice's pages: 404 unless they maintain it (as for projects that are not theirs). */
export async function requirePracticeMaintainer(db: Db, ctx: GuardContext, practiceId: number): Promise<SessionUser> {
  const user = requireRole(ctx, 'operator');
  if (!Number.isSafeInteger(practiceId) || !(await maySubmitFor(db, user.id, [practiceId])).has(practiceId))
    throw new AccessError(404);
  return user;
}

/** The practices an operator maintains. */
export function practicesMaintainedBy(db: Db, userId: number) {
  return db
    .select({
      id: stormwaterPractices.id,
      name: stormwaterPractices.name,
      type: stormwaterPractices.type,
      location: stormwaterPractices.location,
      inServiceOn: stormwaterPractices.inServiceOn,
      removedOn: stormwaterPractices.removedOn,
      ownerKind: stormwaterPractices.ownerKind,
      projectName: projects.name,
    })
    .from(stormwaterPractices)
    .leftJoin(projects, eq(projects.id, stormwaterPractices.projectId))
    .where(maintainedBy(userId))
    .orderBy(asc(stormwaterPractices.name));
}

/** The practice row by id, or undefined. */
export async function practiceById(db: Pick<Db, 'select'>, id: number) {
  if (!Number.isSafeInteger(id)) return undefined;
  const [row] = await db.select().from(stormwaterPractices).where(eq(stormwaterPractices.id, id));
  return row;
}

/** For the as-built review: the practices already added from these plans, and the project's facts to start the form with. */
export function asBuiltContext(db: Db, documentId: number) {
  return readSnapshotAsync(db, async () => {
    const doc = await db
      .select({ projectId: documents.projectId, type: documents.type })
      .from(documents)
      .where(eq(documents.id, documentId))
      .get();
    if (!doc || doc.type !== 'as_built_plans') return undefined;
    const project = await db
      .select({
        siteAddress: projects.siteAddress,
        latitude: projects.latitude,
        longitude: projects.longitude,
        finalStabilizationOn: projects.finalStabilizationOn,
      })
      .from(projects)
      .where(eq(projects.id, doc.projectId))
      .get();
    const owner = await db
      .select({ company: parties.companyName })
      .from(parties)
      .where(and(eq(parties.projectId, doc.projectId), eq(parties.role, 'owner_operator')))
      .get();
    const preparer = await db
      .select({ company: parties.companyName, contact: parties.contactName, license: parties.license })
      .from(parties)
      .where(and(eq(parties.projectId, doc.projectId), eq(parties.role, 'swppp_preparer')))
      .get();
    const existing = await db
      .select({ id: stormwaterPractices.id, name: stormwaterPractices.name })
      .from(stormwaterPractices)
      .where(eq(stormwaterPractices.asBuiltDocumentId, documentId))
      .orderBy(asc(stormwaterPractices.id));
    return {
      existing,
      defaults: {
        location: project?.siteAddress ?? '',
        latitude: project?.latitude != null ? String(project.latitude) : '',
        longitude: project?.longitude != null ? String(project.longitude) : '',
        ownerKind: 'private',
        ownerName: owner?.company ?? '',
        inServiceOn: project?.finalStabilizationOn ?? '',
        certifiedBy: preparer ? [preparer.contact, preparer.company, preparer.license].filter(Boolean).join(', ') : '',
      } as Record<string, string>,
    };
  });
}
