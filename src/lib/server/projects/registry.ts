/**
 * Registering and maintaining projects (officer or clerk): the NOI record, parties and contractors,
 * receiving waters, operator accounts, publishing, the NOT and close-out, and the project's history.
 * Every change is audited in its own transaction with the project id in the snapshot, so the history can
 * be read back per project.
 */
import { type Refusal, type Result } from '#lib/server/platform/result.ts';
import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  PROJECT_STATUSES,
  auditLog,
  documents,
  parties,
  projectMembers,
  projects,
  receivingWaters,
  userRoles,
  users,
  type PartyRole,
  type ProjectStatus,
  type Role,
} from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import { stopWorkOrdersInForce } from '#lib/server/enforcement/in-force.ts';
import { containsText, jsonField, startsWithText } from '#lib/server/platform/db/sql.ts';
import { invalidateCompliance } from '#lib/server/compliance/compliance.ts';
import type { D1Exemption } from '#lib/shared/labels.ts';
import { IS_OPERATOR_FILING, filingFacts } from './operator-filings.ts';
import { exemptionRefusal } from './exemption.rules.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import {
  noiFieldLabel,
  describeChanges,
  noiProblems,
  slugify,
  uniqueSlug,
  type FieldChange,
  type NoiFields,
} from './noi.rules.ts';

export interface OwnerInput {
  companyName: string;
  contactName: string | null;
  contactTitle: string | null;
  phone: string | null;
  email: string | null;
}

export interface WaterInput {
  name: string;
  waterType: string;
  impaired: boolean;
}

export interface NewProjectInput extends NoiFields {
  owner: OwnerInput;
  waters: WaterInput[];
  publish: boolean;
}

/** The slugs in use among `base` and its numbered forms (base-2, base-3…), for `uniqueSlug`. */
async function slugsLike(tx: Db, base: string): Promise<Set<string>> {
  const rows = await tx
    .select({ slug: projects.slug })
    .from(projects)
    .where(or(eq(projects.slug, base), startsWithText(projects.slug, `${base}-`)));
  return new Set(rows.map((r) => r.slug));
}

/** Statuses a person may set by hand: stop-work comes and goes only with stop-work orders. */
export const EDITABLE_STATUSES = PROJECT_STATUSES.filter((s) => s !== 'stop_work');

function noiColumns(f: NoiFields) {
  const { slug: _slug, ...rest } = f;
  return rest;
}

export function createProject(
  db: Db,
  actor: Actor,
  input: NewProjectInput,
): Promise<Result<{ projectId: number; slug: string }>> {
  return db.transaction(async (tx): Promise<Result<{ projectId: number; slug: string }>> => {
    const problems: Record<string, string> = { ...noiProblems(input) };
    if (input.status === 'stop_work')
      problems.status = 'A project is put under a stop-work order by issuing one, not by its status.';
    const base = input.slug ? input.slug : slugify(input.name);
    const taken = await slugsLike(tx, base);
    const slug = input.slug ? input.slug : uniqueSlug(base, (s) => taken.has(s));
    if (input.slug && taken.has(input.slug))
      problems.slug = `Another project already uses “${input.slug}”. Choose a different web address.`;
    if (Object.keys(problems).length) return { ok: false, fields: problems };
    const now = new Date();
    const [row] = await tx
      .insert(projects)
      .values({
        ...noiColumns(input),
        slug,
        published: input.publish,
        publishedAt: input.publish ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const [owner] = await tx
      .insert(parties)
      .values({ projectId: row!.id, role: 'owner_operator', ...input.owner })
      .returning();
    const waters = [];
    for (const w of input.waters)
      waters.push(
        (
          await tx
            .insert(receivingWaters)
            .values({ projectId: row!.id, ...w })
            .returning()
        )[0],
      );
    await auditAsync(tx, actor, {
      action: 'project.create',
      entityType: 'project',
      entityId: row!.id,
      after: { ...row, projectId: row!.id, owner, waters },
    });
    return { ok: true, projectId: row!.id, slug };
  });
}

export function updateProject(
  db: Db,
  actor: Actor,
  projectId: number,
  input: NoiFields,
): Promise<Result<{ slug: string }>> {
  return db.transaction(async (tx): Promise<Result<{ slug: string }>> => {
    const [before] = await tx.select().from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!before) return { ok: false, message: 'No such project.' };
    const problems: Record<string, string> = { ...noiProblems(input) };
    const sworn = (await stopWorkOrdersInForce(tx, projectId)) > 0;
    // The status follows stop-work orders while one is in force; otherwise stop-work cannot be chosen.
    const status: ProjectStatus = sworn ? 'stop_work' : input.status;
    if (!sworn && input.status === 'stop_work')
      problems.status = 'A project is put under a stop-work order by issuing one, not by its status.';
    let slug = before.slug;
    if (input.slug && input.slug !== before.slug) {
      // Printed on site postings and linked from outside: fixed once the project has ever been published.
      if (before.publishedAt)
        problems.slug =
          'The web address cannot change once the project has been published: it is printed on the site posting.';
      else if ((await slugsLike(tx, input.slug)).has(input.slug))
        problems.slug = `Another project already uses “${input.slug}”.`;
      else slug = input.slug;
    }
    if (Object.keys(problems).length) return { ok: false, fields: problems };
    const [after] = await tx
      .update(projects)
      .set({ ...noiColumns(input), status, slug, updatedAt: new Date() })
      .where(eq(projects.id, projectId))
      .returning();
    await auditAsync(tx, actor, {
      action: 'project.update',
      entityType: 'project',
      entityId: projectId,
      before: { ...before, projectId },
      after: { ...after, projectId },
    });
    return { ok: true, slug };
  });
}

export function setPublished(
  db: Db,
  actor: Actor,
  projectId: number,
  published: boolean,
  now = new Date(),
): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const [before] = await tx
      .select({ published: projects.published, publishedAt: projects.publishedAt, slug: projects.slug })
      .from(projects)
      .where(eq(projects.id, projectId))
      .limit(1);
    if (!before) return { ok: false, message: 'No such project.' };
    if (before.published === published) return { ok: true };
    await tx
      .update(projects)
      .set({ published, publishedAt: before.publishedAt ?? (published ? now : null), updatedAt: now })
      .where(eq(projects.id, projectId));
    await auditAsync(tx, actor, {
      action: published ? 'project.publish' : 'project.unpublish',
      entityType: 'project',
      entityId: projectId,
      before: { projectId, published: before.published },
      after: { projectId, published, slug: before.slug },
    });
    return { ok: true };
  });
}

export function operatorAccounts(db: Db) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, disabled: users.disabled })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'operator')))
    .orderBy(asc(users.name));
}

export function setOperators(db: Db, actor: Actor, projectId: number, userIds: number[]): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const operators = new Set((await operatorAccounts(tx)).map((u) => u.id));
    const wanted = [...new Set(userIds)];
    const bad = wanted.filter((id) => !operators.has(id));
    if (bad.length)
      return {
        ok: false,
        fields: {
          userIds: 'Choose only accounts that have the operator role. An administrator gives an account that role.',
        },
      };
    const before = (
      await tx
        .select({ userId: projectMembers.userId })
        .from(projectMembers)
        .where(eq(projectMembers.projectId, projectId))
    )
      .map((r) => r.userId)
      .sort((a, b) => a - b);
    await tx.delete(projectMembers).where(eq(projectMembers.projectId, projectId));
    for (const userId of wanted) await tx.insert(projectMembers).values({ projectId, userId });
    await auditAsync(tx, actor, {
      action: 'project.set_operators',
      entityType: 'project',
      entityId: projectId,
      before: { projectId, operators: before },
      after: { projectId, operators: wanted.sort((a, b) => a - b) },
    });
    return { ok: true };
  });
}

export interface PartyInput {
  role: PartyRole;
  companyName: string;
  contactName: string | null;
  contactTitle: string | null;
  phone: string | null;
  email: string | null;
  license: string | null;
  measures: string | null;
  certifiedOn: string | null;
}

/** A party of this project (another project's party is none: ids cannot reach across projects). */
async function partyOf(tx: Db, projectId: number, partyId: number) {
  const [row] = await tx
    .select()
    .from(parties)
    .where(and(eq(parties.id, partyId), eq(parties.projectId, projectId)))
    .limit(1);
  return row;
}

export function saveParty(
  db: Db,
  actor: Actor,
  projectId: number,
  partyId: number | undefined,
  input: PartyInput,
): Promise<Result<{ partyId: number }>> {
  const contractor = input.role === 'contractor' || input.role === 'subcontractor';
  if (contractor && !input.measures)
    return Promise.resolve({
      ok: false,
      fields: { measures: 'Name the SWPPP measures this contractor implements; the SWPPP must identify them.' },
    });
  if (!contractor && input.certifiedOn)
    return Promise.resolve({
      ok: false,
      fields: { certifiedOn: 'Only contractors and subcontractors sign the contractor certification.' },
    });
  return db.transaction(async (tx): Promise<Result<{ partyId: number }>> => {
    if (partyId) {
      const before = await partyOf(tx, projectId, partyId);
      if (!before) return { ok: false, message: 'No such party on this project.' };
      const [after] = await tx.update(parties).set(input).where(eq(parties.id, partyId)).returning();
      await auditAsync(tx, actor, { action: 'party.update', entityType: 'party', entityId: partyId, before, after });
      return { ok: true, partyId };
    }
    const [row] = await tx
      .insert(parties)
      .values({ ...input, projectId })
      .returning();
    await auditAsync(tx, actor, { action: 'party.create', entityType: 'party', entityId: row!.id, after: row });
    return { ok: true, partyId: row!.id };
  });
}

export function removeParty(db: Db, actor: Actor, projectId: number, partyId: number): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const before = await partyOf(tx, projectId, partyId);
    if (!before) return { ok: false, message: 'No such party on this project.' };
    if (before.role === 'owner_operator') {
      const [owners] = await tx
        .select({ n: sql<number>`count(*)` })
        .from(parties)
        .where(and(eq(parties.projectId, projectId), eq(parties.role, 'owner_operator')));
      if (owners!.n <= 1)
        return {
          ok: false,
          message: 'A project always has an owner/operator. Add the new one before removing this one.',
        };
    }
    await tx.delete(parties).where(eq(parties.id, partyId));
    await auditAsync(tx, actor, { action: 'party.remove', entityType: 'party', entityId: partyId, before });
    return { ok: true };
  });
}

export function addWater(db: Db, actor: Actor, projectId: number, input: WaterInput): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const [row] = await tx
      .insert(receivingWaters)
      .values({ ...input, projectId })
      .returning();
    await auditAsync(tx, actor, {
      action: 'receiving_water.create',
      entityType: 'receiving_water',
      entityId: row!.id,
      after: row,
    });
    return { ok: true };
  });
}

export function removeWater(db: Db, actor: Actor, projectId: number, waterId: number): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const [before] = await tx
      .select()
      .from(receivingWaters)
      .where(and(eq(receivingWaters.id, waterId), eq(receivingWaters.projectId, projectId)))
      .limit(1);
    if (!before) return { ok: false, message: 'No such receiving water on this project.' };
    await tx.delete(receivingWaters).where(eq(receivingWaters.id, waterId));
    await auditAsync(tx, actor, {
      action: 'receiving_water.remove',
      entityType: 'receiving_water',
      entityId: waterId,
      before,
    });
    return { ok: true };
  });
}

/** The operator filed the NOT with DEC and a copy with the town: record it and mark the project complete. */
export function recordNotAndClose(
  db: Db,
  actor: Actor,
  projectId: number,
  input: { notFiledOn: string; finalStabilizationOn: string },
  today: string,
): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const [before] = await tx.select().from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!before) return { ok: false, message: 'No such project.' };
    if (input.notFiledOn > today)
      return { ok: false, fields: { notFiledOn: 'The NOT filing date cannot be in the future.' } };
    if (input.finalStabilizationOn > input.notFiledOn)
      return { ok: false, fields: { finalStabilizationOn: 'Final stabilization comes before the NOT is filed.' } };
    if ((await stopWorkOrdersInForce(tx, projectId)) > 0)
      return { ok: false, message: 'A stop-work order is in force. Lift it before closing the project.' };
    const [after] = await tx
      .update(projects)
      .set({
        notFiledOn: input.notFiledOn,
        finalStabilizationOn: input.finalStabilizationOn,
        status: 'complete',
        updatedAt: new Date(),
      })
      .where(eq(projects.id, projectId))
      .returning();
    await auditAsync(tx, actor, {
      action: 'project.close',
      entityType: 'project',
      entityId: projectId,
      before: {
        projectId,
        status: before.status,
        notFiledOn: before.notFiledOn,
        finalStabilizationOn: before.finalStabilizationOn,
      },
      after: {
        projectId,
        status: after!.status,
        notFiledOn: after!.notFiledOn,
        finalStabilizationOn: after!.finalStabilizationOn,
      },
    });
    return { ok: true };
  });
}

export interface StartDutiesInput {
  /** Subsection D(1): the exempt activity, or null when the project is not exempt. */
  exemption: D1Exemption | null;
  exemptionNote: string | null;
  /** Subsection L(3): the day the qualified professional certified the pre-construction assessment. */
  preConstructionAssessmentOn: string | null;
}

/**
 * Record what the law asks before work starts: an exemption under Subsection D(1) with its reason (an exempt
 * activity needs no SWPPP, so the compliance rules ask nothing of it), and the qualified professional's
 * pre-construction assessment (Subsection L(3)). An exemption the project's recorded facts rule out (D(1)(c)
 * on 24.5 disturbed acres) is refused with the reason (exemption.rules.ts). Who recorded the exemption and
 * when is kept with it for the public page. Officer or clerk; audited.
 */
export async function recordStartDuties(
  db: Db,
  actor: Actor,
  projectId: number,
  input: StartDutiesInput,
  today: string,
): Promise<Result> {
  const done = await db.transaction(async (tx): Promise<Result> => {
    const [before] = await tx.select().from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!before) return { ok: false, message: 'No such project.' };
    const fields: Record<string, string> = {};
    if (input.exemption && !input.exemptionNote)
      fields.exemptionNote =
        'Say why the activity is exempt, like “replacing the septic system of the house at 12 Main Street”.';
    if (!input.exemption && input.exemptionNote)
      fields.exemption = 'Choose the exemption in Subsection D(1) that applies, or clear the reason.';
    const refusal = input.exemption ? exemptionRefusal(input.exemption, before) : null;
    if (refusal) fields.exemption = refusal;
    if (input.preConstructionAssessmentOn && input.preConstructionAssessmentOn > today)
      fields.preConstructionAssessmentOn = 'The assessment date cannot be in the future.';
    if (Object.keys(fields).length) return { ok: false, fields };
    // The recorder answers for the conditions the record cannot check: a changed exemption or reason is theirs.
    const changed = input.exemption !== before.exemption || input.exemptionNote !== before.exemptionNote;
    const recorded = !input.exemption
      ? { exemptionRecordedBy: null, exemptionRecordedOn: null }
      : changed
        ? { exemptionRecordedBy: await recorderName(tx, actor), exemptionRecordedOn: today }
        : { exemptionRecordedBy: before.exemptionRecordedBy, exemptionRecordedOn: before.exemptionRecordedOn };
    await tx
      .update(projects)
      .set({
        exemption: input.exemption,
        exemptionNote: input.exemptionNote,
        ...recorded,
        preConstructionAssessmentOn: input.preConstructionAssessmentOn,
        updatedAt: new Date(),
      })
      .where(eq(projects.id, projectId));
    await auditAsync(tx, actor, {
      action: 'project.start_duties',
      entityType: 'project',
      entityId: projectId,
      before: {
        projectId,
        exemption: before.exemption,
        exemptionNote: before.exemptionNote,
        exemptionRecordedBy: before.exemptionRecordedBy,
        exemptionRecordedOn: before.exemptionRecordedOn,
        preConstructionAssessmentOn: before.preConstructionAssessmentOn,
      },
      after: { projectId, ...input, ...recorded },
    });
    return { ok: true };
  });
  // The compliance lists read the exemption and the assessment: after the commit.
  if (done.ok) invalidateCompliance();
  return done;
}

/** A staff member's printed name and title, as a notice is signed; the portal's own actors by what they are. */
async function recorderName(db: Db, actor: Actor): Promise<string> {
  const itself = `the ${(await townAsync(db)).kindWord}`;
  if (!('userId' in actor)) return actor.label === 'seed' || actor.label === 'system' ? itself : actor.label;
  const [u] = await db
    .select({ name: users.name, title: users.title })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!u) return itself;
  return u.title ? `${u.name}, ${u.title}` : u.name;
}

export type DocumentVisibilityResult = Result<object, Refusal & { reason: 'not_found' | 'forbidden' | 'not_reviewed' }>;

/**
 * Make a project document public or private. The town's own documents: officer or clerk. An operator's
 * filing (projects/operator-filings.ts): only the officer, and only once reviewed; a clerk is refused.
 */
export function setDocumentPublic(
  db: Db,
  actor: Actor,
  roles: readonly Role[],
  projectId: number,
  documentId: number,
  isPublic: boolean,
): Promise<DocumentVisibilityResult> {
  // Read where it is changed: the officer's review may decide the filing's visibility meanwhile.
  return db.transaction(async (tx): Promise<DocumentVisibilityResult> => {
    const [before] = await tx
      .select({ id: documents.id, public: documents.public, title: documents.title })
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.projectId, projectId)));
    if (!before) return { ok: false, reason: 'not_found', message: 'No such document on this project.' };
    const filing = (await filingFacts(tx, documentId))!;
    if (filing.operatorFiling && !roles.includes('officer')) {
      return {
        ok: false,
        reason: 'forbidden',
        message:
          'Only the Stormwater Management Officer decides whether an operator’s filing is public, when reviewing it.',
      };
    }
    if (filing.operatorFiling && !filing.reviewed) {
      return {
        ok: false,
        reason: 'not_reviewed',
        message: 'Review this filing first: its visibility is decided with the review, in the review queue.',
      };
    }
    await tx.update(documents).set({ public: isPublic, updatedAt: new Date() }).where(eq(documents.id, documentId));
    await auditAsync(tx, actor, {
      action: isPublic ? 'document.make_public' : 'document.make_private',
      entityType: 'document',
      entityId: documentId,
      before: { projectId, ...before },
      after: { projectId, ...before, public: isPublic },
    });
    return { ok: true };
  });
}

// ---------------------------------------------------------------------------------------------
// Reading, for staff pages (unpublished projects and private documents included)

export async function getStaffProject(db: Db, projectId: number) {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) return undefined;
  const people = await db.select().from(parties).where(eq(parties.projectId, projectId)).orderBy(asc(parties.id));
  const waters = await db
    .select()
    .from(receivingWaters)
    .where(eq(receivingWaters.projectId, projectId))
    .orderBy(asc(receivingWaters.id));
  const docs = await db
    .select({
      id: documents.id,
      type: documents.type,
      title: documents.title,
      filename: documents.filename,
      mimeType: documents.mimeType,
      sizeBytes: documents.sizeBytes,
      pageCount: documents.pageCount,
      documentDate: documents.documentDate,
      public: documents.public,
      version: documents.version,
      reviewStatus: documents.reviewStatus,
      uploadedAt: documents.uploadedAt,
      operatorFiling: IS_OPERATOR_FILING,
    })
    .from(documents)
    .where(eq(documents.projectId, projectId))
    .orderBy(desc(documents.uploadedAt), desc(documents.id));
  const operators = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(users.name));
  const stopWorkInForce = (await stopWorkOrdersInForce(db, projectId)) > 0;
  return {
    project,
    people,
    waters,
    documents: docs,
    operators,
    stopWorkInForce,
  };
}

/** A project's whole row by id (the operator's filing pages, after their guard has checked membership). */
export async function projectById(db: Pick<Db, 'select'>, projectId: number) {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  return project;
}

/** Projects an operator account may be given (every project not yet complete), by name. */
export function assignableProjects(db: Pick<Db, 'select'>) {
  return db
    .select({ id: projects.id, name: projects.name, address: projects.siteAddress })
    .from(projects)
    .where(ne(projects.status, 'complete'))
    .orderBy(asc(projects.name));
}

export interface StaffProjectQuery {
  q?: string;
  status?: ProjectStatus;
  unpublished?: boolean;
  page: number;
  perPage?: number;
}

export async function listStaffProjects(db: Db, query: StaffProjectQuery) {
  const perPage = query.perPage ?? 50;
  const where: SQL[] = [];
  if (query.status) where.push(eq(projects.status, query.status));
  if (query.unpublished) where.push(eq(projects.published, false));
  if (query.q) {
    where.push(
      containsText(
        query.q,
        projects.name,
        projects.siteAddress,
        projects.townPermitNo,
        projects.spdesPermitId,
        projects.slug,
      ),
    );
  }
  const cond = where.length ? and(...where) : undefined;
  const [count] = await db
    .select({ n: sql<number>`count(*)` })
    .from(projects)
    .where(cond);
  const total = count!.n;
  const items = await db
    .select({
      id: projects.id,
      slug: projects.slug,
      name: projects.name,
      siteAddress: projects.siteAddress,
      status: projects.status,
      published: projects.published,
      townPermitNo: projects.townPermitNo,
      spdesPermitId: projects.spdesPermitId,
      updatedAt: projects.updatedAt,
    })
    .from(projects)
    .where(cond)
    .orderBy(asc(projects.name), asc(projects.id))
    .limit(perPage)
    .offset((query.page - 1) * perPage);
  return { items, total, pages: Math.max(1, Math.ceil(total / perPage)) };
}

export interface HistoryEntry {
  id: number;
  at: Date;
  action: string;
  entityType: string;
  entityId: string | null;
  actor: string;
  changes: FieldChange[];
  /** For creations and removals: the main words of the record. */
  summary?: string;
}

/** Every audited change to the project and the records that belong to it, newest first. */
export async function projectHistory(db: Db, projectId: number, limit = 200): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      beforeJson: auditLog.beforeJson,
      afterJson: auditLog.afterJson,
      actorLabel: auditLog.actorLabel,
      actorName: users.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      or(
        and(eq(auditLog.entityType, 'project'), eq(auditLog.entityId, String(projectId))),
        and(
          ne(auditLog.entityType, 'project'),
          sql`coalesce(${jsonField(auditLog.afterJson, 'projectId')}, ${jsonField(auditLog.beforeJson, 'projectId')}) = ${projectId}`,
        ),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit);
  const labels = noiFieldLabel((await townAsync(db)).kindWord);
  return rows.map((r) => {
    const before = parse(r.beforeJson);
    const after = parse(r.afterJson);
    const changes =
      r.action === 'project.create'
        ? []
        : describeChanges(before, after, labels).filter((c) => c.field !== 'publishedAt');
    const rec = (after ?? before) as Record<string, unknown> | null;
    const summary =
      rec && (!before || !after)
        ? String(rec.name ?? rec.companyName ?? rec.title ?? rec.summary ?? '') || undefined
        : undefined;
    return {
      id: r.id,
      at: r.at,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      actor: r.actorName ?? r.actorLabel ?? 'system',
      changes,
      summary,
    };
  });
}

function parse(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}
